/// A TOML 1.0 reader in plain Swift: one pass over the text that yields the values and where each key
/// and value is written, or the first problem with its line and column.
///
/// It holds `ConfigLimits` itself, so no input can make it slow or deep: it reads each byte a bounded
/// number of times (time linear in the length), recurses only into lists and inline tables (at most
/// `nestingDepth` deep), and stops at the first key, string or nesting over a limit.
struct TOMLReader {
    let bytes: [UInt8]
    let limits: ConfigLimits
    var index = 0
    /// Lists and inline tables open around the current point.
    private var depth = 0
    private let root = TOMLNode(.table)
    /// The table the current `[section]` defines, and its path (for messages).
    private var section: TOMLNode
    private var sectionPath = ConfigPath.root
    /// How many tables and lists the section is inside (`[a.b]`: 2, an element of `[[a]]`: 2).
    private var sectionLevel = 0
    /// Tables that dotted keys of the current section went through: defined once the section ends.
    private var dottedTables: [TOMLNode] = []

    /// Reads `text` (without a byte-order mark; a NUL or a lone carriage return is an error).
    static func read(_ text: String, limits: ConfigLimits = .standard) throws(TOMLReadError) -> TOMLDocument {
        var reader = TOMLReader(bytes: Array(text.utf8), limits: limits)
        do {
            try reader.readDocument()
        } catch {
            let position = SourceLines(reader.bytes).position(of: error.offset)
            throw TOMLReadError(position: position, message: error.message)
        }
        return TOMLDocument(root: reader.root, bytes: reader.bytes)
    }

    private init(bytes: [UInt8], limits: ConfigLimits) {
        self.bytes = bytes
        self.limits = limits
        section = root
    }

    // MARK: Document

    private mutating func readDocument() throws(TOMLError) {
        while true {
            skipSpaces()
            guard let byte = current else { return }
            switch byte {
            case .newline, .carriageReturn, .hash:
                try endLine(after: "")
            case .openBracket:
                try readHeader()
                try endLine(after: "the table header")
            default:
                guard Self.isKeyStart(byte) else { throw unexpected("expected a key, a [table] header or a comment") }
                try readKeyValue(into: section, at: sectionPath, level: sectionLevel, inline: false)
                try endLine(after: "the value")
            }
        }
    }

    /// After a statement: blanks, an optional comment, then the end of the line or of the file.
    private mutating func endLine(after statement: String) throws(TOMLError) {
        skipSpaces()
        if current == .hash { try skipComment() }
        guard let byte = current else { return }
        if byte == .newline {
            index += 1
        } else if byte == .carriageReturn, peek(1) == .newline {
            index += 2
        } else {
            throw unexpected("expected the end of the line after \(statement)")
        }
    }

    // MARK: Tables

    /// `[a.b]` or `[[a.b]]`; the tables it passes through are created as needed.
    private mutating func readHeader() throws(TOMLError) {
        let start = index
        for table in dottedTables { table.isDefined = true }
        dottedTables = []
        index += 1
        let isArray = current == .openBracket
        if isArray { index += 1 }
        skipSpaces()
        guard let byte = current, Self.isKeyStart(byte) else {
            throw unexpected("expected a table name after \(isArray ? "[[" : "[")")
        }
        let key = try readKey()
        skipSpaces()
        let close = isArray ? "]]" : "]"
        guard current == .closeBracket, !isArray || peek(1) == .closeBracket else {
            throw unexpected("expected \(close) at the end of the table header")
        }
        index += isArray ? 2 : 1
        guard let last = key.last else { throw TOMLError(offset: start, message: "TOML syntax error: the table header has no name") }

        var parent = root
        var path = ConfigPath.root
        var level = isArray ? 2 : 1
        for part in key.dropLast() {
            path = path.appending(part.name)
            level += parent.entries[part.name]?.isArrayOfTables == true ? 2 : 1
            parent = try tableForHeader(in: parent, part, path: path)
        }
        if level > maximumLevel { throw tooDeep(at: start) }
        sectionLevel = level
        path = path.appending(last.name)
        let existing = parent.entries[last.name]
        if isArray {
            let list: TOMLNode
            if let existing {
                guard existing.isArrayOfTables else {
                    throw redefinition(of: existing, path: path, at: last.offset, as: "a list of tables [[\(path)]]")
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
                    throw redefinition(of: existing, path: path, at: last.offset, as: "a table [\(path)]")
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
    private mutating func tableForHeader(in parent: TOMLNode, _ part: KeyPart, path: ConfigPath) throws(TOMLError) -> TOMLNode {
        guard let child = parent.entries[part.name] else {
            let table = TOMLNode(.table)
            table.keyOffset = part.offset
            parent.entries[part.name] = table
            return table
        }
        if child.kind == .table, !child.isFrozen { return child }
        if child.isArrayOfTables, let last = child.elements.last { return last }
        throw redefinition(of: child, path: path, at: part.offset, as: "a table")
    }

    // MARK: Keys and values

    /// `key = value`, where the key may be dotted; `inline` inside `{ … }`.
    /// `level`: how many tables and lists `table` is inside.
    private mutating func readKeyValue(into table: TOMLNode, at tablePath: ConfigPath, level: Int, inline: Bool) throws(TOMLError) {
        let key = try readKey()
        skipSpaces()
        guard current == .equals else { throw unexpected("expected = after the key") }
        index += 1
        skipSpaces()
        let valueStart = index
        let value = try readValue(expected: "expected a value after =", level: level + key.count)
        guard let last = key.last else { return }

        var parent = table
        var path = tablePath
        for part in key.dropLast() {
            path = path.appending(part.name)
            if let child = parent.entries[part.name] {
                guard child.kind == .table, !child.isFrozen, inline || !child.isDefined else {
                    throw redefinition(of: child, path: path, at: part.offset, as: "a table")
                }
                parent = child
            } else {
                let created = TOMLNode(.table)
                created.keyOffset = part.offset
                parent.entries[part.name] = created
                parent = created
            }
            if !inline { dottedTables.append(parent) }
        }
        path = path.appending(last.name)
        if let existing = parent.entries[last.name] {
            throw redefinition(of: existing, path: path, at: valueStart, as: "a value")
        }
        value.keyOffset = last.offset
        parent.entries[last.name] = value
    }

    struct KeyPart {
        var name: String
        var offset: Int
    }

    /// A possibly dotted key: bare, "basic" or 'literal' parts joined by dots (blanks around them allowed).
    private mutating func readKey() throws(TOMLError) -> [KeyPart] {
        let start = index
        var parts: [KeyPart] = []
        while true {
            let partStart = index
            let name: String
            switch current {
            case .quote?, .apostrophe?:
                name = try readSingleLineString()
                let characters = name.unicodeScalars.count
                if characters > limits.keyCharacters {
                    throw TOMLError(offset: partStart, message: "this key is \(characters) characters long; "
                        + "the limit is \(limits.keyCharacters)")
                }
            case let byte? where Self.isBareKey(byte):
                while let next = current, Self.isBareKey(next) { index += 1 }
                if index - partStart > limits.keyCharacters {
                    throw TOMLError(offset: partStart, message: "this key or value is \(index - partStart) characters long; "
                        + "the limit is \(limits.keyCharacters)")
                }
                name = String(decoding: bytes[partStart..<index], as: UTF8.self)
            default:
                throw unexpected(parts.isEmpty ? "expected a key" : "expected a key after the dot")
            }
            parts.append(KeyPart(name: name, offset: partStart))
            if parts.count > limits.keyParts {
                throw TOMLError(offset: start, message: "this key has more than \(limits.keyParts) dotted parts; "
                    + "the limit is \(limits.keyParts)")
            }
            skipSpaces()
            guard current == .dot else { return parts }
            index += 1
            skipSpaces()
        }
    }

    /// Any value, inside `level` tables and lists; `expected` says what was expected when none starts here.
    mutating func readValue(expected: String, level: Int) throws(TOMLError) -> TOMLNode {
        let start = index
        if level > maximumLevel { throw tooDeep(at: start) }
        switch current {
        case .quote?, .apostrophe?:
            return TOMLNode(scalar: .string(try readString()), at: start)
        case .openBracket?:
            return try readArray(level: level)
        case .openBrace?:
            return try readInlineTable(level: level)
        case let byte? where Self.isValueCharacter(byte):
            return TOMLNode(scalar: try readBareValue(), at: start)
        default:
            throw unexpected(expected)
        }
    }

    // MARK: Lists and inline tables

    /// How deep a value may sit, counting tables (dotted key parts and header parts too) and lists:
    /// every walk over the tree, a value's release included, recurses this deep at most.
    private var maximumLevel: Int { limits.keyParts + limits.nestingDepth }

    private func tooDeep(at offset: Int) -> TOMLError {
        TOMLError(offset: offset, message: "this value is nested more than \(maximumLevel) levels deep (tables, lists "
            + "and dotted keys together); the limit is \(maximumLevel)")
    }

    private mutating func enterNesting() throws(TOMLError) {
        depth += 1
        if depth > limits.nestingDepth {
            throw TOMLError(offset: index, message: "lists and inline tables are nested more than \(limits.nestingDepth) "
                + "deep here; the limit is \(limits.nestingDepth)")
        }
    }

    /// `[a, b, …]`, over several lines if need be, with comments between elements and a trailing comma.
    private mutating func readArray(level: Int) throws(TOMLError) -> TOMLNode {
        let list = TOMLNode(.array)
        list.valueOffset = index
        try enterNesting()
        index += 1
        while true {
            try skipBlankLinesAndComments()
            if current == .closeBracket { break }
            list.elements.append(try readValue(expected: "expected a value or the ] that ends the list", level: level + 1))
            try skipBlankLinesAndComments()
            if current == .closeBracket { break }
            guard current == .comma else { throw unexpected("expected a comma or the ] that ends the list") }
            index += 1
        }
        index += 1
        depth -= 1
        list.isFrozen = true
        return list
    }

    /// `{ a = 1, b.c = 2 }`, on one line, without a trailing comma.
    private mutating func readInlineTable(level: Int) throws(TOMLError) -> TOMLNode {
        let table = TOMLNode(.table)
        table.valueOffset = index
        try enterNesting()
        index += 1
        skipSpaces()
        if current != .closeBrace {
            while true {
                skipSpaces()
                guard let byte = current, Self.isKeyStart(byte) else {
                    throw unexpected("expected a key in the inline table (it ends with } after its last value, "
                        + "without a comma)")
                }
                try readKeyValue(into: table, at: .root, level: level, inline: true)
                skipSpaces()
                if current == .closeBrace { break }
                guard current == .comma else {
                    throw unexpected("expected a comma or the } that ends the inline table (an inline table is written on one line)")
                }
                index += 1
            }
        }
        index += 1
        depth -= 1
        table.isFrozen = true
        return table
    }
}
