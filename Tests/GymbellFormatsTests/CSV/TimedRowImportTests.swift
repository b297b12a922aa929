import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// Issue 44 at the import's door: timed sets, warm-ups and RPE read from Strong, Hevy and gymbell's own
/// CSV, and every hostile value of them skipped with its line and why.
@Suite("Import: timed sets, warm-ups and RPE, and their hostile values")
struct TimedRowImportTests {
    func read(_ text: String) throws -> TrainingImport {
        try TrainingImport.read(text, options: .init(timeZone: .utc, now: instant("2030-01-01T00:00:00Z")))
    }

    static let strongHeader = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE"

    @Test func strongRowsOfTimeDistanceAndRPE() throws {
        let log = try read([
            Self.strongHeader,
            "2025-11-10 07:00:00,Core,20m,Plank,W,0,0,0,30,,,",
            "2025-11-10 07:00:00,Core,20m,Plank,1,0,0,0,62.4,,,9.5",
            "2025-11-10 07:00:00,Core,20m,Rowing,1,0,0,2000,0,,,",
            "2025-11-10 07:00:00,Core,20m,Nothing,1,0,0,0,0,,,",
            "2025-11-10 07:00:00,Core,20m,Plank,2,0,0,0,86401,,,",
            "2025-11-10 07:00:00,Core,20m,Plank,3,0,0,0,-5,,,",
            "2025-11-10 07:00:00,Core,20m,Plank,4,0,0,0,nan,,,",
            "2025-11-10 07:00:00,Core,20m,Plank,5,0,0,0,45,,,12",
            "2025-11-10 07:00:00,Core,20m,Plank,6,0,0,0,45,,,inf",
            "2025-11-10 07:00:00,Core,20m,Squat,1,100,5,0,0,,,0",
        ].joined(separator: "\n"))
        let sets = try #require(log.sessions.first?.sets)
        #expect(sets.map(\.seconds) == [30, 62, nil])
        #expect(sets.map(\.warmUp) == [true, false, false])
        #expect(sets.map(\.rpe) == [nil, 9.5, nil], "Strong's 0 is no RPE")
        #expect(sets.map(\.setNumber) == [1, 2, 1])
        #expect(log.warmUps == 1 && log.timedSets == 2)
        #expect(log.skipped.map(\.line) == [4, 5, 6, 7, 8, 9, 10])
        #expect(log.skipped.map(\.reason) == [
            "a distance without time or reps (gymbell logs reps, weight and time, not distances)",
            "no reps and no time (gymbell logs reps, weight and time)",
            "seconds \"86401\" is not a number of 0 to 86400", "seconds \"-5\" is not a number of 0 to 86400",
            "seconds \"nan\" is not a number of 0 to 86400", "RPE \"12\" is not a number of 0 to 10", "RPE \"inf\" is not a number of 0 to 10",
        ])
    }

    @Test func hevyDurationsWarmUpsAndRPE() throws {
        let log = try read("""
            title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe
            Home,"1 Jan 2025, 10:00","1 Jan 2025, 10:30",,Dead Hang,,,0,warmup,,,,20,
            Home,"1 Jan 2025, 10:00","1 Jan 2025, 10:30",,Dead Hang,,,1,normal,,,,45,8.5
            Home,"1 Jan 2025, 10:00","1 Jan 2025, 10:30",,Running,,,0,normal,,,5.2,,
            Home,"1 Jan 2025, 10:00","1 Jan 2025, 10:30",,Running,,,1,normal,,,5.2,1800,
            """)
        let sets = try #require(log.sessions.first?.sets)
        #expect(sets.map(\.loadText) == ["20 s", "45 s", "30 min"])
        #expect(sets.map(\.warmUp) == [true, false, false] && sets.map(\.rpe) == [nil, 8.5, nil])
        #expect(log.skipped.map(\.line) == [4])
    }

    @Test func gymbellsOwnHostileValuesAreSkippedWithTheirLine() throws {
        let header = SetLogCSV.header.joined(separator: ",")
        let row = { (seconds: String, warmUp: String, rpe: String) in
            "s1,Home,,,,Plank,1,,,,kg,false,2025-01-01T10:00:00.000Z,\(seconds),\(warmUp),\(rpe)"
        }
        let log = try read([
            header, row("45", "true", "7.5"), row("1e9", "false", ""), row("45", "maybe", ""), row("45", "false", "-1"), row("0x10", "false", ""),
            row("", "", ""),
        ].joined(separator: "\n"))
        #expect(log.sessions.first?.sets.map(\.loadText) == ["45 s", "—"])
        #expect(log.sessions.first?.sets.map(\.warmUp) == [true, false])
        #expect(log.skipped.map(\.reason) == [
            "seconds \"1e9\" is not a number of 0 to 86400", "warm_up \"maybe\" is neither true nor false",
            "RPE \"-1\" is not a number of 0 to 10", "seconds \"0x10\" is not a number of 0 to 86400",
        ])
    }
}
