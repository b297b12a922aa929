import Foundation
import Testing
@testable import GymbellCore

@Suite("Config: smart reminders, private mode, voice and quiet hours")
struct SmartReminderConfigTests {
    private static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test func defaultsMatchTheSeeds() {
        let settings = DailyReminderSettings()
        #expect(settings.autoTime == false)
        #expect(settings.autoLead == 30 * 60)
        #expect(settings.pauseAfter == 2 * 3600)
        #expect(settings.restAfterDays == 3)
        #expect(settings.restAdviceTime == time("20:00"))
        #expect(settings.milestones == true)
        #expect(settings.privateMode == false)
        #expect(settings.announce == false)
        #expect(Config().quietHours == nil)
    }

    @Test func theDefaultFileDocumentsEveryNewKey() {
        let text = ConfigParser.defaultText
        for key in ["auto_lead", "pause_after", "rest_after_days", "rest_advice_time", "milestones", "private", "announce"] {
            #expect(text.contains("\n\(key) = "), "default-config.toml lacks \(key)")
        }
        #expect(text.contains("\"auto\""))
        for line in ["# [quiet_hours]", "# start = \"22:00\"", "# end = \"07:00\""] {
            #expect(text.contains("\n\(line)\n"), "default-config.toml lacks \(line)")
        }
    }

    @Test func everyNewKeyDecodes() throws {
        let text = """
        [reminders]
        time = "auto"
        auto_lead = "45m"
        pause_after = "1h30m"
        rest_after_days = 5
        rest_advice_time = "21:15"
        milestones = false
        private = true
        announce = true

        [quiet_hours]
        start = "22:30"
        end = 07:00:00
        """
        let config = try ConfigParser.parse(text, path: "config.toml")
        var expected = DailyReminderSettings()
        expected.autoTime = true
        expected.autoLead = 45 * 60
        expected.pauseAfter = 5400
        expected.restAfterDays = 5
        expected.restAdviceTime = time("21:15")
        expected.milestones = false
        expected.privateMode = true
        expected.announce = true
        #expect(config.reminders == expected)
        #expect(config.reminders.time == time("18:00"))  // the fallback while nothing is learned
        #expect(config.quietHours == QuietHours(start: time("22:30"), end: time("07:00")))
        #expect(config.quietHours?.wrapsMidnight == true)
    }

    @Test("other spellings", arguments: [
        ("[reminders]\ntime = \"AUTO\"", { @Sendable (c: Config) in c.reminders.autoTime }),
        ("[reminders]\ntime = \"07:30\"", { @Sendable (c: Config) in !c.reminders.autoTime && c.reminders.time == time("07:30") }),
        ("[reminders]\npause_after = 0", { @Sendable (c: Config) in c.reminders.pauseAfter == 0 && !PauseRule(settings: c.reminders).isEnabled }),
        ("[reminders]\npause_after = \"12h\"", { @Sendable (c: Config) in c.reminders.pauseAfter == 12 * 3600 }),
        ("[reminders]\nauto_lead = 0", { @Sendable (c: Config) in c.reminders.autoLead == 0 }),
        ("[reminders]\nrest_after_days = 0", { @Sendable (c: Config) in c.reminders.restAfterDays == 0 }),
        ("[reminders]\nrest_after_days = 30", { @Sendable (c: Config) in c.reminders.restAfterDays == 30 }),
        ("[reminders]\nrest_advice_time = 19:45:30", { @Sendable (c: Config) in c.reminders.restAdviceTime == time("19:45:30") }),
        ("[quiet_hours]\nstart = \"13:00\"\nend = \"15:00\"", { @Sendable (c: Config) in c.quietHours == QuietHours(start: time("13:00"), end: time("15:00")) }),
        ("[quiet_hours]", { @Sendable (c: Config) in c.quietHours == nil }),
    ] as [(String, @Sendable (Config) -> Bool)])
    func accepted(text: String, check: @Sendable (Config) -> Bool) throws {
        #expect(check(try ConfigParser.parse(text, path: "config.toml")), "\(text)")
    }

    @Test("each mistake gives one exact, located message", arguments: [
        ("[reminders]\ntime = \"atuo\"\n",
         ["config.toml:2:8: reminders.time: \"atuo\" is not a time of day; did you mean \"auto\"?"]),
        ("[reminders]\nrest_advice_time = \"8pm\"\n",
         ["config.toml:2:20: reminders.rest_advice_time: \"8pm\" is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\""]),
        ("[reminders]\nrest_advice_time = \"auto\"\n",
         ["config.toml:2:20: reminders.rest_advice_time: \"auto\" is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\""]),
        ("[reminders]\npause_after = \"13h\"\n",
         ["config.toml:2:15: reminders.pause_after: \"13h\" is out of range; use 0s to 12h"]),
        ("[reminders]\nauto_lead = \"soon\"\n",
         ["config.toml:2:13: reminders.auto_lead: \"soon\" is not a duration; write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds"]),
        ("[reminders]\nrest_after_days = 31\n",
         ["config.toml:2:19: reminders.rest_after_days: 31 is out of range; use 0 to 30"]),
        ("[reminders]\nrest_after_days = \"3\"\n",
         ["config.toml:2:19: reminders.rest_after_days: expected a whole number of days like 3 (0 turns it off), got string \"3\""]),
        ("[reminders]\nprivate = \"yes\"\n",
         ["config.toml:2:11: reminders.private: expected true or false, got string \"yes\""]),
        ("[reminders]\nanounce = true\n",
         ["config.toml:2:1: unknown key \"anounce\" in [reminders]; did you mean \"announce\"?"]),
        ("[reminders]\nstart = \"22:00\"\n",
         ["config.toml:2:1: unknown key \"start\" in [reminders]; it belongs in [quiet_hours]"]),
        ("[quiet_hours]\nstart = \"22:00\"\n",
         ["config.toml:1:2: [quiet_hours] is missing \"end\"; quiet hours need both start and end, e.g. start = \"22:00\" and end = \"07:00\""]),
        ("# quiet nights\n[quiet_hours]\nend = \"07:00\"\n",
         ["config.toml:2:2: [quiet_hours] is missing \"start\"; quiet hours need both start and end, e.g. start = \"22:00\" and end = \"07:00\""]),
        ("[quiet_hours]\nstart = \"22:00\"\nend = \"22:00:00\"\n",
         ["config.toml:3:7: quiet_hours.end: \"22:00:00\" equals start, which leaves no quiet time; give a different end, or remove [quiet_hours]"]),
        ("[quiet_hours]\nstart = \"22:00\"\nend = \"7:00\"\n",
         ["config.toml:3:7: quiet_hours.end: \"7:00\" is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\""]),
        ("[quiet_hours]\nstrat = \"22:00\"\nend = \"07:00\"\n",
         ["config.toml:2:1: unknown key \"strat\" in [quiet_hours]; did you mean \"start\"?"]),
        ("[quiet_hours]\nfrom = \"22:00\"\nend = \"07:00\"\n",
         ["config.toml:1:2: [quiet_hours] is missing \"start\"; quiet hours need both start and end, e.g. start = \"22:00\" and end = \"07:00\"",
          "config.toml:2:1: unknown key \"from\" in [quiet_hours]; valid keys are start and end"]),
        ("[quiet_hours]\nstart = \"22:00\"\nend = \"07:00\"\nsnooze_minutes = 5\n",
         ["config.toml:4:1: unknown key \"snooze_minutes\" in [quiet_hours]; it belongs in [reminders]"]),
        ("quiet_hours = \"22:00-07:00\"\n",
         ["config.toml:1:15: quiet_hours: expected a table [quiet_hours], got string \"22:00-07:00\""]),
        ("[quiet-hours]\nstart = \"22:00\"\n",
         ["config.toml:1:2: unknown table [quiet-hours]; did you mean [quiet_hours]?"]),
    ] as [(String, [String])])
    func badConfig(text: String, expected: [String]) {
        #expect(Self.diagnostics(text) == expected, "\(text)")
    }
}
