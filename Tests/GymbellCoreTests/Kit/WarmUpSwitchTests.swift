import Testing
@testable import GymbellCore

/// An exercise's own `warm_up = true|false` over the kit's switch: compound lifts follow `[kit]
/// warm_up` unless they say otherwise, any exercise can ask for a ramp, a bad value is a located error.
@Suite("Warm-up ramps: the per-exercise switch")
struct WarmUpSwitchTests {
    private static func kit(warmUp: Bool) -> Kit {
        Kit(bars: [20], plates: [20, 10, 5, 2.5, 1.25], handle: AdjustableHandle(weight: 2, step: 2, maximum: 24), warmUp: warmUp)
    }

    private static func ramp(_ name: String, _ weight: Double, own: Bool?, kit: Bool) -> [String] {
        let exercise = Exercise(name: name, sets: 3, reps: 5, weight: weight, rest: [90, 90, 90], warmUp: own)
        return WarmUpRamp.steps(for: exercise, kit: Self.kit(warmUp: kit)).map { "\($0.reps ?? 0)×\(WeightUnit.number($0.weight ?? 0))" }
    }

    @Test(arguments: [
        ("Bench Press", 80.0, nil, true, ["10×20", "5×32.5", "3×47.5", "2×65"]),  // a compound lift follows the kit
        ("Bench Press", 80.0, nil, false, []),
        ("Bench Press", 80.0, false, true, []),                                    // its own switch off wins
        ("Bench Press", 80.0, true, false, ["10×20", "5×32.5", "3×47.5", "2×65"]), // its own switch on wins
        ("Dumbbell Curl", 12.0, nil, true, []),                                    // no compound lift: none by default
        ("Dumbbell Curl", 12.0, true, false, ["5×4", "3×8", "2×10"]),              // … unless it asks
        ("Plank", 0.0, true, true, []),                                            // nothing to warm up to
    ] as [(String, Double, Bool?, Bool, [String])])
    func theExercisesSwitchOverridesTheKits(name: String, weight: Double, own: Bool?, kit: Bool, expected: [String]) {
        #expect(Self.ramp(name, weight, own: own, kit: kit) == expected)
    }

    @Test func aWorkoutWithOneExerciseAskingRunsAsStepsWithTheKitSwitchOff() throws {
        let text = """
            [kit]
            bars = [20]
            plates = [20, 10, 5, 2.5, 1.25]

            [workouts.w]
            title = "W"
            kind = "strength"
            exercises = [
              { name = "Bench Press", sets = 1, reps = 5, weight = 80, rest = 60, warm_up = true },
              { name = "Squat", sets = 1, reps = 5, weight = 100, rest = 60 },
            ]
            """
        let config = try ConfigParser.parse(text, path: "config.toml")
        let workout = try #require(config.workouts["w"])
        let wanting = WarmUpRamp.exercises(of: workout, kit: config.kit)
        #expect(wanting.map(\.name) == ["Bench Press"], "Squat follows the kit's switch, off")
        let steps = WarmUpRamp.inserting(into: WorkoutTimeline.steps(of: workout.applying([:], kit: config.kit)), exercises: wanting, kit: config.kit)
        #expect(steps.filter { $0.role == .warmUp }.map(\.name) == Array(repeating: "Bench Press", count: 4))
        #expect(WarmUpRamp.exercises(of: workout, kit: nil).isEmpty, "without a kit no ramp: nothing changes")
    }

    @Test func theSwitchIsWrittenBackByTheEditor() {
        let exercise = Exercise(name: "Bench Press", sets: 1, reps: 5, weight: 80, rest: [60], warmUp: false)
        #expect(exercise.configValue(durationsAsText: false) == .table([
            "name": .string("Bench Press"), "sets": .integer(1), "reps": .integer(5), "weight": .integer(80), "rest": .integer(60),
            "warm_up": .boolean(false),
        ]))
    }

    @Test(arguments: [
        ("{ name = \"Bench Press\", sets = 1, reps = 5, rest = 60, warm_up = \"yes\" }",
         "config.toml:4:79: workouts.w.exercises[0].warm_up: expected true or false, got string \"yes\""),
        ("{ name = \"Bench Press\", sets = 1, reps = 5, rest = 60, warmup = true }",
         "config.toml:4:69: unknown key \"warmup\" in workouts.w.exercises[0]; did you mean \"warm_up\"?"),
    ] as [(String, String)])
    func aBadSwitchIsALocatedError(exercise: String, expected: String) {
        let text = "[workouts.w]\ntitle = \"W\"\nkind = \"strength\"\nexercises = [\(exercise)]\n"
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            Issue.record("no error for \(exercise)")
        } catch {
            #expect(error.diagnostics.map(\.description) == [expected])
        }
    }
}
