import Foundation
import Testing
@testable import GymbellCore

@Suite("Milestones right after a session completes")
struct MilestoneTests {
    /// Sessions on `count` consecutive days ending with `last`, the last one being the one that completes.
    static func dailyRun(_ count: Int, endingOn last: String, zone: Zone, time: LocalTime = LocalTime(hour: 18, minute: 0)!) -> [HistoryEntry] {
        let lastDay = day(last)
        return (0..<count).map { offset in
            let start = lastDay.adding(days: offset - count + 1).instant(at: time, in: zone)
            return HistoryEntry(id: SessionID("d\(offset)"), workout: "push", title: "Push Day", kind: .strength,
                                startedAt: start, endedAt: start.addingTimeInterval(1800), outcome: .completed, setsDone: 10)
        }
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let history: [HistoryEntry]
        let program: ProgrammePlan
        let expected: [Milestone]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Berlin: 7th day in a row across the spring-forward Sunday", zone: berlin,
             history: dailyRun(7, endingOn: "2026-03-30", zone: berlin), program: [:], expected: [.streak(7)]),
        Case(name: "Berlin: 6th day is nothing", zone: berlin,
             history: dailyRun(6, endingOn: "2026-03-30", zone: berlin), program: [:], expected: []),
        Case(name: "New York: 30 days in a row across fall back, and the 50th completed workout at once, batched",
             zone: newYork,
             history: dailyRun(20, endingOn: "2026-10-01", zone: newYork).map { var e = $0; e.id = SessionID("old-\(e.id)"); return e }
                + dailyRun(30, endingOn: "2026-11-10", zone: newYork),
             program: [:], expected: [.streak(30), .workoutsCompleted(50)]),
        Case(name: "Kolkata: 60 days is a milestone (every 30 after 30)", zone: kolkata,
             history: dailyRun(60, endingOn: "2026-06-30", zone: kolkata), program: [:], expected: [.streak(60)]),
        Case(name: "Kolkata: the 10th completed workout", zone: kolkata,
             history: dailyRun(10, endingOn: "2026-06-30", zone: kolkata), program: [:], expected: [.workoutsCompleted(10)]),
        Case(name: "Berlin: a Mon/Wed/Fri streak of 7 spans rest days", zone: berlin,
             history: [
                "2026-03-16", "2026-03-18", "2026-03-20", "2026-03-23", "2026-03-25", "2026-03-27", "2026-03-30",
             ].enumerated().map { index, text in
                let start = day(text).instant(at: LocalTime(hour: 7, minute: 0)!, in: berlin)
                return HistoryEntry(id: SessionID("d\(index)"), title: "Push Day", kind: .strength, startedAt: start, outcome: .completed)
             }, program: monWedFri, expected: [.streak(7)]),
    ]

    @Test("milestones reached by the last session", arguments: cases)
    func reached(_ c: Case) throws {
        let last = try #require(c.history.max { $0.startedAt < $1.startedAt })
        let now = last.startedAt.addingTimeInterval(1800)
        let reached = MilestoneRule.reached(byCompleting: last.id, history: c.history, program: c.program, now: now, timeZone: c.zone)
        #expect(reached == c.expected)
    }

    /// Sessions on Mondays and Thursdays for `weeks` weeks ending with the week of `lastMonday`,
    /// leaving out the weeks in `gaps` (counted back from the last, 0 = the last week).
    static func twiceAWeek(_ weeks: Int, lastMonday: String, gaps: Set<Int> = []) -> [HistoryEntry] {
        let last = day(lastMonday)
        return (0..<weeks).reversed().filter { !gaps.contains($0) }.flatMap { back in
            [0, 3].map { offset in
                let start = last.adding(days: -7 * back + offset).instant(at: LocalTime(hour: 18, minute: 0)!, in: berlin)
                return HistoryEntry(id: SessionID("w\(back)-\(offset)"), title: "Run", kind: .walkrun, startedAt: start,
                                    endedAt: start.addingTimeInterval(1800), outcome: .completed)
            }
        }
    }

    @Test func thirteenRegularWeeksInARowAreThreeMonthsOfRegularTraining() throws {
        for (history, expected) in [
            (Self.twiceAWeek(13, lastMonday: "2026-06-29"), [Milestone.consistency(weeks: 13)]),
            (Self.twiceAWeek(14, lastMonday: "2026-06-29", gaps: [5]), []),  // a week with one session breaks the run
            (Self.twiceAWeek(12, lastMonday: "2026-06-29"), []),
        ] {
            let last = try #require(history.max { $0.startedAt < $1.startedAt })
            let reached = MilestoneRule.reached(
                byCompleting: last.id, history: history, program: [:], now: last.startedAt.addingTimeInterval(1800), timeZone: berlin)
            #expect(reached.filter { if case .consistency = $0 { true } else { false } } == expected)
        }
        #expect([13, 26, 52, 104].allSatisfy(Milestone.isConsistencyMilestone))
        #expect(![12, 14, 39, 78].contains(where: Milestone.isConsistencyMilestone))
    }

    @Test func liftingPastAVolumeMarkIsCelebratedWithTheWorkout() {
        let start = instant("2026-03-02T18:00:00+01:00")
        let earlier = (0..<19).map { n in  // 19 × 5 × 100 kg = 9 500 kg
            LoggedSet(session: SessionID("old"), exercise: "Squat", setNumber: n + 1, reps: 5, weight: 100, at: start.addingTimeInterval(Double(n - 100)))
        }
        let today = [
            LoggedSet(session: SessionID("now"), exercise: "Squat", setNumber: 1, reps: 5, weight: 100, failed: true, at: start),
            LoggedSet(session: SessionID("now"), exercise: "Bench", setNumber: 1, reps: 2, weight: 110, unit: .lb, at: start),
        ]
        let history = [HistoryEntry(id: SessionID("now"), title: "Legs", kind: .strength, startedAt: start, outcome: .completed)]
        let progress = ProgressSummary(earlier + today)
        let reached = MilestoneRule.reached(
            byCompleting: SessionID("now"), history: history, program: [:], now: start.addingTimeInterval(60), timeZone: berlin,
            volume: (before: progress.volumeKilograms(before: SessionID("now")), after: progress.volumeKilograms))
        #expect(reached.contains(.volume(10_000)))  // 9 500 + 500 (a failed set was still lifted) + 99.8
        #expect(Milestone.volumeMarks(from: 24_000, to: 51_000) == [25_000, 50_000])
        #expect(Milestone.volumeMarks(from: 100_000, to: 300_000) == [200_000, 300_000])
        #expect(Milestone.volumeMarks(from: 500, to: 9_999).isEmpty)
    }

    @Test func theNewMilestonesSpeakEnglishAndGerman() throws {
        let german = try TranslationCatalogTests.messages("de.po")
        let all: [Milestone] = [.volume(10_000), .consistency(weeks: 13), .consistency(weeks: 52), .consistency(weeks: 104)]
        #expect(Messages.english.progress.milestones(all)?.body == """
            10\u{202F}000 kg lifted in total! 🏋️
            3 months of regular training! 📅
            A year of regular training! 📅
            2 years of regular training! 📅
            """)
        #expect(german.progress.milestones([.volume(100_000), .consistency(weeks: 26)])?.body
            == "100\u{202F}000 kg insgesamt gestemmt! 🏋️\n6 Monate regelmäßiges Training! 📅")
    }

    @Test func aSecondSessionTheSameDayReachesNothing() {
        var history = Self.dailyRun(7, endingOn: "2026-03-30", zone: berlin)
        let second = HistoryEntry(id: SessionID("again"), title: "HIIT", kind: .hiit, startedAt: instant("2026-03-30T20:00:00+02:00"),
                                  outcome: .completed)
        history.append(second)
        #expect(MilestoneRule.reached(byCompleting: second.id, history: history, program: [:],
                                      now: instant("2026-03-30T20:30:00+02:00"), timeZone: berlin) == [])
    }

    @Test func aSessionStoppedEarlierThatDayDoesNotTakeTheCelebration() {
        // Day 7 began with a stopped session (the day counts for the streak), then one completed.
        var history = Self.dailyRun(6, endingOn: "2026-03-29", zone: berlin)
        history.append(HistoryEntry(id: SessionID("stopped"), title: "HIIT", kind: .hiit, startedAt: instant("2026-03-30T07:00:00+02:00"),
                                    endedAt: instant("2026-03-30T07:05:00+02:00"), outcome: .stopped))
        let completed = HistoryEntry(id: SessionID("done"), title: "HIIT", kind: .hiit, startedAt: instant("2026-03-30T18:00:00+02:00"),
                                     endedAt: instant("2026-03-30T18:20:00+02:00"), outcome: .completed)
        history.append(completed)
        #expect(MilestoneRule.reached(byCompleting: completed.id, history: history, program: [:],
                                      now: instant("2026-03-30T18:20:00+02:00"), timeZone: berlin) == [.streak(7)])
    }

    @Test func aSessionThatDidNotCompleteReachesNothing() {
        var history = Self.dailyRun(7, endingOn: "2026-03-30", zone: berlin)
        history[6].outcome = .stopped
        #expect(MilestoneRule.reached(byCompleting: history[6].id, history: history, program: [:],
                                      now: instant("2026-03-30T20:30:00+02:00"), timeZone: berlin) == [])
    }

    @Test func oneReminderForEverything() throws {
        let session = SessionID("s1")
        let now = instant("2026-11-10T18:30:00-05:00")
        let batched = try #require(MilestoneRule.reminder(for: [.streak(30), .workoutsCompleted(50)], session: session, at: now))
        #expect(batched.title == "Milestones reached 🏆")
        #expect(batched.body == "30 training days in a row! 🔥\n50 workouts completed! 💪")
        #expect(batched.due == now)
        #expect(batched.id == ReminderID("s1-milestone"))
        #expect(batched.kind == .milestone)
        #expect(ReminderNotice.make(for: batched, server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english).actions.map(\.key) == ["default"])
        let single = try #require(MilestoneRule.reminder(for: [.streak(7)], session: session, at: now))
        #expect((single.title, single.body) == ("Milestone reached 🏆", "7 training days in a row! 🔥"))
        #expect(MilestoneRule.reminder(for: [], session: session, at: now) == nil)
    }

    @Test("which streaks and counts are milestones", arguments: [
        (1, false, false), (7, true, false), (10, false, true), (14, false, false), (30, true, false), (50, false, true),
        (60, true, false), (90, true, false), (100, false, true), (150, true, false), (200, false, true), (250, false, false),
    ])
    func thresholds(n: Int, streak: Bool, count: Bool) {
        #expect(Milestone.isStreakMilestone(n) == streak)
        #expect(Milestone.isWorkoutCountMilestone(n) == count)
    }
}
