import FoundationEssentials

/// What Core needs of a time zone's rules: how far its wall clock is ahead of UTC at an instant, and
/// what it calls that time. Every local-time computation in Core (days, daily times, quiet hours, the
/// iCalendar `VTIMEZONE`) is built on these three answers, so the rules may come from anywhere: the
/// tz database through GLib's `GTimeZone` (GymbellPlatform's `GLibTimeZone`), a POSIX `TZ` rule evaluated
/// here (`PosixTimeZoneRule`), or a fixed offset. Foundation's `TimeZone` is not used: without ICU it
/// knows no named zone.
public protocol ZoneRules: Sendable {
    /// `Europe/Berlin`, a POSIX rule's text, or `UTC`.
    var identifier: String { get }
    /// East of Greenwich is positive.
    func secondsFromGMT(for instant: Date) -> Int
    /// `CET`, `CEST`; nil when the zone has none.
    func abbreviation(for instant: Date) -> String?
    func isDaylightSavingTime(for instant: Date) -> Bool
}

/// A time zone as Core computes with it. Two zones are the same when their identifiers are.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
    public let rules: any ZoneRules

    public init(_ rules: any ZoneRules) { self.rules = rules }

    public var identifier: String { rules.identifier }
    public var description: String { identifier }

    public func secondsFromGMT(for instant: Date) -> Int { rules.secondsFromGMT(for: instant) }
    public func abbreviation(for instant: Date) -> String? { rules.abbreviation(for: instant) }
    public func isDaylightSavingTime(for instant: Date) -> Bool { rules.isDaylightSavingTime(for: instant) }

    public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }
    public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }

    public static let utc = Zone(FixedOffsetZone(secondsFromGMT: 0))

    /// A zone that is always `seconds` ahead of UTC (`UTC+01:00`).
    public static func fixed(secondsFromGMT seconds: Int) -> Zone { Zone(FixedOffsetZone(secondsFromGMT: seconds)) }
}

/// A zone without transitions: `UTC`, or `UTC+05:30`.
public struct FixedOffsetZone: ZoneRules, Equatable {
    public let seconds: Int

    public init(secondsFromGMT seconds: Int) { self.seconds = seconds }

    public var identifier: String {
        guard seconds != 0 else { return "UTC" }
        let magnitude = abs(seconds)
        func pad(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        let hm = "\(seconds < 0 ? "-" : "+")\(pad(magnitude / 3600)):\(pad(magnitude / 60 % 60))"
        return "UTC" + hm + (magnitude % 60 == 0 ? "" : ":" + pad(magnitude % 60))
    }

    public func secondsFromGMT(for instant: Date) -> Int { seconds }
    public func abbreviation(for instant: Date) -> String? { identifier }
    public func isDaylightSavingTime(for instant: Date) -> Bool { false }
}

/// A POSIX rule is a zone of its own: its offsets, names and daylight saving are exact, for any year.
extension PosixTimeZoneRule: ZoneRules {
    public var identifier: String { text }

    public func abbreviation(for instant: Date) -> String? {
        guard let dst = daylightSaving else { return standardName }
        return isDaylightSavingTime(for: instant) ? dst.name : standardName
    }

    public func isDaylightSavingTime(for instant: Date) -> Bool {
        guard let dst = daylightSaving else { return false }
        return secondsFromGMT(for: instant) == dst.secondsFromGMT && dst.secondsFromGMT != standardSecondsFromGMT
    }
}
