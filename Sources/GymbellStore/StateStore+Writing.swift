import FoundationEssentials
import GymbellCore

/// What the store writes, each change in one transaction: a session's life, the pending reminders,
/// the daily state.
extension StateStore {
    // MARK: A session's life

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

    // MARK: Pending reminders and the daily state

    /// Adds or replaces one reminder.
    public func add(_ reminder: Reminder) throws(StoreError) {
        try write { db in try StoreRows.insert(reminder, db) }
    }

    /// Removes reminders (shown or dropped). Removing is what makes "never twice" hold across restarts.
    public func remove(_ ids: [ReminderID]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids { try db.execute("DELETE FROM reminder WHERE id = ?", [id.rawValue]) }
        }
    }

    /// Removes every pending reminder of the given kinds; returns them.
    @discardableResult
    public func remove(kinds: Set<ReminderKind>) throws(StoreError) -> [Reminder] {
        try write { db in
            let names: [any StoreValue] = kinds.map(\.rawValue).sorted()
            let list = Array(repeating: "?", count: names.count).joined(separator: ", ")
            let matching = try StoreRows.reminders(db, where: "kind IN (\(list))", names)
            try db.execute("DELETE FROM reminder WHERE kind IN (\(list))", names)
            return matching
        }
    }

    public func save(_ state: DailyState) throws(StoreError) {
        try write(key: "daily_state") { db in
            try db.execute(
                "INSERT OR REPLACE INTO daily_state (id, last_handled, quiet_day, rest_advice_day, streak_warned_day) VALUES (1, ?, ?, ?, ?)",
                [state.lastHandled?.timeIntervalSince1970, state.quietDay?.daysSinceEpoch, state.restAdviceDay?.daysSinceEpoch,
                 state.streakWarnedDay?.daysSinceEpoch])
        }
    }
}
