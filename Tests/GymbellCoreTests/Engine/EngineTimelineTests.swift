import Foundation
import Testing
@testable import GymbellCore

/// Pausing, resuming and skipping a session's timeline, and what a media player's controls mean.
@Suite("Engine: pause, resume, skip")
struct EngineTimelineTests {
    static let start = "2026-03-02T10:00:00+01:00"
    static let hiit = Command.hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil)
    static let walkRun = Command.walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2), title: nil, workout: nil)
    static let push = """
        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 }]

        """

    struct Pause: Sendable, CustomTestStringConvertible {
        let name: String
        let command: Command
        /// Seconds after the start: paused then, resumed then.
        let pauseAt: TimeInterval, resumeAt: TimeInterval
        let expected: [(TimeInterval, String)]
        var testDescription: String { name }
    }

    static let pauses: [Pause] = [
        Pause(
            name: "HIIT paused mid-work (0:20 → 1:20): everything after moves by 60 s", command: hiit, pauseAt: 20, resumeAt: 80,
            expected: [
                (100, "Work phase done ✅"), (120, "Rest over 💥"), (160, "Work phase done ✅"), (180, "Rest over 💥"),
                (220, "Work phase done ✅"), (240, "Rest over 💥"), (280, "Work phase done ✅"), (300, "Rest over 💥"),
                (340, "Work phase done ✅"), (360, "HIIT session complete 🎉"),
            ]),
        Pause(
            name: "HIIT paused mid-rest (0:50 → 1:05): the rest's end moves by 15 s", command: hiit, pauseAt: 50, resumeAt: 65,
            expected: [
                (40, "Work phase done ✅"), (75, "Rest over 💥"), (115, "Work phase done ✅"), (135, "Rest over 💥"),
                (175, "Work phase done ✅"), (195, "Rest over 💥"), (235, "Work phase done ✅"), (255, "Rest over 💥"),
                (295, "Work phase done ✅"), (315, "HIIT session complete 🎉"),
            ]),
        Pause(
            name: "walk/run paused while walking (2:30 → 3:30)", command: walkRun, pauseAt: 150, resumeAt: 210,
            expected: [(120, "Run done 🏃"), (240, "Walk done 🚶"), (360, "Run done 🏃"), (420, "Walk/Run session complete 🎉")]),
    ]

    @Test(arguments: pauses)
    func aPausedTimelineWaitsAndResumesShifted(_ pause: Pause) throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(pause.command)
        world.advance(by: pause.pauseAt)
        guard case .success(.text(let reply)) = world.command(.pause) else { Issue.record("pause refused"); return }
        #expect(reply.hasPrefix("Paused "))
        let shownBefore = world.audible(since: begin).count
        #expect(world.armed == nil || world.armed! > begin.addingTimeInterval(3600))  // nothing of the session arms the timer
        world.advance(by: pause.resumeAt - pause.pauseAt)
        #expect(world.audible(since: begin).count == shownBefore)  // no reminder while paused
        #expect(world.state.session?.session.pausedAt != nil)
        guard case .success = world.command(.resume) else { Issue.record("resume refused"); return }
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == pause.expected.map(\.0))
        #expect(world.audible(since: begin).map(\.1) == pause.expected.map(\.1))
        #expect(world.state.session == nil)
        #expect(world.state.history.last?.outcome == .completed)
        #expect(world.state.history.last?.endedAt == begin.addingTimeInterval(pause.expected.last!.0))
    }

    @Test func aPauseSurvivesARestartAndCountsUntilTheResume() throws {
        var before = try EngineHarness(at: Self.start)
        let begin = before.now
        _ = before.command(Self.hiit)
        before.advance(by: 20)
        _ = before.command(.pause)
        let stored = StoredState(
            agenda: before.state.agenda, session: before.state.session, history: before.state.history, daily: before.state.daily)
        // The daemon restarts at 2:00, long past reminders that were due at 0:40 and 1:00 before the pause.
        var after = try EngineHarness(at: "2026-03-02T10:02:00+01:00", stored: stored)
        #expect(after.audible(since: begin).isEmpty)
        #expect(after.state.session?.session.pausedAt == begin.addingTimeInterval(20))
        guard case .success(.status(let status)) = after.command(.status) else { Issue.record("no status"); return }
        #expect(status.session?.paused == true)
        #expect(status.session?.phase == "work, round 1 of 5")
        after.advance(by: 30)  // resumed at 2:30: paused for 130 s
        _ = after.command(.resume)
        after.advance(by: 3600)
        #expect(after.audible(since: begin).map(\.0) == [170, 190, 230, 250, 290, 310, 350, 370, 410, 430])
    }

    @Test func aReminderWithTheServerIsNoLongerPendingThoughTheStoreKeepsItUntilTaken() throws {
        var world = try EngineHarness(at: Self.start)
        world.serverTakes = false  // the server has not answered yet
        _ = world.command(Self.hiit)
        world.advance(by: 40)  // "Work phase done" handed to the server
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        let firstDue = instant(Self.start).addingTimeInterval(40)
        #expect(status.pending.count == 9)
        #expect(!status.pending.contains { $0.due == firstDue })
        #expect(world.state.agenda.contains { $0.due == firstDue })  // a crash now shows it again at start-up
    }

    @Test func pauseAndResumeAreRefusedWhereTheyMeanNothing() throws {
        var world = try EngineHarness(Self.push, at: Self.start)
        #expect(world.command(.pause) == .failure(.noSession("no session is running")))
        _ = world.command(.start(workout: "push"))
        guard case .failure(.invalidArgument(let why)) = world.command(.pause) else { Issue.record("a strength workout paused"); return }
        #expect(why.contains("only HIIT and walk/run can pause"))
        _ = world.command(Self.hiit)
        guard case .failure(.invalidArgument(let notPaused)) = world.command(.resume) else { Issue.record("resumed"); return }
        #expect(notPaused.contains("is not paused"))
        _ = world.command(.pause)
        guard case .failure(.invalidArgument(let twice)) = world.command(.pause) else { Issue.record("paused twice"); return }
        #expect(twice.contains("paused already"))
    }

    @Test func skipMovesTheRestOfTheTimelineEarlier() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(Self.hiit)
        world.advance(by: 10)
        #expect(world.command(.skip) == .success(.text("Skipped ahead: Work phase done ✅")))
        world.advance(by: 5)
        _ = world.command(.skip)  // in the first rest, at 0:15
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [10, 15, 55, 75, 115, 135, 175, 195, 235, 255])
        #expect(world.state.history.last?.outcome == .completed)
    }

    @Test func skipOnAPausedTimelineResumesItAtTheNextPhase() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(Self.walkRun)
        world.advance(by: 30)
        _ = world.command(.pause)
        world.advance(by: 100)
        _ = world.command(.skip)  // at 2:10, 30 s into the first run: the run ends now
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [130, 190, 310, 370])
    }

    @Test func skipEndsARestAndItsWarning() throws {
        var world = try EngineHarness("[rest]\nwarn_before = \"10s\"\n", at: Self.start)
        let begin = world.now
        _ = world.command(.rest(seconds: 90))
        world.advance(by: 30)
        #expect(world.command(.skip) == .success(.text("Skipped ahead: Rest over ⏰")))
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [30])
        #expect(world.audible(since: begin).map(\.1) == ["Rest over ⏰"])
        #expect(world.state.session == nil)
        #expect(world.state.agenda.isEmpty)
    }

    @Test func aStrengthWorkoutSkipsRestsButNotSets() throws {
        var world = try EngineHarness(Self.push, at: Self.start)
        let begin = world.now
        _ = world.command(.start(workout: "push"))
        #expect(world.command(.skip) == .failure(.invalidArgument("a set is in progress: `gymbell set-done` records it")))
        _ = world.command(.setDone)
        world.advance(by: 20)
        #expect(world.command(.skip) == .success(.text("Skipped ahead: Rest over ⏰")))
        #expect(world.audible(since: begin).last?.0 == 20)
        guard case .strength(let progress) = world.state.session?.session.detail else { Issue.record("no workout"); return }
        #expect(progress.totalSetsDone == 1)
        #expect(world.state.session?.session.phase(at: world.now) == "Bench Press — set 2 of 2, 8 × 80 kg")
    }

    struct PlayPause: Sendable, CustomTestStringConvertible {
        let name: String
        let toml: String
        let setUp: [Command]
        let wait: TimeInterval
        let control: PlayerControl
        let means: Command?
        var testDescription: String { name }
    }

    static let controls: [PlayPause] = [
        PlayPause(name: "PlayPause during a set: set done", toml: push, setUp: [.start(workout: "push")], wait: 0, control: .playPause, means: .setDone),
        PlayPause(name: "PlayPause during a rest between sets: skip it", toml: push, setUp: [.start(workout: "push"), .setDone], wait: 10,
                  control: .playPause, means: .skip),
        PlayPause(name: "PlayPause after the rest: the next set is done", toml: push, setUp: [.start(workout: "push"), .setDone], wait: 70,
                  control: .playPause, means: .setDone),
        PlayPause(name: "PlayPause during a rest timer: skip it", toml: "", setUp: [.rest(seconds: 60)], wait: 10, control: .playPause, means: .skip),
        PlayPause(name: "PlayPause in HIIT: pause", toml: "", setUp: [hiit], wait: 10, control: .playPause, means: .pause),
        PlayPause(name: "PlayPause in paused HIIT: resume", toml: "", setUp: [hiit, .pause], wait: 10, control: .playPause, means: .resume),
        PlayPause(name: "Play in running HIIT: nothing", toml: "", setUp: [hiit], wait: 10, control: .play, means: nil),
        PlayPause(name: "Pause during a set: nothing", toml: push, setUp: [.start(workout: "push")], wait: 0, control: .pause, means: nil),
        PlayPause(name: "Next: skip", toml: "", setUp: [walkRun], wait: 10, control: .next, means: .skip),
        PlayPause(name: "Stop: stop", toml: push, setUp: [.start(workout: "push")], wait: 0, control: .stop, means: .stop),
        PlayPause(name: "no session: nothing", toml: "", setUp: [], wait: 0, control: .playPause, means: nil),
    ]

    @Test(arguments: controls)
    func playerControlsMeanTheNaturalNextStep(_ row: PlayPause) throws {
        var world = try EngineHarness(row.toml, at: Self.start)
        for command in row.setUp { _ = world.command(command) }
        world.advance(by: row.wait)
        let turn = Turn(state: world.state, moment: Moment(now: world.now, timeZone: world.timeZone, newID: ""), context: world.engine.context)
        #expect(TimelineCommands.command(for: row.control, turn) == row.means)
        var direct = world
        let viaPlayer = world.command(.player(row.control))
        if let means = row.means {
            #expect(viaPlayer == direct.command(means))
            #expect(world.state == direct.state)
        } else {
            guard case .failure = viaPlayer else { Issue.record("did something"); return }
        }
    }
}
