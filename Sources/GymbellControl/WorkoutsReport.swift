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

    /// One programme (issue 47): `[program]` ("program") or a `[programs.NAME]`.
    public struct Programme: Codable, Equatable, Sendable {
        public var name: String
        public var title: String
        /// Weekday ("mon" … "sun") → workout name.
        public var days: [String: String]
        /// Its first day ("2026-11-02") and length, when it has them.
        public var start: String?
        public var weeks: Int?
        public var priority: Int
        /// It plans nothing outside its weeks (a `[programs.NAME]` with a span).
        public var endsWithSpan: Bool

        public init(_ programme: GymbellCore.Programme) {
            name = programme.name
            title = programme.title
            days = Dictionary(uniqueKeysWithValues: programme.days.map { ($0.key.rawValue, $0.value) })
            start = programme.span?.start.description
            weeks = programme.span?.weeks
            priority = programme.priority
            endsWithSpan = programme.endsWithSpan
        }

        /// Core's programme again (days or a start that do not read are left out).
        public var programme: GymbellCore.Programme {
            let weekdays = WorkoutsReport.weekdays(days)
            let span = start.flatMap(LocalDay.init(isoDate:)).flatMap { start in weeks.map { ProgramSpan(start: start, weeks: $0) } }
            return GymbellCore.Programme(name: name, title: title, days: weekdays, span: span, priority: priority, endsWithSpan: endsWithSpan)
        }
    }

    /// By title, then name.
    public var workouts: [Workout]
    /// Weekday ("mon" … "sun") → workout name of `[program]`; a day not listed is a rest day there.
    public var program: [String: String]
    /// Every programme, first by priority (issue 47); absent from daemons before it: then `program` alone.
    public var programmes: [Programme]?

    public init(workouts: [Workout], program: [String: String], programmes: [Programme]? = nil) {
        self.workouts = workouts
        self.program = program
        self.programmes = programmes
    }

    /// "mon" … "sun" → workout, as Core keys it (days that do not read are left out).
    static func weekdays(_ days: [String: String]) -> [Weekday: String] {
        var weekdays: [Weekday: String] = [:]
        for (day, workout) in days { if let weekday = Weekday(rawValue: day) { weekdays[weekday] = workout } }
        return weekdays
    }

    /// The programmes as Core plans with them: which workouts a day holds.
    public var plan: ProgrammePlan {
        guard let programmes else { return ProgrammePlan(main: Self.weekdays(program)) }
        return ProgrammePlan(programmes.map(\.programme))
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
        programmes = config.plan.programmes.map(Programme.init)
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }

    public static func decode(jsonText: String) throws -> WorkoutsReport { try ISO8601.decode(WorkoutsReport.self, jsonText: jsonText) }
}
