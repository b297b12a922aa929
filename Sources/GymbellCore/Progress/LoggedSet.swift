import FoundationEssentials

/// The unit a weight is given in: as configured per exercise (`unit = "kg"` or `"lb"`); kg when none is.
public enum WeightUnit: String, Codable, Hashable, Sendable, CaseIterable {
    case kg, lb

    /// An exercise's `unit` as the config writes it (nil, "kg", "kgs", "lb", "lbs", any case); nil for others.
    public init?(configured text: String?) {
        switch text?.lowercased() {
        case nil, "kg", "kgs": self = .kg
        case "lb", "lbs": self = .lb
        default: return nil
        }
    }

    /// `weight` of this unit in kilograms (a pound is 0.45359237 kg by definition).
    public func kilograms(_ weight: Double) -> Double { self == .kg ? weight : weight * 0.45359237 }

    /// "80 kg", "102.5 kg", "225 lb".
    public func text(_ weight: Double) -> String { "\(WeightUnit.number(weight)) \(rawValue)" }

    /// A weight as people write it: no trailing ".0", at most two decimals. A value no one lifts (NaN,
    /// infinite, beyond 10^12) as Swift writes it: it only ever appears in a refusal.
    public static func number(_ weight: Double) -> String {
        guard weight.isFinite, abs(weight) < 1e12 else { return "\(weight)" }
        let rounded = (weight * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(rounded)
    }
}

/// One set of a strength workout as it was done: the reps and weight lifted, and whether it failed
/// (fewer reps than planned). The Set done button records a set as planned; `gymbell set-done` and the
/// "Fewer reps" button record what differs.
public struct LoggedSet: Codable, Hashable, Sendable {
    /// The log's number for the set (`history --sets` shows it, `history correct` takes it); nil for a
    /// set not read from the log (one just done, the summary's).
    public var id: Int64?
    public var session: SessionID
    /// The `[workouts]` name of the session, when it had one.
    public var workout: String?
    public var exercise: String
    /// Which set of the exercise (1-based).
    public var setNumber: Int
    /// Reps done; nil for an exercise planned without reps.
    public var reps: Int?
    public var plannedReps: Int?
    /// Weight lifted; nil for an exercise without weight (body weight).
    public var weight: Double?
    public var unit: WeightUnit
    public var failed: Bool
    public var at: Date

    public init(
        session: SessionID, workout: String? = nil, exercise: String, setNumber: Int, reps: Int?, plannedReps: Int? = nil,
        weight: Double?, unit: WeightUnit = .kg, failed: Bool = false, at: Date, id: Int64? = nil
    ) {
        self.id = id
        self.session = session
        self.workout = workout
        self.exercise = exercise
        self.setNumber = setNumber
        self.reps = reps
        self.plannedReps = plannedReps
        self.weight = weight
        self.unit = unit
        self.failed = failed
        self.at = at
    }

    /// The weight in kilograms (0 without weight), for comparing sets logged in different units.
    public var kilograms: Double { weight.map { unit.kilograms($0) } ?? 0 }

    /// Volume of the set in kilograms: reps × weight (0 without either).
    public var volumeKilograms: Double { Double(reps ?? 0) * kilograms }

    /// "8 × 80 kg", "8 reps", "80 kg"; "—" for neither.
    public var loadText: String {
        switch (reps, weight) {
        case (let reps?, let weight?): "\(reps) × \(unit.text(weight))"
        case (let reps?, nil): "\(reps) reps"
        case (nil, let weight?): unit.text(weight)
        case (nil, nil): "—"
        }
    }

    enum CodingKeys: String, CodingKey {
        case id, session, workout, exercise, reps, weight, unit, failed, at
        case setNumber = "set"
        case plannedReps = "planned_reps"
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
    }

    /// What `gymbell history --sets --json` prints: an array, ISO 8601 instants, sorted keys.
    /// Written by `JSONBytes` (sets by the ten thousand, off the loop), the same bytes as
    /// `ISO8601.jsonText(sets)` (JSONEncoder and `encode(to:)` above; the tests compare them).
    public static func jsonText(_ sets: [LoggedSet]) -> String {
        guard sets.allSatisfy({ $0.weight?.isFinite ?? true }) else {
            return ISO8601.jsonText(sets, orElse: "[]")  // JSONEncoder refuses them: "[]" as before
        }
        var json = JSONBytes(capacity: sets.count * 240 + 2)
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
            json.raw(",\"session\":")
            json.string(set.session.rawValue)
            json.raw(",\"set\":")
            json.int(set.setNumber)
            json.raw(",\"unit\":")
            json.string(set.unit.rawValue)
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

extension Sequence<LoggedSet> {
    /// Kilograms lifted in these sets: Σ reps × weight (pounds converted).
    public var volumeKilograms: Double { reduce(0) { $0 + $1.volumeKilograms } }
}

/// What differs from the plan in a set just done (`gymbell set-done --reps N --weight W --failed`).
public struct SetCorrection: Equatable, Hashable, Sendable {
    public var reps: Int?
    public var weight: Double?
    public var failed: Bool

    public init(reps: Int? = nil, weight: Double? = nil, failed: Bool = false) {
        self.reps = reps
        self.weight = weight
        self.failed = failed
    }

    /// The reps logged when `planned` were planned: as given; else, for a failed set, one short of the
    /// plan; else the plan.
    public func reps(planned: Int?) -> Int? {
        if let reps { return reps }
        guard failed, let planned else { return planned }
        return max(0, planned - 1)
    }

    /// Failed: said so, or fewer reps than planned.
    public func failed(planned: Int?) -> Bool {
        failed || (reps.map { reps in planned.map { reps < $0 } ?? false } ?? false)
    }

    /// The Set done button: as planned.
    public static let asPlanned = SetCorrection()
    /// The "Fewer reps" button: the set failed, one rep short of the plan.
    public static let fewerReps = SetCorrection(failed: true)
}
