/// Values written without quotes: booleans, integers, floats, and dates and times (RFC 3339).
enum TOMLScalarParser {
    /// The value from the scanner's position to the next character that cannot be part of one.
    static func readBareValue(_ scanner: inout TOMLScanner) throws(TOMLError) -> TOMLValue {
        let start = scanner.index
        scanner.skipValueCharacters()
        // `1979-05-27 07:32:00`: a date and a time may be separated by one space.
        if scanner.index - start == 10, scanner.current == .space,
           let a = scanner.peek(1), let b = scanner.peek(2), TOMLScanner.isDigit(a), TOMLScanner.isDigit(b),
           scanner.peek(3) == UInt8(ascii: ":"), date(scanner.bytes[start..<scanner.index]) != nil {
            scanner.index += 1
            scanner.skipValueCharacters()
        }
        let token = scanner.bytes[start..<scanner.index]
        if let value = try scalar(token, at: start) { return value }
        let written = String(decoding: token, as: UTF8.self)
        let hint = written.first?.isLetter == true
            ? "a string needs quotes, e.g. \"\(TOMLText.abbreviated(written))\""
            : "write a number (42, 1.5, 0x2A), a date (2024-05-27), a time (07:30:00) or true/false"
        throw TOMLError(offset: start, message: "TOML syntax error: \(TOMLText.abbreviated(written)) is not a valid value; \(hint)")
    }

    private static func scalar(_ token: ArraySlice<UInt8>, at start: Int) throws(TOMLError) -> TOMLValue? {
        switch String(decoding: token.prefix(5), as: UTF8.self) {
        case "true" where token.count == 4: return .boolean(true)
        case "false" where token.count == 5: return .boolean(false)
        case "inf", "+inf": return token.count <= 4 ? .float(.infinity) : nil
        case "-inf": return .float(-.infinity)
        case "nan", "+nan", "-nan": return token.count <= 4 ? .float(.nan) : nil
        default: break
        }
        if token.contains(UInt8(ascii: ":")) || (token.count >= 10 && token.dropFirst(4).first == UInt8(ascii: "-")) {
            return Self.dateOrTime(token)
        }
        if token.count > 2, token.first == UInt8(ascii: "0"), let radix = Self.radix(token.dropFirst().first) {
            return try integer(token.dropFirst(2), radix: radix, negative: false, at: start)
        }
        var digits = token
        var negative = false
        if let sign = digits.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            negative = sign == UInt8(ascii: "-")
            digits = digits.dropFirst()
        }
        guard let first = digits.first, TOMLScanner.isDigit(first) else { return nil }
        // No leading zeros: `0`, `0.5` and `0e1` are fine, `01` is not.
        if first == UInt8(ascii: "0"), let second = digits.dropFirst().first,
           TOMLScanner.isDigit(second) || second == UInt8(ascii: "_") {
            return nil
        }
        if digits.contains(where: { $0 == .dot || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }) {
            return Self.float(token)
        }
        return try integer(digits, radix: 10, negative: negative, at: start)
    }

    private static func radix(_ byte: UInt8?) -> Int? {
        switch byte {
        case UInt8(ascii: "x")?: 16
        case UInt8(ascii: "o")?: 8
        case UInt8(ascii: "b")?: 2
        default: nil
        }
    }

    /// Digits of `radix` with single underscores between them; beyond 64 bits is an error, not a trap.
    private static func integer(_ digits: ArraySlice<UInt8>, radix: Int, negative: Bool, at start: Int) throws(TOMLError) -> TOMLValue? {
        guard Self.underscoresBetweenDigits(digits) else { return nil }
        var value = 0
        for byte in digits where byte != UInt8(ascii: "_") {
            guard let digit = TOMLScanner.hexDigit(byte), Int(digit) < radix else { return nil }
            let (shifted, overflowA) = value.multipliedReportingOverflow(by: radix)
            let (next, overflowB) = negative ? shifted.subtractingReportingOverflow(Int(digit))
                : shifted.addingReportingOverflow(Int(digit))
            guard !overflowA, !overflowB else {
                throw TOMLError(offset: start, message: "TOML syntax error: this integer does not fit in 64 bits; "
                    + "integers go from \(Int64.min) to \(Int64.max)")
            }
            value = next
        }
        return .integer(value)
    }

    /// `1.5`, `-2e10`, `6.626e-34`, `1_000.5`: digits, then a fraction, an exponent or both.
    private static func float(_ token: ArraySlice<UInt8>) -> TOMLValue? {
        var rest = token
        if let sign = rest.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { rest = rest.dropFirst() }
        let exponentAt = rest.firstIndex { $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        let mantissa = rest[..<(exponentAt ?? rest.endIndex)]
        let dotAt = mantissa.firstIndex(of: .dot)
        guard underscoresBetweenDigits(mantissa[..<(dotAt ?? mantissa.endIndex)]) else { return nil }
        if let dotAt, !underscoresBetweenDigits(mantissa[(dotAt + 1)...]) { return nil }
        if let exponentAt {
            var exponent = rest[(exponentAt + 1)...]
            if let sign = exponent.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { exponent = exponent.dropFirst() }
            guard underscoresBetweenDigits(exponent) else { return nil }
        }
        let plain = String(decoding: token.filter { $0 != UInt8(ascii: "_") && $0 != UInt8(ascii: "+") }, as: UTF8.self)
        return Double(plain).map(TOMLValue.float)
    }

    /// At least one digit, every `_` between two digits (hexadecimal ones included).
    private static func underscoresBetweenDigits(_ digits: ArraySlice<UInt8>) -> Bool {
        guard let first = digits.first, let last = digits.last, first != UInt8(ascii: "_"), last != UInt8(ascii: "_") else {
            return false
        }
        var previous: UInt8 = 0
        for byte in digits {
            if byte == UInt8(ascii: "_") {
                if previous == UInt8(ascii: "_") { return false }
            } else if TOMLScanner.hexDigit(byte) == nil {
                return false
            }
            previous = byte
        }
        return true
    }

    // MARK: Dates and times

    /// `07:32:00`, `1979-05-27`, `1979-05-27T07:32:00`, with `.999999` and `Z` or `-07:00`.
    private static func dateOrTime(_ token: ArraySlice<UInt8>) -> TOMLValue? {
        if token.dropFirst(2).first == UInt8(ascii: ":") {
            guard let time = time(token), time.length == token.count else { return nil }
            return .time(hour: time.hour, minute: time.minute, second: time.second, nanosecond: time.nanosecond)
        }
        guard token.count >= 10, date(token.prefix(10)) != nil else { return nil }
        let dateText = String(decoding: token.prefix(10), as: UTF8.self)
        if token.count == 10 { return .date(dateText) }
        guard let separator = token.dropFirst(10).first,
              separator == UInt8(ascii: "T") || separator == UInt8(ascii: "t") || separator == .space,
              let time = time(token.dropFirst(11)) else { return nil }
        var offset = token.dropFirst(11 + time.length)
        var zone = ""
        if let first = offset.first {
            if first == UInt8(ascii: "Z") || first == UInt8(ascii: "z") {
                zone = "Z"
                offset = offset.dropFirst()
            } else if first == UInt8(ascii: "+") || first == UInt8(ascii: "-") {
                let hours = number(offset.dropFirst().prefix(2)), minutes = number(offset.dropFirst(4).prefix(2))
                guard offset.count == 6, offset.dropFirst(3).first == UInt8(ascii: ":"),
                      let hours, let minutes, hours < 24, minutes < 60 else { return nil }
                zone = String(decoding: offset, as: UTF8.self)
                offset = offset.dropFirst(6)
            }
        }
        guard offset.isEmpty else { return nil }
        let timeText = String(decoding: token.dropFirst(11).prefix(time.length), as: UTF8.self)
        return .dateTime(dateText + "T" + timeText + zone)
    }

    /// `YYYY-MM-DD` with a day that exists in that month.
    private static func date(_ text: ArraySlice<UInt8>) -> (year: Int, month: Int, day: Int)? {
        guard text.count == 10, text.dropFirst(4).first == UInt8(ascii: "-"), text.dropFirst(7).first == UInt8(ascii: "-"),
              let year = number(text.prefix(4)), let month = number(text.dropFirst(5).prefix(2)),
              let day = number(text.dropFirst(8).prefix(2)), (1...12).contains(month) else { return nil }
        let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
        let days = [31, leap ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
        return (1...days).contains(day) ? (year, month, day) : nil
    }

    /// `HH:MM:SS` and an optional fraction, at the start of `text`; `length` is how much it took.
    private static func time(_ text: ArraySlice<UInt8>) -> (hour: Int, minute: Int, second: Int, nanosecond: Int, length: Int)? {
        guard text.count >= 8, text.dropFirst(2).first == UInt8(ascii: ":"), text.dropFirst(5).first == UInt8(ascii: ":"),
              let hour = number(text.prefix(2)), let minute = number(text.dropFirst(3).prefix(2)),
              let second = number(text.dropFirst(6).prefix(2)), hour < 24, minute < 60, second < 60 else { return nil }
        var length = 8
        var nanosecond = 0
        if text.dropFirst(8).first == .dot {
            let fraction = text.dropFirst(9).prefix { TOMLScanner.isDigit($0) }
            guard !fraction.isEmpty else { return nil }
            for (place, byte) in fraction.prefix(9).enumerated() {
                var digit = Int(byte - UInt8(ascii: "0"))
                for _ in place..<8 { digit *= 10 }
                nanosecond += digit
            }
            length += 1 + fraction.count
        }
        return (hour, minute, second, nanosecond, length)
    }

    /// Only ASCII digits, as a number (at most a few of them: no overflow).
    private static func number(_ digits: ArraySlice<UInt8>) -> Int? {
        guard !digits.isEmpty, digits.count <= 4, digits.allSatisfy(TOMLScanner.isDigit) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
