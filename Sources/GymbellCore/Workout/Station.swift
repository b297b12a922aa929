import FoundationEssentials

/// One exercise of a home workout as the config names it: a circuit's station, a named interval, a
/// warm-up or cool-down movement. It is done for a number of reps (the person says Done) or for a time
/// (it ends by itself); a weight is optional (body weight without).
public struct Station: Codable, Hashable, Sendable {
    public var name: String
    public var reps: Int?
    /// A timed station: held or done this long (a plank, 40 s of mountain climbers).
    public var seconds: TimeInterval?
    public var weight: Double?
    public var unit: String?

    public init(name: String, reps: Int? = nil, seconds: TimeInterval? = nil, weight: Double? = nil, unit: String? = nil) {
        self.name = name
        self.reps = reps
        self.seconds = seconds
        self.weight = weight
        self.unit = unit
    }
}

/// `kind = "circuit"`: `rounds` × the stations in order, a rest between stations and a longer one
/// between rounds ("3 rounds: 10 push-ups, 15 squats, 30 s plank").
public struct CircuitPlan: Codable, Hashable, Sendable {
    public var rounds: Int
    public var stations: [Station]
    /// Between two stations of a round; 0: straight on.
    public var rest: TimeInterval
    /// Between two rounds (instead of `rest`).
    public var roundRest: TimeInterval

    public init(rounds: Int, stations: [Station], rest: TimeInterval, roundRest: TimeInterval) {
        self.rounds = rounds
        self.stations = stations
        self.rest = rest
        self.roundRest = roundRest
    }
}

/// `kind = "amrap"`: as many rounds as possible of the stations within `cap`; each round is counted
/// with Done.
public struct AmrapPlan: Codable, Hashable, Sendable {
    public var cap: TimeInterval
    public var stations: [Station]

    public init(cap: TimeInterval, stations: [Station]) {
        self.cap = cap
        self.stations = stations
    }
}

/// What a workout does around its main part: a get-ready count before the first work, and a warm-up
/// and a cool-down (each a list of movements; `warm_up = "5m"` is one movement called "Warm-up").
public struct WorkoutFrame: Codable, Hashable, Sendable {
    /// nil: the kind's default (10 s for circuits, AMRAPs and named intervals; none for the rest, whose
    /// timelines stay as they always were).
    public var getReady: TimeInterval?
    public var warmUp: [Station]
    public var coolDown: [Station]

    public init(getReady: TimeInterval? = nil, warmUp: [Station] = [], coolDown: [Station] = []) {
        self.getReady = getReady
        self.warmUp = warmUp
        self.coolDown = coolDown
    }

    public static let none = WorkoutFrame()
    public var isEmpty: Bool { self == .none }
    /// The get-ready count when the file gives none.
    public static let defaultGetReady: TimeInterval = 10
}

extension Exercise {
    /// The rest after set `index` (0-based): the last one given for later sets, 0 when none is (a
    /// superset's exercise that goes straight on to the next).
    public func rest(after index: Int) -> TimeInterval {
        rest.isEmpty ? 0 : rest[min(max(0, index), rest.count - 1)]
    }
}

extension WorkoutDefinition {
    /// The workout with its strength exercises at the weights planned for the next session (`overrides`),
    /// rounded to the kit.
    public func applying(_ overrides: [String: WeightOverride], kit: Kit? = nil) -> WorkoutDefinition {
        guard case .strength(let exercises) = kind else { return self }
        var workout = self
        workout.kind = .strength(exercises: WeightOverride.apply(overrides, to: exercises, kit: kit))
        return workout
    }
}
