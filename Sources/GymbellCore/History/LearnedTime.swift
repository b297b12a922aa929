import FoundationEssentials

/// Seed 002's learned reminder time: the usual start per weekday is the median local time of day of
/// the latest sessions on that weekday; `time = "auto"` reminds `auto_lead` before it.
///
/// One sample per day, the day's first session: a second session or a rest timer later that day says
/// nothing about when training starts. Times of day are local wall-clock times in the zone given, so
/// an 18:00 habit stays 18:00 across DST. (A habit straddling midnight is not averaged across it.)
public struct LearnedTime: Equatable, Sendable {
    /// How many of the latest days on a weekday the median looks at.
    public var sampleSize: Int
    /// Fewer days than this on a weekday: nothing learned, the fixed time applies.
    public var minimumSamples: Int

    public init(sampleSize: Int = 8, minimumSamples: Int = 3) {
        self.sampleSize = sampleSize
        self.minimumSamples = minimumSamples
    }

    /// What was learned about one weekday (what `gymbell suggest` prints).
    public struct Suggestion: Equatable, Sendable {
        public var weekday: Weekday
        /// The median start; nil with too few samples.
        public var usualStart: LocalTime?
        /// How many days the median was taken over (at most `sampleSize`).
        public var samples: Int
        /// When the daily reminder comes on this weekday.
        public var reminderTime: LocalTime
    }

    /// The usual start on `weekday`, from sessions started before `now`; nil with too few.
    public func usualStart(on weekday: Weekday, history: [HistoryEntry], now: Date, in timeZone: Zone) -> LocalTime? {
        let starts = latestStarts(on: weekday, history: history, now: now, in: timeZone)
        guard starts.count >= max(1, minimumSamples) else { return nil }
        return Self.median(starts)
    }

    /// The daily reminder's time on `weekday`: `auto_lead` before the usual start with `time = "auto"`
    /// (not before midnight), else — and while nothing is learned — the fixed `time`.
    public func reminderTime(
        on weekday: Weekday, settings: DailyReminderSettings, history: [HistoryEntry], now: Date, in timeZone: Zone
    ) -> LocalTime {
        guard settings.autoTime, let usual = usualStart(on: weekday, history: history, now: now, in: timeZone) else {
            return settings.time
        }
        return Self.localTime(secondsSinceMidnight: max(0, usual.secondsSinceMidnight - Int(settings.autoLead.rounded())))
    }

    /// Every weekday, Monday first.
    public func suggestions(settings: DailyReminderSettings, history: [HistoryEntry], now: Date, in timeZone: Zone) -> [Suggestion] {
        Weekday.allCases.map { weekday in
            let starts = latestStarts(on: weekday, history: history, now: now, in: timeZone)
            return Suggestion(
                weekday: weekday,
                usualStart: usualStart(on: weekday, history: history, now: now, in: timeZone),
                samples: starts.count,
                reminderTime: reminderTime(on: weekday, settings: settings, history: history, now: now, in: timeZone))
        }
    }

    /// Seconds since local midnight of the first session of each of the latest `sampleSize` days on `weekday`.
    private func latestStarts(on weekday: Weekday, history: [HistoryEntry], now: Date, in timeZone: Zone) -> [Int] {
        var firstStart: [LocalDay: Date] = [:]
        for entry in history where entry.startedAt <= now {
            let day = LocalDay(containing: entry.startedAt, in: timeZone)
            guard day.weekday == weekday else { continue }
            if let earlier = firstStart[day], earlier <= entry.startedAt { continue }
            firstStart[day] = entry.startedAt
        }
        // Wall-clock seconds since midnight: 18:00 is 64800 on a DST day too.
        return firstStart.sorted { $0.key > $1.key }.prefix(max(0, sampleSize)).map { _, start in
            LocalTime(of: start, in: timeZone).secondsSinceMidnight
        }
    }

    /// The middle value; for an even count the mean of the two middle ones, rounded down to the second.
    static func median(_ seconds: [Int]) -> LocalTime? {
        guard !seconds.isEmpty else { return nil }
        let sorted = seconds.sorted()
        let middle = sorted.count / 2
        let value = sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
        return localTime(secondsSinceMidnight: value)
    }

    static func localTime(secondsSinceMidnight seconds: Int) -> LocalTime {
        let clamped = min(max(0, seconds), 86_399)  // always a valid time of day
        return LocalTime(hour: clamped / 3600, minute: clamped / 60 % 60, second: clamped % 60)!
    }
}
