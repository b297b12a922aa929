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

    /// How far back the engine looks for the latest starts (a habit of years ago says nothing now).
    public static let horizon: TimeInterval = 400 * 86_400

    /// Per weekday, seconds since local midnight of the first session of each of the latest
    /// `sampleSize` days on it (latest first), from sessions started before `now` and, with `since`, not
    /// before it: read backwards from `now`, in time linear in the days it looks at.
    public func latestStarts(_ sessions: SessionMarks, now: Date, since: Date? = nil, in timeZone: Zone) -> [Weekday: [Int]] {
        var starts: [Weekday: [Int]] = [:]
        var index = sessions.countStarted(atOrBefore: now)
        var day: LocalDay?
        var first: Date?
        func close() {
            guard let day, let first, starts[day.weekday, default: []].count < max(0, sampleSize) else { return }
            // Wall-clock seconds since midnight: 18:00 is 64800 on a DST day too.
            starts[day.weekday, default: []].append(LocalTime(of: first, in: timeZone).secondsSinceMidnight)
        }
        while index > 0 {
            index -= 1
            let start = sessions.marks[index].startedAt
            if let since, start < since { break }
            let startDay = LocalDay(containing: start, in: timeZone)
            if startDay != day {
                close()
                if starts.count == 7, starts.values.allSatisfy({ $0.count >= sampleSize }) { return starts }
                day = startDay
            }
            first = start  // going back: the day's earliest so far
        }
        close()
        return starts
    }

    /// The usual start on `weekday`, from sessions started before `now`; nil with too few.
    public func usualStart(on weekday: Weekday, history: [HistoryEntry], now: Date, in timeZone: Zone) -> LocalTime? {
        usualStart(latestStarts(SessionMarks(entries: history), now: now, in: timeZone)[weekday] ?? [])
    }

    /// The usual start from a weekday's latest starts; nil with too few.
    public func usualStart(_ starts: [Int]) -> LocalTime? {
        guard starts.count >= max(1, minimumSamples) else { return nil }
        return Self.median(starts)
    }

    /// The daily reminder's time on `weekday`: `auto_lead` before the usual start with `time = "auto"`
    /// (not before midnight), else — and while nothing is learned — the fixed `time`.
    public func reminderTime(
        on weekday: Weekday, settings: DailyReminderSettings, history: [HistoryEntry], now: Date, in timeZone: Zone
    ) -> LocalTime {
        reminderTime(settings: settings, starts: latestStarts(SessionMarks(entries: history), now: now, in: timeZone)[weekday] ?? [])
    }

    /// The daily reminder's time on a weekday with these latest starts.
    public func reminderTime(settings: DailyReminderSettings, starts: [Int]) -> LocalTime {
        guard settings.autoTime, let usual = usualStart(starts) else { return settings.time }
        return Self.localTime(secondsSinceMidnight: max(0, usual.secondsSinceMidnight - Int(settings.autoLead.rounded())))
    }

    /// Every weekday, Monday first.
    public func suggestions(settings: DailyReminderSettings, history: [HistoryEntry], now: Date, in timeZone: Zone) -> [Suggestion] {
        suggestions(settings: settings, starts: latestStarts(SessionMarks(entries: history), now: now, in: timeZone))
    }

    public func suggestions(settings: DailyReminderSettings, starts: [Weekday: [Int]]) -> [Suggestion] {
        Weekday.allCases.map { weekday in
            let latest = starts[weekday] ?? []
            return Suggestion(
                weekday: weekday, usualStart: usualStart(latest), samples: latest.count,
                reminderTime: reminderTime(settings: settings, starts: latest))
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
