import Foundation
import Testing
@testable import GymbellCore

/// A workout of steps run by the engine (issue 44): every transition says what to do, steps by reps
/// wait for Done, timed steps end by themselves; pause, skip, ±15 s and a restart work on them.
@Suite("Engine: workouts of steps")
struct EngineStepTests {
    static let start = "2026-03-02T10:00:00+01:00"
    static let circuit = """
        [workouts.body]
        title = "Full body"
        kind = "circuit"
        rounds = 2
        rest = "15s"
        round_rest = "30s"
        stations = [{ name = "Push-ups", reps = 10 }, { name = "Plank", time = "30s" }]

        [workouts.tabata]
        title = "Tabata"
        kind = "hiit"
        rounds = 4
        work = "20s"
        rest = "10s"
        exercises = ["Burpees", "Mountain climbers"]

        [workouts.amrap]
        title = "AMRAP"
        kind = "amrap"
        time = "2m"
        get_ready = "0s"
        stations = [{ name = "Squats", reps = 10 }]

        """

    static func started(_ name: String) throws -> (EngineHarness, Date) {
        var world = try EngineHarness(circuit, at: start)
        let begin = world.now
        guard case .success = world.command(.start(workout: name)) else { throw Failure("start refused") }
        return (world, begin)
    }

    struct Failure: Error { let why: String; init(_ why: String) { self.why = why } }

    @Test func aCircuitNamesEveryStepAndWaitsForDoneOnRepsStations() throws {
        var (world, begin) = try Self.started("body")
        #expect(world.state.session?.session.kind == .circuit)
        #expect(world.shown.last?.title == "Get ready — 10 s")
        #expect(world.shown.last?.body == "Full body · Next: Push-ups — 10 reps")
        world.advance(by: 10)
        #expect(world.audible(since: begin).last! == (10, "Push-ups — 10 reps"))
        #expect(world.shown.last?.body == "Round 1 of 2 · Done when finished")
        world.advance(by: 60)  // a set by reps waits as long as it takes
        #expect(world.audible(since: begin).count == 1)
        guard case .success(.text(let reply)) = world.command(.setDone) else { Issue.record("Done refused"); return }
        #expect(reply == "Push-ups done. Next: Rest — 15 s")
        world.advance(by: 15)
        #expect(world.audible(since: begin).last! == (85, "Plank — 30 s"))
        #expect(world.shown.last?.body == "Round 1 of 2 · Then: Rest — 30 s")
        world.advance(by: 30)
        #expect(world.audible(since: begin).last! == (115, "Rest — 30 s"))
        #expect(world.shown.last?.body == "Next: Push-ups — 10 reps · Round 2 of 2")
        world.advance(by: 30)
        _ = world.command(.setDone)
        world.advance(by: 15 + 30)
        #expect(world.audible(since: begin).last?.1 == "Workout complete 🎉")
        #expect(world.state.session == nil)
        #expect(world.history.last?.outcome == .completed)
        #expect(world.sets.map(\.exercise) == ["Push-ups", "Plank", "Push-ups", "Plank"])
        #expect(world.sets.map(\.setNumber) == [1, 1, 2, 2])
        #expect(world.sets.map(\.seconds) == [nil, 30, nil, 30])
        #expect(world.sets[1].at == begin.addingTimeInterval(115))  // when the plank ended
    }

    @Test func gymbellRestDuringACircuitBelongsToIt() throws {
        var (world, begin) = try Self.started("body")
        world.advance(by: 12)  // Push-ups, round 1, waiting for Done
        let session = try #require(world.state.session?.session.id)
        // A rest before the station (it replaced the whole workout before): the circuit runs on after it.
        guard case .success(.until(let end)) = world.command(.rest(seconds: 20)) else { Issue.record("rest refused"); return }
        #expect(end == begin.addingTimeInterval(32) && world.state.session?.session.id == session)
        world.advance(by: 20)
        #expect(world.audible(since: begin).last! == (32, "Push-ups — 10 reps"))
        _ = world.command(.setDone)
        world.advance(by: 5)  // in the 15 s rest after it: `rest 40` makes that rest 40 s from now
        guard case .success(.until(let longer)) = world.command(.rest(seconds: 40)) else { Issue.record("rest refused"); return }
        #expect(longer == begin.addingTimeInterval(77))
        world.advance(by: 40)
        #expect(world.audible(since: begin).last! == (77, "Plank — 30 s"))
        // A timed exercise running ends by itself, or by skip: a rest is refused, nothing changes.
        let before = world.state
        guard case .failure(let error) = world.command(.rest(seconds: 10)) else { Issue.record("rest taken during the plank"); return }
        #expect("\(error)".contains("ends by itself") && world.state == before)
        #expect(world.sets.map(\.exercise) == ["Push-ups"])
    }

    @Test func aTimedStepRefusesDoneAndSkipMovesOn() throws {
        var (world, begin) = try Self.started("tabata")
        world.advance(by: 12)  // Burpees, round 1
        #expect(world.audible(since: begin).last! == (10, "Burpees — 20 s"))
        guard case .failure(let error) = world.command(.setDone) else { Issue.record("Done taken on a timed step"); return }
        #expect("\(error)".contains("ends by itself"))
        guard case .success = world.command(.skip) else { Issue.record("skip refused"); return }
        #expect(world.audible(since: begin).last! == (12, "Rest — 10 s"))
        world.advance(by: 10)
        #expect(world.audible(since: begin).last! == (22, "Mountain climbers — 20 s"))
    }

    @Test func pauseAndPlusFifteenSecondsMoveWhatComesAfter() throws {
        var (world, begin) = try Self.started("tabata")
        world.advance(by: 15)
        _ = world.command(.pause)
        world.advance(by: 60)
        #expect(world.audible(since: begin).count == 1)  // Burpees at 10 s only
        _ = world.command(.resume)
        guard case .success = world.command(.adjustRest(by: 15)) else { Issue.record("+15 s refused"); return }
        world.advance(by: 30)
        // Burpees began at 10 s, ran 5 s, paused 60 s, +15 s: its 20 s end at 10 + 60 + 20 + 15 = 105 s.
        #expect(world.audible(since: begin).last! == (105, "Rest — 10 s"))
    }

    @Test func anAmrapCountsRoundsWithDoneUntilItsCap() throws {
        var (world, begin) = try Self.started("amrap")
        #expect(world.shown.last?.title == "AMRAP: 10 Squats — 2 min")
        for _ in 0..<3 {
            world.advance(by: 20)
            guard case .success = world.command(.setDone) else { Issue.record("round refused"); return }
        }
        world.advance(by: 120)
        #expect(world.audible(since: begin).last! == (120, "Workout complete 🎉"))
        #expect(world.shown.last(where: { $0.title == "Workout complete 🎉" })?.body == "AMRAP: 3 rounds. Great work!")
    }

    @Test func aStopLogsTheTimedStepsRunThroughButNotTheOneItCutShort() throws {
        var (world, _) = try Self.started("tabata")
        world.advance(by: 10 + 20 + 10 + 5)  // Burpees done, rest done, 5 s into Mountain climbers
        _ = world.command(.stop)
        #expect(world.sets.map(\.exercise) == ["Burpees"])
        #expect(world.sets.first?.seconds == 20)
    }

    @Test func theMediaKeyNextIsDoneOnAStepByRepsAndSkipOnATimedOne() throws {
        var (world, begin) = try Self.started("body")
        world.advance(by: 10)
        let playing = try #require(world.state.nowPlaying)
        #expect(playing.title == "Push-ups — 10 reps" && playing.status == .paused && playing.canGoNext)
        #expect(playing.album == "Next: Rest — 15 s")
        guard case .success = world.command(.player(.next)) else { Issue.record("Next refused"); return }
        #expect(world.sets.map(\.exercise) == ["Push-ups"])
        #expect(world.state.nowPlaying?.title == "Rest — 15 s" && world.state.nowPlaying?.status == .playing)
        guard case .success = world.command(.player(.next)) else { Issue.record("Next refused"); return }
        #expect(world.audible(since: begin).last! == (10, "Plank — 30 s"))
    }

    @Test func aSupersetWithAPlankAlternatesDoneAndTimedSetsToTheEnd() throws {
        var world = try EngineHarness("""
            [workouts.db]
            title = "Dumbbells"
            kind = "strength"
            exercises = [
              { name = "Curl", sets = 2, reps = 10, weight = 12, superset = "A" },
              { name = "Press", sets = 2, reps = 8, weight = 14, superset = "A", rest = "1m" },
              { name = "Plank", sets = 1, time = "40s", rest = "30s" },
            ]
            """, at: Self.start)
        let begin = world.now
        _ = world.command(.start(workout: "db"))
        #expect(world.state.session?.session.kind == .strength)
        #expect(world.shown.last?.title == "Curl — 10 × 12 kg")
        _ = world.command(.setDone)
        #expect(world.shown.last?.title == "Press — 8 × 14 kg")  // straight on, no rest inside the superset
        _ = world.command(.setDone)
        world.advance(by: 60)
        #expect(world.audible(since: begin).last! == (60, "Curl — 10 × 12 kg"))
        _ = world.command(.setDone)
        _ = world.command(.setDone)
        world.advance(by: 60 + 40)
        #expect(world.audible(since: begin).map(\.1).suffix(2) == ["Plank — 40 s", "Workout complete 🎉"])
        #expect(world.sets.map(\.exercise) == ["Curl", "Press", "Curl", "Press", "Plank"])
        #expect(world.sets.last?.seconds == 40)
        #expect(world.history.last?.outcome == .completed)
    }

    @Test func aRestartCarriesOnWhereTheWorkoutStood() throws {
        var (world, begin) = try Self.started("body")
        world.advance(by: 10)
        _ = world.command(.setDone)
        world.advance(by: 5)
        let stored = EngineStateReloadTests.stored(world.state)
        // A new process with what the database holds, 5 s later: the rest still ends at 25 s.
        var restarted = try EngineHarness(Self.circuit, at: "2026-03-02T10:00:20+01:00", stored: stored)
        restarted.advance(by: 5)
        #expect(restarted.audible(since: begin).last! == (25, "Plank — 30 s"))
    }
}

@Suite("Steps: what is said")
struct StepVoiceTests {
    @Test func aStepIsSpokenInWordsMadeForTheEar() {
        let climbers = WorkoutStep(.work, name: "Mountain climbers", seconds: 40, round: 2, rounds: 3)
        #expect(ReminderContent.step(StepCue(next: climbers, after: nil)).spoken(.english) == "Next: Mountain climbers, 40 seconds.")
        let rest = WorkoutStep(.rest, seconds: 90)
        #expect(ReminderContent.step(StepCue(next: rest, after: climbers)).spoken(.english)
            == "Rest, 1 minute 30 seconds. Next: Mountain climbers, 40 seconds.")
        #expect(ReminderContent.hiitRestOver.spoken(.english) == "Rest over. Get moving!")
    }
}

@Suite("Steps: sounds apart")
struct StepCueTests {
    static let tabata = EngineStepTests.circuit + """

        [sound]
        countdown = true

        """

    @Test func workRestAndTheLastSecondsSoundApart() throws {
        var world = try EngineHarness(Self.tabata, at: EngineStepTests.start)
        let begin = world.now
        _ = world.command(.start(workout: "tabata"))
        world.advance(by: 10 + 20 + 10)
        #expect(world.audible(since: begin).map(\.0) == [7, 10, 27, 30, 37, 40])  // get-ready and Burpees both ≥ 8 s: their last 3 s
        let cues = world.effects.compactMap { effect -> SoundCue? in
            guard case .showSession(let notice, _, true, _, _, _) = effect else { return nil }
            return notice.cue
        }
        #expect(cues == [.countdown, .work, .countdown, .rest, .countdown, .work])
        #expect(SoundCue.work.themeName(SoundSettings()) == "bell")
        var plain = SoundSettings()
        plain.cues = false
        #expect(SoundCue.work.themeName(plain) == nil)
    }

    @Test func skippingAStepPassesOverItsCountdown() throws {
        var world = try EngineHarness(Self.tabata, at: EngineStepTests.start)
        let begin = world.now
        _ = world.command(.start(workout: "tabata"))
        world.advance(by: 12)
        _ = world.command(.skip)  // Burpees ends now: its countdown at 27 s is passed over, the rest's comes at 19 s
        world.advance(by: 10)
        #expect(world.audible(since: begin).map(\.0) == [7, 10, 12, 19, 22])
        #expect(world.audible(since: begin).map(\.1)
            == ["3 seconds left", "Burpees — 20 s", "Rest — 10 s", "3 seconds left", "Mountain climbers — 20 s"])
    }
}
