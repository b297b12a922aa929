import Foundation
import Testing
@testable import GymbellCore

/// The kit where weights are planned, suggested and written: overload to the next loadable weight and
/// its wait after a set near failure, plates on the cards, the config editor.
@Suite("Kit in planning and overload")
struct KitPlanningTests {
    static let dumbbellPress = Exercise(name: "Dumbbell Press", sets: 2, reps: 8, weight: 12, rest: [60, 60])
    static let swing = Exercise(name: "Kettlebell Clean and Press", sets: 2, reps: 8, weight: 24, rest: [60, 60])
    static let kit = Kit(bars: [20], plates: [20, 10, 5, 2.5, 1.25], handle: AdjustableHandle(weight: 2, step: 2, maximum: 24),
                         kettlebells: [12, 16, 24])

    static func session(_ name: String, day: Int, _ exercise: Exercise, rpe: Double? = nil) -> [LoggedSet] {
        (0..<exercise.sets).map { index in
            var set = logged(name, exercise.name, reps: exercise.reps, weight: exercise.weight, set: index + 1, day: day, minute: index * 3)
            set.rpe = index == exercise.sets - 1 ? rpe : nil
            return set
        }
    }

    static func suggest(_ sets: [LoggedSet], after last: String, _ exercise: Exercise, kit: Kit? = kit) -> [OverloadSuggestion] {
        OverloadRule.suggestions(after: SessionID(last), exercises: [exercise], sets: sets, dismissedAt: [:], settings: ProgressSettings(), kit: kit)
    }

    @Test func theSuggestionIsTheNextDumbbell() {
        let sets = (0..<3).flatMap { Self.session("s\($0)", day: $0 * 2, Self.dumbbellPress) }
        #expect(Self.suggest(sets, after: "s2", Self.dumbbellPress).map(\.next) == [14])
        #expect(Self.suggest(sets, after: "s2", Self.dumbbellPress, kit: nil).map(\.next) == [14.5], "without a kit, as before")
    }

    @Test func atTheTopOfTheKitThereIsNoSuggestion() {
        let sets = (0..<3).flatMap { Self.session("s\($0)", day: $0 * 2, Self.swing) }
        #expect(Self.suggest(sets, after: "s2", Self.swing).isEmpty, "no bell above 24 kg")
    }

    @Test(arguments: [(nil, 1), (9.0, 1), (9.5, 0), (10.0, 0)] as [(Double?, Int)])
    func aSetNearFailureInTheLastSessionMakesItWait(rpe: Double?, suggestions: Int) {
        let sets = Self.session("s0", day: 0, Self.dumbbellPress) + Self.session("s1", day: 2, Self.dumbbellPress)
            + Self.session("s2", day: 4, Self.dumbbellPress, rpe: rpe)
        #expect(Self.suggest(sets, after: "s2", Self.dumbbellPress).count == suggestions)
    }

    @Test func theSessionAfterTheHardOneIsEnough() {
        let sets = (0..<2).flatMap { Self.session("s\($0)", day: $0 * 2, Self.dumbbellPress) }
            + Self.session("s2", day: 4, Self.dumbbellPress, rpe: 10) + Self.session("s3", day: 6, Self.dumbbellPress)
        #expect(Self.suggest(sets, after: "s3", Self.dumbbellPress).map(\.next) == [14])
    }

    @Test func plannedWeightsAreRoundedWithThePlatesOnTheCards() throws {
        let bench = Exercise(name: "Bench Press", sets: 1, reps: 8, weight: 82, rest: [60])
        let planned = WeightOverride.apply([:], to: [bench, Self.dumbbellPress], kit: Self.kit)
        #expect(planned.map(\.weight) == [82.5, 12])
        #expect(planned.map(\.platesPerSide) == ["20 + 10 + 1.25", nil])
        #expect(WeightOverride.apply([:], to: [bench], kit: nil) == [bench], "without a kit, nothing changes")
        let next = NextSet(exercise: "Bench Press", set: 1, sets: 1, reps: 8, weight: 82.5, unit: "kg", plates: "20 + 10 + 1.25")
        #expect(next.description(.english) == "Bench Press — set 1 of 1, 8 × 82.5 kg (20 + 10 + 1.25 per side)")
        let step = WorkoutTimeline.steps(of: WorkoutDefinition(name: "w", title: "W", kind: .strength(exercises: [bench]))
            .applying([:], kit: Self.kit))
        #expect(step.first?.label(.english) == "Bench Press — 8 × 82.5 kg (20 + 10 + 1.25 per side)")
        let weights = PlannedWeight.all(workouts: ["w": WorkoutDefinition(name: "w", title: "W", kind: .strength(exercises: [bench]))],
                                        overrides: [:], kit: Self.kit)
        #expect(weights.map(\.weight) == [82.5])
    }

    @Test func theConfigEditorWritesTheKitAndItReadsBack() throws {
        var kit = Self.kit
        kit.implements = ["Goblet Squat": .kettlebell]
        kit.warmUp = true
        kit.plates.append(10 * 0.45359237)
        let edited = try ConfigEditor.apply([.kit(kit)], to: "[rest]\ndefault = \"90s\"\n", path: "config.toml")
        #expect(edited.config.kit?.bars == kit.bars)
        #expect(edited.config.kit?.handle == kit.handle)
        #expect(edited.config.kit?.kettlebells == kit.kettlebells)
        #expect(edited.config.kit?.implements == kit.implements)
        #expect(edited.config.kit?.warmUp == true)
        let plates = try #require(edited.config.kit?.plates)
        #expect(plates.count == kit.plates.count && zip(plates, kit.plates).allSatisfy { abs($0 - $1) < 1e-6 })
        #expect(edited.text.contains("plates = [20, 10, 5, 2.5, 1.25, 4.535924]"), "\(edited.text)")
        // Without a handle, its keys go.
        kit.handle = nil
        let again = try ConfigEditor.apply([.kit(kit)], to: edited.text, path: "config.toml")
        #expect(again.config.kit?.handle == nil)
        #expect(!again.text.contains("dumbbell_"))
    }
}
