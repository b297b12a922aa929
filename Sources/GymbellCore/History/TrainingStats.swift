import FoundationEssentials

/// Streak and counts for `gymbell stats`, the milestones and the rest-day advice, from the history at `now`.
///
/// A session counts for the local day it started on, whatever its kind or outcome: starting one is
/// what "trained that day" means. Sessions that start after `now` are ignored.
public struct TrainingStats: Equatable, Sendable {
    /// Consecutive planned training days with a session, counting back from today. Today counts once
    /// trained, and an untrained today does not break the streak yet; a planned rest day neither
    /// breaks nor extends it; a missed training day breaks it. An empty program makes every day a
    /// training day.
    public var streak: Int
    /// Sessions started in this ISO week (Monday to Sunday, local).
    public var sessionsThisWeek: Int
    /// Sessions started in this calendar month (local).
    public var sessionsThisMonth: Int
    /// Consecutive days with a session, whatever the program says, ending today when trained today and
    /// yesterday otherwise (for the rest-day advice).
    public var consecutiveTrainingDays: Int

    public init(streak: Int, sessionsThisWeek: Int, sessionsThisMonth: Int, consecutiveTrainingDays: Int) {
        self.streak = streak
        self.sessionsThisWeek = sessionsThisWeek
        self.sessionsThisMonth = sessionsThisMonth
        self.consecutiveTrainingDays = consecutiveTrainingDays
    }

    public init(entries: [HistoryEntry], program: ProgrammePlan, now: Date, timeZone: Zone) {
        self.init(sessions: SessionMarks(entries: entries), program: program, now: now, timeZone: timeZone)
    }

    /// From what the engine keeps of the sessions: in time linear in the streak and this month's
    /// sessions, not in the history's length.
    public init(sessions: SessionMarks, program: ProgrammePlan, now: Date, timeZone: Zone) {
        let days = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        let today = LocalDay(containing: now, in: timeZone)
        streak = days.streak(endingOn: today, program: program)
        consecutiveTrainingDays = days.consecutiveDays(endingOn: today)

        let monday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        let (year, month, _) = today.civil
        let firstOfMonth = LocalDay(year: year, month: month, day: 1) ?? today
        var week = 0
        var monthCount = 0
        for day in days.sessionDays(from: min(monday, firstOfMonth)) {
            if day >= monday { week += 1 }
            if day >= firstOfMonth { monthCount += 1 }
        }
        sessionsThisWeek = week
        sessionsThisMonth = monthCount
    }
}

extension TrainingStats {
    /// The workouts done this ISO week (Monday to Sunday, local) — what the window's "This week" counts:
    /// completed sessions only, rest timers aside. A rest timer is no workout, and one ended before its
    /// end (a HIIT stopped after seconds, a workout ended early) is not counted as done.
    public static func workoutsThisWeek(_ entries: [HistoryEntry], now: Date, timeZone: Zone) -> Int {
        let today = LocalDay(containing: now, in: timeZone)
        let monday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        return workouts(entries, from: monday, through: today, now: now, timeZone: timeZone)
    }

    /// The workouts done (as `workoutsThisWeek` counts them) on the local days `first` through `last`,
    /// started by `now`: the weekly summary's week.
    public static func workouts(_ entries: [HistoryEntry], from first: LocalDay, through last: LocalDay, now: Date, timeZone: Zone) -> Int {
        entries.count { entry in
            guard entry.kind != .rest, entry.outcome == .completed, entry.startedAt <= now else { return false }
            let day = LocalDay(containing: entry.startedAt, in: timeZone)
            return day >= first && day <= last
        }
    }
}
