import Foundation
import Testing
@testable import GymbellCore

/// The daily reminder's preview of the day's workout (Antrain): exercises with planned weights, the
/// length estimate, the programme week.
@Suite("Daily reminder: the workout's preview")
struct WorkoutPreviewTests {
    static let push = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
        Exercise(name: "Bench Press", sets: 4, reps: 8, weight: 80, unit: "kg", rest: [90, 90, 90, 120]),
        Exercise(name: "Overhead Press", sets: 3, reps: 10, weight: 40, rest: [90, 90, 90]),
        Exercise(name: "Dips", sets: 3, reps: 12, rest: [60, 60, 60]),
    ]))
    static let monday = LocalDay(year: 2026, month: 11, day: 23)!

    @Test func theLengthIsEstimatedFromSetsRepsAndRests() {
        guard case .strength(let exercises) = Self.push.kind else { return }
        // Bench 4 × 32 s + 390 s; OHP 3 × 40 s + 270 s; Dips 3 × 48 s + 180 s − the last rest 60 s.
        #expect(WorkoutPreview.estimatedSeconds(exercises) == 128 + 390 + 120 + 270 + 144 + 180 - 60)
        // Few reps still take 20 s a set; a set without reps 45 s.
        #expect(WorkoutPreview.estimatedSeconds([Exercise(name: "Deadlift", sets: 2, reps: 3, rest: [180, 180])]) == 40 + 180)
        #expect(WorkoutPreview.estimatedSeconds([Exercise(name: "Plank", sets: 3, rest: [30, 30, 30])]) == 135 + 60)
        #expect(WorkoutPreview.estimatedSeconds([]) == 0)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let workout: WorkoutDefinition
        let span: ProgramSpan?
        let day: LocalDay
        let overrides: [String: WeightOverride]
        let english: String
        let german: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "strength: exercises with weights, about 20 min", workout: push, span: nil, day: monday, overrides: [:],
             english: "Today: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · about 20 min",
             german: "Heute: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · etwa 20 Min."),
        Case(name: "a raised weight is the one planned", workout: push, span: nil, day: monday,
             overrides: ["Bench Press": WeightOverride(exercise: "Bench Press", weight: 82.5, unit: .kg, since: Date(timeIntervalSince1970: 0))],
             english: "Today: Push Day — Bench Press 82.5 kg, Overhead Press 40 kg, Dips · about 20 min",
             german: "Heute: Push Day — Bench Press 82.5 kg, Overhead Press 40 kg, Dips · etwa 20 Min."),
        Case(name: "week 3 of 8: fifteen days after the start", workout: push,
             span: ProgramSpan(start: LocalDay(year: 2026, month: 11, day: 9)!, weeks: 8), day: monday, overrides: [:],
             english: "Today: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · about 20 min · Week 3 of 8",
             german: "Heute: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · etwa 20 Min. · Woche 3 von 8"),
        Case(name: "after the programme's last week: no week", workout: push,
             span: ProgramSpan(start: LocalDay(year: 2026, month: 9, day: 1)!, weeks: 8), day: monday, overrides: [:],
             english: "Today: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · about 20 min",
             german: "Heute: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · etwa 20 Min."),
        Case(name: "six exercises: four named, then how many more", workout: WorkoutDefinition(
                name: "legs", title: "Legs", kind: .strength(exercises: (1...6).map { Exercise(name: "E\($0)", sets: 1, reps: 10, rest: [60]) })),
             span: nil, day: monday, overrides: [:],
             english: "Today: Legs — E1, E2, E3, E4, +2 more · about 10 min", german: "Heute: Legs — E1, E2, E3, E4, +2 weitere · etwa 10 Min."),
        Case(name: "HIIT: its planned length", workout: WorkoutDefinition(name: "h", title: "HIIT 20", kind: .hiit(HIITPlan(rounds: 20, work: 40, rest: 20))),
             span: nil, day: monday, overrides: [:], english: "Today: HIIT 20 · 20 min", german: "Heute: HIIT 20 · 20 Min."),
        Case(name: "walk/run: its planned length", workout: WorkoutDefinition(
                name: "w", title: "Couch to 5k", kind: .walkRun(WalkRunPlan(run: 90, walk: 120, repeats: 8))),
             span: nil, day: monday, overrides: [:], english: "Today: Couch to 5k · 28 min", german: "Heute: Couch to 5k · 28 Min."),
    ]

    @Test(arguments: cases)
    func body(_ c: Case) throws {
        let preview = WorkoutPreview.make(c.workout, overrides: c.overrides, span: c.span, day: c.day)
        let content = ReminderContent.daily(workout: c.workout.title, preview: preview)
        #expect(content.text(.english).body == c.english)
        #expect(content.text(try german()).body == c.german)
        // Stored as JSON in the agenda and read back the same; rows from before the preview still read.
        let data = try JSONEncoder().encode(content)
        #expect(try JSONDecoder().decode(ReminderContent.self, from: data) == content)
    }

    func german() throws -> Messages {
        return try TranslationCatalogTests.messages("de.po")
    }

    @Test func rowsWrittenBeforeThePreviewStillRead() throws {
        let old = try JSONDecoder().decode(ReminderContent.self, from: Data(#"{"daily":{"workout":"Push Day"}}"#.utf8))
        #expect(old == .daily(workout: "Push Day", preview: nil))
        #expect(old.text(.english).body == "Today: Push Day")
    }

    @Test func theProgrammeSpanIsReadFromTheConfigWithItsErrors() throws {
        let config = try ConfigParser.parse("[program]\nstart = 2026-11-09\nweeks = 8\n", path: "c.toml")
        #expect(config.programSpan == ProgramSpan(start: LocalDay(year: 2026, month: 11, day: 9)!, weeks: 8))
        #expect(try ConfigParser.parse("[program]\nstart = \"2026-11-09\"\nweeks = 8\n", path: "c.toml").programSpan != nil)
        for (toml, message) in [
            ("start = 2026-11-09", "c.toml:2:9: program.start: a programme with a start needs its length too"),
            ("weeks = 8", "c.toml:2:9: program.weeks: a programme with a length needs its first day too"),
            ("start = \"2026-02-30\"\nweeks = 8", "c.toml:2:9: program.start: \"2026-02-30\" is not a date"),
            ("start = 2026-11-09\nweeks = 0", "c.toml:3:9: program.weeks: 0 is out of range; use 1 to 104"),
        ] {
            #expect(throws: ConfigErrors.self) { try ConfigParser.parse("[program]\n" + toml + "\n", path: "c.toml") }
            do {
                _ = try ConfigParser.parse("[program]\n" + toml + "\n", path: "c.toml")
            } catch {
                #expect("\(error)".contains(message), "\(error)")
            }
        }
    }
}
