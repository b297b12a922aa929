import FoundationEssentials
@testable import GymbellCore

/// A strength workout run as steps, walked set by set without the engine: the planner's own
/// functions, as StepCommands.done uses them (for the tests of what it shows and says).
struct StrengthWalk {
    var session: Session

    init(id: SessionID = SessionID("s"), workout: WorkoutDefinition, at start: Date) {
        session = StepPlanner.start(id: id, workout: workout, steps: WorkoutTimeline.steps(of: workout), at: start).session
    }

    var progress: StepProgress { session.stepProgress! }

    /// The set waiting for Done is done at `now`: what follows it starts then. Returns its reminders
    /// (the rest's warning and "Rest over", or the completion after the last set).
    @discardableResult
    mutating func recordSet(at now: Date, warnBefore: TimeInterval = 0) -> [Reminder] {
        var progress = progress
        let step = session.stepPosition(at: now)?.step ?? progress.index
        progress.setsDone += progress.workSteps(progress.index..<step + 1)
        progress.index = step + 1
        progress.startedAt = now
        session.shift = 0
        session.detail = .steps(progress)
        session.endsAt = StepPlanner.estimatedEnd(progress, at: now)
        return StepPlanner.reminders(of: session, progress, warnBefore: warnBefore)
    }

    func view(at now: Date) -> StrengthView { session.strengthView(at: now)! }
}
