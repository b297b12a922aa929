/// A config file's text after edits, checked by the same reader that reads it at start-up.
public struct EditedConfig: Sendable {
    public let text: String
    /// What the daemon will read from `text`.
    public let config: Config
    /// The edited file's warnings (it is valid with them).
    public let warnings: [ConfigDiagnostic]
}

/// Why edits were not made. No text comes with any of them: the file stays as it is.
public enum ConfigEditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not TOML the reader accepts, so where its keys stand is unknown.
    case unreadable(ConfigErrors)
    /// The edited text would not be a valid config: the reader's `file:line:column` diagnostics of it.
    case invalidResult(ConfigErrors)
    /// The key would have to be added to or removed from an inline table `{ … }` or a list, which the
    /// editor does not rewrite; its value can still be set.
    case insideInlineTable(ConfigPath)
    /// The path names a table or a list of tables, or a list element, not a key with a value.
    case notAKey(ConfigPath)
    /// The edit could not be written so that the file says exactly it (the editor's own check failed):
    /// a layout of dotted keys and tables it does not know how to extend.
    case cannotPlace(ConfigPath)
    /// A workout of that name is already defined.
    case workoutExists(String)
    /// No `[workouts."NAME"]` of that name.
    case noSuchWorkout(String)
    /// The programme trains the workout on these days; deleting it would leave them without one.
    case workoutInUse(String, days: [Weekday])
    /// A workout needs a name.
    case emptyName

    public var description: String {
        switch self {
        case .unreadable(let errors), .invalidResult(let errors): errors.description
        case .insideInlineTable(let path):
            "\(path) is inside an inline table { … } or a list; change that value in the file itself"
        case .notAKey(let path): "\(path) is a table or a list of tables, not a setting with a value"
        case .cannotPlace(let path): "\(path) cannot be added where the file's tables are; add it in the file itself"
        case .workoutExists(let name): "a workout named \(TOMLText.quoted(name)) already exists"
        case .noSuchWorkout(let name): "no workout is named \(TOMLText.quoted(name))"
        case .workoutInUse(let name, let days):
            "the programme trains \(TOMLText.quoted(name)) on \(days.map(\.rawValue).joined(separator: ", "))"
        case .emptyName: "a workout needs a name"
        }
    }
}

/// The config writer: edits a config file's text where its values stand. Only the edited values (and
/// lines of added or removed keys) change: comments, blank lines, key order, quoting, indentation and
/// line ends stay as the person wrote them. Every edit is checked: the edited text must read back as
/// the old document with exactly that change, and the result must be a valid config.
public enum ConfigEditor {
    /// Applies `edits` in order to `text`; `path` names the file in diagnostics.
    public static func apply(_ edits: [ConfigTextEdit], to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
        // A byte-order mark stays where it is, outside what is edited (the reader drops it too).
        let hasMark = text.unicodeScalars.first == "\u{FEFF}"
        var bytes = Array((hasMark ? String(text.unicodeScalars.dropFirst()) : text).utf8)
        for edit in edits {
            bytes = try edited(bytes, by: edit, path: path)
        }
        let edited = (hasMark ? "\u{FEFF}" : "") + String(decoding: bytes, as: UTF8.self)
        do {
            let checked = try ConfigParser.check(edited, path: path)
            return EditedConfig(text: edited, config: checked.config, warnings: checked.warnings)
        } catch {
            throw .invalidResult(error)
        }
    }

    /// The typed settings edits of the window's Preferences.
    public static func apply(_ edits: [ConfigEdit], to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
        try apply(edits.flatMap(\.textEdits), to: text, path: path)
    }

    /// The keys `edits` change that someone else also changed between `base` (the text the edits were
    /// made on) and `current` (the file as it is now): those need a person's choice. When there are
    /// none, the edits can simply be made again on `current` and both changes are kept.
    public static func conflicts(_ edits: [ConfigTextEdit], base: String, current: String) -> [ConfigPath] {
        let paths = edits.map(\.path)
        guard let before = try? TOMLReader.read(base), let after = try? TOMLReader.read(current) else { return paths }
        let old = TOMLLeaves(before.root).values
        let new = TOMLLeaves(after.root).values
        return paths.filter { path in
            old.filter { $0.key.starts(with: path) } != new.filter { $0.key.starts(with: path) }
        }
    }

    // MARK: One edit

    /// `bytes` (TOML without a byte-order mark) with one edit, checked as TOML but not as a config.
    static func edited(_ bytes: [UInt8], by edit: ConfigTextEdit, path file: String) throws(ConfigEditError) -> [UInt8] {
        let document = try read(bytes, path: file)
        let layout: TOMLLayout
        do {
            layout = try TOMLLayout(bytes: bytes)
        } catch {
            throw .cannotPlace(edit.path)
        }
        let target = edit.path
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
        case .set(_, let value):
            let written = value.resolved(existing: existing?.value)
            expected.replace(target, with: written)
            if let existing, let start = existing.valueOffset {
                let end = valueEnd(from: start, in: bytes)
                let literal = TOMLLiteral.write(written, replacing: bytes[start..<end], newline: layout.newline)
                result = Array(bytes[..<start] + literal + bytes[end...])
            } else {
                result = try TOMLInsertion(layout: layout, document: document).adding(target, written)
            }
        }
        // The editor's own check: the new text reads as the old one with this one change.
        guard let reread = try? TOMLReader.read(String(decoding: result, as: UTF8.self)),
              TOMLLeaves(reread.root) == expected else {
            throw .cannotPlace(target)
        }
        return result
    }

    private static func read(_ bytes: [UInt8], path: String) throws(ConfigEditError) -> TOMLDocument {
        do {
            return try ConfigParser.read(String(decoding: bytes, as: UTF8.self), path: path, limits: .standard)
        } catch {
            throw .unreadable(error)
        }
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
    private(set) var values: [ConfigPath: ConfigValue] = [:]

    init(_ root: TOMLNode) { collect(root.value, at: .root) }

    /// The value at `path` replaced by `value` (nil: removed), with all it held.
    mutating func replace(_ path: ConfigPath, with value: ConfigValue?) {
        values = values.filter { !$0.key.starts(with: path) }
        if let value { collect(value, at: path) }
    }

    private mutating func collect(_ value: ConfigValue, at path: ConfigPath) {
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
