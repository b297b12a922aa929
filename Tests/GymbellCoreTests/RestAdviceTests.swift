import Foundation
import Testing
@testable import GymbellCore

@Suite("Rest-day advice after consecutive training days")
struct RestAdviceTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let restAfterDays: Int
        let adviceTime: String
        let starts: [String]
        let now: String
        /// `next(after:)`: due instant and the {n}, or nil.
        let expected: (String, Int)?
        var testDescription: String { name }
    }

    static let berlinThree = ["2026-03-26T18:00:00+01:00", "2026-03-27T18:00:00+01:00", "2026-03-28T18:00:00+01:00"]

    static let cases: [Case] = [
        Case(name: "Berlin: three days in a row, spring-forward Sunday without a workout → 20:00 CEST", zone: berlin,
             restAfterDays: 3, adviceTime: "20:00", starts: berlinThree, now: "2026-03-29T10:00:00+02:00",
             expected: ("2026-03-29T20:00:00+02:00", 3)),
        Case(name: "Berlin: two days are not enough", zone: berlin, restAfterDays: 3, adviceTime: "20:00",
             starts: Array(berlinThree.dropFirst()), now: "2026-03-29T10:00:00+02:00", expected: nil),
        Case(name: "Berlin: trained today → tomorrow's advice, four days", zone: berlin, restAfterDays: 3, adviceTime: "20:00",
             starts: berlinThree + ["2026-03-29T09:00:00+02:00"], now: "2026-03-29T10:00:00+02:00",
             expected: ("2026-03-30T20:00:00+02:00", 4)),
        Case(name: "Berlin: after today's advice time nothing is next (tomorrow follows a rest day)", zone: berlin,
             restAfterDays: 3, adviceTime: "20:00", starts: berlinThree, now: "2026-03-29T20:00:00+02:00", expected: nil),
        Case(name: "Berlin: an advice time in the gap resolves to 03:00", zone: berlin, restAfterDays: 3, adviceTime: "02:30",
             starts: berlinThree, now: "2026-03-29T00:30:00+01:00", expected: ("2026-03-29T03:00:00+02:00", 3)),
        Case(name: "Berlin: 0 turns it off", zone: berlin, restAfterDays: 0, adviceTime: "20:00", starts: berlinThree,
             now: "2026-03-29T10:00:00+02:00", expected: nil),
        Case(name: "New York: fall-back Sunday → 20:00 EST", zone: newYork, restAfterDays: 3, adviceTime: "20:00",
             starts: ["2026-10-29T07:00:00-04:00", "2026-10-30T07:00:00-04:00", "2026-10-31T07:00:00-04:00"],
             now: "2026-11-01T01:30:00-05:00", expected: ("2026-11-01T20:00:00-05:00", 3)),
        Case(name: "Kolkata: one day is enough with rest_after_days = 1; local days decide", zone: kolkata, restAfterDays: 1,
             adviceTime: "21:30", starts: ["2026-06-01T00:15:00+05:30"], now: "2026-06-02T08:00:00+05:30",
             expected: ("2026-06-02T21:30:00+05:30", 1)),
        Case(name: "Kolkata: a gap day breaks the run", zone: kolkata, restAfterDays: 2, adviceTime: "21:30",
             starts: ["2026-05-29T07:00:00+05:30", "2026-05-30T07:00:00+05:30", "2026-06-01T07:00:00+05:30"],
             now: "2026-06-02T08:00:00+05:30", expected: nil),
    ]

    @Test("next advice", arguments: cases)
    func next(_ c: Case) {
        let rule = RestAdviceRule(restAfterDays: c.restAfterDays, adviceTime: time(c.adviceTime))
        let advice = rule.next(after: instant(c.now), history: c.starts.map { entry($0) }, in: c.zone)
        #expect(advice?.due == c.expected.map { instant($0.0) })
        #expect(advice?.trainingDays == c.expected?.1)
    }

    @Test func firingConfirmsNoWorkoutStartedMeanwhile() {
        let rule = RestAdviceRule(settings: DailyReminderSettings())
        var history = Self.berlinThree.map { entry($0) }
        #expect(rule.advice(on: day("2026-03-29"), history: history, now: instant("2026-03-29T20:00:00+02:00"), in: berlin) != nil)
        history.append(entry("2026-03-29T19:30:00+02:00", kind: .hiit))
        #expect(rule.advice(on: day("2026-03-29"), history: history, now: instant("2026-03-29T20:00:00+02:00"), in: berlin) == nil)
    }

    @Test func texts() {
        let advice = RestAdvice(day: day("2026-03-29"), due: instant("2026-03-29T20:00:00+02:00"), trainingDays: 3)
        let reminder = advice.reminder()
        #expect((reminder.title, reminder.body) == ("Good rest day! 🌙", "3 days of training in a row. Recovery matters!"))
        #expect(reminder.id == ReminderID("rest-advice-2026-03-29"))
        #expect(reminder.kind == .restAdvice)
        #expect(ReminderNotice.make(for: reminder, server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english).actions.map(\.key) == ["default"])
        #expect(Messages.english.daily.restAdvice(trainingDays: 1).body == "1 day of training in a row. Recovery matters!")
    }
}
