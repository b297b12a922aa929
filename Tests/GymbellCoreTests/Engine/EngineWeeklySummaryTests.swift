import Foundation
import Testing
@testable import GymbellCore

/// Issue 47's weekly summary through the engine: "Your week" at `weekly_summary` (Sunday 19:00 by
/// default) with the week's workouts and streak, once a week across restarts and the clock set back,
/// held through Do Not Disturb, none with `false` or in private mode.
@Suite("Engine: the weekly summary")
struct EngineWeeklySummaryTests {
    /// Monday, Wednesday and Friday plan a one-round HIIT; the daily reminder is off so only the summary speaks.
    static let config = """
        [reminders]
        enabled = false
        rest_after_days = 0
        streak_warning = false
        milestones = false

        [program]
        mon = "go"
        wed = "go"
        fri = "go"

        [workouts.go]
        title = "Go"
        kind = "hiit"
        rounds = 1
        work = 10
        rest = 0

        """

    static func summaries(_ world: EngineHarness) -> [(Date, String, String)] {
        world.shown.filter { $0.kind == .reminder(.weeklySummary) }.map { ($0.at, $0.title, $0.body) }
    }

    /// Trains at 07:00 on each of `days` (March 2026, Berlin: the 2nd is a Monday).
    static func train(_ world: inout EngineHarness, days: [Int]) {
        for day in days {
            world.advance(to: instant(String(format: "2026-03-%02dT07:00:00+01:00", day)))
            _ = world.command(.start(workout: "go"))
            world.advance(by: 60)
        }
    }

    @Test func sundayEveningOnceWithTheWeeksWorkoutsAndStreak() throws {
        // A first run on Monday morning: last Sunday's slot is long past, passed over.
        var world = try EngineHarness(Self.config, at: "2026-03-02T06:00:00+01:00")
        #expect(Self.summaries(world).isEmpty)
        #expect(world.state.daily.weeklySummaryDay == LocalDay(year: 2026, month: 3, day: 1))
        Self.train(&world, days: [2, 4, 6])
        world.advance(to: instant("2026-03-08T18:59:00+01:00"))
        let before = Self.summaries(world).count
        world.advance(to: instant("2026-03-08T23:00:00+01:00"))
        let shown = Self.summaries(world).dropFirst(before)
        #expect(shown.map(\.0) == [instant("2026-03-08T19:00:00+01:00")])
        #expect(shown.first?.1 == "Your week")
        #expect(shown.first?.2 == "3 workouts · a 3-day streak")
        #expect(world.state.daily.weeklySummaryDay == LocalDay(year: 2026, month: 3, day: 8))
        // The rest of the week and the next Sunday morning: nothing more; the next Sunday evening: one more.
        world.advance(to: instant("2026-03-15T18:00:00+01:00"))
        #expect(Self.summaries(world).count == before + 1)
        world.advance(to: instant("2026-03-15T19:30:00+01:00"))
        #expect(Self.summaries(world).count == before + 2)
        #expect(Self.summaries(world).last?.2 == "No workout this week — that happens. A new week is a fresh start.")
    }

    @Test func aRestartOrTheClockSetBackDoesNotShowItAgain() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-07T12:00:00+01:00")
        world.advance(to: instant("2026-03-08T19:10:00+01:00"))
        #expect(Self.summaries(world).count == 1)
        // Restarted the same evening with the state as stored: not again.
        let stored = StoredState(agenda: world.state.agenda, sessions: world.state.sessions, daily: world.state.daily)
        var restarted = try EngineHarness(Self.config, at: "2026-03-08T19:20:00+01:00", stored: stored)
        restarted.advance(to: instant("2026-03-08T23:00:00+01:00"))
        #expect(Self.summaries(restarted).isEmpty)
        // The clock set back a week: that earlier Sunday is not shown either.
        var back = try EngineHarness(Self.config, at: "2026-03-01T19:05:00+01:00", stored: stored)
        back.advance(to: instant("2026-03-01T23:00:00+01:00"))
        #expect(Self.summaries(back).isEmpty)
        // Asleep all Sunday evening, back on Monday: passed over, kept as handled.
        var asleep = try EngineHarness(Self.config, at: "2026-03-07T12:00:00+01:00")
        asleep.jump(to: instant("2026-03-09T08:00:00+01:00"))
        #expect(Self.summaries(asleep).isEmpty)
        #expect(asleep.state.daily.weeklySummaryDay == LocalDay(year: 2026, month: 3, day: 8))
    }

    @Test func heldThroughDoNotDisturbAndShownWhenItEnds() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-08T18:00:00+01:00", told: [.doNotDisturb(true)])
        world.advance(to: instant("2026-03-08T19:30:00+01:00"))
        #expect(Self.summaries(world).isEmpty)
        #expect(world.state.held.map(\.kind) == [.weeklySummary])
        world.send(.doNotDisturb(false))
        #expect(Self.summaries(world).map(\.0) == [instant("2026-03-08T19:30:00+01:00")])
        #expect(world.state.agenda.count == 0)  // taken by the server: gone from the agenda
    }

    @Test(arguments: [
        ("weekly_summary = false", nil), ("private = true", nil), ("weekly_summary = \"Mon 07:30\"", "2026-03-09T07:30:00+01:00"),
        ("weekly_summary = true", "2026-03-08T19:00:00+01:00"),
    ] as [(String, String?)])
    func offPrivateOrAnotherTime(_ line: String, _ expected: String?) throws {
        let config = Self.config.replacingOccurrences(of: "milestones = false", with: "milestones = false\n\(line)")
        var world = try EngineHarness(config, at: "2026-03-07T12:00:00+01:00")
        world.advance(to: instant("2026-03-10T12:00:00+01:00"))
        #expect(Self.summaries(world).map(\.0) == [expected].compactMap { $0.map(instant) })
        if expected == nil { #expect(!world.effects.contains { if case .readWeek = $0 { true } else { false } }) }
    }

    @Test func aClickOpensTheWindowOrElseTheReport() throws {
        for installed in [true, false] {
            var world = try EngineHarness(Self.config, at: "2026-03-08T18:00:00+01:00", windowInstalled: installed)
            world.advance(to: instant("2026-03-08T19:00:00+01:00"))
            let reminder = try #require(world.presented.first { $0.kind == .weeklySummary })
            let notice = ReminderNotice.make(for: reminder, server: .unknown, sessionRunning: false, windowInstalled: installed, messages: .english)
            #expect(notice.actions.map(\.key) == ["default"])
            let outcome = world.send(.action(on: .reminder(reminder), key: "default"))
            #expect(outcome.effects.contains(installed ? .openWindow(.progress) : .openReport(exercise: nil)))
        }
    }
}

/// The summary's figures and words: the week's sets and records only, a kind line for an empty week.
@Suite("Weekly summary: figures and text")
struct WeekSummaryTests {
    static let span = WeekSpan(last: LocalDay(year: 2026, month: 3, day: 8)!, end: instant("2026-03-08T19:00:00+01:00"))

    static func set(_ at: String, reps: Int, kg: Double, warmUp: Bool = false) -> LoggedSet {
        LoggedSet(session: SessionID("s-\(at)"), exercise: "Squat", setNumber: 1, reps: reps, weight: kg, at: instant(at), warmUp: warmUp)
    }

    static func entry(_ at: String, kind: SessionKind = .strength, outcome: HistoryEntry.Outcome = .completed) -> HistoryEntry {
        HistoryEntry(id: SessionID("s-\(at)"), title: "W", kind: kind, startedAt: instant(at), outcome: outcome)
    }

    @Test func onlyTheWeeksWorkoutsSetsAndRecordsCount() {
        let entries = [
            Self.entry("2026-03-01T10:00:00+01:00"),  // the Sunday before: last week
            Self.entry("2026-03-02T00:00:00+01:00"), Self.entry("2026-03-05T18:00:00+01:00"),
            Self.entry("2026-03-06T18:00:00+01:00", kind: .rest), Self.entry("2026-03-07T18:00:00+01:00", outcome: .stopped),
            Self.entry("2026-03-08T18:30:00+01:00"), Self.entry("2026-03-08T19:30:00+01:00"),  // after the summary: next week
        ]
        let sets = [
            Self.set("2026-03-01T23:59:00+01:00", reps: 100, kg: 100),  // last week
            Self.set("2026-03-02T00:00:00+01:00", reps: 5, kg: 100), Self.set("2026-03-05T18:10:00+01:00", reps: 10, kg: 1234),
            Self.set("2026-03-05T18:11:00+01:00", reps: 5, kg: 60, warmUp: true),  // a warm-up lifts no volume
            Self.set("2026-03-08T18:40:00+01:00", reps: 10, kg: 20).withUnit(.lb),
        ]
        let records = [
            PersonalRecord(kind: .heaviest, set: sets[0], previous: sets[0]), PersonalRecord(kind: .heaviest, set: sets[2], previous: sets[1]),
            PersonalRecord(kind: .estimatedOneRepMax, set: sets[2], previous: sets[1]),
        ]
        let summary = WeekSummary(WeekReading(span: Self.span, entries: entries, sets: sets, earlier: []), records: records, streak: 9, timeZone: berlin)
        #expect(summary == WeekSummary(workouts: 3, kilograms: 500 + 12_340 + 91, records: 2, streak: 9))
        #expect(summary.text(.english) == ("Your week", "3 workouts · 12\u{202F}931 kg lifted · 2 new records · a 9-day streak"))
    }

    @Test(arguments: [
        (WeekSummary(workouts: 1, kilograms: 0, records: 0, streak: 1), "1 workout · a 1-day streak"),
        (WeekSummary(workouts: 4, kilograms: 12_340, records: 1, streak: 0), "4 workouts · 12\u{202F}340 kg lifted · 1 new record"),
        (WeekSummary(workouts: 0, kilograms: 0, records: 0, streak: 0), "No workout this week — that happens. A new week is a fresh start."),
        (WeekSummary(workouts: 0, kilograms: 0, records: 0, streak: 4),
         "No workout this week — that happens. A new week is a fresh start.\nYour streak still stands: 4 training days."),
    ] as [(WeekSummary, String)])
    func words(_ summary: WeekSummary, _ body: String) {
        #expect(summary.text(.english).body == body)
    }
}

extension LoggedSet {
    fileprivate func withUnit(_ unit: WeightUnit) -> LoggedSet {
        var set = self
        set.unit = unit
        return set
    }
}

extension EngineWeeklySummaryTests {
    @Test func theFirstLookOfAllShowsNoneTheNextWeekDoes() throws {
        // Installed on a Sunday evening: no summary of a week gymbell did not see; the next Sunday's comes.
        var world = try EngineHarness(Self.config, at: "2026-03-08T19:30:00+01:00")
        #expect(Self.summaries(world).isEmpty)
        #expect(world.state.daily.weeklySummaryDay == LocalDay(year: 2026, month: 3, day: 8))
        world.advance(to: instant("2026-03-15T19:30:00+01:00"))
        #expect(Self.summaries(world).map(\.0) == [instant("2026-03-15T19:00:00+01:00")])
    }
}
