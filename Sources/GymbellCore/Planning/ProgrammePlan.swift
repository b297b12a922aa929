import FoundationEssentials

/// One programme: the workout of each weekday, for good or for a number of weeks (issue 47: a
/// strength programme and a running plan followed at once). `[program]` is one; each
/// `[programs.NAME]` is another.
public struct Programme: Equatable, Sendable {
    /// The config's name: "program" for `[program]`, NAME for `[programs.NAME]`.
    public var name: String
    /// What a person calls it ("Running plan"); the name where the file gives none.
    public var title: String
    /// Weekday → a workout's name (a key of `[workouts]`). Weekdays left out are rest days.
    public var days: [Weekday: String]
    /// `start` and `weeks`: numbers its weeks ("Week 3 of 8").
    public var span: ProgramSpan?
    /// 1 comes first: its workout is the one a day's reminder names first and Start Workout starts.
    public var priority: Int
    /// A `[programs.NAME]` with a span plans nothing before its start or after its last week;
    /// `[program]` keeps going after its weeks, as it always has (only its weeks stop being numbered).
    public var endsWithSpan: Bool

    public static let mainName = "program"

    public init(
        name: String, title: String? = nil, days: [Weekday: String], span: ProgramSpan? = nil, priority: Int = 1,
        endsWithSpan: Bool = true
    ) {
        self.name = name
        self.title = title ?? name
        self.days = days
        self.span = span
        self.priority = priority
        self.endsWithSpan = endsWithSpan
    }

    /// `[program]`: for good, its span only numbering weeks.
    public static func main(_ days: [Weekday: String], span: ProgramSpan? = nil, priority: Int = 1) -> Programme {
        Programme(name: mainName, title: nil, days: days, span: span, priority: priority, endsWithSpan: false)
    }

    /// Whether it runs on `day` (within its weeks, where it ends with them).
    public func runs(on day: LocalDay) -> Bool {
        guard endsWithSpan, let span else { return true }
        return span.week(of: day) != nil
    }

    /// The workout it plans on `day`, if any.
    public func workout(on day: LocalDay) -> String? {
        guard let name = days[day.weekday], runs(on: day) else { return nil }
        return name
    }
}

/// A workout a programme plans for a day.
public struct PlannedWorkout: Hashable, Sendable {
    /// The workout's name in `[workouts]`.
    public var workout: String
    /// The programme's name (`Programme.name`).
    public var programme: String
    /// The programme's span, for "Week 3 of 8".
    public var span: ProgramSpan?
}

/// Every programme of the config, first by priority: which workouts each day holds, whether a day is a
/// training day (the streak, "streak at risk", the weekly summary). A dictionary literal is one
/// `[program]`, as before several could be written.
public struct ProgrammePlan: Equatable, Sendable, ExpressibleByDictionaryLiteral {
    /// In priority order (ties: `[program]` first, then as given).
    public let programmes: [Programme]

    public init(_ programmes: [Programme]) {
        self.programmes = programmes.enumerated()
            .sorted { ($0.element.priority, $0.offset) < ($1.element.priority, $1.offset) }
            .map(\.element)
    }

    /// One `[program]`.
    public init(main days: [Weekday: String], span: ProgramSpan? = nil) {
        self.init(days.isEmpty && span == nil ? [] : [.main(days, span: span)])
    }

    public init(dictionaryLiteral elements: (Weekday, String)...) {
        self.init(main: Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// No programme plans any weekday: every day may be a training day (nothing is a rest day).
    public var isEmpty: Bool { programmes.allSatisfy(\.days.isEmpty) }

    /// More than one programme plans workouts.
    public var isSeveral: Bool { programmes.filter { !$0.days.isEmpty }.count > 1 }

    /// The workouts planned on `day`, first by priority; a workout two programmes plan that day is
    /// named once (the first's).
    public func workouts(on day: LocalDay) -> [PlannedWorkout] {
        var planned: [PlannedWorkout] = []
        for programme in programmes {
            guard let workout = programme.workout(on: day), !planned.contains(where: { $0.workout == workout }) else { continue }
            planned.append(PlannedWorkout(workout: workout, programme: programme.name, span: programme.span))
        }
        return planned
    }

    /// The first workout planned on `day` (what Start Workout starts).
    public func workout(on day: LocalDay) -> String? {
        for programme in programmes {
            if let workout = programme.workout(on: day) { return workout }
        }
        return nil
    }

    /// The first workout a programme plans on `weekday`, whatever its weeks (what `suggest` names).
    public func workout(onWeekday weekday: Weekday) -> String? {
        programmes.lazy.compactMap { $0.days[weekday] }.first
    }

    /// A day the programmes plan a workout on, or any day when none plans a weekday.
    public func isTrainingDay(_ day: LocalDay) -> Bool {
        isEmpty || workout(on: day) != nil
    }

    /// The programme named `name`.
    public func programme(named name: String) -> Programme? { programmes.first { $0.name == name } }
}
