import GymbellCore

/// What the `Workouts` method answers: the config's workouts and programme as the daemon applies them,
/// so that a client names and offers workouts as the daemon does (the window reads no config file
/// beside the daemon's answer).
public struct WorkoutsReport: Codable, Equatable, Sendable {
    public struct Workout: Codable, Equatable, Sendable {
        /// Its key in the config (`[workouts.NAME]`): what Start and the reminders name it by.
        public var name: String
        public var title: String
        /// "strength", "hiit" or "walkrun" (the session kinds of Status).
        public var kind: String

        public init(name: String, title: String, kind: String) {
            self.name = name
            self.title = title
            self.kind = kind
        }
    }

    /// By title, then name.
    public var workouts: [Workout]
    /// Weekday ("mon" … "sun") → workout name; a day not listed is a rest day.
    public var program: [String: String]

    public init(workouts: [Workout], program: [String: String]) {
        self.workouts = workouts
        self.program = program
    }

    public init(_ config: Config) {
        workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }.map { workout in
            let kind = switch workout.kind {
            case .strength: "strength"
            case .hiit: "hiit"
            case .walkRun: "walkrun"
            case .circuit: "circuit"
            case .amrap: "amrap"
            }
            return Workout(name: workout.name, title: workout.title, kind: kind)
        }
        program = Dictionary(uniqueKeysWithValues: config.program.map { ($0.key.rawValue, $0.value) })
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }

    public static func decode(jsonText: String) throws -> WorkoutsReport { try ISO8601.decode(WorkoutsReport.self, jsonText: jsonText) }
}
