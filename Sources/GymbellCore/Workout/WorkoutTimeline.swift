import FoundationEssentials

/// Every workout as one model: the sequence of its steps (issue 44). Strength, HIIT and walk/run are
/// cases of it as much as circuits, named intervals and AMRAPs; the window shows it, the daily preview
/// and the calendar measure it, and a session of steps runs it.
public enum WorkoutTimeline {
    /// The steps of `workout`, get-ready, warm-up and cool-down included.
    public static func steps(of workout: WorkoutDefinition) -> [WorkoutStep] {
        var steps: [WorkoutStep] = []
        let getReady = workout.frame.getReady ?? (usesGetReadyByDefault(workout.kind) ? WorkoutFrame.defaultGetReady : 0)
        if getReady > 0 { steps.append(WorkoutStep(.getReady, seconds: getReady)) }
        steps += workout.frame.warmUp.map { step(.warmUp, $0) }
        steps += main(workout.kind)
        steps += workout.frame.coolDown.map { step(.coolDown, $0) }
        return steps
    }

    /// The main part alone.
    public static func main(_ kind: WorkoutKind) -> [WorkoutStep] {
        switch kind {
        case .strength(let exercises): strength(exercises)
        case .hiit(let plan): hiit(plan)
        case .walkRun(let plan): walkRun(plan)
        case .circuit(let plan): circuit(plan)
        case .amrap(let plan): [amrap(plan)]
        }
    }

    /// Whether a workout is measured and shown by its steps (length, preview, calendar) rather than as
    /// its kind was before issue 44: the kinds that are new, and the old ones once they use what only
    /// steps can do (named intervals, timed sets, supersets, a get-ready, warm-up or cool-down). Every
    /// workout *runs* as steps; a plain strength workout, HIIT or walk/run is spoken of as it always was.
    public static func measuredBySteps(_ workout: WorkoutDefinition) -> Bool {
        if !workout.frame.isEmpty { return true }
        switch workout.kind {
        case .circuit, .amrap: return true
        case .hiit(let plan): return plan.exercises != nil
        case .walkRun: return false
        case .strength(let exercises): return exercises.contains { $0.seconds != nil || $0.superset != nil }
        }
    }

    /// Length of the timed steps (what a step waiting for Done takes is not known).
    public static func timedLength(_ steps: [WorkoutStep]) -> TimeInterval {
        steps.reduce(0) { $0 + ($1.seconds ?? 0) }
    }

    /// About how long a person takes: timed steps as planned, a step by reps 4 s a rep (at least 20 s;
    /// 45 s without reps), as the strength estimate (WorkoutPreview.estimatedSeconds).
    public static func estimatedLength(_ steps: [WorkoutStep]) -> TimeInterval {
        steps.reduce(0) { total, step in
            total + (step.seconds ?? step.reps.map { max(20, Double($0) * 4) } ?? 45)
        }
    }

    private static func usesGetReadyByDefault(_ kind: WorkoutKind) -> Bool {
        switch kind {
        case .circuit, .amrap: true
        case .hiit(let plan): plan.exercises != nil
        case .strength, .walkRun: false
        }
    }

    private static func step(_ role: WorkoutStep.Role, _ station: Station, round: Int? = nil, rounds: Int? = nil) -> WorkoutStep {
        WorkoutStep(
            role, name: station.name.isEmpty ? nil : station.name, reps: station.reps, seconds: station.seconds,
            weight: station.weight, unit: station.unit, round: round, rounds: rounds)
    }

    /// Exercise by exercise, set by set, a rest after each set but the workout's last; exercises next to
    /// each other with one superset label alternate their sets, without rest between them unless the
    /// exercise gives one, and the group's last exercise's rest after each round of the group.
    static func strength(_ exercises: [Exercise]) -> [WorkoutStep] {
        var groups: [[Exercise]] = []
        for exercise in exercises {
            if let label = exercise.superset, let last = groups.last?.last, last.superset == label {
                groups[groups.count - 1].append(exercise)
            } else {
                groups.append([exercise])
            }
        }
        var steps: [WorkoutStep] = []
        for group in groups {
            let rounds = group.map(\.sets).max() ?? 0
            for set in 0..<rounds {
                let members = group.filter { $0.sets > set }
                for exercise in members {
                    steps.append(WorkoutStep(
                        .work, name: exercise.name, reps: exercise.reps, seconds: exercise.seconds, weight: exercise.weight,
                        unit: exercise.weight == nil ? nil : exercise.weightUnit.rawValue, set: set + 1, sets: exercise.sets,
                        group: exercise.superset, plates: exercise.platesPerSide))
                    let rest = exercise.rest(after: set)
                    if rest > 0 { steps.append(WorkoutStep(.rest, seconds: rest)) }
                }
            }
        }
        if steps.last?.role == .rest { steps.removeLast() }  // nothing to rest for after the last set
        return steps
    }

    /// `rounds` × work then rest. Anonymous work keeps HIIT's old timeline, whose last rest ends it;
    /// named work cycles through the exercises and ends with the last work.
    static func hiit(_ plan: HIITPlan) -> [WorkoutStep] {
        var steps: [WorkoutStep] = []
        for round in 0..<plan.rounds {
            let station = plan.exercises.flatMap { $0.isEmpty ? nil : $0[round % $0.count] }
            steps.append(WorkoutStep(
                .work, name: station?.name, reps: station?.reps, seconds: station?.seconds ?? plan.work, weight: station?.weight,
                unit: station?.unit, round: round + 1, rounds: plan.rounds))
            let last = round == plan.rounds - 1
            if plan.rest > 0, !(last && plan.exercises != nil) { steps.append(WorkoutStep(.rest, seconds: plan.rest, round: round + 1, rounds: plan.rounds)) }
        }
        return steps
    }

    static func walkRun(_ plan: WalkRunPlan) -> [WorkoutStep] {
        (0..<plan.repeats).flatMap { repeat_ in
            [WorkoutStep(.work, name: "Run", seconds: plan.run, round: repeat_ + 1, rounds: plan.repeats),
             WorkoutStep(.rest, name: "Walk", seconds: plan.walk, round: repeat_ + 1, rounds: plan.repeats)]
        }
    }

    static func circuit(_ plan: CircuitPlan) -> [WorkoutStep] {
        var steps: [WorkoutStep] = []
        for round in 0..<plan.rounds {
            for (index, station) in plan.stations.enumerated() {
                steps.append(step(.work, station, round: round + 1, rounds: plan.rounds))
                let lastStation = index == plan.stations.count - 1
                let rest = lastStation ? (round == plan.rounds - 1 ? 0 : plan.roundRest) : plan.rest
                if rest > 0 { steps.append(WorkoutStep(.rest, seconds: rest, round: round + 1, rounds: plan.rounds)) }
            }
        }
        return steps
    }

    /// One timed step of the whole cap, naming the round's stations; Done counts a round.
    static func amrap(_ plan: AmrapPlan) -> WorkoutStep {
        let round = plan.stations.map { station in
            if let seconds = station.seconds { return "\(station.name) \(DurationText.human(seconds))" }
            return station.reps.map { "\($0) \(station.name)" } ?? station.name
        }
        return WorkoutStep(.work, name: "AMRAP: " + round.joined(separator: ", "), seconds: plan.cap, countsRounds: true)
    }
}
