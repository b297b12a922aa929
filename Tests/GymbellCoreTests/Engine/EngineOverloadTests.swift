import Foundation
import Testing
@testable import GymbellCore

/// Progressive overload through the engine: the suggestion after the workout, "Next time" raising the
/// planned weight of the next workouts, "Dismiss", and `gymbell weights`.
@Suite("Engine: progressive overload and planned weights")
struct EngineOverloadTests {
    static let config = """
        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [
          { name = "Bench Press", sets = 2, reps = 8, weight = 100, rest = 60 },
          { name = "Squat", sets = 1, reps = 5, weight = 100, rest = 60 },
          { name = "Lateral Raise", sets = 1, reps = 12, weight = 10, rest = 60 },
        ]

        [program]

        """

    static let title = "Time for more weight? 💪"

    /// One workout on `day` (10:00 Berlin), every set done as planned.
    static func train(_ world: inout EngineHarness, on day: Int) {
        world.advance(to: instant(String(format: "2026-03-%02dT10:00:00+01:00", day)))
        _ = world.command(.start(workout: "push"))
        while world.state.session != nil { _ = world.command(.setDone) }
        world.advance(by: 15)  // the suggestion comes once the completion has had its glance
    }

    static func suggestion(_ world: EngineHarness) -> Reminder? {
        world.effects.compactMap { effect -> Reminder? in
            if case .present(let reminder, _, _, _) = effect, reminder.kind == .overloadSuggestion { return reminder }
            return nil
        }.last
    }

    @Test func afterThreeSessionsAtThePlannedWeightMoreIsSuggested() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        Self.train(&world, on: 2)
        Self.train(&world, on: 4)
        #expect(Self.suggestion(world) == nil)
        Self.train(&world, on: 6)
        let shown = try #require(world.shown.last { $0.title == Self.title })
        #expect(shown.at == instant("2026-03-06T10:00:10+01:00"))  // 10 s after the workout's end
        // Upper body +2.5 kg, legs +5 kg; an isolation exercise never.
        #expect(shown.body == "Bench Press 100 kg: 3× done. Try 102.5 kg!\nSquat 100 kg: 3× done. Try 105 kg!")
        let notice = ReminderNotice.make(
            for: try #require(Self.suggestion(world)), server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["next-time", "dismiss"])
        #expect(notice.expireTimeout == 0)  // it waits for an answer
    }

    @Test func nextTimeRaisesThePlannedWeightOfTheNextWorkouts() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        for day in [2, 4, 6] { Self.train(&world, on: day) }
        let offer = try #require(Self.suggestion(world))
        world.send(.action(on: .reminder(offer), key: ReminderAction.nextTime.key))
        #expect(world.state.overrides["Bench Press"]?.weight == 102.5)
        #expect(world.state.overrides["Squat"]?.weight == 105)
        #expect(world.writes.contains(.setOverride(WeightOverride(exercise: "Squat", weight: 105, unit: .kg, since: world.now))))
        #expect(world.effects.contains(.close(.reminder(offer.id))))
        guard case .success(.weights(let weights)) = world.command(.weights) else { Issue.record("no weights"); return }
        #expect(weights.map { "\($0.exercise) \($0.weight ?? 0)/\($0.configured ?? 0) \($0.raisedAt != nil)" } == [
            "Bench Press 102.5/100.0 true", "Squat 105.0/100.0 true", "Lateral Raise 10.0/10.0 false",
        ])
        // The next workout plans the new weights: its card's next set says so.
        world.advance(to: instant("2026-03-08T10:00:00+01:00"))
        _ = world.command(.start(workout: "push"))
        let session = try #require(world.state.session?.session)
        #expect(session.stepProgress?.steps.filter(\.isWork).map(\.weight) == [102.5, 102.5, 105, 10])
        #expect(session.strengthView(at: world.now)?.nextSet?.description(.english) == "Bench Press — set 1 of 2, 8 × 102.5 kg")
        while world.state.session != nil { _ = world.command(.setDone) }
        #expect(world.sets.suffix(4).map(\.loadText) == ["8 × 102.5 kg", "8 × 102.5 kg", "5 × 105 kg", "12 × 10 kg"])
        // One session at the new weight is not three: no new suggestion yet.
        #expect(world.shown.filter { $0.title == Self.title }.count == 1)
    }

    @Test func dismissWaitsUntilTheRuleHoldsWithLaterSessions() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        for day in [2, 4, 6] { Self.train(&world, on: day) }
        world.send(.action(on: .reminder(try #require(Self.suggestion(world))), key: ReminderAction.dismiss.key))
        #expect(world.state.overrides.isEmpty)
        #expect(world.state.overloadDismissed.keys.sorted() == ["Bench Press", "Squat"])
        for day in [8, 10] { Self.train(&world, on: day) }
        #expect(world.shown.filter { $0.title == Self.title }.count == 1)
        Self.train(&world, on: 12)  // three sessions begun after the dismissal
        #expect(world.shown.filter { $0.title == Self.title }.count == 2)
        // A click on the text answers nothing.
        let again = try #require(Self.suggestion(world))
        world.send(.action(on: .reminder(again), key: ReminderAction.defaultClick.key))
        #expect(world.state.overrides.isEmpty)
        #expect(world.state.overloadOffers[again.id] != nil)
    }

    @Test func inPrivateModeTheTextNamesNoLiftButNextTimeStillKnowsThem() throws {
        var world = try EngineHarness(Self.config + "[reminders]\nprivate = true\n", at: "2026-03-01T09:00:00+01:00")
        for day in [2, 4, 6] { Self.train(&world, on: day) }
        let offer = try #require(Self.suggestion(world))
        #expect(offer.text(.english).body == "A lift is ready for more weight.")
        world.send(.action(on: .reminder(offer), key: ReminderAction.nextTime.key))
        #expect(world.state.overrides.keys.sorted() == ["Bench Press", "Squat"])
    }

    @Test func overloadOffIsNeverSuggested() throws {
        var world = try EngineHarness(Self.config + "[progress]\noverload = false\n", at: "2026-03-01T09:00:00+01:00")
        for day in [2, 4, 6, 8] { Self.train(&world, on: day) }
        #expect(Self.suggestion(world) == nil)
    }

    /// The window's finish page reads the suggestion from the status while its notification waits its
    /// glance, and accepts an exercise with `weights --set`: that one is not asked again; the others are.
    @Test func aWeightSetBeforeTheSuggestionShowsTakesItsExerciseOutOfIt() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        Self.train(&world, on: 2)
        Self.train(&world, on: 4)
        world.advance(to: instant("2026-03-06T10:00:00+01:00"))
        _ = world.command(.start(workout: "push"))
        while world.state.session != nil { _ = world.command(.setDone) }
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        let pending = try #require(status.pending.first { $0.kind == "overload_suggestion" })
        #expect(pending.overload?.map { "\($0.exercise) \($0.weight)→\($0.next) \($0.unit)" } == ["Bench Press 100.0→102.5 kg", "Squat 100.0→105.0 kg"])
        let decoded = try StatusReport.decode(jsonText: status.jsonText())
        #expect(decoded.pending.first { $0.kind == "overload_suggestion" }?.overload == pending.overload)  // read back as sent
        #expect(status.jsonText().contains("\"overload\":[{"))
        #expect(!(try StatusReport.decode(jsonText: status.jsonText())).pending.contains { $0.kind != "overload_suggestion" && $0.overload != nil })
        _ = world.command(.setWeight(exercise: "Bench Press", weight: 102.5))
        world.advance(by: 15)
        let shown = try #require(world.shown.last { $0.title == Self.title })
        #expect(shown.body == "Squat 100 kg: 3× done. Try 105 kg!")  // Bench Press was answered
        // Both answered: no question at all.
        Self.train(&world, on: 8)
        Self.train(&world, on: 10)
        world.advance(to: instant("2026-03-12T10:00:00+01:00"))
        _ = world.command(.start(workout: "push"))
        while world.state.session != nil { _ = world.command(.setDone) }
        guard case .success(.status(let again)) = world.command(.status) else { Issue.record("no status"); return }
        let offered = try #require(again.pending.first { $0.kind == "overload_suggestion" }?.overload).map(\.exercise)
        for exercise in offered { _ = world.command(.setWeight(exercise: exercise, weight: 120)) }
        let before = world.shown.filter { $0.title == Self.title }.count
        world.advance(by: 15)
        #expect(world.shown.filter { $0.title == Self.title }.count == before)
        guard case .success(.status(let after)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(!after.pending.contains { $0.kind == "overload_suggestion" })
    }

    @Test func weightsAreSetAndResetByHand() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        #expect(world.command(.resetWeights([])) == .success(.text("No weight is raised: every exercise is planned as configured.")))
        #expect(world.command(.setWeight(exercise: "bench press", weight: 105))
            == .success(.text("Bench Press: 105 kg from the next workout on (configured: 100 kg).")))
        #expect(world.state.overrides["Bench Press"]?.weight == 105)
        guard case .failure(.invalidArgument(let unknown)) = world.command(.setWeight(exercise: "Deadlift", weight: 140)) else {
            Issue.record("an unknown exercise was planned"); return
        }
        #expect(unknown == "no exercise named \"Deadlift\" in the strength workouts of config.toml; they have: \"Bench Press\", \"Squat\", \"Lateral Raise\"")
        #expect(world.command(.setWeight(exercise: "Squat", weight: 0))
            == .failure(.invalidArgument("a planned weight must be more than 0 and at most 2000, not 0")))
        #expect(world.command(.setWeight(exercise: "Squat", weight: .nan)) != .success(.text("")))
        #expect(world.state.overrides["Squat"] == nil)
        #expect(world.command(.resetWeights(["Squat"]))
            == .failure(.invalidArgument("\"Squat\" is planned as configured already; raised: \"Bench Press\"")))
        #expect(world.command(.resetWeights(["Bench Press"])) == .success(.text("Bench Press: back to 100 kg as configured.")))
        #expect(world.state.overrides.isEmpty)
        #expect(world.writes.contains(.removeOverrides(["Bench Press"])))
    }

    @Test func absurdWeightsAreRefusedWithoutCrashing() {
        // Found by the D-Bus fuzzer: a refusal's text once turned 1e308 into an Int and trapped.
        var world = try! EngineHarness(Self.config, at: "2026-03-01T09:00:00+01:00")
        for weight in [1e308, -1e308, 2.0e15, -0.0] {
            guard case .failure(.invalidArgument) = world.command(.setWeight(exercise: "Squat", weight: weight)) else {
                Issue.record("\(weight) was accepted"); continue
            }
        }
        _ = world.command(.start(workout: "push"))
        guard case .failure(.invalidArgument(let why)) = world.command(.setDoneAs(SetCorrection(weight: 1e308))) else {
            Issue.record("set-done --weight 1e308 accepted"); return
        }
        #expect(why == "a weight must be 0 to 2000, not 1e+308")
        #expect(WeightUnit.number(.infinity) == "inf" && WeightUnit.number(102.456) == "102.46")
    }

    @Test func anOverrideInPoundsPlansAKilogramExerciseConverted() {
        let exercises = [Exercise(name: "Bench Press", sets: 1, reps: 5, weight: 100, unit: "kg", rest: [60])]
        let overrides = ["Bench Press": WeightOverride(exercise: "Bench Press", weight: 225, unit: .lb, since: Date(timeIntervalSince1970: 0))]
        let planned = WeightOverride.apply(overrides, to: exercises)
        #expect(abs((planned[0].weight ?? 0) - 102.058) < 0.001)
    }
}
