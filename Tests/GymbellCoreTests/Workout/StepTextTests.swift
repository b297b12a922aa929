import Foundation
import Testing
@testable import GymbellCore

/// One text per thing said in a workout of steps (issue 44): a step begun by Done reads as the same step
/// reached by the clock, and the session's phase is the step `status` names.
@Suite("Step texts: one function for each")
struct StepTextTests {
    @Test func aRestBegunByDoneSaysWhatItsReminderSaysWhenTheClockReachesIt() throws {
        var (world, _) = try EngineStepTests.started("body")
        world.advance(by: 10)
        guard case .success = world.command(.setDone) else { Issue.record("Done refused"); return }
        // The rest after Done, as shown now.
        let afterDone = try #require(world.shown.last)
        let cue = StepCue(
            next: WorkoutStep(.rest, seconds: 15, round: 1, rounds: 2),
            after: WorkoutStep(.work, name: "Plank", seconds: 30, round: 1, rounds: 2))
        #expect(afterDone.title == "Rest — 15 s")
        #expect(afterDone.body == "Next: Plank — 30 s · Round 1 of 2")
        #expect((afterDone.title, afterDone.body) == ReminderContent.step(cue).text(.english))
        #expect(afterDone.kind == .session(audible: false))  // the person just did something: no sound
        // The round's rest, reached by the clock after the plank: said by the same function.
        world.advance(by: 15 + 30)
        let byClock = try #require(world.shown.last)
        #expect(byClock.title == "Rest — 30 s")
        #expect(byClock.body == "Next: Push-ups — 10 reps · Round 2 of 2")
        #expect(byClock.kind == .session(audible: true))
        // Done on round 2's push-ups: the rest before its plank says what round 1's said, its round aside.
        world.advance(by: 30)
        _ = world.command(.setDone)
        #expect(world.shown.last?.title == "Rest — 15 s")
        #expect(world.shown.last?.body == "Next: Plank — 30 s · Round 2 of 2")
    }

    @Test func theSessionsPhaseIsTheStepStatusNames() throws {
        var (world, _) = try EngineStepTests.started("body")
        world.advance(by: 12)
        let session = try #require(world.state.session?.session)
        let step = try #require(StatusStep(session, at: world.now, messages: .english))
        #expect(session.phase(at: world.now) == "Push-ups — 10 reps, round 1 of 2")
        #expect(step.text == session.phase(at: world.now) + " · next: Rest — 15 s")

        var (amrap, _) = try EngineStepTests.started("amrap")
        amrap.advance(by: 5)
        _ = amrap.command(.setDone)
        _ = amrap.command(.setDone)
        let counting = try #require(amrap.state.session?.session)
        #expect(counting.phase(at: amrap.now) == "AMRAP: 10 Squats — 2 min, rounds done: 2")
        #expect(StatusStep(counting, at: amrap.now, messages: .english)?.text == counting.phase(at: amrap.now))
    }

    @Test func plusFifteenSecondsOnALaterStepOfARunKeepsTheClockOnThatStep() throws {
        var (world, begin) = try EngineStepTests.started("tabata")
        world.advance(by: 10 + 20 + 3)  // the get-ready and Burpees run through: 3 s into the rest
        guard case .success(.until(let end)) = world.command(.adjustRest(by: 15)) else { Issue.record("+15 s refused"); return }
        #expect(end == begin.addingTimeInterval(10 + 20 + 10 + 15))
        let session = try #require(world.state.session?.session)
        let step = try #require(StatusStep(session, at: world.now, messages: .english))
        #expect(step.label == "Rest — 10 s" && step.left == 22)
        #expect(world.sets.map(\.exercise) == ["Burpees"])  // logged as the rest's part began, once
        world.advance(by: 22)
        #expect(world.audible(since: begin).last! == (55, "Mountain climbers — 20 s"))
        world.advance(by: 5)
        _ = world.command(.stop)
        #expect(world.sets.map(\.exercise) == ["Burpees"])
        #expect(world.sets.first?.seconds == 20)
    }
}
