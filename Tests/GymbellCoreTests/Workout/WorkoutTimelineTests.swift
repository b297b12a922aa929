import Foundation
import Testing
@testable import GymbellCore

/// Every kind as a timeline of steps (issue 44): the old kinds' timelines are the ones they always had,
/// the home kinds are what a person at home writes.
@Suite("Workout timeline")
struct WorkoutTimelineTests {
    static let start = instant("2026-03-02T10:00:00+01:00")

    /// The instants the timed steps end at, from the start.
    static func ends(_ steps: [WorkoutStep]) -> [TimeInterval] {
        var offset: TimeInterval = 0
        return steps.map { offset += $0.seconds ?? 0; return offset }
    }

    @Test(arguments: [
        HIITPlan(rounds: 5, work: 40, rest: 20), HIITPlan(rounds: 1, work: 30, rest: 0), HIITPlan(rounds: 8, work: 20, rest: 10),
        HIITPlan(rounds: 3, work: 45, rest: 0),
    ])
    func anonymousHIITEndsItsStepsWhereItsRemindersAlwaysFell(_ plan: HIITPlan) {
        // HIIT's timeline as DESIGN.md §4 has always given it: work done at k(W+S)+W, rest over at (k+1)(W+S),
        // the last rest's end (or the last work's, without rest) the completion.
        var old: [TimeInterval] = []
        for k in 0..<plan.rounds {
            old.append(Double(k) * (plan.work + plan.rest) + plan.work)
            if plan.rest > 0 { old.append(Double(k + 1) * (plan.work + plan.rest)) }
        }
        #expect(SessionPlanner.hiit(id: SessionID("s"), plan: plan, startingAt: Self.start).reminders.map { $0.due.timeIntervalSince(Self.start) } == old)
        let steps = WorkoutTimeline.main(.hiit(plan))
        #expect(Self.ends(steps) == old)
        #expect(steps.filter(\.isWork).count == plan.rounds)
        #expect(steps.allSatisfy { $0.name == nil && $0.isTimed })
    }

    @Test(arguments: [WalkRunPlan(run: 120, walk: 60, repeats: 3), WalkRunPlan(run: 60, walk: 90, repeats: 1)])
    func walkRunEndsItsStepsWhereItsRemindersAlwaysFell(_ plan: WalkRunPlan) {
        var old: [TimeInterval] = []
        let cycle: TimeInterval = plan.run + plan.walk
        for k in 0..<plan.repeats {
            old.append(Double(k) * cycle + plan.run)
            old.append(Double(k + 1) * cycle)
        }
        #expect(SessionPlanner.walkRun(id: SessionID("s"), plan: plan, startingAt: Self.start).reminders.map { $0.due.timeIntervalSince(Self.start) } == old)
        #expect(Self.ends(WorkoutTimeline.main(.walkRun(plan))) == old)
    }

    @Test func strengthIsItsSetsAndTheRestsBetweenThemAsTheStrengthPathRunsThem() {
        let exercises = [
            Exercise(name: "Squat", sets: 3, reps: 5, weight: 100, rest: [120, 120, 180]),
            Exercise(name: "Row", sets: 2, reps: 8, weight: 60, rest: [90]),
        ]
        // As the strength path before issue 44 ran them: set after set, each but the last followed by its rest.
        let old = ["Squat 1/3", "rest 120", "Squat 2/3", "rest 120", "Squat 3/3", "rest 180", "Row 1/2", "rest 90", "Row 2/2"]
        let steps = WorkoutTimeline.main(.strength(exercises: exercises)).map { step in
            step.role == .rest ? "rest \(Int(step.seconds ?? 0))" : "\(step.name ?? "") \(step.set ?? 0)/\(step.sets ?? 0)"
        }
        #expect(steps == old)
    }

    @Test func aSupersetAlternatesItsSetsAndRestsAfterTheGroup() {
        let steps = WorkoutTimeline.main(.strength(exercises: [
            Exercise(name: "Curl", sets: 2, reps: 10, weight: 12, rest: [], superset: "A"),
            Exercise(name: "Press", sets: 2, reps: 10, weight: 12, rest: [60], superset: "A"),
            Exercise(name: "Plank", sets: 2, rest: [30], seconds: 45),
        ])).map { $0.label(.english) }
        #expect(steps == [
            "Curl — 10 × 12 kg", "Press — 10 × 12 kg", "Rest — 1 min", "Curl — 10 × 12 kg", "Press — 10 × 12 kg", "Rest — 1 min",
            "Plank — 45 s", "Rest — 30 s", "Plank — 45 s",
        ])
    }

    @Test func theSevenMinuteWorkoutIsTwelveNamedIntervalsAfterAGetReady() {
        let names = ["Jumping jacks", "Wall sit", "Push-ups", "Crunches", "Step-ups", "Squats", "Triceps dips", "Plank", "High knees",
                     "Lunges", "Push-up and rotation", "Side plank"]
        let workout = WorkoutDefinition(
            name: "seven", title: "7-minute workout",
            kind: .hiit(HIITPlan(rounds: 12, work: 30, rest: 10, exercises: names.map { Station(name: $0) })))
        let steps = WorkoutTimeline.steps(of: workout)
        #expect(steps.first == WorkoutStep(.getReady, seconds: 10))
        #expect(steps.filter(\.isWork).map { $0.name ?? "" } == names)
        #expect(steps.last?.name == "Side plank")  // no rest after the last interval
        #expect(WorkoutTimeline.timedLength(steps) == 10 + 12 * 30 + 11 * 10)
        #expect(steps[1].position(.english) == "Round 1 of 12")
    }

    @Test func aCircuitRestsBetweenStationsAndLongerBetweenRounds() {
        let plan = CircuitPlan(
            rounds: 2, stations: [Station(name: "Push-ups", reps: 10), Station(name: "Plank", seconds: 30)], rest: 15, roundRest: 60)
        let workout = WorkoutDefinition(
            name: "c", title: "Circuit", kind: .circuit(plan),
            frame: WorkoutFrame(warmUp: [Station(name: "", seconds: 300)], coolDown: [Station(name: "Stretch", seconds: 120)]))
        #expect(WorkoutTimeline.steps(of: workout).map { $0.label(.english) } == [
            "Get ready — 10 s", "Warm-up — 5 min", "Push-ups — 10 reps", "Rest — 15 s", "Plank — 30 s", "Rest — 1 min", "Push-ups — 10 reps",
            "Rest — 15 s", "Plank — 30 s", "Cool-down: Stretch — 2 min",
        ])
        #expect(WorkoutTimeline.measuredBySteps(workout))
    }

    @Test func oldKindsWithoutWhatIsNewKeepTheirOwnPaths() {
        #expect(!WorkoutTimeline.measuredBySteps(WorkoutDefinition(name: "h", title: "H", kind: .hiit(HIITPlan(rounds: 2, work: 20, rest: 10)))))
        #expect(!WorkoutTimeline.measuredBySteps(WorkoutDefinition(
            name: "p", title: "P", kind: .strength(exercises: [Exercise(name: "Bench", sets: 3, reps: 5, rest: [90])]))))
        #expect(WorkoutTimeline.measuredBySteps(WorkoutDefinition(
            name: "p", title: "P", kind: .strength(exercises: [Exercise(name: "Plank", sets: 3, rest: [60], seconds: 45)]))))
    }
}
