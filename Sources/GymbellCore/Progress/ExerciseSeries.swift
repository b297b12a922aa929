import FoundationEssentials

/// One exercise's progress as the window's Progress page draws it: per session its best — the best
/// estimated one-rep maximum (Epley, `PersonalRecords.estimate`) for a lift with weight, the most reps
/// for a body-weight exercise, the longest hold for a timed one — and the work of each of the last
/// `weeks` weeks, aligned on the person's week start in their time zone. Warm-up sets count for
/// neither; failed sets count for reps and holds as done, not for the estimate (as for records). Pure.
public struct ExerciseSeries: Equatable, Sendable {
    /// What the line measures.
    public enum Measure: String, Equatable, Sendable {
        /// Kilograms (shown in the person's unit).
        case estimatedOneRepMax
        /// Reps in one set.
        case reps
        /// Seconds held in one set.
        case hold
    }

    /// A session's best, at the instant of its first set of the exercise.
    public struct Point: Equatable, Sendable {
        public var at: Date
        public var session: SessionID
        /// Kilograms, reps or seconds, by `measure`.
        public var value: Double
    }

    /// A week of the exercise's work, first day `start` (the person's week start).
    public struct Week: Equatable, Sendable {
        public var start: LocalDay
        /// Σ reps × kg (warm-ups left out).
        public var volumeKilograms: Double
        public var reps: Int
        public var seconds: Int
        public var sets: Int

        /// The week's work in `measure`'s terms: kilograms lifted, reps done or seconds held.
        public func amount(_ measure: Measure) -> Double {
            switch measure {
            case .estimatedOneRepMax: volumeKilograms
            case .reps: Double(reps)
            case .hold: Double(seconds)
            }
        }
    }

    public static let defaultWeeks = 12

    public let exercise: String
    public let measure: Measure
    /// Oldest first; sessions after `now` are left out.
    public let points: [Point]
    /// `weeks` weeks, oldest first; the last is the one holding `now`.
    public let weekly: [Week]

    /// - Parameters:
    ///   - sets: the set log (any exercises; only `exercise`'s are read).
    ///   - weekStart: the first day of the person's week.
    public init(exercise: String, sets: [LoggedSet], now: Date, timeZone: Zone, weekStart: Weekday = .mon, weeks: Int = defaultWeeks) {
        let mine = sets.filter { $0.exercise == exercise && !$0.warmUp && $0.at <= now }
        let measure = Self.measure(of: mine)
        self.exercise = exercise
        self.measure = measure
        points = Self.points(mine, measure)
        weekly = Self.weeks(mine, count: max(1, weeks), now: now, timeZone: timeZone, weekStart: weekStart)
    }

    /// The exercises with something to draw, by name: what the Progress page chooses from.
    public static func exercises(in sets: [LoggedSet]) -> [String] {
        Set(sets.filter { !$0.warmUp && value(of: $0, measure(of: [$0])) != nil }.map(\.exercise)).sorted()
    }

    /// A weight with reps counts first; else a hold; else reps.
    static func measure(of sets: [LoggedSet]) -> Measure {
        if sets.contains(where: PersonalRecords.counts) { return .estimatedOneRepMax }
        if sets.contains(where: PersonalRecords.isHold) { return .hold }
        return .reps
    }

    /// What a set is worth on the line, nil when it has nothing to say there.
    static func value(of set: LoggedSet, _ measure: Measure) -> Double? {
        switch measure {
        case .estimatedOneRepMax: PersonalRecords.counts(set) ? PersonalRecords.estimate(set) : nil
        case .hold: PersonalRecords.isHold(set) ? Double(set.seconds ?? 0) : nil
        case .reps: (set.reps ?? 0) > 0 ? Double(set.reps ?? 0) : nil
        }
    }

    private static func points(_ sets: [LoggedSet], _ measure: Measure) -> [Point] {
        var best: [SessionID: Point] = [:]
        for set in sets {
            guard let value = value(of: set, measure) else { continue }
            var point = best[set.session] ?? Point(at: set.at, session: set.session, value: value)
            point.at = min(point.at, set.at)
            point.value = max(point.value, value)
            best[set.session] = point
        }
        return best.values.sorted { ($0.at, $0.session.rawValue) < ($1.at, $1.session.rawValue) }
    }

    private static func weeks(_ sets: [LoggedSet], count: Int, now: Date, timeZone: Zone, weekStart: Weekday) -> [Week] {
        let current = LocalDay(containing: now, in: timeZone).startOfWeek(weekStart)
        let first = current.adding(days: -7 * (count - 1))
        var weeks = (0..<count).map { Week(start: first.adding(days: 7 * $0), volumeKilograms: 0, reps: 0, seconds: 0, sets: 0) }
        for set in sets {
            let index = (LocalDay(containing: set.at, in: timeZone).daysSinceEpoch - first.daysSinceEpoch) / 7
            guard LocalDay(containing: set.at, in: timeZone) >= first, index < count else { continue }
            weeks[index].volumeKilograms += set.volumeKilograms
            weeks[index].reps += set.reps ?? 0
            weeks[index].seconds += set.seconds ?? 0
            weeks[index].sets += 1
        }
        return weeks
    }
}

extension LocalDay {
    /// The first day of the week holding this day, for a week that begins on `weekStart`.
    public func startOfWeek(_ weekStart: Weekday) -> LocalDay {
        let days = Weekday.allCases
        let back = ((days.firstIndex(of: weekday) ?? 0) - (days.firstIndex(of: weekStart) ?? 0) + 7) % 7
        return adding(days: -back)
    }
}
