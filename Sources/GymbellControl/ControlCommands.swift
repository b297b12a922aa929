import Foundation
import GymbellCore

/// What the control interface asks of the daemon: one command per method of the contract
/// (`Daemon` conforms; tests use a fake that records the calls).
public protocol ControlCommands: AnyObject {
    /// A rest of `seconds`, or of the configured default when nil; returns when it ends.
    func rest(seconds: TimeInterval?) throws(CommandError) -> Date
    func adjustRest(by delta: TimeInterval) throws(CommandError) -> Date
    func hiit(_ plan: HIITPlan, title: String?, workout: String?) throws(CommandError) -> SessionPlan
    func walkRun(_ plan: WalkRunPlan, title: String?, workout: String?) throws(CommandError) -> SessionPlan
    /// The named workout, or today's planned one when nil; returns a sentence saying what started.
    func startWorkout(named name: String?) throws(CommandError) -> String
    func setDone() throws(CommandError) -> String
    func stop() throws(CommandError) -> StatusReport
    /// Snoozes for `minutes`, or for the configured snooze_minutes when nil.
    func snooze(minutes: Int?) throws(CommandError) -> Reminder
    /// The next daily reminder after today, if one is planned.
    func skipToday() throws(CommandError) -> Date?
    func upcoming(days: Int) throws(CommandError) -> [UpcomingEntry]
    func status() -> StatusReport
    func resume() throws(CommandError) -> String
    func history(days: Int) throws(CommandError) -> [HistoryEntry]
    func stats() throws(CommandError) -> StatsReport
    func suggest() throws(CommandError) -> SuggestReport
    func exportICS(weeks: Int) throws(CommandError) -> String
}
