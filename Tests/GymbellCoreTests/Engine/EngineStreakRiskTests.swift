import Foundation
import Testing
@testable import GymbellCore

/// Streak at risk through the engine: the evening warning on a planned training day without a
/// session, once, only for a streak of 3 or more; quiet hours, private mode, off, DST.
@Suite("Engine: streak at risk")
struct EngineStreakRiskTests {
    /// Monday to Friday plan a workout; the reminder itself is off so only the rules speak.
    static let config = """
        [reminders]
        enabled = false
        rest_after_days = 0

        [program]
        mon = "push"
        tue = "push"
        wed = "push"
        thu = "push"
        fri = "push"

        [workouts.push]
        title = "Push Day"
        kind = "hiit"
        rounds = 1
        work = 10
        rest = 0

        """

    static func warnings(_ world: EngineHarness) -> [(Date, String, String)] {
        world.shown.filter { $0.kind == .reminder(.streakAtRisk) }.map { ($0.at, $0.title, $0.body) }
    }

    /// Trains at 07:00 on each of `days` (March 2026, Berlin), letting the session run out.
    static func train(_ world: inout EngineHarness, days: [Int]) {
        for day in days {
            world.advance(to: instant(String(format: "2026-03-%02dT07:00:00+01:00", day)))
            _ = world.command(.start(workout: "push"))
            world.advance(by: 60)
        }
    }

    @Test func warnsOnceInTheEveningOfAnUntrainedPlannedDayAfterThreeInARow() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T12:00:00+01:00")
        Self.train(&world, days: [2, 3, 4])  // Monday to Wednesday
        #expect(world.armed.map { $0 <= instant("2026-03-05T19:00:00+01:00") } == true)
        world.advance(to: instant("2026-03-05T23:59:00+01:00"))  // Thursday, untrained
        let shown = Self.warnings(world)
        #expect(shown.map(\.0) == [instant("2026-03-05T19:00:00+01:00")])
        #expect(shown.first?.1 == "Streak at risk 🔥")
        #expect(shown.first?.2 == "Your 3-day streak ends tonight: Push Day is still planned for today.")
        #expect(world.state.daily.streakWarnedDay == LocalDay(year: 2026, month: 3, day: 5))
        // Its buttons are the daily reminder's: Start Workout starts today's workout.
        let reminder = try #require(world.effects.compactMap { effect -> Reminder? in
            if case .present(let r, _, _, _) = effect, r.kind == .streakAtRisk { return r }
            return nil
        }.first)
        let notice = ReminderNotice.make(for: reminder, server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["default", "start", "snooze"])
        // Friday: the streak broke on Thursday, so nothing to warn about.
        world.advance(to: instant("2026-03-06T23:00:00+01:00"))
        #expect(Self.warnings(world).count == 1)
    }

    @Test func aTrainedDayARestDayOrAShortStreakIsNotWarned() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T12:00:00+01:00")
        Self.train(&world, days: [2, 3, 4, 5])
        world.advance(to: instant("2026-03-05T23:00:00+01:00"))  // Thursday: trained in the morning
        #expect(Self.warnings(world).isEmpty)
        Self.train(&world, days: [6])
        world.advance(to: instant("2026-03-08T23:00:00+01:00"))  // Saturday and Sunday are not planned
        #expect(Self.warnings(world).isEmpty)
        var short = try EngineHarness(Self.config, at: "2026-03-01T12:00:00+01:00")
        Self.train(&short, days: [2, 3])
        short.advance(to: instant("2026-03-04T23:00:00+01:00"))
        #expect(Self.warnings(short).isEmpty)  // 2 days only
    }

    @Test func aRestartAfterItDoesNotWarnAgainAndOneWithinGraceShowsItLate() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T12:00:00+01:00")
        Self.train(&world, days: [2, 3, 4])
        world.advance(to: instant("2026-03-05T19:30:00+01:00"))
        let stored = StoredState(agenda: world.state.agenda, session: world.state.session, history: world.state.history, daily: world.state.daily)
        var restarted = try EngineHarness(Self.config, at: "2026-03-05T19:40:00+01:00", stored: stored)
        restarted.advance(to: instant("2026-03-05T23:00:00+01:00"))
        #expect(Self.warnings(restarted).isEmpty)
        // Down at 19:00, back at 19:30: shown then (within the 2 h late_grace).
        var late = StoredState(history: world.state.history, daily: world.state.daily)
        late.daily.streakWarnedDay = nil
        let back = try EngineHarness(Self.config, at: "2026-03-05T19:30:00+01:00", stored: late)
        #expect(Self.warnings(back).map(\.0) == [instant("2026-03-05T19:30:00+01:00")])
    }

    @Test func quietHoursPassItOverPrivateModeHidesTheWorkoutOffTurnsItOff() throws {
        var quiet = try EngineHarness(Self.config + "[quiet_hours]\nstart = \"18:30\"\nend = \"07:00\"\n", at: "2026-03-01T12:00:00+01:00")
        Self.train(&quiet, days: [2, 3, 4])
        quiet.advance(to: instant("2026-03-06T08:00:00+01:00"))
        #expect(Self.warnings(quiet).isEmpty)
        #expect(quiet.state.daily.streakWarnedDay == LocalDay(year: 2026, month: 3, day: 5))

        var hidden = try EngineHarness(Self.config.replacingOccurrences(of: "rest_after_days = 0", with: "rest_after_days = 0\nprivate = true"),
                                       at: "2026-03-01T12:00:00+01:00")
        Self.train(&hidden, days: [2, 3, 4])
        hidden.advance(to: instant("2026-03-05T23:00:00+01:00"))
        #expect(Self.warnings(hidden).map(\.2) == ["Train today to keep your streak."])

        var off = try EngineHarness(Self.config.replacingOccurrences(of: "rest_after_days = 0", with: "rest_after_days = 0\nstreak_warning = false"),
                                    at: "2026-03-01T12:00:00+01:00")
        Self.train(&off, days: [2, 3, 4])
        off.advance(to: instant("2026-03-05T23:00:00+01:00"))
        #expect(Self.warnings(off).isEmpty)
    }

    @Test func itStandsForThatEveningsRestAdvice() throws {
        var world = try EngineHarness(Self.config.replacingOccurrences(of: "rest_after_days = 0", with: "rest_after_days = 3"),
                                      at: "2026-03-01T12:00:00+01:00")
        Self.train(&world, days: [2, 3, 4])
        world.advance(to: instant("2026-03-05T23:00:00+01:00"))
        #expect(Self.warnings(world).count == 1)
        #expect(!world.shown.contains { $0.kind == .reminder(.restAdvice) })
    }

    @Test func onTheNightTheClocksGoForwardItComesAtItsLocalTime() throws {
        // Berlin springs forward on Sunday 29 March 2026; a programme that trains every day.
        let everyDay = Self.config.replacingOccurrences(of: "fri = \"push\"", with: "fri = \"push\"\nsat = \"push\"\nsun = \"push\"")
        var world = try EngineHarness(everyDay, at: "2026-03-25T12:00:00+01:00")
        for day in [26, 27, 28] {
            world.advance(to: instant("2026-03-\(day)T07:00:00+01:00"))
            _ = world.command(.start(workout: "push"))
            world.advance(by: 60)
        }
        world.advance(to: instant("2026-03-29T23:00:00+02:00"))
        #expect(Self.warnings(world).map(\.0) == [instant("2026-03-29T19:00:00+02:00")])
    }

    @Test func upcomingListsTheNextWarning() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T12:00:00+01:00")
        Self.train(&world, days: [2, 3, 4])
        guard case .success(.upcoming(let entries)) = world.command(.upcoming(days: 2)) else { Issue.record("no upcoming"); return }
        #expect(entries.filter { $0.kind == "streak_at_risk" }.map(\.due) == [instant("2026-03-05T19:00:00+01:00")])
    }
}
