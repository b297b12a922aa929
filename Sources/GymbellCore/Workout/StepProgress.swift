import FoundationEssentials

/// Where a workout of steps stands (issue 44). The running part is either one step waiting for Done
/// (a set by reps) or a run of timed steps planned whole from `startedAt`; which timed step is current
/// follows from the clock (`position`), so nothing needs saying when a timed step ends. Stored with the
/// session, so a restarted daemon carries on.
public struct StepProgress: Codable, Hashable, Sendable {
    public var workoutName: String
    public var steps: [WorkoutStep]
    /// The first step of the running part.
    public var index: Int
    /// When the running part began on the clock (its timed steps count from here, plus the session's shift).
    public var startedAt: Date
    /// Work steps done before `index` (by Done, or timed and run through).
    public var setsDone: Int
    /// An AMRAP's rounds, counted with Done.
    public var roundsCounted: Int
    /// An AMRAP's most rounds before this session (its workout's record when it started, with `[progress]
    /// records` on): counting more says "New record" at the end. Nil: nothing to beat.
    public var roundsToBeat: Int?

    public init(workoutName: String, steps: [WorkoutStep], startedAt: Date, roundsToBeat: Int? = nil) {
        self.workoutName = workoutName
        self.steps = steps
        index = 0
        self.startedAt = startedAt
        setsDone = 0
        roundsCounted = 0
        self.roundsToBeat = roundsToBeat
    }

    /// The end (exclusive) of the run of timed steps from `index`; `index` itself when it waits for Done.
    public var runEnd: Int {
        var end = index
        while end < steps.count, steps[end].isTimed { end += 1 }
        return end
    }

    /// The step current `elapsed` seconds into the running part and when it began (seconds from the
    /// part's start): a timed step of the run, or the step after the run (one waiting for Done, or
    /// `steps.count` once the workout is through).
    public func position(elapsed: TimeInterval) -> (step: Int, began: TimeInterval) {
        var offset: TimeInterval = 0
        for step in index..<runEnd {
            let length = steps[step].seconds ?? 0
            if elapsed < offset + length { return (step, offset) }
            offset += length
        }
        return (runEnd, offset)
    }

    /// The length of the running part's timed steps.
    public var runLength: TimeInterval { steps[index..<runEnd].reduce(0) { $0 + ($1.seconds ?? 0) } }

    /// Work steps in `range` (sets done when it has been gone through).
    public func workSteps(_ range: Range<Int>) -> Int { steps[range].filter(\.isWork).count }

    /// Work steps in all.
    public var totalSets: Int { workSteps(0..<steps.count) }

    /// Timed steps left after the running part, to estimate the workout's end.
    public func remainingTimedLength(after step: Int) -> TimeInterval {
        guard step + 1 < steps.count else { return 0 }
        return steps[(step + 1)...].reduce(0) { $0 + ($1.seconds ?? 0) }
    }
}

/// The content of a step's reminder: the step that starts and the one after it.
public struct StepCue: Codable, Hashable, Sendable {
    public var next: WorkoutStep
    public var after: WorkoutStep?

    public init(next: WorkoutStep, after: WorkoutStep?) {
        self.next = next
        self.after = after
    }

    /// "Rest — 10 s" / "Next: Mountain climbers — 40 s · round 2 of 3"; "Mountain climbers — 40 s" /
    /// "Round 2 of 3 · then: Rest — 10 s"; a step by reps asks for Done.
    public func text(_ messages: Messages) -> Messages.Text {
        let title = next.label(messages)
        var parts: [String] = []
        if next.role == .rest || next.role == .getReady {
            if let after {
                parts.append(messages("Next: {step}", ["step": after.label(messages)]))
                if let position = after.position(messages) { parts.append(position) }
            }
        } else {
            if let position = next.position(messages) { parts.append(position) }
            if next.countsRounds {
                parts.append(messages("Done after each round"))
            } else if !next.isTimed {
                parts.append(messages("Done when finished"))
            } else if let after {
                parts.append(messages("Then: {step}", ["step": after.label(messages)]))
            }
        }
        return (title, parts.joined(separator: " · "))
    }
}

extension StepCue {
    /// What `announce = true` says: short, with lengths in words ("Next: Mountain climbers, 40 seconds.").
    public func spoken(_ messages: Messages) -> String {
        func said(_ step: WorkoutStep) -> String {
            let what: String = switch step.role {
            case .getReady: messages("Get ready")
            case .rest: step.name ?? messages("Rest")
            case .work, .warmUp, .coolDown: step.name ?? messages("Work")
            }
            if let seconds = step.seconds { return "\(what), \(DurationText.spoken(seconds, messages))" }
            return step.reps.map { "\(what), \(messages.reps($0))" } ?? what
        }
        if next.role == .rest || next.role == .getReady, let after {
            return "\(said(next)). " + messages("Next: {step}", ["step": said(after)]) + "."
        }
        return messages("Next: {step}", ["step": said(next)]) + "."
    }
}

extension ReminderContent {
    /// What `announce = true` speaks: a step in words made for the ear, the rest as shown (emoji left out).
    public func spoken(_ messages: Messages) -> String {
        if case .step(let cue) = self { return cue.spoken(messages) }
        return Messages.spoken(text(messages))
    }
}
