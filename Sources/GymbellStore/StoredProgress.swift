import FoundationEssentials
import GymbellCore

/// The training progress the state database keeps: the set log, planned weights changed by hand,
/// overload suggestions dismissed. Each change is one transaction, like the store's others.
public struct StoredProgress {
    let connection: StoreConnection

    // MARK: The set log

    /// Every set logged, in the order done.
    public func loggedSets() throws(StoreError) -> [LoggedSet] {
        try connection.read { db in try db.rows("SELECT * FROM set_log ORDER BY at, id").compactMap(StoreRows.loggedSet(from:)) }
    }

    public func log(_ set: LoggedSet) throws(StoreError) {
        try connection.write { db in
            try db.execute(
                "INSERT INTO set_log (session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at) "
                    + "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                [set.session.rawValue, set.workout, set.exercise, set.setNumber, set.reps, set.plannedReps, set.weight, set.unit.rawValue,
                 set.failed ? 1 : 0, set.at.timeIntervalSince1970])
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
