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
    /// `[attention]`: holding reminders while the person is busy, away or locked; keeping the screen on.
    public var attention: AttentionSettings = .init()
    /// `[mpris] enabled`: the running session is a media player on the session bus.
    public var mprisEnabled: Bool
    /// `[progress]`: personal records and progressive-overload suggestions.
    public var progress: ProgressSettings = .init()
    /// `[program] start` and `weeks`: a programme of that many weeks from that day ("Week 3 of 8").
    public var programSpan: ProgramSpan?
    /// `[exercise_names]`: what `gymbell import` calls an exercise of a Strong or Hevy log here.
    public var exerciseNames: [String: String] = [:]
    /// `[kit]`: what the person lifts with; nil without one (weights are then planned as written).
    public var kit: Kit?
    /// `[programs.NAME]`: programmes followed beside `[program]` (issue 47), in the file's order.
    public var programmes: [Programme] = []
    /// `[program] priority`: 1 (first) unless the file says otherwise.
    public var programPriority: Int = 1
    /// `[sync]`: the folder shared with the person's other computers (issue 48); nil: this computer alone.
    public var sync: SyncSettings?

    /// Every programme, first by priority: `[program]` and each `[programs.NAME]`.
    public var plan: ProgrammePlan {
        let main: [Programme] = program.isEmpty && programSpan == nil ? [] : [.main(program, span: programSpan, priority: programPriority)]
        return ProgrammePlan(main + programmes)
    }

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
    /// "Streak at risk 🔥" on a planned training day without a session (`StreakRiskRule`).
    public var streakWarning: Bool = true
    public var streakWarningTime: LocalTime = LocalTime(hour: 19, minute: 0)!
    /// "Your week" at this weekly time (`weekly_summary = "Sun 19:00"`); nil: `false`, none (issue 47).
    public var weeklySummary: WeeklySchedule? = .sundayEvening
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
    /// `cues`: a workout of steps sounds apart where work starts ("bell") and where a rest starts (the
    /// sound above), so a person on the mat knows which without looking.
    public var cues: Bool = true
    /// `countdown`: a tick 3 seconds before each timed step of 8 s or more ends.
    public var countdown: Bool = false
    /// `duck`: what other audio on the sound server does while a sound of gymbell's plays.
    public var duck: SoundDucking = .off
    public init() {}
}

/// A programme with a length: `[program] start = 2026-11-02` (a Monday, say) and `weeks = 8`.
public struct ProgramSpan: Hashable, Sendable {
    public var start: LocalDay
    public var weeks: Int

    public init(start: LocalDay, weeks: Int) {
        self.start = start
        self.weeks = weeks
    }

    /// The programme week `day` falls in (1-based, counted in 7-day steps from `start`); nil before the
    /// start and after the last week.
    public func week(of day: LocalDay) -> Int? {
        let days = day.daysSinceEpoch - start.daysSinceEpoch
        guard days >= 0 else { return nil }
        let week = days / 7 + 1
        return week <= weeks ? week : nil
    }
}

/// `[workouts.NAME]`.
public struct WorkoutDefinition: Equatable, Sendable {
    public var name: String
    public var title: String
    public var kind: WorkoutKind
    /// Get-ready, warm-up and cool-down around the main part.
    public var frame: WorkoutFrame

    public init(name: String, title: String, kind: WorkoutKind, frame: WorkoutFrame = .none) {
        self.name = name
        self.title = title
        self.kind = kind
        self.frame = frame
    }
}

public enum WorkoutKind: Equatable, Sendable {
    case strength(exercises: [Exercise])
    case hiit(HIITPlan)
    case walkRun(WalkRunPlan)
    case circuit(CircuitPlan)
    case amrap(AmrapPlan)
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
    /// `body = "upper"` or `"legs"`: how much a progressive-overload suggestion adds. Nil: guessed
    /// from the name (`ExerciseClass`).
    public var body: BodyRegion?
    /// `compound = true|false`: whether progressive overload is suggested. Nil: guessed from the name.
    public var compound: Bool?
    /// `time = "45s"`: a timed set (plank, wall sit, dead hang) that ends by itself, instead of reps.
    public var seconds: TimeInterval?
    /// `superset = "A"`: exercises next to each other with the same label alternate their sets
    /// (A1, A2, rest, A1, A2, rest …).
    public var superset: String?
    /// `warm_up = true|false`: a warm-up ramp before its first working set (with a `[kit]`). Nil: the
    /// kit's `warm_up` for a compound lift, none for others.
    public var warmUp: Bool?
    /// The plates per side the kit loads the planned weight with ("20 + 10"): set when a workout is
    /// planned (`WeightOverride.apply`), never read from or written to the file.
    public var platesPerSide: String?

    public init(
        name: String, sets: Int, reps: Int? = nil, weight: Double? = nil, unit: String? = nil, rest: [TimeInterval],
        body: BodyRegion? = nil, compound: Bool? = nil, seconds: TimeInterval? = nil, superset: String? = nil, warmUp: Bool? = nil
    ) {
        self.warmUp = warmUp
        self.seconds = seconds
        self.superset = superset
        self.name = name
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
        self.rest = rest
        self.body = body
        self.compound = compound
    }

    /// The unit its weights are logged in (kg unless the file says lb).
    public var weightUnit: WeightUnit { WeightUnit(configured: unit) ?? .kg }
    /// Upper body or legs: as the file says, else guessed from the name.
    public var region: BodyRegion { body ?? ExerciseClass.region(of: name) }
    /// A compound lift: as the file says, else guessed from the name.
    public var isCompound: Bool { compound ?? ExerciseClass.isCompound(name) }
}

/// `[progress]`: what gymbell says about progress right after a strength workout.
public struct ProgressSettings: Equatable, Sendable {
    /// Personal records, batched into one notification after the workout.
    public var records: Bool = true
    /// A record must beat the previous best by at least this many per cent.
    public var recordMinPercent: Double = 2
    /// Progressive-overload suggestions ("Time for more weight?").
    public var overload: Bool = true
    /// Sessions in a row with every set done at the planned weight before more is suggested.
    public var overloadSessions: Int = 3
    /// What a suggestion adds, in kg (an exercise in lb gets the same, rounded to 2.5 lb).
    public var upperIncrement: Double = 2.5
    public var legsIncrement: Double = 5
    public init() {}

    /// The increment for an exercise of `region` weighed in `unit`.
    public func increment(for region: BodyRegion, in unit: WeightUnit) -> Double {
        let kilograms = region == .legs ? legsIncrement : upperIncrement
        guard unit == .lb else { return kilograms }
        return max(2.5, ((kilograms / 0.45359237) / 2.5).rounded(.down) * 2.5)
    }
}

/// Which part of the body an exercise mainly works, for the size of an overload step.
public enum BodyRegion: String, Hashable, Sendable, Codable, CaseIterable {
    case upper, legs
}

/// Sensible defaults for exercises the config does not classify, from their (English or German) name.
public enum ExerciseClass {
    static let legWords = ["squat", "deadlift", "leg", "lunge", "calf", "hip thrust", "step-up", "step up", "kniebeuge",
                           "kreuzheben", "bein", "ausfallschritt", "wade"]
    static let compoundWords = ["squat", "deadlift", "bench", "press", "row", "pull-up", "pull up", "pullup", "chin-up", "chin up",
                                "dip", "lunge", "clean", "snatch", "thrust", "kniebeuge", "kreuzheben", "bankdrücken",
                                "drücken", "rudern", "klimmzug"]

    public static func region(of name: String) -> BodyRegion {
        let lower = name.lowercased()
        return legWords.contains { lower.contains($0) } ? .legs : .upper
    }

    public static func isCompound(_ name: String) -> Bool {
        let lower = name.lowercased()
        return compoundWords.contains { lower.contains($0) }
    }
}

/// HIIT: `rounds` × (`work` then `rest`); with `exercises`, each work interval names what to do (the
/// list cycles through the rounds: Tabata with an exercise per round, the 7-minute workout).
public struct HIITPlan: Hashable, Sendable, Codable {
    public var rounds: Int
    public var work: TimeInterval
    public var rest: TimeInterval
    /// nil: anonymous work intervals, as HIIT always was.
    public var exercises: [Station]?
    public init(rounds: Int, work: TimeInterval, rest: TimeInterval, exercises: [Station]? = nil) {
        self.rounds = rounds
        self.work = work
        self.rest = rest
        self.exercises = exercises
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
