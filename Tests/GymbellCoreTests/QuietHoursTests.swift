import Foundation
import Testing
@testable import GymbellCore

@Suite("Quiet hours: hold and release")
struct QuietHoursTests {
    @Test("release", arguments: [
        // Berlin 22:00–07:00 across fall back (a 10-hour night).
        ("Europe/Berlin", "22:00", "07:00", "2026-10-24T23:00:00+02:00", "2026-10-25T07:00:00+01:00"),
        ("Europe/Berlin", "22:00", "07:00", "2026-10-25T02:30:00+01:00", "2026-10-25T07:00:00+01:00"),  // the second 02:30
        ("Europe/Berlin", "22:00", "07:00", "2026-10-25T06:59:59+01:00", "2026-10-25T07:00:00+01:00"),
        ("Europe/Berlin", "22:00", "07:00", "2026-10-25T07:00:00+01:00", "2026-10-25T07:00:00+01:00"),  // end is not quiet
        ("Europe/Berlin", "22:00", "07:00", "2026-10-25T21:59:59+01:00", "2026-10-25T21:59:59+01:00"),
        ("Europe/Berlin", "22:00", "07:00", "2026-10-25T22:00:00+01:00", "2026-10-26T07:00:00+01:00"),  // start is quiet
        // Berlin across spring forward (an 8-hour night), and an end inside the gap.
        ("Europe/Berlin", "22:00", "07:00", "2026-03-29T01:00:00+01:00", "2026-03-29T07:00:00+02:00"),
        ("Europe/Berlin", "01:00", "02:30", "2026-03-29T01:30:00+01:00", "2026-03-29T03:00:00+02:00"),
        ("Europe/Berlin", "01:00", "02:30", "2026-03-29T03:10:00+02:00", "2026-03-29T03:10:00+02:00"),
        ("Europe/Berlin", "02:00", "02:30", "2026-03-29T01:59:59+01:00", "2026-03-29T01:59:59+01:00"),  // window skipped whole
        // New York.
        ("America/New_York", "22:00", "07:00", "2026-03-07T23:00:00-05:00", "2026-03-08T07:00:00-04:00"),
        ("America/New_York", "22:00", "07:00", "2026-03-08T03:30:00-04:00", "2026-03-08T07:00:00-04:00"),
        ("America/New_York", "00:30", "01:30", "2026-11-01T01:15:00-04:00", "2026-11-01T01:30:00-04:00"),  // ends at the first 01:30
        ("America/New_York", "00:30", "01:30", "2026-11-01T01:15:00-05:00", "2026-11-01T01:15:00-05:00"),  // the repeated hour is past it
        // Kolkata, wrapping and not.
        ("Asia/Kolkata", "22:00", "07:00", "2026-06-01T23:00:00+05:30", "2026-06-02T07:00:00+05:30"),
        ("Asia/Kolkata", "22:00", "07:00", "2026-06-02T06:00:00+05:30", "2026-06-02T07:00:00+05:30"),
        ("Asia/Kolkata", "13:00", "15:00", "2026-06-02T14:00:00+05:30", "2026-06-02T15:00:00+05:30"),
        ("Asia/Kolkata", "13:00", "15:00", "2026-06-02T23:00:00+05:30", "2026-06-02T23:00:00+05:30"),
    ])
    func release(zoneID: String, start: String, end: String, due: String, expected: String) {
        let quiet = QuietHours(start: time(start), end: time(end))
        let released = quiet.release(for: instant(due), in: zone(zoneID))
        #expect(released == instant(expected))
        #expect(quiet.isQuiet(at: instant(due), in: zone(zoneID)) == (released != instant(due)))
    }

    @Test func theFallBackNightIsTenHoursLong() throws {
        let quiet = QuietHours(start: time("22:00"), end: time("07:00"))
        let night = try #require(quiet.window(containing: instant("2026-10-25T03:00:00+01:00"), in: berlin))
        #expect(night.upperBound.timeIntervalSince(night.lowerBound) == 10 * 3600)
        let spring = try #require(quiet.window(containing: instant("2026-03-29T03:00:00+02:00"), in: berlin))
        #expect(spring.upperBound.timeIntervalSince(spring.lowerBound) == 8 * 3600)
    }

    @Test func sessionTransitionsAreNeverHeld() {
        for kind in ReminderKind.allCases {
            #expect(QuietHours.holds(kind) == [.daily, .snoozed, .restDay, .pausedWorkout, .restAdvice, .milestone, .personalRecord, .overloadSuggestion, .streakAtRisk, .storageProblem, .weeklySummary].contains(kind), "\(kind)")
        }
    }

    @Test func equalEndsMeanNeverQuiet() {
        let quiet = QuietHours(start: time("22:00"), end: time("22:00"))
        #expect(!quiet.isQuiet(at: instant("2026-06-02T22:00:00+05:30"), in: kolkata))
    }
}
