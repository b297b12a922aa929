/// A cursor over the UTF-8 of a TOML text: where reading is, how many lists and inline tables are open
/// around it, the blanks, comments and line ends it steps over, which bytes start what, and the
/// sentences that say what was expected and seen. The parsers share one scanner by `inout`.
struct TOMLScanner {
    let bytes: [UInt8]
    let limits: TOMLLimits
    var index = 0
    /// Lists and inline tables open around the current point.
    var depth = 0
    /// The bidirectional controls read so far in strings, quoted keys and comments, written or escaped.
    var bidiControls: [TOMLBidiControl] = []

    init(bytes: [UInt8], limits: TOMLLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    // MARK: Blanks, comments and line ends

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    func peek(_ offset: Int) -> UInt8? {
        index + offset < bytes.count ? bytes[index + offset] : nil
    }

    mutating func skipSpaces() {
        while let byte = current, byte == .space || byte == .tab { index += 1 }
    }

    /// Between list elements: blanks, line ends and comments.
    mutating func skipBlankLinesAndComments() throws(TOMLError) {
        while let byte = current {
            switch byte {
            case .space, .tab, .newline: index += 1
            case .carriageReturn:
                guard peek(1) == .newline else { throw controlCharacter() }
                index += 2
            case .hash: try skipComment()
            default: return
            }
        }
    }

    /// From `#` to the end of the line (which is left to read); a comment may hold tabs but no other
    /// control character.
    mutating func skipComment() throws(TOMLError) {
        index += 1
        while let byte = current, byte != .newline {
            if byte == .carriageReturn, peek(1) == .newline { return }
            if Self.isControl(byte), byte != .tab { throw controlCharacter() }
            noteBidiControl(startingWith: byte)
            index += 1
        }
    }

    /// Notes a bidirectional control written at the current byte, `byte` (U+061C is D8 9C in UTF-8, the
    /// others E2 80 8E/8F, E2 80 AA…AE, E2 81 A6…A9): one comparison for any other byte.
    mutating func noteBidiControl(startingWith byte: UInt8) {
        guard byte == 0xE2 || byte == 0xD8, let second = peek(1) else { return }
        let value: UInt32
        if byte == 0xD8 {
            guard second == 0x9C else { return }
            value = 0x061C
        } else {
            guard let third = peek(2), second == 0x80 || second == 0x81 else { return }
            value = 0x2000 | UInt32(second & 0x0F) << 6 | UInt32(third & 0x3F)
        }
        guard let scalar = Unicode.Scalar(value), TOMLText.isBidiControl(scalar) else { return }
        bidiControls.append(TOMLBidiControl(offset: index, scalar: scalar, escaped: false))
    }

    /// Over the characters of a number, boolean, date or time.
    mutating func skipValueCharacters() {
        while let byte = current, Self.isValueCharacter(byte) { index += 1 }
    }

    /// After a statement: blanks, an optional comment, then the end of the line or of the file.
    mutating func endLine(after statement: String) throws(TOMLError) {
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

    // MARK: Nesting

    /// How deep a value may sit, counting tables (dotted key parts and header parts too) and lists:
    /// every walk over the tree, a value's release included, recurses this deep at most.
    var maximumLevel: Int { limits.keyParts + limits.nestingDepth }

    func tooDeep(at offset: Int) -> TOMLError {
        TOMLError(offset: offset, message: "this value is nested more than \(maximumLevel) levels deep (tables, lists "
            + "and dotted keys together); the limit is \(maximumLevel)")
    }

    /// At the `[` or `{` that opens a list or an inline table; the one who closes it lowers `depth`.
    mutating func enterNesting() throws(TOMLError) {
        depth += 1
        if depth > limits.nestingDepth {
            throw TOMLError(offset: index, message: "lists and inline tables are nested more than \(limits.nestingDepth) "
                + "deep here; the limit is \(limits.nestingDepth)")
        }
    }

    // MARK: Characters

    static func isBareKey(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"): true
        default: false
        }
    }

    static func isKeyStart(_ byte: UInt8) -> Bool { isBareKey(byte) || byte == .quote || byte == .apostrophe }

    /// What numbers, booleans, dates and times are written with.
    static func isValueCharacter(_ byte: UInt8) -> Bool {
        isBareKey(byte) || byte == UInt8(ascii: "+") || byte == .dot || byte == UInt8(ascii: ":")
    }

    /// Control characters TOML allows only escaped (tab aside).
    static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    // MARK: Errors

    /// "`expectation`, saw …" at the current byte.
    func unexpected(_ expectation: String) -> TOMLError {
        if let byte = current, Self.isControl(byte), byte != .newline, byte != .tab,
           byte != .carriageReturn || peek(1) != .newline {
            return controlCharacter()
        }
        return TOMLError(offset: index, message: "TOML syntax error: \(expectation), saw \(describeCurrent())")
    }

    /// The control character at the current byte; NUL gets its own sentence (a binary file, most likely).
    func controlCharacter() -> TOMLError {
        let byte = current ?? 0
        if byte == 0 {
            return TOMLError(offset: index, message: "the file contains a NUL character; a config file must be UTF-8 text")
        }
        if byte == .carriageReturn {
            return TOMLError(offset: index, message: "TOML syntax error: a carriage return must be followed by a line feed")
        }
        return TOMLError(offset: index, message: "TOML syntax error: control character \(TOMLText.codePoint(UInt32(byte))) "
            + "is not allowed here; write it as an escape in a \"…\" string")
    }

    /// The current character as a message names it, never more than one character of the input.
    func describeCurrent() -> String {
        guard let byte = current else { return "the end of the file" }
        if byte == .newline || (byte == .carriageReturn && peek(1) == .newline) { return "the end of the line" }
        if byte < 0x80 { return "'\(Character(Unicode.Scalar(byte)))'" }
        let scalar = String(decoding: bytes[index..<min(index + 4, bytes.count)], as: UTF8.self).unicodeScalars.first
        return "the character \(TOMLText.codePoint(scalar?.value ?? 0xFFFD))"
    }

    /// `path` is defined twice (or a header or dotted key goes through a value).
    func redefinition(of existing: TOMLNode, path: TOMLPath, at offset: Int, as what: String) -> TOMLError {
        let earlier = existing.keyOffset ?? existing.valueOffset
        let line = earlier.map { " on line \(SourceLines(bytes).position(of: $0).line)" } ?? ""
        let was: String
        switch existing.kind {
        case .scalar: was = "a value"
        case .array: was = existing.isArrayOfTables ? "a list of tables" : "a list"
        case .table: was = existing.isFrozen ? "an inline table" : "a table"
        }
        let message: String
        if existing.kind == .table, !existing.isFrozen, what.hasPrefix("a table") {
            message = "\(path) is already defined\(line); a table can be defined only once"
        } else if existing.kind == .scalar, what == "a value" {
            message = "\(path) is already defined\(line); a key can be given only once"
        } else {
            message = "\(path) is already defined as \(was)\(line); it cannot be redefined as \(what)"
        }
        return TOMLError(offset: offset, message: "TOML syntax error: " + message)
    }
}

/// A bidirectional control in the text, at the byte offset of its first byte or of its `\u` escape.
public struct TOMLBidiControl: Equatable, Sendable {
    public var offset: Int
    public var scalar: Unicode.Scalar
    /// Written as an escape (`\u202E`), not as the character itself.
    public var escaped: Bool
}

/// A problem found while reading, at a byte offset; `TOMLReader.read` turns it into a `TOMLReadError`.
struct TOMLError: Error {
    var offset: Int
    var message: String
}

extension UInt8 {
    static let tab = UInt8(ascii: "\t")
    static let newline = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")
    static let space = UInt8(ascii: " ")
    static let quote = UInt8(ascii: "\"")
    static let apostrophe = UInt8(ascii: "'")
    static let backslash = UInt8(ascii: "\\")
    static let hash = UInt8(ascii: "#")
    static let dot = UInt8(ascii: ".")
    static let comma = UInt8(ascii: ",")
    static let equals = UInt8(ascii: "=")
    static let openBracket = UInt8(ascii: "[")
    static let closeBracket = UInt8(ascii: "]")
    static let openBrace = UInt8(ascii: "{")
    static let closeBrace = UInt8(ascii: "}")
}
