import TOMLKit

/// A parsed TOML value, copied out of TOMLKit's C++-backed nodes so validation works on plain Swift values.
indirect enum ConfigValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// A TOML local time (`18:00:00`, unquoted).
    case time(hour: Int, minute: Int, second: Int, nanosecond: Int)
    /// Dates and date-times, kept as text: no gymbell setting takes one.
    case date(String)
    case dateTime(String)
    case array([ConfigValue])
    case table([String: ConfigValue])

    /// Parses a TOML document. Throws TOMLKit's `TOMLParseError` for a syntax error.
    static func parseDocument(_ text: String) throws -> [String: ConfigValue] {
        try Self.entries(of: TOMLTable(string: text))
    }

    private init(_ node: TOMLValueConvertible) {
        switch node.type {
        case .table: self = .table(node.table.map(Self.entries(of:)) ?? [:])
        case .array: self = .array(node.array.map { $0.map(ConfigValue.init) } ?? [])
        case .string: self = .string(node.string ?? "")
        case .int: self = .integer(node.int ?? 0)
        case .double: self = .float(node.double ?? .nan)
        case .bool: self = .boolean(node.bool ?? false)
        case .time:
            let time = node.time
            self = .time(hour: time?.hour ?? 0, minute: time?.minute ?? 0, second: time?.second ?? 0,
                         nanosecond: time?.nanoSecond ?? 0)
        case .date: self = .date(node.date?.debugDescription ?? "")
        case .dateTime: self = .dateTime(node.dateTime?.debugDescription ?? "")
        }
    }

    private static func entries(of table: TOMLTable) -> [String: ConfigValue] {
        var entries: [String: ConfigValue] = [:]
        for key in table.keys {
            if let node = table[key] { entries[key] = ConfigValue(node) }
        }
        return entries
    }

    /// The value as a message names what it got: `integer 18`, `string "18"`, `a list`.
    var summary: String {
        switch self {
        case .string(let text): "string \(TOMLText.quoted(text))"
        case .integer(let number): "integer \(number)"
        case .float(let number): "number \(number)"
        case .boolean(let flag): "boolean \(flag)"
        case .time: "time \(literal)"
        case .date(let text): "date \(text)"
        case .dateTime(let text): "date-time \(text)"
        case .array(let elements): elements.isEmpty ? "an empty list" : "a list"
        case .table: "a table"
        }
    }

    /// The value as the file wrote it, for messages that quote it: `"25:00"`, `0`, `1.5`.
    var literal: String {
        switch self {
        case .string(let text): TOMLText.quoted(text)
        case .integer(let number): "\(number)"
        case .float(let number): "\(number)"
        case .boolean(let flag): "\(flag)"
        case .time(let hour, let minute, let second, let nanosecond):
            [hour, minute, second].map { $0 < 10 ? "0\($0)" : "\($0)" }.joined(separator: ":")
                + (nanosecond == 0 ? "" : "." + Self.fractionDigits(nanosecond))
        case .date(let text), .dateTime(let text): text
        case .array: "[…]"
        case .table: "{…}"
        }
    }

    /// 500_000_000 → "5", 1_000 → "000001".
    private static func fractionDigits(_ nanoseconds: Int) -> String {
        var digits = String(nanoseconds)
        digits = String(repeating: "0", count: max(0, 9 - digits.count)) + digits
        while digits.hasSuffix("0") { digits.removeLast() }
        return digits
    }
}
