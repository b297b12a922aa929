import Foundation
import Testing
@testable import GymbellCore

/// Sessions through the engine with a clock that moves only when the test says: the seeds' timelines,
/// collapse after a gap, a restart, a refused command.
@Suite("Engine: sessions")
struct EngineSessionTests {
    static let start = "2026-03-02T10:00:00+01:00"  // a Monday morning in Berlin, far from the daily reminder

    struct Timeline: Sendable, CustomTestStringConvertible {
        let name: String
        let command: Command
        let toml: String
        /// Seconds after the start and the title shown then.
        let expected: [(TimeInterval, String)]
        var testDescription: String { name }
    }

    static let timelines: [Timeline] = [
        Timeline(
            name: "HIIT 5 × 40 s / 20 s: 10 reminders, the last at 5:00 (DESIGN.md §4)",
            command: .hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil), toml: "",
            expected: [
                (40, "Work phase done ✅"), (60, "Rest over 💥"), (100, "Work phase done ✅"), (120, "Rest over 💥"),
                (160, "Work phase done ✅"), (180, "Rest over 💥"), (220, "Work phase done ✅"), (240, "Rest over 💥"),
                (280, "Work phase done ✅"), (300, "HIIT session complete 🎉"),
            ]),
        Timeline(
            name: "walk/run 2 min / 1 min × 2: 2:00, 3:00, 5:00, 6:00",
            command: .walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2), title: nil, workout: nil), toml: "",
            expected: [(120, "Run done 🏃"), (180, "Walk done 🚶"), (300, "Run done 🏃"), (360, "Walk/Run session complete 🎉")]),
        Timeline(
            name: "rest 90 s", command: .rest(seconds: 90), toml: "", expected: [(90, "Rest over ⏰")]),
        Timeline(
            name: "rest of the configured default with a warning 10 s before",
            command: .rest(seconds: nil), toml: "[rest]\ndefault = \"1m\"\nwarn_before = \"10s\"\n",
            expected: [(50, "Rest ends soon"), (60, "Rest over ⏰")]),
    ]

    @Test(arguments: timelines)
    func timelineRunsToPlan(_ timeline: Timeline) throws {
        var world = try EngineHarness(timeline.toml, at: Self.start)
        let begin = world.now
        guard case .success = world.command(timeline.command) else { Issue.record("refused"); return }
        world.advance(by: 3600)
        let shown = world.audible(since: begin)
        #expect(shown.map(\.0) == timeline.expected.map(\.0))
        #expect(shown.map(\.1) == timeline.expected.map(\.1))
        // The session ended with its last reminder, at its planned end, as completed.
        #expect(world.state.session == nil)
        let last = try #require(world.history.last)
        #expect(last.outcome == .completed)
        #expect(last.endedAt == begin.addingTimeInterval(timeline.expected.last!.0))
        #expect(world.state.agenda.isEmpty)
        #expect(world.state.inFlight.isEmpty)
    }

    @Test func afterAGapOnlyTheCurrentTransitionIsShownAndTheRestFollowOnTime() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(.hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil))
        // The machine sleeps from 0:30 to 2:30: 0:40, 1:00, 1:40 and 2:00 fell due meanwhile.
        world.advance(by: 30)
        world.jump(to: begin.addingTimeInterval(150))
        #expect(world.audible(since: begin).map(\.1) == ["Rest over 💥"])
        #expect(world.logs.filter { $0.message == "skipped late reminder" }.count == 3)
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [150, 160, 180, 220, 240, 280, 300])
    }

    @Test func aRestartCarriesOnFromTheStoredStateAndCollapsesWhatItMissed() throws {
        var before = try EngineHarness(at: Self.start)
        let begin = before.now
        _ = before.command(.walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2), title: nil, workout: nil))
        before.advance(by: 130)  // "Run done" shown, then the daemon is killed
        let stored = StoredState(
            agenda: before.state.agenda, session: before.state.session, sessions: before.state.sessions, daily: before.state.daily)
        var after = try EngineHarness(at: "2026-03-02T10:05:10+01:00", stored: stored, history: before.history)  // 5:10: "walk done" and "run done" missed
        after.send(.tick)
        #expect(after.audible(since: begin).map(\.0) == [310])
        #expect(after.audible(since: begin).map(\.1) == ["Run done 🏃"])
        after.advance(by: 3600)
        #expect(after.audible(since: begin).map(\.0) == [310, 360])
        #expect(after.history.last?.outcome == .completed)
    }

    @Test func aTimelineThatRanOutWhileAwayEndsAtItsPlannedEnd() throws {
        var before = try EngineHarness(at: Self.start)
        let begin = before.now
        _ = before.command(.hiit(HIITPlan(rounds: 2, work: 10, rest: 5), title: nil, workout: nil))
        let stored = StoredState(agenda: before.state.agenda, session: before.state.session, sessions: before.state.sessions)
        var after = try EngineHarness(at: "2026-03-02T12:00:00+01:00", stored: stored, history: before.history)  // two hours later: all stale
        after.send(.tick)
        #expect(after.audible(since: begin).isEmpty)
        #expect(after.history.last?.outcome == .completed)
        #expect(after.history.last?.endedAt == begin.addingTimeInterval(30))
    }

    struct Refusal: Sendable, CustomTestStringConvertible {
        let command: Command
        let error: CommandError
        var testDescription: String { "\(command)" }
    }

    static let refusals: [Refusal] = [
        Refusal(command: .snooze(minutes: 0), error: .invalidArgument("snooze for 1 to 1440 minutes, not 0")),
        Refusal(command: .rest(seconds: 0.5), error: .invalidArgument("a rest must last at least 1 second, not 0.5s")),
        Refusal(command: .rest(seconds: 90_000), error: .invalidArgument("a rest can last at most 24 hours, not 25h")),
        Refusal(
            command: .hiit(HIITPlan(rounds: 101, work: 40, rest: 20), title: nil, workout: nil),
            error: .invalidArgument("rounds must be 1 to 100, not 101")),
        Refusal(command: .setDone, error: .noSession("no strength workout is running; start one with `gymbell start WORKOUT`")),
        Refusal(command: .adjustRest(by: 10), error: .noSession("no rest is running; start one with `gymbell rest`")),
        Refusal(command: .resume, error: .noSession("no workout is running; start one with `gymbell start`")),
        Refusal(command: .start(workout: "legs"), error: .invalidArgument("no workout named \"legs\" in config.toml")),
        Refusal(command: .upcoming(days: 0), error: .invalidArgument("list 1 to 366 days, not 0")),
        Refusal(command: .history(days: 4000), error: .invalidArgument("list 1 to 3660 days, not 4000")),
        Refusal(command: .exportICS(weeks: 53), error: .invalidArgument("export 1 to 52 weeks, not 53")),
        Refusal(command: .pause, error: .noSession("no session is running")),
        Refusal(command: .skip, error: .noSession("no session is running")),
    ]

    @Test(arguments: refusals)
    func aRefusedCommandChangesNothing(_ refusal: Refusal) throws {
        var world = try EngineHarness(at: Self.start)
        world.send(.tick)
        let before = world.state
        let outcome = world.send(.command(refusal.command))
        #expect(outcome.reply == .failure(refusal.error))
        #expect(outcome.effects.isEmpty)
        #expect(world.state == before)
    }

    @Test func refusalsDuringASessionChangeNothing() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.command(.hiit(HIITPlan(rounds: 3, work: 40, rest: 20), title: nil, workout: nil))
        world.advance(by: 50)
        for command: Command in [.resume, .setDone, .adjustRest(by: -15), .snooze(minutes: 2000), .start(workout: "nope")] {
            let before = world.state
            let outcome = world.send(.command(command))
            guard case .failure = outcome.reply else { Issue.record("\(command) was not refused"); continue }
            #expect(outcome.effects.isEmpty)
            #expect(world.state == before)
        }
    }

    @Test func adjustingTheRestMovesItsEnd() throws {
        var world = try EngineHarness(at: Self.start)
        let begin = world.now
        _ = world.command(.rest(seconds: 60))
        world.advance(by: 20)
        #expect(world.command(.adjustRest(by: 30)) == .success(.until(begin.addingTimeInterval(90))))
        #expect(world.command(.adjustRest(by: -200)) == .failure(.invalidArgument("the rest ends in 1m10s; it cannot be shortened by 3m20s")))
        world.advance(by: 3600)
        #expect(world.audible(since: begin).map(\.0) == [90])
    }

    @Test func remindersPlannedInOneLanguageAreShownInTheLanguageOfTheDaemonThatShowsThem() throws {
        var english = try EngineHarness(at: Self.start)
        let begin = english.now
        _ = english.command(.hiit(HIITPlan(rounds: 2, work: 10, rest: 5), title: nil, workout: nil))
        let stored = StoredState(agenda: english.state.agenda, session: english.state.session, sessions: english.state.sessions)
        let german = Messages { ["Work phase done ✅": "Arbeitsphase geschafft ✅", "Rest over 💥": "Pause vorbei 💥"][$0] ?? $0 }
        var restarted = try EngineHarness(at: "2026-03-02T10:00:01+01:00", stored: stored, messages: german)
        restarted.advance(by: 40)
        #expect(
            restarted.audible(since: begin).map(\.1)
                == ["Arbeitsphase geschafft ✅", "Pause vorbei 💥", "Arbeitsphase geschafft ✅", "HIIT session complete 🎉"])
    }
}
