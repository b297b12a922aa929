import Foundation
import Testing
@testable import GymbellCore

/// The templates for home (issue 44, item 5): each reads back from the text the welcome writes as the
/// workout it is, passes the config check, and runs the timeline a person expects.
@Suite("Home templates")
struct HomeTemplateTests {
    struct Expected: Sendable, CustomTestStringConvertible {
        let template: WorkoutTemplate
        /// Steps of the whole timeline, get-ready, warm-up and cool-down included.
        let steps: Int
        /// Seconds of its timed steps.
        let timed: TimeInterval
        /// About how long a person takes (steps by reps estimated).
        let estimated: TimeInterval
        var testDescription: String { template.rawValue }
    }

    static let expected: [Expected] = [
        // Get ready 10 s, warm-up 1 min + 30 s + 30 s, 3 rounds of 5 stations with 15 s between and
        // 1 min between rounds, cool-down 2 × 45 s; reps at 4 s a rep.
        Expected(template: .circuit, steps: 35, timed: 10 + 120 + 3 * (4 * 15 + 30) + 2 * 60 + 90, estimated: 610 + 3 * (40 + 60 + 48 + 60)),
        // Get ready 10 s, 12 × 30 s, 11 × 10 s between: 8 minutes.
        Expected(template: .sevenMinute, steps: 24, timed: 480, estimated: 480),
        // Get ready 10 s, warm-up 4 min, 8 × 20 s, 7 × 10 s, cool-down 2 min: 10 minutes.
        Expected(template: .tabata, steps: 18, timed: 600, estimated: 600),
        // Warm-up 5 min, three supersets of 3 rounds (90 s, 90 s, 60 s after each), planks 3 × 45 s with 30 s between.
        Expected(template: .dumbbells, steps: 33, timed: 300 + 270 + 270 + 180 + 135 + 60, estimated: 1215 + 3 * (48 + 40 + 40 + 40 + 40 + 48)),
        // Get ready 10 s, 12 holds of 535 s, 11 × 5 s to change: 10 minutes.
        Expected(template: .mobility, steps: 24, timed: 600, estimated: 600),
        // Get ready 10 s, warm-up 2 × 1 min, 15 min cap.
        Expected(template: .kettlebell, steps: 4, timed: 1030, estimated: 1030),
    ]

    @Test(arguments: expected)
    func theTemplateReadsBackAndRunsItsTimeline(_ expected: Expected) throws {
        let template = expected.template
        let checked = try ConfigParser.check(template.configText, path: "config.toml")
        #expect(checked.warnings.isEmpty)
        let workout = try #require(checked.config.workouts[template.rawValue])
        #expect(workout == template.workout)
        let steps = WorkoutTimeline.steps(of: workout)
        #expect(steps.count == expected.steps)
        #expect(WorkoutTimeline.timedLength(steps) == expected.timed)
        #expect(WorkoutTimeline.estimatedLength(steps) == expected.estimated)
        #expect(WorkoutTimeline.measuredBySteps(workout))
        #expect(throws: Never.self) { try Limits.check(steps) }
    }

    /// The window's Workouts page adds a template through the editor: it reads back the same.
    @Test(arguments: WorkoutTemplate.allCases)
    func aTemplateAddedByTheEditorReadsBackTheSame(_ template: WorkoutTemplate) throws {
        let edited = try ConfigEditor.apply([.create(template.workout), .programDay(.mon, workout: template.rawValue)], to: "", path: "config.toml")
        #expect(try ConfigParser.parse(edited.text, path: "config.toml").workouts[template.rawValue] == template.workout)
    }

    @Test func everyTemplateIsCovered() {
        #expect(Set(Self.expected.map(\.template)) == Set(WorkoutTemplate.allCases).subtracting([.push, .pull, .legs]))
    }

    @Test func theSevenMinuteWorkoutIsTheTwelveClassicExercisesOfThirtySecondsTenBetween() throws {
        let steps = WorkoutTimeline.steps(of: WorkoutTemplate.sevenMinute.workout)
        #expect(steps.first == WorkoutStep(.getReady, seconds: 10))
        #expect(steps.filter(\.isWork).map { $0.label(.english) } == HomeTemplates.sevenMinute.map { "\($0) — 30 s" })
        #expect(steps.filter { $0.role == .rest }.allSatisfy { $0.seconds == 10 })
        #expect(steps.last?.name == "Side plank")
    }

    @Test func theDumbbellFullBodyAlternatesEachSupersetsSets() {
        let labels = WorkoutTimeline.steps(of: WorkoutTemplate.dumbbells.workout).prefix(8).map { $0.label(.english) }
        #expect(labels == [
            "Warm-up — 5 min", "Goblet Squat — 12 reps", "Dumbbell Row — 10 reps", "Rest — 1 min 30 s", "Goblet Squat — 12 reps",
            "Dumbbell Row — 10 reps", "Rest — 1 min 30 s", "Goblet Squat — 12 reps",
        ])
    }

    @Test func theCircuitsTextReadsAsAPersonWouldWriteIt() {
        #expect(WorkoutTemplate.circuit.configText == """
            # Full-body circuit, from the welcome: 3 rounds of body-weight stations, each done for reps
            # (say Done) or for a time; `rest` between stations, `round_rest` between rounds.
            [workouts.circuit]
            title = "Full-body circuit"
            kind = "circuit"
            rounds = 3
            rest = "15s"
            round_rest = "1m"
            stations = [
              { name = "Push-ups", reps = 10 },
              { name = "Squats", reps = 15 },
              { name = "Reverse lunges", reps = 12 },
              { name = "Glute bridges", reps = 15 },
              { name = "Plank", time = "30s" },
            ]
            warm_up = [
              { name = "Jumping jacks", time = "1m" },
              { name = "Arm circles", time = "30s" },
              { name = "Leg swings", time = "30s" },
            ]
            cool_down = [
              { name = "Hamstring stretch", time = "45s" },
              { name = "Chest stretch", time = "45s" },
            ]

            """)
    }
}
