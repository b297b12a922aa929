import FoundationEssentials

/// A plain strength workout (exercises × sets by reps, a rest between sets; no timed set, superset,
/// warm-up or get-ready) runs as steps like every workout (issue 44), and is spoken of as sets and
/// rests, as it always was (seeds 001/002: set → rest → next set): "Rest over ⏰ — Bench Press — set 3
/// of 4, 8 × 80 kg", "Resting until 14:05:30. Next: …". This is where such a workout stands at an
/// instant, read off its steps.
public struct StrengthView: Hashable, Sendable {
    /// The set being done now, or the one after the running rest; nil once the last set is done.
    public var nextSet: NextSet?
    /// The running rest, if one is: when it began and when it ends.
    public var restStartedAt: Date?
    public var restUntil: Date?
    /// When the phase now (the rest, or the set after it) began.
    public var phaseStart: Date
    /// The rest after `nextSet` (nil after the workout's last set).
    public var restAfterNextSet: TimeInterval?
    public var totalSetsDone: Int
    public var totalSets: Int
    /// `nextSet`'s exercise, counted from 1, and how many exercises the workout has.
    public var exercise: Int
    public var exercises: Int

    public var isComplete: Bool { nextSet == nil }

    /// "Bench Press — set 3 of 4, 8 × 80 kg" for the set that comes next; nil when complete.
    public func nextSetDescription(_ messages: Messages) -> String? { nextSet?.description(messages) }
}

extension StepProgress {
    /// Steps of a plain strength workout only: sets by reps (with or without a weight) and plain rests.
    public var isPlainStrength: Bool {
        steps.allSatisfy { step in
            switch step.role {
            case .work: step.seconds == nil && step.group == nil && !step.countsRounds && step.name != nil
            case .rest: step.name == nil && step.seconds != nil
            case .getReady, .warmUp, .coolDown: false
            }
        }
    }
}

extension NextSet {
    /// The set a strength step asks for.
    init(_ step: WorkoutStep) {
        self.init(
            exercise: step.name ?? "", set: step.set ?? 1, sets: step.sets ?? 1, reps: step.reps, weight: step.weight,
            unit: step.weight == nil ? nil : step.unit, plates: step.plates)
    }
}

extension Session {
    /// Whether this session is a plain strength workout, spoken of as sets and rests (`StrengthView`).
    public var speaksAsStrength: Bool { kind == .strength && stepProgress?.isPlainStrength == true }

    /// Where a plain strength workout stands at `now`; nil for every other session.
    public func strengthView(at now: Date) -> StrengthView? {
        guard speaksAsStrength, let progress = stepProgress, let position = stepPosition(at: now) else { return nil }
        let steps = progress.steps
        var names: [String] = []
        for step in steps where step.isWork && !names.contains(step.name ?? "") { names.append(step.name ?? "") }
        var view = StrengthView(
            nextSet: nil, restStartedAt: nil, restUntil: nil, phaseStart: position.began, restAfterNextSet: nil, totalSetsDone: setsDone(at: now),
            totalSets: progress.totalSets, exercise: names.count, exercises: names.count)
        var index = position.step
        if index < steps.count, steps[index].role == .rest {
            view.restStartedAt = position.began
            view.restUntil = position.began.addingTimeInterval(steps[index].seconds ?? 0)
            index += 1
        }
        guard let set = steps[min(index, steps.count)...].firstIndex(where: \.isWork) else { return view }
        view.nextSet = NextSet(steps[set])
        view.exercise = (names.firstIndex(of: steps[set].name ?? "") ?? 0) + 1
        if set + 1 < steps.count, steps[set + 1].role == .rest { view.restAfterNextSet = steps[set + 1].seconds }
        return view
    }
}

extension StepProgress {
    /// `exercises` with the weights this session planned for them (overrides and the kit applied when it
    /// started): what its sets are weighed against for more weight next time.
    public func planned(_ exercises: [Exercise]) -> [Exercise] {
        exercises.map { exercise in
            guard let step = steps.first(where: { $0.isWork && $0.name == exercise.name }) else { return exercise }
            var planned = exercise
            planned.weight = step.weight
            planned.unit = step.unit ?? exercise.unit
            return planned
        }
    }
}
