import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

@Suite("Import: Strong, Hevy and gymbell logs read into sessions and sets")
struct TrainingImportTests {
    static let later = instant("2027-01-01T00:00:00Z")

    func read(_ text: String, _ zone: Zone, names: [String: String] = [:], unit: WeightUnit = .kg, now: Date = later) throws -> TrainingImport {
        try TrainingImport.read(text, options: .init(timeZone: zone, now: now, names: names, unit: unit))
    }

    /// (exercise, set, reps, weight, unit, failed, then seconds, W for a warm-up, @RPE where there are) of each set, in order.
    func loads(_ session: ImportedSession) -> [String] {
        session.sets.map {
            "\($0.exercise) #\($0.setNumber) \($0.reps.map(String.init) ?? "-")×\($0.weight.map(WeightUnit.number) ?? "-") \($0.unit.rawValue)"
                + ($0.failed ? " failed" : "") + ($0.seconds.map { " \($0)s" } ?? "") + ($0.warmUp ? " W" : "")
                + ($0.rpe.map { " @\(WeightUnit.number($0))" } ?? "")
        }
    }

    @Test func strongSemicolonInBerlinAcrossTheSpringForwardNight() throws {
        let log = try read(ImportFixtures.strongSemicolon, berlin)
        #expect(log.format == .strongSemicolon)
        #expect(log.sessions.count == 2)
        let push = log.sessions[0], pull = log.sessions[1]
        #expect(push.entry.title == "Push")
        #expect(push.entry.startedAt == instant("2024-03-30T17:07:42Z"))  // CET, UTC+1
        #expect(push.entry.endedAt == instant("2024-03-30T18:12:42Z"))  // 1h 5m
        // Issue 44: the run (5 km in 25 min) is kept as a timed set; the RPE comes along.
        #expect(loads(push) == ["Bench Press (Barbell) #1 8×80 kg", "Bench Press (Barbell) #2 6×82.5 kg @8", "Running #1 -×- kg 1500s"])
        #expect(push.sets.map(\.at) == [instant("2024-03-30T17:29:22Z"), instant("2024-03-30T17:51:02Z"), instant("2024-03-30T18:12:42Z")])
        #expect(pull.entry.title == "Pull; heavy")
        #expect(pull.entry.startedAt == instant("2024-03-31T07:30:00Z"))  // CEST, UTC+2, after the gap
        #expect(loads(pull) == ["Deadlift (Barbell) #1 5×225 lb"])
        #expect(pull.entry.outcome == .completed && pull.entry.kind == .strength && pull.entry.setsDone == 1)
        #expect(log.skipped == [
            .init(line: 7, reason: "Date \"2024-13-01 09:30:00\" is not a date and time"),
        ])
        #expect(log.unitAssumed == nil && log.warmUps == 0)
    }

    @Test func strongCommaInNewYorkOnTheFallBackMorning() throws {
        let log = try read(ImportFixtures.strongComma, newYork, unit: .lb)
        #expect(log.format == .strong)
        #expect(log.unitAssumed == .lb)
        #expect(log.warmUps == 1)
        let night = log.sessions[0], legs = log.sessions[1]
        #expect(night.entry.title == "Night 🌙")
        #expect(night.entry.startedAt == instant("2023-11-05T05:30:00Z"))  // 1:30 EDT, the first of the two
        // Issue 44: the warm-up (W) is kept, marked; numbered with the rest in the order written.
        #expect(loads(night) == [
            "Curl, \"21s\" 💪 #1 12×10 lb W", "Curl, \"21s\" 💪 #2 10×25 lb", "Curl, \"21s\" 💪 #3 12×15 lb", "Curl, \"21s\" 💪 #4 4×25 lb failed",
        ])
        #expect(night.sets.map(\.at) == [
            instant("2023-11-05T05:45:00Z"), instant("2023-11-05T06:00:00Z"), instant("2023-11-05T06:15:00Z"), instant("2023-11-05T06:30:00Z"),
        ])
        #expect(legs.entry.startedAt == instant("2023-11-06T23:05:00Z"))  // 6:05 pm EST
        #expect(legs.entry.endedAt == instant("2023-11-07T00:05:00Z"))
        #expect(loads(legs) == ["Squat (Barbell) #1 5×100 lb @8", "Squat (Barbell) #2 5×100 lb"])
        // The note's line break moves the next row down: lines as an editor shows them.
        #expect(log.skipped == [.init(line: 9, reason: "Set Order \"Rest Timer\" is not a set (1, 2 …, W, D or F)")])
    }

    @Test func hevyInPoundsInKolkata() throws {
        let log = try read(ImportFixtures.hevyPounds, kolkata)
        #expect(log.format == .hevy)
        #expect(log.warmUps == 1 && log.unitAssumed == nil)
        let upper = log.sessions[0], untitled = log.sessions[1]
        #expect(upper.entry.startedAt == instant("2023-11-12T12:34:00Z"))
        #expect(upper.entry.endedAt == instant("2023-11-12T13:40:00Z"))
        #expect(loads(upper) == [
            "Bench Press (Barbell) #1 10×95 lb W", "Bench Press (Barbell) #2 8×185 lb @8", "Bench Press (Barbell) #3 12×135 lb", "Pull Up #1 7×- lb failed",
        ])
        #expect(untitled.entry.title == "Workout")
        #expect(untitled.entry.startedAt == instant("2023-11-14T01:30:00Z"))
        #expect(loads(untitled) == ["Row (Cable) #1 10×120 lb"])
        #expect(log.skipped == [.init(line: 6, reason: "set_type \"superset\" is not normal, warmup, dropset or failure")])
    }

    @Test func hevyInKilograms() throws {
        let log = try read(ImportFixtures.hevyKilograms, .utc)
        #expect(loads(log.sessions[0]) == ["Squat (Barbell) #1 5×102.5 kg", "Squat (Barbell) #2 5×102.5 kg"])
    }

    @Test func theSameFileGivesTheSameIdsAndNamesAreMapped() throws {
        let first = try read(ImportFixtures.strongSemicolon, berlin)
        let again = try read(ImportFixtures.strongSemicolon, berlin, names: ["Bench Press (Barbell)": "Bench Press"])
        #expect(first.sessions.map(\.entry.id) == again.sessions.map(\.entry.id))
        #expect(first.sessions[0].entry.id.rawValue.hasPrefix("strong-") && first.sessions[0].entry.id.rawValue.count == 23)
        #expect(again.sessions[0].sets.map(\.exercise) == ["Bench Press", "Bench Press", "Running"])
        #expect(again.sessions[0].sets.allSatisfy { $0.session == again.sessions[0].entry.id })
        // Another zone is another instant, so another workout.
        #expect(try read(ImportFixtures.strongSemicolon, .utc).sessions[0].entry.id != first.sessions[0].entry.id)
    }

    @Test func rowsAfterNowAreLeftOut() throws {
        let log = try read(ImportFixtures.hevyKilograms, .utc, now: instant("2023-12-31T00:00:00Z"))
        #expect(log.sessions.isEmpty)
        #expect(log.skipped.map(\.line) == [2, 3])
        #expect(log.skipped[0].reason.hasPrefix("dated after now"))
    }

    @Test func gymbellsOwnExportComesBackAsItWas() throws {
        let session = SessionID("0b6c1e2a-strength")
        let entry = HistoryEntry(
            id: session, workout: "push", title: "Push, \"Day\" 💪", kind: .strength, startedAt: instant("2026-11-02T17:00:00Z"),
            endedAt: instant("2026-11-02T17:50:00Z"), outcome: .completed, setsDone: 3)
        let sets = [
            LoggedSet(session: session, workout: "push", exercise: "Bench Press", setNumber: 1, reps: 8, plannedReps: 8, weight: 80.25, at: instant("2026-11-02T17:05:00.250Z")),
            LoggedSet(session: session, workout: "push", exercise: "Bench Press", setNumber: 2, reps: 6, plannedReps: 8, weight: 80.25, failed: true, at: instant("2026-11-02T17:08:00Z")),
            LoggedSet(session: session, workout: "push", exercise: "Dips", setNumber: 1, reps: nil, weight: nil, unit: .lb, at: instant("2026-11-02T17:20:00Z")),
            // Issue 44: a timed warm-up with RPE, a weighted hold, a hold of 0 s with an RPE of 0.
            LoggedSet(session: session, exercise: "Plank", setNumber: 1, reps: nil, weight: nil, at: instant("2026-11-02T17:25:00Z"),
                      seconds: 45, warmUp: true, rpe: 7.5),
            LoggedSet(session: session, exercise: "Plank", setNumber: 2, reps: nil, weight: 10, at: instant("2026-11-02T17:27:00Z"), seconds: 90, rpe: 9),
            LoggedSet(session: session, exercise: "Wall sit", setNumber: 1, reps: 0, weight: 0, at: instant("2026-11-02T17:30:00Z"), seconds: 0, rpe: 0),
        ]
        let text = SetLogCSV.text(sets, sessions: [entry])
        #expect(text.hasPrefix(
            "session,session_title,session_started_at,session_ended_at,workout,exercise,set,reps,planned_reps,weight,unit,failed,at,seconds,warm_up,rpe,session_rounds,session_amrap\n"))
        #expect(text.contains(
            "0b6c1e2a-strength,\"Push, \"\"Day\"\" 💪\",2026-11-02T17:00:00.000Z,2026-11-02T17:50:00.000Z,push,Bench Press,1,8,8,80.25,kg,false,"
                + "2026-11-02T17:05:00.250Z,,false,,,false\n"))
        #expect(text.contains(",Plank,1,,,,kg,false,2026-11-02T17:25:00.000Z,45,true,7.5,,false\n"))
        let log = try read(text, .utc)
        #expect(log.format == .gymbell && log.skipped.isEmpty)
        #expect(log.sessions.count == 1)
        #expect(log.sessions[0].sets == sets)
        #expect(log.sessions[0].entry.id == session && log.sessions[0].entry.title == entry.title)
        #expect(log.sessions[0].entry.startedAt == entry.startedAt && log.sessions[0].entry.endedAt == entry.endedAt)
    }

    @Test func aFileThatIsNoLogIsRefused() {
        #expect(throws: TrainingImport.Failure.empty) { try read("\u{FEFF}\r\n\r\n", .utc) }
        #expect(throws: TrainingImport.Failure.self) { try read("name,email\nAda,ada@example.org\n", .utc) }
    }

    @Test func theSummarySaysWhatItFoundAndLeftOut() throws {
        let log = try read(ImportFixtures.strongComma, newYork, unit: .lb)
        #expect(log.summaryLines(in: newYork) == [
            "Strong export: 2 workouts, 6 sets, 2 exercises.",
            "From 2023-11-05 to 2023-11-06 (times read in America/New_York).",
            "Exercises: Curl, \"21s\" 💪, Squat (Barbell).",
            "Weights read as lb: this export does not say (--unit kg if your app is set to it).",
            "Warm-up sets among them: 1 (kept as warm-ups: no records, volume or overload from them).",
            "1 row skipped:",
            "  line 9: Set Order \"Rest Timer\" is not a set (1, 2 …, W, D or F)",
        ])
    }
}

@Suite("Import: CSV text, dates and durations")
struct ImportTextTests {
    @Test(arguments: [
        ("a,b\n1,2\n", ",", [[2: ["1", "2"]]]),
        ("a;b\r\n\"x;y\";\"he said \"\"hi\"\"\"\r\n", ";", [[2: ["x;y", "he said \"hi\""]]]),
        ("\u{FEFF}a\tb\n1\t2", "\t", [[2: ["1", "2"]]]),
        ("a,b\n\"multi\nline\",2\n3,4\n", ",", [[2: ["multi\nline", "2"]], [4: ["3", "4"]]]),
    ] as [(String, String, [[Int: [String]]])])
    func records(text: String, separator: String, expected: [[Int: [String]]]) throws {
        let table = try #require(CSVText.read(text))
        #expect(String(table.separator) == separator)
        #expect(table.records.map { [$0.line: $0.fields] } == expected)
    }

    @Test func anUnclosedQuoteIsSaid() throws {
        let table = try #require(CSVText.read("a,b\n\"open,1\n2,3\n"))
        #expect(table.records == [.init(line: 2, fields: ["open,1\n2,3\n"], unterminatedQuote: true)])
    }

    @Test func fieldsAreQuotedWhenTheyMustBe() {
        #expect(CSVText.line(["plain", "a,b", "say \"x\"", "two\nlines", " pad", "😀"]) == "plain,\"a,b\",\"say \"\"x\"\"\",\"two\nlines\",\" pad\",😀")
    }

    @Test(arguments: [
        ("2024-03-05 18:07:42", "2024-03-05", "18:07:42"),
        ("2024-03-05T18:07", "2024-03-05", "18:07:00"),
        ("2024-03-05 6:07:42\u{202F}PM", "2024-03-05", "18:07:42"),
        ("2024-03-05 12:07:42 am", "2024-03-05", "00:07:42"),
        ("2024-03-05 12:00:00 p.m.", "2024-03-05", "12:00:00"),
        ("12 Nov 2023, 18:04", "2023-11-12", "18:04:00"),
        ("1 January 2024, 07:05", "2024-01-01", "07:05:00"),
    ])
    func localDates(text: String, day: String, time: String) throws {
        let parsed = try #require(LocalDateText.parse(text))
        #expect(parsed.day.description == day)
        #expect(parsed.time == LocalTime(parsing: time))
    }

    @Test(arguments: ["2024-02-30 10:00:00", "2024-03-05 13:00 PM", "31 Feb 2024, 10:00", "yesterday", "2024-03-05", "12 Foo 2023, 18:04"])
    func notDates(text: String) { #expect(LocalDateText.parse(text) == nil) }

    @Test(arguments: [("1h 5m", 3900.0), ("45m", 2700), ("3600", 3600), ("1h", 3600), ("1:05:00", 3900), ("90s", 90)] as [(String, Double)])
    func durations(text: String, seconds: Double) { #expect(LocalDateText.duration(text) == seconds) }

    @Test(arguments: ["", "soon", "5x", "1h 5"])
    func notDurations(text: String) { #expect(LocalDateText.duration(text) == nil) }
}

@Suite("ISO 8601: the instants gymbell writes read back without a format style")
struct ISO8601FastPathTests {
    @Test(arguments: ["2026-11-22T18:00:00.000Z", "1970-01-01T00:00:00.001Z", "2024-02-29T23:59:59.999Z", "2026-03-29T01:30:00.250Z"])
    func sameAsTheFormatStyle(text: String) throws {
        let fast = try #require(ISO8601.parseWritten(text))
        let style = try Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(text)
        #expect(abs(fast.timeIntervalSince1970 - style.timeIntervalSince1970) < 0.0005)
        #expect(ISO8601.format(fast) == text)
    }

    @Test(arguments: ["2026-02-30T18:00:00.000Z", "2026-11-22T24:00:00.000Z", "2026-11-22T18:00:00.000+", "2026-11-22 18:00:00.000Z", "2026-11-22T18:00:00Z"])
    func otherShapesAreLeftToTheFormatStyle(text: String) {
        #expect(ISO8601.parseWritten(text) == nil)
    }
}
