import Foundation
import Testing
@testable import GymbellCore

/// A logged set of session `session` at minute `minute` after 2026-03-02T18:00Z.
func logged(
    _ session: String, _ exercise: String = "Bench Press", reps: Int? = 8, weight: Double? = 100, unit: WeightUnit = .kg,
    failed: Bool = false, set: Int = 1, day: Int = 0, minute: Int = 0
) -> LoggedSet {
    LoggedSet(
        session: SessionID(session), workout: "push", exercise: exercise, setNumber: set, reps: reps, plannedReps: 8, weight: weight,
        unit: unit, failed: failed, at: instant("2026-03-02T18:00:00Z").addingTimeInterval(Double(day * 86_400 + minute * 60)))
}

@Suite("Personal records")
struct PersonalRecordTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let sets: [LoggedSet]
        /// Expected records of session "new": (exercise, kind, new load, previous load).
        let expected: [(String, PersonalRecord.Kind, String, String)]
        var minPercent: Double = 2
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "105 × 8 beats 100 × 8 (the seed's example)",
             sets: [logged("old"), logged("new", weight: 105, day: 2)],
             expected: [("Bench Press", .heaviest, "8 × 105 kg", "8 × 100 kg")]),
        Case(name: "a tie is no record", sets: [logged("old"), logged("new", day: 2)], expected: []),
        Case(name: "below record_min_percent is noise (101 vs 100 at 2 %)",
             sets: [logged("old"), logged("new", weight: 101, day: 2)], expected: []),
        Case(name: "record_min_percent 0 counts any gain", sets: [logged("old"), logged("new", weight: 101, day: 2)],
             expected: [("Bench Press", .heaviest, "8 × 101 kg", "8 × 100 kg")], minPercent: 0),
        Case(name: "the first time an exercise is logged has nothing to beat", sets: [logged("new", weight: 150)], expected: []),
        Case(name: "a failed set never makes a record", sets: [logged("old"), logged("new", weight: 120, failed: true, day: 2)], expected: []),
        Case(name: "a failed set in the past is not the record to beat",
             sets: [logged("old", weight: 120, failed: true), logged("old2", day: 1), logged("new", weight: 105, day: 2)],
             expected: [("Bench Press", .heaviest, "8 × 105 kg", "8 × 100 kg")]),
        Case(name: "heavier for fewer reps is compared with sets of at least as many reps; more reps at the same weight is an estimated 1RM record",
             sets: [logged("old", reps: 5, weight: 110), logged("old", reps: 8, weight: 100, set: 2, minute: 3),
                    logged("new", reps: 10, weight: 100, day: 2)],
             expected: [("Bench Press", .estimatedOneRepMax, "10 × 100 kg", "5 × 110 kg")]),
        Case(name: "units: 225 lb (102.06 kg) × 8 beats 100 kg × 8 by 2.06 %",
             sets: [logged("old"), logged("new", weight: 225, unit: .lb, day: 2)],
             expected: [("Bench Press", .heaviest, "8 × 225 lb", "8 × 100 kg")]),
        Case(name: "units: 220 lb (99.8 kg) is not a record over 100 kg",
             sets: [logged("old"), logged("new", weight: 220, unit: .lb, day: 2)], expected: []),
        Case(name: "several exercises batch, in the order done; later sessions are ignored",
             sets: [logged("old"), logged("old", "Squat", weight: 120, minute: 10),
                    logged("new", "Squat", weight: 130, day: 2), logged("new", weight: 105, day: 2, minute: 10),
                    logged("later", weight: 200, day: 4)],
             expected: [("Squat", .heaviest, "8 × 130 kg", "8 × 120 kg"), ("Bench Press", .heaviest, "8 × 105 kg", "8 × 100 kg")]),
        Case(name: "sets without weight (body weight) never count",
             sets: [logged("old", "Dips", weight: nil), logged("new", "Dips", reps: 20, weight: nil, day: 2)], expected: []),
    ]

    @Test(arguments: cases)
    func records(_ c: Case) {
        let found = PersonalRecords.records(of: SessionID("new"), in: c.sets, minPercent: c.minPercent)
        #expect(found.map(\.exercise) == c.expected.map(\.0))
        #expect(found.map(\.kind) == c.expected.map(\.1))
        #expect(found.map(\.set.loadText) == c.expected.map(\.2))
        #expect(found.map(\.previous.loadText) == c.expected.map(\.3))
    }

    @Test func epley() {
        #expect(PersonalRecords.estimatedOneRepMax(kilograms: 100, reps: 1) == 100)
        #expect(abs(PersonalRecords.estimatedOneRepMax(kilograms: 100, reps: 10) - 133.333) < 0.001)
        #expect(PersonalRecords.estimatedOneRepMax(kilograms: 100, reps: 0) == 0)
    }

    @Test func timelineAndBests() {
        let sets = [logged("a"), logged("b", weight: 105, day: 2), logged("c", weight: 104, day: 4), logged("d", weight: 110, day: 6),
                    logged("d", "Squat", weight: 140, day: 6, minute: 5)]
        #expect(PersonalRecords.timeline(sets, minPercent: 2).map(\.set.loadText) == ["8 × 105 kg", "8 × 110 kg"])
        let bests = PersonalRecords.bests(sets)
        #expect(bests.map(\.exercise) == ["Bench Press", "Squat"])
        #expect(bests.first?.heaviest.loadText == "8 × 110 kg")
    }

    @Test func jsonRoundTrip() throws {
        let sets = [logged("a", reps: nil, weight: 12.5, unit: .lb, failed: true)]
        let text = LoggedSet.jsonText(sets)
        #expect(text.contains(#""planned_reps":8"#) && text.contains(#""set":1"#) && text.contains(#""reps":null"#))
        #expect(try LoggedSet.decode(jsonText: text) == sets)
    }
}

@Suite("[progress] and exercise classes in the config")
struct ProgressConfigTests {
    @Test func progressTableAndExerciseKeys() throws {
        let config = try ConfigParser.parse("""
            [progress]
            records = false
            record_min_percent = 2.5
            overload = true
            overload_sessions = 4
            upper_increment = 1.25
            legs_increment = 10
            [workouts.push]
            kind = "strength"
            exercises = [
              { name = "Bench Press", sets = 3, reps = 8, weight = 80, rest = 90 },
              { name = "Bulgarian split squat", sets = 3, reps = 8, weight = 20, unit = "lb", rest = 90, body = "legs", compound = false },
              { name = "Hip Thrust", sets = 3, rest = 90, body = "upper" },
            ]
            """, path: "config.toml")
        #expect(config.progress.records == false && config.progress.recordMinPercent == 2.5 && config.progress.overloadSessions == 4)
        #expect(config.progress.upperIncrement == 1.25 && config.progress.legsIncrement == 10)
        guard case .strength(let exercises) = config.workouts["push"]?.kind else { Issue.record("no strength workout"); return }
        #expect(exercises.map(\.region) == [.upper, .legs, .upper])
        #expect(exercises.map(\.isCompound) == [true, false, true])
        #expect(exercises.map(\.weightUnit) == [.kg, .lb, .kg])
    }

    @Test func defaultsGuessFromTheName() {
        #expect(ExerciseClass.region(of: "Back Squat") == .legs && ExerciseClass.region(of: "Romanian Deadlift") == .legs)
        #expect(ExerciseClass.region(of: "Bankdrücken") == .upper && ExerciseClass.region(of: "Kniebeuge") == .legs)
        #expect(ExerciseClass.isCompound("Overhead Press") && !ExerciseClass.isCompound("Bicep Curl") && !ExerciseClass.isCompound("Face Pull"))
        let settings = ProgressSettings()
        #expect(settings.increment(for: .upper, in: .kg) == 2.5 && settings.increment(for: .legs, in: .kg) == 5)
        #expect(settings.increment(for: .upper, in: .lb) == 5 && settings.increment(for: .legs, in: .lb) == 10)
    }
}
