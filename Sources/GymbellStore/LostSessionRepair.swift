import FoundationEssentials
import GymbellCore

/// Repairs what the builds before issue 27 lost. They gave a workout started from a notification (the
/// daily reminder's Start Workout, a snoozed or streak-at-risk reminder) the session id "" and wrote it
/// with INSERT OR REPLACE: each such workout replaced the previous one in `session`, while the sets
/// of all of them stayed in `set_log` under "". The repair gives the surviving "" session an id of
/// its own, and rebuilds each replaced one from its sets, marked `recovered`.
enum LostSessionRepair {
    /// A longer pause between two sets starts another workout.
    static let workoutGap: TimeInterval = 3 * 3600

    /// One replaced workout as its sets show it.
    struct Group: Equatable {
        var workout: String?
        var first: Date
        var last: Date
        var rowids: [Int64]
        var sets: Int { rowids.count }
    }

    /// One logged set as the repair reads it.
    struct LoggedRow: Equatable {
        var rowid: Int64
        var workout: String?
        var exercise: String
        var setNumber: Int
        var at: Date
    }

    /// Splits sets (in time order) into workouts: another starts after `workoutGap` without a set, when
    /// the sets name another workout, or when an exercise's set number comes again.
    static func groups(_ sets: [LoggedRow]) -> [Group] {
        var groups: [Group] = []
        var seen: Set<String> = []
        for set in sets {
            let key = "\(set.exercise)\u{0}\(set.setNumber)"
            if var current = groups.last, set.at.timeIntervalSince(current.last) <= workoutGap, current.workout == set.workout,
                !seen.contains(key)
            {
                current.last = set.at
                current.rowids.append(set.rowid)
                groups[groups.count - 1] = current
            } else {
                groups.append(Group(workout: set.workout, first: set.at, last: set.at, rowids: [set.rowid]))
                seen = []
            }
            seen.insert(key)
        }
        return groups
    }

    /// The repair, inside the migration's transaction. `newID` makes the ids; returns how many sessions
    /// were rebuilt.
    @discardableResult
    static func run(_ db: StoreDatabase, newID: () -> String) throws -> Int {
        let survivor = try db.row("SELECT started_at FROM session WHERE id = ''")
        let survivorStart = (survivor?["started_at"] as Double?).map { Date(timeIntervalSince1970: $0) }
        if survivor != nil {
            let id = newID()
            try db.execute("UPDATE session SET id = ? WHERE id = ''", [id])
            try db.execute("UPDATE reminder SET session_id = ? WHERE session_id = ''", [id])
            if let survivorStart {
                try db.execute("UPDATE set_log SET session_id = ? WHERE session_id = '' AND at >= ?", [id, survivorStart.timeIntervalSince1970])
            }
        }
        let orphans = try db.rows("SELECT id, workout, exercise, set_number, at FROM set_log WHERE session_id = '' ORDER BY at, id")
            .compactMap { row -> LoggedRow? in
                guard let rowid: Int64 = row["id"], let exercise: String = row["exercise"], let number: Int = row["set_number"],
                    let at: Double = row["at"]
                else { return nil }
                return LoggedRow(rowid: rowid, workout: row["workout"], exercise: exercise, setNumber: number, at: Date(timeIntervalSince1970: at))
            }
        let rebuilt = groups(orphans)
        for group in rebuilt {
            let id = newID()
            let title = try title(of: group.workout, db)
            let outcome = try completes(group, db) ? HistoryEntry.Outcome.completed : .stopped
            try db.execute(
                """
                INSERT INTO session (id, kind, title, started_at, ends_at, detail, workout, outcome, ended_at, sets_done,
                    last_progress_at, pause_reminders, recovered)
                VALUES (?, 'strength', ?, ?, ?, NULL, ?, ?, ?, ?, ?, 0, 1)
                """,
                [
                    id, title, group.first.timeIntervalSince1970, group.last.timeIntervalSince1970, group.workout, outcome.rawValue,
                    group.last.timeIntervalSince1970, group.sets, group.last.timeIntervalSince1970,
                ])
            for rowid in group.rowids { try db.execute("UPDATE set_log SET session_id = ? WHERE id = ?", [id, rowid]) }
        }
        return rebuilt.count
    }

    /// The title the workout's other sessions were recorded under, else its `[workouts]` name.
    private static func title(of workout: String?, _ db: StoreDatabase) throws -> String {
        guard let workout else { return "Workout" }
        let recorded: String? = try db.value(
            "SELECT title FROM session WHERE workout = ? AND recovered = 0 ORDER BY started_at DESC LIMIT 1", [workout])
        return recorded ?? workout
    }

    /// Whether the workout was done whole: as many sets as its most recent completed session of the
    /// same workout had. Without one to compare with it counts as stopped: a completed workout is a
    /// milestone's count, not to be guessed.
    private static func completes(_ group: Group, _ db: StoreDatabase) throws -> Bool {
        guard let workout = group.workout,
            let whole: Int = try db.value(
                "SELECT sets_done FROM session WHERE workout = ? AND outcome = 'completed' AND recovered = 0 ORDER BY started_at DESC LIMIT 1",
                [workout])
        else { return false }
        return group.sets >= whole
    }
}
