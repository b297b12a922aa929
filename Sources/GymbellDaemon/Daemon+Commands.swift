import Foundation
import GymbellCore

/// The commands of the control interface, as typed calls: each is one `Command` for the engine.
extension Daemon {
    /// Starts a rest timer of `seconds` (the configured default when nil), replacing any session.
    public func rest(seconds: TimeInterval?) throws(CommandError) -> Date {
        try answer(.rest(seconds: seconds)) { if case .until(let end) = $0 { end } else { nil } }
    }

    /// Moves the end of the running rest (and its warning) by `delta` seconds.
    public func adjustRest(by delta: TimeInterval) throws(CommandError) -> Date {
        try answer(.adjustRest(by: delta)) { if case .until(let end) = $0 { end } else { nil } }
    }

    /// Records a finished set of the running strength workout; says what comes next.
    public func setDone() throws(CommandError) -> String { try text(.setDone) }

    public func hiit(_ plan: HIITPlan, title: String? = nil, workout: String? = nil) throws(CommandError) -> SessionPlan {
        try answer(.hiit(plan, title: title, workout: workout)) { if case .session(let plan) = $0 { plan } else { nil } }
    }

    public func walkRun(_ plan: WalkRunPlan, title: String? = nil, workout: String? = nil) throws(CommandError) -> SessionPlan {
        try answer(.walkRun(plan, title: title, workout: workout)) { if case .session(let plan) = $0 { plan } else { nil } }
    }

    /// Starts the named workout or today's planned one; runs `start_command`.
    @discardableResult
    public func startWorkout(named name: String?) throws(CommandError) -> String { try text(.start(workout: name)) }

    /// Ends the active session; returns it and the reminders that were cancelled.
    public func stop() throws(CommandError) -> StatusReport {
        try answer(.stop) { if case .stopped(let report) = $0 { report } else { nil } }
    }

    /// Shows the daily reminder again after `minutes` (the configured snooze when nil).
    public func snooze(minutes: Int?) throws(CommandError) -> Reminder {
        try answer(.snooze(minutes: minutes)) { if case .snoozed(let reminder) = $0 { reminder } else { nil } }
    }

    /// No more daily reminder today; returns the next one.
    public func skipToday() throws(CommandError) -> Date? {
        try answer(.skipToday) { if case .nextDaily(let next) = $0 { .some(next) } else { nil } }
    }

    /// Carries on with a paused workout.
    public func resume() throws(CommandError) -> String { try text(.resume) }

    public func upcoming(days: Int) throws(CommandError) -> [UpcomingEntry] {
        try answer(.upcoming(days: days)) { if case .upcoming(let list) = $0 { list } else { nil } }
    }

    public func status() -> StatusReport {
        (try? answer(.status) { if case .status(let report) = $0 { report } else { nil } })
            ?? StatusReport(session: nil, pending: [], nextDaily: nil, now: Date())
    }

    /// Sessions started in the last `days` days, oldest first.
    public func history(days: Int) throws(CommandError) -> [HistoryEntry] {
        try answer(.history(days: days)) { if case .history(let list) = $0 { list } else { nil } }
    }

    public func stats() throws(CommandError) -> StatsReport {
        try answer(.stats) { if case .stats(let report) = $0 { report } else { nil } }
    }

    public func suggest() throws(CommandError) -> SuggestReport {
        try answer(.suggest) { if case .suggest(let report) = $0 { report } else { nil } }
    }

    /// The program's workouts of the next `weeks` weeks as iCalendar text.
    public func exportICS(weeks: Int) throws(CommandError) -> String {
        try answer(.exportICS(weeks: weeks)) { if case .calendar(let text) = $0 { text } else { nil } }
    }

    private func text(_ command: Command) throws(CommandError) -> String {
        try answer(command) { if case .text(let text) = $0 { text } else { nil } }
    }

    private func answer<T>(_ command: Command, _ extract: (CommandReply) -> T?) throws(CommandError) -> T {
        switch run(command) {
        case .failure(let error): throw error
        case .success(let reply):
            guard let value = extract(reply) else { throw .failed("the engine answered \(command) with \(reply)") }
            return value
        }
    }
}
