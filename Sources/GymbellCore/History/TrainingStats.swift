import FoundationEssentials

/// Streak and counts for `gymbell stats`, the milestones and the rest-day advice, from the history at `now`.
///
/// A session counts for the local day it started on, whatever its kind or outcome: starting one is
/// what "trained that day" means. Sessions that start after `now` are ignored.
public struct TrainingStats: Equatable, Sendable {
    /// Consecutive planned training days with a session, counting back from today. Today counts once
    /// trained, and an untrained today does not break the streak yet; a planned rest day neither
    /// breaks nor extends it; a missed training day breaks it. An empty program makes every day a
    /// training day.
    public var streak: Int
    /// Sessions started in this ISO week (Monday to Sunday, local).
    public var sessionsThisWeek: Int
    /// Sessions started in this calendar month (local).
    public var sessionsThisMonth: Int
    /// Consecutive days with a session, whatever the program says, ending today when trained today and
    /// yesterday otherwise (for the rest-day advice).
    public var consecutiveTrainingDays: Int

    public init(streak: Int, sessionsThisWeek: Int, sessionsThisMonth: Int, consecutiveTrainingDays: Int) {
        self.streak = streak
        self.sessionsThisWeek = sessionsThisWeek
        self.sessionsThisMonth = sessionsThisMonth
        self.consecutiveTrainingDays = consecutiveTrainingDays
    }

    public init(entries: [HistoryEntry], program: [Weekday: String], now: Date, timeZone: Zone) {
        let started = entries.filter { $0.startedAt <= now }
        let days = TrainingDays(entries: started, timeZone: timeZone)
        let today = LocalDay(containing: now, in: timeZone)
        streak = days.streak(endingOn: today, program: program)
        consecutiveTrainingDays = days.consecutiveDays(endingOn: today)

        let monday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        let thisWeek = monday...monday.adding(days: 6)
        let (year, month, _) = today.civil
        var week = 0
        var monthCount = 0
        for entry in started {
            let day = LocalDay(containing: entry.startedAt, in: timeZone)
            if thisWeek.contains(day) { week += 1 }
            let civil = day.civil
            if civil.year == year, civil.month == month { monthCount += 1 }
        }
        sessionsThisWeek = week
        sessionsThisMonth = monthCount
    }
}

/// The local days on which at least one session started.
struct TrainingDays {
    let days: Set<LocalDay>
    let earliest: LocalDay?

    init(entries: [HistoryEntry], timeZone: Zone) {
        days = Set(entries.map { LocalDay(containing: $0.startedAt, in: timeZone) })
        earliest = days.min()
    }

    func contains(_ day: LocalDay) -> Bool { days.contains(day) }

    static func isTrainingDay(_ day: LocalDay, program: [Weekday: String]) -> Bool {
        program.isEmpty || program[day.weekday] != nil
    }

    func streak(endingOn today: LocalDay, program: [Weekday: String]) -> Int {
        guard let earliest else { return 0 }
        var streak = 0
        var day = today
        while day >= earliest {
            if Self.isTrainingDay(day, program: program) {
                if days.contains(day) {
                    streak += 1
                } else if day != today {
                    break
                }
            }
            day = day.adding(days: -1)
        }
        return streak
    }

    /// The longest streak up to `today`, counted as `streak(endingOn:program:)` counts one: a planned
    /// rest day neither breaks nor extends it, a missed training day before today breaks it.
    func longestStreak(endingOn today: LocalDay, program: [Weekday: String]) -> Int {
        guard let earliest, earliest <= today else { return 0 }
        var longest = 0
        var run = 0
        var day = earliest
        while day <= today {
            if Self.isTrainingDay(day, program: program) {
                if days.contains(day) {
                    run += 1
                    longest = max(longest, run)
                } else if day != today {
                    run = 0
                }
            }
            day = day.adding(days: 1)
        }
        return longest
    }

    func consecutiveDays(endingOn today: LocalDay) -> Int {
        var day = days.contains(today) ? today : today.adding(days: -1)
        var count = 0
        while days.contains(day) {
            count += 1
            day = day.adding(days: -1)
        }
        return count
    }
}
