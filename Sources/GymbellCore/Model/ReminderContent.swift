import FoundationEssentials

/// What a reminder says, as its kind of message and the values in it. Rendered through `Messages` when
/// it is shown (or listed), so that a language change or a corrected text reaches reminders planned
/// before it; stored as JSON in the state database. The cases with large values are boxed (`indirect`),
/// so that a reminder stays small: the agenda holds and copies thousands.
public enum ReminderContent: Codable, Hashable, Sendable {
    /// The daily reminder; `workout`: the title of today's planned workout, `preview`: what it holds,
    /// `also`: the workouts other programmes plan the same day (issue 47), each startable on its own.
    indirect case daily(workout: String?, preview: WorkoutPreview? = nil, also: [AlsoPlanned]? = nil)
    case snoozed
    /// A snoozed reminder of a day two programmes share: a Start for each of the others (issue 47).
    indirect case snoozedAlso([AlsoPlanned])
    case restDay
    case restWarning(secondsLeft: Int)
    /// `next`: the set that follows the rest, during a strength workout.
    indirect case restOver(next: NextSet?)
    case hiitWorkDone, hiitRestOver, hiitComplete
    case runDone, walkDone, walkRunComplete
    case workoutComplete(workout: String, sets: Int)
    /// A workout of steps moves on (issue 44).
    indirect case step(StepCue)
    /// A timed step's last seconds: `secondsLeft`, and the step that follows.
    indirect case stepEnding(secondsLeft: Int, next: WorkoutStep?)
    /// An AMRAP's end: the rounds counted with Done; `before`: the workout's most rounds they beat.
    case roundsComplete(workout: String, rounds: Int, before: Int? = nil)
    /// `position`: the exercise the workout stopped at and how many it has (strength workouts).
    indirect case pausedWorkout(workout: String, position: Int?, of: Int?)
    case restAdvice(trainingDays: Int)
    case milestones([Milestone])
    case personalRecords([PersonalRecord])
    case overload([OverloadSuggestion])
    /// `workout`: the title of the workout planned that day.
    case streakAtRisk(streak: Int, workout: String?)
    indirect case storageProblem(StorageProblem)
    /// The weekly summary (issue 47): its figures, read when it fell due.
    case weeklySummary(WeekSummary)
    /// Text fixed when the reminder was planned: rows written before texts were rendered when shown,
    /// for kinds whose values were not kept.
    case fixed(title: String, body: String)

    /// The other workouts a daily reminder offers (issue 47).
    public var alsoPlanned: [AlsoPlanned] {
        switch self {
        case .daily(_, _, let also?), .snoozedAlso(let also): also
        default: []
        }
    }

    public func text(_ messages: Messages) -> Messages.Text {
        switch self {
        case .daily(let workout, let preview, let also): messages.daily.reminder(workoutTitle: workout, preview: preview, also: also ?? [])
        case .snoozed, .snoozedAlso: messages.daily.snoozed
        case .restDay: messages.daily.restDay
        case .restWarning(let seconds): messages.session.restWarning(secondsLeft: seconds)
        case .restOver(let next): messages.session.restOver(next: next?.description(messages))
        case .hiitWorkDone: messages.session.hiitWorkDone
        case .hiitRestOver: messages.session.hiitRestOver
        case .hiitComplete: messages.session.hiitComplete
        case .runDone: messages.session.runDone
        case .walkDone: messages.session.walkDone
        case .walkRunComplete: messages.session.walkRunComplete
        case .workoutComplete(let workout, let sets): messages.session.workoutComplete(title: workout, sets: sets)
        case .step(let cue): cue.text(messages)
        case .stepEnding(let seconds, let next):
            (messages("{seconds} second left", plural: "{seconds} seconds left", count: seconds, ["seconds": String(seconds)]),
             next.map { messages("Next: {step}", ["step": $0.label(messages)]) } ?? messages("Next: done"))
        case .roundsComplete(let workout, let rounds, let before): messages.session.roundsComplete(title: workout, rounds: rounds, before: before)
        case .pausedWorkout(let workout, let position, let count): messages.session.pausedWorkout(workout: workout, position: position, of: count)
        case .restAdvice(let days): messages.daily.restAdvice(trainingDays: days)
        case .milestones(let reached): messages.progress.milestones(reached) ?? (messages("Milestone reached 🏆"), "")
        case .personalRecords(let records): messages.progress.personalRecords(records)
        case .overload(let suggestions): messages.progress.overload(suggestions)
        case .streakAtRisk(let streak, let workout): messages.daily.streakAtRisk(streak: streak, workout: workout)
        case .storageProblem(let problem): messages.storageProblem(problem)
        case .weeklySummary(let summary): summary.text(messages)
        case .fixed(let title, let body): (title, body)
        }
    }

    /// The content of a reminder of `kind` that carries no values (nil for kinds that do): how rows
    /// stored before contents were kept are read.
    public static func withoutValues(_ kind: ReminderKind) -> ReminderContent? {
        switch kind {
        case .snoozed: .snoozed
        case .restDay: .restDay
        case .hiitWorkDone: .hiitWorkDone
        case .hiitRestOver: .hiitRestOver
        case .hiitComplete: .hiitComplete
        case .runDone: .runDone
        case .walkDone: .walkDone
        case .walkRunComplete: .walkRunComplete
        default: nil
        }
    }
}

/// The set that comes next in a strength workout: "Bench Press — set 3 of 4, 8 × 80 kg".
public struct NextSet: Codable, Hashable, Sendable {
    public var exercise: String
    public var set: Int
    public var sets: Int
    public var reps: Int?
    public var weight: Double?
    public var unit: String?
    /// "20 + 10": the plates per side the kit loads it with (`Kit.platesText`).
    public var plates: String?

    public init(exercise: String, set: Int, sets: Int, reps: Int? = nil, weight: Double? = nil, unit: String? = nil, plates: String? = nil) {
        self.plates = plates
        self.exercise = exercise
        self.set = set
        self.sets = sets
        self.reps = reps
        self.weight = weight
        self.unit = unit
    }

    public func description(_ messages: Messages) -> String {
        heading(messages) + (load(messages).map { ", " + $0 } ?? "")
    }

    /// "Bench Press — set 3 of 4".
    public func heading(_ messages: Messages) -> String {
        messages("{exercise} — set {set} of {sets}", ["exercise": exercise, "set": String(set), "sets": String(sets)])
    }

    /// "8 × 80 kg", "8 × 80 kg (20 + 10 per side)", "8 reps"; nil when the reps are not known.
    public func load(_ messages: Messages) -> String? {
        guard let reps else { return nil }
        guard let weight else { return messages.reps(reps) }
        let number = weight == weight.rounded() ? String(Int(weight)) : String(weight)
        let load = "\(reps) × \(number)\(unit.map { " \($0)" } ?? "")"
        return plates.map { messages("{load} ({plates} per side)", ["load": load, "plates": $0]) } ?? load
    }
}

/// Another workout planned the same day as the daily reminder's first (issue 47): what its own Start
/// button starts and how it is called.
public struct AlsoPlanned: Codable, Hashable, Sendable {
    /// The workout's name in `[workouts]`.
    public var workout: String
    public var title: String

    public init(workout: String, title: String) {
        self.workout = workout
        self.title = title
    }

    /// The workouts after a day's first (`ProgrammePlan.workouts(on:)`), titled by `workouts`.
    public static func after(first planned: [PlannedWorkout], titles workouts: [String: WorkoutDefinition]) -> [AlsoPlanned] {
        planned.dropFirst().map { AlsoPlanned(workout: $0.workout, title: workouts[$0.workout]?.title ?? $0.workout) }
    }
}
