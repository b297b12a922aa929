import Testing
@testable import GymbellCore

/// Warm-up ramps: the bar × 10, 40 % × 5, 60 % × 3, 80 % × 2, rounded to the kit, repeats left out.
@Suite("Warm-up ramps")
struct WarmUpRampTests {
    static let kit = Kit(bars: [20], plates: [20, 10, 5, 2.5, 1.25], handle: AdjustableHandle(weight: 2, step: 2, maximum: 24),
                         kettlebells: [12, 16, 24], warmUp: true)

    static func ramp(_ name: String, _ weight: Double, kit: Kit = kit) -> [String] {
        let exercise = Exercise(name: name, sets: 3, reps: 5, weight: weight, rest: [90, 90, 90])
        return WarmUpRamp.steps(for: exercise, kit: kit).map { "\($0.reps ?? 0)×\(WeightUnit.number($0.weight ?? 0))" }
    }

    @Test(arguments: [
        ("Bench Press", 80.0, ["10×20", "5×32.5", "3×47.5", "2×65"]),   // 32 → 32.5, 48 → 47.5, 64 → 65
        ("Bench Press", 25.0, ["10×20"]),                                // every percentage is the bar again
        ("Bench Press", 20.0, []),                                       // the bar is the working weight
        ("Dumbbell Press", 12.0, ["5×4", "3×8", "2×10"]),                // no bar: 4.8 → 4, 7.2 → 8, 9.6 → 10
        ("Kettlebell Press", 16.0, ["5×12"]),                            // 12 three times: once
        ("Bicep Curl", 20.0, []),                                        // no compound lift
    ] as [(String, Double, [String])])
    func theRampIsRoundedToTheKit(name: String, weight: Double, expected: [String]) {
        #expect(Self.ramp(name, weight) == expected)
    }

    @Test func offByDefault() {
        var kit = Self.kit
        kit.warmUp = false
        #expect(Self.ramp("Bench Press", 80, kit: kit).isEmpty)
        let bench = [Exercise(name: "Bench Press", sets: 1, reps: 5, weight: 80, rest: [90])]
        let steps = WorkoutTimeline.strength(bench)
        #expect(WarmUpRamp.inserting(into: steps, exercises: bench, kit: kit) == steps)
        #expect(WarmUpRamp.inserting(into: steps, exercises: bench, kit: nil) == steps)
    }

    @Test func theWarmUpsComeBeforeTheFirstWorkingSetOnly() {
        let bench = Exercise(name: "Bench Press", sets: 2, reps: 5, weight: 80, rest: [90, 90])
        let workout = WorkoutDefinition(name: "w", title: "W", kind: .strength(exercises: [bench])).applying([:], kit: Self.kit)
        let steps = WarmUpRamp.inserting(into: WorkoutTimeline.steps(of: workout), exercises: [bench], kit: Self.kit)
        #expect(steps.map(\.role) == [.warmUp, .warmUp, .warmUp, .warmUp, .work, .rest, .work], "no rest after the last set")
        #expect(steps[1].label(.english) == "Warm-up: Bench Press — 5 × 32.5 kg (5 + 1.25 per side)")
        #expect(steps[0].label(.english) == "Warm-up: Bench Press — 10 × 20 kg")
        #expect(steps[0].position(.english) == "Set 1 of 4")
    }
}
