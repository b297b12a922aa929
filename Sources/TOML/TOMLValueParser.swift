/// `key = value` pairs and the values they hold: possibly dotted keys and the tables they pass through,
/// and strings, bare values, lists and inline tables (the only recursion, at most `nestingDepth` deep).
enum TOMLValueParser {
    struct KeyPart {
        var name: String
        var offset: Int
    }

    /// `key = value`, where the key may be dotted, in a section (`inline` false) or inside `{ … }`.
    /// `level`: how many tables and lists `table` is inside. Returns the tables the dotted key passed
    /// through, which a section defines once it ends.
    @discardableResult
    static func readKeyValue(
        _ scanner: inout TOMLScanner, into table: TOMLNode, at tablePath: TOMLPath, level: Int, inline: Bool
    ) throws(TOMLError) -> [TOMLNode] {
        let key = try readKey(&scanner)
        scanner.skipSpaces()
        guard scanner.current == .equals else { throw scanner.unexpected("expected = after the key") }
        scanner.index += 1
        scanner.skipSpaces()
        let valueStart = scanner.index
        let value = try readValue(&scanner, expected: "expected a value after =", level: level + key.count)
        guard let last = key.last else { return [] }

        var passed: [TOMLNode] = []
        var parent = table
        var path = tablePath
        for part in key.dropLast() {
            path = path.appending(part.name)
            if let child = parent.entries[part.name] {
                guard child.kind == .table, !child.isFrozen, inline || !child.isDefined else {
                    throw scanner.redefinition(of: child, path: path, at: part.offset, as: "a table")
                }
                parent = child
            } else {
                let created = TOMLNode(.table)
                created.keyOffset = part.offset
                parent.entries[part.name] = created
                parent = created
            }
            if !inline { passed.append(parent) }
        }
        path = path.appending(last.name)
        if let existing = parent.entries[last.name] {
            throw scanner.redefinition(of: existing, path: path, at: valueStart, as: "a value")
        }
        value.keyOffset = last.offset
        parent.entries[last.name] = value
        return passed
    }

    /// A possibly dotted key: bare, "basic" or 'literal' parts joined by dots (blanks around them allowed).
    static func readKey(_ scanner: inout TOMLScanner) throws(TOMLError) -> [KeyPart] {
        let start = scanner.index
        let limits = scanner.limits
        var parts: [KeyPart] = []
        while true {
            let partStart = scanner.index
            let name: String
            switch scanner.current {
            case .quote?, .apostrophe?:
                name = try TOMLStringParser.readSingleLineString(&scanner)
                let characters = name.unicodeScalars.count
                if characters > limits.keyCharacters {
                    throw TOMLError(offset: partStart, message: "this key is \(characters) characters long; "
                        + "the limit is \(limits.keyCharacters)")
                }
            case let byte? where TOMLScanner.isBareKey(byte):
                while let next = scanner.current, TOMLScanner.isBareKey(next) { scanner.index += 1 }
                let length = scanner.index - partStart
                if length > limits.keyCharacters {
                    throw TOMLError(offset: partStart, message: "this key or value is \(length) characters long; "
                        + "the limit is \(limits.keyCharacters)")
                }
                name = String(decoding: scanner.bytes[partStart..<scanner.index], as: UTF8.self)
            default:
                throw scanner.unexpected(parts.isEmpty ? "expected a key" : "expected a key after the dot")
            }
            parts.append(KeyPart(name: name, offset: partStart))
            if parts.count > limits.keyParts {
                throw TOMLError(offset: start, message: "this key has more than \(limits.keyParts) dotted parts; "
                    + "the limit is \(limits.keyParts)")
            }
            scanner.skipSpaces()
            guard scanner.current == .dot else { return parts }
            scanner.index += 1
            scanner.skipSpaces()
        }
    }

    /// Any value, inside `level` tables and lists; `expected` says what was expected when none starts here.
    static func readValue(_ scanner: inout TOMLScanner, expected: String, level: Int) throws(TOMLError) -> TOMLNode {
        let start = scanner.index
        if level > scanner.maximumLevel { throw scanner.tooDeep(at: start) }
        switch scanner.current {
        case .quote?, .apostrophe?:
            return TOMLNode(scalar: .string(try TOMLStringParser.readString(&scanner)), at: start)
        case .openBracket?:
            return try readArray(&scanner, level: level)
        case .openBrace?:
            return try readInlineTable(&scanner, level: level)
        case let byte? where TOMLScanner.isValueCharacter(byte):
            return TOMLNode(scalar: try TOMLScalarParser.readBareValue(&scanner), at: start)
        default:
            throw scanner.unexpected(expected)
        }
    }

    // MARK: Lists and inline tables

    /// `[a, b, …]`, over several lines if need be, with comments between elements and a trailing comma.
    private static func readArray(_ scanner: inout TOMLScanner, level: Int) throws(TOMLError) -> TOMLNode {
        let list = TOMLNode(.array)
        list.valueOffset = scanner.index
        try scanner.enterNesting()
        scanner.index += 1
        while true {
            try scanner.skipBlankLinesAndComments()
            if scanner.current == .closeBracket { break }
            list.elements.append(try readValue(&scanner, expected: "expected a value or the ] that ends the list",
                                               level: level + 1))
            try scanner.skipBlankLinesAndComments()
            if scanner.current == .closeBracket { break }
            guard scanner.current == .comma else { throw scanner.unexpected("expected a comma or the ] that ends the list") }
            scanner.index += 1
        }
        scanner.index += 1
        scanner.depth -= 1
        list.isFrozen = true
        return list
    }

    /// `{ a = 1, b.c = 2 }`, on one line, without a trailing comma.
    private static func readInlineTable(_ scanner: inout TOMLScanner, level: Int) throws(TOMLError) -> TOMLNode {
        let table = TOMLNode(.table)
        table.valueOffset = scanner.index
        try scanner.enterNesting()
        scanner.index += 1
        scanner.skipSpaces()
        if scanner.current != .closeBrace {
            while true {
                scanner.skipSpaces()
                guard let byte = scanner.current, TOMLScanner.isKeyStart(byte) else {
                    throw scanner.unexpected("expected a key in the inline table (it ends with } after its last value, "
                        + "without a comma)")
                }
                try readKeyValue(&scanner, into: table, at: .root, level: level, inline: true)
                scanner.skipSpaces()
                if scanner.current == .closeBrace { break }
                guard scanner.current == .comma else {
                    throw scanner.unexpected("expected a comma or the } that ends the inline table "
                        + "(an inline table is written on one line)")
                }
                scanner.index += 1
            }
        }
        scanner.index += 1
        scanner.depth -= 1
        table.isFrozen = true
        return table
    }
}
