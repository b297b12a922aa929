import FoundationEssentials

/// A logged set as JSON (`history --sets --json`, the bus's `SetLog`): its keys, and the writer of
/// arrays of thousands of sets.
extension LoggedSet {
    enum CodingKeys: String, CodingKey {
        case id, session, workout, exercise, reps, weight, unit, failed, at, seconds, rpe
        case setNumber = "set"
        case plannedReps = "planned_reps"
        case warmUp = "warm_up"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        id = try c.decodeIfPresent(Int64.self, forKey: .id)
        session = SessionID(try c.decode(String.self, forKey: .session))
        workout = try c.decodeIfPresent(String.self, forKey: .workout)
        exercise = try c.decode(String.self, forKey: .exercise)
        setNumber = try c.decode(Int.self, forKey: .setNumber)
        reps = try c.decodeIfPresent(Int.self, forKey: .reps)
        plannedReps = try c.decodeIfPresent(Int.self, forKey: .plannedReps)
        weight = try c.decodeIfPresent(Double.self, forKey: .weight)
        unit = try c.decode(WeightUnit.self, forKey: .unit)
        failed = try c.decode(Bool.self, forKey: .failed)
        at = try c.decode(Date.self, forKey: .at)
        // Absent in what a gymbell before timed sets wrote.
        seconds = try c.decodeIfPresent(Int.self, forKey: .seconds)
        warmUp = try c.decodeIfPresent(Bool.self, forKey: .warmUp) ?? false
        rpe = try c.decodeIfPresent(Double.self, forKey: .rpe)
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encodeIfPresent(id, forKey: .id)
        try c.encode(session.rawValue, forKey: .session)
        try c.encode(workout, forKey: .workout)
        try c.encode(exercise, forKey: .exercise)
        try c.encode(setNumber, forKey: .setNumber)
        try c.encode(reps, forKey: .reps)
        try c.encode(plannedReps, forKey: .plannedReps)
        try c.encode(weight, forKey: .weight)
        try c.encode(unit, forKey: .unit)
        try c.encode(failed, forKey: .failed)
        try c.encode(at, forKey: .at)
        try c.encode(seconds, forKey: .seconds)
        try c.encode(warmUp, forKey: .warmUp)
        try c.encode(rpe, forKey: .rpe)
    }

    /// What `gymbell history --sets --json` prints: an array, ISO 8601 instants, sorted keys.
    /// Written by `JSONBytes` (sets by the ten thousand, off the loop), the same bytes as
    /// `ISO8601.jsonText(sets)` (JSONEncoder and `encode(to:)` above; the tests compare them).
    public static func jsonText(_ sets: [LoggedSet]) -> String {
        guard sets.allSatisfy({ ($0.weight?.isFinite ?? true) && ($0.rpe?.isFinite ?? true) }) else {
            return ISO8601.jsonText(sets, orElse: "[]")  // JSONEncoder refuses them: "[]" as before
        }
        var json = JSONBytes(capacity: sets.count * 280 + 2)
        json.raw("[")
        for (index, set) in sets.enumerated() {
            json.raw(index == 0 ? "{\"at\":" : ",{\"at\":")
            json.date(set.at)
            json.raw(",\"exercise\":")
            json.string(set.exercise)
            json.raw(",\"failed\":")
            json.bool(set.failed)
            if let id = set.id {
                json.raw(",\"id\":")
                json.int(id)
            }
            json.raw(",\"planned_reps\":")
            if let planned = set.plannedReps { json.int(planned) } else { json.null() }
            json.raw(",\"reps\":")
            if let reps = set.reps { json.int(reps) } else { json.null() }
            json.raw(",\"rpe\":")
            if let rpe = set.rpe { json.double(rpe) } else { json.null() }
            json.raw(",\"seconds\":")
            if let seconds = set.seconds { json.int(seconds) } else { json.null() }
            json.raw(",\"session\":")
            json.string(set.session.rawValue)
            json.raw(",\"set\":")
            json.int(set.setNumber)
            json.raw(",\"unit\":")
            json.string(set.unit.rawValue)
            json.raw(",\"warm_up\":")
            json.bool(set.warmUp)
            json.raw(",\"weight\":")
            if let weight = set.weight { json.double(weight) } else { json.null() }
            json.raw(",\"workout\":")
            if let workout = set.workout { json.string(workout) } else { json.null() }
            json.raw("}")
        }
        json.raw("]")
        return json.text
    }

    public static func decode(jsonText: String) throws -> [LoggedSet] {
        try ISO8601.decode([LoggedSet].self, jsonText: jsonText)
    }
}
