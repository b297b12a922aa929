import FoundationEssentials

/// A reminder at a local time of day on some weekdays, resolved to instants in a given time zone.
/// Pure: every question takes the instant it is asked at.
public struct DailySchedule: Equatable, Sendable {
    public var time: LocalTime
    public var days: Set<Weekday>

    public init(time: LocalTime, days: Set<Weekday>) {
        self.time = time
        self.days = days
    }

    /// The occurrence on `day`, if `day` is one of the schedule's weekdays.
    public func occurrence(on day: LocalDay, in timeZone: Zone) -> Date? {
        days.contains(day.weekday) ? day.instant(at: time, in: timeZone) : nil
    }

    /// The first occurrence strictly after `instant`.
    public func next(after instant: Date, in timeZone: Zone) -> Date? {
        guard !days.isEmpty else { return nil }
        let today = LocalDay(containing: instant, in: timeZone)
        for offset in -1...8 {
            if let occurrence = occurrence(on: today.adding(days: offset), in: timeZone), occurrence > instant {
                return occurrence
            }
        }
        return nil
    }

    /// The last occurrence at or before `instant`.
    public func latest(atOrBefore instant: Date, in timeZone: Zone) -> Date? {
        guard !days.isEmpty else { return nil }
        let today = LocalDay(containing: instant, in: timeZone)
        for offset in stride(from: 1, through: -8, by: -1) {
            if let occurrence = occurrence(on: today.adding(days: offset), in: timeZone), occurrence <= instant {
                return occurrence
            }
        }
        return nil
    }
}
