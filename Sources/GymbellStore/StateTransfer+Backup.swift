import FoundationEssentials
import Glibc
import GymbellCore
import GymbellSQLite

/// `gymbell backup` and `gymbell restore`: a consistent copy of the whole state written while the
/// daemon runs (VACUUM INTO on the daemon's own connection: a snapshot of one moment, never a file
/// copied while it is written), and a copy checked and taken back.
///
/// What a restore replaces is the training record: the history, the set log, planned weights and
/// dismissed suggestions. What is pending now stays as it is now: the reminders waiting (a snooze, a
/// held daily reminder), the daily reminder's memory (today's reminder is not shown a second time),
/// and a session running now with what it has logged. A session that was running in the backup comes
/// back running, with its reminders, when none runs now (the daemon treats it as at a start-up: phases
/// past collapse into the current one); when one runs now, the backup's is recorded as abandoned.
extension StateTransfer {
    /// Why a file is not taken back or written; nothing was changed.
    public struct Refusal: Error, CustomStringConvertible {
        public let description: String

        init(_ description: String) { self.description = description }
    }

    public typealias RestoreRefusal = Refusal

    /// A backup that holds far less than the history it would replace (`RestoreCaution`): taken back only
    /// when the person says so (`restore(…, confirmed: true)`); nothing was changed.
    public struct RestoreNeedsConfirmation: Error, CustomStringConvertible {
        public let path: String
        /// What the backup holds, and the history now.
        public let backup: StateCounts
        public let current: StateCounts
        /// Stamped as gymbell's, with no tables at all.
        public let hasNoTables: Bool

        public var description: String {
            hasNoTables
                ? "\(path) is stamped as gymbell's but holds no tables at all: restoring it would replace your history (\(current.text)) "
                    + "with nothing; nothing was changed"
                : "\(path) holds \(backup.text), far less than your history now (\(current.text)): restoring it would replace that "
                    + "history; nothing was changed"
        }
    }

    /// Writes the whole state to `path` (a new file, or replaced whole; a symbolic link is followed and
    /// the file it points at written), readable by its owner only; returns what it holds. Refused: a
    /// target that is not a regular file, and the state database, its -wal or -shm or anything in its
    /// directory (`TransferFiles.backupTarget`). The copy is written beside the target and renamed onto
    /// it: a failure (a full disk) leaves nothing behind, and the error says so if something could not
    /// be removed; a process killed meanwhile leaves its copy to the next start (a note names it).
    public func backup(to path: String) throws -> StateCounts {
        let target = try TransferFiles.backupTarget(path, stateDatabase: connection.path)
        // The note first, then the copy it names: a kill between the two leaves a note naming nothing
        // (removed at the next start), never a copy no note names (found by a kill -9 trial under load).
        let partialPath = target + ".partial-\(getpid())"
        var note: TransferFiles.Scratch?
        if let database = connection.path {
            note = try TransferFiles.note(naming: partialPath, in: FilePath.directory(of: database))
        }
        defer { note?.remove() }
        let partial = try TransferFiles.Scratch(partialPath)
        let counts: StateCounts
        do {
            counts = try connection.withFile { db in
                let counts = try Self.counts(db)
                try db.execute("VACUUM INTO ?", [partial.path])
                return counts
            }
            guard rename(partial.path, target) == 0 else {
                throw Refusal("cannot put the backup in place at \(target): \(TransferFiles.reason(errno))")
            }
        } catch {
            let left = partial.remove()
            guard left.isEmpty else { throw Refusal("\(error); \(left.joined(separator: "; "))") }
            throw error
        }
        partial.remove()  // its -journal, if SQLite left one
        return counts
    }

    /// Replaces the training record with the backup at `path` after checking it: a regular file (a FIFO
    /// or a device is refused at once), an SQLite file, gymbell's (application id or schema), intact
    /// (integrity_check), a schema this gymbell knows (an older one is brought up to date in a copy; the
    /// backup itself is only read), every value within `RecordBounds` (`StoredValueAudit`). A backup
    /// holding far less than the history it would replace (`RestoreCaution`) is taken back only when
    /// `confirmed`. The state it replaces is kept in
    /// `asideDirectory` first, as `replaced-<UTC second>.sqlite` (`-2`, `-3` … where that name is taken:
    /// one copy never replaces another).
    public func restore(from path: String, keepingAsideIn asideDirectory: String, at now: Date, confirmed: Bool = false) throws -> RestoreReport {
        let source = try TransferFiles.openSource(path)
        defer { close(source) }
        try Self.checkHeader(source, path)
        let working = try TransferFiles.Scratch(asideDirectory + "/restoring-\(getpid()).sqlite")
        defer { working.remove() }
        let checked = try Self.checkedCopy(of: path, into: working.path)
        if !confirmed {
            let current = try counts()
            if RestoreCaution.asksFirst(backup: checked.counts, current: current, backupHasNoTables: checked.hadNoTables) {
                throw RestoreNeedsConfirmation(path: path, backup: checked.counts, current: current, hasNoTables: checked.hadNoTables)
            }
        }
        let stamp = ISO8601.format(now).replacingAll(":", with: "").replacingAll("-", with: "").prefix(15)
        let aside = try TransferFiles.Scratch(asideDirectory + "/restoring-\(getpid())-replaced.sqlite")
        defer { aside.remove() }
        return try connection.withFile { db in
            let before = try Self.counts(db)
            try db.execute("VACUUM INTO ?", [aside.path])
            let kept = try TransferFiles.keep(aside.path, as: asideDirectory + "/replaced-\(stamp)")
            try db.execute("ATTACH DATABASE ? AS restored", [working.path])
            defer { try? db.executeScript("DETACH DATABASE restored") }
            try db.transaction { db in try StoreRestore.replaceRecord(db) }
            return RestoreReport(before: before, after: try Self.counts(db), keptAside: kept, schemaVersion: checked.version)
        }
    }

    /// SQLite's 16-byte magic header, before SQLite is asked anything.
    static func checkHeader(_ fd: Int32, _ path: String) throws {
        var header = [UInt8](repeating: 0, count: 16)
        let read = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 16, 0) }
        guard read == 16, header == Array("SQLite format 3\0".utf8) else {
            throw Refusal("\(path) is not a gymbell backup: not an SQLite database (it does not start with \"SQLite format 3\")")
        }
    }

    private static func copy(_ source: String, into working: String, flags: SQLiteConnection.OpenFlags) throws {
        let database = try StoreDatabase(path: source, flags: flags)
        defer { database.close() }
        try database.execute("VACUUM INTO ?", [working])
    }

    /// A backup's checked copy: its schema version before it was brought up to date, whether it had no
    /// tables at all, and what it holds.
    struct CheckedBackup {
        var version: Int
        var hadNoTables: Bool
        var counts: StateCounts
    }

    /// Copies the backup to `working` (read-only on the backup) and checks the copy.
    static func checkedCopy(of path: String, into working: String) throws -> CheckedBackup {
        // Read as an immutable file (no -shm or -wal made beside the backup, on a read-only medium too)
        // unless a journal beside it holds what the file lacks.
        let immutable = "file:\(path.percentEncoded(keeping: "/"))?immutable=1"
        let journaled = access(path + "-wal", F_OK) == 0 || access(path + "-journal", F_OK) == 0
        do {
            try copy(journaled ? path : immutable, into: working, flags: journaled ? [.readOnly] : [.readOnly, .uri])
        } catch {
            throw Refusal("\(path) cannot be read as a database: \(error); nothing was changed")
        }
        let copy = try StoreDatabase(path: working)
        defer { copy.close() }
        let integrity = (try? copy.rows("PRAGMA integrity_check").compactMap { $0["integrity_check"] as String? }) ?? ["unreadable"]
        guard integrity == ["ok"] else {
            throw Refusal("\(path) is damaged (integrity_check: \(integrity.prefix(3).joined(separator: "; "))); nothing was changed")
        }
        switch try StoreOwnership.verdict(of: copy) {
        case .foreign(let why): throw Refusal("\(path) is another program's database, not a gymbell backup (\(why)); nothing was changed")
        case .empty: throw Refusal("\(path) holds no gymbell state (no tables); nothing was changed")
        case .gymbells, .unstamped: break
        }
        let hadNoTables = try copy.value("SELECT count(*) FROM sqlite_master WHERE type = 'table'", as: Int.self) == 0
        let version = try StoreSchema.version(of: copy)
        guard version <= StoreSchema.latestVersion else {
            throw Refusal("\(path) was written by a newer gymbell (schema \(version); this one reads up to \(StoreSchema.latestVersion)); nothing was changed")
        }
        try StoreSchema.migrate(copy)
        if let problem = try StoredValueAudit.firstProblem(in: copy) {
            throw Refusal("\(path) holds a value gymbell cannot keep: \(problem); nothing was changed")
        }
        return CheckedBackup(version: version, hadNoTables: hadNoTables, counts: try counts(copy))
    }
}

/// When a restore asks first: the backup would replace a history with far less of it. Rule: never when
/// the history now is empty; always for a file stamped as gymbell's with no tables, or a backup with no
/// sessions at all; and, against a history of at least 5 sessions, a backup with fewer than half its
/// sessions or fewer than half its sets.
public enum RestoreCaution {
    public static let smallestHistoryCompared = 5

    public static func asksFirst(backup: StateCounts, current: StateCounts, backupHasNoTables: Bool) -> Bool {
        guard current.sessions > 0 || current.sets > 0 else { return false }
        if backupHasNoTables || backup.sessions == 0 { return true }
        guard current.sessions >= smallestHistoryCompared else { return false }
        return backup.sessions * 2 < current.sessions || backup.sets * 2 < current.sets
    }
}

/// The restore's one transaction, on the daemon's connection with the checked copy attached as `restored`.
enum StoreRestore {
    static func replaceRecord(_ db: StoreDatabase) throws {
        let running = try db.value("SELECT id FROM main.session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1", as: String.self)
        let sessionColumns = try shared("session", db)
        let columnList = sessionColumns.map { "\"\($0)\"" }.joined(separator: ", ")
        // The history: the backup's, and the session running now as it is now.
        try db.execute("DELETE FROM main.session WHERE id IS NOT ?", [running])
        if let running {
            let abandoned = sessionColumns.map {
                switch $0 {
                case "outcome": "CASE WHEN outcome = 'running' THEN 'abandoned' ELSE outcome END"
                case "ended_at": "CASE WHEN outcome = 'running' THEN coalesce(last_progress_at, started_at) ELSE ended_at END"
                default: "\"\($0)\""
                }
            }.joined(separator: ", ")
            try db.execute(
                "INSERT OR IGNORE INTO main.session (\(columnList)) SELECT \(abandoned) FROM restored.session WHERE id IS NOT ?", [running])
        } else {
            try db.executeScript("INSERT OR IGNORE INTO main.session (\(columnList)) SELECT \(columnList) FROM restored.session")
            // The backup's running session keeps its reminders (none runs now to have any).
            let reminderColumns = try shared("reminder", db).map { "\"\($0)\"" }.joined(separator: ", ")
            try db.executeScript("""
                INSERT OR IGNORE INTO main.reminder (\(reminderColumns)) SELECT \(reminderColumns) FROM restored.reminder
                WHERE session_id IN (SELECT id FROM restored.session WHERE outcome = 'running')
                """)
        }
        // The set log: the backup's, each set with the id it has there (the ids the person saw when the
        // backup was made), and what the session running now has logged. A set of that session whose id
        // the backup also gives a set moves above every id of both.
        try db.execute("DELETE FROM main.set_log WHERE session_id IS NOT ?", [running])
        if running != nil {
            try db.execute(
                """
                UPDATE main.set_log SET id = id + (SELECT max(coalesce((SELECT max(id) FROM main.set_log), 0), \
                coalesce((SELECT max(id) FROM restored.set_log), 0), coalesce((SELECT seq FROM main.sqlite_sequence WHERE name = 'set_log'), 0)))
                WHERE id IN (SELECT id FROM restored.set_log WHERE session_id IS NOT ?)
                """, [running])
        }
        try db.execute(
            "INSERT INTO main.set_log (id, \(StoredProgress.columns)) SELECT id, \(StoredProgress.columns) FROM restored.set_log "
                + "WHERE session_id IS NOT ? ORDER BY id", [running])
        for table in ["weight_override", "overload_dismissal"] {
            let columns = try shared(table, db).map { "\"\($0)\"" }.joined(separator: ", ")
            try db.executeScript("DELETE FROM main.\(table); INSERT INTO main.\(table) (\(columns)) SELECT \(columns) FROM restored.\(table)")
        }
        // The synced folder's journals are read again from their start: the restored history lacks what
        // was merged after the backup (merging what it has again changes nothing).
        try db.executeScript("DELETE FROM main.sync_journal; DELETE FROM main.sync_waiting")
        try StateTransfer.setsCameIn(db)
    }

    /// The columns of `table` both databases have (the same schema version: all of them).
    private static func shared(_ table: String, _ db: StoreDatabase) throws -> [String] {
        let mine = try db.rows("PRAGMA main.table_info(\(table))").compactMap { $0["name"] as String? }
        let theirs = Set(try db.rows("PRAGMA restored.table_info(\(table))").compactMap { $0["name"] as String? })
        return mine.filter(theirs.contains)
    }
}
