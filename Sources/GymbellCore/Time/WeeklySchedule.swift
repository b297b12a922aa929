import FoundationEssentials

/// A weekly instant in local time, "Sun 19:00" (issue 47's weekly summary, `[reminders]
/// weekly_summary`): when it is due, and whether it is due now, exactly once per week whatever the
/// restarts, suspends, clock jumps and DST changes in between — the week's slot is named by its local
/// day, and the day last handled is kept (in the state) by whoever uses it.
public struct WeeklySchedule: Equatable, Sendable, CustomStringConvertible {
    public var weekday: Weekday
    public var time: LocalTime

    /// Sunday evening.
    public static let sundayEvening = WeeklySchedule(weekday: .sun, time: LocalTime(hour: 19, minute: 0)!)

    public init(weekday: Weekday, time: LocalTime) {
        self.weekday = weekday
        self.time = time
    }

    /// "Sun 19:00" (the weekday's three letters in any case, a space, "HH:MM" or "HH:MM:SS"); nil otherwise.
    public init?(parsing text: String) {
        guard text.utf8.count <= 32 else { return nil }
        let parts = text.split(separator: " ", omittingEmptySubsequences: true)
        guard parts.count == 2, let weekday = Weekday(rawValue: parts[0].lowercased()), let time = LocalTime(parsing: String(parts[1]))
        else { return nil }
        self.init(weekday: weekday, time: time)
    }

    /// "Sun 19:00".
    public var description: String { weekday.rawValue.prefix(1).uppercased() + weekday.rawValue.dropFirst() + " " + time.description }

    /// The week's slot at or before `now`: its local day and its instant (a time that does not exist that
    /// day comes at the first instant after the gap; one that occurs twice, the first time).
    public func latest(atOrBefore now: Date, in timeZone: Zone) -> (day: LocalDay, due: Date) {
        let today = LocalDay(containing: now, in: timeZone)
        let back = (Weekday.allCases.firstIndex(of: today.weekday)! - Weekday.allCases.firstIndex(of: weekday)! + 7) % 7
        var day = today.adding(days: -back)
        if day.instant(at: time, in: timeZone) > now { day = day.adding(days: -7) }
        return (day, day.instant(at: time, in: timeZone))
    }

    /// The first slot strictly after `now`.
    public func next(after now: Date, in timeZone: Zone) -> (day: LocalDay, due: Date) {
        let day = latest(atOrBefore: now, in: timeZone).day.adding(days: 7)
        return (day, day.instant(at: time, in: timeZone))
    }

    /// What to do at `now`, with `lastHandled` the slot's day last sent or passed over.
    public struct Decision: Equatable, Sendable {
        /// The slot to show now (its day).
        public var sendNow: LocalDay?
        /// The slot's day to keep as handled (sent, or passed over as too late); nil: nothing changes.
        public var handled: LocalDay?
        /// When to look again: the next slot not handled.
        public var next: Date
    }

    /// The latest slot is shown once when it is not handled yet and at most `grace` late; one later than
    /// that is passed over (a machine asleep all Sunday evening gets no summary on Wednesday). A slot
    /// before `lastHandled` (the clock set back) is never shown again.
    public func decide(now: Date, in timeZone: Zone, lastHandled: LocalDay?, grace: TimeInterval) -> Decision {
        let latest = latest(atOrBefore: now, in: timeZone)
        let next = next(after: now, in: timeZone).due
        guard lastHandled.map({ $0 < latest.day }) ?? true else { return Decision(sendNow: nil, handled: nil, next: next) }
        let inTime = now.timeIntervalSince(latest.due) <= grace
        return Decision(sendNow: inTime ? latest.day : nil, handled: latest.day, next: next)
    }
}
