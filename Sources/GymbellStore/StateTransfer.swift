import FoundationEssentials
import GymbellCore

/// What the store does for `gymbell import`, `backup` and `restore` (issue 34): changes made by the
/// daemon itself, outside the engine's StoreChanges, after which the daemon reads the state again.
///
/// Here: the counts, and workouts brought in from another app's log in one transaction — a session the
/// history has (the same id: the same file imported again) is left as it is, with its sets.
public struct StateTransfer {
    let connection: StoreConnection

    func read<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T { try connection.read(body) }

    func write<T>(_ body: @escaping (StoreDatabase) throws -> T) throws(StoreError) -> T { try connection.write(body) }

    public func counts() throws(StoreError) -> StateCounts { try read { db in try Self.counts(db) } }

    static func counts(_ db: StoreDatabase, schema: String = "main") throws -> StateCounts {
        StateCounts(
            sessions: try db.value("SELECT count(*) FROM \(schema).session", as: Int.self) ?? 0,
            sets: try db.value("SELECT count(*) FROM \(schema).set_log", as: Int.self) ?? 0)
    }

    /// Writes `sessions` in one transaction: each checked against `RecordBounds` first (a session out
    /// of bounds is refused whole and named in the report, nothing of it stored), one the history has
    /// left as it is. A large import comes in batches (issue 42): only the `last` puts the set log in
    /// time order (when this or `earlierBatchesAdded` sets, or the log is out of order: a batched
    /// import cut short and run again), so the whole log is walked once, not once per batch.
    public func importSessions(_ sessions: [ImportedSession], last: Bool = true, earlierBatchesAdded: Bool = false) throws(StoreError) -> ImportReport {
        try write { db in
            let before = try Self.counts(db)
            var outcome = ImportReport(addedSessions: 0, addedSets: 0, alreadyThere: 0, before: before, after: before)
            for offered in sessions {
                let session: ImportedSession
                do throws(RecordBounds.Violation) { session = try offered.checked() } catch {
                    outcome.refuse(offered.entry.id.rawValue, error.description)
                    continue
                }
                let e = session.entry
                guard try db.value("SELECT 1 FROM session WHERE id = ?", [e.id.rawValue], as: Int.self) == nil else {
                    outcome.alreadyThere += 1
                    continue
                }
                let end = (e.endedAt ?? e.startedAt).timeIntervalSince1970
                try db.execute(
                    """
                    INSERT INTO session (id, kind, title, started_at, ends_at, workout, outcome, ended_at, sets_done, last_progress_at)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                    [e.id.rawValue, e.kind.rawValue, e.title, e.startedAt.timeIntervalSince1970, end, e.workout, e.outcome.rawValue,
                     e.endedAt?.timeIntervalSince1970, e.setsDone, e.lastProgressAt.timeIntervalSince1970])
                for set in session.sets {
                    try db.execute("INSERT INTO set_log (\(StoredProgress.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", StoredProgress.values(of: set))
                }
                outcome.addedSessions += 1
                outcome.addedSets += session.sets.count
            }
            if last {
                let outOfOrder = try db.value(
                    "SELECT 1 FROM (SELECT at < lag(at) OVER (ORDER BY id) AS back FROM main.set_log) WHERE back LIMIT 1", as: Int.self) != nil
                if outcome.addedSets > 0 || earlierBatchesAdded || outOfOrder { try Self.putSetLogInTimeOrder(db) }
            }
            outcome.after = try Self.counts(db)
            return outcome
        }
    }

    /// The set log's order is the order the sets were done (the progress summary adds them in id order,
    /// issue 33): sets brought in from the past are given their place among the others; what each session
    /// beat is worked out afresh (`RecordTimeline`: older sets came in before them), and the summary that
    /// walk gives replaces the one kept at the last clean exit, which no longer matches the ids — the
    /// state read again after it adds nothing to it.
    static func putSetLogInTimeOrder(_ db: StoreDatabase) throws {
        try db.executeScript("""
            CREATE TEMP TABLE set_log_ordered AS SELECT \(StoredProgress.columns) FROM main.set_log ORDER BY at, id;
            DELETE FROM main.set_log;
            INSERT INTO main.set_log (\(StoredProgress.columns)) SELECT \(StoredProgress.columns) FROM set_log_ordered ORDER BY rowid;
            DROP TABLE set_log_ordered;
            """)
        try ProgressSnapshot.save(try RecordTimeline.rebuild(db), db)
    }
}
