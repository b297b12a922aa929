import FoundationEssentials
import TOML

/// The workouts a new user can start from: Push / Pull / Legs with a barbell (seed 001: "Add 3 default
/// templates"), and for home (issue 44) a body-weight circuit, the 7-minute workout, a Tabata, a
/// dumbbell full body in supersets, a mobility flow of timed holds and a kettlebell AMRAP. Strength
/// templates come without weights: people add their own. The raw value is the `[workouts.NAME]` key.
public enum WorkoutTemplate: String, CaseIterable, Sendable {
    case push, pull, legs
    case circuit
    case sevenMinute = "seven_minute"
    case tabata
    case dumbbells
    case mobility
    case kettlebell

    /// The title written into the config (the window shows it in the person's language).
    public var title: String {
        switch self {
        case .push: "Push Day"
        case .pull: "Pull Day"
        case .legs: "Leg Day"
        case .circuit: "Full-body circuit"
        case .sevenMinute: "7-minute workout"
        case .tabata: "Tabata"
        case .dumbbells: "Dumbbell full body"
        case .mobility: "Mobility flow"
        case .kettlebell: "Kettlebell AMRAP"
        }
    }

    /// The workout as the config defines it.
    public var workout: WorkoutDefinition {
        switch self {
        case .push, .pull, .legs:
            WorkoutDefinition(name: rawValue, title: title, kind: .strength(exercises: barbellPlan.map {
                Exercise(name: $0.name, sets: $0.sets, reps: $0.reps, rest: Array(repeating: TimeInterval($0.rest), count: $0.sets))
            }))
        case .circuit, .sevenMinute, .tabata, .dumbbells, .mobility, .kettlebell:
            HomeTemplates.workout(self)
        }
    }

    /// Name, sets, reps and the rest after each set in seconds.
    private var barbellPlan: [(name: String, sets: Int, reps: Int, rest: Int)] {
        switch self {
        case .push:
            [("Bench Press", 4, 8, 120), ("Overhead Press", 3, 10, 90), ("Incline Dumbbell Press", 3, 10, 90),
             ("Lateral Raise", 3, 15, 60), ("Triceps Pushdown", 3, 12, 60)]
        case .pull:
            [("Deadlift", 3, 5, 180), ("Pull-Up", 4, 8, 120), ("Barbell Row", 4, 8, 90),
             ("Face Pull", 3, 15, 60), ("Biceps Curl", 3, 12, 60)]
        case .legs:
            [("Squat", 4, 8, 180), ("Romanian Deadlift", 3, 10, 120), ("Walking Lunge", 3, 12, 90),
             ("Leg Curl", 3, 12, 60), ("Calf Raise", 4, 15, 60)]
        case .circuit, .sevenMinute, .tabata, .dumbbells, .mobility, .kettlebell:
            []
        }
    }

    /// The comment above the section: what it is and how to make it one's own.
    private var comment: String {
        switch self {
        case .push, .pull, .legs:
            """
            # \(title), from the welcome. Change the exercises, sets, reps and rests (seconds) as you
            # like; give an exercise weight = 60 (kg) to log its weight and be told when to add more.
            """
        case .circuit:
            """
            # Full-body circuit, from the welcome: 3 rounds of body-weight stations, each done for reps
            # (say Done) or for a time; `rest` between stations, `round_rest` between rounds.
            """
        case .sevenMinute:
            """
            # The 7-minute workout, from the welcome: 12 exercises of 30 s with 10 s between, each
            # named as it starts. A chair and a wall are all it needs.
            """
        case .tabata:
            """
            # Tabata, from the welcome: 8 rounds of 20 s hard and 10 s easy, the exercises taken in
            # turn, after a 4-minute warm-up; a cool-down after.
            """
        case .dumbbells:
            """
            # Dumbbell full body, from the welcome: exercises with one superset label alternate their
            # sets (A1, A2, rest …). Give an exercise weight = 12 (kg) to log the dumbbells' weight.
            """
        case .mobility:
            """
            # Mobility flow, from the welcome: 10 minutes of stretches, each held for a time, 5 s to
            # change between them. Good on the days between harder ones.
            """
        case .kettlebell:
            """
            # Kettlebell AMRAP, from the welcome: as many rounds as you can in 15 minutes; say Done
            # after each round. Give a station weight = 16 (kg) to log the bell's weight.
            """
        }
    }

    /// `[workouts.NAME]` with the comment above it, one exercise or station a line.
    var configText: String {
        comment + "\n" + TemplateText.section(workout)
    }
}

/// A template's section as a person would write it: its keys in the order the docs give them, one
/// exercise or station a line, rests of strength exercises in seconds.
enum TemplateText {
    static func section(_ workout: WorkoutDefinition) -> String {
        var lines = ["[workouts.\(TOMLLiteral.key(workout.name))]", "title = \(TOMLLiteral.string(workout.title))"]
        switch workout.kind {
        case .strength(let exercises):
            lines += ["kind = \"strength\"", "exercises = ["] + exercises.map { "  \(exercise($0))," } + ["]"]
        case .hiit(let plan):
            lines += ["kind = \"hiit\"", "rounds = \(plan.rounds)", "work = \(duration(plan.work))", "rest = \(duration(plan.rest))"]
            if let exercises = plan.exercises {
                lines += ["exercises = ["] + exercises.map { "  \(named($0))," } + ["]"]
            }
        case .walkRun(let plan):
            lines += ["kind = \"walkrun\"", "run = \(duration(plan.run))", "walk = \(duration(plan.walk))", "repeats = \(plan.repeats)"]
        case .circuit(let plan):
            lines += ["kind = \"circuit\"", "rounds = \(plan.rounds)", "rest = \(duration(plan.rest))"]
            if plan.roundRest != plan.rest { lines.append("round_rest = \(duration(plan.roundRest))") }  // as `rest` when not given
            lines += ["stations = ["] + plan.stations.map { "  \(station($0))," } + ["]"]
        case .amrap(let plan):
            lines += ["kind = \"amrap\"", "time = \(duration(plan.cap))", "stations = ["] + plan.stations.map { "  \(station($0))," } + ["]"]
        }
        if let getReady = workout.frame.getReady { lines.append("get_ready = \(duration(getReady))") }
        for (key, part) in [("warm_up", workout.frame.warmUp), ("cool_down", workout.frame.coolDown)] where !part.isEmpty {
            if part.count == 1, part[0].name.isEmpty, let seconds = part[0].seconds {
                lines.append("\(key) = \(duration(seconds))")
            } else {
                lines += ["\(key) = ["] + part.map { "  \(station($0))," } + ["]"]
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private static func duration(_ seconds: TimeInterval) -> String { TOMLLiteral.string(DurationText.format(seconds)) }

    private static func number(_ value: Double) -> String {
        value.rounded() == value && abs(value) < 1e15 ? String(Int(value)) : "\(value)"
    }

    /// A named interval: its name alone when the interval's time is its target.
    private static func named(_ exercise: Station) -> String {
        exercise.reps == nil && exercise.seconds == nil && exercise.weight == nil ? TOMLLiteral.string(exercise.name) : station(exercise)
    }

    /// `{ name = "Push-ups", reps = 10 }`, `{ name = "Plank", time = "30s" }`.
    private static func station(_ station: Station) -> String {
        var parts = ["name = \(TOMLLiteral.string(station.name))"]
        if let reps = station.reps { parts.append("reps = \(reps)") }
        if let seconds = station.seconds { parts.append("time = \(duration(seconds))") }
        if let weight = station.weight { parts.append("weight = \(number(weight))") }
        if let unit = station.unit { parts.append("unit = \(TOMLLiteral.string(unit))") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }

    /// `{ name = "Goblet Squat", sets = 3, reps = 12, superset = "A" }`: a rest the same after every
    /// set written once, in seconds; none for a superset's exercise that goes straight on.
    private static func exercise(_ exercise: Exercise) -> String {
        var parts = ["name = \(TOMLLiteral.string(exercise.name))", "sets = \(exercise.sets)"]
        if let reps = exercise.reps { parts.append("reps = \(reps)") }
        if let seconds = exercise.seconds { parts.append("time = \(duration(seconds))") }
        if let weight = exercise.weight { parts.append("weight = \(number(weight))") }
        if let unit = exercise.unit { parts.append("unit = \(TOMLLiteral.string(unit))") }
        if let first = exercise.rest.first, exercise.rest.allSatisfy({ $0 == first }) {
            parts.append("rest = \(number(first))")
        } else if !exercise.rest.isEmpty {
            parts.append("rest = [" + exercise.rest.map(number).joined(separator: ", ") + "]")
        }
        if let superset = exercise.superset { parts.append("superset = \(TOMLLiteral.string(superset))") }
        return "{ " + parts.joined(separator: ", ") + " }"
    }
}
