import FoundationEssentials

/// gymbell's settings, decoded and validated from `config.toml`.
/// Every field has the built-in default's value when the file leaves it out.
public struct Config: Equatable, Sendable {
    public var reminders: DailyReminderSettings
    public var rest: RestSettings
    public var sound: SoundSettings
    /// Weekday → workout name (a key of `workouts`). Weekdays not listed are rest days.
    public var program: [Weekday: String]
    public var workouts: [String: WorkoutDefinition]
    /// `[quiet_hours]`; nil when the file has none.
    public var quietHours: QuietHours?
    /// `[mpris] enabled`: the running session is a media player on the session bus.
    public var mprisEnabled: Bool

    public init(
        reminders: DailyReminderSettings = .init(),
        rest: RestSettings = .init(),
        sound: SoundSettings = .init(),
        program: [Weekday: String] = [:],
        workouts: [String: WorkoutDefinition] = [:],
        quietHours: QuietHours? = nil,
        mprisEnabled: Bool = true
    ) {
        self.reminders = reminders
        self.rest = rest
        self.sound = sound
        self.program = program
        self.workouts = workouts
        self.quietHours = quietHours
        self.mprisEnabled = mprisEnabled
    }
}

/// `[reminders]`: the daily workout reminder.
public struct DailyReminderSettings: Equatable, Sendable {
    public var enabled: Bool = true
    public var time: LocalTime = LocalTime(hour: 18, minute: 0)!
    public var days: Set<Weekday> = Set(Weekday.allCases)
    /// Also show a "Rest Day" reminder on days the program leaves out.
    public var restDays: Bool = false
    public var snoozeMinutes: Int = 60
    /// How late a missed daily reminder may still be shown (after suspend or downtime).
    public var lateGrace: TimeInterval = 2 * 3600
    /// argv of a program to run on "Start Workout"; executed without a shell. Empty: none.
    public var startCommand: [String] = []
    /// `time = "auto"`: remind `autoLead` before the start time learned from the history, per weekday;
    /// `time` stays the fallback while too little is learned (18:00 unless the file says otherwise).
    public var autoTime: Bool = false
    public var autoLead: TimeInterval = 30 * 60
    /// A running workout without progress this long gets a "Paused workout" reminder; 0 turns it off.
    public var pauseAfter: TimeInterval = 2 * 3600
    /// After this many consecutive days with a session, advise a rest day; 0 turns it off.
    public var restAfterDays: Int = 3
    public var restAdviceTime: LocalTime = LocalTime(hour: 20, minute: 0)!
    /// Celebrate streaks and workout counts right after a session completes.
    public var milestones: Bool = true
    /// Generic texts without workout names or weights (`private = true`).
    public var privateMode: Bool = false
    /// Speak session reminders through speech-dispatcher when it is installed.
    public var announce: Bool = false
    public init() {}
}

/// `[rest]`: the rest timer between sets.
public struct RestSettings: Equatable, Sendable {
    public var defaultDuration: TimeInterval = 90
    /// A warning this long before a rest ends; 0 turns it off.
    public var warnBefore: TimeInterval = 0
    public init() {}
}

/// `[sound]`: the sound every reminder carries.
public struct SoundSettings: Equatable, Sendable {
    public var enabled: Bool = true
    /// A freedesktop sound-theme name (`sound-name` hint).
    public var name: String = "complete"
    /// A sound file (`sound-file` hint); wins over `name` when set.
    public var file: String? = nil
    public init() {}
}

/// `[workouts.NAME]`.
public struct WorkoutDefinition: Equatable, Sendable {
    public var name: String
    public var title: String
    public var kind: WorkoutKind

    public init(name: String, title: String, kind: WorkoutKind) {
        self.name = name
        self.title = title
        self.kind = kind
    }
}

public enum WorkoutKind: Equatable, Sendable {
    case strength(exercises: [Exercise])
    case hiit(HIITPlan)
    case walkRun(WalkRunPlan)
}

/// One exercise of a strength workout.
public struct Exercise: Hashable, Sendable, Codable {
    public var name: String
    public var sets: Int
    public var reps: Int?
    public var weight: Double?
    public var unit: String?
    /// Rest after each set; `rest.count == sets` (a single value in the file is repeated).
    public var rest: [TimeInterval]

    public init(name: String, sets: Int, reps: Int? = nil, weight: Double? = nil, unit: String? = nil, rest: [TimeInterval]) {
        self.name = name
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.rest = rest
    }
}

/// HIIT: `rounds` × (`work` then `rest`).
public struct HIITPlan: Hashable, Sendable, Codable {
    public var rounds: Int
    public var work: TimeInterval
    public var rest: TimeInterval
    public init(rounds: Int, work: TimeInterval, rest: TimeInterval) {
        self.rounds = rounds
        self.work = work
        self.rest = rest
    }
}

/// Walk/run: `repeats` × (`run` then `walk`).
public struct WalkRunPlan: Hashable, Sendable, Codable {
    public var run: TimeInterval
    public var walk: TimeInterval
    public var repeats: Int
    public init(run: TimeInterval, walk: TimeInterval, repeats: Int) {
        self.run = run
        self.walk = walk
        self.repeats = repeats
    }
}
