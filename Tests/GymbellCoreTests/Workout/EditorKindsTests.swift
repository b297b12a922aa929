import Foundation
import Testing
@testable import GymbellCore

/// What the workout editor builds beyond reps and weights (issue 44): supersets as links between
/// exercises turned into the file's labels and back, a strength workout's timeline in words, and the
/// AMRAPs, supersets and timed sets it writes, read back as written.
@Suite("Workout editor: AMRAPs, supersets, timed sets")
struct EditorKindsTests {
    struct Labels: CustomTestStringConvertible, Sendable {
        let name: String
        let links: [Bool]
        let previous: [String?]
        let labels: [String?]
        var testDescription: String { name }
    }

    static let labelCases: [Labels] = [
        Labels(name: "no links: no labels, old ones dropped", links: [false, false], previous: ["A", nil], labels: [nil, nil]),
        Labels(name: "a new pair is A", links: [true, false, false], previous: [nil, nil, nil], labels: ["A", "A", nil]),
        Labels(name: "a run of three is one group", links: [true, true, false], previous: [nil, nil, nil], labels: ["A", "A", "A"]),
        Labels(name: "two runs: A and B", links: [true, false, true, false], previous: [nil, nil, nil, nil], labels: ["A", "A", "B", "B"]),
        Labels(name: "a run keeps the label a member had", links: [false, true, false], previous: [nil, "Legs", "Legs"],
               labels: [nil, "Legs", "Legs"]),
        Labels(name: "a new run takes a letter no kept run has", links: [true, false, true, false], previous: [nil, nil, "A", "A"],
               labels: ["B", "B", "A", "A"]),
        Labels(name: "a run split in two: the second gets a new letter", links: [true, false, true, false], previous: ["A", "A", "A", "A"],
               labels: ["A", "A", "B", "B"]),
        Labels(name: "the last exercise's link is no link", links: [false, true], previous: [nil, nil], labels: [nil, nil]),
        Labels(name: "fewer links than exercises", links: [true], previous: [nil, nil, nil], labels: ["A", "A", nil]),
        Labels(name: "an empty label is no label", links: [true, false], previous: ["", ""], labels: ["A", "A"]),
        Labels(name: "nothing", links: [], previous: [], labels: []),
    ]

    @Test(arguments: labelCases) func linksBecomeLabels(_ example: Labels) {
        #expect(Supersets.labels(links: example.links, previous: example.previous) == example.labels)
    }

    @Test func beyondZTheLettersGoOn() {
        let links = (0..<60).map { $0 % 2 == 0 }  // 30 pairs
        let labels = Supersets.labels(links: links, previous: Array(repeating: nil, count: 60))
        #expect(labels[0] == "A" && labels[50] == "Z" && labels[52] == "A2" && labels[58] == "D2")
        #expect(Set(labels.compactMap { $0 }).count == 30)
    }

    @Test func labelsReadBackAsTheLinksTheyCameFrom() {
        let exercise = { (label: String?) in Exercise(name: "x", sets: 3, reps: 5, rest: [60, 60, 60], superset: label) }
        // A and A next to each other, then B alone (a group of one), then C, C, C.
        let exercises = ["A", "A", "B", "C", "C", "C", nil].map(exercise)
        let links = Supersets.links(exercises)
        #expect(links == [true, false, false, true, true, false, false])
        #expect(Supersets.labels(links: links, previous: exercises.map(\.superset)) == ["A", "A", nil, "C", "C", "C", nil])
    }

    static let pushUps = Exercise(name: "Push-ups", sets: 3, reps: 10, rest: [], superset: "A")
    static let row = Exercise(name: "Row", sets: 3, reps: 10, weight: 12, rest: [60, 60, 60], superset: "A")
    static let plank = Exercise(name: "Plank", sets: 2, rest: [30, 30], seconds: 45)
    static let squat = Exercise(name: "Squat", sets: 3, reps: 5, weight: 100, rest: [120, 120, 120])

    @Test(arguments: [
        ([squat], ["3 sets: Squat 5 × 100 kg, rest 2 min"]),
        ([pushUps, row, plank], ["Superset A, 3 rounds: Push-ups 10 reps, Row 10 × 12 kg, rest 1 min", "2 sets: Plank 45 s, rest 30 s"]),
        ([Exercise(name: "Dips", sets: 1, rest: [0])], ["1 set: Dips"]),
        // A member's own rest is said after it; a label alone is no superset.
        ([Exercise(name: "Curl", sets: 2, reps: 8, rest: [20, 20], superset: "B"), Exercise(name: "Wall sit", sets: 2, rest: [90, 90], seconds: 60, superset: "B"),
          Exercise(name: "Lunge", sets: 2, reps: 12, rest: [60, 60], superset: "C")],
         ["Superset B, 2 rounds: Curl 8 reps, rest 20 s, Wall sit 1 min, rest 1 min 30 s", "2 sets: Lunge 12 reps, rest 1 min"]),
    ])
    func strengthTimelineInWords(_ exercises: [Exercise], _ lines: [String]) {
        #expect(WorkoutSummary.strength(exercises) == lines)
    }

    static let file = """
        # mine
        [reminders]
        time = "18:00"

        """

    @Test func anAmrapSupersetsAndTimedSetsAreWrittenAndReadBack() throws {
        let amrap = WorkoutDefinition(name: "kb", title: "KB AMRAP", kind: .amrap(AmrapPlan(cap: 720, stations: [
            Station(name: "Swings", reps: 15), Station(name: "Plank", seconds: 30)])))
        let strength = WorkoutDefinition(name: "home", title: "Home", kind: .strength(exercises: [Self.pushUps, Self.row, Self.plank]))
        let edited = try ConfigEditor.apply([.create(amrap), .create(strength)], to: Self.file, path: "c")
        #expect(edited.text == Self.file + """

            [workouts.kb]
            title = "KB AMRAP"
            kind = "amrap"
            time = "12m"
            stations = [
              { name = "Swings", reps = 15 },
              { name = "Plank", time = "30s" },
            ]

            [workouts.home]
            title = "Home"
            kind = "strength"
            exercises = [
              { name = "Push-ups", sets = 3, reps = 10, superset = "A" },
              { name = "Row", sets = 3, reps = 10, weight = 12, rest = "1m", superset = "A" },
              { name = "Plank", sets = 2, rest = "30s", time = "45s" },
            ]

            """)
        let config = try ConfigParser.check(edited.text, path: "c").config
        #expect(config.workouts["kb"] == amrap)
        #expect(config.workouts["home"] == strength)
        // Edited again (the cap, a superset undone): the other keys stay where they are.
        var changed = strength
        changed.kind = .strength(exercises: [Exercise(name: "Push-ups", sets: 3, reps: 10, rest: [30, 30, 30]), Self.row, Self.plank])
        var longer = amrap
        longer.kind = .amrap(AmrapPlan(cap: 900, stations: [Station(name: "Swings", reps: 15), Station(name: "Plank", seconds: 30)]))
        let again = try ConfigEditor.apply([.update(changed), .update(longer)], to: edited.text, path: "c")
        #expect(again.text == edited.text.replacingOccurrences(of: "time = \"12m\"", with: "time = \"15m\"")
            .replacingOccurrences(of: "{ name = \"Push-ups\", sets = 3, reps = 10, superset = \"A\" }",
                                  with: "{ name = \"Push-ups\", sets = 3, reps = 10, rest = \"30s\" }"))
        #expect(try ConfigParser.check(again.text, path: "c").config.workouts["home"] == changed)
    }
}
