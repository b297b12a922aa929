import Foundation
import Testing
@testable import GymbellCore

/// Home workouts as config.toml writes them (issue 44), and the mistakes a person makes writing them,
/// named at file:line:column.
@Suite("Config: home workouts")
struct HomeWorkoutConfigTests {
    static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func aCircuitWithRepsAndTimedStationsAWarmUpAndACoolDown() throws {
        let config = try ConfigParser.parse("""
            [workouts.body]
            title = "Full body"
            kind = "circuit"
            rounds = 3
            rest = "15s"
            round_rest = "1m"
            warm_up = "3m"
            cool_down = [{ name = "Hamstring stretch", time = "45s" }]
            stations = [
              { name = "Push-ups", reps = 10 },
              { name = "Squats", reps = 15 },
              { name = "Plank", time = "30s" },
            ]
            """, path: "config.toml")
        let workout = try #require(config.workouts["body"])
        #expect(workout.kind == .circuit(CircuitPlan(
            rounds: 3, stations: [Station(name: "Push-ups", reps: 10), Station(name: "Squats", reps: 15), Station(name: "Plank", seconds: 30)],
            rest: 15, roundRest: 60)))
        #expect(workout.frame == WorkoutFrame(warmUp: [Station(name: "", seconds: 180)], coolDown: [Station(name: "Hamstring stretch", seconds: 45)]))
    }

    @Test func namedIntervalsAnAmrapTimedSetsAndASuperset() throws {
        let config = try ConfigParser.parse("""
            [workouts.tabata]
            kind = "hiit"
            rounds = 8
            work = "20s"
            rest = "10s"
            get_ready = "5s"
            exercises = ["Burpees", "Mountain climbers"]

            [workouts.amrap]
            kind = "amrap"
            time = "12m"
            stations = [{ name = "Push-ups", reps = 5 }, { name = "Squats", reps = 10 }]

            [workouts.db]
            kind = "strength"
            exercises = [
              { name = "Curl", sets = 3, reps = 10, weight = 12, superset = "A" },
              { name = "Press", sets = 3, reps = 10, weight = 12, superset = "A", rest = "1m" },
              { name = "Plank", sets = 3, time = "45s", rest = "30s" },
            ]
            """, path: "config.toml")
        #expect(config.workouts["tabata"]?.kind == .hiit(HIITPlan(
            rounds: 8, work: 20, rest: 10, exercises: [Station(name: "Burpees"), Station(name: "Mountain climbers")])))
        #expect(config.workouts["tabata"]?.frame.getReady == 5)
        #expect(config.workouts["amrap"]?.kind == .amrap(AmrapPlan(cap: 720, stations: [Station(name: "Push-ups", reps: 5), Station(name: "Squats", reps: 10)])))
        guard case .strength(let exercises)? = config.workouts["db"]?.kind else { Issue.record("no strength workout"); return }
        #expect(exercises.map(\.superset) == ["A", "A", nil])
        #expect(exercises[0].rest == [])
        #expect(exercises[2].seconds == 45 && exercises[2].reps == nil)
    }

    struct Mistake: Sendable, CustomTestStringConvertible {
        let name: String
        let toml: String
        let expected: [String]
        var testDescription: String { name }
    }

    static let mistakes: [Mistake] = [
        Mistake(name: "a station without reps or a time", toml: """
            [workouts.c]
            kind = "circuit"
            rounds = 2
            stations = [{ name = "Push-ups" }]
            """, expected: [#"config.toml:4:13: workouts.c.stations[0]: needs reps or a time, like { name = "Push-ups", reps = 10 } or { name = "Plank", time = "30s" }"#]),
        Mistake(name: "a station with both", toml: """
            [workouts.c]
            kind = "circuit"
            rounds = 2
            stations = [{ name = "Plank", reps = 3, time = "30s" }]
            """, expected: [#"config.toml:4:41: workouts.c.stations[0] gives both reps and a time; give one of them"#]),
        Mistake(name: "a circuit without stations", toml: """
            [workouts.c]
            kind = "circuit"
            rounds = 2
            """, expected: [#"config.toml:1:11: [workouts.c] is missing "stations"; a circuit needs rounds and stations like [{ name = "Push-ups", reps = 10 }, { name = "Plank", time = "30s" }]"#]),
        Mistake(name: "an AMRAP cap under a minute", toml: """
            [workouts.a]
            kind = "amrap"
            time = "30s"
            stations = [{ name = "Burpees", reps = 5 }]
            """, expected: [#"config.toml:3:8: workouts.a.time: "30s" is out of range; use 1m to 2h"#]),
        Mistake(name: "a timed set with reps", toml: """
            [workouts.s]
            kind = "strength"
            exercises = [{ name = "Plank", sets = 3, reps = 2, time = "45s", rest = 60 }]
            """, expected: [#"config.toml:3:52: workouts.s.exercises[0] gives both reps and a time; a timed set (a plank) has a time, a set by reps has reps"#]),
        Mistake(name: "a walk/run key in a circuit", toml: """
            [workouts.c]
            kind = "circuit"
            rounds = 2
            run = "1m"
            stations = [{ name = "Squats", reps = 10 }]
            """, expected: [#"config.toml:4:1: "run" is not used by kind "circuit" in [workouts.c]; circuit workouts take title, kind, rounds, stations, rest and round_rest"#]),
    ]

    @Test(arguments: mistakes)
    func aMistakeIsNamedWhereItIs(_ mistake: Mistake) {
        #expect(Self.diagnostics(mistake.toml) == mistake.expected)
    }

    @Test func aWorkoutWrittenByTheEditorReadsBackTheSame() throws {
        let workout = WorkoutDefinition(
            name: "body", title: "Full body",
            kind: .circuit(CircuitPlan(rounds: 3, stations: [Station(name: "Push-ups", reps: 10), Station(name: "Plank", seconds: 30)], rest: 15, roundRest: 60)),
            frame: WorkoutFrame(getReady: 5, warmUp: [Station(name: "", seconds: 180)], coolDown: [Station(name: "Stretch", seconds: 60)]))
        let edited = try ConfigEditor.apply([.create(workout)], to: "", path: "config.toml")
        let config = try ConfigParser.parse(edited.text, path: "config.toml")
        #expect(config.workouts["body"] == workout)
    }
}
