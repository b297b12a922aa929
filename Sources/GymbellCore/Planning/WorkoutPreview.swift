import FoundationEssentials

/// What the daily reminder tells of the day's workout (Antrain): its exercises with their planned
/// weights, about how long it takes, and where the programme stands ("Week 3 of 8").
public struct WorkoutPreview: Codable, Hashable, Sendable {
    /// "Bench Press 102.5 kg", "Dips": at most `shownExercises`, then how many more.
    public var exercises: [String]
    public var moreExercises: Int
    /// The estimated length in minutes (`estimatedSeconds`, rounded).
    public var minutes: Int
    /// Whether `minutes` is an estimate (strength) or the plan's length (intervals).
    public var estimated: Bool
    public var week: Int?
    public var weeks: Int?

    public init(exercises: [String], moreExercises: Int = 0, minutes: Int, estimated: Bool, week: Int? = nil, weeks: Int? = nil) {
        self.exercises = exercises
        self.moreExercises = moreExercises
        self.minutes = minutes
        self.estimated = estimated
        self.week = week
        self.weeks = weeks
    }

    /// More than this many exercises are summed up ("+2 more"): a notification shows a few lines well.
    public static let shownExercises = 4

    /// The preview of `workout` on `day`: weights as the next workout plans them (`overrides`); nil
    /// for a strength workout that lists no exercise.
    public static func make(
        _ workout: WorkoutDefinition, overrides: [String: WeightOverride], kit: Kit? = nil, span: ProgramSpan?, day: LocalDay
    ) -> WorkoutPreview? {
        let week = span?.week(of: day)
        // The length as the window says it (WorkoutLength); the weights planned do not change it.
        guard let length = WorkoutLength.of(workout) else { return nil }
        let weeks = week == nil ? nil : span?.weeks
        if WorkoutTimeline.measuredBySteps(workout) {
            let names = WorkoutSummary.exerciseNames(of: workout)
            return WorkoutPreview(
                exercises: Array(names.prefix(shownExercises)), moreExercises: max(0, names.count - shownExercises),
                minutes: length.minutes, estimated: length.estimated, week: week, weeks: weeks)
        }
        switch workout.kind {
        case .strength(let configured):
            let exercises = WeightOverride.apply(overrides, to: configured, kit: kit)
            let names = exercises.map { exercise in
                exercise.weight.map { "\(exercise.name) \(exercise.weightUnit.text($0))" } ?? exercise.name
            }
            return WorkoutPreview(
                exercises: Array(names.prefix(shownExercises)), moreExercises: max(0, names.count - shownExercises),
                minutes: length.minutes, estimated: true, week: week, weeks: weeks)
        case .hiit, .walkRun:
            return WorkoutPreview(exercises: [], minutes: length.minutes, estimated: false, week: week, weeks: weeks)
        case .circuit, .amrap:
            return nil  // runs as steps, above
        }
    }

    /// A strength workout's length (docs/progress.md): each set 4 s per rep (at least 20 s; 45 s for
    /// a set planned without reps), plus every rest but the one after the last set.
    public static func estimatedSeconds(_ exercises: [Exercise]) -> TimeInterval {
        var total: TimeInterval = 0
        for exercise in exercises {
            let set = exercise.reps.map { max(20, Double($0) * 4) } ?? 45
            total += Double(exercise.sets) * set + exercise.rest.prefix(exercise.sets).reduce(0, +)
        }
        if let last = exercises.last, let rest = last.rest.prefix(last.sets).last { total -= rest }
        return total
    }
}
