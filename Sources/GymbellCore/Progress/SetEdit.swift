import FoundationEssentials

/// A correction of a set already logged (`gymbell history correct`, `CorrectSet`, the window's Log
/// page): what it changes; nil leaves that value as logged.
public struct SetEdit: Equatable, Hashable, Sendable {
    public var reps: Int?
    /// In the set's own unit (the unit is kept).
    public var weight: Double?
    /// true: the set failed; false: it was done as planned (`--done`).
    public var failed: Bool?
    /// A timed set's seconds (`--seconds`; a set of reps becomes a timed one).
    public var seconds: Int?
    /// The set's RPE (`--rpe`).
    public var rpe: Double?
    /// true: a warm-up set (`--warm-up`); false: a working set (`--working`).
    public var warmUp: Bool?

    public init(reps: Int? = nil, weight: Double? = nil, failed: Bool? = nil, seconds: Int? = nil, rpe: Double? = nil, warmUp: Bool? = nil) {
        self.reps = reps
        self.weight = weight
        self.failed = failed
        self.seconds = seconds
        self.rpe = rpe
        self.warmUp = warmUp
    }

    /// It names nothing to change.
    public var isEmpty: Bool { reps == nil && weight == nil && failed == nil && seconds == nil && rpe == nil && warmUp == nil }

    /// Why the edit cannot be made, naming the value and its range; nil when it can.
    public var problem: String? {
        if let reps, !Self.reps.contains(reps) { return "reps must be \(Self.reps.lowerBound) to \(Self.reps.upperBound), not \(reps)" }
        if let weight, !(weight.isFinite && Limits.weight.contains(weight)) {
            return "a weight must be \(WeightUnit.number(Limits.weight.lowerBound)) to \(WeightUnit.number(Limits.weight.upperBound)), "
                + "not \(WeightUnit.number(weight))"
        }
        if let seconds, !RecordBounds.setSeconds.contains(seconds) {
            return "seconds must be \(RecordBounds.setSeconds.lowerBound) to \(RecordBounds.setSeconds.upperBound), not \(seconds)"
        }
        if let rpe, !(rpe.isFinite && RecordBounds.rpe.contains(rpe)) {
            return "an RPE must be \(WeightUnit.number(RecordBounds.rpe.lowerBound)) to \(WeightUnit.number(RecordBounds.rpe.upperBound)), "
                + "not \(WeightUnit.number(rpe))"
        }
        return nil
    }

    /// `set` as corrected. Failed is as said; else, when the reps change and the set had a plan, whether
    /// they fall short of it (as `set-done --reps` decides); else as logged.
    public func applied(to set: LoggedSet) -> LoggedSet {
        var corrected = set
        if let reps { corrected.reps = reps }
        if let weight { corrected.weight = weight }
        if let seconds { corrected.seconds = seconds }
        if let rpe { corrected.rpe = rpe }
        if let warmUp { corrected.warmUp = warmUp }
        if let failed {
            corrected.failed = failed
        } else if let reps, let planned = set.plannedReps {
            corrected.failed = reps < planned
        }
        return corrected
    }

    /// The reps a set can have (as `set-done --reps`).
    public static let reps: ClosedRange<Int> = 0...1000
}
