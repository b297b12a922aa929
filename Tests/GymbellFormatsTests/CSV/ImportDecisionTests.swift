import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// Issue 42: one decision for the dry run and the import, values checked at the CSV door and at the
/// bus's, and a file read in pieces giving what it gives read whole.
@Suite("Import: one decision for the dry run and the import; values checked at both doors")
struct ImportDecisionTests {
    static let later = instant("2027-01-01T00:00:00Z")
    static let options = TrainingImport.Options(timeZone: .utc, now: later)
    static let strongHeader = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"

    /// The scan alone (what a dry run says), from pieces of `size` bytes.
    func scan(_ text: String, pieces size: Int = 7) throws -> TrainingImport {
        var reader = CSVText.Reader()
        var scan = TrainingImport.Scan(options: Self.options)
        var failure: TrainingImport.Failure?
        let bytes = Array(text.utf8)
        var start = 0
        let take = { (record: CSVText.Record) in
            do throws(TrainingImport.Failure) { try scan.add(record) } catch { failure = error }
        }
        while start < bytes.count {
            reader.feed(bytes[start..<min(bytes.count, start + size)], take)
            start += size
        }
        reader.finish(take)
        if let failure { throw failure }
        return try scan.finished()
    }

    @Test func sixOFivePMAndEighteenOFiveAreOneWorkoutInTheDryRunAndTheImport() throws {
        let text = Self.strongHeader
            + "2025-11-03 6:05:00 PM,Legs,1h,Squat (Barbell),1,100,5,,,,,\n"
            + "2025-11-03 18:05:00,Legs,1h,Squat (Barbell),2,100,5,,,,,\n"
            + "2025-11-03 18:05:00,Legs,1h,Lunge,1,20,10,,,,,\n"
        let dry = try scan(text)
        let log = try TrainingImport.read(text, options: Self.options)
        #expect(dry.workoutCount == 1 && dry.setCount == 3)
        #expect(log.sessions.count == dry.workoutCount)
        #expect(log.sessions[0].sets.count == dry.setCount)
        #expect(log.sessions[0].sets.map { "\($0.exercise) #\($0.setNumber)" } == ["Squat (Barbell) #1", "Squat (Barbell) #2", "Lunge #1"])
        #expect(Set(dry.workouts.keys) == Set(log.sessions.map(\.entry.id)))
        #expect(log.summaryLines(in: .utc)[0] == "Strong export: 1 workout, 3 sets, 2 exercises.")
    }

    @Test func theSameInstantWithAnotherTitleIsAnotherWorkout() throws {
        let text = Self.strongHeader
            + "2025-11-03 18:05:00,Legs,1h,Squat,1,100,5,,,,,\n"
            + "2025-11-03 6:05:00 pm,Arms,1h,Curl,1,20,10,,,,,\n"
        let log = try TrainingImport.read(text, options: Self.options)
        #expect(try scan(text).workoutCount == 2 && log.sessions.count == 2)
    }

    /// Rows of a workout far apart in the file: still one workout, whole, when it is complete.
    @Test func interleavedWorkoutsComeWholeWhenTheirLastRowIsRead() throws {
        let text = Self.strongHeader
            + "2025-11-03 18:05:00,Legs,1h,Squat,1,100,5,,,,,\n"
            + "2025-11-04 18:05:00,Arms,1h,Curl,1,20,10,,,,,\n"
            + "2025-11-03 18:05:00,Legs,1h,Squat,2,100,5,,,,,\n"
            + "2025-11-04 18:05:00,Arms,1h,Curl,2,20,10,,,,,\n"
        let plan = try scan(text)
        var assembly = try TrainingImport.Assembly(plan: plan, options: Self.options)
        let table = try #require(CSVText.read(text))
        _ = try assembly.add(CSVText.Record(line: 1, fields: table.header))
        var completed: [[String]] = []
        for record in table.records {
            completed.append(try assembly.add(record).map { "\($0.entry.title) \($0.sets.count)" })
        }
        #expect(completed == [[], [], ["Legs 2"], ["Arms 2"]])
        #expect(assembly.finish().isEmpty && assembly.openWorkouts == 0)
    }

    @Test func readInPiecesIsReadWhole() throws {
        let text = "\u{FEFF}" + Self.strongHeader.replacingOccurrences(of: "\n", with: "\r\n")
            + "2025-11-03 18:05:00,\"Legs, \"\"heavy\"\"\",1h,Squat,1,100,5,,,\"a\r\nnote\",,\r\n"
            + "2025-11-03 18:05:00,\"Legs, \"\"heavy\"\"\",1h,Squat,2,100,5,,,,,\r\n"
            + "2025-11-04 18:05:00,Arms,1h,Curl,1,20,10,,,,,"
        let whole = try TrainingImport.read(text, options: Self.options)
        for size in [1, 2, 3, 5, 64] {
            let dry = try scan(text, pieces: size)
            #expect(dry.workoutCount == 2 && dry.setCount == 3 && dry.records == 3, "pieces of \(size)")
            #expect(dry.workouts == whole.workouts, "pieces of \(size)")
        }
        #expect(whole.sessions.map(\.entry.title) == ["Legs, \"heavy\"", "Arms"])
    }

    @Test func aFieldThatIsNotUTF8IsRefusedWithItsLine() {
        var bytes = Array((Self.strongHeader + "2025-11-03 18:05:00,Legs,1h,Squat,1,100,5,,,,,\n").utf8)
        bytes += Array("2025-11-03 18:05:00,Legs,1h,Sq".utf8) + [0xFF, 0xFE] + Array("uat,2,100,5,,,,,\n".utf8)
        var reader = CSVText.Reader()
        var scan = TrainingImport.Scan(options: Self.options)
        var failure: TrainingImport.Failure?
        reader.feed(bytes) { record in
            do throws(TrainingImport.Failure) { try scan.add(record) } catch { failure = failure ?? error }
        }
        #expect(failure == .notText(line: 3))
    }

    @Test func hostileRowsAreCleanedOrSkippedWithTheirLineAndReason() throws {
        let text = Self.strongHeader
            + "2025-11-03 18:05:00,Le\u{1B}[31mgs\t,1h,Squat\u{7}\nBar,1,100,5,,,,,\n"  // control characters: cleaned (a quoted line break too)
                .replacingOccurrences(of: "Squat\u{7}\nBar", with: "\"Squat\u{7}\nBar\"")
            + "2025-11-03 18:05:00,Legs,1h,Sq\u{0}uat,2,100,5,,,,,\n"  // line 4: a NUL
            + "9999-01-01 10:00:00,Legs,1h,Squat,1,100,5,,,,,\n"  // line 5: year 9999
            + "1969-12-31 10:00:00,Legs,1h,Squat,1,100,5,,,,,\n"  // line 6: before 1970
            + "2025-11-03 18:05:00,Legs,1h,Squat,3,1e308,5,,,,,\n"  // line 7
            + "2025-11-03 18:05:00,Legs,1h,Squat,4,100,9.2e18,,,,,\n"  // line 8
            + "2025-11-03 18:05:00,Legs,1h,\(String(repeating: "x", count: 201)),1,100,5,,,,,\n"  // line 9
            + "2025-11-03 18:05:00,\u{0}Legs,1h,Squat,5,100,5,,,,,\n"  // line 10: a NUL in the title
        let log = try TrainingImport.read(text, options: .init(timeZone: .utc, now: Date(timeIntervalSince1970: 7_000_000_000)))
        #expect(log.sessions.count == 1)
        #expect(log.sessions[0].entry.title == "Le [31mgs")
        #expect(log.sessions[0].sets.map(\.exercise) == ["Squat Bar"])
        #expect(log.skipped.map(\.line) == [4, 5, 6, 7, 8, 9, 10])
        let reasons = log.skipped.map(\.reason)
        #expect(reasons[0] == "exercise \"Sq\\u{0}uat\" holds a NUL character")
        #expect(reasons[1] == "Date \"9999-01-01 10:00:00\" is outside 1970 to 2199")
        #expect(reasons[2] == "Date \"1969-12-31 10:00:00\" is outside 1970 to 2199")
        #expect(reasons[3] == "weight \"1e308\" is not a number of 0 to 2000")
        #expect(reasons[4] == "reps \"9.2e18\" is not a whole number of 0 to 1000")
        #expect(reasons[5] == "exercise is 201 characters long (at most 200)")
        #expect(reasons[6] == "the workout's title \"\\u{0}Legs\" holds a NUL character")
    }

    // MARK: The bus's door

    static func session(_ id: String = "strong-0123456789abcdef", title: String = "Push", weight: Double? = 80, reps: Int? = 5,
                        start: String = "2025-01-01T10:00:00Z") -> ImportedSession {
        let begun = instant(start)
        let set = LoggedSet(session: SessionID(id), exercise: "Bench", setNumber: 1, reps: reps, weight: weight, at: begun.addingTimeInterval(60))
        let entry = HistoryEntry(
            id: SessionID(id), title: title, kind: .strength, startedAt: begun, endedAt: begun.addingTimeInterval(3600), outcome: .completed,
            setsDone: 1)
        return ImportedSession(entry: entry, sets: [set])
    }

    @Test(arguments: [
        (session(weight: -5), "set 1's weight -5 is not a weight of 0 to 2000"),
        (session(weight: 1e308), "set 1's weight"),
        (session(reps: 9_200_000_000_000_000_000), "set 1's reps 9200000000000000000 is not 0 to 1000"),
        (session(start: "9999-01-01T00:00:00Z"), "start"),
        (session(""), "session id is empty"),
        (session(title: String(repeating: "t", count: 10_000)), "title is 10000 characters long (at most 200)"),
        (session(title: "a\u{0}b"), ""),
    ] as [(ImportedSession, String)])
    func aSessionOutOfBoundsIsRefusedWhole(session: ImportedSession, reason: String) {
        if session.entry.title == "a\u{0}b" {
            // A NUL in a title the bus brings is cleaned like any control character: nothing of it is stored.
            #expect((try? session.checked())?.entry.title == "a b")
            return
        }
        #expect(throws: RecordBounds.Violation.self) { try session.checked() }
        do { _ = try session.checked() } catch { #expect(error.description.hasPrefix(reason), "\(error)") }
    }

    @Test func aRunningSessionOrAnotherSessionsSetIsRefused() {
        var running = Self.session()
        running.entry.outcome = .running
        running.entry.endedAt = nil
        #expect(throws: RecordBounds.Violation.self) { try running.checked() }
        var foreign = Self.session()
        foreign.sets[0].session = SessionID("other")
        #expect(throws: RecordBounds.Violation.self) { try foreign.checked() }
        #expect((try? Self.session().checked()) == Self.session())
    }
}
