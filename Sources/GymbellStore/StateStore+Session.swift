import FoundationEssentials
import GymbellCore

/// A session's life in the store, each change in one transaction: started, replanned, showing
/// life, finished, stopped or abandoned; the running one and the server's id of its notification.
extension StateStore {
    public func activeSession() throws(StoreError) -> Session? {
        try read { db in
            try db.row("SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1").flatMap(StoreRows.session(from:))
        }
    }

    /// The server's id of the notification that shows `session` (nil: none known).
    public func noticeID(of session: SessionID) throws(StoreError) -> UInt32? {
        try read { db in
            try db.value("SELECT notice_id FROM session WHERE id = ?", [session.rawValue], as: Int64.self).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    /// The running session's history entry and how many paused-workout reminders it has had.
    public func runningEntry() throws(StoreError) -> (entry: HistoryEntry, pauseReminders: Int)? {
        try read { db in
            guard let row = try db.row("SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1"),
                let entry = StoreRows.historyEntry(from: row)
            else { return nil }
            return (entry, row["pause_reminders"] as Int? ?? 0)
        }
    }

    public func setNoticeID(_ id: UInt32, of session: SessionID) throws(StoreError) {
        try write(key: "notice_id \(session.rawValue)") { db in
            try db.execute("UPDATE session SET notice_id = ? WHERE id = ?", [Int64(id), session.rawValue])
        }
    }

    /// Makes `plan` the active session, recorded in the history as running (`workout`: its `[workouts]`
    /// name); the previous one is recorded as stopped and its pending reminders are cancelled.
    /// Returns the reminders that were cancelled.
    /// A session with an empty id, or one the history already has, is refused as the bug it is
    /// (issue 27: it replaced the earlier workout) and nothing is written.
    @discardableResult
    public func start(_ plan: SessionPlan, workout: String? = nil) throws(StoreError) -> [Reminder] {
        try refuseReusing(plan.session.id)
        return try write { db in try SessionWrites.start(plan, workout: workout, db) }
    }

    /// Throws when `id` cannot start a session: empty, or already in the history. Checked before the
    /// write, so that the refusal is not taken for a file that cannot be written.
    private func refuseReusing(_ id: SessionID) throws(StoreError) {
        let used: Bool
        if id.rawValue.isEmpty {
            used = true
        } else {
            used = try read { db in try db.value("SELECT 1 FROM session WHERE id = ?", [id.rawValue], as: Int.self) != nil }
        }
        guard used else { return }
        throw StoreError(
            path: connection.path ?? ":memory:", cause: .ioError,
            reason: "refused to start a session with the \(id.rawValue.isEmpty ? "empty id" : "id \"\(id.rawValue)\" of an earlier one")"
                + " (a bug in gymbell; the history was left as it was)")
    }

    /// Ends the active session at `now`, recorded as stopped, and cancels its pending reminders; returns them.
    @discardableResult
    public func stopSession(at now: Date) throws(StoreError) -> [Reminder] {
        try write { db in try SessionWrites.cancelRunning(as: .stopped, at: now, db) }
    }

    /// Ends `session` at `now`, recorded as completed (its last reminder was shown), if it is still running.
    public func finish(_ session: SessionID, at now: Date) throws(StoreError) {
        try write { db in try SessionWrites.finish(session, at: now, db) }
    }

    /// Ends a running `session` as abandoned: it really ended with its last progress. Its pending
    /// reminders are cancelled and returned.
    @discardableResult
    public func abandon(_ session: SessionID) throws(StoreError) -> [Reminder] {
        try write { db in try SessionWrites.abandon(session, db) }
    }

    /// Replaces a session's pending reminders, end, detail and timeline (a rest adjusted by ±S, a set
    /// recorded, an interval session paused, resumed or skipped ahead).
    /// With `progressAt` the session showed life then: the paused-workout rule counts afresh from it.
    public func replan(_ plan: SessionPlan, progressAt: Date? = nil) throws(StoreError) {
        try write { db in try SessionWrites.replan(plan, progressAt: progressAt, db) }
    }

    /// The session showed life at `instant` (resumed): the paused-workout rule counts afresh from it,
    /// and its pending paused-workout reminders are dropped.
    public func recordProgress(_ session: SessionID, at instant: Date) throws(StoreError) {
        try write { db in try SessionWrites.recordProgress(session, at: instant, db) }
    }

    /// How many paused-workout reminders `session` has had since its last progress.
    public func notePauseReminder(_ number: Int, of session: SessionID) throws(StoreError) {
        try write { db in
            try db.execute("UPDATE session SET pause_reminders = ? WHERE id = ?", [number, session.rawValue])
        }
    }
}
