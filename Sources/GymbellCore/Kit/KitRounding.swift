import FoundationEssentials

/// The kit applied to an exercise's weights, in the exercise's own unit (converted when the kit's
/// differs, to a hundredth of the unit).
extension Kit {
    /// The weights `exercise` can be loaded with, lightest first; nil when the kit does not round it
    /// (body weight, no clue in its name, or an implement the kit lacks).
    public func loads(for exercise: String) -> [Load]? {
        guard let implement = implement(for: exercise) else { return nil }
        let loads = KitLoads.loads(implement, in: self)
        return loads.isEmpty ? nil : loads
    }

    /// `weight` (in `unit`) as `exercise` is loaded: the nearest loadable weight, ties down, never
    /// beyond the kit; nil when the kit does not round it.
    public func load(_ weight: Double, unit: WeightUnit, exercise: String) -> Load? {
        loads(for: exercise).flatMap { KitLoads.nearest(to: unit.kilograms(weight), in: $0) }
    }

    /// `weight` rounded to the kit, in `unit`; as it is when the kit does not round it.
    public func rounded(_ weight: Double, unit: WeightUnit, exercise: String) -> Double {
        load(weight, unit: unit, exercise: exercise).map { Self.amount($0.kilograms, in: unit) } ?? weight
    }

    /// Where an overload suggestion goes from `weight` with a step of `increment` (both in `unit`):
    /// `.step(next)`, `.atTheTop` when the kit makes nothing heavier, `.notRounded` without a kit for it.
    public func overloadStep(from weight: Double, by increment: Double, unit: WeightUnit, exercise: String) -> KitStep {
        guard let loads = loads(for: exercise) else { return .notRounded }
        guard let next = KitLoads.step(from: unit.kilograms(weight), by: unit.kilograms(increment), in: loads) else { return .atTheTop }
        return .step(Self.amount(next.kilograms, in: unit))
    }

    /// A weight in kilograms as an amount of `unit`, to a hundredth.
    public static func amount(_ kilograms: Double, in unit: WeightUnit) -> Double {
        ((kilograms / unit.kilograms(1)) * 100).rounded() / 100
    }

    /// The plates per side of `weight` (in `unit`) rounded to the kit: "20 + 10", "25 + 10 lb" when
    /// the kit's unit differs; nil when no plates go on (a bell, a fixed dumbbell, the bar alone).
    public func platesText(_ weight: Double, unit: WeightUnit, exercise: String) -> String? {
        guard let load = load(weight, unit: unit, exercise: exercise), !load.perSide.isEmpty else { return nil }
        return load.perSide.map { WeightUnit.number(Self.amount($0, in: self.unit)) }.joined(separator: " + ")
            + (self.unit == unit ? "" : " \(self.unit.rawValue)")  // plates in another unit than the total say which
    }

    /// "80 kg — 20 + 10 per side" where plates go on a bar or handle, else "80 kg": `weight` (in
    /// `unit`) rounded to the kit; as it is ("80 kg") when the kit does not round it.
    public func loadText(_ weight: Double, unit: WeightUnit, exercise: String, messages: Messages) -> String {
        let total = unit.text(rounded(weight, unit: unit, exercise: exercise))
        guard let plates = platesText(weight, unit: unit, exercise: exercise) else { return total }
        return messages("{weight} — {plates} per side", ["weight": total, "plates": plates])
    }
}

/// What the kit makes of an overload step.
public enum KitStep: Equatable, Sendable {
    case step(Double)
    case atTheTop
    case notRounded
}
