import FoundationEssentials

/// A calendar day in some time zone, as a count of days since 1970-01-01.
/// Plain arithmetic (no Calendar) so that DST and zone rules come only from `TimeZone` offsets.
public struct LocalDay: Hashable, Comparable, Sendable, Codable, CustomStringConvertible {
    public let daysSinceEpoch: Int

    public init(daysSinceEpoch: Int) { self.daysSinceEpoch = daysSinceEpoch }

    /// The local day that contains `instant` in `timeZone`.
    public init(containing instant: Date, in timeZone: Zone) {
        let local = instant.wholeSecondsSince1970 + timeZone.secondsFromGMT(for: instant)
        daysSinceEpoch = local >= 0 ? local / 86_400 : (local - 86_399) / 86_400
    }

    public init?(year: Int, month: Int, day: Int) {
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        // Howard Hinnant's days_from_civil.
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        daysSinceEpoch = era * 146_097 + doe - 719_468
    }

    /// "2026-11-02" (ISO 8601 calendar date); nil for anything else, Feb 30 included.
    public init?(isoDate text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
            let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]),
            let parsed = LocalDay(year: year, month: month, day: day),
            parsed.civil == (year, month, day)
        else { return nil }
        self = parsed
    }

    public var civil: (year: Int, month: Int, day: Int) {
        let z = daysSinceEpoch + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }

    public var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7  // 0 = Monday
        return Weekday.allCases[index]
    }

    public func adding(days: Int) -> LocalDay { LocalDay(daysSinceEpoch: daysSinceEpoch + days) }

    public static func < (lhs: LocalDay, rhs: LocalDay) -> Bool { lhs.daysSinceEpoch < rhs.daysSinceEpoch }

    /// "2026-03-29"
    public var description: String {
        let (y, m, d) = civil
        return "\(y)-\(m < 10 ? "0" : "")\(m)-\(d < 10 ? "0" : "")\(d)"
    }

    /// The instant at which the wall clock of `timeZone` shows `time` on this day.
    /// A time skipped by a forward jump (spring forward) resolves to the first instant after the gap;
    /// a time that occurs twice (fall back) resolves to the first occurrence.
    public func instant(at time: LocalTime, in timeZone: Zone) -> Date {
        let wall = Double(daysSinceEpoch * 86_400 + time.secondsOfDay)
        // The offsets in force well before and well after this wall time bracket any transition.
        let offsetBefore = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall - 86_400)))
        let offsetAfter = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: wall + 86_400)))
        let candidates = [wall - offsetBefore, wall - offsetAfter]
            .map { Date(timeIntervalSince1970: $0) }
            .filter { Double(timeZone.secondsFromGMT(for: $0)) == wall - $0.timeIntervalSince1970 }
        if let first = candidates.min() { return first }
        // In a gap: find the transition between the two candidate instants.
        var lo = min(wall - offsetBefore, wall - offsetAfter)
        var hi = max(wall - offsetBefore, wall - offsetAfter)
        let offsetAtLo = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))
        while hi - lo > 1 {
            let mid = ((lo + hi) / 2).rounded(.down)
            if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: mid)) == offsetAtLo { lo = mid } else { hi = mid }
        }
        return Date(timeIntervalSince1970: hi)
    }
}

extension LocalTime {
    var secondsOfDay: Int { secondsSinceMidnight }

    /// What the wall clock of `timeZone` shows at `instant` (fractions of a second dropped): 18:00 is
    /// 18:00 on a DST day too.
    public init(of instant: Date, in timeZone: Zone) {
        let local = instant.wholeSecondsSince1970 + timeZone.secondsFromGMT(for: instant)
        let seconds = ((local % 86_400) + 86_400) % 86_400
        self.init(hour: seconds / 3600, minute: seconds / 60 % 60, second: seconds % 60)!
    }
}
