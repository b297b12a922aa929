/// One change to a TOML text, by key path: what `TOMLEditor` makes.
public enum TOMLEdit: Equatable, Sendable {
    /// Gives the key at the path this value: where it is written, or in its table (added when missing).
    case set(TOMLPath, TOMLValue)
    /// Removes the key's line; nothing happens when the text does not have the key.
    case remove(TOMLPath)

    public var path: TOMLPath {
        switch self {
        case .set(let path, _), .remove(let path): path
        }
    }
}

/// Why an edit was not made. No text comes with any of them: the text stays as it is.
public enum TOMLEditError: Error, Equatable, Sendable {
    /// The key would have to be added to or removed from an inline table `{ … }` or a list, which the
    /// editor does not rewrite; its value can still be set.
    case insideInlineTable(TOMLPath)
    /// The path names a table or a list of tables, or a list element, not a key with a value.
    case notAKey(TOMLPath)
    /// The edit could not be written so that the text says exactly it (the editor's own check failed):
    /// a layout of dotted keys and tables it does not know how to extend.
    case cannotPlace(TOMLPath)
}

/// The layout-keeping editor: changes a TOML text where its values stand. Only the edited values (and
/// lines of added or removed keys and tables) change: comments, blank lines, key order, quoting,
/// indentation and line ends stay as the person wrote them. Every edit is checked: the edited text
/// must read back as the old document with exactly that change.
public struct TOMLEditor: Sendable {
    /// The keys of an inline table it writes, in this order first (the others after them, sorted).
    public var keyOrder: [String]

    public init(keyOrder: [String] = []) {
        self.keyOrder = keyOrder
    }

    var literal: TOMLLiteral { TOMLLiteral(keyOrder: keyOrder) }

    /// The document's text with `edit` made.
    public func edited(_ document: TOMLDocument, by edit: TOMLEdit) throws(TOMLEditError) -> [UInt8] {
        let bytes = document.bytes
        let target = edit.path
        let layout = try Self.layout(of: bytes, target)
        guard case .key? = target.components.last else { throw .notAKey(target) }
        let existing = document.node(at: target)
        if let existing, existing.kind == .table || existing.isArrayOfTables { throw .notAKey(target) }

        var expected = TOMLLeaves(document.root)
        let result: [UInt8]
        switch edit {
        case .remove:
            guard existing != nil else { return bytes }
            guard let statement = layout.keyValue(at: target) else { throw .insideInlineTable(target) }
            // A section left with nothing in it goes too (quiet hours turned off leave no `[quiet_hours]`).
            let removed = layout.emptiedSection(by: statement) ?? statement.lineStart..<statement.lineEnd
            result = Array(bytes[..<removed.lowerBound] + bytes[removed.upperBound...])
            expected.replace(target, with: nil)
        case .set(_, let written):
            expected.replace(target, with: written)
            if let existing, let start = existing.valueOffset {
                let end = Self.valueEnd(from: start, in: bytes)
                let text = literal.write(written, replacing: bytes[start..<end], newline: layout.newline)
                result = Array(bytes[..<start] + text + bytes[end...])
            } else {
                result = try TOMLInsertion(layout: layout, document: document, literal: literal).adding(target, written)
            }
        }
        return try Self.checked(result, expected: expected, path: target)
    }

    /// The paths of `paths` whose values (or whose tables' values) differ between `base` and
    /// `current`: the edits made on `base` that someone else's change to the same keys would meet.
    /// Every path, when either text is not TOML.
    public static func conflicts(_ paths: [TOMLPath], base: String, current: String) -> [TOMLPath] {
        guard let before = try? TOMLReader.read(base), let after = try? TOMLReader.read(current) else { return paths }
        let old = TOMLLeaves(before.root).values
        let new = TOMLLeaves(after.root).values
        return paths.filter { path in
            old.filter { $0.key.starts(with: path) } != new.filter { $0.key.starts(with: path) }
        }
    }

    // MARK: Shared by the edits

    static func layout(of bytes: [UInt8], _ path: TOMLPath) throws(TOMLEditError) -> TOMLLayout {
        do {
            return try TOMLLayout(bytes: bytes)
        } catch {
            throw .cannotPlace(path)
        }
    }

    /// The editor's own check: `result` reads as `expected` (the old document with the one change).
    static func checked(_ result: [UInt8], expected: TOMLLeaves, path: TOMLPath) throws(TOMLEditError) -> [UInt8] {
        guard let reread = try? TOMLReader.read(String(decoding: result, as: UTF8.self)),
              TOMLLeaves(reread.root) == expected else {
            throw .cannotPlace(path)
        }
        return result
    }

    /// The byte after the value that starts at `start` (which the reader has read once already).
    private static func valueEnd(from start: Int, in bytes: [UInt8]) -> Int {
        var scanner = TOMLScanner(bytes: bytes, limits: .standard)
        scanner.index = start
        _ = try? TOMLValueParser.readValue(&scanner, expected: "", level: 0)
        return scanner.index
    }
}

/// Every scalar (and empty list) of a document by its path, through tables, lists and inline tables:
/// what an edit must leave alone. A table that only held a removed key vanishes with it unnoticed.
struct TOMLLeaves: Equatable {
    private(set) var values: [TOMLPath: TOMLValue] = [:]

    init(_ root: TOMLNode) { collect(root.value, at: .root) }

    /// The value at `path` replaced by `value` (nil: removed), with all it held.
    mutating func replace(_ path: TOMLPath, with value: TOMLValue?) {
        values = values.filter { !$0.key.starts(with: path) }
        if let value { collect(value, at: path) }
    }

    private mutating func collect(_ value: TOMLValue, at path: TOMLPath) {
        switch value {
        case .table(let entries):
            for (key, child) in entries { collect(child, at: path.appending(key)) }
        case .array(let elements) where !elements.isEmpty:
            for (index, element) in elements.enumerated() { collect(element, at: path.appending(index: index)) }
        default:
            values[path] = value
        }
    }
}
