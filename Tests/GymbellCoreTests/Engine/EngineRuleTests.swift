import Foundation
import Testing
@testable import GymbellCore

/// Seed 002's rules through the engine: paused workout, rest-day advice, milestones, private mode, the
/// strength workout driven from its notification, the storage problem told once.
@Suite("Engine: rules from the history")
struct EngineRuleTests {
    static let strength = """
        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 }]
        """

    @Test func aStrengthWorkoutDrivenByItsNotification() throws {
        var world = try EngineHarness(Self.strength, at: "2026-03-02T10:00:00+01:00")
        let begin = world.now
        #expect(world.command(.start(workout: "push")) == .success(.text("Started Push Day")))
        let session = try #require(world.state.session?.session.id)
        world.send(.action(on: .session(session), key: SessionNotice.setDoneAction))
        #expect(world.state.agenda.map(\.kind) == [.restOver])
        world.advance(by: 60)
        #expect(world.audible(since: begin).last?.1 == "Rest over ⏰")
        #expect(world.shown.last?.body.hasPrefix("Time for your next set! Next: Bench Press") == true)
        #expect(world.command(.setDone) == .success(.text("Workout complete: 2 sets of Push Day")))
        #expect(world.state.session == nil)
        #expect(world.state.history.last?.outcome == .completed)
        #expect(world.state.history.last?.setsDone == 2)
        // Both sets are in the training log as planned: by the button, then by the command.
        #expect(world.sets.map(\.loadText) == ["8 × 80 kg", "8 × 80 kg"])
        #expect(world.sets.map(\.setNumber) == [1, 2])
        #expect(world.sets.allSatisfy { $0.session == session && $0.workout == "push" && !$0.failed && $0.plannedReps == 8 })
        #expect(world.sets.map(\.at) == [begin, begin.addingTimeInterval(60)])
        #expect(world.writes.filter { if case .logSet = $0 { true } else { false } }.count == 2)
        // A click on the lingering notification of the ended session does nothing.
        let before = world.state
        world.send(.action(on: .session(session), key: SessionNotice.setDoneAction))
        #expect(world.state.session == before.session)
        #expect(world.state.history == before.history)
    }

    @Test func setsDoneOtherwiseThanPlannedAreLoggedAsDone() throws {
        var world = try EngineHarness(Self.strength, at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        #expect(world.command(.setDoneAs(SetCorrection(reps: 6, weight: 82.5))) == .success(.text(
            "Logged 6 × 82.5 kg (failed). Set recorded. Rest 1m; next: Bench Press — set 2 of 2, 8 × 80 kg")))
        world.advance(by: 60)
        #expect(world.command(.setDoneAs(.fewerReps)) == .success(.text("Logged 7 × 80 kg (failed). Workout complete: 2 sets of Push Day")))
        #expect(world.sets.map(\.loadText) == ["6 × 82.5 kg", "7 × 80 kg"])
        #expect(world.sets.map(\.failed) == [true, true])
        // Refused values change nothing.
        var other = try EngineHarness(Self.strength, at: "2026-03-02T10:00:00+01:00")
        _ = other.command(.start(workout: "push"))
        #expect(other.command(.setDoneAs(SetCorrection(reps: 5000))) == .failure(.invalidArgument("reps must be 0 to 1000, not 5000")))
        #expect(other.command(.setDoneAs(SetCorrection(weight: -5))) == .failure(.invalidArgument("a weight must be 0 to 2000, not -5")))
        #expect(other.sets.isEmpty)
        // More reps than planned at the planned weight are not a failure.
        #expect((try? other.command(.setDoneAs(SetCorrection(reps: 10))).get()) != nil)
        #expect(other.sets.last.map { ($0.reps, $0.failed) } ?? (nil, true) == (10, false))
    }

    @Test func personalRecordsAreCelebratedOnceRightAfterTheWorkout() throws {
        let oneSet = Self.strength.replacingOccurrences(of: "sets = 2", with: "sets = 1")
            + "\n[program]\n"  // no program: the daily reminder stays out of the way
        var world = try EngineHarness(oneSet, at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        _ = world.command(.setDone)  // 8 × 80 kg: the first time, nothing to beat
        #expect(!world.shown.contains { $0.title.contains("personal record") })
        world.advance(to: instant("2026-03-04T10:00:00+01:00"))
        _ = world.command(.start(workout: "push"))
        _ = world.command(.setDoneAs(SetCorrection(weight: 81)))  // 1.25 %: below record_min_percent
        #expect(!world.shown.contains { $0.title.contains("personal record") })
        world.advance(to: instant("2026-03-06T10:00:00+01:00"))
        _ = world.command(.start(workout: "push"))
        _ = world.command(.setDoneAs(SetCorrection(weight: 85)))
        let records = world.shown.filter { $0.title == "New personal record! 🎉" }
        #expect(records.map(\.body) == ["Bench Press: 8 × 85 kg (before: 8 × 81 kg)"])
        world.advance(by: 3600)
        #expect(world.shown.filter { $0.title == "New personal record! 🎉" }.count == 1)
        // Details (or a click on it) opens the training report at the record's exercise.
        let shown = try #require(world.effects.compactMap { effect -> Reminder? in
            if case .present(let r, _, _, _) = effect, r.kind == .personalRecord { return r }
            return nil
        }.last)
        #expect(ReminderNotice.make(for: shown, server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english).actions.map(\.key)
            == ["default", "details"])
        let outcome = world.send(.action(on: .reminder(shown), key: ReminderAction.details.key))
        #expect(outcome.effects.contains(.openReport(exercise: "Bench Press")))
        #expect(outcome.effects.contains(.close(.reminder(shown.id))))
        // Turned off: none.
        var off = try EngineHarness(oneSet + "[progress]\nrecords = false\n", at: "2026-03-02T10:00:00+01:00")
        _ = off.command(.start(workout: "push"))
        _ = off.command(.setDone)
        off.advance(to: instant("2026-03-04T10:00:00+01:00"))
        _ = off.command(.start(workout: "push"))
        _ = off.command(.setDoneAs(SetCorrection(weight: 100)))
        #expect(!off.shown.contains { $0.title.contains("personal record") })
    }

    @Test func aPausedWorkoutIsRemindedTwiceThenAbandoned() throws {
        var world = try EngineHarness(Self.strength, at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        world.advance(to: instant("2026-03-03T12:00:00+01:00"))
        let paused = world.shown.filter { $0.kind == .reminder(.pausedWorkout) }.map(\.at)
        #expect(paused == [instant("2026-03-02T12:00:00+01:00"), instant("2026-03-03T10:00:00+01:00")])
        #expect(world.state.session == nil)
        #expect(world.state.history.last?.outcome == .abandoned)
        #expect(world.state.history.last?.endedAt == instant("2026-03-02T10:00:00+01:00"))
    }

    @Test func resumingCountsThePauseAfresh() throws {
        var world = try EngineHarness(Self.strength, at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        world.advance(to: instant("2026-03-02T11:30:00+01:00"))
        guard case .success(.text(let reply)) = world.command(.resume) else { Issue.record("refused"); return }
        #expect(reply.hasPrefix("Resumed Push Day: "))
        world.advance(to: instant("2026-03-02T13:29:00+01:00"))
        #expect(world.shown.filter { $0.kind == .reminder(.pausedWorkout) }.isEmpty)
        world.advance(to: instant("2026-03-02T13:30:00+01:00"))
        #expect(world.shown.filter { $0.kind == .reminder(.pausedWorkout) }.count == 1)
    }

    @Test func restDayAdviceAfterThreeDaysInARow() throws {
        let history = ["2026-02-27T09:00:00+01:00", "2026-02-28T09:00:00+01:00", "2026-03-01T09:00:00+01:00"].map { entry($0) }
        var world = try EngineHarness(at: "2026-03-02T08:00:00+01:00", stored: StoredState(history: history))
        world.advance(to: instant("2026-03-02T23:00:00+01:00"))
        let advice = world.shown.filter { $0.kind == .reminder(.restAdvice) }
        #expect(advice.map(\.at) == [instant("2026-03-02T20:00:00+01:00")])
        #expect(world.state.daily.restAdviceDay == LocalDay(containing: world.now, in: berlin))
    }

    @Test func theTenthWorkoutIsCelebrated() throws {
        let history = (1...9).map { entry(String(format: "2026-02-%02dT09:00:00+01:00", $0 * 2), kind: .hiit) }
        var world = try EngineHarness(at: "2026-03-02T10:00:00+01:00", stored: StoredState(history: history))
        _ = world.command(.hiit(HIITPlan(rounds: 1, work: 10, rest: 0), title: nil, workout: nil))
        world.advance(by: 60)
        let milestone = try #require(world.shown.first { $0.kind == .reminder(.milestone) })
        #expect(milestone.title == "Milestone reached 🏆")
        #expect(milestone.body == "10 workouts completed! 💪")
        #expect(milestone.at == instant("2026-03-02T10:00:10+01:00"))
    }

    @Test func privateModeShowsNoWorkoutNames() throws {
        var world = try EngineHarness("[reminders]\nprivate = true\n" + Self.strength, at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        _ = world.command(.setDone)
        world.advance(by: 60)
        #expect(!world.shown.contains { $0.title.contains("Push") || $0.body.contains("Bench") })
    }

    @Test func aStorageProblemIsToldOnceAndItsEndLogged() throws {
        var world = try EngineHarness(at: "2026-03-02T10:00:00+01:00")
        let problem = StorageProblem(cause: .noSpace, database: "/s/state.db", saving: false, since: world.now, detail: "full")
        world.send(.storageChanged(problem, retryAt: nil))
        world.send(.tick)
        world.send(.storageChanged(problem, retryAt: nil))
        #expect(world.shown.filter { $0.kind == .reminder(.storageProblem) }.count == 1)
        world.send(.storageChanged(nil, retryAt: nil))
        #expect(world.logs.contains { $0.message == "the state database is saved again" })
        #expect(world.effects.last { if case .close = $0 { true } else { false } } == .close(.kind(.storageProblem)))
    }

    @Test func theSessionNoticeFollowsTheServer() throws {
        var world = try EngineHarness(at: "2026-03-02T10:00:00+01:00")
        _ = world.command(.rest(seconds: 60))
        let gnome = ServerProfile(serverName: "gnome-shell", capabilities: ["actions", "body", "persistence"])
        let outcome = world.send(.serverAppeared(gnome))
        guard case .showSession(let notice, _, false, _, nil, _) = outcome.effects.last else { Issue.record("\(outcome.effects)"); return }
        #expect(notice.urgency == .critical)  // GNOME ignores expiry: critical keeps the running session in view
        world.send(.sessionNoticeShown(try #require(world.state.session?.session.id), id: 42))
        #expect(world.state.session?.noticeID == 42)
        #expect(world.writes.last == .setNoticeID(42, of: try #require(world.state.session?.session.id)))
    }
}
