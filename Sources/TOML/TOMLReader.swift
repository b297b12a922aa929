/// A TOML 1.0 reader in plain Swift: one pass over the text that yields the values and where each key
/// and value is written, or the first problem with its line and column.
///
/// It holds `TOMLLimits` itself, so no input can make it slow or deep: it reads each byte a bounded
/// number of times (time linear in the length), recurses only into lists and inline tables (at most
/// `nestingDepth` deep), and stops at the first key, string or nesting over a limit.
///
/// This is the document: its statements, `[table]` and `[[list]]` headers and the sections they open.
/// `TOMLScanner` keeps the place, `TOMLValueParser` reads each `key = value`.
public struct TOMLReader {
    private var scanner: TOMLScanner
    private let root = TOMLNode(.table)
    /// The table the current `[section]` defines, and its path (for messages).
    private var section: TOMLNode
    private var sectionPath = TOMLPath.root
    /// How many tables and lists the section is inside (`[a.b]`: 2, an element of `[[a]]`: 2).
    private var sectionLevel = 0
    /// Tables that dotted keys of the current section went through: defined once the section ends.
    private var dottedTables: [TOMLNode] = []

    /// Reads `text` (without a byte-order mark; a NUL or a lone carriage return is an error).
    public static func read(_ text: String, limits: TOMLLimits = .standard) throws(TOMLReadError) -> TOMLDocument {
        let byteCount = text.utf8.count
        guard byteCount <= limits.fileBytes else {
            throw TOMLReadError(position: .start, message: "the text is \(TOMLLimits.size(byteCount)); the limit is \(TOMLLimits.size(limits.fileBytes))")
        }
        var reader = TOMLReader(bytes: Array(text.utf8), limits: limits)
        do {
            try reader.readDocument()
        } catch {
            let position = SourceLines(reader.scanner.bytes).position(of: error.offset)
            throw TOMLReadError(position: position, message: error.message)
        }
        return TOMLDocument(root: reader.root, bytes: reader.scanner.bytes, bidiControls: reader.scanner.bidiControls)
    }

    private init(bytes: [UInt8], limits: TOMLLimits) {
        scanner = TOMLScanner(bytes: bytes, limits: limits)
        section = root
    }

    // MARK: Document

    private mutating func readDocument() throws(TOMLError) {
        while true {
            scanner.skipSpaces()
            guard let byte = scanner.current else { return }
            switch byte {
            case .newline, .carriageReturn, .hash:
                try scanner.endLine(after: "")
            case .openBracket:
                try readHeader()
                try scanner.endLine(after: "the table header")
            default:
                guard TOMLScanner.isKeyStart(byte) else {
                    throw scanner.unexpected("expected a key, a [table] header or a comment")
                }
                dottedTables += try TOMLValueParser.readKeyValue(
                    &scanner, into: section, at: sectionPath, level: sectionLevel, inline: false)
                try scanner.endLine(after: "the value")
            }
        }
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`; the tables it passes through are created as needed.
    private mutating func readHeader() throws(TOMLError) {
        let start = scanner.index
        for table in dottedTables { table.isDefined = true }
        dottedTables = []
        scanner.index += 1
        let isArray = scanner.current == .openBracket
        if isArray { scanner.index += 1 }
        scanner.skipSpaces()
        guard let byte = scanner.current, TOMLScanner.isKeyStart(byte) else {
            throw scanner.unexpected("expected a table name after \(isArray ? "[[" : "[")")
        }
        let key = try TOMLValueParser.readKey(&scanner)
        scanner.skipSpaces()
        let close = isArray ? "]]" : "]"
        guard scanner.current == .closeBracket, !isArray || scanner.peek(1) == .closeBracket else {
            throw scanner.unexpected("expected \(close) at the end of the table header")
        }
        scanner.index += isArray ? 2 : 1
        guard let last = key.last else { throw TOMLError(offset: start, message: "TOML syntax error: the table header has no name") }

        var parent = root
        var path = TOMLPath.root
        var level = isArray ? 2 : 1
        for part in key.dropLast() {
            path = path.appending(part.name)
            level += parent.entries[part.name]?.isArrayOfTables == true ? 2 : 1
            parent = try tableForHeader(in: parent, part, path: path)
        }
        if level > scanner.maximumLevel { throw scanner.tooDeep(at: start) }
        sectionLevel = level
        path = path.appending(last.name)
        let existing = parent.entries[last.name]
        if isArray {
            let list: TOMLNode
            if let existing {
                guard existing.isArrayOfTables else {
                    throw scanner.redefinition(of: existing, path: path, at: last.offset, as: "a list of tables [[\(path)]]")
                }
                list = existing
            } else {
                list = TOMLNode(.array)
                list.isArrayOfTables = true
                list.keyOffset = last.offset
                parent.entries[last.name] = list
            }
            let element = TOMLNode(.table)
            element.keyOffset = last.offset
            element.valueOffset = start
            list.elements.append(element)
            section = element
            sectionPath = path.appending(index: list.elements.count - 1)
        } else {
            let table: TOMLNode
            if let existing {
                guard existing.kind == .table, !existing.isDefined, !existing.isFrozen else {
                    throw scanner.redefinition(of: existing, path: path, at: last.offset, as: "a table [\(path)]")
                }
                table = existing
            } else {
                table = TOMLNode(.table)
                parent.entries[last.name] = table
            }
            table.isDefined = true
            table.keyOffset = last.offset
            table.valueOffset = start
            section = table
            sectionPath = path
        }
    }

    /// The table a header's dotted part names: an existing table, the last table of a `[[list]]`, or a
    /// new one.
    private func tableForHeader(
        in parent: TOMLNode, _ part: TOMLValueParser.KeyPart, path: TOMLPath
    ) throws(TOMLError) -> TOMLNode {
        guard let child = parent.entries[part.name] else {
            let table = TOMLNode(.table)
            table.keyOffset = part.offset
            parent.entries[part.name] = table
            return table
        }
        if child.kind == .table, !child.isFrozen { return child }
        if child.isArrayOfTables, let last = child.elements.last { return last }
        throw scanner.redefinition(of: child, path: path, at: part.offset, as: "a table")
    }
}

/// Why a TOML document could not be read, and where: a syntax error ("TOML syntax error: …"), a limit
/// of `TOMLLimits`, or a NUL.
public struct TOMLReadError: Error, Equatable, Sendable, CustomStringConvertible {
    public var position: SourcePosition
    public var message: String

    /// `line:column: message`.
    public var description: String { "\(position.line):\(position.column): \(message)" }
}
