import Foundation
import Testing
@testable import GymbellCore
@testable import GymbellFormats

/// Issue 47: the report's streak cards show what became of the daily reminders of the last 30 days.
@Suite("Training report: the reminders card")
struct ReportRemindersTests {
    @Test func theCardShowsStartedOfShownInEnglishAndGerman() throws {
        var report = ReportFixture.report()
        report.stats.reminders = ReminderStats(days: 30, reminders: 18, started: 12, snoozed: 4, ignored: 2, snoozedWeekdays: ["mon"])
        let english = ReportHTML.render(report, messages: .english)
        #expect(english.contains(
            #"<div class="card" id="reminders-started"><div class="label">Reminders, last 30 days</div><div class="value">12 of 18 started, 4 snoozed</div></div>"#))
        let german = ReportHTML.render(report, messages: try germanMessages())
        #expect(german.contains("Erinnerungen, letzte 30 Tage") && german.contains("12 von 18 begonnen, 4 verschoben"))
        try expectBalanced(english)
    }

    @Test func noCardWithoutReminders() {
        var report = ReportFixture.report()
        #expect(!ReportHTML.render(report, messages: .english).contains("reminders-started"), "an older daemon's stats: none")
        report.stats.reminders = ReminderStats(days: 30)
        #expect(!ReportHTML.render(report, messages: .english).contains("reminders-started"), "none shown: no card")
    }
}
