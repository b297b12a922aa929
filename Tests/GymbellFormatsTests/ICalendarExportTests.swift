import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

@Suite("iCalendar export")
struct ICalendarExportTests {
    /// The programme's calendar as the daemon plans it (`ProgramCalendar`), written as iCalendar.
    static func ics(
        program: [Weekday: String], workouts: [String: WorkoutDefinition], reminderTime: LocalTime, from now: Date, weeks: Int,
        timeZone: Zone, messages: Messages = .english, learnedStarts: [Weekday: LocalTime] = [:], autoLead: TimeInterval = 0,
        alarms: Bool = true
    ) -> String {
        ICalendarExport.ics(ProgramCalendar(
            plan: ProgrammePlan(main: program), workouts: workouts, reminderTime: reminderTime, from: now, weeks: weeks, timeZone: timeZone,
            messages: messages, learnedStarts: learnedStarts, autoLead: autoLead, alarms: alarms))
    }

    static let push = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
        Exercise(name: "Bench Press", sets: 4, reps: 8, weight: 80, unit: "kg", rest: [90, 90, 90, 120]),
        Exercise(name: "Overhead Press", sets: 3, reps: 10, weight: 40.5, unit: "kg", rest: [90, 90, 90]),
    ]))
    static let hiit = WorkoutDefinition(name: "hiit20", title: "HIIT 20", kind: .hiit(HIITPlan(rounds: 5, work: 40, rest: 20)))
    /// A name and title that need percent-encoding in the UID and escaping in TEXT.
    static let walkRun = WorkoutDefinition(
        name: "walk/run", title: "Walk, Run; Repeat \\ done", kind: .walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2)))
    static let workouts = [push.name: push, hiit.name: hiit, walkRun.name: walkRun]
    static let program: [Weekday: String] = [.mon: "push", .wed: "hiit20", .fri: "walk/run"]

    static let pushDescription = "Bench Press: 4 sets of 8 reps, 80 kg, rest 1m30s/2m\nOverhead Press: 3 sets of 10 reps, 40.5 kg, rest 1m30s"
    static let hiitDescription = "5 rounds of 40s work and 20s rest"
    static let walkRunDescription = "2 repeats of 2m run and 1m walk"

    // MARK: Read back by an independent parser

    /// What Python's `icalendar` (Debian's python3-icalendar) reads back.
    struct Parsed: Decodable {
        struct Event: Decodable {
            struct Alarm: Decodable {
                var action: String
                var trigger: Double
                var description: String
            }

            var uid: String
            var summary: String
            var description: String
            var tzid: String?
            var local: String
            /// Epoch seconds, the TZID resolved through the tz database by name.
            var start: Double
            /// Epoch seconds, the local time resolved through the file's own VTIMEZONE.
            var startViaVtimezone: Double?
            var duration: Double
            var dtstamp: Double
            var alarms: [Alarm]
        }

        var errors: [String]
        var version: String
        var prodid: String
        var calscale: String
        var timezones: [String]
        var events: [Event]
    }

    static let parserScript = #"""
    import sys, json, icalendar
    cal = icalendar.Calendar.from_ical(sys.stdin.buffer.read())
    errors = []
    for component in cal.walk():
        errors += ["%s: %s" % (component.name, e) for e in getattr(component, "errors", [])]
    zones = {str(z["TZID"]): z.to_tz() for z in cal.walk("VTIMEZONE")}
    events = []
    for ev in cal.walk("VEVENT"):
        start = ev.decoded("DTSTART")
        tzid = ev["DTSTART"].params.get("TZID")
        naive = start.replace(tzinfo=None)
        via = zones[tzid].localize(naive, is_dst=True).timestamp() if tzid in zones else None
        events.append({
            "uid": str(ev["UID"]), "summary": str(ev["SUMMARY"]), "description": str(ev["DESCRIPTION"]),
            "tzid": tzid, "local": naive.isoformat(), "start": start.timestamp(), "startViaVtimezone": via,
            "duration": ev.decoded("DURATION").total_seconds(), "dtstamp": ev.decoded("DTSTAMP").timestamp(),
            "alarms": [{"action": str(a["ACTION"]), "trigger": a.decoded("TRIGGER").total_seconds(),
                        "description": str(a["DESCRIPTION"])} for a in ev.walk("VALARM")],
        })
    print(json.dumps({"errors": errors, "version": str(cal["VERSION"]), "prodid": str(cal["PRODID"]),
                      "calscale": str(cal["CALSCALE"]), "timezones": sorted(zones), "events": events}))
    """#

    static func parseWithPythonICalendar(_ text: String) throws -> Parsed {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
        process.arguments = ["-c", parserScript]
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        input.fileHandleForWriting.write(Data(text.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        try #require(process.terminationStatus == 0,
                     "python3-icalendar could not read the export (install it: scripts/install-deps.sh): \(message)")
        return try JSONDecoder().decode(Parsed.self, from: data)
    }

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let program: [Weekday: String]
        let reminderTime: String
        let now: String
        let weeks: Int
        /// UID, start instant (ISO 8601 with the offset in force), summary, description, duration.
        let events: [(String, String, String, String, Double)]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Berlin, two weeks across spring forward", zone: berlin, program: program, reminderTime: "18:00",
             now: "2026-03-20T12:00:00+01:00", weeks: 2, events: [
                ("walk%2Frun-20260320@gymbell", "2026-03-20T18:00:00+01:00", walkRun.title, walkRunDescription, 360),
                ("push-20260323@gymbell", "2026-03-23T18:00:00+01:00", "Push Day", pushDescription, 900),
                ("hiit20-20260325@gymbell", "2026-03-25T18:00:00+01:00", "HIIT 20", hiitDescription, 300),
                ("walk%2Frun-20260327@gymbell", "2026-03-27T18:00:00+01:00", walkRun.title, walkRunDescription, 360),
                ("push-20260330@gymbell", "2026-03-30T18:00:00+02:00", "Push Day", pushDescription, 900),
                ("hiit20-20260401@gymbell", "2026-04-01T18:00:00+02:00", "HIIT 20", hiitDescription, 300),
             ]),
        Case(name: "New York, two weeks across fall back, Sunday workouts", zone: newYork,
             program: [.sun: "hiit20", .wed: "push"], reminderTime: "07:00", now: "2026-10-26T09:00:00-04:00", weeks: 2, events: [
                ("push-20261028@gymbell", "2026-10-28T07:00:00-04:00", "Push Day", pushDescription, 900),
                ("hiit20-20261101@gymbell", "2026-11-01T07:00:00-05:00", "HIIT 20", hiitDescription, 300),
                ("push-20261104@gymbell", "2026-11-04T07:00:00-05:00", "Push Day", pushDescription, 900),
                ("hiit20-20261108@gymbell", "2026-11-08T07:00:00-05:00", "HIIT 20", hiitDescription, 300),
             ]),
        Case(name: "Kolkata, one week, no DST", zone: kolkata, program: program, reminderTime: "18:30",
             now: "2026-06-01T08:00:00+05:30", weeks: 1, events: [
                ("push-20260601@gymbell", "2026-06-01T18:30:00+05:30", "Push Day", pushDescription, 900),
                ("hiit20-20260603@gymbell", "2026-06-03T18:30:00+05:30", "HIIT 20", hiitDescription, 300),
                ("walk%2Frun-20260605@gymbell", "2026-06-05T18:30:00+05:30", walkRun.title, walkRunDescription, 360),
             ]),
    ]

    @Test("python3-icalendar reads back every event", arguments: cases)
    func readBackByAnIndependentParser(_ c: Case) throws {
        let now = instant(c.now)
        let text = Self.ics(program: c.program, workouts: Self.workouts, reminderTime: time(c.reminderTime),
                                       from: now, weeks: c.weeks, timeZone: c.zone)
        #expect(Self.structuralProblems(text) == [])
        let parsed = try Self.parseWithPythonICalendar(text)
        #expect(parsed.errors == [])
        #expect(parsed.version == "2.0")
        #expect(parsed.prodid == "-//gymbell//gymbell 0.1//EN")
        #expect(parsed.calscale == "GREGORIAN")
        #expect(parsed.timezones == [c.zone.identifier])
        #expect(parsed.events.count == c.events.count)
        for (event, expected) in zip(parsed.events, c.events) {
            #expect(event.uid == expected.0)
            #expect(event.tzid == c.zone.identifier)
            #expect(event.start == instant(expected.1).timeIntervalSince1970, "\(expected.0) by TZID")
            #expect(event.startViaVtimezone == instant(expected.1).timeIntervalSince1970, "\(expected.0) by VTIMEZONE")
            #expect(event.summary == expected.2)
            #expect(event.description == expected.3)
            #expect(event.duration == expected.4)
            #expect(event.dtstamp == now.timeIntervalSince1970)
            #expect(event.alarms.count == 1)
            #expect(event.alarms.first?.action == "DISPLAY")
            #expect(event.alarms.first?.trigger == 0)
            #expect(event.alarms.first?.description == "Workout Time! Today: \(expected.2)")
        }
    }

    // MARK: Line level

    /// Breaks of RFC 5545's line rules: CRLF only, at most 75 octets a line, balanced BEGIN/END, the
    /// properties each component must have.
    static func structuralProblems(_ text: String) -> [String] {
        var problems: [String] = []
        let bytes = Array(text.utf8)
        for (index, byte) in bytes.enumerated() where byte == 0x0A && (index == 0 || bytes[index - 1] != 0x0D) {
            problems.append("bare LF at octet \(index)")
        }
        if !text.hasSuffix("\r\n") { problems.append("does not end with CRLF") }
        let physical = text.components(separatedBy: "\r\n").dropLast()
        for line in physical where line.utf8.count > 75 { problems.append("longer than 75 octets: \(line)") }
        // Unfold, then check structure.
        var logical: [String] = []
        for line in physical {
            if line.hasPrefix(" "), !logical.isEmpty { logical[logical.count - 1] += line.dropFirst() } else { logical.append(line) }
        }
        var stack: [(name: String, properties: Set<String>)] = []
        let required = [
            "VCALENDAR": ["VERSION", "PRODID"], "VEVENT": ["UID", "DTSTAMP", "DTSTART", "SUMMARY"],
            "VALARM": ["ACTION", "TRIGGER", "DESCRIPTION"], "VTIMEZONE": ["TZID"],
            "STANDARD": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"], "DAYLIGHT": ["DTSTART", "TZOFFSETFROM", "TZOFFSETTO"],
        ]
        for line in logical {
            guard let colon = line.firstIndex(of: ":") else {
                problems.append("no colon: \(line)")
                continue
            }
            let name = String(line[..<colon].prefix { $0 != ";" })
            let value = String(line[line.index(after: colon)...])
            if name == "BEGIN" {
                stack.append((value, []))
            } else if name == "END" {
                guard let top = stack.popLast(), top.name == value else {
                    problems.append("unbalanced END:\(value)")
                    continue
                }
                for property in required[value] ?? [] where !top.properties.contains(property) {
                    problems.append("\(value) lacks \(property)")
                }
            } else if !stack.isEmpty {
                stack[stack.count - 1].properties.insert(name)
            } else {
                problems.append("property outside a component: \(line)")
            }
        }
        if !stack.isEmpty { problems.append("unclosed \(stack.map(\.name))") }
        return problems
    }

    @Test func aWholeSmallCalendar() {
        let text = Self.ics(program: [.wed: "hiit20"], workouts: Self.workouts, reminderTime: time("06:45"),
                                       from: instant("2026-06-01T08:00:00+05:30"), weeks: 1, timeZone: kolkata)
        let expected = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:-//gymbell//gymbell 0.1//EN",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:gymbell",
            "BEGIN:VTIMEZONE",
            "TZID:Asia/Kolkata",
            "BEGIN:STANDARD",
            "DTSTART:19700101T000000",
            "TZOFFSETFROM:+0530",
            "TZOFFSETTO:+0530",
        ]
        let ending = [
            "END:STANDARD",
            "END:VTIMEZONE",
            "BEGIN:VEVENT",
            "UID:hiit20-20260603@gymbell",
            "DTSTAMP:20260601T023000Z",
            "DTSTART;TZID=Asia/Kolkata:20260603T064500",
            "DURATION:PT5M",
            "SUMMARY:HIIT 20",
            "DESCRIPTION:5 rounds of 40s work and 20s rest",
            "CATEGORIES:Workout",
            "TRANSP:OPAQUE",
            "BEGIN:VALARM",
            "ACTION:DISPLAY",
            "TRIGGER;RELATED=START:PT0S",
            "DESCRIPTION:Workout Time! Today: HIIT 20",
            "END:VALARM",
            "END:VEVENT",
            "END:VCALENDAR",
        ]
        let lines = text.components(separatedBy: "\r\n").dropLast()
        #expect(Array(lines.prefix(expected.count)) == expected)
        // A TZNAME may sit between, when Foundation knows a real abbreviation ("IST").
        #expect(Array(lines.suffix(ending.count)) == ending)
        #expect(lines.count - expected.count - ending.count <= 1)
    }

    @Test("starts the clock skips or shows twice resolve as the daemon resolves them", arguments: [
        ("Europe/Berlin", "02:30", "2026-03-27T12:00:00+01:00", "20260329T030000"),  // gap → first instant after it
        ("Europe/Berlin", "02:30", "2026-10-23T12:00:00+02:00", "20261025T023000"),  // twice → the first (RFC 5545 agrees)
        ("America/New_York", "02:15", "2026-03-06T12:00:00-05:00", "20260308T030000"),
        ("America/New_York", "01:30", "2026-10-30T12:00:00-04:00", "20261101T013000"),
    ])
    func dstStarts(zoneID: String, local: String, now: String, expectedStart: String) {
        let text = Self.ics(program: [.sun: "hiit20"], workouts: Self.workouts, reminderTime: time(local),
                                       from: instant(now), weeks: 1, timeZone: zone(zoneID))
        #expect(text.contains("\r\nDTSTART;TZID=\(zoneID):\(expectedStart)\r\n"))
        #expect(Self.structuralProblems(text) == [])
    }

    @Test func vtimezoneHasTheTransitionsOfTheSpan() {
        let text = Self.ics(program: Self.program, workouts: Self.workouts, reminderTime: time("18:00"),
                                       from: instant("2026-10-20T12:00:00+02:00"), weeks: 1, timeZone: berlin)
        let zoneText = text.components(separatedBy: "END:VTIMEZONE")[0]
        // In force at the start: summer time since 2026-03-29; then winter time from 2026-10-25 03:00.
        #expect(zoneText.contains("BEGIN:DAYLIGHT\r\nDTSTART:20260329T020000\r\nTZOFFSETFROM:+0100\r\nTZOFFSETTO:+0200\r\n"))
        #expect(zoneText.contains("BEGIN:STANDARD\r\nDTSTART:20261025T030000\r\nTZOFFSETFROM:+0200\r\nTZOFFSETTO:+0100\r\n"))
        #expect(zoneText.components(separatedBy: "BEGIN:STANDARD").count == 2)
        #expect(zoneText.components(separatedBy: "BEGIN:DAYLIGHT").count == 2)
    }

    @Test func learnedStartsMoveTheEventAndTheAlarmLeadsIt() throws {
        let text = Self.ics(program: Self.program, workouts: Self.workouts, reminderTime: time("18:00"),
                                       from: instant("2026-03-20T12:00:00+01:00"), weeks: 1, timeZone: berlin,
                                       learnedStarts: [.mon: time("07:10")], autoLead: 30 * 60)
        let parsed = try Self.parseWithPythonICalendar(text)
        let monday = try #require(parsed.events.first { $0.uid == "push-20260323@gymbell" })
        #expect(monday.start == instant("2026-03-23T07:10:00+01:00").timeIntervalSince1970)
        #expect(monday.alarms.first?.trigger == -1800)
        let wednesday = try #require(parsed.events.first { $0.uid == "hiit20-20260325@gymbell" })
        #expect(wednesday.start == instant("2026-03-25T18:00:00+01:00").timeIntervalSince1970)
        #expect(wednesday.alarms.first?.trigger == 0)
        #expect(text.contains("TRIGGER;RELATED=START:-PT30M\r\n"))
    }

    @Test func withoutAlarmsThereIsNoVALARM() {
        let text = Self.ics(program: Self.program, workouts: Self.workouts, reminderTime: time("18:00"),
                                       from: instant("2026-03-20T12:00:00+01:00"), weeks: 1, timeZone: berlin, alarms: false)
        #expect(!text.contains("VALARM"))
        #expect(text.components(separatedBy: "BEGIN:VEVENT").count == 4)
    }

    @Test func uidsAreStableAcrossExports() {
        let early = Self.ics(program: Self.program, workouts: Self.workouts, reminderTime: time("18:00"),
                                        from: instant("2026-03-20T12:00:00+01:00"), weeks: 2, timeZone: berlin)
        let later = Self.ics(program: Self.program, workouts: Self.workouts, reminderTime: time("19:00"),
                                        from: instant("2026-03-25T09:00:00+01:00"), weeks: 1, timeZone: berlin)
        func uids(_ text: String) -> Set<String> {
            Set(text.components(separatedBy: "\r\n").filter { $0.hasPrefix("UID:") })
        }
        #expect(uids(later).isSubset(of: uids(early)))
        #expect(uids(later).count == 3)
    }

    @Test func emptyProgramOrNoWeeksGiveAValidCalendarWithoutEvents() {
        for (program, weeks) in [([Weekday: String](), 4), (Self.program, 0)] {
            let text = Self.ics(program: program, workouts: Self.workouts, reminderTime: time("18:00"),
                                           from: instant("2026-03-20T12:00:00+01:00"), weeks: weeks, timeZone: berlin)
            #expect(!text.contains("VEVENT"))
            #expect(text.contains("BEGIN:VTIMEZONE"))
            #expect(Self.structuralProblems(text) == [])
        }
    }

    @Test("durations", arguments: [
        (push, 900.0),  // 7 sets × 45 s + 6 rests of 90 s + one of 120 s = 855 s → 15 min
        (hiit, 300.0), (walkRun, 360.0),
        (WorkoutDefinition(name: "x", title: "x", kind: .hiit(HIITPlan(rounds: 3, work: 45, rest: 0))), 135.0),
        (WorkoutDefinition(name: "plank", title: "Plank", kind: .strength(exercises: [Exercise(name: "Plank", sets: 1, rest: [60])])), 60.0),
    ])
    func durations(workout: WorkoutDefinition, seconds: TimeInterval) {
        #expect(ProgramCalendar.estimatedDuration(of: workout) == seconds)
    }

    @Test("duration values", arguments: [
        (0.0, "PT0S"), (45, "PT45S"), (135, "PT2M15S"), (300, "PT5M"), (3600, "PT1H"), (3620, "PT1H0M20S"),
        (5400, "PT1H30M"), (-1800, "-PT30M"), (90000, "PT25H"), (0.4, "PT1S"),
    ])
    func durationValues(seconds: TimeInterval, text: String) {
        #expect(ICalendarExport.duration(seconds) == text)
    }

    @Test func textIsEscaped() {
        #expect(ICalendarExport.escaped("a,b;c\\d\ne\r\nf\u{7}g\th") == "a\\,b\\;c\\\\d\\ne\\nfg\th")
    }

    @Test func longLinesFoldAtSeventyFiveOctetsAndNeverInsideACharacter() {
        let line = "DESCRIPTION:" + String(repeating: "Kniebeugen 💪 Übung ", count: 12)
        let folded = ICalendarExport.folded(line)
        let pieces = folded.components(separatedBy: "\r\n")
        #expect(pieces.count > 3)
        #expect(pieces.allSatisfy { $0.utf8.count <= 75 })
        #expect(pieces.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        #expect(pieces.first.map { $0.utf8.count >= 72 } == true)  // filled, not split early
        #expect(pieces.first! + pieces.dropFirst().map { String($0.dropFirst()) }.joined() == line)
        #expect(ICalendarExport.folded("SHORT:line") == "SHORT:line")
    }
}
