import Foundation
import GymbellCore
import GymbellStore

/// The commands that read the training history: `history`, `stats`, `suggest`, `export-ics`.
extension Daemon {
    /// Sessions started in the last `days` days, oldest first.
    public func history(days: Int) throws(CommandError) -> [HistoryEntry] {
        guard Limits.historyDays.contains(days) else { throw .invalidArgument("list 1 to 3660 days, not \(days)") }
        let since = now.addingTimeInterval(-Double(days) * 86_400)
        return try run { () throws(StoreError) in try store.history(since: since) }
    }

    /// Streak and counts.
    public func stats() throws(CommandError) -> StatsReport {
        let history = try run { () throws(StoreError) in try store.history() }
        return StatsReport(history: history, program: config.program, now: now, timeZone: environment.timeZone())
    }

    /// The start times learned per weekday and the daily reminder times they give.
    public func suggest() throws(CommandError) -> SuggestReport {
        let now = self.now
        let history = try run { () throws(StoreError) in try store.history(since: now.addingTimeInterval(-Self.historyHorizon)) }
        return SuggestReport(config: config, history: history, now: now, timeZone: environment.timeZone())
    }

    /// The program's workouts of the next `weeks` weeks as iCalendar text.
    public func exportICS(weeks: Int) throws(CommandError) -> String {
        guard Limits.exportWeeks.contains(weeks) else { throw .invalidArgument("export 1 to 52 weeks, not \(weeks)") }
        guard !config.program.isEmpty else {
            throw .invalidArgument("the [program] of \(loaded.origin) plans no workouts, so there is nothing to export")
        }
        let now = self.now
        let timeZone = environment.timeZone()
        var learned: [Weekday: LocalTime] = [:]
        if config.reminders.autoTime {
            let history = try run { () throws(StoreError) in try store.history(since: now.addingTimeInterval(-Self.historyHorizon)) }
            for weekday in Weekday.allCases {
                learned[weekday] = LearnedTime().usualStart(on: weekday, history: history, now: now, in: timeZone)
            }
        }
        return ICalendarExport.ics(
            program: config.program, workouts: config.workouts, reminderTime: config.reminders.time, from: now, weeks: weeks,
            timeZone: timeZone, messages: messages, learnedStarts: learned, autoLead: config.reminders.autoLead,
            alarms: config.reminders.enabled)
    }
}
