import Testing
@testable import GymbellCore

/// What the editor shows at a field before Save (issue 46): every rule said in a person's words, none
/// naming a key, a path or a flag; a workout the rules pass is one the config file takes.
@Suite("Workout check before Save")
struct WorkoutCheckTests {
    static let config = Config(program: [.thu: "upper"], workouts: [
        "upper": WorkoutDefinition(name: "upper", title: "Upper Body", kind: .strength(exercises: [Exercise(name: "Row", sets: 3, reps: 8, rest: [90, 90, 90])])),
    ])

    static func problems(_ name: String, key: String? = nil, _ kind: WorkoutKind) -> [WorkoutProblem] {
        WorkoutCheck.problems(name: name, key: key, kind: kind, in: config, messages: .english)
    }

    static let squat = Exercise(name: "Squat", sets: 3, reps: 5, rest: [120, 120, 120])

    @Test("a good workout has no problem; its own name is no duplicate")
    func good() {
        #expect(Self.problems("Legs", .strength(exercises: [Self.squat])).isEmpty)
        #expect(Self.problems("Upper Body", key: "upper", .strength(exercises: [Self.squat])).isEmpty)
    }

    @Test("an empty name and a name another workout has are said at the name")
    func names() {
        #expect(Self.problems("  ", .strength(exercises: [Self.squat])) == [WorkoutProblem(.name, "Give the workout a name.")])
        #expect(Self.problems(" upper body", .strength(exercises: [Self.squat]))
            == [WorkoutProblem(.name, "Another workout is called “Upper Body”; choose another name.")])
    }

    @Test("two workouts a hand-written file names alike stay editable until one is renamed to the other's name")
    func handWrittenTwins() {
        var config = Self.config
        config.workouts["upper2"] = WorkoutDefinition(name: "upper2", title: "Upper Body", kind: .strength(exercises: [Self.squat]))
        let kind = WorkoutKind.strength(exercises: [Self.squat])
        #expect(WorkoutCheck.problems(name: "Upper Body", key: "upper2", kind: kind, in: config, messages: .english).isEmpty)
        #expect(WorkoutCheck.problems(name: "Upper Body", key: nil, kind: kind, in: config, messages: .english).map(\.place) == [.name])
        config.workouts["legs"] = WorkoutDefinition(name: "legs", title: "Legs", kind: kind)
        #expect(WorkoutCheck.problems(name: "upper body", key: "legs", kind: kind, in: config, messages: .english).map(\.place) == [.name])
    }

    @Test("a strength workout: no exercise, an exercise without name, zero sets, zero reps, a time of 0 s")
    func strength() {
        #expect(Self.problems("Legs", .strength(exercises: [])) == [WorkoutProblem(.list, "Add at least one exercise.")])
        let bad = [Exercise(name: " ", sets: 0, reps: 0, rest: []), Exercise(name: "Plank", sets: 2, rest: [30, 30], seconds: 0)]
        #expect(Self.problems("Legs", .strength(exercises: bad)) == [
            WorkoutProblem(.item(0, .name), "Give it a name."),
            WorkoutProblem(.item(0, .reps), "Do at least one rep, at most 1000."),
            WorkoutProblem(.item(0, .sets), "Do at least one set, at most 50."),
            WorkoutProblem(.item(1, .time), "Give it at least one second, at most an hour."),
        ])
    }

    @Test("interval settings out of range are said at their setting")
    func intervals() {
        #expect(Self.problems("HIIT", .hiit(HIITPlan(rounds: 0, work: 0, rest: 15))).map(\.place) == [.setting(.rounds), .setting(.work)])
        #expect(Self.problems("Run", .walkRun(WalkRunPlan(run: 60, walk: 0, repeats: 0))).map(\.place) == [.setting(.walk), .setting(.repeats)])
        #expect(Self.problems("AMRAP", .amrap(AmrapPlan(cap: 30, stations: [Station(name: "Swings", reps: 15)])))
            == [WorkoutProblem(.setting(.cap), "Give it at least one minute, at most two hours.")])
    }

    @Test("a circuit: no station, a station without reps or time, zero rounds")
    func circuit() {
        #expect(Self.problems("C", .circuit(CircuitPlan(rounds: 0, stations: [], rest: 10, roundRest: 60)))
            == [WorkoutProblem(.setting(.rounds), "Do at least one round, at most 100."), WorkoutProblem(.list, "Add at least one station.")])
        #expect(Self.problems("C", .circuit(CircuitPlan(rounds: 2, stations: [Station(name: "Squats")], rest: 10, roundRest: 60)))
            == [WorkoutProblem(.item(0, .reps), "Give it reps or a time.")])
    }

    @Test("no sentence speaks TOML or the command line")
    func words() {
        let all = Self.problems("", .strength(exercises: [Exercise(name: "", sets: 0, reps: 0, rest: [], seconds: 0)]))
            + Self.problems("upper body", .hiit(HIITPlan(rounds: 0, work: 0, rest: 9999, exercises: [Station(name: "")])))
            + Self.problems("x", .circuit(CircuitPlan(rounds: 0, stations: [Station(name: "")], rest: -1, roundRest: 9999)))
        #expect(all.count >= 12)
        for problem in all {
            for word in ["workouts.", "toml", "--", "=", "[", "key", "round_rest", "null"] {
                #expect(!problem.sentence.lowercased().contains(word), "\(problem.sentence)")
            }
        }
    }

    @Test("what the check passes, the config file takes")
    func agreesWithTheParser() throws {
        let workout = WorkoutDefinition(name: WorkoutNames.key(for: "Légs Day", taken: Self.config.workouts.keys), title: "Légs Day",
                                        kind: .circuit(CircuitPlan(rounds: 2, stations: [Station(name: "Squats", reps: 10)], rest: 0, roundRest: 30)))
        #expect(Self.problems(workout.title, workout.kind).isEmpty)
        let edited = try ConfigEditor.apply([.create(workout)], to: "[reminders]\ntime = \"18:00\"\n", path: "config.toml")
        #expect(edited.config.workouts["legs_day"]?.title == "Légs Day")
    }
}
