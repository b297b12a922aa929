import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// The engine's summary of the set log kept at a clean exit (issue 33): its sets as rows like the log's
/// (`progress_snapshot_set`, each with the part of the summary it belongs to), its figures in
/// `progress_snapshot` with the last set it covers. Start-up reads it back and adds the sets logged
/// after it, instead of summing up years of sets; one that no longer fits the log is not used.
enum ProgressSnapshot {
    /// Where a kept set belongs; `slot` orders within a part (a run's index, a candidate's index).
    private enum Part: Int {
        case heaviest = 1, bestEstimate, latest, run, recordHeaviest, recordHeaviestBefore, recordEstimate, recordEstimateBefore
    }

    static func save(_ summary: ProgressSummary, _ db: StoreDatabase) throws {
        let through = try db.value("SELECT MAX(id) FROM set_log", as: Int.self) ?? 0
        try db.execute("DELETE FROM progress_snapshot_set")
        try db.execute(
            "INSERT OR REPLACE INTO progress_snapshot (id, through, count, volume_mg) VALUES (1, ?, ?, ?)",
            [through, summary.count, summary.volumeMilligrams])
        let insert = "INSERT INTO progress_snapshot_set (part, slot, \(StoredProgress.columns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)"
        func keep(_ set: LoggedSet?, _ part: Part, _ slot: Int = 0) throws {
            guard let set else { return }
            try db.execute(insert, [part.rawValue, slot] + StoredProgress.values(of: set))
        }
        for bests in summary.book.exercises.values {
            for set in bests.heaviestByReps.values { try keep(set, .heaviest) }
            try keep(bests.bestEstimate, .bestEstimate)
        }
        for set in summary.latest { try keep(set, .latest) }
        for runs in summary.runs.values {
            for (index, run) in runs.enumerated() { for set in run { try keep(set, .run, index) } }
        }
        for (index, candidate) in summary.candidates.enumerated() {
            try keep(candidate.heaviest?.set, .recordHeaviest, index)
            try keep(candidate.heaviest?.previous, .recordHeaviestBefore, index)
            try keep(candidate.estimate?.set, .recordEstimate, index)
            try keep(candidate.estimate?.previous, .recordEstimateBefore, index)
        }
    }

    /// Forgets the summary kept (a set of the log was corrected: it is no longer the log's).
    static func drop(_ db: StoreDatabase) throws {
        try db.execute("DELETE FROM progress_snapshot_set")
        try db.execute("DELETE FROM progress_snapshot")
    }

    /// The summary kept and the last set it covers; nil when there is none or it does not fit the log.
    static func read(_ db: StoreDatabase) throws -> (ProgressSummary, after: Int)? {
        guard let row = try db.row("SELECT through, count, volume_mg FROM progress_snapshot WHERE id = 1"),
            let through: Int = row["through"], let count: Int = row["count"], let volume: Int64 = row["volume_mg"],
            try db.value("SELECT COUNT(*) FROM set_log WHERE id <= ?", [through], as: Int.self) == count
        else { return nil }
        var heaviest: [String: [Int: LoggedSet]] = [:]
        var estimates: [String: LoggedSet] = [:]
        var latest: [LoggedSet] = []
        var runs: [String: [[LoggedSet]]] = [:]
        var records: [Int: (heaviest: LoggedSet?, before: LoggedSet?, estimate: LoggedSet?, estimateBefore: LoggedSet?)] = [:]
        try db.forEachRow("SELECT part, slot, \(StoredProgress.columns) FROM progress_snapshot_set ORDER BY seq") { row in
            guard let part = Part(rawValue: Int(row.int64(at: 0))), let set = StoredProgress.loggedSet(row, from: 2) else { return }
            let slot = Int(row.int64(at: 1))
            switch part {
            case .heaviest: heaviest[set.exercise, default: [:]][set.reps ?? 0] = set
            case .bestEstimate: estimates[set.exercise] = set
            case .latest: latest.append(set)
            case .run:
                var exerciseRuns = runs[set.exercise] ?? []
                while exerciseRuns.count <= slot { exerciseRuns.append([]) }
                exerciseRuns[slot].append(set)
                runs[set.exercise] = exerciseRuns
            case .recordHeaviest: records[slot, default: (nil, nil, nil, nil)].heaviest = set
            case .recordHeaviestBefore: records[slot, default: (nil, nil, nil, nil)].before = set
            case .recordEstimate: records[slot, default: (nil, nil, nil, nil)].estimate = set
            case .recordEstimateBefore: records[slot, default: (nil, nil, nil, nil)].estimateBefore = set
            }
        }
        var exercises: [String: ExerciseBests] = [:]
        for exercise in Set(heaviest.keys).union(estimates.keys) {
            exercises[exercise] = ExerciseBests(heaviestByReps: heaviest[exercise] ?? [:], bestEstimate: estimates[exercise])
        }
        let candidates = records.keys.sorted().compactMap { index -> RecordCandidate? in
            guard let parts = records[index] else { return nil }
            var candidate = RecordCandidate()
            if let set = parts.heaviest, let before = parts.before { candidate.heaviest = PersonalRecord(kind: .heaviest, set: set, previous: before) }
            if let set = parts.estimate, let before = parts.estimateBefore {
                candidate.estimate = PersonalRecord(kind: .estimatedOneRepMax, set: set, previous: before)
            }
            return candidate
        }
        let summary = ProgressSummary(
            book: RecordBook(exercises: exercises), candidates: candidates, latest: latest, runs: runs, volumeMilligrams: volume, count: count)
        return (summary, through)
    }
}
