import FoundationEssentials

/// One step of a workout's timeline (issue 44): every kind of workout is a sequence of these. A step
/// is done for reps (it waits for Done) or for a time (it ends by itself); rests, the get-ready count,
/// warm-up and cool-down are steps too.
public struct WorkoutStep: Codable, Hashable, Sendable {
    public enum Role: String, Codable, Sendable, CaseIterable {
        case getReady = "get_ready"
        case warmUp = "warm_up"
        case work
        case rest
        case coolDown = "cool_down"
    }

    public var role: Role
    /// The exercise (work, warm-up, cool-down) or what a rest is (a walk/run's "Walk"); nil for a plain rest.
    public var name: String?
    public var reps: Int?
    /// A timed step lasts this long and ends by itself; nil: it waits for Done.
    public var seconds: TimeInterval?
    public var weight: Double?
    public var unit: String?
    /// Set `set` of `sets` of its exercise (strength).
    public var set: Int?
    public var sets: Int?
    /// Round `round` of `rounds` (circuits, intervals).
    public var round: Int?
    public var rounds: Int?
    /// The superset it belongs to ("A").
    public var group: String?
    /// An AMRAP's work: Done counts a round and the step runs on to its time cap.
    public var countsRounds: Bool
    /// "20 + 10": the plates per side the kit loads its weight with (`Kit.platesText`).
    public var plates: String?

    public init(
        _ role: Role, name: String? = nil, reps: Int? = nil, seconds: TimeInterval? = nil, weight: Double? = nil, unit: String? = nil,
        set: Int? = nil, sets: Int? = nil, round: Int? = nil, rounds: Int? = nil, group: String? = nil, countsRounds: Bool = false,
        plates: String? = nil
    ) {
        self.plates = plates
        self.role = role
        self.name = name
        self.reps = reps
        self.seconds = seconds
        self.weight = weight
        self.unit = unit
        self.set = set
        self.sets = sets
        self.round = round
        self.rounds = rounds
        self.group = group
        self.countsRounds = countsRounds
    }

    /// Ends by itself.
    public var isTimed: Bool { seconds != nil }
    /// A step whose doing is logged as a set: work, not warm-up, rest or get-ready.
    public var isWork: Bool { role == .work }
    /// A step of the main part or its frame that the person does (not a rest or the get-ready count).
    public var isExercise: Bool { role == .work || role == .warmUp || role == .coolDown }

    /// "Mountain climbers — 40 s", "Push-ups — 10 reps", "Goblet squat — 12 × 16 kg", "Rest — 15 s",
    /// "Get ready — 10 s", "Warm-up: Jumping jacks — 1 min".
    public func label(_ messages: Messages) -> String {
        let what: String
        switch role {
        case .getReady: what = messages("Get ready")
        case .rest: what = name ?? messages("Rest")
        case .work: what = name ?? messages("Work")
        case .warmUp: what = name.map { messages("Warm-up: {exercise}", ["exercise": $0]) } ?? messages("Warm-up")
        case .coolDown: what = name.map { messages("Cool-down: {exercise}", ["exercise": $0]) } ?? messages("Cool-down")
        }
        guard let target = target(messages) else { return what }
        return "\(what) — \(target)"
    }

    /// "40 s", "10 reps", "12 × 16 kg", "45 s × 10 kg"; nil for a step with neither reps nor a time.
    public func target(_ messages: Messages) -> String? {
        let plated = { (text: String) in self.plates.map { messages("{load} ({plates} per side)", ["load": text, "plates": $0]) } ?? text }
        let load = weight.map { " × " + plated((WeightUnit(configured: unit) ?? .kg).text($0)) } ?? ""
        if let seconds { return DurationText.human(seconds) + load }
        guard let reps else { return weight.map { plated((WeightUnit(configured: unit) ?? .kg).text($0)) } }
        return load.isEmpty ? messages.reps(reps) : "\(reps)\(load)"
    }

    /// "Round 2 of 3", "Set 2 of 4"; nil when the step has neither.
    public func position(_ messages: Messages) -> String? {
        if let round, let rounds, rounds > 1 {
            return messages("Round {n} of {count}", ["n": String(round), "count": String(rounds)])
        }
        if let set, let sets {
            return messages("Set {n} of {count}", ["n": String(set), "count": String(sets)])
        }
        return nil
    }
}
