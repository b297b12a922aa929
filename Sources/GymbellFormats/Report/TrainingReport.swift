import FoundationEssentials
import GymbellCore

/// The figures `gymbell report` draws, from the history and the set log at `now` in a time zone:
/// the training calendar of the last `weeks` weeks, the volume of each of those weeks, every
/// exercise's best sets and records, and the streaks. Pure: nothing here reads a clock or a file.
public struct TrainingReport: Sendable {
    /// One day of the calendar: what was done on it.
    public struct Day: Hashable, Sendable {
        public var day: LocalDay
        /// Sessions started that day (any kind: a rest timer counts as `gymbell stats` counts it).
        public var sessions: Int
        /// Their titles, each once, in the order first started.
        public var titles: [String]
        /// Sets logged that day.
        public var sets: Int
        /// Σ reps × kg of the sets logged that day.
        public var volumeKilograms: Double

        /// The colour step, 0 (nothing) to 4: by sets logged (1–5, 6–11, 12–17, 18 or more); a day with
        /// sessions but no sets (HIIT, walk/run) is step 1.
        public var level: Int {
            guard sessions > 0 || sets > 0 else { return 0 }
            return 1 + TrainingReport.setSteps.count { sets >= $0 }
        }
    }

    /// A week of the volume chart, Monday to Sunday (local).
    public struct Week: Hashable, Sendable {
        public var monday: LocalDay
        public var volumeKilograms: Double
        public var sets: Int
        public var sessions: Int
    }

    /// An exercise's best: what the records table and the exercise's own section show.
    public struct ExerciseSummary: Sendable {
        public var exercise: String
        /// The HTML id of its section ("exercise-bench-press"): `report.html#exercise-bench-press`.
        public var anchor: String
        /// The set with the best estimated one-rep maximum, and that estimate in kg.
        public var best: LoggedSet
        public var estimatedOneRepMaxKilograms: Double
        /// The heaviest set (most reps among equally heavy ones).
        public var heaviest: LoggedSet
        /// Each session's best estimated one-rep maximum in kg, oldest first (the section's line).
        public var progression: [(at: Date, kilograms: Double)]
        /// The records set over time (`PersonalRecords.timeline`), oldest first.
        public var records: [PersonalRecord]
        /// Sets logged and their volume within the report's weeks.
        public var setsInRange: Int
        public var volumeInRangeKilograms: Double

        /// The best estimated one-rep maximum in the best set's own unit.
        public var estimatedOneRepMax: Double { estimatedOneRepMaxKilograms / best.unit.kilograms(1) }
    }

    /// Where the sets-per-day colour steps begin (above step 1).
    public static let setSteps = [6, 12, 18]
    /// `--weeks`.
    public static let weekRange: ClosedRange<Int> = 1...104

    public let weeks: Int
    public let now: Date
    public let timeZone: Zone
    public let today: LocalDay
    /// The Monday the calendar begins on; it ends with today (the days after it are not drawn).
    public let firstDay: LocalDay
    /// Every day from `firstDay` to today, in order.
    public let days: [Day]
    /// `weeks` weeks, oldest first; the last is the current one.
    public let weekly: [Week]
    /// Every exercise with a counted set (reps and weight, not failed), by name.
    public let exercises: [ExerciseSummary]
    /// The longest hold of each timed exercise, by name (`RecordsReport.holds`).
    public let holds: [LoggedSet]
    /// Each AMRAP workout's most rounds (`RecordsReport.rounds`).
    public let rounds: [RoundsBest]
    /// `gymbell stats`' figures from the same history and program.
    /// `reminders`: the daemon's count of the daily reminders (`gymbell report` sets it from `stats`).
    public var stats: StatsReport
    /// The longest run of planned training days with a session, counted as `stats.streak` is.
    public let longestStreak: Int

    /// - Parameters:
    ///   - history: the sessions (all of them for the streaks; those before `firstDay` are not drawn).
    ///   - sets: the set log (all of it for the records).
    ///   - program: the programmes, for the streaks (a planned rest day does not break one).
    ///   - recordMinPercent: `[progress] record_min_percent`, for the records timeline.
    public init(
        history: [HistoryEntry], sets: [LoggedSet], program: ProgrammePlan, weeks: Int, now: Date, timeZone: Zone,
        recordMinPercent: Double = ProgressSettings().recordMinPercent
    ) {
        let sets = sets.filter { $0.at <= now }
        self.init(
            history: history, setsInWeeks: sets,
            records: RecordsReport(
                bests: PersonalRecords.bests(sets), records: PersonalRecords.timeline(sets, minPercent: recordMinPercent),
                holds: PersonalRecords.holds(sets),
                rounds: RoundsBest.bests(history.filter { $0.startedAt <= now }).values.sorted { $0.workout < $1.workout }),
            volumeKilograms: sets.volumeKilograms, program: program, weeks: weeks, now: now, timeZone: timeZone)
    }

    /// The report from what the daemon keeps (issue 33): the sets of the weeks drawn (any before them
    /// are left out; the progression lines are theirs), every exercise's bests and records of the
    /// whole log (`RecordsReport`), and the volume of every set logged.
    public init(
        history: [HistoryEntry], setsInWeeks sets: [LoggedSet], records: RecordsReport, volumeKilograms: Double,
        program: ProgrammePlan, weeks: Int, now: Date, timeZone: Zone
    ) {
        let weeks = min(max(weeks, Self.weekRange.lowerBound), Self.weekRange.upperBound)
        let history = history.filter { $0.startedAt <= now }
        let sets = sets.filter { $0.at <= now }
        self.weeks = weeks
        self.now = now
        self.timeZone = timeZone
        let today = LocalDay(containing: now, in: timeZone)
        self.today = today
        let thisMonday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        let firstDay = thisMonday.adding(days: -7 * (weeks - 1))
        self.firstDay = firstDay
        let range = firstDay...today

        var byDay: [LocalDay: Day] = [:]
        for entry in history.sorted(by: { $0.startedAt < $1.startedAt }) {
            let day = LocalDay(containing: entry.startedAt, in: timeZone)
            guard range.contains(day) else { continue }
            byDay[day, default: Day(day: day, sessions: 0, titles: [], sets: 0, volumeKilograms: 0)].sessions += 1
            if byDay[day]?.titles.contains(entry.title) == false { byDay[day]?.titles.append(entry.title) }
        }
        for set in sets {
            let day = LocalDay(containing: set.at, in: timeZone)
            guard range.contains(day) else { continue }
            byDay[day, default: Day(day: day, sessions: 0, titles: [], sets: 0, volumeKilograms: 0)].sets += 1
            byDay[day]?.volumeKilograms += set.volumeKilograms
        }
        let days = (0...(today.daysSinceEpoch - firstDay.daysSinceEpoch)).map { offset in
            let day = firstDay.adding(days: offset)
            return byDay[day] ?? Day(day: day, sessions: 0, titles: [], sets: 0, volumeKilograms: 0)
        }
        self.days = days
        weekly = (0..<weeks).map { index in
            let monday = firstDay.adding(days: 7 * index)
            // `days` runs day by day from `firstDay`, a Monday: week `index` is its slice.
            let week = days[min(days.count, 7 * index)..<min(days.count, 7 * index + 7)]
            return Week(
                monday: monday, volumeKilograms: week.reduce(0) { $0 + $1.volumeKilograms }, sets: week.reduce(0) { $0 + $1.sets },
                sessions: week.reduce(0) { $0 + $1.sessions })
        }

        // Grouped once by exercise: each step below is one pass over the log.
        var recordsOf: [String: [PersonalRecord]] = [:]
        for record in records.records where record.set.at <= now { recordsOf[record.exercise, default: []].append(record) }
        var setsOf: [String: [LoggedSet]] = [:]
        for set in sets { setsOf[set.exercise, default: []].append(set) }
        let bests = records.bests
        let anchors = ReportAnchors(exercises: bests.map(\.exercise))
        exercises = bests.map { best in
            let mine = setsOf[best.exercise] ?? []
            let inRange = mine.filter { range.contains(LocalDay(containing: $0.at, in: timeZone)) }
            return ExerciseSummary(
                exercise: best.exercise, anchor: anchors[best.exercise], best: best.bestEstimate,
                estimatedOneRepMaxKilograms: best.estimatedOneRepMaxKilograms, heaviest: best.heaviest,
                progression: Self.progression(of: mine), records: recordsOf[best.exercise] ?? [],
                setsInRange: inRange.count, volumeInRangeKilograms: inRange.volumeKilograms)
        }
        holds = records.holds.filter { $0.at <= now }
        rounds = records.rounds.filter { $0.startedAt <= now }
        stats = StatsReport(history: history, program: program, now: now, timeZone: timeZone, volumeKilograms: volumeKilograms)
        longestStreak = TrainingDays(entries: history, timeZone: timeZone).longestStreak(endingOn: today, program: program)
    }

    /// The days drawn in week column `week` (0 = the first), Monday first; the current week stops at today.
    public func days(ofWeek week: Int) -> ArraySlice<Day> {
        let start = week * 7
        guard start < days.count else { return [] }
        return days[start..<min(start + 7, days.count)]
    }

    /// Each session's best estimated one-rep maximum (kg) among the counted sets, in time order.
    static func progression(of sets: [LoggedSet]) -> [(at: Date, kilograms: Double)] {
        var order: [SessionID] = []
        var best: [SessionID: (at: Date, kilograms: Double)] = [:]
        for set in sets.sorted(by: { $0.at < $1.at }) where PersonalRecords.counts(set) {
            let estimate = PersonalRecords.estimate(set)
            if let known = best[set.session] {
                if estimate > known.kilograms { best[set.session] = (known.at, estimate) }
            } else {
                order.append(set.session)
                best[set.session] = (set.at, estimate)
            }
        }
        return order.compactMap { best[$0] }
    }
}

/// The HTML ids of the exercises' sections: "exercise-" and the name in lower case with every run of
/// other characters than letters and digits as one "-" ("Bench Press" → "exercise-bench-press"). Two
/// names that come out the same are told apart by "-2", "-3" … in name order.
public struct ReportAnchors: Sendable {
    private var ids: [String: String] = [:]

    public init(exercises: [String]) {
        var taken = Set<String>()
        for exercise in exercises.sorted() where ids[exercise] == nil {
            let base = Self.anchor(forExercise: exercise)
            var id = base
            var n = 2
            while !taken.insert(id).inserted {
                id = "\(base)-\(n)"
                n += 1
            }
            ids[exercise] = id
        }
    }

    public subscript(exercise: String) -> String { ids[exercise] ?? Self.anchor(forExercise: exercise) }

    /// The id an exercise's section has when no other name comes out the same: what a link into the
    /// report (`report.html#exercise-bench-press`) uses.
    public static func anchor(forExercise name: String) -> String {
        var slug = ""
        var pendingDash = false
        for character in name.lowercased() {
            if character.isLetter || character.isNumber {
                if pendingDash, !slug.isEmpty { slug.append("-") }
                pendingDash = false
                slug.append(character)
            } else {
                pendingDash = true
            }
        }
        return "exercise-" + (slug.isEmpty ? "unnamed" : slug)
    }
}
