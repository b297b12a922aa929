import FoundationEssentials

/// A correction of a set already logged (`gymbell history correct`, `CorrectSet`, the window's Log
/// page): what it changes; nil leaves that value as logged.
public struct SetEdit: Equatable, Hashable, Sendable {
    public var reps: Int?
    /// In the set's own unit (the unit is kept).
    public var weight: Double?
    /// true: the set failed; false: it was done as planned (`--done`).
    public var failed: Bool?

    public init(reps: Int? = nil, weight: Double? = nil, failed: Bool? = nil) {
        self.reps = reps
        self.weight = weight
        self.failed = failed
    }

    /// It names nothing to change.
    public var isEmpty: Bool { reps == nil && weight == nil && failed == nil }

    /// Why the edit cannot be made, naming the value and its range; nil when it can.
    public var problem: String? {
        if let reps, !Self.reps.contains(reps) { return "reps must be \(Self.reps.lowerBound) to \(Self.reps.upperBound), not \(reps)" }
        if let weight, !(weight.isFinite && Limits.weight.contains(weight)) {
            return "a weight must be \(WeightUnit.number(Limits.weight.lowerBound)) to \(WeightUnit.number(Limits.weight.upperBound)), "
                + "not \(WeightUnit.number(weight))"
        }
        return nil
    }

    /// `set` as corrected. Failed is as said; else, when the reps change and the set had a plan, whether
    /// they fall short of it (as `set-done --reps` decides); else as logged.
    public func applied(to set: LoggedSet) -> LoggedSet {
        var corrected = set
        if let reps { corrected.reps = reps }
        if let weight { corrected.weight = weight }
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
