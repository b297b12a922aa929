/// One linear pass over a config's text that finds what exceeds `ConfigLimits` before toml++ sees it.
///
/// It is deliberately not a TOML parser and does not trust the text to be valid: it only tells strings
/// and comments from the rest, follows `[`/`{` nesting of values, and treats any run of parts joined
/// by dots (`a."b".c`) as a dotted key. Whatever toml++ would accept is therefore measured; text it
/// would reject may be refused here first, with a limit's message instead of a syntax error.
/// It also refuses the one bracket mismatch toml++ aborts the process on (an assertion, in release
/// builds too) instead of reporting: a `}` where a list expects a value, as in `x = [1, }`.
enum ConfigShapeCheck {
    /// At most this many problems are reported; past the first few, more add nothing.
    static let reportLimit = 20

    static func violations(in text: String, path: String, limits: ConfigLimits) -> [ConfigDiagnostic] {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            var scan = ShapeScan(bytes: buffer, limits: limits)
            scan.run()
            return scan.problems.map {
                ConfigDiagnostic(path: path, line: $0.position.line, column: $0.position.column, message: $0.message)
            }
        }
    }
}

private struct ShapeScan {
    let bytes: UnsafeBufferPointer<UInt8>
    let limits: ConfigLimits
    private(set) var problems: [(position: SourcePosition, message: String)] = []

    private var index = 0
    private var line = 1
    private var column = 1
    /// Arrays and inline tables open around the current point, innermost last: `[` or `{`.
    private var openers: [UInt8] = []
    private var depth: Int { openers.count }
    /// Only blanks so far on this line, outside any array: a `[` here opens a table header.
    private var atLineStart = true
    private var inHeader = false
    private var chain = Chain()

    /// The dotted key (or dotted number) being read.
    private struct Chain {
        var start: SourcePosition?
        var parts = 0
        var reported = false
        var longestQuoted: (length: Int, position: SourcePosition)?
        /// A `.` was read after the last part.
        var awaitingPart = false
    }

    init(bytes: UnsafeBufferPointer<UInt8>, limits: ConfigLimits) {
        self.bytes = bytes
        self.limits = limits
    }

    mutating func run() {
        while index < bytes.count, problems.count < ConfigShapeCheck.reportLimit {
            let byte = bytes[index]
            let lineStart = atLineStart
            if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") { atLineStart = false }
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                advance()
            case UInt8(ascii: "\n"):
                endChain(asKey: false)
                inHeader = false
                atLineStart = depth == 0
                advance()
            case UInt8(ascii: "#"):
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { advance() }
            case UInt8(ascii: "\""), UInt8(ascii: "'"):
                let start = position
                let length = scanString(quote: byte)
                part(at: start, quotedLength: length)
            case UInt8(ascii: "."):
                if chain.start != nil, !chain.awaitingPart { chain.awaitingPart = true } else { endChain(asKey: false) }
                advance()
            case UInt8(ascii: "["):
                endChain(asKey: false)
                if depth == 0, lineStart {
                    // `[name]` or `[[name]]`: a table header, whose brackets are not nesting.
                    inHeader = true
                    advance()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "[") { advance() }
                } else {
                    open()
                }
            case UInt8(ascii: "{"):
                endChain(asKey: false)
                open()
            case UInt8(ascii: "]"):
                endChain(asKey: inHeader)
                if inHeader {
                    // `]]` of an array-of-tables header; the header is over either way.
                    advance()
                    if index < bytes.count, bytes[index] == UInt8(ascii: "]") { advance() }
                    inHeader = false
                } else {
                    _ = openers.popLast()
                    advance()
                }
            case UInt8(ascii: "}"):
                endChain(asKey: false)
                if openers.last == UInt8(ascii: "[") {
                    report(at: position, "TOML syntax error: expected a value or the ] that ends the list, saw '}'")
                }
                _ = openers.popLast()
                advance()
            case UInt8(ascii: "="):
                endChain(asKey: true)
                advance()
            default:
                if Self.isBare(byte) {
                    let start = position
                    let length = scanBare()
                    part(at: start, quotedLength: nil)
                    if length > limits.keyCharacters {
                        report(at: start, "this key or value is \(length) characters long; the limit is "
                            + "\(limits.keyCharacters)")
                    }
                } else {
                    endChain(asKey: false)
                    advance()
                }
            }
        }
    }

    // MARK: Keys

    /// A bare or quoted part: a new chain, or the next part of the chain after a `.`.
    private mutating func part(at start: SourcePosition, quotedLength: Int?) {
        if chain.start == nil || !chain.awaitingPart {
            endChain(asKey: false)
            chain.start = start
        }
        chain.awaitingPart = false
        chain.parts += 1
        if let quotedLength, quotedLength > chain.longestQuoted?.length ?? 0 {
            chain.longestQuoted = (quotedLength, start)
        }
        if chain.parts > limits.keyParts, !chain.reported, let chainStart = chain.start {
            chain.reported = true
            report(at: chainStart, "this key has more than \(limits.keyParts) dotted parts; the limit is \(limits.keyParts)")
        }
    }

    /// The chain ends; `asKey` when what ends it (`=`, a header's `]`) makes it a key, whose quoted
    /// parts are then held to the key length (a quoted value may be longer).
    private mutating func endChain(asKey: Bool) {
        let isKey = asKey || chain.parts > 1
        if isKey, let longest = chain.longestQuoted, longest.length > limits.keyCharacters {
            report(at: longest.position, "this key is \(longest.length) characters long; the limit is \(limits.keyCharacters)")
        }
        chain = Chain()
    }

    // MARK: Nesting

    private mutating func open() {
        openers.append(bytes[index])
        if depth == limits.nestingDepth + 1 {
            report(at: position, "lists and inline tables are nested more than \(limits.nestingDepth) deep here; "
                + "the limit is \(limits.nestingDepth)")
        }
        advance()
    }

    // MARK: Strings

    /// Any of TOML's four string forms, from its opening quote past its closing one (or to the end of
    /// the line or file when it is not closed); returns its length in characters and reports one over
    /// the string limit, which is measured in bytes.
    private mutating func scanString(quote: UInt8) -> Int {
        let start = position
        let startIndex = index
        let multiline = index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote
        let escapes = quote == UInt8(ascii: "\"")
        let delimiter = multiline ? 3 : 1
        for _ in 0..<delimiter { advance() }
        var characters = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == quote, !multiline || (index + 2 < bytes.count && bytes[index + 1] == quote && bytes[index + 2] == quote) {
                for _ in 0..<delimiter { advance() }
                // A multi-line string may end with up to two more quotes, which belong to its text.
                if multiline {
                    for _ in 0..<2 where index < bytes.count && bytes[index] == quote { advance() }
                }
                break
            }
            if byte == UInt8(ascii: "\n"), !multiline { break }
            if escapes, byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                advance()
                characters += 1
            }
            if byte & 0xC0 != 0x80 { characters += 1 }
            advance()
        }
        let byteCount = index - startIndex - 2 * delimiter
        if byteCount > limits.stringBytes {
            report(at: start, "this string is \(ConfigLimits.size(byteCount)); the limit is \(ConfigLimits.size(limits.stringBytes))")
        }
        return characters
    }

    // MARK: Characters

    private mutating func scanBare() -> Int {
        var characters = 0
        while index < bytes.count, Self.isBare(bytes[index]) {
            characters += 1
            advance()
        }
        return characters
    }

    /// Letters, digits, `_` and `-` (bare keys), and `+` and `:` so that numbers, dates and times read
    /// as one part.
    private static func isBare(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "_"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: ":"):
            true
        default: false
        }
    }

    private var position: SourcePosition { SourcePosition(line: line, column: column) }

    /// Moves past one byte; columns count Unicode scalars, so UTF-8 continuation bytes add none.
    private mutating func advance() {
        let byte = bytes[index]
        index += 1
        if byte == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if byte & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func report(at position: SourcePosition, _ message: String) {
        problems.append((position, message))
    }
}
