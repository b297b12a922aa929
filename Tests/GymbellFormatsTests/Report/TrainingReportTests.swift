import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// Three weeks of training in Berlin, seen on Wednesday 18 March 2026 at 20:00: the figures of
/// `gymbell report`, worked out by hand.
enum ReportFixture {
    static let now = instant("2026-03-18T20:00:00+01:00")
    static let program: ProgrammePlan = [.mon: "push", .wed: "push", .fri: "hiit20"]

    static func session(_ id: String, _ start: String, title: String = "Push Day", kind: SessionKind = .strength) -> HistoryEntry {
        let started = instant(start)
        return HistoryEntry(
            id: SessionID(id), workout: kind == .strength ? "push" : "hiit20", title: title, kind: kind, startedAt: started,
            endedAt: started.addingTimeInterval(3600), outcome: .completed)
    }

    static let history = [
        session("s0", "2026-02-20T18:00:00+01:00"),  // before the calendar: counts for records and streaks only
        session("s1", "2026-03-02T18:00:00+01:00"),
        session("s2", "2026-03-04T18:00:00+01:00"),
        session("s3", "2026-03-06T07:30:00+01:00", title: "HIIT 20", kind: .hiit),
        session("s4", "2026-03-09T18:00:00+01:00"),
        session("late", "2026-03-11T00:30:00+01:00"),  // Wednesday in Berlin, still Tuesday in UTC
        session("s5", "2026-03-16T18:00:00+01:00"),
        session("s6", "2026-03-18T18:00:00+01:00"),
        session("future", "2026-03-19T18:00:00+01:00"),  // after now: not counted anywhere
    ]

    /// Sets of session `id`, a minute apart from its start.
    static func sets(
        _ id: String, _ exercise: String, _ count: Int, reps: Int, weight: Double, unit: WeightUnit = .kg, failed: Bool = false,
        from minute: Int = 0
    ) -> [LoggedSet] {
        let start = history.first { $0.id == SessionID(id) }!.startedAt
        return (0..<count).map { n in
            LoggedSet(
                session: SessionID(id), workout: "push", exercise: exercise, setNumber: n + 1, reps: reps, plannedReps: reps,
                weight: weight, unit: unit, failed: failed, at: start.addingTimeInterval(Double((minute + n) * 60)))
        }
    }

    static let log: [LoggedSet] =
        sets("s0", "Bench Press", 1, reps: 8, weight: 90)
        + sets("s1", "Bench Press", 3, reps: 8, weight: 100) + sets("s1", "Squat", 2, reps: 5, weight: 225, unit: .lb, from: 10)
        + sets("s2", "Bench Press", 2, reps: 8, weight: 102.5)
        + sets("s4", "Bench Press", 1, reps: 8, weight: 105) + sets("s4", "Bench Press", 1, reps: 6, weight: 105, failed: true, from: 3)
        + sets("s5", "Squat", 3, reps: 5, weight: 235, unit: .lb) + sets("s5", "Deadlift", 4, reps: 5, weight: 140, from: 10)
        + sets("s6", "Bench Press", 1, reps: 3, weight: 110)
        + sets("future", "Bench Press", 1, reps: 8, weight: 200)

    static func report(weeks: Int = 3, timeZone: Zone = berlin) -> TrainingReport {
        TrainingReport(history: history, sets: log, program: program, weeks: weeks, now: now, timeZone: timeZone)
    }
}

@Suite("Training report: the figures")
struct TrainingReportTests {
    @Test func theCalendarRunsFromTheMondayWeeksAgoToToday() {
        let report = ReportFixture.report()
        #expect(report.firstDay == LocalDay(year: 2026, month: 3, day: 2))
        #expect(report.today == LocalDay(year: 2026, month: 3, day: 18))
        #expect(report.days.count == 17)
        #expect(report.days.first?.day.weekday == .mon)
        #expect(report.days(ofWeek: 2).count == 3)  // Monday to today, Wednesday
        #expect(report.days(ofWeek: 3).isEmpty)
    }

    struct DayCase: Sendable, CustomTestStringConvertible {
        let date: (Int, Int, Int)
        let sessions: Int
        let sets: Int
        let level: Int
        var testDescription: String { "\(date)" }
    }

    @Test(arguments: [
        DayCase(date: (2026, 3, 2), sessions: 1, sets: 5, level: 1),
        DayCase(date: (2026, 3, 3), sessions: 0, sets: 0, level: 0),
        DayCase(date: (2026, 3, 6), sessions: 1, sets: 0, level: 1),  // HIIT: a session without sets
        DayCase(date: (2026, 3, 9), sessions: 1, sets: 2, level: 1),  // the failed set is a set done too
        DayCase(date: (2026, 3, 10), sessions: 0, sets: 0, level: 0),
        DayCase(date: (2026, 3, 11), sessions: 1, sets: 0, level: 1),  // 00:30 in Berlin
        DayCase(date: (2026, 3, 16), sessions: 1, sets: 7, level: 2),
        DayCase(date: (2026, 3, 18), sessions: 1, sets: 1, level: 1),
    ])
    func calendarSquaresOfKnownDays(_ expected: DayCase) throws {
        let report = ReportFixture.report()
        let wanted = LocalDay(year: expected.date.0, month: expected.date.1, day: expected.date.2)!
        let day = try #require(report.days.first { $0.day == wanted })
        #expect(day.sessions == expected.sessions)
        #expect(day.sets == expected.sets)
        #expect(day.level == expected.level)
    }

    @Test func aSessionJustAfterMidnightIsOnTheDayOfTheZoneGiven() throws {
        let utc = ReportFixture.report(timeZone: .utc)
        #expect(try #require(utc.days.first { $0.day == LocalDay(year: 2026, month: 3, day: 10) }).sessions == 1)
        #expect(try #require(utc.days.first { $0.day == LocalDay(year: 2026, month: 3, day: 11) }).sessions == 0)
    }

    @Test(arguments: [
        (0, 0, 0), (1, 0, 1), (1, 5, 1), (1, 6, 2), (2, 11, 2), (1, 12, 3), (1, 17, 3), (1, 18, 4), (3, 40, 4), (0, 3, 1),
    ])
    func colourStepsBySetsLogged(_ step: (sessions: Int, sets: Int, level: Int)) {
        let day = TrainingReport.Day(day: LocalDay(daysSinceEpoch: 0), sessions: step.sessions, titles: [], sets: step.sets, volumeKilograms: 0)
        #expect(day.level == step.level)
    }

    @Test func weeklyVolumeIsRepsTimesKilogramsWithPoundsConverted() {
        let report = ReportFixture.report()
        #expect(report.weekly.map(\.monday) == [2, 9, 16].map { LocalDay(year: 2026, month: 3, day: $0)! })
        let pound = 0.45359237
        let expected = [
            3 * 8 * 100 + 2 * 5 * 225 * pound + 2 * 8 * 102.5,  // 5 060.58
            8 * 105 + 6 * 105.0,  // the failed set's 6 reps were lifted too
            3 * 5 * 235 * pound + 4 * 5 * 140 + 3 * 110.0,  // the future session's set is left out
        ]
        for (week, volume) in zip(report.weekly, expected) {
            #expect(abs(week.volumeKilograms - volume) < 1e-9, "\(week.monday)")
        }
        #expect(report.weekly.map(\.sets) == [7, 2, 8])
        #expect(report.weekly.map(\.sessions) == [3, 2, 2])
        #expect(ReportTexts.kilograms(expected[0]) == "5\u{202F}061 kg")
    }

    @Test func recordsTableHasEachExercisesBestSetItsEstimateAndDate() {
        let report = ReportFixture.report()
        let rows = report.exercises.map { summary in
            (summary.exercise, summary.anchor, summary.best.loadText, ReportTexts.oneRepMax(summary),
             LocalDay(containing: summary.best.at, in: berlin).description, summary.heaviest.loadText)
        }
        #expect(rows.map(\.0) == ["Bench Press", "Deadlift", "Squat"])
        #expect(rows.map(\.1) == ["exercise-bench-press", "exercise-deadlift", "exercise-squat"])
        // Epley: 105 × (1 + 8/30) = 133; 140 × (1 + 5/30) = 163.3; 235 lb × (1 + 5/30) = 274.2 lb.
        #expect(rows.map(\.2) == ["8 × 105 kg", "5 × 140 kg", "5 × 235 lb"])
        #expect(rows.map(\.3) == ["133 kg", "163.3 kg", "274.2 lb"])
        #expect(rows.map(\.4) == ["2026-03-09", "2026-03-16", "2026-03-16"])
        #expect(rows.map(\.5) == ["3 × 110 kg", "5 × 140 kg", "5 × 235 lb"])
    }

    @Test func eachExerciseListsTheRecordsItSetAndItsProgression() throws {
        let report = ReportFixture.report()
        let bench = try #require(report.exercises.first { $0.exercise == "Bench Press" })
        #expect(bench.records.map { "\($0.set.loadText) < \($0.previous.loadText)" } == [
            "8 × 100 kg < 8 × 90 kg", "8 × 102.5 kg < 8 × 100 kg", "8 × 105 kg < 8 × 102.5 kg", "3 × 110 kg < 8 × 105 kg",
        ])
        #expect(bench.progression.count == 5)
        #expect(bench.setsInRange == 8)
        let squat = try #require(report.exercises.first { $0.exercise == "Squat" })
        #expect(squat.records.map(\.set.loadText) == ["5 × 235 lb"])
        #expect(try #require(report.exercises.first { $0.exercise == "Deadlift" }).records.isEmpty)
    }

    @Test func streaksCountPlannedTrainingDaysAsStatsDoes() {
        let report = ReportFixture.report()
        // Mon 16 and Wed 18 (today); Fri 13 was missed. Longest: Mon 2, Wed 4, Fri 6, Mon 9, Wed 11.
        #expect(report.stats.streak == 2)
        #expect(report.longestStreak == 5)
        #expect(report.stats.sessionsThisWeek == 2)
        #expect(report.stats.sessionsThisMonth == 7)
        #expect(report.stats.workoutsCompleted == 8)
        // In UTC the 00:30 session is Tuesday's: Wednesday 11 was missed.
        #expect(ReportFixture.report(timeZone: .utc).longestStreak == 4)
    }

    @Test func longestStreakWithoutAProgramCountsEveryDay() {
        let report = TrainingReport(
            history: ReportFixture.history, sets: [], program: [:], weeks: 1, now: ReportFixture.now, timeZone: berlin)
        #expect(report.longestStreak == 1)
        #expect(report.stats.streak == 1)
        #expect(TrainingReport(history: [], sets: [], program: [:], weeks: 1, now: ReportFixture.now, timeZone: berlin).longestStreak == 0)
    }

    @Test func weeksAreKeptWithinOneTo104() {
        #expect(ReportFixture.report(weeks: 0).weeks == 1)
        #expect(ReportFixture.report(weeks: 500).weeks == 104)
        #expect(ReportFixture.report(weeks: 104).days.count == 103 * 7 + 3)
    }

    @Test(arguments: [
        ("Bench Press", "exercise-bench-press"), ("  Romanian  deadlift (RDL) ", "exercise-romanian-deadlift-rdl"),
        ("Überkopfdrücken", "exercise-überkopfdrücken"), ("<script>", "exercise-script"), ("!!!", "exercise-unnamed"),
        ("21s", "exercise-21s"),
    ])
    func anchorsAreLowerCaseWordsJoinedByDashes(name: String, anchor: String) {
        #expect(ReportAnchors.anchor(forExercise: name) == anchor)
    }

    @Test func namesThatComeOutTheSameGetNumberedAnchors() {
        let anchors = ReportAnchors(exercises: ["Bench Press", "bench-press", "Squat"])
        #expect(anchors["Bench Press"] == "exercise-bench-press")
        #expect(anchors["bench-press"] == "exercise-bench-press-2")
        #expect(anchors["Squat"] == "exercise-squat")
    }

    @Test(arguments: [(0.0, 4.0), (3.0, 4.0), (4.0, 4.0), (5.0, 8.0), (12_340, 20_000), (5_060.58, 8_000), (99, 100), (1_000, 1_000)])
    func barScaleEndsOnARoundNumber(value: Double, top: Double) {
        #expect(SVGChart.niceMaximum(value) == top)
    }
}
