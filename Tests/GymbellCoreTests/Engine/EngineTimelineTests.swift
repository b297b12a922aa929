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
        #expect(world.history.last?.outcome == .completed)
        #expect(world.history.last?.endedAt == begin.addingTimeInterval(pause.expected.last!.0))
    }

    @Test func aPauseSurvivesARestartAndCountsUntilTheResume() throws {
        var before = try EngineHarness(at: Self.start)
        let begin = before.now
        _ = before.command(Self.hiit)
        before.advance(by: 20)
        _ = before.command(.pause)
        let stored = StoredState(
            agenda: before.state.agenda, session: before.state.session, sessions: before.state.sessions, daily: before.state.daily)
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
        #expect(world.history.last?.outcome == .completed)
    }

    /// Next on a paused timeline (docs/media-player.md, "Next on a paused session"): the next phase, still paused; its
    /// start is said when the timeline resumes, and the rest of it follows from there.
    @Test func skipOnAPausedTimelineStaysPausedAtTheNextPhase() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(Self.walkRun)  // run 2m, walk 1m, × 2
        world.advance(by: 30)
        _ = world.command(.pause)
        world.advance(by: 100)
        // At 2:10, paused 30 s into the first run: the walk is next, and the session stays paused.
        #expect(world.command(.skip) == .success(.text("Skipped ahead to walk, repeat 1 of 2; Walk/Run stays paused. `gymbell resume` carries on")))
        let session = try #require(world.state.session?.session)
        #expect(session.pausedAt == begin.addingTimeInterval(30))
        #expect(session.phase(at: world.now) == "walk, repeat 1 of 2")
        #expect(PlayerPhase(of: session, at: world.now) == .paused)
        let playing = NowPlaying.make(session: session, now: world.now, messages: .english, privateMode: false)
        #expect((playing.title, playing.status, playing.position(at: world.now)) == ("Walk", .paused, 0))
        #expect(world.shown.last?.body == "Paused: walk, repeat 1 of 2")
        world.advance(by: 50)
        #expect(world.audible(since: begin).isEmpty)  // nothing said while paused
        _ = world.command(.resume)  // at 3:00: the walk starts now, a full minute of it
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [180, 240, 360, 420])
        #expect(world.audible(since: begin).map(\.1) == ["Run done 🏃", "Walk done 🚶", "Run done 🏃", "Walk/Run session complete 🎉"])
        #expect(world.history.last?.outcome == .completed)
    }

    @Test func twoSkipsWhilePausedSayOnlyThePhaseItResumesIn() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(Self.walkRun)
        world.advance(by: 30)
        _ = world.command(.pause)
        _ = world.command(.skip)
        #expect(world.command(.skip) == .success(.text("Skipped ahead to run, repeat 2 of 2; Walk/Run stays paused. `gymbell resume` carries on")))
        world.advance(by: 100)
        _ = world.command(.resume)  // at 2:10
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [130, 250, 310])
        #expect(world.audible(since: begin).map(\.1) == ["Walk done 🚶", "Run done 🏃", "Walk/Run session complete 🎉"])
    }

    @Test func skippingThePausedLastPhaseCompletesTheSessionNow() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(Self.walkRun)
        world.advance(by: 30)
        _ = world.command(.pause)
        for _ in 0..<3 { _ = world.command(.skip) }  // walk 1, run 2, walk 2: still paused
        #expect(world.state.session?.session.phase(at: world.now) == "walk, repeat 2 of 2")
        #expect(world.audible(since: begin).isEmpty)
        world.advance(by: 20)
        #expect(world.command(.skip) == .success(.text("Skipped ahead: Walk/Run session complete 🎉")))
        #expect(world.audible(since: begin).map(\.0) == [50])
        #expect(world.audible(since: begin).map(\.1) == ["Walk/Run session complete 🎉"])
        #expect(world.state.session == nil)
        #expect(world.history.last?.outcome == .completed)
    }

    /// `status` lists a paused session's reminders as waiting for the resume, not at instants gone by.
    @Test func statusShowsAPausedSessionsRemindersAsPaused() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.command(Self.hiit)
        world.advance(by: 20)
        _ = world.command(.pause)
        world.advance(by: 100)  // 2:00: the first work phase's end (0:40) would be long past
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        let session = status.pending.filter { $0.kind.hasPrefix("hiit") }
        #expect(session.count == 10)
        #expect(session.allSatisfy { $0.paused && $0.due >= world.now })
        #expect(session.map { $0.afterResume ?? -1 }.prefix(3) == [20, 40, 80])
        #expect(session.first?.due == world.now.addingTimeInterval(20))
        let json = status.jsonText()
        #expect(json.contains(#""paused":true"#) && json.contains(#""after_resume":20"#))
        #expect(try StatusReport.decode(jsonText: json) == status)
        _ = world.command(.resume)
        guard case .success(.status(let running)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(running.pending.allSatisfy { !$0.paused && $0.afterResume == nil })
        #expect(running.pending.first?.due == world.now.addingTimeInterval(20))
        #expect(running.jsonText().contains(#""paused":false"#) && running.jsonText().contains(#""after_resume":null"#))
    }

    @Test func statusFromADaemonBeforePausedEntriesStillReads() throws {
        let old = #"{"session":null,"pending":[{"id":"r","kind":"daily","due":"2026-03-02T17:00:00Z","title":"Workout Time!","body":"Today: Push"}],"next_daily":null,"storage":null}"#
        let report = try StatusReport.decode(jsonText: old)
        #expect(report.pending.first?.paused == false)
        #expect(report.pending.first?.afterResume == nil)
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
        #expect(world.state.session?.session.strengthView(at: world.now)?.totalSetsDone == 1)
        #expect(world.state.session?.session.phase(at: world.now) == "Bench Press — set 2 of 2, 8 × 80 kg")
    }

    /// A moment of a session, as the player shows it.
    struct PhaseCase: Sendable {
        let name: String
        let toml: String
        let setUp: [Command]
        let wait: TimeInterval
        /// What the player shows then (nil: no player).
        let status: NowPlaying.Status?
        /// What Play, Pause, PlayPause, Next and Stop mean then.
        let play: Command?, pause: Command?, playPause: Command?, next: Command?, stop: Command?
    }

    static let phases: [PhaseCase] = [
        PhaseCase(
            name: "a set in progress", toml: push, setUp: [.start(workout: "push")], wait: 0, status: .paused,
            play: .setDone, pause: nil, playPause: .setDone, next: .setDone, stop: .stop),
        PhaseCase(
            name: "a rest between sets", toml: push, setUp: [.start(workout: "push"), .setDone], wait: 10, status: .playing,
            play: nil, pause: .skip, playPause: .skip, next: .skip, stop: .stop),
        PhaseCase(
            name: "the set after the rest", toml: push, setUp: [.start(workout: "push"), .setDone], wait: 70, status: .paused,
            play: .setDone, pause: nil, playPause: .setDone, next: .setDone, stop: .stop),
        PhaseCase(
            name: "a rest timer", toml: "", setUp: [.rest(seconds: 60)], wait: 10, status: .playing,
            play: nil, pause: .skip, playPause: .skip, next: .skip, stop: .stop),
        PhaseCase(
            name: "HIIT running", toml: "", setUp: [hiit], wait: 10, status: .playing,
            play: nil, pause: .pause, playPause: .pause, next: .skip, stop: .stop),
        PhaseCase(
            name: "HIIT paused", toml: "", setUp: [hiit, .pause], wait: 10, status: .paused,
            play: .resume, pause: nil, playPause: .resume, next: .skip, stop: .stop),
        PhaseCase(
            name: "walk/run running", toml: "", setUp: [walkRun], wait: 130, status: .playing,
            play: nil, pause: .pause, playPause: .pause, next: .skip, stop: .stop),
        PhaseCase(
            name: "walk/run paused", toml: "", setUp: [walkRun, .pause], wait: 10, status: .paused,
            play: .resume, pause: nil, playPause: .resume, next: .skip, stop: .stop),
        PhaseCase(
            name: "no session", toml: push, setUp: [], wait: 0, status: nil,
            play: nil, pause: nil, playPause: nil, next: nil, stop: nil),
    ]

    struct ControlRow: Sendable, CustomTestStringConvertible {
        let phase: PhaseCase
        let control: PlayerControl
        var means: Command? {
            switch control {
            case .play: phase.play
            case .pause: phase.pause
            case .playPause: phase.playPause
            case .next: phase.next
            case .stop: phase.stop
            }
        }
        var testDescription: String { "\(control.rawValue) during \(phase.name): \(means.map { "\($0)" } ?? "nothing")" }
    }

    /// Every (phase, control) pair.
    static let controls: [ControlRow] = phases.flatMap { phase in PlayerControl.allCases.map { ControlRow(phase: phase, control: $0) } }

    /// Play, Pause and PlayPause as "the play button": each desktop sends one of them (Plasma and BlueZ
    /// Play or Pause by the status shown, GNOME and playerctl PlayPause), and each does what the phase
    /// offers. Through the player the command does exactly what the command itself does.
    @Test(arguments: controls)
    func playerControlsMeanTheNaturalNextStep(_ row: ControlRow) throws {
        var world = try EngineHarness(row.phase.toml, at: Self.start)
        for command in row.phase.setUp { _ = world.command(command) }
        world.advance(by: row.phase.wait)
        let turn = Turn(state: world.state, moment: Moment(now: world.now, timeZone: world.timeZone, newID: ""), context: world.engine.context)
        #expect(TimelineCommands.command(for: row.control, turn) == row.means)
        var direct = world
        let viaPlayer = world.command(.player(row.control))
        if let means = row.means {
            let itself = direct.command(means)
            #expect(viaPlayer == itself)
            guard case .success = viaPlayer else { Issue.record("\(means) refused: \(viaPlayer)"); return }
            #expect(world.state == direct.state)
        } else {
            guard case .failure = viaPlayer else { Issue.record("did something"); return }
            #expect(world.state == direct.state)
        }
    }

    /// The status a player shows says what its play button does: Playing → Pause acts and Play does
    /// nothing; Paused → Play acts and Pause does nothing; PlayPause is whichever acts.
    @Test(arguments: phases.map { ($0.name, $0.status, $0.play, $0.pause, $0.playPause) })
    func theStatusShownSaysWhatThePlayButtonDoes(_ name: String, _ status: NowPlaying.Status?, _ play: Command?, _ pause: Command?, _ playPause: Command?) {
        switch status {
        case .playing: #expect(play == nil && pause != nil && playPause == pause, "\(name)")
        case .paused: #expect(play != nil && pause == nil && playPause == play, "\(name)")
        case .stopped, nil: #expect(play == nil && pause == nil && playPause == nil, "\(name)")
        }
    }

    @Test(arguments: phases)
    func theTableSaysWhatThePlayerShows(_ row: PhaseCase) throws {
        var world = try EngineHarness(row.toml, at: Self.start)
        for command in row.setUp { _ = world.command(command) }
        world.advance(by: row.wait)
        let shown = world.state.session.map { NowPlaying.make(session: $0.session, now: world.now, messages: .english, privateMode: false) }
        #expect(shown?.status == row.status, "\(row.name)")
    }

    /// A timeline run out (its completion being shown) has nothing for the play button.
    @Test func aTimelineRunOutIsOver() throws {
        let begin = instant(Self.start)
        let session = Session(
            id: SessionID("h"), kind: .hiit, title: "HIIT", startedAt: begin, endsAt: begin.addingTimeInterval(300),
            detail: .interval(.hiit(HIITPlan(rounds: 5, work: 40, rest: 20)), from: begin))
        #expect(PlayerPhase(of: session, at: begin.addingTimeInterval(299)) == .running)
        #expect(PlayerPhase(of: session, at: begin.addingTimeInterval(300)) == .over)
        var paused = session
        paused.pausedAt = begin.addingTimeInterval(100)
        #expect(PlayerPhase(of: paused, at: begin.addingTimeInterval(1000)) == .paused)
        #expect(PlayerPhase(of: Session(id: SessionID("r"), kind: .rest, title: "Rest", startedAt: begin, endsAt: begin.addingTimeInterval(60)),
                            at: begin.addingTimeInterval(60)) == .over)
    }
}
