import Foundation
import Testing
@testable import GymbellCore

/// What the media player shows at each phase, through the engine with a clock that moves only when told.
@Suite("Now playing: the session as a media player")
struct NowPlayingTests {
    static let start = "2026-03-02T10:00:00+01:00"
    static let push = """
        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 60 }]

        """
    static let hiit = Command.hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil)
    static let walkRun = Command.walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2), title: nil, workout: nil)

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        var toml = ""
        let commands: [(TimeInterval, Command)]
        /// Seconds after the start the player is looked at.
        let at: TimeInterval
        let title: String, artist: String, album: String
        let length: TimeInterval?
        let position: TimeInterval
        let status: NowPlaying.Status
        let canGoNext: Bool
        var testDescription: String { name }
    }

    static let rows: [Row] = [
        Row(name: "HIIT, work", commands: [(0, hiit)], at: 10, title: "Work", artist: "HIIT · round 1 of 5", album: "Next: Rest 20s",
            length: 40, position: 10, status: .playing, canGoNext: true),
        Row(name: "HIIT, rest", commands: [(0, hiit)], at: 50, title: "Rest", artist: "HIIT · round 1 of 5", album: "Next: Work 40s",
            length: 20, position: 10, status: .playing, canGoNext: true),
        Row(name: "HIIT, the last rest", commands: [(0, hiit)], at: 290, title: "Rest", artist: "HIIT · round 5 of 5", album: "Next: done",
            length: 20, position: 10, status: .playing, canGoNext: true),
        Row(name: "HIIT paused in the rest: the position stands still", commands: [(0, hiit), (50, .pause)], at: 80, title: "Rest",
            artist: "HIIT · round 1 of 5", album: "Next: Work 40s", length: 20, position: 10, status: .paused, canGoNext: true),
        Row(name: "HIIT resumed: the position carries on", commands: [(0, hiit), (50, .pause), (80, .resume)], at: 85, title: "Rest",
            artist: "HIIT · round 1 of 5", album: "Next: Work 40s", length: 20, position: 15, status: .playing, canGoNext: true),
        Row(name: "walk/run, walking", commands: [(0, walkRun)], at: 150, title: "Walk", artist: "Walk/Run · repeat 1 of 2",
            album: "Next: Run 2m", length: 60, position: 30, status: .playing, canGoNext: true),
        Row(name: "strength, a set in progress: waiting for the user", toml: push, commands: [(0, .start(workout: "push"))], at: 30,
            title: "Bench Press — set 1 of 2", artist: "Push Day · 8 × 80 kg", album: "Next: Rest 1m", length: nil, position: 0,
            status: .paused, canGoNext: true),
        Row(name: "strength, resting", toml: push, commands: [(0, .start(workout: "push")), (30, .setDone)], at: 40, title: "Rest",
            artist: "Push Day", album: "Next: Bench Press — set 2 of 2, 8 × 80 kg", length: 60, position: 10, status: .playing,
            canGoNext: true),
        Row(name: "strength, the rest adjusted: its length follows", toml: push,
            commands: [(0, .start(workout: "push")), (30, .setDone), (35, .adjustRest(by: 15))], at: 40, title: "Rest",
            artist: "Push Day", album: "Next: Bench Press — set 2 of 2, 8 × 80 kg", length: 75, position: 10, status: .playing,
            canGoNext: true),
        Row(name: "strength, the last set", toml: push, commands: [(0, .start(workout: "push")), (30, .setDone)], at: 100,
            title: "Bench Press — set 2 of 2", artist: "Push Day · 8 × 80 kg", album: "Next: done", length: nil, position: 0,
            status: .paused, canGoNext: true),
        Row(name: "strength in private mode: nothing named", toml: "[reminders]\nprivate = true\n" + push,
            commands: [(0, .start(workout: "push"))], at: 30, title: "Set 1 of 2", artist: "Workout", album: "Next: Rest 1m",
            length: nil, position: 0, status: .paused, canGoNext: true),
        Row(name: "a rest timer", commands: [(0, .rest(seconds: 90))], at: 30, title: "Rest", artist: "Rest",
            album: "Next: your next set", length: 90, position: 30, status: .playing, canGoNext: true),
    ]

    @Test(arguments: rows)
    func thePlayerShowsThePhase(_ row: Row) throws {
        var world = try EngineHarness(row.toml, at: Self.start)
        let begin = world.now
        for (at, command) in row.commands {
            world.advance(to: begin.addingTimeInterval(at))
            guard case .success = world.command(command) else { Issue.record("\(command) refused"); return }
        }
        world.advance(to: begin.addingTimeInterval(row.at))
        let playing = try #require(world.state.nowPlaying)
        #expect(playing.title == row.title)
        #expect(playing.artist == row.artist)
        #expect(playing.album == row.album)
        #expect(playing.length == row.length)
        #expect(playing.position(at: world.now) == row.position)
        #expect(playing.status == row.status)
        #expect(playing.canGoNext == row.canGoNext)
    }

    @Test func theEngineTellsEachChangeAndNoPlayerAfterTheSession() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.command(.walkRun(WalkRunPlan(run: 10, walk: 5, repeats: 1), title: nil, workout: nil))
        world.advance(by: 60)
        let told = world.effects.compactMap { if case .nowPlaying(let playing) = $0 { playing.map(\.title) ?? "none" } else { nil } }
        #expect(told == ["Run", "Walk", "Complete", "none"])
    }

    @Test func mprisOffMeansNoPlayer() throws {
        var world = try EngineHarness("[mpris]\nenabled = false\n", at: Self.start)
        _ = world.command(Self.hiit)
        world.advance(by: 100)
        #expect(world.state.nowPlaying == nil)
        #expect(!world.effects.contains { if case .nowPlaying = $0 { true } else { false } })
    }

    @Test func eachPhaseIsItsOwnTrack() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.command(Self.hiit)
        var tracks: [String] = []
        for _ in 0..<6 {
            tracks.append(try #require(world.state.nowPlaying).track)
            world.advance(by: 20)
        }
        #expect(tracks == ["0", "0", "1", "2", "2", "3"])
    }

    static func told(_ world: EngineHarness) -> [String] {
        world.effects.compactMap {
            guard case .nowPlaying(let playing) = $0 else { return nil }
            guard let playing else { return "none" }
            return playing.session == nil ? "idle" : playing.title
        }
    }

    /// Plasma 5.27's open lock screen follows no player again once the last one has left the bus: while
    /// the screen is locked the player stays after a session, stopped with no track, and the next
    /// session shows in it; it leaves at the unlock.
    @Test func aLockedScreenKeepsThePlayerBetweenSessions() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.send(.screenLocked(true))
        _ = world.command(.rest(seconds: 30))
        world.advance(by: 40)  // the rest is over
        #expect(world.state.session == nil)
        #expect(world.state.nowPlaying == .idle)
        let idle = try #require(world.state.nowPlaying)
        #expect((idle.status, idle.canGoNext, idle.title, idle.length) == (.stopped, false, "", nil))
        _ = world.command(Self.hiit)
        #expect(world.state.nowPlaying?.title == "Work")
        _ = world.command(.stop)
        #expect(world.state.nowPlaying == .idle)
        _ = world.send(.screenLocked(false))
        #expect(world.state.nowPlaying == nil)
        #expect(Self.told(world) == ["Rest", "Rest", "idle", "Work", "idle", "none"])  // the rest, over, then no session
    }

    @Test func anUnlockedScreenHasNoPlayerWithoutASession() throws {
        var world = try EngineHarness(at: Self.start)
        _ = world.command(Self.hiit)
        _ = world.command(.stop)
        _ = world.send(.screenLocked(true))  // locked after the session: nothing to keep
        _ = world.send(.screenLocked(false))
        _ = world.command(.rest(seconds: 30))
        _ = world.send(.screenLocked(true))
        _ = world.send(.screenLocked(false))  // unlocked during the session: it goes with the session
        world.advance(by: 40)
        #expect(Self.told(world) == ["Work", "none", "Rest", "Rest", "none"])
    }

    @Test func aLockedScreenKeepsNoPlayerWhenMPRISIsOff() throws {
        var world = try EngineHarness("[mpris]\nenabled = false\n", at: Self.start)
        _ = world.send(.screenLocked(true))
        _ = world.command(Self.hiit)
        _ = world.command(.stop)
        #expect(Self.told(world).isEmpty)
    }
}
