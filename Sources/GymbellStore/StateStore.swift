import Foundation
import GRDB
import GymbellCore

/// The daemon's lasting state in SQLite: the active session, pending reminders, daily-reminder memory.
/// Every change is one transaction, so a daemon killed at any moment restarts from a consistent state.
///
/// "Cannot write now" (a full disk, a read-only directory, a lock) is not damage: the store then runs
/// on a copy in memory, keeps every change it makes there in a journal, and replays the journal into
/// the file when it can be written again (`saveUnsaved`). Only a database SQLite itself reports
/// damaged is moved aside (`open(path:)`).
public final class StateStore {
    /// Where reads and writes go: the file, or its copy in memory while the file cannot be written.
    private var database: DatabaseQueue
    /// The file's connection while it is open; nil when it could not be opened for writing.
    private var file: DatabaseQueue?
    /// Changes made in memory that the file does not have yet, in order; keyed ones replace their
    /// predecessor with the same key (the daily state is written whole on every re-plan).
    private var journal: [(key: String?, apply: (Database) throws -> Void)] = []
    private var inMemoryCopy: Bool
    /// Where the database lives; nil when it is kept in memory.
    public let path: String?
    /// Why state is not being saved (or was replaced); nil while all is well.
    public private(set) var problem: StorageProblem?
    /// When `saveUnsaved(at:)` next tries to write the file.
    public private(set) var nextSaveAttempt: Date?
    private var saveBackoff: TimeInterval = StateStore.firstRetry
    private let clock: () -> Date
    /// How long a write waits for another program's lock (retries wait much less: they must not stall the daemon).
    private let busyTimeout: TimeInterval

    static let firstRetry: TimeInterval = 5
    static let longestRetry: TimeInterval = 300
    static let retryBusyTimeout: TimeInterval = 0.1

    /// Opens (creating if needed) the database at `path`, readable by its owner only, and checks
    /// that it is intact and writable. Throws when it is not (see `StoreError.cause`).
    public init(path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init) throws(StoreError) {
        self.path = path
        self.clock = clock
        self.busyTimeout = busyTimeout
        database = try Self.openFile(path, busyTimeout: busyTimeout)
        file = database
        inMemoryCopy = false
    }

    /// A store that lasts only as long as the process (tests).
    public init() throws(StoreError) {
        path = nil
        clock = Date.init
        busyTimeout = 2
        inMemoryCopy = false
        do {
            database = try DatabaseQueue()
            try StoreSchema.migrator.migrate(database)
        } catch {
            throw StoreError(path: ":memory:", error: error)
        }
    }

    private init(memoryCopyOf path: String, problem: StorageProblem, busyTimeout: TimeInterval, clock: @escaping () -> Date) {
        self.path = path
        self.clock = clock
        self.busyTimeout = busyTimeout
        self.problem = problem
        inMemoryCopy = true
        database = Self.memoryCopy(of: path)
        nextSaveAttempt = problem.since.addingTimeInterval(Self.firstRetry)
    }

    /// The store for the daemon: never fails. An intact, writable database is used as it is. One
    /// that cannot be written now (full disk, read-only, locked) is copied into memory and saved back
    /// when it can be. One that SQLite reports damaged is moved aside to `PATH.broken-EPOCH` and a
    /// fresh one started. `problem` says which happened.
    public static func open(path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init) -> StateStore {
        do {
            return try StateStore(path: path, busyTimeout: busyTimeout, clock: clock)
        } catch let failure where failure.cause == .corrupt {
            let now = clock()
            let aside = path + ".broken-\(Int(now.timeIntervalSince1970))"
            guard moveAside(path, to: aside) else {
                return StateStore(
                    memoryCopyOf: path,
                    problem: StorageProblem(cause: .corrupt, database: path, saving: false, since: now, detail: failure.reason),
                    busyTimeout: busyTimeout, clock: clock)
            }
            do {
                let store = try StateStore(path: path, busyTimeout: busyTimeout, clock: clock)
                store.problem = StorageProblem(cause: .corrupt, database: path, movedTo: aside, saving: true, since: now, detail: failure.reason)
                return store
            } catch {
                return StateStore(
                    memoryCopyOf: path, problem: StorageProblem(cause: error.cause, database: path, saving: false, since: now, detail: error.reason),
                    busyTimeout: busyTimeout, clock: clock)
            }
        } catch {
            return StateStore(
                memoryCopyOf: path,
                problem: StorageProblem(cause: error.cause, database: path, saving: false, since: clock(), detail: error.reason),
                busyTimeout: busyTimeout, clock: clock)
        }
    }

    /// Whether changes live only in memory now (they are saved when the file can be written).
    public var isSavingDeferred: Bool { inMemoryCopy && path != nil }

    /// Writes the changes kept in memory into the file, if an attempt is due at `now` (or `force`).
    /// Returns whether everything is saved now. After a failure the next attempt waits twice as long
    /// (5 s up to 5 min).
    @discardableResult
    public func saveUnsaved(at now: Date, force: Bool = false) -> Bool {
        guard isSavingDeferred, let path else { return true }
        guard force || now >= (nextSaveAttempt ?? now) else { return false }
        do {
            let file = try self.file ?? Self.openFile(path, busyTimeout: Self.retryBusyTimeout)
            self.file = file
            let pending = journal
            try file.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = \(Int(Self.retryBusyTimeout * 1000))") }
            defer { try? file.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA busy_timeout = \(Int(busyTimeout * 1000))") } }
            try file.write { db in for entry in pending { try entry.apply(db) } }
            database = file
            journal.removeAll()
            inMemoryCopy = false
            problem = nil
            nextSaveAttempt = nil
            saveBackoff = Self.firstRetry
            return true
        } catch {
            let failure = StoreError(path: path, error: error)
            if problem?.cause != failure.cause {
                problem = StorageProblem(cause: failure.cause, database: path, saving: false, since: now, detail: failure.reason)
            }
            saveBackoff = min(saveBackoff * 2, Self.longestRetry)
            nextSaveAttempt = now.addingTimeInterval(saveBackoff)
            return false
        }
    }

    // MARK: Opening

    private static func openFile(_ path: String, busyTimeout: TimeInterval) throws(StoreError) -> DatabaseQueue {
        do {
            if !FileManager.default.fileExists(atPath: path) {
                // Create it 0600 before SQLite does, so the file is never readable by others.
                let fd = Glibc.open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
                if fd >= 0 { Glibc.close(fd) }
            }
            var configuration = Configuration()
            configuration.busyMode = .timeout(busyTimeout)
            // WAL with NORMAL sync: a commit costs one write instead of three fsyncs (delivery lateness);
            // a power cut can lose the last commit, never corrupt the file.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            let database = try DatabaseQueue(path: path, configuration: configuration)
            // Damage first: a damaged file that also cannot be written is still damaged. (Outside a
            // transaction: GRDB traps when a failing read leaves one open.)
            let check = try database.inDatabase { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard check == "ok" else { throw StoreError(path: path, cause: .corrupt, reason: "damaged: \(check ?? "no answer")") }
            try StoreSchema.migrator.migrate(database)
            // A database that opens but cannot be written (full disk, read-only file or directory) is not usable as it is.
            try database.write { db in try db.execute(sql: "PRAGMA user_version = 1") }
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, error: error)
        }
    }

    /// The file's contents in memory (empty when there is no file or it cannot be read), migrated.
    private static func memoryCopy(of path: String) -> DatabaseQueue {
        // An in-memory SQLite database cannot fail to open short of memory exhaustion.
        guard let memory = try? DatabaseQueue() else { preconditionFailure("SQLite cannot open an in-memory database") }
        if FileManager.default.fileExists(atPath: path), let source = openReadOnly(path) {
            try? source.backup(to: memory)
            try? source.close()
        }
        do {
            try StoreSchema.migrator.migrate(memory)
        } catch {
            // A copy that cannot be brought up to date is dropped; the journal then replays onto the file.
            if let fresh = try? DatabaseQueue(), (try? StoreSchema.migrator.migrate(fresh)) != nil { return fresh }
        }
        return memory
    }

    /// The file opened for reading only; in a directory that cannot be written (no `-shm` can be
    /// made) as an immutable file.
    private static func openReadOnly(_ path: String) -> DatabaseQueue? {
        var configuration = Configuration()
        configuration.readonly = true
        if let database = try? DatabaseQueue(path: path, configuration: configuration),
            (try? database.inDatabase({ db in try String.fetchOne(db, sql: "PRAGMA quick_check") })) == "ok"
        {
            return database
        }
        let allowed = CharacterSet.urlPathAllowed.subtracting(CharacterSet(charactersIn: "?#%"))
        guard let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed),
            let database = try? DatabaseQueue(path: "file:\(encoded)?immutable=1", configuration: configuration),
            (try? database.inDatabase({ db in try String.fetchOne(db, sql: "PRAGMA quick_check") })) == "ok"
        else { return nil }
        return database
    }

    /// Moves a damaged database (and its write-ahead log) to `aside`, keeping its bytes.
    private static func moveAside(_ path: String, to aside: String) -> Bool {
        guard rename(path, aside) == 0 else { return false }
        _ = rename(path + "-wal", aside + "-wal")
        unlink(path + "-shm")
        return true
    }

    /// Closes the database, folding the write-ahead log back into the file (at a clean exit); changes
    /// kept in memory get a last attempt to be saved.
    public func close() {
        saveUnsaved(at: clock(), force: true)
        try? file?.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try? file?.close()
        if file !== database { try? database.close() }
    }

    // MARK: Reading

    public func pendingReminders() throws(StoreError) -> [Reminder] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM reminder ORDER BY due, id").compactMap(StoreRows.reminder(from:)) }
    }

    /// The earliest pending reminder's due instant (what the timer is armed for).
    public func earliestDue() throws(StoreError) -> Date? {
        try read { db in
            try Double.fetchOne(db, sql: "SELECT MIN(due) FROM reminder").map(Date.init(timeIntervalSince1970:))
        }
    }

    /// Pending reminders due at or before `instant`.
    public func reminders(dueAtOrBefore instant: Date) throws(StoreError) -> [Reminder] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE due <= ? ORDER BY due, id", arguments: [instant.timeIntervalSince1970])
                .compactMap(StoreRows.reminder(from:))
        }
    }

    public func reminders(of session: SessionID) throws(StoreError) -> [Reminder] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE session_id = ? ORDER BY due, id", arguments: [session.rawValue])
                .compactMap(StoreRows.reminder(from:))
        }
    }

    public func activeSession() throws(StoreError) -> Session? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1").flatMap(StoreRows.session(from:))
        }
    }

    /// The server's id of the notification that shows `session` (nil: none known).
    public func noticeID(of session: SessionID) throws(StoreError) -> UInt32? {
        try read { db in
            try Int64.fetchOne(db, sql: "SELECT notice_id FROM session WHERE id = ?", arguments: [session.rawValue]).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    public func setNoticeID(_ id: UInt32, of session: SessionID) throws(StoreError) {
        try write(key: "notice_id \(session.rawValue)") { db in
            try db.execute(sql: "UPDATE session SET notice_id = ? WHERE id = ?", arguments: [Int64(id), session.rawValue])
        }
    }

    public func dailyState() throws(StoreError) -> DailyState {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM daily_state WHERE id = 1") else { return DailyState() }
            return DailyState(
                lastHandled: (row["last_handled"] as Double?).map(Date.init(timeIntervalSince1970:)),
                quietDay: (row["quiet_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)),
                restAdviceDay: (row["rest_advice_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)))
        }
    }

    // MARK: Writing

    /// Makes `plan` the active session, recorded in the history as running (`workout`: its `[workouts]`
    /// name); the previous one is recorded as stopped and its pending reminders are cancelled.
    /// Returns the reminders that were cancelled.
    @discardableResult
    public func start(_ plan: SessionPlan, workout: String? = nil) throws(StoreError) -> [Reminder] {
        try write { db in
            let s = plan.session
            let cancelled = try Self.cancelSessions(db, outcome: .stopped, at: s.startedAt)
            try db.execute(
                sql: """
                    INSERT OR REPLACE INTO session (id, kind, title, started_at, ends_at, detail, workout, outcome, last_progress_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?)
                    """,
                arguments: [
                    s.id.rawValue, s.kind.rawValue, s.title, s.startedAt.timeIntervalSince1970, s.endsAt.timeIntervalSince1970,
                    StoreRows.encode(s.detail), workout, s.startedAt.timeIntervalSince1970,
                ])
            for reminder in plan.reminders { try StoreRows.insert(reminder, db) }
            return cancelled
        }
    }

    /// Ends the active session at `now`, recorded as stopped, and cancels its pending reminders; returns them.
    @discardableResult
    public func stopSession(at now: Date) throws(StoreError) -> [Reminder] {
        try write { db in try Self.cancelSessions(db, outcome: .stopped, at: now) }
    }

    /// Ends `session` at `now`, recorded as completed (its last reminder was shown), if it is still running.
    public func finish(_ session: SessionID, at now: Date) throws(StoreError) {
        try write { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE id = ? AND outcome = 'running'", arguments: [session.rawValue]),
                let running = StoreRows.session(from: row)
            else { return }
            try db.execute(
                sql: "UPDATE session SET outcome = 'completed', ended_at = ?, sets_done = ? WHERE id = ?",
                arguments: [now.timeIntervalSince1970, running.setsDone(at: now), session.rawValue])
        }
    }

    /// Ends a running `session` as abandoned: it really ended with its last progress. Its pending
    /// reminders are cancelled and returned.
    @discardableResult
    public func abandon(_ session: SessionID) throws(StoreError) -> [Reminder] {
        try write { db in
            let cancelled = try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE session_id = ? ORDER BY due", arguments: [session.rawValue])
                .compactMap(StoreRows.reminder(from:))
            try db.execute(sql: "DELETE FROM reminder WHERE session_id = ?", arguments: [session.rawValue])
            try db.execute(
                sql: "UPDATE session SET outcome = 'abandoned', ended_at = last_progress_at WHERE id = ? AND outcome = 'running'",
                arguments: [session.rawValue])
            return cancelled
        }
    }

    /// Replaces a session's pending reminders, end and detail (a rest adjusted by ±S, a set recorded).
    /// With `progressAt` the session showed life then: the paused-workout rule counts afresh from it.
    public func replan(_ plan: SessionPlan, progressAt: Date? = nil) throws(StoreError) {
        try write { db in
            try db.execute(sql: "DELETE FROM reminder WHERE session_id = ?", arguments: [plan.session.id.rawValue])
            try db.execute(
                sql: "UPDATE session SET ends_at = ?, title = ?, detail = ?, sets_done = ? WHERE id = ?",
                arguments: [
                    plan.session.endsAt.timeIntervalSince1970, plan.session.title, StoreRows.encode(plan.session.detail),
                    plan.session.setsDone(at: plan.session.startedAt), plan.session.id.rawValue,
                ])
            if let progressAt { try Self.recordProgress(plan.session.id, at: progressAt, db) }
            for reminder in plan.reminders { try StoreRows.insert(reminder, db) }
        }
    }

    /// The session showed life at `instant` (resumed): the paused-workout rule counts afresh from it,
    /// and its pending paused-workout reminders are dropped.
    public func recordProgress(_ session: SessionID, at instant: Date) throws(StoreError) {
        try write { db in try Self.recordProgress(session, at: instant, db) }
    }

    /// How many paused-workout reminders `session` has had since its last progress.
    public func notePauseReminder(_ number: Int, of session: SessionID) throws(StoreError) {
        try write { db in
            try db.execute(sql: "UPDATE session SET pause_reminders = ? WHERE id = ?", arguments: [number, session.rawValue])
        }
    }

    private static func recordProgress(_ session: SessionID, at instant: Date, _ db: Database) throws {
        try db.execute(
            sql: "UPDATE session SET last_progress_at = ?, pause_reminders = 0 WHERE id = ?",
            arguments: [instant.timeIntervalSince1970, session.rawValue])
        try db.execute(
            sql: "DELETE FROM reminder WHERE session_id = ? AND kind = ?", arguments: [session.rawValue, ReminderKind.pausedWorkout.rawValue])
    }

    // MARK: History

    /// Sessions started at or after `since` (all of them when nil), oldest first.
    public func history(since: Date? = nil) throws(StoreError) -> [HistoryEntry] {
        try read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM session WHERE started_at >= ? ORDER BY started_at, id",
                arguments: [since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude]
            ).compactMap(StoreRows.historyEntry(from:))
        }
    }

    /// The running session's history entry and how many paused-workout reminders it has had.
    public func runningEntry() throws(StoreError) -> (entry: HistoryEntry, pauseReminders: Int)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1"),
                let entry = StoreRows.historyEntry(from: row)
            else { return nil }
            return (entry, row["pause_reminders"] as Int? ?? 0)
        }
    }

    /// Adds or replaces one reminder.
    public func add(_ reminder: Reminder) throws(StoreError) {
        try write { db in try StoreRows.insert(reminder, db) }
    }

    /// Removes reminders (shown or dropped). Removing is what makes "never twice" hold across restarts.
    public func remove(_ ids: [ReminderID]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids { try db.execute(sql: "DELETE FROM reminder WHERE id = ?", arguments: [id.rawValue]) }
        }
    }

    /// Removes every pending reminder of the given kinds; returns them.
    @discardableResult
    public func remove(kinds: Set<ReminderKind>) throws(StoreError) -> [Reminder] {
        try write { db in
            let list = kinds.map { "'\($0.rawValue)'" }.joined(separator: ",")  // fixed enum raw values, no user text
            let matching = try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE kind IN (\(list))").compactMap(StoreRows.reminder(from:))
            try db.execute(sql: "DELETE FROM reminder WHERE kind IN (\(list))")
            return matching
        }
    }

    public func save(_ state: DailyState) throws(StoreError) {
        try write(key: "daily_state") { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO daily_state (id, last_handled, quiet_day, rest_advice_day) VALUES (1, ?, ?, ?)",
                arguments: [state.lastHandled?.timeIntervalSince1970, state.quietDay?.daysSinceEpoch, state.restAdviceDay?.daysSinceEpoch])
        }
    }

    private static func cancelSessions(_ db: Database, outcome: HistoryEntry.Outcome, at now: Date) throws -> [Reminder] {
        // Sorted here: ORDER BY due would make SQLite walk the due index over every pending reminder.
        let cancelled = try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE session_id IS NOT NULL")
            .compactMap(StoreRows.reminder(from:)).sorted { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) }
        try db.execute(sql: "DELETE FROM reminder WHERE session_id IS NOT NULL")
        for row in try Row.fetchAll(db, sql: "SELECT * FROM session WHERE outcome = 'running'") {
            let setsDone = StoreRows.session(from: row)?.setsDone(at: now) ?? 0
            try db.execute(
                sql: "UPDATE session SET outcome = ?, ended_at = ?, sets_done = ? WHERE id = ?",
                arguments: [outcome.rawValue, now.timeIntervalSince1970, setsDone, row["id"] as String])
        }
        return cancelled
    }

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError(path: path ?? ":memory:", error: error) }
    }

    /// One change, in one transaction. When the file cannot take it now (anything but damage), the
    /// store goes on in memory and the change waits in the journal for `saveUnsaved`.
    private func write<T>(key: String? = nil, _ body: @escaping (Database) throws -> T) throws(StoreError) -> T {
        do {
            let result = try database.write(body)
            if inMemoryCopy, path != nil {
                if let key { journal.removeAll { $0.key == key } }
                journal.append((key, { db in _ = try body(db) }))
            }
            return result
        } catch {
            let failure = StoreError(path: path ?? ":memory:", error: error)
            guard let path, !inMemoryCopy, failure.cause != .corrupt else { throw failure }
            let now = clock()
            let memory = Self.memoryCopy(of: path)
            let result: T
            do { result = try memory.write(body) } catch { throw StoreError(path: path, error: error) }
            database = memory
            inMemoryCopy = true
            journal = [(key, { db in _ = try body(db) })]
            problem = StorageProblem(cause: failure.cause, database: path, saving: false, since: now, detail: failure.reason)
            saveBackoff = Self.firstRetry
            nextSaveAttempt = now.addingTimeInterval(saveBackoff)
            return result
        }
    }
}

/// A state database that cannot be opened, read or written, and why.
public struct StoreError: Error, CustomStringConvertible {
    public let path: String
    /// What kind of trouble: only `.corrupt` means the file itself is damaged.
    public let cause: StorageProblem.Cause
    public let reason: String
    public var description: String { "\(path): \(reason)" }

    public init(path: String, cause: StorageProblem.Cause, reason: String) {
        self.path = path
        self.cause = cause
        self.reason = reason
    }

    /// Classifies what SQLite (or the system) said about `path`.
    init(path: String, error: any Error) {
        if let error = error as? StoreError {
            self = error
            return
        }
        self.init(path: path, cause: StoreFailure.cause(of: error, at: path), reason: "\(error)")
    }
}

