import Foundation
import Testing
@testable import GymbellCore
import TOML

/// `[reminders] weekly_summary` (issue 47): a weekday and a time, `false` or `true`; bad values located
/// at file:line:column; `gymbell config set reminders.weekly_summary sun 19:00` and `off`.
@Suite("Config: weekly_summary")
struct WeeklySummaryConfigTests {
    static func diagnostics(_ text: String) -> [String] {
        do {
            _ = try ConfigParser.parse(text, path: "config.toml")
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }

    @Test(arguments: [
        ("", "Sun 19:00"), ("weekly_summary = \"Sun 19:00\"", "Sun 19:00"), ("weekly_summary = \"fri 18:30\"", "Fri 18:30"),
        ("weekly_summary = false", nil), ("weekly_summary = true", "Sun 19:00"),
    ] as [(String, String?)])
    func values(_ line: String, _ expected: String?) throws {
        let config = try ConfigParser.parse("[reminders]\n\(line)\n", path: "config.toml")
        #expect(config.reminders.weeklySummary?.description == expected)
    }

    @Test(arguments: [
        ("weekly_summary = \"Sunday 19:00\"",
         "config.toml:3:18: reminders.weekly_summary: \"Sunday 19:00\" is not a weekday and a time; write e.g. \"Sun 19:00\" (mon … sun, HH:MM), or false"),
        ("weekly_summary = \"Sun 25:00\"",
         "config.toml:3:18: reminders.weekly_summary: \"Sun 25:00\" is not a weekday and a time; write e.g. \"Sun 19:00\" (mon … sun, HH:MM), or false"),
        ("weekly_summary = 7", "config.toml:3:18: reminders.weekly_summary: expected a weekday and a time like \"Sun 19:00\", or false, got integer 7"),
        ("weekly_summary = \"Sun\\u000019:00\"",
         "config.toml:3:18: reminders.weekly_summary: \"Sun\\u000019:00\" is not a weekday and a time; write e.g. \"Sun 19:00\" (mon … sun, HH:MM), or false"),
    ] as [(String, String)])
    func badValuesAreLocated(_ line: String, _ expected: String) {
        let found = Self.diagnostics("[reminders]\nenabled = true\n\(line)\n")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix(String(expected.prefix(34))) == true, "\(found)")
        #expect(found.first?.contains("is not a weekday and a time") == true || found.first?.contains("expected a weekday and a time") == true)
    }

    @Test func aHugeValueIsRefusedLocated() {
        let found = Self.diagnostics("[reminders]\nweekly_summary = \"\(String(repeating: "Sun ", count: 50_000))19:00\"\n")
        #expect(found.count == 1 && found.first?.hasPrefix("config.toml:2:18: ") == true, "\(found.map { $0.prefix(120) })")
    }

    @Test func configSetTakesADayAndATimeOrOff() throws {
        let path = TOMLPath([.key("reminders"), .key("weekly_summary")])
        #expect(try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["sun", "19:00"]) == [.set(path, .string("Sun 19:00"))])
        #expect(try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["MON 07:30"]) == [.set(path, .string("Mon 07:30"))])
        #expect(try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["off"]) == [.set(path, .boolean(false))])
        #expect(throws: ConfigSettingText.Failure.self) { try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["sunday"]) }
        #expect(throws: ConfigSettingText.Failure.self) { try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["sun\u{0}19:00"]) }
        // The edit written into the default file reads back as that time.
        let text = try ConfigEditor.apply(try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["sat", "09:15"]),
                                          to: ConfigParser.defaultText, path: "c").text
        #expect(try ConfigParser.parse(text, path: "c").reminders.weeklySummary?.description == "Sat 09:15")
        let off = try ConfigEditor.apply(try ConfigSettingText.edits(key: "reminders.weekly_summary", values: ["off"]), to: text, path: "c")
        #expect(off.config.reminders.weeklySummary == nil && off.text.contains("weekly_summary = false"))
    }
}
