import Foundation
import Testing
@testable import GymbellCore

/// The workout edits against Python's tomllib (an independent TOML 1.0 reader): over chains of seeded
/// random edits (new workouts with names that need quoting, updates of each kind, renames, duplicates,
/// deletes, weekdays), gymbell's reader reads every edited file as the edit made on the config's model,
/// tomllib reads it as the same workouts and programme, and every other table as it was.
@Suite("Config editor: workout edits against Python's tomllib")
struct WorkoutEditDifferentialTests {
    static let names = ["push", "Leg Day", "a.b", "it's", "say \"hi\"", "Grüße", "💪", "back\\slash", "1", "[x]", "#h", "x = 1"]

    static func randomKind(_ random: inout Seeded) -> WorkoutKind {
        switch Int.random(in: 0..<3, using: &random) {
        case 0:
            let count = Int.random(in: 1...4, using: &random)
            return .strength(exercises: (0..<count).map { index in
                let sets = Int.random(in: 1...5, using: &random)
                return Exercise(name: names[(index * 5 + sets) % names.count] + " \(index)", sets: sets,
                                reps: Bool.random(using: &random) ? Int.random(in: 1...12, using: &random) : nil,
                                weight: [nil, 20, 82.5, 100].randomElement(using: &random)!,
                                rest: Bool.random(using: &random) ? Array(repeating: 90, count: sets) : (0..<sets).map { TimeInterval(30 + 15 * $0) })
            })
        case 1:
            return .hiit(HIITPlan(rounds: Int.random(in: 1...20, using: &random), work: [20, 30, 45].randomElement(using: &random)!,
                                  rest: [10, 15, 60].randomElement(using: &random)!))
        default:
            return .walkRun(WalkRunPlan(run: [60, 90].randomElement(using: &random)!, walk: [60, 120].randomElement(using: &random)!,
                                        repeats: Int.random(in: 1...10, using: &random)))
        }
    }

    static func randomEdit(_ config: Config, _ random: inout Seeded) -> WorkoutEdit {
        let existing = config.workouts.keys.sorted()
        let fresh = names.filter { config.workouts[$0] == nil }
        switch Int.random(in: 0..<6, using: &random) {
        case 1 where !existing.isEmpty:
            let name = existing.randomElement(using: &random)!
            return .update(WorkoutDefinition(name: name, title: "T " + name, kind: randomKind(&random)))
        case 2 where !existing.isEmpty && !fresh.isEmpty:
            return .rename(from: existing.randomElement(using: &random)!, to: fresh.randomElement(using: &random)!)
        case 3 where !existing.isEmpty && !fresh.isEmpty:
            let name = fresh.randomElement(using: &random)!
            return .duplicate(existing.randomElement(using: &random)!, as: name, title: "Copy " + name)
        case 4 where !existing.isEmpty:
            return .delete(existing.randomElement(using: &random)!, clearingDays: true)
        case 5 where !existing.isEmpty:
            return .programDay(Weekday.allCases.randomElement(using: &random)!,
                               workout: Bool.random(using: &random) ? existing.randomElement(using: &random)! : nil)
        default:
            let name = fresh.randomElement(using: &random) ?? "spare \(config.workouts.count)"
            return .create(WorkoutDefinition(name: name, title: "T " + name, kind: randomKind(&random)))
        }
    }

    /// What tomllib must read: every workout by name (title, kind, and per kind its numbers; an
    /// exercise's rests in seconds), and the programme's weekdays.
    static func expected(_ config: Config) -> [String: Any] {
        var workouts: [String: Any] = [:]
        for (name, workout) in config.workouts {
            var entry: [String: Any] = ["title": workout.title]
            switch workout.kind {
            case .strength(let exercises):
                entry["kind"] = "strength"
                entry["exercises"] = exercises.map { exercise -> [String: Any] in
                    ["name": exercise.name, "sets": exercise.sets, "reps": exercise.reps.map { $0 as Any } ?? NSNull(),
                     "weight": exercise.weight.map { $0 as Any } ?? NSNull(), "rest": exercise.rest]
                }
            case .hiit(let plan): entry.merge(["kind": "hiit", "rounds": plan.rounds, "work": plan.work, "rest": plan.rest]) { $1 }
            case .walkRun(let plan): entry.merge(["kind": "walkrun", "run": plan.run, "walk": plan.walk, "repeats": plan.repeats]) { $1 }
            case .circuit(let plan): entry.merge(["kind": "circuit", "rounds": plan.rounds, "rest": plan.rest]) { $1 }
            case .amrap(let plan): entry.merge(["kind": "amrap", "time": plan.cap]) { $1 }
            }
            workouts[name] = entry
        }
        let program = Dictionary(uniqueKeysWithValues: config.program.map { ($0.key.rawValue, $0.value) })
        return ["workouts": workouts, "program": program]
    }

    /// The edit made on the config's model: what the file must say afterwards.
    static func applied(_ edit: WorkoutEdit, to config: Config) -> Config {
        var config = config
        switch edit {
        case .create(let workout), .update(let workout): config.workouts[workout.name] = workout
        case .rename(let old, let new):
            config.workouts[new] = config.workouts.removeValue(forKey: old).map { WorkoutDefinition(name: new, title: $0.title, kind: $0.kind) }
            config.program = config.program.mapValues { $0 == old ? new : $0 }
        case .duplicate(let name, let newName, let title):
            config.workouts[newName] = config.workouts[name].map { WorkoutDefinition(name: newName, title: title, kind: $0.kind) }
        case .delete(let name, _):
            config.workouts[name] = nil
            config.program = config.program.filter { $0.value != name }
        case .programDay(let day, let workout, _): config.program[day] = workout
        case .programSpan(let span, _): config.programSpan = span
        case .programmePriority(let priority, Programme.mainName): config.programPriority = priority
        case .addProgramme, .removeProgramme, .programmeTitle, .programmePriority: break  // [programs.NAME]: not compared here
        }
        return config
    }

    static let checker = #"""
    import json, re, sys, tomllib
    def seconds(value):
        if isinstance(value, (int, float)): return float(value)
        total = 0.0
        for number, unit in re.findall(r"([0-9.]+)([hms])", value):
            total += float(number) * {"h": 3600, "m": 60, "s": 1}[unit]
        return total
    def read(workout):
        entry = {"title": workout.get("title"), "kind": workout["kind"]}
        if workout["kind"] == "strength":
            entry["exercises"] = [{"name": e["name"], "sets": e["sets"], "reps": e.get("reps"),
                                   "weight": None if e.get("weight") is None else float(e["weight"]),
                                   "rest": [seconds(r) for r in e["rest"]] if isinstance(e["rest"], list) else [seconds(e["rest"])] * e["sets"]}
                                  for e in workout["exercises"]]
        elif workout["kind"] == "hiit":
            entry.update(rounds=workout["rounds"], work=seconds(workout["work"]), rest=seconds(workout["rest"]))
        else:
            entry.update(run=seconds(workout["run"]), walk=seconds(workout["walk"]), repeats=workout["repeats"])
        return entry
    def norm(expected):
        for workout in expected["workouts"].values():
            for key in ("work", "rest", "run", "walk"):
                if key in workout and not isinstance(workout[key], list): workout[key] = float(workout[key])
            for e in workout.get("exercises", []):
                e["rest"] = [float(r) for r in e["rest"]]
                if e["weight"] is not None: e["weight"] = float(e["weight"])
        return expected
    failures, checked = [], 0
    for case in json.load(open(sys.argv[1], encoding="utf-8")):
        before, after = tomllib.loads(case["before"]), tomllib.loads(case["after"])
        actual = {"workouts": {name: read(w) for name, w in after.get("workouts", {}).items()},
                  "program": {k: v for k, v in after.get("program", {}).items() if k not in ("start", "weeks")}}
        others = lambda doc: {k: v for k, v in doc.items() if k not in ("workouts", "program")}
        checked += 1
        if actual != norm(case["expected"]) or others(before) != others(after):
            failures.append({"after": case["after"], "expected": case["expected"], "actual": actual})
    print(json.dumps({"checked": checked, "failures": failures[:3], "failed": len(failures)}, default=str))
    """#

    @Test func editedFilesReadAsTheWorkoutsAskedForUnderTomllib() throws {
        var random = Seeded(state: ProcessInfo.processInfo.environment["GYMBELL_EDIT_SEED"].flatMap(UInt64.init) ?? 3011)
        var cases: [[String: Any]] = []
        var text = ConfigEditRoundTripTests.personal
        for round in 0..<240 {
            if round % 40 == 0 { text = [ConfigEditRoundTripTests.personal, ConfigParser.defaultText, ""][round / 40 % 3] }
            let config = try ConfigParser.check(text, path: "c").config
            let edit = Self.randomEdit(config, &random)
            let edited = try ConfigEditor.apply([edit], to: text, path: "c")
            // gymbell's reader reads the edit as asked …
            let model = Self.applied(edit, to: config)
            #expect(edited.config.workouts == model.workouts && edited.config.program == model.program, "\(edit)")
            cases.append(["before": text, "after": edited.text, "expected": Self.expected(edited.config)])
            text = edited.text
        }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-workout-edit-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let casesFile = directory.appendingPathComponent("cases.json")
        try JSONSerialization.data(withJSONObject: cases).write(to: casesFile)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", Self.checker, casesFile.path]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "python3 with tomllib (3.11+) is needed")
        let result = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(result["checked"] as? Int == 240)
        #expect(result["failed"] as? Int == 0, "\(result["failures"] ?? "")")
    }
}
