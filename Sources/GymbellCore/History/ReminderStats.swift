import FoundationEssentials

extension ReminderOutcomes {
    /// A workout started this long after the reminder was first shown (and that day) counts as its
    /// start: a snooze of an hour and a slow change of clothes fit in it.
    public static let startWindow: TimeInterval = 3 * 3600

    /// What a reminder became, as counted.
    public enum Verdict: String, Sendable {
        case started, snoozed, skipped, ignored
        /// Shown within the start window and not answered yet: counted once the window has passed.
        case open
    }

    /// The rule: answered Start (or a workout started within `startWindow` after it was first shown, that
    /// day, a rest timer aside) is started; else Skip today is skipped; else snoozed is snoozed; else,
    /// once the window or the day is over, ignored; before that, open.
    public static func verdict(_ outcome: ReminderOutcome, sessions: SessionMarks, now: Date, timeZone: Zone) -> Verdict {
        switch outcome.answer {
        case .started: return .started
        case .skipped: return .skipped
        case .shown, .snoozed: break
        }
        let windowEnd = min(outcome.shownAt.addingTimeInterval(startWindow), outcome.day.adding(days: 1).instant(at: LearnedTime.localTime(secondsSinceMidnight: 0), in: timeZone))
        if let start = firstWorkoutStart(sessions, from: outcome.shownAt, now: now), start <= windowEnd { return .started }
        if outcome.answer == .snoozed { return .snoozed }
        return now < windowEnd ? .open : .ignored
    }

    /// The first workout (not a rest timer) started at or after `from`, and not after `now`.
    static func firstWorkoutStart(_ sessions: SessionMarks, from: Date, now: Date) -> Date? {
        var index = sessions.firstIndex(startingAtOrAfter: from)
        while index < sessions.marks.count, sessions.marks[index].startedAt <= now {
            if !sessions.marks[index].rest { return sessions.marks[index].startedAt }
            index += 1
        }
        return nil
    }
}

/// The daily reminders of the last days as `gymbell stats` shows them: "18 reminders, 12 started, 4
/// snoozed, 2 ignored; on Mondays you snooze".
public struct ReminderStats: Codable, Equatable, Sendable {
    /// How many days back (today included).
    public var days: Int
    public var reminders: Int
    public var started: Int
    public var snoozed: Int
    public var skipped: Int
    public var ignored: Int
    /// Shown today and not answered yet (counted once its start window is over).
    public var open: Int
    /// Held by Do Not Disturb, a locked screen or absence, and shown later.
    public var held: Int
    /// Weekdays ("mon" …) whose reminder was snoozed more often than not (2 reminders or more), Monday first.
    public var snoozedWeekdays: [String]

    public static let defaultDays = 30

    public init(
        days: Int, reminders: Int = 0, started: Int = 0, snoozed: Int = 0, skipped: Int = 0, ignored: Int = 0, open: Int = 0,
        held: Int = 0, snoozedWeekdays: [String] = []
    ) {
        self.days = days
        self.reminders = reminders
        self.started = started
        self.snoozed = snoozed
        self.skipped = skipped
        self.ignored = ignored
        self.open = open
        self.held = held
        self.snoozedWeekdays = snoozedWeekdays
    }

    /// Counted over the `days` days up to `now`'s (today included).
    public init(_ outcomes: ReminderOutcomes, sessions: SessionMarks, days: Int = defaultDays, now: Date, timeZone: Zone) {
        self.init(days: days)
        let today = LocalDay(containing: now, in: timeZone)
        var byWeekday: [Weekday: (count: Int, snoozed: Int)] = [:]
        for outcome in outcomes.between(today.adding(days: -(max(1, days) - 1)), today) {
            reminders += 1
            if outcome.held { held += 1 }
            switch ReminderOutcomes.verdict(outcome, sessions: sessions, now: now, timeZone: timeZone) {
            case .started: started += 1
            case .snoozed: snoozed += 1
            case .skipped: skipped += 1
            case .ignored: ignored += 1
            case .open: open += 1
            }
            byWeekday[outcome.day.weekday, default: (0, 0)].count += 1
            if outcome.wasSnoozed { byWeekday[outcome.day.weekday, default: (0, 0)].snoozed += 1 }
        }
        snoozedWeekdays = Weekday.allCases.filter { weekday in
            guard let tally = byWeekday[weekday] else { return false }
            return tally.count >= 2 && tally.snoozed * 2 > tally.count
        }.map(\.rawValue)
    }

    enum CodingKeys: String, CodingKey {
        case days, reminders, started, snoozed, skipped, ignored, open, held
        case snoozedWeekdays = "snoozed_weekdays"
    }
}

/// `time = "auto"` following the snoozes: a weekday whose reminder was snoozed more often than not in
/// its latest `sampleSize` reminders (at least `minimumReminders` of them, within `horizonDays`) comes
/// at the median of the starts that followed those snoozed reminders that day — when the person
/// actually starts — once there are `minimumStarts` of them, and only where that is later than the
/// time otherwise planned.
public struct SnoozeShift: Sendable {
    public var sampleSize = 8
    public var minimumReminders = 3
    public var minimumStarts = 2
    public var horizonDays = 70

    public init() {}

    /// The moved reminder time for each weekday that is mostly snoozed (seconds since local midnight).
    public func movedStarts(_ outcomes: ReminderOutcomes, sessions: SessionMarks, now: Date, timeZone: Zone) -> [Weekday: Int] {
        let today = LocalDay(containing: now, in: timeZone)
        var latest: [Weekday: [ReminderOutcome]] = [:]
        for outcome in outcomes.between(today.adding(days: -horizonDays), today).reversed()
        where latest[outcome.day.weekday, default: []].count < sampleSize {
            latest[outcome.day.weekday, default: []].append(outcome)
        }
        var moved: [Weekday: Int] = [:]
        for (weekday, reminders) in latest where reminders.count >= minimumReminders {
            let snoozed = reminders.filter(\.wasSnoozed)
            guard snoozed.count * 2 > reminders.count else { continue }
            let starts = snoozed.compactMap { outcome -> Int? in
                let dayEnd = outcome.day.adding(days: 1).instant(at: LearnedTime.localTime(secondsSinceMidnight: 0), in: timeZone)
                guard let start = ReminderOutcomes.firstWorkoutStart(sessions, from: outcome.shownAt, now: now), start < dayEnd else { return nil }
                return LocalTime(of: start, in: timeZone).secondsSinceMidnight
            }
            guard starts.count >= minimumStarts, let median = LearnedTime.median(starts) else { continue }
            moved[weekday] = median.secondsSinceMidnight
        }
        return moved
    }

    /// `planned`, or the moved start when that is later.
    public static func applying(_ moved: Int?, to planned: LocalTime) -> LocalTime {
        guard let moved, moved > planned.secondsSinceMidnight else { return planned }
        return LearnedTime.localTime(secondsSinceMidnight: moved)
    }
}
