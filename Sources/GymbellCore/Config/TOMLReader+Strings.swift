/// TOML's four string forms: "basic" (with escapes), 'literal', and their multi-line `"""`/`'''` forms.
extension TOMLReader {
    /// Any string value, at its opening quote; its text as written is held to `limits.stringBytes`.
    mutating func readString() throws(TOMLError) -> String {
        let start = index
        let quote = bytes[index]
        let multiline = peek(1) == quote && peek(2) == quote
        let text = multiline ? try readMultilineString() : try readSingleLineString()
        let written = index - start - (multiline ? 6 : 2)
        if written > limits.stringBytes {
            throw TOMLError(offset: start, message: "this string is \(ConfigLimits.size(written)); "
                + "the limit is \(ConfigLimits.size(limits.stringBytes))")
        }
        return text
    }

    /// `"…"` or `'…'` on one line (also how quoted keys are written).
    mutating func readSingleLineString() throws(TOMLError) -> String {
        let start = index
        let quote = bytes[index]
        index += 1
        var text: [UInt8] = []
        while true {
            guard let byte = current, byte != .newline, byte != .carriageReturn || peek(1) != .newline else {
                throw TOMLError(offset: start, message: "TOML syntax error: this string has no closing "
                    + "\(quote == .quote ? "\"" : "'") on its line; use \"\"\" or ''' for text over several lines")
            }
            if byte == quote {
                index += 1
                return String(decoding: text, as: UTF8.self)
            }
            if byte == .backslash, quote == .quote {
                try readEscape(into: &text)
            } else {
                if Self.isControl(byte), byte != .tab { throw controlCharacter() }
                text.append(byte)
                index += 1
            }
        }
    }

    /// `"""…"""` or `'''…'''`: a line end right after the opening quotes is dropped, CRLF reads as LF,
    /// and up to two quotes right before the closing three belong to the text.
    private mutating func readMultilineString() throws(TOMLError) -> String {
        let start = index
        let quote = bytes[index]
        index += 3
        if current == .newline {
            index += 1
        } else if current == .carriageReturn, peek(1) == .newline {
            index += 2
        }
        var text: [UInt8] = []
        while true {
            guard let byte = current else {
                let closing = quote == .quote ? "\"\"\"" : "'''"
                throw TOMLError(offset: start, message: "TOML syntax error: this multi-line string has no closing \(closing)")
            }
            switch byte {
            case quote where peek(1) == quote && peek(2) == quote:
                index += 3
                for _ in 0..<2 where current == quote {
                    text.append(quote)
                    index += 1
                }
                return String(decoding: text, as: UTF8.self)
            case .backslash where quote == .quote:
                if try !skipLineEndingBackslash() { try readEscape(into: &text) }
            case .carriageReturn where peek(1) == .newline:
                text.append(.newline)
                index += 2
            case .newline, .tab:
                text.append(byte)
                index += 1
            default:
                if Self.isControl(byte) { throw controlCharacter() }
                text.append(byte)
                index += 1
            }
        }
    }

    /// A `\` that ends its line (blanks may follow it) joins the lines: it, the line end and the blanks
    /// and line ends after it are dropped. False when the backslash starts an escape instead.
    private mutating func skipLineEndingBackslash() throws(TOMLError) -> Bool {
        var next = index + 1
        while next < bytes.count, bytes[next] == .space || bytes[next] == .tab { next += 1 }
        let endsLine = next < bytes.count
            && (bytes[next] == .newline || (bytes[next] == .carriageReturn && next + 1 < bytes.count && bytes[next + 1] == .newline))
        guard endsLine else {
            if next > index + 1 {
                throw TOMLError(offset: index, message: "TOML syntax error: a backslash followed by blanks must end "
                    + "the line; write \\\\ for a backslash")
            }
            return false
        }
        index = next
        while let byte = current {
            if byte == .space || byte == .tab || byte == .newline {
                index += 1
            } else if byte == .carriageReturn, peek(1) == .newline {
                index += 2
            } else {
                break
            }
        }
        return true
    }

    /// `\n`, `\"`, `\u00E9`, `\U0001F4AA` …, at the backslash; appends the character's UTF-8.
    private mutating func readEscape(into text: inout [UInt8]) throws(TOMLError) {
        let start = index
        index += 1
        let simple: UInt8?
        switch current {
        case UInt8(ascii: "b")?: simple = 0x08
        case UInt8(ascii: "t")?: simple = .tab
        case UInt8(ascii: "n")?: simple = .newline
        case UInt8(ascii: "f")?: simple = 0x0C
        case UInt8(ascii: "r")?: simple = .carriageReturn
        case .quote?: simple = .quote
        case .backslash?: simple = .backslash
        case UInt8(ascii: "u")?, UInt8(ascii: "U")?: simple = nil
        default:
            let what = current.map { $0 >= 0x21 && $0 < 0x7F ? "\\\(Character(Unicode.Scalar($0)))" : "this backslash" }
                ?? "this backslash"
            throw TOMLError(offset: start, message: "TOML syntax error: \(what) is not a TOML escape; "
                + "use \\\\ for a backslash, or \\n, \\t, \\\", \\uXXXX")
        }
        if let simple {
            text.append(simple)
            index += 1
            return
        }
        let digits = current == UInt8(ascii: "u") ? 4 : 8
        index += 1
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let byte = current, let digit = Self.hexDigit(byte) else {
                throw TOMLError(offset: start, message: "TOML syntax error: \\\(digits == 4 ? "u" : "U") needs exactly "
                    + "\(digits) hexadecimal digits")
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw TOMLError(offset: start, message: "TOML syntax error: \(Self.codePoint(value)) is not a Unicode "
                + "scalar value, so it cannot be escaped")
        }
        text.append(contentsOf: String(scalar).utf8)
    }

    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
