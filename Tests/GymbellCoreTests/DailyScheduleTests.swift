import Foundation
import Testing
@testable import GymbellCore

@Suite("Local days and wall-clock resolution")
struct LocalDayTests {
    @Test("civil dates round-trip and know their weekday", arguments: [
        (1970, 1, 1, Weekday.thu), (2026, 3, 29, .sun), (2026, 10, 25, .sun), (2026, 11, 22, .sun),
        (2024, 2, 29, .thu), (2000, 3, 1, .wed), (1969, 12, 31, .wed),
    ])
    func civil(year: Int, month: Int, day: Int, weekday: Weekday) throws {
        let local = try #require(LocalDay(year: year, month: month, day: day))
        #expect(local.civil == (year, month, day))
        #expect(local.weekday == weekday)
    }

    @Test("resolution of local times across DST", arguments: [
        // Europe/Berlin spring forward 2026-03-29 02:00 → 03:00: 02:30 does not exist → first instant after the gap.
        ("Europe/Berlin", 2026, 3, 29, "02:30", "2026-03-29T03:00:00+02:00"),
        ("Europe/Berlin", 2026, 3, 29, "02:00", "2026-03-29T03:00:00+02:00"),
        ("Europe/Berlin", 2026, 3, 29, "01:59:59", "2026-03-29T01:59:59+01:00"),
        ("Europe/Berlin", 2026, 3, 29, "09:00", "2026-03-29T09:00:00+02:00"),
        // Fall back 2026-10-25 03:00 → 02:00: 02:30 occurs twice → the first (still summer time).
        ("Europe/Berlin", 2026, 10, 25, "02:30", "2026-10-25T02:30:00+02:00"),
        ("Europe/Berlin", 2026, 10, 25, "09:00", "2026-10-25T09:00:00+01:00"),
        ("America/New_York", 2026, 3, 8, "02:15", "2026-03-08T03:00:00-04:00"),
        ("America/New_York", 2026, 11, 1, "01:30", "2026-11-01T01:30:00-04:00"),
        ("America/New_York", 2026, 11, 1, "18:00", "2026-11-01T18:00:00-05:00"),
        ("Asia/Kolkata", 2026, 3, 29, "02:30", "2026-03-29T02:30:00+05:30"),
        ("UTC", 2026, 11, 22, "23:59:59", "2026-11-22T23:59:59Z"),
    ])
    func resolution(zoneID: String, year: Int, month: Int, day: Int, local: String, expected: String) throws {
        let day = try #require(LocalDay(year: year, month: month, day: day))
        #expect(day.instant(at: time(local), in: zone(zoneID)) == instant(expected))
    }

    @Test func localDayOfInstantUsesTheZone() {
        let utcLateEvening = instant("2026-11-22T20:00:00Z")
        #expect(LocalDay(containing: utcLateEvening, in: zone("UTC")).description == "2026-11-22")
        #expect(LocalDay(containing: utcLateEvening, in: kolkata).description == "2026-11-23")  // 01:30 next day
        #expect(LocalDay(containing: utcLateEvening, in: newYork).description == "2026-11-22")
    }

    @Test func wallClockTimeOfAnInstant() {
        let utcLateEvening = instant("2026-11-22T20:00:05.750Z")
        #expect(LocalTime(of: utcLateEvening, in: kolkata).text(seconds: true) == "01:30:05")  // fraction dropped
        #expect(LocalTime(of: utcLateEvening, in: newYork).text(seconds: false) == "15:00")
        // Right after the spring-forward gap: 03:00 local, 10 800 s after midnight though only 2 h passed.
        #expect(LocalTime(of: instant("2026-03-29T01:00:00Z"), in: berlin).secondsSinceMidnight == 10_800)
        #expect(LocalTime(of: instant("1969-12-31T23:59:59Z"), in: zone("UTC")).description == "23:59:59")
    }
}

@Suite("Daily schedule: next and latest occurrence")
struct DailyScheduleTests {
    let everyDay = Set(Weekday.allCases)

    @Test func nextIsStrictlyAfter() {
        let schedule = DailySchedule(time: time("18:00"), days: everyDay)
        let at = instant("2026-11-22T18:00:00+01:00")
        #expect(schedule.next(after: at, in: berlin) == instant("2026-11-23T18:00:00+01:00"))
        #expect(schedule.next(after: at.addingTimeInterval(-0.001), in: berlin) == at)
        #expect(schedule.latest(atOrBefore: at, in: berlin) == at)
    }

    @Test("next occurrence skips days not chosen", arguments: [
        // 2026-11-22 is a Sunday.
        ("2026-11-22T12:00:00+01:00", "2026-11-23T07:30:00+01:00"),  // → Monday
        ("2026-11-23T07:30:00+01:00", "2026-11-25T07:30:00+01:00"),  // Monday at the instant → Wednesday
        ("2026-11-27T08:00:00+01:00", "2026-11-30T07:30:00+01:00"),  // Friday after → next Monday
    ])
    func weekdays(from: String, expected: String) {
        let schedule = DailySchedule(time: time("07:30"), days: [.mon, .wed, .fri])
        #expect(schedule.next(after: instant(from), in: berlin) == instant(expected))
    }

    @Test func noDaysMeansNever() {
        let schedule = DailySchedule(time: time("07:30"), days: [])
        #expect(schedule.next(after: instant("2026-11-22T12:00:00Z"), in: berlin) == nil)
    }

    @Test func springForwardFiresOnceAtThree() {
        let schedule = DailySchedule(time: time("02:30"), days: everyDay)
        let first = schedule.next(after: instant("2026-03-28T12:00:00+01:00"), in: berlin)
        #expect(first == instant("2026-03-29T03:00:00+02:00"))
        let second = first.flatMap { schedule.next(after: $0, in: berlin) }
        #expect(second == instant("2026-03-30T02:30:00+02:00"))
    }

    @Test func fallBackFiresOnceTheFirstTime() {
        let schedule = DailySchedule(time: time("02:30"), days: everyDay)
        let first = schedule.next(after: instant("2026-10-24T12:00:00+02:00"), in: berlin)
        #expect(first == instant("2026-10-25T02:30:00+02:00"))
        // After the first 02:30 the next is tomorrow's, not the repeated 02:30 an hour later.
        let second = first.flatMap { schedule.next(after: $0, in: berlin) }
        #expect(second == instant("2026-10-26T02:30:00+01:00"))
    }

    @Test func nineStaysNineAcrossBothTransitions() {
        let schedule = DailySchedule(time: time("09:00"), days: everyDay)
        var at = instant("2026-03-27T10:00:00+01:00")
        var seen: [Date] = []
        for _ in 0..<4 {
            guard let next = schedule.next(after: at, in: berlin) else { break }
            seen.append(next)
            at = next
        }
        #expect(seen == ["2026-03-28T09:00:00+01:00", "2026-03-29T09:00:00+02:00", "2026-03-30T09:00:00+02:00", "2026-03-31T09:00:00+02:00"].map(instant))
        let autumn = schedule.next(after: instant("2026-10-25T00:00:00+02:00"), in: berlin)
        #expect(autumn == instant("2026-10-25T09:00:00+01:00"))
    }

    @Test func sameLocalTimeInEveryZone() {
        let schedule = DailySchedule(time: time("18:00"), days: everyDay)
        let from = instant("2026-11-22T00:00:00Z")
        #expect(schedule.next(after: from, in: berlin) == instant("2026-11-22T18:00:00+01:00"))
        #expect(schedule.next(after: from, in: newYork) == instant("2026-11-22T18:00:00-05:00"))
        #expect(schedule.next(after: from, in: kolkata) == instant("2026-11-22T18:00:00+05:30"))
    }
}
