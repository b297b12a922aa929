import FoundationEssentials

/// The weight an exercise is planned with (`gymbell weights`): as configured, or raised by "Next time"
/// or `gymbell weights --set` (then `raisedAt` says since when).
public struct PlannedWeight: Codable, Hashable, Sendable {
    public var exercise: String
    /// The `[workouts]` names that have it, sorted.
    public var workouts: [String]
    /// The weight in the config (the first of its workouts, by name), nil for one planned without.
    public var configured: Double?
    /// The weight the next workout plans.
    public var weight: Double?
    public var unit: WeightUnit
    public var raisedAt: Date?

    public init(exercise: String, workouts: [String], configured: Double?, weight: Double?, unit: WeightUnit, raisedAt: Date? = nil) {
        self.exercise = exercise
        self.workouts = workouts
        self.configured = configured
        self.weight = weight
        self.unit = unit
        self.raisedAt = raisedAt
    }

    enum CodingKeys: String, CodingKey {
        case exercise, workouts, configured, weight, unit
        case raisedAt = "raised_at"
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(exercise, forKey: .exercise)
        try c.encode(workouts, forKey: .workouts)
        try c.encode(configured, forKey: .configured)
        try c.encode(weight, forKey: .weight)
        try c.encode(unit, forKey: .unit)
        try c.encode(raisedAt, forKey: .raisedAt)
    }

    /// Every exercise of the config's strength workouts, by name, with the weight the next workout
    /// plans for it: the override where one is stored (converted into the exercise's unit), rounded to `kit`.
    public static func all(workouts: [String: WorkoutDefinition], overrides: [String: WeightOverride], kit: Kit? = nil) -> [PlannedWeight] {
        var byName: [String: PlannedWeight] = [:]
        var order: [String] = []
        for name in workouts.keys.sorted() {
            guard case .strength(let exercises) = workouts[name]?.kind else { continue }
            for exercise in exercises {
                if byName[exercise.name] != nil {
                    byName[exercise.name]?.workouts.append(name)
                    continue
                }
                let planned = WeightOverride.apply(overrides, to: [exercise], kit: kit)[0]
                byName[exercise.name] = PlannedWeight(
                    exercise: exercise.name, workouts: [name], configured: exercise.weight, weight: planned.weight,
                    unit: exercise.weightUnit, raisedAt: overrides[exercise.name]?.since)
                order.append(exercise.name)
            }
        }
        return order.compactMap { byName[$0] }
    }

    /// What `gymbell weights --json` prints: an array, ISO 8601 instants, sorted keys.
    public static func jsonText(_ weights: [PlannedWeight]) -> String {
        ISO8601.jsonText(weights, orElse: "[]")
    }

    public static func decode(jsonText: String) throws -> [PlannedWeight] {
        try ISO8601.decode([PlannedWeight].self, jsonText: jsonText)
    }
}
