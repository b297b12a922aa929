/// Identifies one pending or fired reminder. Stable across restarts (stored in the state database).
public struct ReminderID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// Identifies one workout session (a rest timer, a HIIT or walk/run session, a strength workout).
public struct SessionID: Hashable, Sendable, Codable, CustomStringConvertible {
    public let rawValue: String
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }
}

/// Days of the week, in the config's spelling (`mon` … `sun`).
public enum Weekday: String, CaseIterable, Sendable, Codable, Comparable {
    case mon, tue, wed, thu, fri, sat, sun

    /// `Calendar.component(.weekday, …)` numbering: Sunday = 1 … Saturday = 7.
    public init(gregorianWeekday: Int) {
        self = [.sun, .mon, .tue, .wed, .thu, .fri, .sat][(gregorianWeekday - 1 + 7) % 7]
    }

    public var gregorianWeekday: Int {
        switch self {
        case .sun: 1
        case .mon: 2
        case .tue: 3
        case .wed: 4
        case .thu: 5
        case .fri: 6
        case .sat: 7
        }
    }

    public static func < (lhs: Weekday, rhs: Weekday) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}

/// A wall-clock time of day without a date or zone ("18:00", "06:30:15").
public struct LocalTime: Hashable, Sendable, Codable, CustomStringConvertible {
    public let hour: Int
    public let minute: Int
    public let second: Int

    public init?(hour: Int, minute: Int, second: Int = 0) {
        guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else { return nil }
        self.hour = hour
        self.minute = minute
        self.second = second
    }

    /// Parses "HH:MM" or "HH:MM:SS" (24-hour clock).
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2 || parts.count == 3,
              parts.allSatisfy({ $0.count == 2 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let h = Int(parts[0]), let m = Int(parts[1])
        else { return nil }
        let s = parts.count == 3 ? Int(parts[2]) ?? -1 : 0
        self.init(hour: h, minute: m, second: s)
    }

    public var secondsSinceMidnight: Int { hour * 3600 + minute * 60 + second }

    public var description: String { text(seconds: second != 0) }

    /// "18:02:05", or "18:02" without the seconds.
    public func text(seconds: Bool) -> String {
        "\(Self.pad(hour)):\(Self.pad(minute))" + (seconds ? ":\(Self.pad(second))" : "")
    }

    private static func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
}
