import FoundationEssentials
import GymbellCore

/// The daemon's lasting state in SQLite: the active session, pending reminders, the history, the
/// daily-reminder memory. Every change is one transaction, so a daemon killed at any moment restarts
/// from a consistent state. While the file cannot be written, the state lives in memory and is saved
/// when it can be (StoreConnection).
public final class StateStore {
    let connection: StoreConnection

    /// Where the database lives; nil when it is kept in memory.
    public var path: String? { connection.path }
    /// Why state is not being saved (or was replaced); nil while all is well.
    public var problem: StorageProblem? { connection.problem }
    /// When `saveUnsaved(at:)` next tries to write the file.
    public var nextSaveAttempt: Date? { connection.nextSaveAttempt }
    /// Whether changes live only in memory now (they are saved when the file can be written).
    public var isSavingDeferred: Bool { connection.isSavingDeferred }
    static let firstRetry = StoreConnection.firstRetry

    /// Opens (creating if needed) the database at `path`, readable by its owner only, and checks that
    /// it is intact and writable. Throws when it is not (see `StoreError.cause`).
    public init(path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeout: busyTimeout, clock: clock)
    }

    /// A store that lasts only as long as the process (tests).
    public init() throws(StoreError) { connection = try StoreConnection() }

    private init(_ connection: StoreConnection) { self.connection = connection }

    /// The store for the daemon: never fails (see `StoreConnection.open`); `problem` says what happened.
    public static func open(
        path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init, checkingWritable: Bool = true
    ) -> StateStore {
        StateStore(StoreConnection.open(path: path, busyTimeout: busyTimeout, clock: clock, checkingWritable: checkingWritable))
    }

    /// For a store opened without `checkingWritable`: whether the file can be written is found out
    /// now; if not the store goes on in memory (`problem`). Returns whether it found a problem.
    @discardableResult
    public func checkWritable() -> Bool { connection.checkWritable() }

    /// Writes the changes kept in memory into the file, if an attempt is due at `now` (or `force`).
    @discardableResult
    public func saveUnsaved(at now: Date, force: Bool = false) -> Bool { connection.saveUnsaved(at: now, force: force) }

    /// Gives back the memory SQLite keeps and can read again (when the daemon is idle again).
    public func releaseMemory() { connection.releaseMemory() }

    /// Thousands of SQLite instructions `body` cost (tests: a change must not walk every reminder).
    func countingSQLiteInstructions(_ body: () throws -> Void) rethrows -> Int {
        try connection.countingSQLiteInstructions(body)
    }

    /// Closes the database, folding the write-ahead log back into the file.
    public func close() { connection.close() }

    // MARK: Reading

    public func pendingReminders() throws(StoreError) -> [Reminder] {
        try read { db in try StoreRows.reminders(db) }.sorted(by: Reminder.dueOrder)
    }

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

    public func setNoticeID(_ id: UInt32, of session: SessionID) throws(StoreError) {
        try write(key: "notice_id \(session.rawValue)") { db in
            try db.execute("UPDATE session SET notice_id = ? WHERE id = ?", [Int64(id), session.rawValue])
        }
    }

    public func dailyState() throws(StoreError) -> DailyState {
        try read { db in
            guard let row = try db.row("SELECT * FROM daily_state WHERE id = 1") else { return DailyState() }
            return DailyState(
                lastHandled: StoreRows.date(row, "last_handled"),
                quietDay: (row["quiet_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)),
                restAdviceDay: (row["rest_advice_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)),
                streakWarnedDay: (row["streak_warned_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)))
        }
    }

    // MARK: Writing

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

    // MARK: History

    /// Sessions started at or after `since` (all of them when nil), oldest first.
    public func history(since: Date? = nil) throws(StoreError) -> [HistoryEntry] {
        try read { db in
            try db.rows(
                "SELECT * FROM session WHERE started_at >= ? ORDER BY started_at, id",
                [since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude]
            ).compactMap(StoreRows.historyEntry(from:))
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

    // MARK: Training progress

    /// The set log, planned weights and dismissed overload suggestions.
    public var progress: StoredProgress { StoredProgress(connection: connection) }

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

    private func read<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T { try connection.read(body) }

    private func write<T>(key: String? = nil, _ body: @escaping (StoreDatabase) throws -> T) throws(StoreError) -> T {
        try connection.write(key: key, body)
    }
}
