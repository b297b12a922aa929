import FoundationEssentials
import GymbellCore

/// How far a journal of the synced folder was read: up to `offset`, just after a whole line, and the
/// (hexadecimal) bytes before it — a file whose bytes there differ was replaced and is read afresh.
public struct JournalProgress: Equatable, Sendable {
    public var offset: Int64
    /// Lines before `offset` (a problem names its line).
    public var lines: Int
    public var tail: String

    public init(offset: Int64, lines: Int, tail: String) {
        self.offset = offset
        self.lines = lines
        self.tail = tail
    }

    public static let start = JournalProgress(offset: 0, lines: 0, tail: "")
}

/// What merging a batch of one journal's lines brought in.
public struct MergeCount: Equatable, Sendable {
    public var sessions = 0
    public var sets = 0
    public var revisions = 0
    public var weights = 0
    public var waiting = 0
    public var changed: Bool { sessions > 0 || revisions > 0 || weights > 0 }

    public init() {}

    public static func += (a: inout MergeCount, b: MergeCount) {
        a.sessions += b.sessions
        a.sets += b.sets
        a.revisions += b.revisions
        a.weights += b.weights
        a.waiting += b.waiting
    }
}

extension SyncJournalStore {
    /// Corrections waiting for their set at most (the oldest go first beyond it).
    static let waitingLimit = 10_000

    /// How far `file` was read; nil: never.
    public func progress(of file: String) throws(StoreError) -> JournalProgress? {
        try connection.read { db in
            guard let row = try db.row(#"SELECT "offset", lines, tail FROM sync_journal WHERE file = ?"#, [file]),
                let offset: Int64 = row["offset"], let lines: Int = row["lines"], let tail: String = row["tail"]
            else { return nil }
            return JournalProgress(offset: offset, lines: lines, tail: tail)
        }
    }

    /// After a merge: what each session beat and the summary of the log, made afresh when sets came in
    /// or were corrected (`changed`) or when a merge cut short left them to be made.
    public func settle(changed: Bool) throws(StoreError) {
        try connection.write { db in
            let missing = try db.value("SELECT 1 FROM progress_snapshot LIMIT 1", as: Int.self) == nil
                && db.value("SELECT 1 FROM set_log LIMIT 1", as: Int.self) != nil
            if changed || missing { try StateTransfer.setsCameIn(db) }
        }
    }

    /// Every journal read so far, by file name: the workouts each brought and its first problem.
    public func journals() throws(StoreError) -> [SyncStatus.Journal] {
        try connection.read { db in
            try db.rows("SELECT file, sessions, problem FROM sync_journal ORDER BY file").compactMap { row in
                guard let file: String = row["file"] else { return nil }
                return SyncStatus.Journal(file: file, sessions: row["sessions"] ?? 0, problem: row["problem"])
            }
        }
    }

    /// Merges `entries` of `file` in one transaction, and records that the file was read up to
    /// `progress` (`afresh`: from its start again, its problem forgotten; `problem`: the first line
    /// that could not be merged). Sessions the history has are left as they are; a correction wins only
    /// over an earlier one (`SetRevision.wins`) and waits when its set has not arrived; a weight only
    /// over an older one.
    public func merge(
        _ entries: [JournalEntry], from file: String, reachedAt progress: JournalProgress, afresh: Bool, problem: String?, own: DeviceID
    ) throws(StoreError) -> MergeCount {
        try connection.write { db in
            var count = MergeCount()
            for entry in entries { try Self.merge(entry, own: own, into: &count, db) }
            if count.sessions > 0 { try Self.retryWaiting(own: own, into: &count, db) }
            try db.execute(
                """
                INSERT INTO sync_journal (file, "offset", lines, tail, sessions, problem) VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (file) DO UPDATE SET "offset" = excluded."offset", lines = excluded.lines, tail = excluded.tail,
                    sessions = CASE WHEN ? THEN excluded.sessions ELSE sessions + excluded.sessions END,
                    problem = CASE WHEN ? THEN excluded.problem ELSE coalesce(problem, excluded.problem) END
                """, [file, progress.offset, progress.lines, progress.tail, count.sessions, problem, afresh ? 1 : 0, afresh ? 1 : 0])
            // The records and the summary are made afresh once, when the merge ends (`settle`); until then
            // the kept summary is dropped, so that a merge cut short is summed up afresh at the next start.
            if count.sets > 0 || count.revisions > 0 { try db.execute("DELETE FROM progress_snapshot") }
            return count
        }
    }

    private static func merge(_ entry: JournalEntry, own: DeviceID, into count: inout MergeCount, _ db: StoreDatabase) throws {
        switch entry.event {
        case .session(let session):
            guard try db.value("SELECT 1 FROM session WHERE id = ?", [session.entry.id.rawValue], as: Int.self) == nil else { return }
            try StateTransfer.insert(session, origin: entry.device.rawValue, db)
            count.sessions += 1
            count.sets += session.sets.count
        case .revision(let revision):
            switch try apply(revision, by: entry.device, own: own, db) {
            case .applied: count.revisions += 1
            case .lost: break
            case .setMissing:
                try db.execute("INSERT INTO sync_waiting (device, line) VALUES (?, ?)", [entry.device.rawValue, String(decoding: entry.line(), as: UTF8.self)])
                try db.execute("DELETE FROM sync_waiting WHERE seq <= (SELECT max(seq) FROM sync_waiting) - ?", [waitingLimit])
                count.waiting += 1
            }
        case .weight(let weight):
            let since = try db.value("SELECT since FROM weight_override WHERE exercise = ?", [weight.exercise], as: Double.self)
            guard since.map({ weight.since.timeIntervalSince1970 > $0 }) ?? true else { return }
            try db.execute(
                "INSERT OR REPLACE INTO weight_override (exercise, weight, unit, since, origin, journaled) VALUES (?, ?, ?, ?, ?, 1)",
                [weight.exercise, weight.weight, weight.unit.rawValue, weight.since.timeIntervalSince1970, entry.device.rawValue])
            count.weights += 1
        }
    }

    private enum RevisionOutcome { case applied, lost, setMissing }

    private static func apply(_ revision: SetRevision, by device: DeviceID, own: DeviceID, _ db: StoreDatabase) throws -> RevisionOutcome {
        guard let row = try db.row(
            "SELECT id, revised_at, revised_by FROM set_log WHERE session_id = ? ORDER BY at, id LIMIT 1 OFFSET ?",
            [revision.session.rawValue, revision.ordinal - 1]), let id: Int64 = row["id"]
        else { return .setMissing }
        let stamp = (row["revised_at"] as Double?).map { (Date(timeIntervalSince1970: $0), (row["revised_by"] as String?).flatMap(DeviceID.init) ?? own) }
        guard revision.wins(by: device, over: stamp) else { return .lost }
        try db.execute(
            """
            UPDATE set_log SET reps = ?, weight = ?, failed = ?, seconds = ?, warm_up = ?, rpe = ?, revised_at = ?, revised_by = ?,
                revision_journaled = 1 WHERE id = ?
            """,
            [revision.reps, revision.weight, revision.failed ? 1 : 0, revision.seconds, revision.warmUp ? 1 : 0, revision.rpe,
             revision.revisedAt.timeIntervalSince1970, device.rawValue, id])
        return .applied
    }

    /// Corrections that waited for their set, tried again now that sessions came in.
    private static func retryWaiting(own: DeviceID, into count: inout MergeCount, _ db: StoreDatabase) throws {
        for row in try db.rows("SELECT seq, line FROM sync_waiting ORDER BY seq") {
            guard let seq: Int64 = row["seq"], let line: String = row["line"],
                let entry = try? JournalEntry.decode(line: Array(line.utf8)), case .revision(let revision) = entry.event
            else { continue }
            switch try apply(revision, by: entry.device, own: own, db) {
            case .applied:
                count.revisions += 1
                try db.execute("DELETE FROM sync_waiting WHERE seq = ?", [seq])
            case .lost: try db.execute("DELETE FROM sync_waiting WHERE seq = ?", [seq])
            case .setMissing: break
            }
        }
    }
}
