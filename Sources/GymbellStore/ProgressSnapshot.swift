import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// The engine's summary of the set log kept at a clean exit (issue 33): its sets as rows like the log's
/// (`progress_snapshot_set`, each with the part of the summary it belongs to), its figures in
/// `progress_snapshot` with the last set it covers. Start-up reads it back and adds the sets logged
/// after it, instead of summing up years of sets; one that no longer fits the log is not used.
enum ProgressSnapshot {
    /// Where a kept set belongs; `slot` orders within a part (a run's index).
    private enum Part: Int {
        case heaviest = 1, bestEstimate, latest, run
        // 5 to 8 held the records timeline up to schema v10 (now `RecordTimeline`); read, they are skipped.
        /// An exercise's longest hold (schema v13).
        case longestHold = 9
    }

    static func save(_ summary: ProgressSummary, _ db: StoreDatabase) throws {
        let through = try db.value("SELECT MAX(id) FROM set_log", as: Int.self) ?? 0
        try db.execute("DELETE FROM progress_snapshot_set")
        try db.execute(
            "INSERT OR REPLACE INTO progress_snapshot (id, through, count, volume_mg) VALUES (1, ?, ?, ?)",
            [through, summary.count, summary.volumeMilligrams])
        let insert = "INSERT INTO progress_snapshot_set (part, slot, \(StoredProgress.columns)) "
            + "VALUES (\(StoredProgress.placeholders(2 + StoredProgress.columnCount)))"
        func keep(_ set: LoggedSet?, _ part: Part, _ slot: Int = 0) throws {
            guard let set else { return }
            try db.execute(insert, [part.rawValue, slot] + StoredProgress.values(of: set))
        }
        for bests in summary.book.exercises.values {
            for set in bests.heaviestByReps.values { try keep(set, .heaviest) }
            try keep(bests.bestEstimate, .bestEstimate)
            try keep(bests.longestHold, .longestHold)
        }
        for set in summary.latest { try keep(set, .latest) }
        for runs in summary.runs.values {
            for (index, run) in runs.enumerated() { for set in run { try keep(set, .run, index) } }
        }
    }

    /// Whether the log still has the `count` sets up to set `through` the snapshot summed up. A log that
    /// only grew has ids 1, 2, 3…: then set `through` being there says so at once, where counting would
    /// read every page of years of sets (issue 33: the first answer waited for it). Otherwise (a restore
    /// or a set put aside left gaps: ids are never given twice) they are counted. A change to sets
    /// already logged must keep a snapshot of the log as it is then.
    private static func fits(through: Int, count: Int, _ db: StoreDatabase) throws -> Bool {
        if count == through {
            if through == 0 { return true }
            if try db.value("SELECT 1 FROM set_log WHERE id = ?", [through], as: Int.self) == 1 { return true }
        }
        return try db.value("SELECT COUNT(*) FROM set_log WHERE id <= ?", [through], as: Int.self) == count
    }

    /// The summary kept and the last set it covers; nil when there is none or it does not fit the log.
    static func read(_ db: StoreDatabase) throws -> (ProgressSummary, after: Int)? {
        guard let row = try db.row("SELECT through, count, volume_mg FROM progress_snapshot WHERE id = 1"),
            let through: Int = row["through"], let count: Int = row["count"], let volume: Int64 = row["volume_mg"],
            try fits(through: through, count: count, db)
        else { return nil }
        var heaviest: [String: [Int: LoggedSet]] = [:]
        var estimates: [String: LoggedSet] = [:]
        var holds: [String: LoggedSet] = [:]
        var latest: [LoggedSet] = []
        var runs: [String: [[LoggedSet]]] = [:]
        try db.forEachRow("SELECT part, slot, \(StoredProgress.columns) FROM progress_snapshot_set ORDER BY seq") { row in
            guard let part = Part(rawValue: Int(row.int64(at: 0))), let set = StoredProgress.loggedSet(row, from: 2) else { return }
            let slot = Int(row.int64(at: 1))
            switch part {
            case .heaviest: heaviest[set.exercise, default: [:]][set.reps ?? 0] = set
            case .bestEstimate: estimates[set.exercise] = set
            case .longestHold: holds[set.exercise] = set
            case .latest: latest.append(set)
            case .run:
                var exerciseRuns = runs[set.exercise] ?? []
                while exerciseRuns.count <= slot { exerciseRuns.append([]) }
                exerciseRuns[slot].append(set)
                runs[set.exercise] = exerciseRuns
            }
        }
        var exercises: [String: ExerciseBests] = [:]
        for exercise in Set(heaviest.keys).union(estimates.keys).union(holds.keys) {
            exercises[exercise] = ExerciseBests(
                heaviestByReps: heaviest[exercise] ?? [:], bestEstimate: estimates[exercise], longestHold: holds[exercise])
        }
        let summary = ProgressSummary(
            book: RecordBook(exercises: exercises), latest: latest, runs: runs, volumeMilligrams: volume, count: count)
        return (summary, through)
    }
}
