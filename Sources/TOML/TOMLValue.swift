/// A TOML value as `TOMLReader` reads it (and `TOMLEditor` writes it): plain values, without positions.
public indirect enum TOMLValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case float(Double)
    case boolean(Bool)
    /// A TOML local time (`18:00:00`, unquoted).
    case time(hour: Int, minute: Int, second: Int, nanosecond: Int)
    /// Dates and date-times, kept as RFC 3339 text (`1979-05-27`, `1979-05-27T07:32:00Z`).
    case date(String)
    case dateTime(String)
    case array([TOMLValue])
    case table([String: TOMLValue])

    /// The value as a message names what it got: `integer 18`, `string "18"`, `a list`.
    public var summary: String {
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
    public var literal: String {
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
