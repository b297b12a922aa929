import FoundationEssentials

/// Seed 002's rest-day advice: after `restAfterDays` consecutive days with a session, on a day with no
/// session yet, "Good rest day! 🌙" at `adviceTime` (local).
public struct RestAdviceRule: Equatable, Sendable {
    /// 0 turns the advice off.
    public var restAfterDays: Int
    public var adviceTime: LocalTime

    public init(restAfterDays: Int, adviceTime: LocalTime) {
        self.restAfterDays = restAfterDays
        self.adviceTime = adviceTime
    }

    public init(settings: DailyReminderSettings) {
        self.init(restAfterDays: settings.restAfterDays, adviceTime: settings.restAdviceTime)
    }

    /// The advice for `day`, judged on the sessions started before `now`: `day` has none, and the days
    /// just before it have at least `restAfterDays` in a row. Its due instant may lie before `now`.
    public func advice(on day: LocalDay, sessions: SessionMarks, now: Date, in timeZone: Zone) -> RestAdvice? {
        guard isDue(on: day, sessions: sessions, now: now, in: timeZone) else { return nil }
        let run = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone).consecutiveDays(endingOn: day)
        return RestAdvice(day: day, due: day.instant(at: adviceTime, in: timeZone), trainingDays: run)
    }

    /// Whether `day` gets the advice, the run before it counted only as far as `restAfterDays`.
    private func isDue(on day: LocalDay, sessions: SessionMarks, now: Date, in timeZone: Zone) -> Bool {
        guard restAfterDays > 0 else { return false }
        let days = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        return !days.contains(day) && days.consecutiveDays(endingOn: day, limit: restAfterDays) >= restAfterDays
    }

    public func advice(on day: LocalDay, history: [HistoryEntry], now: Date, in timeZone: Zone) -> RestAdvice? {
        advice(on: day, sessions: SessionMarks(entries: history), now: now, in: timeZone)
    }

    /// The first advice due strictly after `now`, today's or tomorrow's, as the history stands at `now`.
    /// Tomorrow's assumes no further session today; re-ask whenever a session starts, and confirm with
    /// `advice(on:…)` when it fires.
    public func next(after now: Date, sessions: SessionMarks, in timeZone: Zone) -> RestAdvice? {
        nextDay(after: now, sessions: sessions, in: timeZone).flatMap { advice(on: $0.day, sessions: sessions, now: now, in: timeZone) }
    }

    /// The day and instant of that advice, its run not counted (what the timer is armed for).
    public func nextDay(after now: Date, sessions: SessionMarks, in timeZone: Zone) -> (day: LocalDay, due: Date)? {
        let today = LocalDay(containing: now, in: timeZone)
        for day in [today, today.adding(days: 1)] {
            let due = day.instant(at: adviceTime, in: timeZone)
            if due > now, isDue(on: day, sessions: sessions, now: now, in: timeZone) { return (day, due) }
        }
        return nil
    }

    public func next(after now: Date, history: [HistoryEntry], in timeZone: Zone) -> RestAdvice? {
        next(after: now, sessions: SessionMarks(entries: history), in: timeZone)
    }
}

/// A rest-day advice due on one local day.
public struct RestAdvice: Equatable, Sendable {
    public var day: LocalDay
    public var due: Date
    /// The consecutive days with a session before `day`: the {n} of the text.
    public var trainingDays: Int

    public func reminder() -> Reminder {
        Reminder(id: ReminderID("rest-advice-\(day)"), kind: .restAdvice, due: due, content: .restAdvice(trainingDays: trainingDays))
    }
}
