import FoundationEssentials

/// Issue 47's weekly summary: what a week of training came to — the workouts done, the kilograms
/// lifted, the records set and the streak — from the week's history, sets and records as the state
/// database keeps them (read by the daemon when the summary is due: `Effect.readWeek`).
public struct WeekSummary: Codable, Hashable, Sendable {
    /// Workouts done in the week (completed, rest timers aside: the window's "This week").
    public var workouts: Int
    /// Σ reps × kg of the week's sets (lb converted), whole kilograms.
    public var kilograms: Int
    /// Records set in the week (`[progress] record_min_percent`).
    public var records: Int
    /// The streak at the summary (TrainingStats.streak).
    public var streak: Int

    public init(workouts: Int, kilograms: Int, records: Int, streak: Int) {
        self.workouts = workouts
        self.kilograms = kilograms
        self.records = records
        self.streak = streak
    }

    /// The week `span` from what was read: entries and sets outside it are left out.
    public init(_ reading: WeekReading, records timeline: [PersonalRecord], streak: Int, timeZone: Zone) {
        let span = reading.span
        workouts = TrainingStats.workouts(reading.entries, from: span.first, through: span.last, now: span.end, timeZone: timeZone)
        let sets = reading.sets.filter { span.contains($0.at, in: timeZone) }
        kilograms = Int(sets.volumeKilograms.rounded())
        records = timeline.count { span.contains($0.set.at, in: timeZone) }
        self.streak = streak
    }

    /// "Your week" / "4 workouts · 12 340 kg lifted · 2 new records · a 9-day streak"; a week without a
    /// workout gets a kind word, not a row of zeros.
    public func text(_ messages: Messages) -> Messages.Text {
        let title = messages("Your week")
        guard workouts > 0 else {
            let streakLine = streak > 0
                ? messages("Your streak still stands: {n} training day.", plural: "Your streak still stands: {n} training days.", count: streak,
                           ["n": String(streak)])
                : nil
            let rest = messages("No workout this week — that happens. A new week is a fresh start.")
            return (title, [rest, streakLine].compactMap { $0 }.joined(separator: "\n"))
        }
        var parts = [messages("{n} workout", plural: "{n} workouts", count: workouts, ["n": String(workouts)])]
        if kilograms > 0 { parts.append(messages("{n} kg lifted", ["n": Messages.grouped(kilograms)])) }
        if records > 0 { parts.append(messages("{n} new record", plural: "{n} new records", count: records, ["n": String(records)])) }
        if streak > 0 {
            parts.append(messages("a {n}-day streak", plural: "a {n}-day streak", count: streak, ["n": String(streak)]))
        }
        return (title, parts.joined(separator: " · "))
    }
}

/// The week a summary looks back on: the seven local days ending with the slot's day, up to `end`.
public struct WeekSpan: Equatable, Sendable {
    /// The slot's day (the summary's, e.g. a Sunday): the week is `first` through it.
    public var last: LocalDay
    /// Up to this instant (the summary's): later sessions belong to the next week.
    public var end: Date
    public var first: LocalDay { last.adding(days: -6) }

    public init(last: LocalDay, end: Date) {
        self.last = last
        self.end = end
    }

    /// The week's first instant.
    public func start(in timeZone: Zone) -> Date { first.instant(at: LocalTime(hour: 0, minute: 0)!, in: timeZone) }

    public func contains(_ instant: Date, in timeZone: Zone) -> Bool {
        let day = LocalDay(containing: instant, in: timeZone)
        return instant <= end && day >= first && day <= last
    }
}

/// What the daemon read from the state database for a week's summary.
public struct WeekReading: Equatable, Sendable {
    public var span: WeekSpan
    /// The sessions since the week's start.
    public var entries: [HistoryEntry]
    /// The sets logged since the week's start.
    public var sets: [LoggedSet]
    /// The records timeline of the sessions before the latest (`StoreChange.keepRecords`).
    public var earlier: [RecordCandidate]

    public init(span: WeekSpan, entries: [HistoryEntry], sets: [LoggedSet], earlier: [RecordCandidate]) {
        self.span = span
        self.entries = entries
        self.sets = sets
        self.earlier = earlier
    }
}
