import FoundationEssentials

/// The training calendar the window's Progress page draws: the workouts started on each local day of
/// the last `weeks` weeks, one column a week beginning on the person's week start, in their time zone
/// (a day is a local day: a 23- or 25-hour day of a DST change is one cell). Counted as "This week"
/// counts (`TrainingStats.workouts`): completed sessions, rest timers left out. Pure.
public struct TrainingHeatMap: Equatable, Sendable {
    public struct Day: Equatable, Sendable {
        public var day: LocalDay
        public var workouts: Int
        /// After today: drawn empty, never counted.
        public var isFuture: Bool
    }

    public static let defaultWeeks = 12

    /// `weeks` weeks, oldest first, each seven days from the week start.
    public let weeks: [[Day]]
    public let today: LocalDay

    public init(history: [HistoryEntry], weeks: Int = defaultWeeks, now: Date, timeZone: Zone, weekStart: Weekday = .mon) {
        let count = max(1, weeks)
        let today = LocalDay(containing: now, in: timeZone)
        let first = today.startOfWeek(weekStart).adding(days: -7 * (count - 1))
        var perDay: [LocalDay: Int] = [:]
        for entry in history where entry.kind != .rest && entry.outcome == .completed && entry.startedAt <= now {
            let day = LocalDay(containing: entry.startedAt, in: timeZone)
            if day >= first { perDay[day, default: 0] += 1 }
        }
        self.today = today
        self.weeks = (0..<count).map { week in
            (0..<7).map { offset in
                let day = first.adding(days: 7 * week + offset)
                return Day(day: day, workouts: perDay[day] ?? 0, isFuture: day > today)
            }
        }
    }

    /// Workouts in the whole map.
    public var workouts: Int { weeks.joined().reduce(0) { $0 + $1.workouts } }

    /// Days with at least one workout.
    public var activeDays: Int { weeks.joined().count { $0.workouts > 0 } }

    /// The most workouts on one day (the darkest cell).
    public var busiestDay: Int { weeks.joined().map(\.workouts).max() ?? 0 }

    public var isEmpty: Bool { workouts == 0 }
}
