import FoundationEssentials

/// What `gymbell stats` shows (the D-Bus `Stats` method answers it as JSON).
public struct StatsReport: Codable, Equatable, Sendable {
    /// Consecutive planned training days with a session (a planned rest day does not break it).
    public var streak: Int
    public var sessionsThisWeek: Int
    public var sessionsThisMonth: Int
    /// Consecutive days with a session, whatever the program (what the rest-day advice counts).
    public var consecutiveTrainingDays: Int
    /// Completed workouts of all time, rest timers aside.
    public var workoutsCompleted: Int
    /// Kilograms lifted in every logged set (reps × weight; lb converted), the volume milestones' count.
    public var volumeKilograms: Double
    /// Weeks in a row with 2+ training days (the consistency milestones' count).
    public var regularWeeks: Int
    /// The daily reminders of the last 30 days and what became of them (nil: from a daemon that kept none).
    public var reminders: ReminderStats?

    public init(
        streak: Int, sessionsThisWeek: Int, sessionsThisMonth: Int, consecutiveTrainingDays: Int, workoutsCompleted: Int,
        volumeKilograms: Double = 0, regularWeeks: Int = 0
    ) {
        self.streak = streak
        self.sessionsThisWeek = sessionsThisWeek
        self.sessionsThisMonth = sessionsThisMonth
        self.consecutiveTrainingDays = consecutiveTrainingDays
        self.workoutsCompleted = workoutsCompleted
        self.volumeKilograms = volumeKilograms
        self.regularWeeks = regularWeeks
    }

    public init(history: [HistoryEntry], program: ProgrammePlan, now: Date, timeZone: Zone, sets: [LoggedSet] = []) {
        self.init(history: history, program: program, now: now, timeZone: timeZone, volumeKilograms: sets.filter { $0.at <= now }.volumeKilograms)
    }

    /// `volumeKilograms`: lifted in every set logged (the engine keeps it as sets are logged).
    public init(history: [HistoryEntry], program: ProgrammePlan, now: Date, timeZone: Zone, volumeKilograms: Double) {
        self.init(sessions: SessionMarks(entries: history), program: program, now: now, timeZone: timeZone, volumeKilograms: volumeKilograms)
    }

    /// From what the engine keeps of the sessions, in time linear in the streaks it counts.
    public init(sessions: SessionMarks, program: ProgrammePlan, now: Date, timeZone: Zone, volumeKilograms: Double) {
        let stats = TrainingStats(sessions: sessions, program: program, now: now, timeZone: timeZone)
        self.init(
            streak: stats.streak, sessionsThisWeek: stats.sessionsThisWeek, sessionsThisMonth: stats.sessionsThisMonth,
            consecutiveTrainingDays: stats.consecutiveTrainingDays, workoutsCompleted: sessions.completedWorkouts(atOrBefore: now),
            volumeKilograms: (volumeKilograms * 10).rounded() / 10,
            regularWeeks: MilestoneRule.regularWeeks(sessions, now: now, timeZone: timeZone))
    }

    enum CodingKeys: String, CodingKey {
        case reminders
        case streak
        case sessionsThisWeek = "sessions_this_week"
        case sessionsThisMonth = "sessions_this_month"
        case consecutiveTrainingDays = "consecutive_training_days"
        case workoutsCompleted = "workouts_completed"
        case volumeKilograms = "volume_kg"
        case regularWeeks = "regular_weeks"
    }

    public func jsonText() -> String {
        ISO8601.jsonText(self, orElse: "{}")
    }

    public static func decode(jsonText: String) throws -> StatsReport {
        try ISO8601.decode(StatsReport.self, jsonText: jsonText)
    }
}

/// What `gymbell suggest` shows: the usual start learned per weekday and when the daily reminder comes.
public struct SuggestReport: Codable, Equatable, Sendable {
    /// `time = "auto"` is in force.
    public var auto: Bool
    /// The fixed `time` ("18:00"), the fallback while too little is learned.
    public var fixedTime: String
    /// `auto_lead` in seconds.
    public var leadSeconds: Int
    /// Monday first.
    public var weekdays: [Day]

    public struct Day: Codable, Equatable, Sendable {
        /// "mon" … "sun".
        public var weekday: String
        /// "18:05"; nil while fewer than the minimum sessions are known on this weekday.
        public var usualStart: String?
        /// How many days the median was taken over.
        public var samples: Int
        /// When the daily reminder comes on this weekday ("17:35", or the fixed time).
        public var reminderTime: String
        /// The program's workout on this weekday, if any.
        public var workout: String?
        /// When the reminder is mostly snoozed on this weekday: when the person then starts ("19:10"), where
        /// `time = "auto"` moves it (`SnoozeShift`); nil otherwise.
        public var snoozedStart: String?

        public init(weekday: String, usualStart: String?, samples: Int, reminderTime: String, workout: String?, snoozedStart: String? = nil) {
            self.snoozedStart = snoozedStart
            self.weekday = weekday
            self.usualStart = usualStart
            self.samples = samples
            self.reminderTime = reminderTime
            self.workout = workout
        }

        enum CodingKeys: String, CodingKey {
            case weekday, samples, workout
            case usualStart = "usual_start"
            case reminderTime = "reminder_time"
            case snoozedStart = "snoozed_start"
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(weekday, forKey: .weekday)
            try container.encode(usualStart, forKey: .usualStart)  // `null`, not absent
            try container.encode(samples, forKey: .samples)
            try container.encode(reminderTime, forKey: .reminderTime)
            try container.encode(workout, forKey: .workout)
            try container.encode(snoozedStart, forKey: .snoozedStart)
        }
    }

    public init(auto: Bool, fixedTime: String, leadSeconds: Int, weekdays: [Day]) {
        self.auto = auto
        self.fixedTime = fixedTime
        self.leadSeconds = leadSeconds
        self.weekdays = weekdays
    }

    public init(config: Config, history: [HistoryEntry], now: Date, timeZone: Zone, rule: LearnedTime = LearnedTime()) {
        self.init(config: config, starts: rule.latestStarts(SessionMarks(entries: history), now: now, in: timeZone), rule: rule)
    }

    /// `starts`: each weekday's latest starts (`LearnedTime.latestStarts`).
    /// `snoozeMoves`: `SnoozeShift.movedStarts`, followed with `time = "auto"`.
    public init(config: Config, starts: [Weekday: [Int]], rule: LearnedTime = LearnedTime(), snoozeMoves: [Weekday: Int] = [:]) {
        let settings = config.reminders
        let suggestions = rule.suggestions(settings: settings, starts: starts)
        self.init(
            auto: settings.autoTime, fixedTime: settings.time.description, leadSeconds: Int(settings.autoLead.rounded()),
            weekdays: suggestions.map { suggestion in
                let moved = snoozeMoves[suggestion.weekday]
                let time = settings.autoTime ? SnoozeShift.applying(moved, to: suggestion.reminderTime) : suggestion.reminderTime
                return Day(
                    weekday: suggestion.weekday.rawValue, usualStart: suggestion.usualStart?.description, samples: suggestion.samples,
                    reminderTime: time.description, workout: config.plan.workout(onWeekday: suggestion.weekday),
                    snoozedStart: moved.map { LearnedTime.localTime(secondsSinceMidnight: $0).description })
            })
    }

    enum CodingKeys: String, CodingKey {
        case auto, weekdays
        case fixedTime = "fixed_time"
        case leadSeconds = "lead_seconds"
    }

    public func jsonText() -> String {
        ISO8601.jsonText(self, orElse: "{}")
    }

    public static func decode(jsonText: String) throws -> SuggestReport {
        try ISO8601.decode(SuggestReport.self, jsonText: jsonText)
    }
}
