import FoundationEssentials

/// How long a workout takes, as one value for every kind (issue 46): the Workouts list, the editor and
/// the daily reminder's preview say the same. A strength workout is estimated (WorkoutPreview
/// .estimatedSeconds: sets by their reps, the rests between; rounded to 5 min, docs/progress.md), one
/// that runs as steps is measured on its timeline (get-ready, warm-up and cool-down included; estimated
/// when a step waits for Done), a HIIT's or a walk/run's plan is exact.
public struct WorkoutLength: Equatable, Sendable {
    public var seconds: TimeInterval
    /// Whether `seconds` is an estimate (a step by reps, a strength set) rather than the plan's length.
    public var estimated: Bool

    /// As said: whole minutes, at least 1; a strength estimate to 5 min, at least 5 (it is rough).
    public var minutes: Int

    public init(seconds: TimeInterval, estimated: Bool, toFiveMinutes: Bool = false) {
        self.seconds = seconds
        self.estimated = estimated
        minutes = toFiveMinutes ? max(5, Int((seconds / 300).rounded()) * 5) : max(1, Int((seconds / 60).rounded()))
    }

    /// The length of `workout`; nil while it has nothing to measure (no exercise or station yet).
    public static func of(_ workout: WorkoutDefinition) -> WorkoutLength? {
        switch workout.kind {
        case .strength(let exercises) where exercises.isEmpty: return nil
        case .circuit(let plan) where plan.stations.isEmpty: return nil
        case .amrap(let plan) where plan.stations.isEmpty: return nil
        default: break
        }
        if WorkoutTimeline.measuredBySteps(workout) {
            let steps = WorkoutTimeline.steps(of: workout)
            let timed = steps.allSatisfy(\.isTimed)
            return WorkoutLength(seconds: timed ? WorkoutTimeline.timedLength(steps) : WorkoutTimeline.estimatedLength(steps), estimated: !timed)
        }
        switch workout.kind {
        case .strength(let exercises):
            return WorkoutLength(seconds: WorkoutPreview.estimatedSeconds(exercises), estimated: true, toFiveMinutes: true)
        case .hiit(let plan): return WorkoutLength(seconds: Double(plan.rounds) * (plan.work + plan.rest), estimated: false)
        case .walkRun(let plan): return WorkoutLength(seconds: Double(plan.repeats) * (plan.run + plan.walk), estimated: false)
        case .circuit, .amrap: return nil  // run as steps, above
        }
    }

    /// The length in words: "about 25 min", "15 min"; a HIIT's and a walk/run's with their plan
    /// ("8 × (30s work + 15s rest) = 6 min"); what is missing when there is nothing to measure.
    public static func text(_ workout: WorkoutDefinition, _ messages: Messages) -> String {
        guard let length = of(workout) else {
            if case .strength = workout.kind { return messages("no exercises yet") }
            return messages("no stations yet")
        }
        let n = "\(length.minutes)"
        switch workout.kind {
        case .hiit(let plan) where !WorkoutTimeline.measuredBySteps(workout):
            return messages("{rounds} × ({work} work + {rest} rest) = {n} min", [
                "rounds": "\(plan.rounds)", "work": DurationText.format(plan.work), "rest": DurationText.format(plan.rest), "n": n])
        case .walkRun(let plan) where !WorkoutTimeline.measuredBySteps(workout):
            return messages("{repeats} × ({run} run + {walk} walk) = {n} min", [
                "repeats": "\(plan.repeats)", "run": DurationText.format(plan.run), "walk": DurationText.format(plan.walk), "n": n])
        default:
            return length.estimated ? messages("about {n} min", ["n": n]) : messages("{n} min", ["n": n])
        }
    }
}
