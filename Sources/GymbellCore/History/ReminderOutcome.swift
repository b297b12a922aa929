import FoundationEssentials

/// What became of one day's daily workout reminder (issue 47, "what the reminders achieve"): when it was
/// first shown, the last answer given on it, how often it was snoozed, and whether it was held (Do Not
/// Disturb, a locked screen, away) and shown later. One per local day: a snoozed reminder coming back is
/// the same day's reminder. Kept in the state database for `keptDays` (two years), nothing more.
public struct ReminderOutcome: Equatable, Sendable {
    /// The answer last given on the reminder; "ignored" is not stored but read from an unanswered one
    /// whose start window has passed (`ReminderOutcomes.verdict`).
    public enum Answer: String, Sendable, CaseIterable {
        /// Shown, not answered (yet).
        case shown
        /// Start Workout (the button, a click on it, or a workout started by `gymbell start` or the window
        /// within `ReminderOutcomes.startWindow` after it was first shown).
        case started
        /// Snoozed (and not started since).
        case snoozed
        /// "Not today" (`gymbell skip-today`) after it was shown.
        case skipped
    }

    /// The reminder's local day.
    public var day: LocalDay
    /// When it was first shown that day.
    public var shownAt: Date
    public var answer: Answer
    /// How often it was snoozed that day (capped at `maximumSnoozes`).
    public var snoozes: Int
    /// It was held by Do Not Disturb, a locked screen or absence, and shown when that ended.
    public var held: Bool

    public static let maximumSnoozes = 1000
    /// How long outcomes are kept: two years of days.
    public static let keptDays = 731

    public init(day: LocalDay, shownAt: Date, answer: Answer = .shown, snoozes: Int = 0, held: Bool = false) {
        self.day = day
        self.shownAt = shownAt
        self.answer = answer
        self.snoozes = min(max(0, snoozes), Self.maximumSnoozes)
        self.held = held
    }

    /// It was snoozed at least once that day (whatever came after).
    public var wasSnoozed: Bool { snoozes > 0 || answer == .snoozed }
}

/// The kept outcomes, one per day, in day order; the engine's copy of the database's.
public struct ReminderOutcomes: Equatable, Sendable {
    public private(set) var days: [ReminderOutcome] = []

    public init() {}

    public init(_ outcomes: some Sequence<ReminderOutcome>) {
        var byDay: [LocalDay: ReminderOutcome] = [:]
        for outcome in outcomes { byDay[outcome.day] = outcome }
        days = byDay.values.sorted { $0.day < $1.day }
    }

    public subscript(day: LocalDay) -> ReminderOutcome? {
        guard let index = index(of: day) else { return nil }
        return days[index]
    }

    /// Adds or replaces the day's outcome, and forgets those older than `ReminderOutcome.keptDays` before it.
    public mutating func keep(_ outcome: ReminderOutcome) {
        if let index = index(of: outcome.day) {
            days[index] = outcome
        } else {
            let at = days.firstIndex { $0.day > outcome.day } ?? days.count
            days.insert(outcome, at: at)
        }
        let oldest = Self.oldestKept(for: days.last?.day ?? outcome.day)
        if let first = days.first, first.day < oldest { days.removeAll { $0.day < oldest } }
    }

    /// The oldest day kept when `latest` is the newest.
    public static func oldestKept(for latest: LocalDay) -> LocalDay { latest.adding(days: -(ReminderOutcome.keptDays - 1)) }

    /// Those of the days `from` through `through`.
    public func between(_ from: LocalDay, _ through: LocalDay) -> ArraySlice<ReminderOutcome> {
        let start = days.firstIndex { $0.day >= from } ?? days.count
        let end = days.firstIndex { $0.day > through } ?? days.count
        return start < end ? days[start..<end] : []
    }

    private func index(of day: LocalDay) -> Int? {
        // Nearly always today's or yesterday's: looked for from the end.
        var index = days.count
        while index > 0 {
            index -= 1
            if days[index].day == day { return index }
            if days[index].day < day { return nil }
        }
        return nil
    }
}

/// How the engine notes what a daily reminder became: the change to keep, or nil when nothing changes.
public enum OutcomeNoting {
    /// The day's reminder was shown at `now` (a snoozed one coming back keeps the first showing).
    public static func shown(on day: LocalDay, at now: Date, held: Bool, _ outcomes: ReminderOutcomes) -> ReminderOutcome? {
        if var known = outcomes[day] {
            guard held, !known.held, known.answer == .shown else { return nil }
            known.held = true
            return known
        }
        return ReminderOutcome(day: day, shownAt: now, held: held)
    }

    /// Snoozed: counted; a started reminder stays started.
    public static func snoozed(on day: LocalDay, _ outcomes: ReminderOutcomes) -> ReminderOutcome? {
        guard var known = outcomes[day] else { return nil }
        known.snoozes = min(known.snoozes + 1, ReminderOutcome.maximumSnoozes)
        if known.answer != .started { known.answer = .snoozed }
        return known
    }

    /// A workout started at `now`: the day's reminder counts as started when it came within the window before.
    public static func started(on day: LocalDay, at now: Date, _ outcomes: ReminderOutcomes) -> ReminderOutcome? {
        guard var known = outcomes[day], known.answer != .started, known.shownAt <= now,
            now.timeIntervalSince(known.shownAt) <= ReminderOutcomes.startWindow
        else { return nil }
        known.answer = .started
        return known
    }

    /// Skip today after the reminder was shown (a started one stays started).
    public static func skipped(on day: LocalDay, _ outcomes: ReminderOutcomes) -> ReminderOutcome? {
        guard var known = outcomes[day], known.answer == .shown || known.answer == .snoozed else { return nil }
        known.answer = .skipped
        return known
    }
}
