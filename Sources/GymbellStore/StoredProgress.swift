import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// The set log's summary as start-up reads it (`LogReader.summary()`), and what the sessions closed by
/// the sets it added after the snapshot beat.
public typealias ProgressReading = (summary: ProgressSummary, closed: [RecordCandidate])

/// The training progress the state database keeps: the set log, planned weights changed by hand,
/// overload suggestions dismissed. Each change is one transaction, like the store's others.
public struct StoredProgress {
    let connection: StoreConnection

    // MARK: The set log

    /// Every set logged, in the order done.
    public func loggedSets() throws(StoreError) -> [LoggedSet] {
        try connection.read { db in try db.rows("SELECT * FROM set_log ORDER BY at, id").compactMap(StoreRows.loggedSet(from:)) }
    }

    /// The sets logged since `since`, in the order done (`history --sets`, the report): found by the
    /// index on `at` (schema v10), in time linear in how many they are, not in the log's length.
    public func loggedSets(since: Date) throws(StoreError) -> [LoggedSet] {
        try connection.read { db in try Self.loggedSets(since: since, db) }
    }

    /// A reader of the log for another thread (a large `history --sets` is read and written there while
    /// the daemon's loop goes on); nil while reads go to the state's copy in memory.
    public var readerForAnotherThread: LogReader? { connection.readableFile.map(LogReader.init(file:)) }

    static func loggedSets(since: Date, _ db: StoreDatabase) throws -> [LoggedSet] {
        var sets: [LoggedSet] = []
        try db.forEachRow("SELECT id, \(columns) FROM set_log WHERE at >= ? ORDER BY at, id", [since.timeIntervalSince1970]) { row in
            if var set = loggedSet(row, from: 1) {
                set.id = row.int64(at: 0)
                sets.append(set)
            }
        }
        return sets
    }

    /// The set the log numbers `id` (`history --sets` shows the number), with it; nil when there is none.
    public func loggedSet(id: Int64) throws(StoreError) -> LoggedSet? {
        try connection.read { db in
            var found: LoggedSet?
            try db.forEachRow("SELECT \(Self.columns) FROM set_log WHERE id = ?", [id]) { row in found = Self.loggedSet(row) }
            found?.id = id
            return found
        }
    }

    /// Rewrites the row of `corrected.id` with its reps, weight, failed, seconds, warm-up and RPE, in one transaction with
    /// making the records timeline afresh (what each session beat may have changed with it) and keeping
    /// the summary that walk gives as the snapshot (the old one no longer is the log's): the daemon's
    /// reading after it, and the next start-up's, add nothing to it.
    /// The correction is stamped as this computer's, made `at`, for its journal (issue 48: the later
    /// correction of a set wins on every computer).
    public func correct(_ corrected: LoggedSet, at now: Date = Date()) throws(StoreError) {
        guard let id = corrected.id else { return }
        try connection.write { db in
            try db.execute(
                """
                UPDATE set_log SET reps = ?, weight = ?, failed = ?, seconds = ?, warm_up = ?, rpe = ?, revised_at = ?, revised_by = NULL,
                    revision_journaled = 0 WHERE id = ?
                """,
                [corrected.reps, corrected.weight, corrected.failed ? 1 : 0, corrected.seconds, corrected.warmUp ? 1 : 0, corrected.rpe,
                 now.timeIntervalSince1970, id])
            try ProgressSnapshot.save(try RecordTimeline.rebuild(db), db)
        }
    }

    /// What the engine keeps of the log (`ProgressSummary`): every set added in the order logged, as
    /// the engine added each when it was logged. The sets themselves are not kept.
    public func summary() throws(StoreError) -> ProgressSummary {
        try connection.read { db in try Self.summary(db).summary }
    }

    /// The snapshot kept at a clean exit (`ProgressSnapshot`), when it still is the summary of the log
    /// up to its last set, and every set logged after it added; else the whole log summed up. `closed`:
    /// what the sessions closed by the sets added beat (`ProgressSummary.add`), for the records timeline
    /// (`keep`): the engine kept them as it logged those sets, unless the sets came from elsewhere.
    static func summary(_ db: StoreDatabase) throws -> ProgressReading {
        var (summary, after) = (try? ProgressSnapshot.read(db)) ?? (ProgressSummary(), 0)
        var closed: [RecordCandidate] = []
        // In the order done, not by id: a set's id is its name for life (issue 42), and sets brought in
        // from the past have higher ids than the ones logged since.
        try db.forEachRow("SELECT \(columns) FROM set_log WHERE id > ? ORDER BY at, id", [after]) { row in
            if let set = loggedSet(row) { closed += summary.add(set) }
        }
        return (summary, closed)
    }

    // MARK: The records timeline

    /// What each session before the latest beat, session by session in the order logged (`RecordTimeline`).
    public func recordCandidates() throws(StoreError) -> [RecordCandidate] {
        try connection.read { db in try RecordTimeline.read(db) }
    }

    /// Keeps what sessions beat in the records timeline (`StoreChange.keepRecords`); written again, a
    /// session's candidates replace themselves.
    public func keep(_ candidates: [RecordCandidate]) throws(StoreError) {
        guard !candidates.isEmpty else { return }
        try connection.write { db in try RecordTimeline.keep(candidates, db) }
    }

    /// Keeps `summary` — the engine's, the summary of the whole log — beside the log (at a clean exit),
    /// so that the next start-up adds only the sets logged after it instead of summing up years again.
    public func saveSnapshot(_ summary: ProgressSummary) throws(StoreError) {
        try connection.write(key: "progress_snapshot") { db in try ProgressSnapshot.save(summary, db) }
    }

    /// A set's columns in the log (and in the caches' copies of sets), in the order `values(of:)` gives.
    static let columns = "session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at, seconds, warm_up, rpe"
    /// How many `columns` are.
    static let columnCount = 13
    /// The log's columns up to schema v12 (before timed sets, warm-ups and RPE): what that migration copies.
    static let v12Columns = "session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at"

    /// "?, ?, ?" for `count` values.
    static func placeholders(_ count: Int) -> String { Array(repeating: "?", count: count).joined(separator: ", ") }

    /// A row of `columns` from column `first` on, read by position (thousands of rows: no `StoreRow` each).
    static func loggedSet(_ row: SQLiteStatement, from first: Int = 0) -> LoggedSet? {
        let c = { first + $0 }
        guard let session = row.string(at: c(0)), let exercise = row.string(at: c(2)), !row.isNull(at: c(3)), !row.isNull(at: c(9)),
            let unit = row.string(at: c(7)).flatMap(WeightUnit.init(rawValue:))
        else { return nil }
        return LoggedSet(
            session: SessionID(session), workout: row.string(at: c(1)), exercise: exercise, setNumber: Int(row.int64(at: c(3))),
            reps: row.isNull(at: c(4)) ? nil : Int(row.int64(at: c(4))), plannedReps: row.isNull(at: c(5)) ? nil : Int(row.int64(at: c(5))),
            weight: row.isNull(at: c(6)) ? nil : row.double(at: c(6)), unit: unit, failed: row.int64(at: c(8)) != 0,
            at: Date(timeIntervalSince1970: row.double(at: c(9))), seconds: row.isNull(at: c(10)) ? nil : Int(row.int64(at: c(10))),
            warmUp: row.int64(at: c(11)) != 0, rpe: row.isNull(at: c(12)) ? nil : row.double(at: c(12)))
    }

    /// `set`'s values for `columns`, in order.
    static func values(of set: LoggedSet) -> [any StoreValue] {
        [set.session.rawValue, set.workout, set.exercise, set.setNumber, set.reps, set.plannedReps, set.weight, set.unit.rawValue,
         set.failed ? 1 : 0, set.at.timeIntervalSince1970, set.seconds, set.warmUp ? 1 : 0, set.rpe]
    }

    public func log(_ set: LoggedSet) throws(StoreError) {
        try connection.write { db in
            try db.execute("INSERT INTO set_log (\(Self.columns)) VALUES (\(Self.placeholders(Self.columnCount)))", Self.values(of: set))
        }
    }

    // MARK: Planned weights

    public func weightOverrides() throws(StoreError) -> [WeightOverride] {
        try connection.read { db in
            try db.rows("SELECT * FROM weight_override ORDER BY exercise").compactMap(StoreRows.weightOverride(from:))
        }
    }

    public func save(_ override: WeightOverride) throws(StoreError) {
        try connection.write { db in
            try db.execute(
                "INSERT OR REPLACE INTO weight_override (exercise, weight, unit, since) VALUES (?, ?, ?, ?)",
                [override.exercise, override.weight, override.unit.rawValue, override.since.timeIntervalSince1970])
        }
    }

    public func removeOverrides(_ exercises: [String]) throws(StoreError) {
        guard !exercises.isEmpty else { return }
        try connection.write { db in
            for exercise in exercises { try db.execute("DELETE FROM weight_override WHERE exercise = ?", [exercise]) }
        }
    }

    public func overloadDismissals() throws(StoreError) -> [String: Date] {
        try connection.read { db in
            var dismissed: [String: Date] = [:]
            for row in try db.rows("SELECT * FROM overload_dismissal") {
                if let exercise: String = row["exercise"], let at = StoreRows.date(row, "at") { dismissed[exercise] = at }
            }
            return dismissed
        }
    }

    public func dismissOverload(_ exercises: [String], at instant: Date) throws(StoreError) {
        guard !exercises.isEmpty else { return }
        try connection.write { db in
            for exercise in exercises {
                try db.execute("INSERT OR REPLACE INTO overload_dismissal (exercise, at) VALUES (?, ?)", [exercise, instant.timeIntervalSince1970])
            }
        }
    }
}

/// Reads the set log and the sessions on a connection of its own, read-only (WAL: it never waits for
/// the daemon's writes nor holds them up). Made on the daemon's thread, used on another.
public struct LogReader: Sendable {
    let file: String

    /// The summary of the whole log (as `StoredProgress.summary()`): start-up reads it on another
    /// thread while it reads the rest of the state and offers the bus name. `closed`: what the sessions
    /// closed by the sets logged after the snapshot beat, to be kept again (`StoreChange.keepRecords`).
    public func summary() throws(StoreError) -> ProgressReading {
        try reading { db in try StoredProgress.summary(db) }
    }

    /// The sets logged since `since`, in the order done (as `StoredProgress.loggedSets(since:)`).
    public func loggedSets(since: Date) throws(StoreError) -> [LoggedSet] {
        try reading { db in try StoredProgress.loggedSets(since: since, db) }
    }

    /// The sessions started since `since`, oldest first (as `StateStore.history(since:)`).
    public func history(since: Date) throws(StoreError) -> [HistoryEntry] {
        try reading { db in try StoreRows.history(since: since, db) }
    }

    private func reading<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T {
        do {
            let db = try StoreDatabase(path: file, flags: [.readOnly])
            defer { db.close() }
            return try body(db)
        } catch {
            throw StoreError(path: file, error: error)
        }
    }
}
