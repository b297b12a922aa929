import Foundation
import Testing
@testable import GymbellCore

/// Every Preferences setting, applied to real files and read back by the reader: the setting has the
/// new value, every other setting keeps its old one, and only the lines of the edited keys differ.
@Suite("Config editor: every setting round-trips through the reader")
struct ConfigEditRoundTripTests {
    static func time(_ hour: Int, _ minute: Int) -> LocalTime { LocalTime(hour: hour, minute: minute)! }

    /// Each edit, and what it does to a `Config` (written here independently of the editor).
    static let edits: [(ConfigEdit, @Sendable (inout Config) -> Void)] = [
        (.remindersEnabled(false), { $0.reminders.enabled = false }),
        (.dailyTime(.at(time(6, 45))), { $0.reminders.time = time(6, 45); $0.reminders.autoTime = false }),
        // "auto" takes the place of the time: the fallback is the built-in 18:00 again.
        (.dailyTime(.auto), { $0.reminders.autoTime = true; $0.reminders.time = DailyReminderSettings().time }),
        (.autoLead(45 * 60), { $0.reminders.autoLead = 45 * 60 }),
        (.days([.mon, .thu, .sat]), { $0.reminders.days = [.mon, .thu, .sat] }),
        (.days([]), { $0.reminders.days = [] }),
        (.restDayReminders(true), { $0.reminders.restDays = true }),
        (.snoozeMinutes(15), { $0.reminders.snoozeMinutes = 15 }),
        (.lateGrace(30 * 60), { $0.reminders.lateGrace = 30 * 60 }),
        (.startCommand(["xdg-open", "https://example.org/a b"]), { $0.reminders.startCommand = ["xdg-open", "https://example.org/a b"] }),
        (.startCommand([]), { $0.reminders.startCommand = [] }),
        (.pauseAfter(0), { $0.reminders.pauseAfter = 0 }),
        (.restAfterDays(5), { $0.reminders.restAfterDays = 5 }),
        (.restAdviceTime(time(21, 15)), { $0.reminders.restAdviceTime = time(21, 15) }),
        (.streakWarning(false), { $0.reminders.streakWarning = false }),
        (.streakWarningTime(time(17, 0)), { $0.reminders.streakWarningTime = time(17, 0) }),
        (.milestones(false), { $0.reminders.milestones = false }),
        (.privateMode(true), { $0.reminders.privateMode = true }),
        (.voice(true), { $0.reminders.announce = true }),
        (.restDefault(75), { $0.rest.defaultDuration = 75 }),
        (.restWarnBefore(10), { $0.rest.warnBefore = 10 }),
        (.soundEnabled(false), { $0.sound.enabled = false }),
        (.soundDuck(.lower(percent: 30)), { $0.sound.duck = .lower(percent: 30) }),
        (.soundDuck(.lower(percent: 0)), { $0.sound.duck = .lower(percent: 0) }),
        (.soundDuck(.off), { $0.sound.duck = .off }),
        (.soundDuck(.pause), { $0.sound.duck = .pause }),
        (.sound(.file("/home/a/Sounds/ding \"loud\".oga")), { $0.sound.file = "/home/a/Sounds/ding \"loud\".oga" }),
        (.sound(.theme("bell")), { $0.sound.name = "bell"; $0.sound.file = nil }),
        (.quietHours(QuietHours(start: time(22, 30), end: time(6, 0))), { $0.quietHours = QuietHours(start: time(22, 30), end: time(6, 0)) }),
        (.quietHours(nil), { $0.quietHours = nil }),
        (.mediaPlayer(false), { $0.mprisEnabled = false }),
        (.records(false), { $0.progress.records = false }),
        (.recordMinPercent(3.5), { $0.progress.recordMinPercent = 3.5 }),
        (.overload(false), { $0.progress.overload = false }),
        (.overloadSessions(2), { $0.progress.overloadSessions = 2 }),
        (.upperIncrement(1.25), { $0.progress.upperIncrement = 1.25 }),
        (.legsIncrement(10), { $0.progress.legsIncrement = 10 }),
        (.programDay(.tue, workout: "hiit20"), { $0.program[.tue] = "hiit20" }),
        (.programDay(.mon, workout: nil), { $0.program[.mon] = nil }),
        (.syncFolder("~/Sync/gym \"bell\""), { $0.sync = SyncSettings(folder: "~/Sync/gym \"bell\"") }),
        (.syncFolder(nil), { $0.sync = nil }),
    ]

    /// A hand-written file with comments everywhere, a program, a sound file and quiet hours.
    static let personal = """
        # Anna's gymbell — do not lose these notes!
        [reminders]
        time = "17:30"        # after the kids' dinner
        days = ["mon", "wed", "fri"]   # gym days

        # keep it short
        snooze_minutes = 20

        [sound]
        file = "/home/anna/ding.oga"   # my own bell

        [quiet_hours]
        start = "23:00"  # night
        end = "06:30"

        [program]
        mon = "hiit20"   # Monday HIIT
        fri = "hiit20"

        [workouts.hiit20]
        title = "HIIT 20"
        kind = "hiit"
        rounds = 5
        work = "40s"
        rest = "20s"

        """

    static let files: [(name: String, text: String)] = [
        ("built-in default", ConfigParser.defaultText.replacingOccurrences(of: "# mon = \"push\"\n# wed = \"hiit20\"",
                                                                            with: "# mon = \"push\"\n# wed = \"hiit20\"\nmon = \"hiit20\"")
            + "\n[workouts.hiit20]\nkind = \"hiit\"\nrounds = 5\nwork = \"40s\"\nrest = \"20s\"\n"),
        ("personal", personal),
        ("personal, CRLF", personal.replacingOccurrences(of: "\n", with: "\r\n")),
    ]

    @Test func everySettingRoundTrips() throws {
        for file in Self.files {
            let before = try ConfigParser.parse(file.text, path: "c")
            for (edit, change) in Self.edits {
                var expected = before
                change(&expected)
                let edited = try ConfigEditor.apply([edit], to: file.text, path: "c")
                #expect(edited.config == expected, "\(file.name): \(edit)")
                #expect(try ConfigParser.parse(edited.text, path: "c") == expected, "\(file.name): \(edit)")
                // Only lines of the edited keys differ: every line the edit did not name is still there, in order.
                // (A key added to a table the file lacks brings its header, after a blank line.)
                // (A table whose last key goes loses its header.)
                let keys = edit.textEdits.map { $0.path.lastKey ?? "" }
                let headers = edit.textEdits.map { "[\($0.path.parent)]" }
                let original = Self.lines(file.text)
                let untouched = { (line: String) in
                    !keys.contains { Self.names(line, key: $0) } && !line.isEmpty && !headers.contains(line)
                        && (!line.hasPrefix("[") || original.contains(line))
                }
                let kept = original.filter(untouched)
                let remaining = Self.lines(edited.text).filter(untouched)
                #expect(kept == remaining, "\(file.name): \(edit)")
                if !file.text.contains("\r\n") { #expect(!edited.text.contains("\r"), "\(file.name): \(edit)") }
                if file.text.contains("\r\n") {
                    #expect(!edited.text.replacingOccurrences(of: "\r\n", with: "").contains("\n"), "\(file.name): \(edit)")
                }
            }
        }
    }

    @Test func threeEditsKeepEveryComment() throws {
        let edits: [ConfigEdit] = [.dailyTime(.at(Self.time(19, 0))), .days([.tue, .thu]), .sound(.theme("bell"))]
        var text = Self.personal
        for edit in edits { text = try ConfigEditor.apply([edit], to: text, path: "c").text }
        let comments = { (text: String) in
            Self.lines(text).compactMap { line in line.firstIndex(of: "#").map { String(line[$0...]) } }
        }
        #expect(comments(text) == comments(Self.personal).filter { $0 != "# my own bell" })
        #expect(text.contains("time = \"19:00\"        # after the kids' dinner"))
        #expect(text.contains("days = [\"tue\", \"thu\"]   # gym days"))
        #expect(text.contains("[sound]\nname = \"bell\"\n\n[quiet_hours]"))
    }

    static func lines(_ text: String) -> [String] {
        text.replacingOccurrences(of: "\r\n", with: "\n").split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// Whether `line` writes `key` (`key = …`, spaces allowed).
    static func names(_ line: String, key: String) -> Bool {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard trimmed.hasPrefix(key) else { return false }
        return trimmed.dropFirst(key.count).drop { $0 == " " || $0 == "\t" }.hasPrefix("=")
    }
}
