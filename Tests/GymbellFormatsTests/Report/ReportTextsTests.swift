import GymbellCore
import GymbellFormats
import Testing

/// The report's texts count as the other texts do: each language says 1 and 3 its own way.
@Suite("Report texts: plurals and ranges")
struct ReportTextsTests {
    let english = Messages.english

    @Test func countsAndRanges() {
        #expect([english.report.trainingDays(1), english.report.trainingDays(2)] == ["1 training day", "2 training days"])
        #expect([english.report.sessions(1), english.report.sessions(0)] == ["1 session", "0 sessions"])
        let day = LocalDay(year: 2026, month: 11, day: 23)!
        #expect(english.report.reportRange(weeks: 1, until: day) == "The last week, up to 23 Nov 2026")
        #expect(english.report.reportRange(weeks: 12, until: day) == "The last 12 weeks, up to 23 Nov 2026")
    }
}
