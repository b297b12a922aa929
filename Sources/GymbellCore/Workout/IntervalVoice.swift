import FoundationEssentials

/// Plain HIIT (anonymous work and rest) and walk/run run as steps like every workout (issue 44), and
/// are spoken of as they always were: "Work phase done" / "Rest over" / "HIIT complete", "work, round
/// 2 of 5" — the plan they are, read back off their steps.
public enum IntervalPlan: Hashable, Sendable {
    case hiit(HIITPlan)
    case walkRun(WalkRunPlan)

    /// The plan's steps (WorkoutTimeline's, as every workout's).
    public var steps: [WorkoutStep] {
        switch self {
        case .hiit(let plan): WorkoutTimeline.hiit(HIITPlan(rounds: plan.rounds, work: plan.work, rest: plan.rest))
        case .walkRun(let plan): WorkoutTimeline.walkRun(plan)
        }
    }

    /// The whole timeline's length: rounds × (work + rest), repeats × (run + walk).
    public var length: TimeInterval {
        switch self {
        case .hiit(let plan): Double(plan.rounds) * (plan.work + plan.rest)
        case .walkRun(let plan): Double(plan.repeats) * (plan.run + plan.walk)
        }
    }

    /// The plan `steps` are exactly, for a session of `kind`; nil when they are anything more.
    init?(kind: SessionKind, steps: [WorkoutStep]) {
        guard kind == .hiit || kind == .walkrun else { return nil }  // before any work: asked at every turn
        let work = steps.filter(\.isWork)
        let first = work.first?.seconds ?? 0
        let rest = steps.first { $0.role == .rest }?.seconds ?? 0
        self = kind == .hiit
            ? .hiit(HIITPlan(rounds: work.count, work: first, rest: rest)) : .walkRun(WalkRunPlan(run: first, walk: rest, repeats: work.count))
        guard !work.isEmpty, self.steps == steps else { return nil }
    }

    /// What the end of step `index` of `count` says: the end of a work step, of a rest, or of the last.
    func said(ending step: WorkoutStep, last: Bool) -> (ReminderKind, ReminderContent) {
        switch self {
        case .hiit: last ? (.hiitComplete, .hiitComplete) : step.role == .rest ? (.hiitRestOver, .hiitRestOver) : (.hiitWorkDone, .hiitWorkDone)
        case .walkRun: last ? (.walkRunComplete, .walkRunComplete) : step.role == .rest ? (.walkDone, .walkDone) : (.runDone, .runDone)
        }
    }
}

extension Session {
    /// The plain HIIT or walk/run plan this session runs; nil for every other session.
    public var intervalPlan: IntervalPlan? {
        stepProgress.flatMap { IntervalPlan(kind: kind, steps: $0.steps) }
    }
}

extension SessionDetail {
    /// The steps of `plan`, run from `start`.
    public static func interval(_ plan: IntervalPlan, from start: Date) -> SessionDetail {
        .steps(StepProgress(workoutName: "", steps: plan.steps, startedAt: start))
    }
}
