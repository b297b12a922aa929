import FoundationEssentials

/// Streak at risk (Antrain): on a day the `[program]` plans a workout and none has started yet, at
/// `streak_warning_time` (local), "Streak at risk 🔥" — once, and only when the streak that would break
/// is at least `minimumStreak` training days. A config without a program plans nothing, so it never
/// warns (the streak there counts every day; the rest-day advice speaks to those days).
public struct StreakRiskRule: Equatable, Sendable {
    public var enabled: Bool
    public var time: LocalTime
    public var program: ProgrammePlan

    /// Shorter streaks are not worth an evening nudge.
    public static let minimumStreak = 3

    public init(enabled: Bool, time: LocalTime, program: ProgrammePlan) {
        self.enabled = enabled
        self.time = time
        self.program = program
    }

    public init(config: Config) {
        self.init(enabled: config.reminders.streakWarning, time: config.reminders.streakWarningTime, program: config.plan)
    }

    /// The warning for `day`, judged on the sessions started before `now`. Its due instant may lie
    /// before `now`.
    public func warning(on day: LocalDay, sessions: SessionMarks, now: Date, in timeZone: Zone) -> StreakRisk? {
        guard let workout = atRisk(day, sessions: sessions, now: now, in: timeZone) else { return nil }
        let days = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        return StreakRisk(
            day: day, due: day.instant(at: time, in: timeZone), streak: days.streak(endingOn: day, program: program), workout: workout)
    }

    /// The workout planned on `day` when it gets a warning: it sees no session yet, and the streak it
    /// would end is long enough — counted only that far (years of training cost nothing here).
    private func atRisk(_ day: LocalDay, sessions: SessionMarks, now: Date, in timeZone: Zone) -> String? {
        guard enabled, let workout = program.workout(on: day) else { return nil }
        let days = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        guard !days.contains(day) else { return nil }
        // An untrained `day` does not break the streak yet: this is the streak it would end.
        guard days.streak(endingOn: day, program: program, limit: Self.minimumStreak) >= Self.minimumStreak else { return nil }
        return workout
    }

    public func warning(on day: LocalDay, history: [HistoryEntry], now: Date, in timeZone: Zone) -> StreakRisk? {
        warning(on: day, sessions: SessionMarks(entries: history), now: now, in: timeZone)
    }

    /// The first warning due strictly after `now`, today's or on one of the next days the program
    /// plans, as the history stands at `now` (re-ask when a session starts).
    public func next(after now: Date, sessions: SessionMarks, in timeZone: Zone) -> StreakRisk? {
        nextDay(after: now, sessions: sessions, in: timeZone).flatMap { warning(on: $0.day, sessions: sessions, now: now, in: timeZone) }
    }

    /// The day and instant of that warning, its streak not counted (what the timer is armed for).
    public func nextDay(after now: Date, sessions: SessionMarks, in timeZone: Zone) -> (day: LocalDay, due: Date)? {
        let today = LocalDay(containing: now, in: timeZone)
        for offset in 0..<8 {
            let day = today.adding(days: offset)
            let due = day.instant(at: time, in: timeZone)
            if due > now, atRisk(day, sessions: sessions, now: now, in: timeZone) != nil { return (day, due) }
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
