import Foundation
import Testing
@testable import GymbellCore
import TOML

/// The config writer on hand-written files: each case gives the file, the edits and the exact text
/// that must come out (so everything not edited is proved to stay byte for byte).
@Suite("Config editor: edits keep the person's file")
struct ConfigEditorTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let before: String
        let edits: [ConfigTextEdit]
        let after: String
        var testDescription: String { name }
    }

    static func path(_ keys: String...) -> TOMLPath { TOMLPath(keys.map { .key($0) }) }

    static let commented = """
        # my gymbell settings
        [reminders]
        enabled = true      # master switch
        time = "18:00"   # after work

        # weekdays
        days = ["mon", "wed", "fri"]
        snooze_minutes = 60

        [sound]
        # the bell
        name = 'complete'

        """

    static let cases: [Case] = [
        Case(name: "a time keeps the comment at the end of its line",
             before: commented, edits: [.set(path("reminders", "time"), .timeOfDay(LocalTime(hour: 7, minute: 30)!))],
             after: commented.replacingOccurrences(of: "time = \"18:00\"", with: "time = \"07:30\"")),
        Case(name: "a boolean",
             before: commented, edits: [.set(path("reminders", "enabled"), .boolean(false))],
             after: commented.replacingOccurrences(of: "enabled = true", with: "enabled = false")),
        Case(name: "a literal string stays literal",
             before: commented, edits: [.set(path("sound", "name"), .string("bell"))],
             after: commented.replacingOccurrences(of: "'complete'", with: "'bell'")),
        Case(name: "a literal string that needs an escape becomes a basic one",
             before: commented, edits: [.set(path("sound", "name"), .string("it's"))],
             after: commented.replacingOccurrences(of: "'complete'", with: "\"it's\"")),
        Case(name: "a list of weekdays on one line",
             before: commented, edits: [.set(path("reminders", "days"), .strings(["tue", "thu"]))],
             after: commented.replacingOccurrences(of: "[\"mon\", \"wed\", \"fri\"]", with: "[\"tue\", \"thu\"]")),
        Case(name: "a new key goes after the section's last key",
             before: commented, edits: [.set(path("reminders", "late_grace"), .duration(5400))],
             after: commented.replacingOccurrences(of: "snooze_minutes = 60\n", with: "snooze_minutes = 60\nlate_grace = \"1h30m\"\n")),
        Case(name: "a new key in a section without keys goes under its comment lines",
             before: "[program]\n# mon = \"push\"\n# wed = \"legs\"\n\n[workouts.push]\nkind = \"hiit\"\nrounds = 5\nwork = 40\nrest = 20\n",
             edits: [.set(path("program", "mon"), .string("push"))],
             after: "[program]\n# mon = \"push\"\n# wed = \"legs\"\nmon = \"push\"\n\n[workouts.push]\nkind = \"hiit\"\nrounds = 5\nwork = 40\nrest = 20\n"),
        Case(name: "a new table goes at the end after a blank line",
             before: commented,
             edits: [.set(path("quiet_hours", "start"), .timeOfDay(LocalTime(hour: 22, minute: 0)!)),
                     .set(path("quiet_hours", "end"), .timeOfDay(LocalTime(hour: 6, minute: 30)!))],
             after: commented + "\n[quiet_hours]\nstart = \"22:00\"\nend = \"06:30\"\n"),
        Case(name: "a removed key takes its line and nothing else",
             before: commented, edits: [.remove(path("reminders", "snooze_minutes"))],
             after: commented.replacingOccurrences(of: "snooze_minutes = 60\n", with: "")),
        Case(name: "a section left empty goes with its last key",
             before: "[rest]\ndefault = 90\n\n[quiet_hours]\nstart = \"22:00\"\nend = \"06:00\"\n",
             edits: [.remove(path("quiet_hours", "start")), .remove(path("quiet_hours", "end"))],
             after: "[rest]\ndefault = 90\n"),
        Case(name: "a section left empty in the middle of the file, CRLF",
             before: "[sound]\r\nname = \"bell\"\r\n\r\n[rest]\r\ndefault = 90\r\n",
             edits: [.remove(path("sound", "name"))],
             after: "[rest]\r\ndefault = 90\r\n"),
        Case(name: "a section with a comment stays when its last key goes",
             before: "[quiet_hours]  # nights\nstart = \"22:00\"\nend = \"06:00\"\n\n[sound]\n# mine\nname = \"bell\"\n",
             edits: [.remove(path("quiet_hours", "start")), .remove(path("quiet_hours", "end")), .remove(path("sound", "name"))],
             after: "[quiet_hours]  # nights\n\n[sound]\n# mine\n"),
        Case(name: "removing a key the file does not have changes nothing",
             before: commented, edits: [.remove(path("rest", "default"))], after: commented),
        Case(name: "CRLF line ends stay, on new lines too",
             before: "[reminders]\r\ntime = \"18:00\" # evening\r\n\r\n[rest]\r\ndefault = \"90s\"\r\n",
             edits: [.set(path("reminders", "time"), .string("auto")), .set(path("reminders", "snooze_minutes"), .integer(15))],
             after: "[reminders]\r\ntime = \"auto\" # evening\r\nsnooze_minutes = 15\r\n\r\n[rest]\r\ndefault = \"90s\"\r\n"),
        Case(name: "odd spacing and indentation are kept, and copied to a new key",
             before: "[reminders]\n\ttime=\"18:00\"#x\n\tdays   =   [ 'mon' ,'tue' ]\n",
             edits: [.set(path("reminders", "days"), .strings(["sat"])), .set(path("reminders", "rest_days"), .boolean(true))],
             after: "[reminders]\n\ttime=\"18:00\"#x\n\tdays   =   [ 'sat' ]\n\trest_days = true\n"),
        Case(name: "a multi-line list keeps its layout",
             before: "[reminders]\ndays = [\n    \"mon\",\n    \"fri\",\n]  # two days\nenabled = true\n",
             edits: [.set(path("reminders", "days"), .strings(["tue", "wed", "sun"]))],
             after: "[reminders]\ndays = [\n    \"tue\",\n    \"wed\",\n    \"sun\",\n]  # two days\nenabled = true\n"),
        Case(name: "a multi-line list keeps the comments of the elements that stay",
             before: "[reminders]\ndays = [\n  # training days\n  \"mon\",  # chest\n  \"wed\",\t# legs\n  # more later\n]\n",
             edits: [.set(path("reminders", "days"), .strings(["fri", "mon"]))],
             after: "[reminders]\ndays = [\n  \"fri\",\n  # training days\n  \"mon\",  # chest\n  # more later\n]\n"),
        Case(name: "CRLF inside a multi-line list",
             before: "[reminders]\r\ndays = [\r\n\t'mon', # one\r\n\t'tue'\r\n\t]\r\n",
             edits: [.set(path("reminders", "days"), .strings(["mon", "sun"]))],
             after: "[reminders]\r\ndays = [\r\n\t'mon', # one\r\n\t'sun'\r\n\t]\r\n"),
        Case(name: "a file without a final line end gets a new key on a line of its own",
             before: "[rest]\ndefault = \"90s\"",
             edits: [.set(path("rest", "warn_before"), .duration(10))],
             after: "[rest]\ndefault = \"90s\"\nwarn_before = \"10s\""),
        Case(name: "a duration written as seconds stays a number of seconds",
             before: "[rest]\ndefault = 90\n", edits: [.set(path("rest", "default"), .duration(120))],
             after: "[rest]\ndefault = 120\n"),
        Case(name: "an unquoted local time stays unquoted",
             before: "[reminders]\ntime = 18:00:00\n",
             edits: [.set(path("reminders", "time"), .timeOfDay(LocalTime(hour: 6, minute: 5)!))],
             after: "[reminders]\ntime = 06:05:00\n"),
        Case(name: "dotted keys: the value where it stands, a new key beside them",
             before: "reminders.time = \"18:00\"   # dotted\nreminders.enabled = true\n\n[rest]\ndefault = 90\n",
             edits: [.set(path("reminders", "time"), .string("19:00")), .set(path("reminders", "days"), .strings(["mon"]))],
             after: "reminders.time = \"19:00\"   # dotted\nreminders.enabled = true\nreminders.days = [\"mon\"]\n\n[rest]\ndefault = 90\n"),
        Case(name: "a float and an integer added",
             before: "[progress]\nrecords = true\n",
             edits: [.set(path("progress", "record_min_percent"), .number(2.5)), .set(path("progress", "overload_sessions"), .integer(4))],
             after: "[progress]\nrecords = true\nrecord_min_percent = 2.5\noverload_sessions = 4\n"),
        Case(name: "a value inside an inline table is set where it stands",
             before: "sound = { enabled = true, name = \"complete\" }  # inline\n",
             edits: [.set(path("sound", "name"), .string("bell"))],
             after: "sound = { enabled = true, name = \"bell\" }  # inline\n"),
        Case(name: "an exercise's weight in a list of inline tables",
             before: "[workouts.push]\nkind = \"strength\"\nexercises = [\n  { name = \"Bench\", sets = 3, weight = 80, rest = 90 },  # main lift\n]\n",
             edits: [.set(TOMLPath([.key("workouts"), .key("push"), .key("exercises"), .index(0), .key("weight")]), .number(82.5))],
             after: "[workouts.push]\nkind = \"strength\"\nexercises = [\n  { name = \"Bench\", sets = 3, weight = 82.5, rest = 90 },  # main lift\n]\n"),
        Case(name: "a byte-order mark stays",
             before: "\u{FEFF}[sound]\nname = \"complete\"\n", edits: [.set(path("sound", "name"), .string("bell"))],
             after: "\u{FEFF}[sound]\nname = \"bell\"\n"),
        Case(name: "a key that needs quotes is quoted",
             before: "[workouts.\"leg day\"]\nkind = \"hiit\"\nrounds = 5\nwork = 40\nrest = 20\n",
             edits: [.set(TOMLPath(keys: "workouts", "leg day", "title"), .string("Leg \"Day\""))],
             after: "[workouts.\"leg day\"]\nkind = \"hiit\"\nrounds = 5\nwork = 40\nrest = 20\ntitle = \"Leg \\\"Day\\\"\"\n"),
    ]

    @Test(arguments: cases)
    func editKeepsEverythingElse(_ example: Case) throws {
        let edited = try ConfigEditor.apply(example.edits, to: example.before, path: "config.toml")
        #expect(edited.text == example.after)
        #expect(try ConfigParser.parse(example.after, path: "config.toml") == edited.config)
    }

    // MARK: Refusals

    @Test func aKeyInsideAnInlineTableCannotBeAddedOrRemoved() {
        let text = "sound = { name = \"complete\" }\n"
        #expect(throws: ConfigEditError.insideInlineTable(Self.path("sound", "file"))) {
            try ConfigEditor.apply([.set(Self.path("sound", "file"), .string("/x.oga"))], to: text, path: "c")
        }
        #expect(throws: ConfigEditError.insideInlineTable(Self.path("sound", "name"))) {
            try ConfigEditor.apply([.remove(Self.path("sound", "name"))], to: text, path: "c")
        }
    }

    @Test func aTableIsNotASetting() {
        #expect(throws: ConfigEditError.notAKey(Self.path("reminders"))) {
            try ConfigEditor.apply([.set(Self.path("reminders"), .boolean(true))], to: Self.commented, path: "c")
        }
        #expect(throws: ConfigEditError.notAKey(TOMLPath([.key("reminders"), .key("days"), .index(0)]))) {
            try ConfigEditor.apply([.set(TOMLPath([.key("reminders"), .key("days"), .index(0)]), .string("tue"))],
                                   to: Self.commented, path: "c")
        }
    }

    @Test func anEditThatMakesTheConfigInvalidGivesTheReadersDiagnosticsAndNoText() {
        #expect(throws: ConfigEditError.invalidResult(ConfigErrors(diagnostics: [ConfigDiagnostic(
            path: "/home/a/.config/gymbell/config.toml", line: 8, column: 18,
            message: "reminders.snooze_minutes: 0 is out of range; use 1 to 1440")]))) {
            try ConfigEditor.apply([.set(Self.path("reminders", "snooze_minutes"), .integer(0))], to: Self.commented,
                                   path: "/home/a/.config/gymbell/config.toml")
        }
        #expect(throws: ConfigEditError.self) {
            try ConfigEditor.apply([.set(Self.path("reminders", "tim"), .string("18:00"))], to: Self.commented, path: "c")
        }
    }

    @Test func aFileThatIsNotTOMLIsNotEdited() {
        #expect(throws: ConfigEditError.unreadable(ConfigErrors(diagnostics: [ConfigDiagnostic(
            path: "c", line: 2, column: 7, message: "TOML syntax error: expected a value after =, saw the end of the line")]))) {
            try ConfigEditor.apply([.set(Self.path("rest", "default"), .duration(60))], to: "[rest]\nwarn =\n", path: "c")
        }
    }

    @Test func aTableMadeByDottedKeysInAnotherSectionIsExtendedThere() throws {
        // [workouts] defines `push.kind` by dotted keys: a new key of workouts.push goes beside it.
        let text = "[workouts]\npush.kind = \"hiit\"\npush.rounds = 5\npush.work = 40\n\n[rest]\ndefault = 90\n"
        let edited = try ConfigEditor.apply([.set(Self.path("workouts", "push", "rest"), .duration(20))], to: text, path: "c")
        #expect(edited.text == "[workouts]\npush.kind = \"hiit\"\npush.rounds = 5\npush.work = 40\npush.rest = \"20s\"\n\n[rest]\ndefault = 90\n")
    }
}
