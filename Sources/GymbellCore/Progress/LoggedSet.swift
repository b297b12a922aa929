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
/// (fewer reps than planned); for a timed set (a plank, a wall sit) the seconds it was held, with or
/// without reps and weight; whether it was a warm-up set, and its RPE when one was given (Strong and
/// Hevy write 6 to 10 in half steps). The Set done button records a set as planned; `gymbell set-done`
/// and the "Fewer reps" button record what differs. Warm-up sets are kept in the log and shown, but
/// count for no record, no volume and no overload suggestion.
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
    /// How long a timed set was held or done, in whole seconds (`RecordBounds.setSeconds`); nil for a
    /// set of reps only.
    public var seconds: Int?
    /// A warm-up set: shown, kept, and left out of records, volume and overload.
    public var warmUp: Bool
    /// The rate of perceived exertion given with the set (0 to 10, `RecordBounds.rpe`); nil for none.
    public var rpe: Double?

    public init(
        session: SessionID, workout: String? = nil, exercise: String, setNumber: Int, reps: Int?, plannedReps: Int? = nil,
        weight: Double?, unit: WeightUnit = .kg, failed: Bool = false, at: Date, id: Int64? = nil,
        seconds: Int? = nil, warmUp: Bool = false, rpe: Double? = nil
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
        self.seconds = seconds
        self.warmUp = warmUp
        self.rpe = rpe
    }

    /// The weight in kilograms (0 without weight), for comparing sets logged in different units.
    public var kilograms: Double { weight.map { unit.kilograms($0) } ?? 0 }

    /// Volume of the set in kilograms: reps × weight (0 without either, and for a warm-up set).
    public var volumeKilograms: Double { warmUp ? 0 : Double(reps ?? 0) * kilograms }

    /// "8 × 80 kg", "8 reps", "80 kg"; a timed set "45 s", "1 min 30 s", "45 s × 10 kg", "8 reps, 45 s";
    /// "—" for none of them. (A warm-up is marked where sets are listed, `warmUpMark`.)
    public var loadText: String {
        guard let seconds else { return repsAndWeightText ?? "—" }
        let held = Self.durationText(seconds)
        if reps == nil, let weight { return "\(held) × \(unit.text(weight))" }
        return repsAndWeightText.map { "\($0), \(held)" } ?? held
    }

    private var repsAndWeightText: String? {
        switch (reps, weight) {
        case (let reps?, let weight?): "\(reps) × \(unit.text(weight))"
        case (let reps?, nil): "\(reps) reps"
        case (nil, let weight?): unit.text(weight)
        case (nil, nil): nil
        }
    }

    /// "RPE 8", "RPE 7.5"; nil without one.
    public var rpeText: String? { rpe.map { "RPE \(WeightUnit.number($0))" } }

    /// How a listing marks a warm-up set.
    public static let warmUpMark = "warm-up"

    /// A held time as people say it: "45 s", "1 min", "1 min 30 s", "1 h 5 min", "2 h".
    public static func durationText(_ seconds: Int) -> String { DurationText.human(TimeInterval(max(0, seconds))) }
}

extension Sequence<LoggedSet> {
    /// Kilograms lifted in these sets: Σ reps × weight (pounds converted).
    public var volumeKilograms: Double { reduce(0) { $0 + $1.volumeKilograms } }
}

/// What differs from the plan in a set just done (`gymbell set-done --reps N --weight W --failed`),
/// and the effort it took (`--rpe 8`, or `--rir 2` stored as RPE 10 − 2: one column, as Strong and
/// Hevy write it).
public struct SetCorrection: Equatable, Hashable, Sendable {
    public var reps: Int?
    public var weight: Double?
    public var failed: Bool
    public var rpe: Double?

    public init(reps: Int? = nil, weight: Double? = nil, failed: Bool = false, rpe: Double? = nil) {
        self.reps = reps
        self.weight = weight
        self.failed = failed
        self.rpe = rpe
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
