import Foundation
import Testing
@testable import GymbellCore

/// Issue 47's weekly summary: when "Sun 19:00" is due — once per week, across restarts (the day last
/// handled), suspends (late within the grace, else passed over), clock set back and DST changes.
@Suite("Weekly schedule: due once a week, in local time")
struct WeeklyScheduleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let schedule: String
        let now: String
        let lastHandled: String?
        let send: String?
        let handled: String?
        let next: String
        var testDescription: String { name }
    }

    static let grace: TimeInterval = 2 * 3600

    static let cases: [Case] = [
        Case(name: "Sunday 19:00 on the dot", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T19:00:00+01:00", lastHandled: "2026-02-22",
             send: "2026-03-01", handled: "2026-03-01", next: "2026-03-08T19:00:00+01:00"),
        Case(name: "a second before: nothing, armed for it", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T18:59:59+01:00",
             lastHandled: "2026-02-22", send: nil, handled: nil, next: "2026-03-01T19:00:00+01:00"),
        Case(name: "after a restart the same evening: not again", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T19:00:30+01:00",
             lastHandled: "2026-03-01", send: nil, handled: nil, next: "2026-03-08T19:00:00+01:00"),
        Case(name: "resumed from suspend 1 h late: shown late", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T20:00:00+01:00",
             lastHandled: "2026-02-22", send: "2026-03-01", handled: "2026-03-01", next: "2026-03-08T19:00:00+01:00"),
        Case(name: "asleep until Monday: passed over, kept as handled", zone: berlin, schedule: "Sun 19:00", now: "2026-03-02T08:00:00+01:00",
             lastHandled: "2026-02-22", send: nil, handled: "2026-03-01", next: "2026-03-08T19:00:00+01:00"),
        Case(name: "first run on a Sunday evening", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T19:30:00+01:00", lastHandled: nil,
             send: "2026-03-01", handled: "2026-03-01", next: "2026-03-08T19:00:00+01:00"),
        Case(name: "the clock set back a week: never twice", zone: berlin, schedule: "Sun 19:00", now: "2026-03-01T19:30:00+01:00",
             lastHandled: "2026-03-08", send: nil, handled: nil, next: "2026-03-08T19:00:00+01:00"),
        Case(name: "Berlin spring forward: Sun 02:30 does not exist, comes at 03:00 CEST", zone: berlin, schedule: "Sun 02:30",
             now: "2026-03-29T03:00:00+02:00", lastHandled: "2026-03-22", send: "2026-03-29", handled: "2026-03-29",
             next: "2026-04-05T02:30:00+02:00"),
        Case(name: "Berlin fall back: Sun 02:30 twice, the first one", zone: berlin, schedule: "Sun 02:30",
             now: "2026-10-25T02:30:00+02:00", lastHandled: "2026-10-18", send: "2026-10-25", handled: "2026-10-25",
             next: "2026-11-01T02:30:00+01:00"),
        Case(name: "Berlin fall back: … and not at the second 02:30", zone: berlin, schedule: "Sun 02:30",
             now: "2026-10-25T02:30:00+01:00", lastHandled: "2026-10-25", send: nil, handled: nil, next: "2026-11-01T02:30:00+01:00"),
        Case(name: "the week across the DST change is a week of wall-clock time", zone: berlin, schedule: "Sun 19:00",
             now: "2026-03-22T19:00:00+01:00", lastHandled: "2026-03-15", send: "2026-03-22", handled: "2026-03-22",
             next: "2026-03-29T19:00:00+02:00"),
        Case(name: "New York, Monday 07:00 across fall back", zone: newYork, schedule: "mon 07:00", now: "2026-11-02T07:00:00-05:00",
             lastHandled: "2026-10-26", send: "2026-11-02", handled: "2026-11-02", next: "2026-11-09T07:00:00-05:00"),
        Case(name: "Kolkata: Saturday 23:30 local is Saturday 18:00 UTC", zone: kolkata, schedule: "Sat 23:30",
             now: "2026-06-06T23:45:00+05:30", lastHandled: nil, send: "2026-06-06", handled: "2026-06-06", next: "2026-06-13T23:30:00+05:30"),
    ]

    @Test("decide", arguments: cases)
    func decide(_ c: Case) throws {
        let schedule = try #require(WeeklySchedule(parsing: c.schedule))
        let decision = schedule.decide(now: instant(c.now), in: c.zone, lastHandled: c.lastHandled.flatMap(LocalDay.init(isoDate:)), grace: Self.grace)
        #expect(decision.sendNow == c.send.flatMap(LocalDay.init(isoDate:)))
        #expect(decision.handled == c.handled.flatMap(LocalDay.init(isoDate:)))
        #expect(decision.next == instant(c.next))
    }

    @Test(arguments: [
        ("Sun 19:00", "Sun 19:00"), ("sun 19:00", "Sun 19:00"), ("MON 07:30", "Mon 07:30"), ("  Fri   18:00:30 ", "Fri 18:00:30"),
        ("Sunday 19:00", nil), ("Sun 25:00", nil), ("Sun", nil), ("19:00", nil), ("", nil), ("Sun 19:00 extra", nil),
        ("Sun\u{0}19:00", nil), (String(repeating: "Sun ", count: 10_000) + "19:00", nil),
    ] as [(String, String?)])
    func parsing(_ text: String, _ expected: String?) {
        #expect(WeeklySchedule(parsing: text)?.description == expected)
    }

    @Test func aYearOfWeeksGivesOneSummaryEach() {
        // A daemon that looks every hour for a year of Berlin time (two DST changes) sends 52 or 53, one per Sunday.
        var handled: LocalDay?
        var sent: [LocalDay] = []
        var now = instant("2026-01-01T00:30:00+01:00")
        while now < instant("2027-01-01T00:00:00+01:00") {
            let decision = WeeklySchedule.sundayEvening.decide(now: now, in: berlin, lastHandled: handled, grace: Self.grace)
            if let day = decision.sendNow { sent.append(day) }
            handled = decision.handled ?? handled
            now += 3600
        }
        #expect(sent.count == 52 && Set(sent).count == 52 && sent.allSatisfy { $0.weekday == .sun })
    }
}
