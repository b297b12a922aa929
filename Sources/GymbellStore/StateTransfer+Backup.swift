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
    /// Why a file is not taken back; nothing was changed.
    public struct RestoreRefusal: Error, CustomStringConvertible {
        public let description: String
    }

    /// Writes the whole state to `path` (a new file, or replaced whole), readable by its owner only;
    /// returns what it holds.
    public func backup(to path: String) throws(StoreError) -> StateCounts {
        let temporary = path + ".partial-\(getpid())"
        unlink(temporary)
        let counts = try connection.withFile { db in
            let counts = try Self.counts(db)
            try db.execute("VACUUM INTO ?", [temporary])
            return counts
        }
        chmod(temporary, 0o600)
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            unlink(temporary)
            throw StoreError(path: path, cause: .ioError, reason: "cannot write the backup: \(reason)")
        }
        return counts
    }

    /// Replaces the training record with the backup at `path` after checking it: an SQLite file,
    /// gymbell's (application id or schema), intact (integrity_check), a schema this gymbell knows
    /// (an older one is brought up to date in a copy; the backup itself is only read). The state it
    /// replaces is kept in `asideDirectory` first.
    public func restore(from path: String, keepingAsideIn asideDirectory: String, at now: Date) throws -> RestoreReport {
        try Self.checkHeader(path)
        let working = asideDirectory + "/restoring-\(getpid()).sqlite"
        unlink(working)
        defer { unlink(working); unlink(working + "-journal") }
        let version = try Self.checkedCopy(of: path, into: working)
        let stamp = ISO8601.format(now).replacingAll(":", with: "").replacingAll("-", with: "").prefix(15)
        let aside = asideDirectory + "/replaced-\(stamp).sqlite"
        return try connection.withFile { db in
            let before = try Self.counts(db)
            unlink(aside)
            try db.execute("VACUUM INTO ?", [aside])
            chmod(aside, 0o600)
            try db.execute("ATTACH DATABASE ? AS restored", [working])
            defer { try? db.executeScript("DETACH DATABASE restored") }
            try db.transaction { db in try StoreRestore.replaceRecord(db) }
            return RestoreReport(before: before, after: try Self.counts(db), keptAside: aside, schemaVersion: version)
        }
    }

    /// SQLite's 16-byte magic header, before SQLite is asked anything.
    static func checkHeader(_ path: String) throws {
        guard let handle = fopen(path, "rb") else {
            throw RestoreRefusal(description: "cannot read \(path): \(String(cString: strerror(errno)))")
        }
        defer { fclose(handle) }
        var header = [UInt8](repeating: 0, count: 16)
        let read = fread(&header, 1, 16, handle)
        guard read == 16, header == Array("SQLite format 3\0".utf8) else {
            throw RestoreRefusal(description: "\(path) is not a gymbell backup: not an SQLite database (it does not start with \"SQLite format 3\")")
        }
    }

    private static func copy(_ source: String, into working: String, flags: SQLiteConnection.OpenFlags) throws {
        let database = try StoreDatabase(path: source, flags: flags)
        defer { database.close() }
        try database.execute("VACUUM INTO ?", [working])
    }

    /// Copies the backup to `working` (read-only on the backup) and checks the copy; returns its schema
    /// version before it was brought up to date.
    static func checkedCopy(of path: String, into working: String) throws -> Int {
        // Read as an immutable file (no -shm or -wal made beside the backup, on a read-only medium too)
        // unless a journal beside it holds what the file lacks.
        let immutable = "file:\(path.percentEncoded(keeping: "/"))?immutable=1"
        let journaled = access(path + "-wal", F_OK) == 0 || access(path + "-journal", F_OK) == 0
        do {
            try copy(journaled ? path : immutable, into: working, flags: journaled ? [.readOnly] : [.readOnly, .uri])
        } catch {
            throw RestoreRefusal(description: "\(path) cannot be read as a database: \(error); nothing was changed")
        }
        let copy = try StoreDatabase(path: working)
        defer { copy.close() }
        let integrity = (try? copy.rows("PRAGMA integrity_check").compactMap { $0["integrity_check"] as String? }) ?? ["unreadable"]
        guard integrity == ["ok"] else {
            throw RestoreRefusal(description: "\(path) is damaged (integrity_check: \(integrity.prefix(3).joined(separator: "; "))); nothing was changed")
        }
        switch try StoreOwnership.verdict(of: copy) {
        case .foreign(let why): throw RestoreRefusal(description: "\(path) is another program's database, not a gymbell backup (\(why)); nothing was changed")
        case .empty: throw RestoreRefusal(description: "\(path) holds no gymbell state (no tables); nothing was changed")
        case .gymbells, .unstamped: break
        }
        let version = try StoreSchema.version(of: copy)
        guard version <= StoreSchema.latestVersion else {
            throw RestoreRefusal(description: "\(path) was written by a newer gymbell (schema \(version); this one reads up to \(StoreSchema.latestVersion)); nothing was changed")
        }
        try StoreSchema.migrate(copy)
        return version
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
        try StateTransfer.setsCameIn(db)
    }

    /// The columns of `table` both databases have (the same schema version: all of them).
    private static func shared(_ table: String, _ db: StoreDatabase) throws -> [String] {
        let mine = try db.rows("PRAGMA main.table_info(\(table))").compactMap { $0["name"] as String? }
        let theirs = Set(try db.rows("PRAGMA restored.table_info(\(table))").compactMap { $0["name"] as String? })
        return mine.filter(theirs.contains)
    }
}
