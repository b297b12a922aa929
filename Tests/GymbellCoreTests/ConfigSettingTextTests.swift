import Foundation
import Testing
@testable import GymbellCore
import TOML

/// `gymbell config set KEY VALUE…`: keys and typed words to edits, and the sentences for mistakes.
@Suite("Config set: keys and values as typed")
struct ConfigSettingTextTests {
    static func path(_ keys: String...) -> TOMLPath { TOMLPath(keys.map { .key($0) }) }

    @Test func valuesBecomeTypedEdits() throws {
        let cases: [(String, [String], [ConfigTextEdit])] = [
            ("reminders.time", ["19:30"], [.set(Self.path("reminders", "time"), .timeOfDay(LocalTime(hour: 19, minute: 30)!))]),
            ("reminders.time", ["AUTO"], [.set(Self.path("reminders", "time"), .string("auto"))]),
            ("reminders.days", ["fri", "mon,wed"], [.set(Self.path("reminders", "days"), .strings(["mon", "wed", "fri"]))]),
            ("reminders.days", ["none"], [.set(Self.path("reminders", "days"), .strings([]))]),
            ("reminders.enabled", ["off"], [.set(Self.path("reminders", "enabled"), .boolean(false))]),
            ("reminders.snooze_minutes", ["15"], [.set(Self.path("reminders", "snooze_minutes"), .integer(15))]),
            ("reminders.late_grace", ["1h30m"], [.set(Self.path("reminders", "late_grace"), .duration(5400))]),
            ("reminders.start_command", ["xdg-open", "a b"], [.set(Self.path("reminders", "start_command"), .strings(["xdg-open", "a b"]))]),
            ("progress.upper_increment", ["1.25"], [.set(Self.path("progress", "upper_increment"), .number(1.25))]),
            ("sound.file", ["/home/a/my bell.oga"], [.set(Self.path("sound", "file"), .string("/home/a/my bell.oga"))]),
            ("program.tue", ["push"], [.set(Self.path("program", "tue"), .string("push"))]),
            ("quiet_hours", ["22:00", "07:00"], [.set(Self.path("quiet_hours", "start"), .timeOfDay(LocalTime(hour: 22, minute: 0)!)),
                                                 .set(Self.path("quiet_hours", "end"), .timeOfDay(LocalTime(hour: 7, minute: 0)!))]),
            ("quiet_hours", ["none"], [.remove(Self.path("quiet_hours", "start")), .remove(Self.path("quiet_hours", "end"))]),
            ("kit.plates", ["20", "10,5", "2.5"], [.set(Self.path("kit", "plates"), .numbers([20, 10, 5, 2.5]))]),
            ("kit.kettlebells", ["none"], [.set(Self.path("kit", "kettlebells"), .numbers([]))]),
            ("kit.dumbbell_handle", ["2.5"], [.set(Self.path("kit", "dumbbell_handle"), .number(2.5))]),
            ("kit.warm_up", ["on"], [.set(Self.path("kit", "warm_up"), .boolean(true))]),
            // Several programmes (issue 47).
            ("program.priority", ["2"], [.set(Self.path("program", "priority"), .integer(2))]),
            ("program.start", ["2026-11-02"], [.set(Self.path("program", "start"), .date(LocalDay(isoDate: "2026-11-02")!))]),
            ("programs.running.sat", ["long_run"], [.set(Self.path("programs", "running", "sat"), .string("long_run"))]),
            ("programs.running.title", ["Running plan"], [.set(Self.path("programs", "running", "title"), .string("Running plan"))]),
            ("programs.running.weeks", ["8"], [.set(Self.path("programs", "running", "weeks"), .integer(8))]),
        ]
        for (key, values, expected) in cases {
            #expect(try ConfigSettingText.edits(key: key, values: values) == expected, "\(key) \(values)")
        }
        #expect(try ConfigSettingText.removal(of: "rest.default") == [.remove(Self.path("rest", "default"))])
    }

    @Test func mistakesAreSentences() {
        let cases: [(String, [String], String)] = [
            ("reminders.tme", ["19:30"], "reminders.tme is not a setting gymbell config set can change; did you mean reminders.time?"),
            ("reminders.time", ["7pm"], "reminders.time: \"7pm\" is not a time of day like 19:30, or auto"),
            ("reminders.days", ["mon", "funday"], "reminders.days: \"mon funday\" is not weekdays like mon wed fri (or none)"),
            ("reminders.snooze_minutes", ["10", "20"], "reminders.snooze_minutes takes one value, a whole number like 60; got 2"),
            ("rest.default", ["forever"], "rest.default: \"forever\" is not a duration like 90s, 2m, 1m30s or 2h"),
            ("quiet_hours", ["22:00"], "quiet_hours takes a start and an end like 22:00 07:00 (none: no quiet hours)"),
            ("kit.plates", ["20", "-5"], "kit.plates: \"20 -5\" is not weights like 20 10 5 2.5 (none: an empty list)"),
            ("kit.bars", ["1e308"], "kit.bars: \"1e308\" is not weights like 20 10 5 2.5 (none: an empty list)"),
            ("programs.running.start", ["next monday"], "programs.running.start: \"next monday\" is not a date like 2026-11-02"),
            ("programs.running.someday", ["x"], "programs.running.someday is not a setting gymbell config set can change; the keys are listed by gymbell config set --help"),
        ]
        for (key, values, message) in cases {
            #expect(throws: ConfigSettingText.Failure(description: message)) { try ConfigSettingText.edits(key: key, values: values) }
        }
    }

    @Test func everyKeyIsASettingTheConfigReads() throws {
        // Each key set to a valid value reads back through the config reader.
        let samples: [String: [String]] = ["reminders.time": ["07:00"], "program.weeks": ["4"], "sound.name": ["bell"],
                                           "quiet_hours": ["22:00", "06:00"], "progress.record_min_percent": ["3"],
                                           "kit.unit": ["lb"], "kit.dumbbell_max": ["30"],
                                           "reminders.weekly_summary": ["sun", "19:00"], "sync.folder": ["~/Sync/gymbell"]]
        for key in ConfigSettingText.keys where !key.hasPrefix("program.") || key == "program.weeks" {
            let values = samples[key] ?? Self.sample(for: key)
            let edits = try ConfigSettingText.edits(key: key, values: values)
            var text = ConfigParser.defaultText
            if key == "program.weeks" { text = text.replacingOccurrences(of: "# weeks = 8", with: "start = 2026-11-02") }
            if key.hasPrefix("kit.dumbbell_"), key != "kit.dumbbell_handle" { text += "\n[kit]\ndumbbell_handle = 2\ndumbbell_step = 2\ndumbbell_max = 24\n" }
            #expect(throws: Never.self, "\(key)") { _ = try ConfigEditor.apply(edits, to: text, path: "c") }
        }
    }

    @Test func theSyncedFolderIsSetAsTheReaderTakesIt() throws {
        #expect(ConfigSettingText.keys.contains("sync.folder"))
        for folder in ["~/Sync/gymbell", "/media/usb/gym bell", "~"] {
            #expect(try ConfigSettingText.edits(key: "sync.folder", values: [folder]) == [.set(Self.path("sync", "folder"), .string(folder))])
        }
        // A relative path: the reader's own sentence after the key, as `config check` says it of the file.
        let relative = "sync.folder: \"Sync/gymbell\" is not an absolute path; write it from / or from ~/ (\"~/Sync/gymbell\")"
        #expect(throws: ConfigSettingText.Failure(description: relative)) { try ConfigSettingText.edits(key: "sync.folder", values: ["Sync/gymbell"]) }
        let parsed = #expect(throws: ConfigErrors.self) { try ConfigParser.parse("[sync]\nfolder = \"Sync/gymbell\"\n", path: "c") }
        #expect(parsed?.diagnostics.map(\.description) == ["c:2:10: " + relative])
        let mistakes: [([String], String)] = [
            (["~anna/Sync"], "sync.folder: \"~anna/Sync\" is not an absolute path; write it from / or from ~/ (\"~/Sync/gymbell\")"),
            ([""], "sync.folder: the folder is empty; gymbell config unset sync.folder stops syncing"),
            (["/a\u{7}b"], "sync.folder: the folder's path holds a control character or is longer than 4096 bytes"),
            (["~/Sync", "gymbell"], "sync.folder takes one value, a folder from / or ~/ like ~/Sync/gymbell; got 2"),
        ]
        for (values, message) in mistakes {
            #expect(throws: ConfigSettingText.Failure(description: message)) { try ConfigSettingText.edits(key: "sync.folder", values: values) }
        }
        // Set, then unset: the key goes, and the table it emptied with it (a [sync] without folder is a mistake).
        let set = try ConfigEditor.apply(try ConfigSettingText.edits(key: "sync.folder", values: ["~/Sync/gymbell"]), to: ConfigParser.defaultText, path: "c")
        #expect(set.config.sync == SyncSettings(folder: "~/Sync/gymbell"))
        #expect(set.text.contains("[sync]\nfolder = \"~/Sync/gymbell\"\n"))
        let unset = try ConfigEditor.apply(try ConfigSettingText.removal(of: "sync.folder"), to: set.text, path: "c")
        #expect(unset.config.sync == nil)
        #expect(unset.text == ConfigParser.defaultText)
    }

    @Test func aChosenFolderUnderHomeIsWrittenFromTilde() {
        let cases: [(String, String, String)] = [
            ("/home/anna/Sync/gymbell", "/home/anna", "~/Sync/gymbell"), ("/home/anna", "/home/anna", "~"),
            ("/home/annabel/Sync", "/home/anna", "/home/annabel/Sync"), ("/media/usb/gymbell", "/home/anna", "/media/usb/gymbell"),
            ("/srv/sync", "/", "/srv/sync"),
        ]
        for (path, home, written) in cases {
            #expect(SyncSettings.written(path, home: home) == written, "\(path) in \(home)")
            #expect(SyncSettings(folder: written).path(home: home) == path, "\(path) in \(home)")
        }
        #expect(SyncSettings.written("/home/anna/Sync", home: "/home/anna/") == "~/Sync")
    }

    /// The first of a few typical words that `key` takes.
    static func sample(for key: String) -> [String] {
        let words = key.contains("time") ? ["20:00"] : ["mon", "true", "10", "90s", "xdg-open"]
        return [words.first { (try? ConfigSettingText.edits(key: key, values: [$0])) != nil } ?? "x"]
    }
}
