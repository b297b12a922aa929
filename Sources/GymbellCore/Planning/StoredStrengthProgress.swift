import FoundationEssentials

/// A strength workout as it was stored before every workout ran as steps (issue 44): which set of
/// which exercise came next, and the rest running. Read only, so that a workout left running by an
/// older gymbell carries on after the upgrade, as steps (`StepProgress(continuing:)`).
struct StoredStrengthProgress: Decodable {
    var workoutName: String
    var exercises: [Exercise]
    /// Index of the exercise whose next set was due, and sets of it already done.
    var exerciseIndex: Int
    var setsDone: Int
    var totalSetsDone: Int
    /// The end of the rest that was running, if one was, and when it started (absent in older ones).
    var restUntil: Date?
    var restStartedAt: Date?
}

extension StepProgress {
    /// The steps of the stored strength workout, standing where it stood: at the set that was due, or
    /// in the rest before it (a rest begun by `gymbell rest` is kept with its own length).
    init(continuing stored: StoredStrengthProgress, sessionStart: Date) {
        let steps = WorkoutTimeline.strength(stored.exercises)
        self.init(workoutName: stored.workoutName, steps: steps, startedAt: sessionStart)
        var done = 0
        var next = steps.count
        for (index, step) in steps.enumerated() where step.isWork {
            if done == stored.totalSetsDone {
                next = index
                break
            }
            done += 1
        }
        setsDone = min(done, stored.totalSetsDone)
        index = next
        startedAt = stored.restUntil ?? sessionStart
        guard let until = stored.restUntil, next < steps.count else { return }
        let began = stored.restStartedAt ?? until
        let rest = WorkoutStep(.rest, seconds: max(0, until.timeIntervalSince(began)))
        if next > 0, steps[next - 1].role == .rest {
            self.steps[next - 1] = rest
            index = next - 1
        } else {
            self.steps.insert(rest, at: next)
            index = next
        }
        startedAt = began
    }
}
