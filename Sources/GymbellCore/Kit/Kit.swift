import FoundationEssentials

/// What a person lifts with at home (`[kit]`): bars and pairs of plates, fixed dumbbell pairs, an
/// adjustable dumbbell handle, kettlebells. Every weight is kept in kilograms (a kit written in lb, or
/// an entry like "10 lb", is converted when read); `unit` is the unit the file writes it in.
/// Rounding to it is `KitLoads`; which implement an exercise uses is `implement(for:)`.
public struct Kit: Equatable, Sendable {
    public var unit: WeightUnit
    /// Barbells, the one the person uses most first (it carries a weight several bars can make).
    public var bars: [Double]
    /// Plates for the bars, one pair per entry (two 20 kg plates: `20`; four: `20, 20`).
    public var plates: [Double]
    /// Fixed dumbbell pairs.
    public var dumbbells: [Double]
    public var handle: AdjustableHandle?
    public var kettlebells: [Double]
    /// `[kit.implements]`: what an exercise uses when its name does not say (or says wrong).
    public var implements: [String: Implement]
    /// `warm_up = true`: a warm-up ramp before the first working set of compound lifts.
    public var warmUp: Bool

    public init(
        unit: WeightUnit = .kg, bars: [Double] = [], plates: [Double] = [], dumbbells: [Double] = [],
        handle: AdjustableHandle? = nil, kettlebells: [Double] = [], implements: [String: Implement] = [:], warmUp: Bool = false
    ) {
        self.unit = unit
        self.bars = bars
        self.plates = plates
        self.dumbbells = dumbbells
        self.handle = handle
        self.kettlebells = kettlebells
        self.implements = implements
        self.warmUp = warmUp
    }

    /// What `name` is lifted with: `[kit.implements]` first, else guessed from the name
    /// (`Implement.guess`); nil for an exercise the kit does not round (no clue, or body weight).
    public func implement(for name: String) -> Implement? {
        implements[name] ?? Implement.guess(from: name)
    }
}

/// An adjustable dumbbell: a handle and pairs of plates for it, or one that adjusts from `weight` to
/// `maximum` in steps of `step` (a dial or pin dumbbell). In kilograms.
public struct AdjustableHandle: Equatable, Sendable {
    public var weight: Double
    /// Pairs of plates for one handle (one each side).
    public var plates: [Double]
    public var step: Double?
    public var maximum: Double?

    public init(weight: Double, plates: [Double] = [], step: Double? = nil, maximum: Double? = nil) {
        self.weight = weight
        self.plates = plates
        self.step = step
        self.maximum = maximum
    }
}

/// What an exercise's weight is made of.
public enum Implement: String, Equatable, Hashable, Sendable, CaseIterable {
    case barbell, dumbbell, kettlebell
    /// Body weight or bands: a planned weight is left as it is.
    case bodyweight

    /// From an exercise's name: "Dumbbell …", "… (Dumbbell)", "DB …"; "Kettlebell …", "KB …";
    /// "… (Barbell)", "Barbell …"; "… (Bodyweight)", "… (Band)"; else a barbell for a compound lift
    /// other than pull-ups, chin-ups and dips (`ExerciseClass`); else nil (not rounded).
    public static func guess(from name: String) -> Implement? {
        let lower = name.lowercased()
        let words = lower.split(whereSeparator: { !$0.isLetter }).map(String.init)
        if lower.contains("dumbbell") || lower.contains("kurzhantel") || words.contains("db") { return .dumbbell }
        if lower.contains("kettlebell") || words.contains("kb") { return .kettlebell }
        if lower.contains("barbell") || lower.contains("langhantel") || words.contains("bb") { return .barbell }
        if lower.contains("bodyweight") || lower.contains("band") || lower.contains("körpergewicht") { return .bodyweight }
        if ["pull-up", "pull up", "pullup", "chin-up", "chin up", "dip", "klimmzug", "push-up", "liegestütz"].contains(where: lower.contains) {
            return .bodyweight
        }
        return ExerciseClass.isCompound(name) ? .barbell : nil
    }
}
