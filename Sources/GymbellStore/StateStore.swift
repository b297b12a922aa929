import Foundation
import GRDB
import GymbellCore

/// The daemon's lasting state in SQLite: the active session, pending reminders, daily-reminder memory.
/// Every change is one transaction, so a daemon killed at any moment restarts from a consistent state.
public final class StateStore {
    private let database: DatabaseQueue
    /// Where the database lives; nil when it is kept in memory.
    public let path: String?

    /// Opens (creating if needed) the database at `path`, readable by its owner only.
    public init(path: String) throws(StoreError) {
        self.path = path
        do {
            let existed = FileManager.default.fileExists(atPath: path)
            if !existed {
                // Create it 0600 before SQLite does, so the file is never readable by others.
                let fd = open(path, O_CREAT | O_WRONLY | O_CLOEXEC, 0o600)
                if fd >= 0 { Glibc.close(fd) }
            }
            var configuration = Configuration()
            configuration.busyMode = .timeout(2)
            // WAL with NORMAL sync: a commit costs one write instead of three fsyncs (delivery lateness);
            // a power cut can lose the last commit, never corrupt the file.
            configuration.prepareDatabase { db in
                try db.execute(sql: "PRAGMA journal_mode = WAL")
                try db.execute(sql: "PRAGMA synchronous = NORMAL")
            }
            database = try DatabaseQueue(path: path, configuration: configuration)
            try Self.migrator.migrate(database)
            // A database that opens but cannot be written (read-only file or directory) is unusable.
            try database.write { db in try db.execute(sql: "PRAGMA user_version = 1") }
            let check = try database.read { db in try String.fetchOne(db, sql: "PRAGMA quick_check") }
            guard check == "ok" else { throw StoreError(path: path, reason: "damaged: \(check ?? "no answer")") }
        } catch {
            throw StoreError(path: path, reason: "\(error)")
        }
    }

    /// A store that lasts only as long as the process (tests, or when the state file is unusable).
    public init() throws(StoreError) {
        path = nil
        do {
            database = try DatabaseQueue()
            try Self.migrator.migrate(database)
        } catch {
            throw StoreError(path: ":memory:", reason: "\(error)")
        }
    }

    private static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("started_at", .double).notNull()
                t.column("ends_at", .double).notNull()
                t.column("active", .boolean).notNull().defaults(to: true)
            }
            try db.create(table: "reminder") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("due", .double).notNull().indexed()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("session_id", .text).indexed()
            }
            try db.create(table: "daily_state") { t in
                t.primaryKey("id", .integer)
                t.column("last_handled", .double)
                t.column("quiet_day", .integer)
            }
        }
        migrator.registerMigration("v2 session detail") { db in
            // The plan (interval parameters) or progress (strength sets) of a session, as JSON.
            try db.alter(table: "session") { t in t.add(column: "detail", .text) }
        }
        migrator.registerMigration("v3 history") { db in
            // Every session stays as the training history: how it ended, sets done, its last progress.
            try db.alter(table: "session") { t in
                t.add(column: "workout", .text)
                t.add(column: "outcome", .text).notNull().defaults(to: "running")
                t.add(column: "ended_at", .double)
                t.add(column: "sets_done", .integer).notNull().defaults(to: 0)
                t.add(column: "last_progress_at", .double)
                t.add(column: "pause_reminders", .integer).notNull().defaults(to: 0)
            }
            // Sessions from before: the inactive ones ended at their planned end.
            try db.execute(sql: """
                UPDATE session SET outcome = CASE WHEN active THEN 'running' ELSE 'completed' END,
                    ended_at = CASE WHEN active THEN NULL ELSE ends_at END, last_progress_at = started_at
                """)
            try db.alter(table: "session") { t in t.drop(column: "active") }
            try db.create(index: "session_started_at", on: "session", columns: ["started_at"])
            try db.create(index: "session_outcome", on: "session", columns: ["outcome"])
            try db.alter(table: "daily_state") { t in t.add(column: "rest_advice_day", .integer) }
            // Starting a workout removes pending reminders by kind (snoozes, held daily reminders):
            // with the index that costs the same with 10 000 reminders pending as with none.
            try db.create(index: "reminder_kind", on: "reminder", columns: ["kind"])
        }
        return migrator
    }

    /// Closes the database, folding the write-ahead log back into the file (at a clean exit).
    public func close() {
        try? database.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA wal_checkpoint(TRUNCATE)") }
        try? database.close()
    }

    // MARK: Reading

    public func pendingReminders() throws(StoreError) -> [Reminder] {
        try read { db in try Row.fetchAll(db, sql: "SELECT * FROM reminder ORDER BY due, id").compactMap(Self.reminder(from:)) }
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
                .compactMap(Self.reminder(from:))
        }
    }

    public func reminders(of session: SessionID) throws(StoreError) -> [Reminder] {
        try read { db in
            try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE session_id = ? ORDER BY due, id", arguments: [session.rawValue])
                .compactMap(Self.reminder(from:))
        }
    }

    public func activeSession() throws(StoreError) -> Session? {
        try read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1").flatMap(Self.session(from:))
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
                    Self.encode(s.detail), workout, s.startedAt.timeIntervalSince1970,
                ])
            for reminder in plan.reminders { try Self.insert(reminder, db) }
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
                let running = Self.session(from: row)
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
                .compactMap(Self.reminder(from:))
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
                    plan.session.endsAt.timeIntervalSince1970, plan.session.title, Self.encode(plan.session.detail),
                    plan.session.setsDone(at: plan.session.startedAt), plan.session.id.rawValue,
                ])
            if let progressAt { try Self.recordProgress(plan.session.id, at: progressAt, db) }
            for reminder in plan.reminders { try Self.insert(reminder, db) }
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
            ).compactMap(Self.historyEntry(from:))
        }
    }

    /// The running session's history entry and how many paused-workout reminders it has had.
    public func runningEntry() throws(StoreError) -> (entry: HistoryEntry, pauseReminders: Int)? {
        try read { db in
            guard let row = try Row.fetchOne(db, sql: "SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1"),
                let entry = Self.historyEntry(from: row)
            else { return nil }
            return (entry, row["pause_reminders"] as Int? ?? 0)
        }
    }

    /// Adds or replaces one reminder.
    public func add(_ reminder: Reminder) throws(StoreError) {
        try write { db in try Self.insert(reminder, db) }
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
            let matching = try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE kind IN (\(list))").compactMap(Self.reminder(from:))
            try db.execute(sql: "DELETE FROM reminder WHERE kind IN (\(list))")
            return matching
        }
    }

    public func save(_ state: DailyState) throws(StoreError) {
        try write { db in
            try db.execute(
                sql: "INSERT OR REPLACE INTO daily_state (id, last_handled, quiet_day, rest_advice_day) VALUES (1, ?, ?, ?)",
                arguments: [state.lastHandled?.timeIntervalSince1970, state.quietDay?.daysSinceEpoch, state.restAdviceDay?.daysSinceEpoch])
        }
    }

    // MARK: Rows

    private static func cancelSessions(_ db: Database, outcome: HistoryEntry.Outcome, at now: Date) throws -> [Reminder] {
        // Sorted here: ORDER BY due would make SQLite walk the due index over every pending reminder.
        let cancelled = try Row.fetchAll(db, sql: "SELECT * FROM reminder WHERE session_id IS NOT NULL")
            .compactMap(reminder(from:)).sorted { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) }
        try db.execute(sql: "DELETE FROM reminder WHERE session_id IS NOT NULL")
        for row in try Row.fetchAll(db, sql: "SELECT * FROM session WHERE outcome = 'running'") {
            let setsDone = session(from: row)?.setsDone(at: now) ?? 0
            try db.execute(
                sql: "UPDATE session SET outcome = ?, ended_at = ?, sets_done = ? WHERE id = ?",
                arguments: [outcome.rawValue, now.timeIntervalSince1970, setsDone, row["id"] as String])
        }
        return cancelled
    }

    private static func insert(_ reminder: Reminder, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO reminder (id, kind, due, title, body, session_id) VALUES (?, ?, ?, ?, ?, ?)",
            arguments: [
                reminder.id.rawValue, reminder.kind.rawValue, reminder.due.timeIntervalSince1970,
                reminder.title, reminder.body, reminder.sessionID?.rawValue,
            ])
    }

    private static func reminder(from row: Row) -> Reminder? {
        guard let kind = ReminderKind(rawValue: row["kind"]) else { return nil }
        return Reminder(
            id: ReminderID(row["id"]), kind: kind, due: Date(timeIntervalSince1970: row["due"]),
            title: row["title"], body: row["body"], sessionID: (row["session_id"] as String?).map(SessionID.init))
    }

    private static func session(from row: Row) -> Session? {
        guard let kind = SessionKind(rawValue: row["kind"]) else { return nil }
        let detail = (row["detail"] as String?).flatMap { try? JSONDecoder().decode(SessionDetail.self, from: Data($0.utf8)) }
        return Session(
            id: SessionID(row["id"]), kind: kind, title: row["title"],
            startedAt: Date(timeIntervalSince1970: row["started_at"]), endsAt: Date(timeIntervalSince1970: row["ends_at"]),
            detail: detail)
    }

    private static func historyEntry(from row: Row) -> HistoryEntry? {
        guard let kind = SessionKind(rawValue: row["kind"]), let outcome = HistoryEntry.Outcome(rawValue: row["outcome"]) else { return nil }
        let startedAt = Date(timeIntervalSince1970: row["started_at"])
        var setsDone: Int = row["sets_done"]
        if outcome == .running, let session = session(from: row), case .strength(let progress) = session.detail {
            setsDone = progress.totalSetsDone
        }
        return HistoryEntry(
            id: SessionID(row["id"]), workout: row["workout"], title: row["title"], kind: kind, startedAt: startedAt,
            endedAt: (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:)), outcome: outcome, setsDone: setsDone,
            lastProgressAt: (row["last_progress_at"] as Double?).map(Date.init(timeIntervalSince1970:)) ?? startedAt)
    }

    private static func encode(_ detail: SessionDetail) -> String? {
        (try? JSONEncoder().encode(detail)).map { String(decoding: $0, as: UTF8.self) }
    }

    private func read<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.read(body) } catch { throw StoreError(path: path ?? ":memory:", reason: "\(error)") }
    }

    private func write<T>(_ body: (Database) throws -> T) throws(StoreError) -> T {
        do { return try database.write(body) } catch { throw StoreError(path: path ?? ":memory:", reason: "\(error)") }
    }
}

/// A state database that cannot be opened, read or written.
public struct StoreError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    public var description: String { "\(path): \(reason)" }
}
