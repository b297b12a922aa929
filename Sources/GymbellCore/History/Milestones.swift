import FoundationEssentials

/// An achievement worth one celebration (seed 002 "Achievement Notifications").
public enum Milestone: Hashable, Sendable, Codable {
    /// The training streak reached 7, 30, 60, 90 … days.
    case streak(Int)
    /// Completed workouts (rest timers aside) reached 10, 50, 100, 200, 300 …
    case workoutsCompleted(Int)

    public static func isStreakMilestone(_ streak: Int) -> Bool {
        streak == 7 || (streak >= 30 && streak % 30 == 0)
    }

    public static func isWorkoutCountMilestone(_ count: Int) -> Bool {
        count == 10 || count == 50 || (count >= 100 && count % 100 == 0)
    }
}

/// Which milestones a session's completion reaches: those passed between the history without the
/// session and with it, so that a second session on the same day, or one on a rest day, reaches none.
public enum MilestoneRule {
    /// `history` already holds `session` as completed ([] when it does not).
    public static func reached(
        byCompleting session: SessionID, history: [HistoryEntry], program: [Weekday: String], now: Date, timeZone: Zone
    ) -> [Milestone] {
        guard let completed = history.first(where: { $0.id == session && $0.outcome == .completed }) else { return [] }
        // Before it: without it, and without the other sessions of its day that did not complete (a
        // session stopped earlier that day made the day count, but celebrated nothing).
        let day = LocalDay(containing: completed.startedAt, in: timeZone)
        let before = history.filter { entry in
            entry.id != session && !(entry.outcome != .completed && LocalDay(containing: entry.startedAt, in: timeZone) == day)
        }
        let streakBefore = TrainingStats(entries: before, program: program, now: now, timeZone: timeZone).streak
        let streakAfter = TrainingStats(entries: history, program: program, now: now, timeZone: timeZone).streak
        let countBefore = completedWorkouts(before, now: now)
        let countAfter = completedWorkouts(history, now: now)

        var reached: [Milestone] = []
        if streakAfter > streakBefore {
            reached += (streakBefore + 1...streakAfter).filter(Milestone.isStreakMilestone).map(Milestone.streak)
        }
        if countAfter > countBefore {
            reached += (countBefore + 1...countAfter).filter(Milestone.isWorkoutCountMilestone).map(Milestone.workoutsCompleted)
        }
        return reached
    }

    /// One celebration for everything reached at once; nil when nothing was.
    public static func reminder(
        for milestones: [Milestone], session: SessionID, at now: Date
    ) -> Reminder? {
        guard !milestones.isEmpty else { return nil }
        return Reminder(id: ReminderID("\(session)-milestone"), kind: .milestone, due: now, content: .milestones(milestones))
    }

    private static func completedWorkouts(_ history: [HistoryEntry], now: Date) -> Int {
        history.count { $0.outcome == .completed && $0.kind != .rest && $0.startedAt <= now }
    }
}
