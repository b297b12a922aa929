import FoundationEssentials

/// The commands that only read: what comes next, the status, the history and what it gives.
enum Queries {
    private static func start(ofLast days: Int, _ t: Turn) throws(CommandError) -> Date {
        try HistoryWindow.start(ofLast: days, now: t.now)
    }

    static func answer(_ command: Command, _ t: Turn) throws(CommandError) -> CommandReply {
        switch command {
        case .upcoming(let days): return .upcoming(try upcoming(days: days, t))
        case .status:
            return .status(StatusReport(
                session: t.state.session?.session, pending: pendingAgenda(t), nextDaily: t.state.nextDaily?.occurrence, now: t.now,
                messages: t.messages, storage: t.state.storage, held: AttentionRules.heldEntry(t), sync: t.state.sync))
        case .history(let days):
            // The sessions are read from the state database where they live (the daemon answers: issue 33).
            _ = try start(ofLast: days, t)
            throw .failed("the history is read from the state database, not from the engine")
        case .setLog(let days):
            // The log is read from the state database where it lives (the daemon answers it: issue 33).
            _ = try start(ofLast: days, t)
            throw .failed("the set log is read from the state database, not from the engine")
        case .weights:
            return .weights(WeightCommands.list(t))
        case .stats:
            var report = StatsReport(
                sessions: t.state.sessions, program: t.config.plan, now: t.now, timeZone: t.timeZone,
                volumeKilograms: t.state.progress.volumeKilograms)
            report.reminders = ReminderStats(t.state.outcomes, sessions: t.state.sessions, now: t.now, timeZone: t.timeZone)
            return .stats(report)
        case .records(let earlier):
            let progress = t.state.progress
            let records = progress.timeline(earlier: earlier, minPercent: t.config.progress.recordMinPercent)
            let rounds = t.state.roundBests.values.sorted { $0.workout < $1.workout }
            return .records(RecordsReport(bests: progress.bests, records: records, holds: progress.holds, rounds: rounds))
        case .suggest:
            return .suggest(SuggestReport(config: t.config, starts: t.learnedStarts, snoozeMoves: t.snoozeMoves))
        case .exportICS(let weeks): return .calendar(try exportICS(weeks: weeks, t))
        default: throw .unknownMethod("\(command) is not a query")
        }
    }

    /// The reminders still to come, in due order: one handed to the notification server is shown,
    /// not pending, though it stays in the store until the server has taken it (so a crash in
    /// between shows it again at start-up).
    static func pendingAgenda(_ t: Turn) -> [Reminder] {
        t.state.agenda.filter { t.state.inFlight[$0.id] == nil }
    }

    /// The daily reminders of the next `days` days and the pending ones, in order.
    static func upcoming(days: Int, _ t: Turn) throws(CommandError) -> [UpcomingEntry] {
        guard Limits.upcomingDays.contains(days) else { throw .invalidArgument("list 1 to 366 days, not \(days)") }
        // A daily reminder planned inside quiet hours comes when they end.
        let shownAt = { (due: Date) in t.config.quietHours?.release(for: due, in: t.timeZone) ?? due }
        let daily = t.planner.upcoming(after: t.now, days: days, in: t.timeZone, excluding: t.state.daily.quietDay)
            .map { daily in
                let text = daily.text(t.messages)
                return UpcomingEntry(due: shownAt(daily.occurrence), kind: daily.kind.rawValue, title: text.title, body: text.body, workout: daily.workoutName,
                    also: daily.also.isEmpty ? nil : daily.also.map(\.workout))
            }
        let horizon = t.now.addingTimeInterval(Double(days) * 86_400)
        let pending = (pendingAgenda(t) + SmartRules.upcoming(t))
            .filter { $0.due <= horizon }
            .map { reminder in
                let text = reminder.text(t.messages)
                return UpcomingEntry(due: reminder.due, kind: reminder.kind.rawValue, title: text.title, body: text.body, workout: nil)
            }
        return (daily + pending).sorted { $0.due < $1.due }
    }

    /// The program's workouts of the next `weeks` weeks, for a calendar.
    static func exportICS(weeks: Int, _ t: Turn) throws(CommandError) -> ProgramCalendar {
        guard Limits.exportWeeks.contains(weeks) else { throw .invalidArgument("export 1 to 52 weeks, not \(weeks)") }
        guard !t.config.plan.isEmpty else {
            throw .invalidArgument("no programme of \(t.context.configOrigin) plans a workout ([program] or [programs.NAME]), so there is nothing to export")
        }
        var learned: [Weekday: LocalTime] = [:]
        if t.config.reminders.autoTime {
            let starts = t.learnedStarts
            for weekday in Weekday.allCases {
                learned[weekday] = LearnedTime().usualStart(starts[weekday] ?? [])
            }
        }
        return ProgramCalendar(
            plan: t.config.plan, workouts: t.config.workouts, reminderTime: t.config.reminders.time, from: t.now, weeks: weeks,
            timeZone: t.timeZone, messages: t.messages, learnedStarts: learned, autoLead: t.config.reminders.autoLead,
            alarms: t.config.reminders.enabled)
    }
}

/// The last days of the history and of the set log that `history` and `history --sets` list.
public enum HistoryWindow {
    /// Where the last `days` days begin at `now`; 1 to 3660 days.
    public static func start(ofLast days: Int, now: Date) throws(CommandError) -> Date {
        guard Limits.historyDays.contains(days) else { throw .invalidArgument("list 1 to 3660 days, not \(days)") }
        return now.addingTimeInterval(-Double(days) * 86_400)
    }
}
