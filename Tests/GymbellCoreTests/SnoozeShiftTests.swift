import Foundation
import Testing
@testable import GymbellCore

/// Issue 47: `time = "auto"` and `gymbell suggest` follow the snoozes — a weekday whose reminder is
/// mostly snoozed comes when the person then starts.
@Suite("Snooze shift: a mostly snoozed weekday moves to when the person starts")
struct SnoozeShiftTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        /// (shown, snoozed) of each reminder.
        let reminders: [(String, Bool)]
        let starts: [String]
        let now: String
        let moved: [Weekday: String]
        var testDescription: String { name }
    }

    static func mondays(_ snoozed: [Bool], at hour: String = "18:00:00+01:00") -> [(String, Bool)] {
        ["2026-02-02", "2026-02-09", "2026-02-16", "2026-02-23", "2026-03-02"].prefix(snoozed.count).enumerated().map {
            ("\($0.element)T\(hour)", snoozed[$0.offset])
        }
    }

    static let cases: [Case] = [
        Case(name: "3 of 4 Mondays snoozed, started 19:10, 19:20, 19:00: 19:10", zone: berlin,
             reminders: mondays([true, true, false, true]),
             starts: ["2026-02-02T19:10:00+01:00", "2026-02-09T19:20:00+01:00", "2026-02-16T18:05:00+01:00", "2026-02-23T19:00:00+01:00"],
             now: "2026-02-28T12:00:00+01:00", moved: [.mon: "19:10"]),
        Case(name: "2 of 4 snoozed is not more often than not", zone: berlin,
             reminders: mondays([true, true, false, false]),
             starts: ["2026-02-02T19:10:00+01:00", "2026-02-09T19:20:00+01:00"], now: "2026-02-28T12:00:00+01:00", moved: [:]),
        Case(name: "2 reminders are too few", zone: berlin, reminders: mondays([true, true]),
             starts: ["2026-02-02T19:10:00+01:00", "2026-02-09T19:20:00+01:00"], now: "2026-02-28T12:00:00+01:00", moved: [:]),
        Case(name: "snoozed but hardly ever started afterwards: too few starts", zone: berlin,
             reminders: mondays([true, true, true]), starts: ["2026-02-02T19:10:00+01:00", "2026-02-09T17:00:00+01:00"],
             now: "2026-02-28T12:00:00+01:00", moved: [:]),
        Case(name: "starts after midnight belong to no snoozed day", zone: berlin,
             reminders: mondays([true, true, true]),
             starts: ["2026-02-03T00:10:00+01:00", "2026-02-10T00:20:00+01:00", "2026-02-16T19:00:00+01:00"],
             now: "2026-02-28T12:00:00+01:00", moved: [:]),
        Case(name: "older than 10 weeks is forgotten", zone: berlin,
             reminders: mondays([true, true, true]),
             starts: ["2026-02-02T19:10:00+01:00", "2026-02-09T19:20:00+01:00", "2026-02-16T19:00:00+01:00"],
             now: "2026-05-20T12:00:00+02:00", moved: [:]),
        Case(name: "Berlin across spring forward: wall-clock 19:00", zone: berlin,
             reminders: [("2026-03-16T18:00:00+01:00", true), ("2026-03-23T18:00:00+01:00", true), ("2026-03-30T18:00:00+02:00", true)],
             starts: ["2026-03-16T19:00:00+01:00", "2026-03-23T19:00:00+01:00", "2026-03-30T19:00:00+02:00"],
             now: "2026-04-01T12:00:00+02:00", moved: [.mon: "19:00"]),
        Case(name: "Kolkata: the local weekday, not UTC's", zone: kolkata,
             reminders: [("2026-06-03T00:10:00+05:30", true), ("2026-06-10T00:10:00+05:30", true), ("2026-06-17T00:10:00+05:30", true)],
             starts: ["2026-06-03T01:00:00+05:30", "2026-06-10T01:10:00+05:30", "2026-06-17T01:20:00+05:30"],
             now: "2026-06-20T12:00:00+05:30", moved: [.wed: "01:10"]),
    ]

    @Test("moved", arguments: cases)
    func moved(_ c: Case) {
        let outcomes = ReminderOutcomes(c.reminders.map { shown, snoozed in
            ReminderOutcome(day: LocalDay(containing: instant(shown), in: c.zone), shownAt: instant(shown),
                            answer: snoozed ? .snoozed : .started, snoozes: snoozed ? 1 : 0)
        })
        let marks = SessionMarks(c.starts.map { SessionMarks.Mark(startedAt: instant($0), completed: true, rest: false) })
        let moved = SnoozeShift().movedStarts(outcomes, sessions: marks, now: instant(c.now), timeZone: c.zone)
        #expect(moved == c.moved.mapValues { time($0).secondsSinceMidnight })
    }

    @Test func onlyLaterTimesWin() {
        #expect(SnoozeShift.applying(19 * 3600, to: time("17:30")) == time("19:00"))
        #expect(SnoozeShift.applying(17 * 3600, to: time("17:30")) == time("17:30"), "never earlier than planned")
        #expect(SnoozeShift.applying(nil, to: time("17:30")) == time("17:30"))
        #expect(SnoozeShift.applying(Int.max, to: time("17:30")) == time("23:59:59"), "a hostile value stays a time of day")
    }

    @Test func suggestAndTheAutoTimeFollowTheSnoozes() throws {
        let auto = try ConfigParser.parse("[reminders]\ntime = \"auto\"\n", path: "c.toml")
        let fixed = try ConfigParser.parse("[reminders]\ntime = \"18:00\"\n", path: "c.toml")
        let moves: [Weekday: Int] = [.mon: time("19:10").secondsSinceMidnight]
        let autoReport = SuggestReport(config: auto, starts: [:], snoozeMoves: moves)
        #expect(autoReport.weekdays[0].reminderTime == "19:10" && autoReport.weekdays[0].snoozedStart == "19:10")
        #expect(autoReport.weekdays[1].reminderTime == autoReport.fixedTime && autoReport.weekdays[1].snoozedStart == nil)
        let fixedReport = SuggestReport(config: fixed, starts: [:], snoozeMoves: moves)
        #expect(fixedReport.weekdays[0].reminderTime == "18:00" && fixedReport.weekdays[0].snoozedStart == "19:10", "a fixed time stays")
        #expect(DailyPlanner(config: auto, starts: [:], snoozeMoves: moves).time(on: .mon) == time("19:10"))
        #expect(DailyPlanner(config: fixed, starts: [:], snoozeMoves: moves).time(on: .mon) == time("18:00"))
        #expect(try SuggestReport.decode(jsonText: autoReport.jsonText()) == autoReport)
    }
}
