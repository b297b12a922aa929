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
    /// left as it is. A large import comes in batches (issue 42): only the `last` makes the records
    /// timeline and the summary afresh (when this or `earlierBatchesAdded` sets), so the whole log is
    /// walked once, not once per batch. No set's id changes: readers order the log by time.
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
                try Self.insert(session, db)
                outcome.addedSessions += 1
                outcome.addedSets += session.sets.count
            }
            if outcome.addedSets > 0 || earlierBatchesAdded {
                // The records timeline and the summary are made afresh once, after the last batch; until
                // then the kept summary is dropped, so that an import cut short is summed up afresh
                // (in the order done) at the next start-up rather than read against stale figures.
                if last { try Self.setsCameIn(db) } else { try db.execute("DELETE FROM progress_snapshot") }
            }
            outcome.after = try Self.counts(db)
            return outcome
        }
    }

    /// Writes a checked session the history does not have, with its sets (new ids, in the order given);
    /// `origin`: the device whose journal brought it (issue 48; nil: this computer's, to be journaled).
    static func insert(_ session: ImportedSession, origin: String? = nil, _ db: StoreDatabase) throws {
        let e = session.entry
        let end = (e.endedAt ?? e.startedAt).timeIntervalSince1970
        try db.execute(
            """
            INSERT INTO session (id, kind, title, started_at, ends_at, workout, outcome, ended_at, sets_done, last_progress_at,
                rounds, amrap, origin, journaled)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """,
            [e.id.rawValue, e.kind.rawValue, e.title, e.startedAt.timeIntervalSince1970, end, e.workout, e.outcome.rawValue,
             e.endedAt?.timeIntervalSince1970, e.setsDone, e.lastProgressAt.timeIntervalSince1970, e.rounds, e.amrap ? 1 : 0,
             origin, origin == nil ? 0 : 1])
        for set in session.sets {
            try db.execute(
                "INSERT INTO set_log (\(StoredProgress.columns)) VALUES (\(StoredProgress.placeholders(StoredProgress.columnCount)))",
                StoredProgress.values(of: set))
        }
    }

    /// Sets came in from elsewhere (an import, a restore): each keeps the id it was given — its name for
    /// life (issue 42: renumbering them into time order sent `history correct 1` to another set) — and
    /// every reader of the log orders it by the time each set was done. What each session beat is worked
    /// out afresh (`RecordTimeline`: older sets came in before them), and the summary that walk gives
    /// replaces the one kept at the last clean exit — the state read again after it adds nothing to it.
    static func setsCameIn(_ db: StoreDatabase) throws {
        try ProgressSnapshot.save(try RecordTimeline.rebuild(db), db)
    }
}
