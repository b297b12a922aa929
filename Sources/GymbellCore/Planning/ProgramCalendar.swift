import FoundationEssentials

/// The programme's workouts of the next weeks as a calendar shows them: the engine's answer to
/// `export-ics` (GymbellFormats writes it as iCalendar).
///
/// An event starts at the daily reminder's time, with its alarm at the start; on a weekday with a
/// learned start (`time = "auto"`) it starts at the learned time, with the alarm `autoLead` earlier.
/// Days whose workout is not defined are left out.
public struct ProgramCalendar: Equatable, Sendable {
    public struct Event: Equatable, Sendable {
        public var day: LocalDay
        /// The workout's name in the config: with the day, what names the event for good.
        public var workout: String
        public var title: String
        /// The exercises, or the intervals, one line each.
        public var description: String
        public var start: Date
        public var duration: TimeInterval
        /// Nil: no alarm (reminders are off).
        public var alarm: Alarm?
    }

    public struct Alarm: Equatable, Sendable {
        /// How long before the start it rings.
        public var lead: TimeInterval
        /// What the daily reminder would say, on one line.
        public var text: String
    }

    public var events: [Event]
    /// When it was made (the events' stamp).
    public var made: Date
    public var timeZone: Zone
    /// The events' category: "Workout", in the person's language.
    public var category: String

    /// The time one set of a strength exercise is reckoned to take.
    public static let secondsPerSet: TimeInterval = 45

    /// The workouts the programmes plan from today (local) through `weeks` weeks; a day of two
    /// programmes holds an event for each.
    public init(
        plan: ProgrammePlan, workouts: [String: WorkoutDefinition], reminderTime: LocalTime,
        from now: Date, weeks: Int, timeZone: Zone, messages: Messages = .english,
        learnedStarts: [Weekday: LocalTime] = [:], autoLead: TimeInterval = 0, alarms: Bool = true
    ) {
        let today = LocalDay(containing: now, in: timeZone)
        var events: [Event] = []
        for offset in 0..<(max(0, weeks) * 7) {
            let day = today.adding(days: offset)
            let learned = learnedStarts[day.weekday]
            for planned in plan.workouts(on: day) {
                guard let workout = workouts[planned.workout] else { continue }
                let reminder = messages.daily.reminder(workoutTitle: workout.title)
                events.append(Event(
                    day: day, workout: workout.name, title: workout.title, description: Self.description(of: workout, messages: messages),
                    start: day.instant(at: learned ?? reminderTime, in: timeZone), duration: Self.estimatedDuration(of: workout),
                    alarm: alarms ? Alarm(lead: learned == nil ? 0 : autoLead, text: "\(reminder.title) \(reminder.body)") : nil))
            }
        }
        self.events = events
        made = now
        self.timeZone = timeZone
        category = messages("Workout")
    }

    /// HIIT and walk/run exactly; strength as 45 s a set plus the rests between sets, rounded up to a minute.
    public static func estimatedDuration(of workout: WorkoutDefinition) -> TimeInterval {
        if WorkoutTimeline.measuredBySteps(workout) {
            return (WorkoutTimeline.estimatedLength(WorkoutTimeline.steps(of: workout)) / 60).rounded(.up) * 60
        }
        switch workout.kind {
        case .hiit(let plan):
            return Double(plan.rounds) * (plan.work + plan.rest)
        case .walkRun(let plan):
            return Double(plan.repeats) * (plan.run + plan.walk)
        case .strength(let exercises):
            let steps = WorkoutTimeline.strength(exercises)
            let seconds = Double(steps.filter(\.isWork).count) * secondsPerSet + WorkoutTimeline.timedLength(steps)
            return (seconds / 60).rounded(.up) * 60
        case .circuit, .amrap:
            return 0  // runs as steps, above
        }
    }

    /// An event's description: the exercises, or the intervals, one line each.
    public static func description(of workout: WorkoutDefinition, messages: Messages = .english) -> String {
        if workout.frame != .none { return WorkoutSummary.lines(of: workout, messages: messages).joined(separator: "\n") }
        switch workout.kind {
        case .circuit, .amrap:
            return WorkoutSummary.lines(of: workout, messages: messages).joined(separator: "\n")
        case .hiit(let plan):
            return messages(
                "{rounds} round of {work} work and {rest} rest", plural: "{rounds} rounds of {work} work and {rest} rest",
                count: plan.rounds,
                ["rounds": String(plan.rounds), "work": DurationText.format(plan.work), "rest": DurationText.format(plan.rest)])
        case .walkRun(let plan):
            return messages(
                "{repeats} repeat of {run} run and {walk} walk", plural: "{repeats} repeats of {run} run and {walk} walk",
                count: plan.repeats,
                ["repeats": String(plan.repeats), "run": DurationText.format(plan.run), "walk": DurationText.format(plan.walk)])
        case .strength(let exercises):
            return exercises.enumerated().map { index, exercise in
                // Two counts in one line: each counted on its own ("3 sets", "1 rep"), then put together.
                let sets = messages.sets(exercise.sets)
                var line = exercise.seconds.map {
                    messages("{exercise}: {sets} of {time}", ["exercise": exercise.name, "sets": sets, "time": DurationText.format($0)])
                } ?? exercise.reps.map {
                    messages("{exercise}: {sets} of {reps}", ["exercise": exercise.name, "sets": sets, "reps": messages.reps($0)])
                } ?? messages("{exercise}: {sets}", ["exercise": exercise.name, "sets": sets])
                if let weight = exercise.weight {
                    let number = weight == weight.rounded() ? String(Int(weight)) : String(weight)
                    line += ", \(number)\(exercise.unit.map { " \($0)" } ?? "")"
                }
                var rests: [TimeInterval] = []
                // The last set of the workout has no rest after it.
                for rest in exercise.rest.dropLast(index == exercises.count - 1 ? 1 : 0) where !rests.contains(rest) {
                    rests.append(rest)
                }
                if !rests.isEmpty {
                    line += messages(", rest {rest}", ["rest": rests.map(DurationText.format).joined(separator: "/")])
                }
                return line
            }.joined(separator: "\n")
        }
    }
}
