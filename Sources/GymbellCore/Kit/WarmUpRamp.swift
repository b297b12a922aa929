import FoundationEssentials

/// Warm-up sets before the first working set of a compound lift (`[kit] warm_up = true`), or of an
/// exercise whose own `warm_up` says so (`warm_up = false` on one turns its ramp off): the empty
/// bar × 10 (a barbell), then 40 % × 5, 60 % × 3 and 80 % × 2 of the working weight, each rounded to
/// the kit; a weight already in the ramp, or not below the working weight, is left out. Walked as
/// warm-up steps waiting for Done (or `gymbell skip`) and logged as warm-up sets: no record, no volume,
/// no overload.
public enum WarmUpRamp {
    public static let barReps = 10
    public static let ramp: [(fraction: Double, reps: Int)] = [(0.4, 5), (0.6, 3), (0.8, 2)]

    /// The warm-up steps of `exercise` (as planned: rounded to the kit); none when it wants none (its
    /// own `warm_up`, else the kit's for a compound lift), has no weight, or the kit does not load it.
    public static func steps(for exercise: Exercise, kit: Kit) -> [WorkoutStep] {
        guard wanted(exercise, kit: kit), exercise.seconds == nil, let working = exercise.weight, working > 0,
              let loads = kit.loads(for: exercise.name) else { return [] }
        let unit = exercise.weightUnit
        var planned: [(weight: Double, reps: Int)] = []
        if kit.implement(for: exercise.name) == .barbell, let bar = loads.first {
            planned.append((Kit.amount(bar.kilograms, in: unit), barReps))
        }
        for step in ramp {
            planned.append((kit.rounded(working * step.fraction, unit: unit, exercise: exercise.name), step.reps))
        }
        var seen: Set<Double> = []
        let kept = planned.filter { $0.weight < working - 1e-6 && seen.insert($0.weight).inserted }
        return kept.enumerated().map { index, set in
            WorkoutStep(.warmUp, name: exercise.name, reps: set.reps, weight: set.weight, unit: unit.rawValue, set: index + 1,
                        sets: kept.count, plates: kit.platesText(set.weight, unit: unit, exercise: exercise.name))
        }
    }

    /// Whether `exercise` wants a ramp: its own `warm_up`, else the kit's for a compound lift.
    public static func wanted(_ exercise: Exercise, kit: Kit) -> Bool {
        exercise.warmUp ?? (kit.warmUp && exercise.isCompound)
    }

    /// The strength exercises of `workout` that want a warm-up (none without a kit).
    public static func exercises(of workout: WorkoutDefinition, kit: Kit?) -> [Exercise] {
        guard let kit, case .strength(let exercises) = workout.kind else { return [] }
        return exercises.filter { wanted($0, kit: kit) }
    }

    /// `steps` with each exercise's warm-up before its first working set.
    public static func inserting(into steps: [WorkoutStep], exercises: [Exercise], kit: Kit?) -> [WorkoutStep] {
        guard let kit, !exercises.isEmpty else { return steps }
        var warmed: Set<String> = []
        var result: [WorkoutStep] = []
        for step in steps {
            if step.role == .work, let name = step.name, !warmed.contains(name), let exercise = exercises.first(where: { $0.name == name }) {
                warmed.insert(name)
                result += Self.steps(for: exercise, kit: kit)
            }
            result.append(step)
        }
        return result
    }
}
