import FoundationEssentials
import TOML

/// The three workout templates a new user can start from (seed 001: "Add 3 default templates (Push,
/// Pull, Legs)"), each a strength workout of five exercises without weights: people add their own.
public enum WorkoutTemplate: String, CaseIterable, Sendable {
    case push, pull, legs

    public var title: String {
        switch self {
        case .push: "Push Day"
        case .pull: "Pull Day"
        case .legs: "Leg Day"
        }
    }

    /// Name, sets, reps and the rest after each set in seconds.
    var plan: [(name: String, sets: Int, reps: Int, rest: Int)] {
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
        }
    }

    /// The workout as the config defines it.
    public var workout: WorkoutDefinition {
        WorkoutDefinition(name: rawValue, title: title, kind: .strength(exercises: plan.map {
            Exercise(name: $0.name, sets: $0.sets, reps: $0.reps, rest: Array(repeating: TimeInterval($0.rest), count: $0.sets))
        }))
    }

    /// `[workouts.NAME]` with a comment saying how to make it one's own.
    var configText: String {
        let exercises = plan.map { "  { name = \(TOMLLiteral.string($0.name)), sets = \($0.sets), reps = \($0.reps), rest = \($0.rest) },\n" }
        return """
            # \(title), from the welcome. Change the exercises, sets, reps and rests (seconds) as you
            # like; give an exercise weight = 60 (kg) to log its weight and be told when to add more.
            [workouts.\(rawValue)]
            title = \(TOMLLiteral.string(title))
            kind = "strength"
            exercises = [
            \(exercises.joined())]

            """
    }
}

/// What the window's welcome asks a new user.
public struct FirstRunChoices: Equatable, Sendable {
    /// The weekdays to train (and be reminded) on.
    public var days: Set<Weekday>
    public var time: DailyTime
    /// The workout of every training day; nil: just reminders, no programme.
    public var template: WorkoutTemplate?

    public init(days: Set<Weekday>, time: DailyTime, template: WorkoutTemplate?) {
        self.days = days
        self.time = time
        self.template = template
    }
}

/// The config file a first run writes: the built-in default (which documents every setting) with the
/// welcome's choices filled in, so that the new file is as commented as the default and reads as
/// exactly those settings.
public enum FirstRunConfig {
    public static func make(_ choices: FirstRunChoices) throws(ConfigEditError) -> EditedConfig {
        var text = ConfigParser.defaultText
        var edits: [ConfigEdit] = [.dailyTime(choices.time), .days(choices.days)]
        if let template = choices.template {
            text += "\n" + template.configText
            edits += choices.days.sorted().map { .programDay($0, workout: template.rawValue) }
        }
        return try ConfigEditor.apply(edits, to: text, path: "config.toml")
    }
}
