import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// The records timeline (issue 33): what each session beat (`RecordCandidate`), kept in the database
/// as the session's sets close (`StoreChange.keepRecords`) instead of in the engine, whose summary of
/// the log stays the size of the exercises. One row per record: the set that beat the book and the
/// set it beat, in the columns of the log (`before_…` for the latter). A session's candidates written
/// again replace themselves, so start-up may write those of the sets it adds after the snapshot again.
enum RecordTimeline {
    private static let beforeColumns = StoredProgress.columns.split(separator: ", ").map { "before_\($0)" }.joined(separator: ", ")

    /// The table as schema v11 made it (v13 adds the columns of a timed set, a warm-up and the RPE,
    /// for both sets: `StoreSchema`).
    static let schema = """
        CREATE TABLE IF NOT EXISTS "record_candidate" ("seq" INTEGER PRIMARY KEY, "session_at" DOUBLE NOT NULL, \
        "position" INTEGER NOT NULL, "kind" INTEGER NOT NULL, \
        "session_id" TEXT NOT NULL, "workout" TEXT, "exercise" TEXT NOT NULL, "set_number" INTEGER NOT NULL, "reps" INTEGER, \
        "planned_reps" INTEGER, "weight" DOUBLE, "unit" TEXT NOT NULL, "failed" INTEGER NOT NULL DEFAULT 0, "at" DOUBLE NOT NULL, \
        "before_session_id" TEXT NOT NULL, "before_workout" TEXT, "before_exercise" TEXT NOT NULL, \
        "before_set_number" INTEGER NOT NULL, "before_reps" INTEGER, "before_planned_reps" INTEGER, "before_weight" DOUBLE, \
        "before_unit" TEXT NOT NULL, "before_failed" INTEGER NOT NULL DEFAULT 0, "before_at" DOUBLE NOT NULL);
        CREATE INDEX IF NOT EXISTS "record_candidate_on_session" ON "record_candidate"("session_id", "exercise");
        CREATE INDEX IF NOT EXISTS "record_candidate_by_time" ON "record_candidate"("session_at", "session_id", "position");
        """

    private enum Kind: Int { case heaviest = 1, estimate, hold }

    /// Keeps `candidates` (of one or more sessions, each session's in the order its exercises were
    /// first done), replacing what was kept for the same session and exercise.
    static func keep(_ candidates: [RecordCandidate], _ db: StoreDatabase) throws {
        var bySession: [(SessionID, [RecordCandidate])] = []
        for candidate in candidates {
            guard let set = candidate.set else { continue }
            if let last = bySession.indices.last, bySession[last].0 == set.session {
                bySession[last].1.append(candidate)
            } else {
                bySession.append((set.session, [candidate]))
            }
        }
        let insert = "INSERT INTO record_candidate (session_at, position, kind, \(StoredProgress.columns), \(beforeColumns)) "
            + "VALUES (\(StoredProgress.placeholders(3 + 2 * StoredProgress.columnCount)))"
        for (session, mine) in bySession {
            // The session's place in the timeline: its earliest set that beat the book (its sessions
            // do not overlap another's).
            let sessionAt = mine.compactMap(\.set?.at).min()?.timeIntervalSince1970 ?? 0
            for (position, candidate) in mine.enumerated() {
                guard let exercise = candidate.set?.exercise else { continue }
                try db.execute("DELETE FROM record_candidate WHERE session_id = ? AND exercise = ?", [session.rawValue, exercise])
                for (kind, record) in [(Kind.heaviest, candidate.heaviest), (.estimate, candidate.estimate), (.hold, candidate.hold)] {
                    guard let record else { continue }
                    let head: [any StoreValue] = [sessionAt, position, kind.rawValue]
                    try db.execute(insert, head + StoredProgress.values(of: record.set) + StoredProgress.values(of: record.previous))
                }
            }
        }
    }

    /// Every candidate kept, session by session in the order logged.
    static func read(_ db: StoreDatabase) throws -> [RecordCandidate] {
        var candidates: [RecordCandidate] = []
        var current: (session: String, position: Int)?
        try db.forEachRow(
            "SELECT position, kind, \(StoredProgress.columns), \(beforeColumns) FROM record_candidate "
                + "ORDER BY session_at, session_id, position, kind"
        ) { row in
            guard let kind = Kind(rawValue: Int(row.int64(at: 1))), let set = StoredProgress.loggedSet(row, from: 2),
                let previous = StoredProgress.loggedSet(row, from: 2 + StoredProgress.columnCount)
            else { return }
            let key = (set.session.rawValue, Int(row.int64(at: 0)))
            if current.map({ $0 != key }) ?? true {
                candidates.append(RecordCandidate())
                current = key
            }
            switch kind {
            case .heaviest: candidates[candidates.count - 1].heaviest = PersonalRecord(kind: .heaviest, set: set, previous: previous)
            case .estimate:
                candidates[candidates.count - 1].estimate = PersonalRecord(kind: .estimatedOneRepMax, set: set, previous: previous)
            case .hold: candidates[candidates.count - 1].hold = PersonalRecord(kind: .longestHold, set: set, previous: previous)
            }
        }
        return candidates
    }

    /// The timeline made afresh from the whole log (the migration that made the table; the way back
    /// after a change to sets already logged). Returns the log's summary it went through.
    @discardableResult
    static func rebuild(_ db: StoreDatabase) throws -> ProgressSummary {
        try db.execute("DELETE FROM record_candidate")
        var summary = ProgressSummary()
        var closed: [RecordCandidate] = []
        try db.forEachRow("SELECT \(StoredProgress.columns) FROM set_log ORDER BY at, id") { row in
            if let set = StoredProgress.loggedSet(row) { closed += summary.add(set) }
        }
        try keep(closed, db)
        return summary
    }
}
