import FoundationEssentials

/// Streak at risk (Antrain): on a day the `[program]` plans a workout and none has started yet, at
/// `streak_warning_time` (local), "Streak at risk 🔥" — once, and only when the streak that would break
/// is at least `minimumStreak` training days. A config without a program plans nothing, so it never
/// warns (the streak there counts every day; the rest-day advice speaks to those days).
public struct StreakRiskRule: Equatable, Sendable {
    public var enabled: Bool
    public var time: LocalTime
    public var program: [Weekday: String]

    /// Shorter streaks are not worth an evening nudge.
    public static let minimumStreak = 3

    public init(enabled: Bool, time: LocalTime, program: [Weekday: String]) {
        self.enabled = enabled
        self.time = time
        self.program = program
    }

    public init(config: Config) {
        self.init(enabled: config.reminders.streakWarning, time: config.reminders.streakWarningTime, program: config.program)
    }

    /// The warning for `day`, judged on the sessions started before `now`. Its due instant may lie
    /// before `now`.
    public func warning(on day: LocalDay, sessions: SessionMarks, now: Date, in timeZone: Zone) -> StreakRisk? {
        guard enabled, let workout = program[day.weekday] else { return nil }
        let days = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        guard !days.contains(day) else { return nil }
        // An untrained `day` does not break the streak yet: this is the streak it would end.
        let streak = days.streak(endingOn: day, program: program)
        guard streak >= Self.minimumStreak else { return nil }
        return StreakRisk(day: day, due: day.instant(at: time, in: timeZone), streak: streak, workout: workout)
    }

    public func warning(on day: LocalDay, history: [HistoryEntry], now: Date, in timeZone: Zone) -> StreakRisk? {
        warning(on: day, sessions: SessionMarks(entries: history), now: now, in: timeZone)
    }

    /// The first warning due strictly after `now`, today's or on one of the next days the program
    /// plans, as the history stands at `now` (re-ask when a session starts).
    public func next(after now: Date, sessions: SessionMarks, in timeZone: Zone) -> StreakRisk? {
        let today = LocalDay(containing: now, in: timeZone)
        for offset in 0..<8 {
            let day = today.adding(days: offset)
            if let risk = warning(on: day, sessions: sessions, now: now, in: timeZone), risk.due > now { return risk }
        }
        return nil
    }

    public func next(after now: Date, history: [HistoryEntry], in timeZone: Zone) -> StreakRisk? {
        next(after: now, sessions: SessionMarks(entries: history), in: timeZone)
    }
}

/// A streak-at-risk warning due on one local day.
public struct StreakRisk: Equatable, Sendable {
    public var day: LocalDay
    public var due: Date
    /// The training days in a row that break unless `day` sees a session.
    public var streak: Int
    /// The `[workouts]` name planned that day.
    public var workout: String

    public func reminder(title: String?) -> Reminder {
        Reminder(id: ReminderID("streak-risk-\(day)"), kind: .streakAtRisk, due: due, content: .streakAtRisk(streak: streak, workout: title))
    }
}
