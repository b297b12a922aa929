/// TOML's four string forms: "basic" (with escapes), 'literal', and their multi-line `"""`/`'''` forms,
/// read from the scanner's opening quote to just past the closing one.
enum TOMLStringParser {
    /// Any string value, at its opening quote; its text as written is held to `limits.stringBytes`.
    static func readString(_ scanner: inout TOMLScanner) throws(TOMLError) -> String {
        let start = scanner.index
        let quote = scanner.bytes[start]
        let multiline = scanner.peek(1) == quote && scanner.peek(2) == quote
        let text = multiline ? try readMultilineString(&scanner) : try readSingleLineString(&scanner)
        let written = scanner.index - start - (multiline ? 6 : 2)
        let limit = scanner.limits.stringBytes
        if written > limit {
            throw TOMLError(offset: start, message: "this string is \(TOMLLimits.size(written)); "
                + "the limit is \(TOMLLimits.size(limit))")
        }
        return text
    }

    /// `"…"` or `'…'` on one line (also how quoted keys are written).
    static func readSingleLineString(_ scanner: inout TOMLScanner) throws(TOMLError) -> String {
        let start = scanner.index
        let quote = scanner.bytes[start]
        scanner.index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = scanner.current, byte != .newline, byte != .carriageReturn || scanner.peek(1) != .newline else {
                throw TOMLError(offset: start, message: "TOML syntax error: this string has no closing "
                    + "\(quote == .quote ? "\"" : "'") on its line; use \"\"\" or ''' for text over several lines")
            }
            if byte == quote {
                scanner.index += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == .backslash, quote == .quote {
                try readEscape(&scanner, into: &text)
            } else {
                if TOMLScanner.isControl(byte), byte != .tab { throw scanner.controlCharacter() }
                scanner.noteBidiControl(startingWith: byte)
                text.append(byte)
                scanner.index += 1
            }
        }
    }

    /// `"""…"""` or `'''…'''`: a line end right after the opening quotes is dropped, CRLF reads as LF,
    /// and up to two quotes right before the closing three belong to the text.
    private static func readMultilineString(_ scanner: inout TOMLScanner) throws(TOMLError) -> String {
        let start = scanner.index
        let quote = scanner.bytes[start]
        scanner.index += 3
        if scanner.current == .newline {
            scanner.index += 1
        } else if scanner.current == .carriageReturn, scanner.peek(1) == .newline {
            scanner.index += 2
        }
        var text: [UInt8] = []
        while true {
            guard let byte = scanner.current else {
                let closing = quote == .quote ? "\"\"\"" : "'''"
                throw TOMLError(offset: start, message: "TOML syntax error: this multi-line string has no closing \(closing)")
            }
            switch byte {
            case quote where scanner.peek(1) == quote && scanner.peek(2) == quote:
                scanner.index += 3
                for _ in 0..<2 where scanner.current == quote {
                    text.append(quote)
                    scanner.index += 1
                }
                return String(decoding: text, as: UTF8.self)
            case .backslash where quote == .quote:
                if try !skipLineEndingBackslash(&scanner) { try readEscape(&scanner, into: &text) }
            case .carriageReturn where scanner.peek(1) == .newline:
                text.append(.newline)
                scanner.index += 2
            case .newline, .tab:
                text.append(byte)
                scanner.index += 1
            default:
                if TOMLScanner.isControl(byte) { throw scanner.controlCharacter() }
                scanner.noteBidiControl(startingWith: byte)
                text.append(byte)
                scanner.index += 1
            }
        }
    }

    /// A `\` that ends its line (blanks may follow it) joins the lines: it, the line end and the blanks
    /// and line ends after it are dropped. False when the backslash starts an escape instead.
    private static func skipLineEndingBackslash(_ scanner: inout TOMLScanner) throws(TOMLError) -> Bool {
        let bytes = scanner.bytes
        var next = scanner.index + 1
        while next < bytes.count, bytes[next] == .space || bytes[next] == .tab { next += 1 }
        let endsLine = next < bytes.count
            && (bytes[next] == .newline || (bytes[next] == .carriageReturn && next + 1 < bytes.count && bytes[next + 1] == .newline))
        guard endsLine else {
            if next > scanner.index + 1 {
                throw TOMLError(offset: scanner.index, message: "TOML syntax error: a backslash followed by blanks must end "
                    + "the line; write \\\\ for a backslash")
            }
            return false
        }
        scanner.index = next
        while let byte = scanner.current {
            if byte == .space || byte == .tab || byte == .newline {
                scanner.index += 1
            } else if byte == .carriageReturn, scanner.peek(1) == .newline {
                scanner.index += 2
            } else {
                break
            }
        }
        return true
    }

    /// `\n`, `\"`, `\u00E9`, `\U0001F4AA` …, at the backslash; appends the character's UTF-8.
    private static func readEscape(_ scanner: inout TOMLScanner, into text: inout [UInt8]) throws(TOMLError) {
        let start = scanner.index
        scanner.index += 1
        let simple: UInt8?
        switch scanner.current {
        case UInt8(ascii: "b")?: simple = 0x08
        case UInt8(ascii: "t")?: simple = .tab
        case UInt8(ascii: "n")?: simple = .newline
        case UInt8(ascii: "f")?: simple = 0x0C
        case UInt8(ascii: "r")?: simple = .carriageReturn
        case .quote?: simple = .quote
        case .backslash?: simple = .backslash
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?: simple = nil
        default:
            let what = scanner.current.map { $0 >= 0x21 && $0 < 0x7F ? "\\\(Character(Unicode.Scalar($0)))" : "this backslash" }
                ?? "this backslash"
            throw TOMLError(offset: start, message: "TOML syntax error: \(what) is not a TOML escape; "
                + "use \\\\ for a backslash, or \\n, \\t, \\\", \\uXXXX")
        }
        if let simple {
            text.append(simple)
            scanner.index += 1
            return
        }
        let digits = scanner.current == UInt8(ascii: "u") ? 4 : 8
        scanner.index += 1
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = scanner.current, let digit = TOMLScanner.hexDigit(byte) else {
                throw TOMLError(offset: start, message: "TOML syntax error: \\\(digits == 4 ? "u" : "U") needs exactly "
                    + "\(digits) hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            scanner.index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLError(offset: start, message: "TOML syntax error: \(TOMLText.codePoint(value)) is not a Unicode "
                + "scalar value, so it cannot be escaped")
        }
        if TOMLText.isBidiControl(scalar) { scanner.bidiControls.append(TOMLBidiControl(offset: start, scalar: scalar, escaped: true)) }
        text.append(contentsOf: String(scalar).utf8)
    }
}
