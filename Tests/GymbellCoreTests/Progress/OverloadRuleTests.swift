import Foundation
import Testing
@testable import GymbellCore

@Suite("Progressive overload")
struct OverloadRuleTests {
    static let bench = Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 100, unit: "kg", rest: [90, 90, 90])
    static let squat = Exercise(name: "Squat", sets: 2, reps: 5, weight: 225, unit: "lb", rest: [120, 120])
    static let curl = Exercise(name: "Bicep Curl", sets: 3, reps: 10, weight: 15, rest: [60, 60, 60])

    /// A session `name` on day `day` with every set of `exercise` logged as given.
    static func session(_ name: String, day: Int, _ exercise: Exercise, reps: [Int]? = nil, weight: Double? = nil, failed: Int? = nil) -> [LoggedSet] {
        (0..<(reps?.count ?? exercise.sets)).map { index in
            logged(name, exercise.name, reps: reps?[index] ?? exercise.reps, weight: weight ?? exercise.weight,
                   unit: exercise.weightUnit, failed: failed == index, set: index + 1, day: day, minute: index * 3)
        }
    }

    static func suggest(_ sets: [LoggedSet], after last: String, _ exercises: [Exercise] = [bench], dismissed: [String: Date] = [:],
                        settings: ProgressSettings = ProgressSettings()) -> [OverloadSuggestion] {
        OverloadRule.suggestions(after: SessionID(last), exercises: exercises, sets: sets, dismissedAt: dismissed, settings: settings)
    }

    @Test func threeSessionsInARowSuggestTheNextStep() {
        let sets = Self.session("a", day: 0, Self.bench) + Self.session("b", day: 2, Self.bench) + Self.session("c", day: 4, Self.bench)
        #expect(Self.suggest(sets, after: "c") == [OverloadSuggestion(exercise: "Bench Press", weight: 100, next: 102.5, unit: .kg, sessions: 3)])
        #expect(Self.suggest(sets, after: "b").isEmpty, "only two so far")
    }

    @Test func aFailedOrShortSetResets() {
        let failed = Self.session("a", day: 0, Self.bench) + Self.session("b", day: 2, Self.bench, failed: 1) + Self.session("c", day: 4, Self.bench)
        #expect(Self.suggest(failed, after: "c").isEmpty)
        let short = Self.session("a", day: 0, Self.bench) + Self.session("b", day: 2, Self.bench, reps: [8, 8, 7]) + Self.session("c", day: 4, Self.bench)
        #expect(Self.suggest(short, after: "c").isEmpty)
        let fewerSets = Self.session("a", day: 0, Self.bench) + Self.session("b", day: 2, Self.bench, reps: [8, 8]) + Self.session("c", day: 4, Self.bench)
        #expect(Self.suggest(fewerSets, after: "c").isEmpty)
        // After the reset, three good sessions again.
        let again = failed + Self.session("d", day: 6, Self.bench) + Self.session("e", day: 8, Self.bench)
        #expect(Self.suggest(again, after: "e").count == 1)
    }

    @Test func legsGetTheLargerStepAndPoundsRoundToTwoAndAHalf() {
        let sets = (0..<3).flatMap { Self.session("s\($0)", day: $0 * 2, Self.squat) }
        #expect(Self.suggest(sets, after: "s2", [Self.squat]) == [OverloadSuggestion(exercise: "Squat", weight: 225, next: 235, unit: .lb, sessions: 3)])
    }

    @Test func isolationExercisesAndUnweightedOnesAreLeftAlone() {
        let sets = (0..<3).flatMap { Self.session("s\($0)", day: $0 * 2, Self.curl) }
        #expect(Self.suggest(sets, after: "s2", [Self.curl]).isEmpty)
        var classified = Self.curl
        classified.compound = true
        #expect(Self.suggest(sets, after: "s2", [classified]).map(\.next) == [17.5])
    }

    @Test func dismissWaitsUntilTheRuleHoldsAfresh() {
        let sets = (0..<5).flatMap { Self.session("s\($0)", day: $0 * 2, Self.bench) }
        let dismissedAfterS2 = ["Bench Press": instant("2026-03-06T19:00:00Z")]
        #expect(Self.suggest(sets, after: "s4", dismissed: dismissedAfterS2).isEmpty, "s3, s4: only two since")
        let more = sets + Self.session("s5", day: 10, Self.bench)
        #expect(Self.suggest(more, after: "s5", dismissed: dismissedAfterS2).count == 1)
    }

    @Test func turnedOffOrAnotherCount() {
        let sets = (0..<2).flatMap { Self.session("s\($0)", day: $0 * 2, Self.bench) }
        var settings = ProgressSettings()
        settings.overloadSessions = 2
        #expect(Self.suggest(sets, after: "s1", settings: settings).count == 1)
        settings.overload = false
        #expect(Self.suggest(sets, after: "s1", settings: settings).isEmpty)
    }

    @Test func overridesReplaceThePlannedWeight() {
        let overrides = ["Bench Press": WeightOverride(exercise: "Bench Press", weight: 102.5, unit: .kg, since: instant("2026-03-06T19:00:00Z")),
                         "Squat": WeightOverride(exercise: "Squat", weight: 105, unit: .kg, since: instant("2026-03-06T19:00:00Z"))]
        let planned = WeightOverride.apply(overrides, to: [Self.bench, Self.squat, Self.curl])
        #expect(planned[0].weight == 102.5)
        #expect(abs((planned[1].weight ?? 0) - 231.485) < 0.01, "kg override on an lb exercise is converted")
        #expect(planned[2] == Self.curl)
    }
}
