import Foundation
import Testing
@testable import GymbellCore

/// `gymbell status` during a workout of steps (issue 44, item 6): the step, its round and what comes
/// next, in the text and in `--json`.
@Suite("Status: the step now")
struct StatusStepTests {
    static func report(_ world: EngineHarness) -> StatusReport {
        StatusReport(session: world.state.session?.session, pending: [], nextDaily: nil, now: world.now)
    }

    @Test func theStepItsRoundAndTheNextFollowTheWorkout() throws {
        var (world, _) = try EngineStepTests.started("body")
        var step = try #require(Self.report(world).session?.step)
        #expect(step.text == "Get ready — 10 s · next: Push-ups — 10 reps")
        #expect(step.number == 1 && step.count == 8 && step.role == "get_ready" && step.left == 10)
        world.advance(by: 10)
        step = try #require(Self.report(world).session?.step)
        #expect(step.text == "Push-ups — 10 reps, round 1 of 2 · next: Rest — 15 s")
        #expect(step.name == "Push-ups" && step.reps == 10 && step.seconds == nil && step.left == nil && step.round == 1 && step.rounds == 2)
        _ = world.command(.setDone)
        world.advance(by: 15 + 12)
        step = try #require(Self.report(world).session?.step)
        #expect(step.text == "Plank — 30 s, round 1 of 2 · next: Rest — 30 s")
        #expect(step.left == 18 && step.next == "Rest — 30 s")
        _ = world.command(.pause)
        world.advance(by: 100)
        #expect(Self.report(world).session?.step?.left == 18)  // paused: the hold stands still
        _ = world.command(.resume)
        world.advance(by: 18 + 30 + 1)
        step = try #require(Self.report(world).session?.step)
        #expect(step.text == "Push-ups — 10 reps, round 2 of 2 · next: Rest — 15 s")
    }

    @Test func theLastStepHasNoNextAndAnAmrapCountsItsRounds() throws {
        var (world, _) = try EngineStepTests.started("amrap")
        _ = world.command(.setDone)
        let step = try #require(Self.report(world).session?.step)
        #expect(step.text == "AMRAP: 10 Squats — 2 min, rounds done: 1")
        #expect(step.next == nil && step.roundsDone == 1)
    }

    @Test func theJSONCarriesTheStepAndNullForOtherSessions() throws {
        var (world, _) = try EngineStepTests.started("body")
        world.advance(by: 10)
        let json = Self.report(world).jsonText()
        #expect(json.contains(#""step":{"count":8,"label":"Push-ups — 10 reps","left":null,"name":"Push-ups","next":"Rest — 15 s","#
            + #""number":2,"reps":10,"role":"work","round":1,"rounds":2,"rounds_done":null,"seconds":null,"set":null,"sets":null,"#
            + #""text":"Push-ups — 10 reps, round 1 of 2 · next: Rest — 15 s"}"#), "\(json)")
        #expect(try StatusReport.decode(jsonText: json) == Self.report(world))
        let rest = Session(id: SessionID("r"), kind: .rest, title: "Rest", startedAt: world.now, endsAt: world.now.addingTimeInterval(60))
        let plain = StatusReport(session: rest, pending: [], nextDaily: nil, now: world.now)
        #expect(plain.jsonText().contains(#""step":null,"#))
        // What a daemon before issue 44 sent reads without a step.
        let old = plain.jsonText().replacingOccurrences(of: #","step":null"#, with: "")
        #expect(try StatusReport.decode(jsonText: old).session?.step == nil)
    }
}
