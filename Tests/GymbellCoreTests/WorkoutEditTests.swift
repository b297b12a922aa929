import Foundation
import Testing
@testable import GymbellCore
import TOML

/// Workouts and the programme edited on a hand-written file: each case gives the exact text that
/// must come out, so everything not edited is proved to stay byte for byte.
@Suite("Config editor: workouts and the programme")
struct WorkoutEditTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        var before = WorkoutEditTests.handWritten
        let edits: [WorkoutEdit]
        let after: String
        var testDescription: String { name }
    }

    static let handWritten = """
        # my plan
        [reminders]
        time = "18:00"   # after work

        [program]
        mon = "push"   # heavy
        thu = "push"

        # the pushing day
        [workouts.push]
        title = "Push"  # shown in reminders
        kind = "strength"
        exercises = [
          # the big one
          { name = "Bench Press", sets = 3, reps = 5, weight = 80, rest = "2m" },
          { name = "Dips", sets = 2, rest = "1m" },   # body weight
        ]

        # cardio
        [workouts.intervals]
        kind = "hiit"
        rounds = 8
        work = "30s"
        rest = 15   # seconds

        """

    static func rows(_ exercises: [Exercise]) -> WorkoutKind { .strength(exercises: exercises) }
    static let bench = Exercise(name: "Bench Press", sets: 3, reps: 5, weight: 80, rest: [120, 120, 120])
    static let dips = Exercise(name: "Dips", sets: 2, rest: [60, 60])
    static let intervals = """
        # cardio
        [workouts.intervals]
        kind = "hiit"
        rounds = 8
        work = "30s"
        rest = 15   # seconds

        """

    static let cases: [Case] = [
        Case(name: "a new strength workout goes at the end, one exercise a line",
             edits: [.create(WorkoutDefinition(name: "legs", title: "Leg Day", kind: rows([
                 Exercise(name: "Squat", sets: 3, reps: 5, weight: 100, unit: "kg", rest: [180, 180, 180], body: .legs, compound: true),
                 Exercise(name: "Calf Raise", sets: 2, reps: 15, rest: [60, 45]),
             ])))],
             after: handWritten + """

                 [workouts.legs]
                 title = "Leg Day"
                 kind = "strength"
                 exercises = [
                   { name = "Squat", sets = 3, reps = 5, weight = 100, unit = "kg", rest = "3m", body = "legs", compound = true },
                   { name = "Calf Raise", sets = 2, reps = 15, rest = ["1m", "45s"] },
                 ]

                 """),
        Case(name: "a name with quotes, dots and an emoji is a quoted key",
             edits: [.create(WorkoutDefinition(name: "Mo's \"big\" day.1 💪", title: "Big", kind: .walkRun(WalkRunPlan(run: 90, walk: 120, repeats: 6))))],
             after: handWritten + """

                 [workouts."Mo's \\"big\\" day.1 💪"]
                 title = "Big"
                 kind = "walkrun"
                 run = "1m30s"
                 walk = "2m"
                 repeats = 6

                 """),
        Case(name: "a HIIT edit keeps how each duration is written and the comments",
             edits: [.update(WorkoutDefinition(name: "intervals", title: "Intervals", kind: .hiit(HIITPlan(rounds: 10, work: 40, rest: 20))))],
             after: handWritten.replacingOccurrences(of: intervals, with: """
                 # cardio
                 [workouts.intervals]
                 kind = "hiit"
                 rounds = 10
                 work = "40s"
                 rest = 20   # seconds
                 title = "Intervals"

                 """)),
        Case(name: "exercises reordered keep their comments; a changed one is written anew",
             edits: [.update(WorkoutDefinition(name: "push", title: "Push", kind: rows([
                 Exercise(name: "Dips", sets: 3, rest: [60, 60, 60]), bench,
             ])))],
             after: handWritten.replacingOccurrences(of: """
                   # the big one
                   { name = "Bench Press", sets = 3, reps = 5, weight = 80, rest = "2m" },
                   { name = "Dips", sets = 2, rest = "1m" },   # body weight
                 """, with: """
                   { name = "Dips", sets = 3, rest = "1m" },
                   # the big one
                   { name = "Bench Press", sets = 3, reps = 5, weight = 80, rest = "2m" },
                 """)),
        Case(name: "a kind changed: the other kind's keys go",
             edits: [.update(WorkoutDefinition(name: "intervals", title: "intervals", kind: .walkRun(WalkRunPlan(run: 60, walk: 90, repeats: 5))))],
             after: handWritten.replacingOccurrences(of: intervals, with: """
                 # cardio
                 [workouts.intervals]
                 kind = "walkrun"
                 title = "intervals"
                 run = "1m"
                 walk = "1m30s"
                 repeats = 5

                 """)),
        Case(name: "a rename rewrites the header and the days that named it",
             edits: [.rename(from: "push", to: "Push & Dips")],
             after: handWritten.replacingOccurrences(of: "[workouts.push]", with: "[workouts.\"Push & Dips\"]")
                 .replacingOccurrences(of: "mon = \"push\"", with: "mon = \"Push & Dips\"")
                 .replacingOccurrences(of: "thu = \"push\"", with: "thu = \"Push & Dips\"")),
        Case(name: "a duplicate is a new section with its own title",
             edits: [.duplicate("intervals", as: "intervals-2", title: "Intervals 2")],
             after: handWritten + "\n[workouts.intervals-2]\ntitle = \"Intervals 2\"\nkind = \"hiit\"\nrounds = 8\nwork = \"30s\"\nrest = \"15s\"\n"),
        Case(name: "a deleted workout takes its comment lines, not the next one's",
             edits: [.programDay(.wed, workout: "intervals"), .delete("push", clearingDays: true)],
             after: """
                 # my plan
                 [reminders]
                 time = "18:00"   # after work

                 [program]
                 wed = "intervals"

                 # cardio
                 [workouts.intervals]
                 kind = "hiit"
                 rounds = 8
                 work = "30s"
                 rest = 15   # seconds

                 """),
        Case(name: "the last workout deleted leaves no blank lines at the end",
             edits: [.delete("intervals", clearingDays: false)],
             after: String(handWritten.dropLast(intervals.count + 1))),
        Case(name: "a rest day and the programme's start and weeks",
             edits: [.programDay(.thu, workout: nil), .programSpan(ProgramSpan(start: LocalDay(isoDate: "2026-11-02")!, weeks: 8))],
             after: handWritten.replacingOccurrences(of: "thu = \"push\"\n", with: "start = 2026-11-02\nweeks = 8\n")),
        Case(name: "a template on an empty file",
             before: "",
             edits: [.create(WorkoutTemplate.legs.workout), .programDay(.mon, workout: "legs")],
             after: """
                 [workouts.legs]
                 title = "Leg Day"
                 kind = "strength"
                 exercises = [
                   { name = "Squat", sets = 4, reps = 8, rest = "3m" },
                   { name = "Romanian Deadlift", sets = 3, reps = 10, rest = "2m" },
                   { name = "Walking Lunge", sets = 3, reps = 12, rest = "1m30s" },
                   { name = "Leg Curl", sets = 3, reps = 12, rest = "1m" },
                   { name = "Calf Raise", sets = 4, reps = 15, rest = "1m" },
                 ]

                 [program]
                 mon = "legs"

                 """),
    ]

    @Test(arguments: cases) func editMakesExactlyTheText(_ example: Case) throws {
        let edited = try ConfigEditor.apply(example.edits, to: example.before, path: "config.toml")
        #expect(edited.text == example.after)
        // What the daemon reads back is what was edited.
        let reread = try ConfigParser.check(edited.text, path: "config.toml").config
        #expect(reread == edited.config)
    }

    @Test func namesRoundTripHoweverTheyAreSpelled() throws {
        let names = ["push", "Leg Day", "a.b", "it's", "say \"hi\"", "Grüße", "💪🏋️", "back\\slash", "tab\there", "1", "[x]", "#h"]
        var text = Self.handWritten
        for name in names {
            text = try ConfigEditor.apply([.duplicate("intervals", as: name == "push" ? "push2" : name, title: "T " + name)],
                                          to: text, path: "c").text
        }
        let config = try ConfigParser.check(text, path: "c").config
        for name in names {
            let key = name == "push" ? "push2" : name
            #expect(config.workouts[key]?.title == "T " + name)
            #expect(config.workouts[key]?.kind == .hiit(HIITPlan(rounds: 8, work: 30, rest: 15)))
        }
        // Renamed to and fro, and put on a day: the same file comes back.
        let there = try ConfigEditor.apply([.rename(from: "💪🏋️", to: "x.y \"z\""), .programDay(.sun, workout: "x.y \"z\"")],
                                           to: text, path: "c")
        #expect(there.config.program[.sun] == "x.y \"z\"")
        let back = try ConfigEditor.apply([.programDay(.sun, workout: nil), .rename(from: "x.y \"z\"", to: "💪🏋️")],
                                          to: there.text, path: "c")
        #expect(back.text == text)
    }

    @Test func aUsedWorkoutIsNotDeletedSilently() throws {
        #expect(throws: ConfigEditError.workoutInUse("push", days: [.mon, .thu])) {
            try ConfigEditor.apply([WorkoutEdit.delete("push", clearingDays: false)], to: Self.handWritten, path: "c")
        }
        let config = try ConfigParser.check(Self.handWritten, path: "c").config
        #expect(WorkoutEdit.days(using: "push", in: config) == [.mon, .thu])
        #expect(WorkoutEdit.days(using: "intervals", in: config) == [])
    }

    @Test func refusals() throws {
        let empty = WorkoutDefinition(name: "", title: "x", kind: .hiit(HIITPlan(rounds: 1, work: 10, rest: 10)))
        #expect(throws: ConfigEditError.emptyName) { try ConfigEditor.apply([WorkoutEdit.create(empty)], to: "", path: "c") }
        let existing = WorkoutDefinition(name: "push", title: "x", kind: .hiit(HIITPlan(rounds: 1, work: 10, rest: 10)))
        #expect(throws: ConfigEditError.workoutExists("push")) {
            try ConfigEditor.apply([WorkoutEdit.create(existing)], to: Self.handWritten, path: "c")
        }
        #expect(throws: ConfigEditError.workoutExists("intervals")) {
            try ConfigEditor.apply([WorkoutEdit.rename(from: "push", to: "intervals")], to: Self.handWritten, path: "c")
        }
        #expect(throws: ConfigEditError.noSuchWorkout("nope")) {
            try ConfigEditor.apply([WorkoutEdit.delete("nope", clearingDays: true)], to: Self.handWritten, path: "c")
        }
        // A value the reader refuses (0 rounds) is never written.
        let zero = WorkoutDefinition(name: "intervals", title: "i", kind: .hiit(HIITPlan(rounds: 0, work: 10, rest: 10)))
        #expect(throws: ConfigEditError.self) { try ConfigEditor.apply([WorkoutEdit.update(zero)], to: Self.handWritten, path: "c") }
        // A workout written as an inline table cannot be renamed by its header.
        let inline = "[workouts]\nquick = { kind = \"hiit\", rounds = 3, work = 20, rest = 10 }\n"
        #expect(throws: ConfigEditError.cannotPlace(TOMLPath(keys: "workouts", "quick"))) {
            try ConfigEditor.apply([WorkoutEdit.rename(from: "quick", to: "q")], to: inline, path: "c")
        }
    }
}
