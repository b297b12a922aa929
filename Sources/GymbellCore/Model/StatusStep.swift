import FoundationEssentials

/// A workout of steps in `gymbell status` (issue 44): the step now, its round or set, and what comes
/// next. `--json` carries it as the session's "step".
public struct StatusStep: Codable, Equatable, Sendable {
    /// The step's place in the timeline, from 1, and how many steps it has.
    public var number: Int
    public var count: Int
    /// `get_ready`, `warm_up`, `work`, `rest` or `cool_down`.
    public var role: String
    /// The exercise (nil for a plain rest or the get-ready count).
    public var name: String?
    /// "Plank — 30 s", "Push-ups — 10 reps".
    public var label: String
    public var reps: Int?
    /// A timed step's length; nil for a step waiting for Done.
    public var seconds: TimeInterval?
    /// What is left of a timed step (as it stands while paused); nil for a step waiting for Done.
    public var left: TimeInterval?
    public var round: Int?
    public var rounds: Int?
    public var set: Int?
    public var sets: Int?
    /// An AMRAP's rounds counted with Done so far; nil for other steps.
    public var roundsDone: Int?
    /// The label of the step after it; nil for the last.
    public var next: String?
    /// "Plank — 30 s, round 2 of 3 · next: Rest — 15 s".
    public var text: String

    enum CodingKeys: String, CodingKey {
        case number, count, role, name, label, reps, seconds, left, round, rounds, set, sets, next, text
        case roundsDone = "rounds_done"
    }

    /// The step current at `now` of `session`; nil for other sessions, a workout through, and a plain
    /// strength workout (its sets and rests are its phase, as `status` has always said them).
    public init?(_ session: Session, at now: Date, messages: Messages) {
        guard !session.speaksAsStrength, session.intervalPlan == nil, let progress = session.stepProgress, let position = session.stepPosition(at: now),
              position.step < progress.steps.count else { return nil }
        let step = progress.steps[position.step]
        number = position.step + 1
        count = progress.steps.count
        role = step.role.rawValue
        name = step.name
        label = step.label(messages)
        reps = step.reps
        seconds = step.seconds
        let clock = session.pausedAt.map { min($0, now) } ?? now  // a paused step's time stands still
        left = step.seconds.map { max(0, ($0 - clock.timeIntervalSince(position.began)).rounded()) }
        round = step.round
        rounds = step.rounds
        set = step.set
        sets = step.sets
        roundsDone = step.countsRounds ? progress.roundsCounted : nil
        next = session.nextStep(at: now)?.label(messages)
        let phase = Self.phase(step, roundsDone: roundsDone, messages)
        text = next.map { messages("{now} · next: {step}", ["now": phase, "step": $0]) } ?? phase
    }

    /// The step as `status` names it — "Plank — 30 s, round 2 of 3", "AMRAP: … — 12 min, rounds done: 3":
    /// the session's phase (`Session.phase`) and the start of `text`.
    static func phase(_ step: WorkoutStep, roundsDone: Int?, _ messages: Messages) -> String {
        let label = step.label(messages)
        if let round = step.round, let rounds = step.rounds, rounds > 1 {
            return messages("{step}, round {n} of {count}", ["step": label, "n": String(round), "count": String(rounds)])
        } else if let set = step.set, let sets = step.sets {
            return messages("{step}, set {n} of {count}", ["step": label, "n": String(set), "count": String(sets)])
        } else if let roundsDone {
            return messages("{step}, rounds done: {n}", ["step": label, "n": String(roundsDone)])
        }
        return label
    }

    /// Every key written, `null` when it has no value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try container.encode(count, forKey: .count)
        try container.encode(role, forKey: .role)
        try container.encode(name, forKey: .name)
        try container.encode(label, forKey: .label)
        try container.encode(reps, forKey: .reps)
        try container.encode(seconds, forKey: .seconds)
        try container.encode(left, forKey: .left)
        try container.encode(round, forKey: .round)
        try container.encode(rounds, forKey: .rounds)
        try container.encode(set, forKey: .set)
        try container.encode(sets, forKey: .sets)
        try container.encode(roundsDone, forKey: .roundsDone)
        try container.encode(next, forKey: .next)
        try container.encode(text, forKey: .text)
    }
}
