import FoundationEssentials

/// An achievement worth one celebration (seed 002 "Achievement Notifications").
public enum Milestone: Hashable, Sendable, Codable {
    /// The training streak reached 7, 30, 60, 90 … days.
    case streak(Int)
    /// Completed workouts (rest timers aside) reached 10, 50, 100, 200, 300 …
    case workoutsCompleted(Int)
    /// Kilograms lifted in all logged sets (reps × weight) reached 10 000, 25 000, 50 000, 100 000, then
    /// every 100 000.
    case volume(Int)
    /// Weeks in a row of regular training (`regularWeekDays` days with a session, Monday to Sunday)
    /// reached 13 (three months), 26, 52, then every 52.
    case consistency(weeks: Int)

    public static func isStreakMilestone(_ streak: Int) -> Bool {
        streak == 7 || (streak >= 30 && streak % 30 == 0)
    }

    public static func isWorkoutCountMilestone(_ count: Int) -> Bool {
        count == 10 || count == 50 || (count >= 100 && count % 100 == 0)
    }

    /// The volume marks passed going from `before` to `after` kilograms.
    public static func volumeMarks(from before: Double, to after: Double) -> [Int] {
        guard after > before else { return [] }
        var marks: [Int] = []
        var mark = 10_000
        while Double(mark) <= after {
            if Double(mark) > before { marks.append(mark) }
            mark = mark < 25_000 ? 25_000 : mark < 50_000 ? 50_000 : mark < 100_000 ? 100_000 : mark + 100_000
        }
        return marks
    }

    public static func isConsistencyMilestone(_ weeks: Int) -> Bool {
        weeks == 13 || weeks == 26 || (weeks >= 52 && weeks % 52 == 0)
    }

    /// A week counts as regular with sessions on at least this many days.
    public static let regularWeekDays = 2
}

/// Which milestones a session's completion reaches: those passed between the history without the
/// session and with it, so that a second session on the same day, or one on a rest day, reaches none.
public enum MilestoneRule {
    /// `history` already holds `session` as completed ([] when it does not).
    public static func reached(
        byCompleting session: SessionID, history: [HistoryEntry], program: ProgrammePlan, now: Date, timeZone: Zone,
        volume: (before: Double, after: Double) = (0, 0)
    ) -> [Milestone] {
        guard let completed = history.first(where: { $0.id == session && $0.outcome == .completed }) else { return [] }
        let sessions = SessionMarks(entries: history)
        guard let mark = sessions.index(of: SessionMarks.Mark(completed)) else { return [] }
        return reached(completing: mark, sessions: sessions, program: program, now: now, timeZone: timeZone, volume: volume)
    }

    /// `mark`: the completed session's index in `sessions`, which hold it as completed.
    public static func reached(
        completing mark: Int, sessions: SessionMarks, program: ProgrammePlan, now: Date, timeZone: Zone,
        volume: (before: Double, after: Double) = (0, 0)
    ) -> [Milestone] {
        // Before it: without it, and without the other sessions of its day that did not complete (a
        // session stopped earlier that day made the day count, but celebrated nothing).
        let before = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone, leavingOut: mark)
        let after = TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone)
        let today = LocalDay(containing: now, in: timeZone)
        let streakBefore = before.streak(endingOn: today, program: program)
        let streakAfter = after.streak(endingOn: today, program: program)
        let countAfter = sessions.completedWorkouts(atOrBefore: now)
        let counted = sessions.marks[mark].completedWorkout && sessions.marks[mark].startedAt <= now
        let countBefore = countAfter - (counted ? 1 : 0)

        var reached: [Milestone] = []
        if streakAfter > streakBefore {
            reached += (streakBefore + 1...streakAfter).filter(Milestone.isStreakMilestone).map(Milestone.streak)
        }
        if countAfter > countBefore {
            reached += (countBefore + 1...countAfter).filter(Milestone.isWorkoutCountMilestone).map(Milestone.workoutsCompleted)
        }
        let weeksBefore = before.regularWeeks(endingWith: today)
        let weeksAfter = after.regularWeeks(endingWith: today)
        if weeksAfter > weeksBefore {
            reached += (weeksBefore + 1...weeksAfter).filter(Milestone.isConsistencyMilestone).map { Milestone.consistency(weeks: $0) }
        }
        reached += Milestone.volumeMarks(from: volume.before, to: volume.after).map(Milestone.volume)
        return reached
    }

    /// Weeks in a row, Monday to Sunday, each with sessions on `Milestone.regularWeekDays` days or
    /// more, ending with this week when it is regular already and with last week otherwise.
    public static func regularWeeks(_ history: [HistoryEntry], now: Date, timeZone: Zone) -> Int {
        regularWeeks(SessionMarks(entries: history), now: now, timeZone: timeZone)
    }

    public static func regularWeeks(_ sessions: SessionMarks, now: Date, timeZone: Zone) -> Int {
        TrainingDays(sessions: sessions, upTo: now, timeZone: timeZone).regularWeeks(endingWith: LocalDay(containing: now, in: timeZone))
    }

    /// One celebration for everything reached at once; nil when nothing was.
    public static func reminder(
        for milestones: [Milestone], session: SessionID, at now: Date
    ) -> Reminder? {
        guard !milestones.isEmpty else { return nil }
        return Reminder(id: ReminderID("\(session)-milestone"), kind: .milestone, due: now, content: .milestones(milestones))
    }
}
