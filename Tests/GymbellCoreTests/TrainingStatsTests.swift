import Foundation
import Testing
@testable import GymbellCore

@Suite("Training history: entries, streaks and counts")
struct TrainingStatsTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let zone: Zone
        let program: ProgrammePlan
        let starts: [String]
        let now: String
        let expected: TrainingStats
        var testDescription: String { name }
    }

    /// Berlin springs forward on Sunday 2026-03-29; Monday 16th to Friday 27th are six Mon/Wed/Fri days.
    static let berlinWeeks = [
        "2026-03-16T18:00:00+01:00", "2026-03-18T18:00:00+01:00", "2026-03-20T18:00:00+01:00",
        "2026-03-23T18:00:00+01:00", "2026-03-25T18:00:00+01:00", "2026-03-27T18:00:00+01:00",
    ]

    static let cases: [Case] = [
        Case(name: "Berlin: an untrained today does not break the streak; a rest-day session (DST Sunday) neither extends nor breaks",
             zone: berlin, program: monWedFri, starts: berlinWeeks + ["2026-03-29T10:00:00+02:00"],
             now: "2026-03-30T08:00:00+02:00",
             expected: TrainingStats(streak: 6, sessionsThisWeek: 0, sessionsThisMonth: 7, consecutiveTrainingDays: 1)),
        Case(name: "Berlin: today counts once trained",
             zone: berlin, program: monWedFri, starts: berlinWeeks + ["2026-03-29T10:00:00+02:00", "2026-03-30T18:00:00+02:00"],
             now: "2026-03-30T20:00:00+02:00",
             expected: TrainingStats(streak: 7, sessionsThisWeek: 1, sessionsThisMonth: 8, consecutiveTrainingDays: 2)),
        Case(name: "Berlin: a missed training day breaks the streak",
             zone: berlin, program: monWedFri, starts: berlinWeeks.filter { !$0.hasPrefix("2026-03-25") },
             now: "2026-03-27T21:00:00+01:00",
             expected: TrainingStats(streak: 1, sessionsThisWeek: 2, sessionsThisMonth: 5, consecutiveTrainingDays: 1)),
        Case(name: "Berlin: yesterday's missed training day breaks it even before today's session",
             zone: berlin, program: monWedFri, starts: berlinWeeks.filter { !$0.hasPrefix("2026-03-27") },
             now: "2026-03-30T08:00:00+02:00",
             expected: TrainingStats(streak: 0, sessionsThisWeek: 0, sessionsThisMonth: 5, consecutiveTrainingDays: 0)),
        Case(name: "Berlin: sessions only on rest days give no streak",
             zone: berlin, program: [.mon: "push"], starts: ["2026-03-24T18:00:00+01:00", "2026-03-25T18:00:00+01:00", "2026-03-26T18:00:00+01:00"],
             now: "2026-03-27T12:00:00+01:00",
             expected: TrainingStats(streak: 0, sessionsThisWeek: 3, sessionsThisMonth: 3, consecutiveTrainingDays: 3)),
        Case(name: "New York, empty program (every day trains), fall-back Sunday: 01:30 EDT and 23:30 EST are both Nov 1",
             zone: newYork, program: [:],
             starts: ["2026-10-29T18:00:00-04:00", "2026-10-30T18:00:00-04:00", "2026-10-31T18:00:00-04:00",
                      "2026-11-01T01:30:00-04:00", "2026-11-01T23:30:00-05:00"],
             now: "2026-11-02T07:00:00-05:00",
             expected: TrainingStats(streak: 4, sessionsThisWeek: 0, sessionsThisMonth: 2, consecutiveTrainingDays: 4)),
        Case(name: "New York, spring-forward Sunday counts as one day; the ISO week is Monday to Sunday",
             zone: newYork, program: [:],
             starts: ["2026-03-07T21:00:00-05:00", "2026-03-08T03:30:00-04:00", "2026-03-02T07:00:00-05:00"],
             now: "2026-03-08T12:00:00-04:00",
             expected: TrainingStats(streak: 2, sessionsThisWeek: 3, sessionsThisMonth: 3, consecutiveTrainingDays: 2)),
        Case(name: "Kolkata: local days, not UTC days (23:45 and 00:15 IST are one UTC day, two local days)",
             zone: kolkata, program: [:],
             starts: ["2026-05-31T23:45:00+05:30", "2026-06-01T00:15:00+05:30", "2026-06-02T06:00:00+05:30"],
             now: "2026-06-02T12:00:00+05:30",
             expected: TrainingStats(streak: 3, sessionsThisWeek: 2, sessionsThisMonth: 2, consecutiveTrainingDays: 3)),
        Case(name: "Kolkata: a Sunday is the end of its ISO week; sessions after now are ignored",
             zone: kolkata, program: [.mon: "push", .sun: "hiit20"],
             starts: ["2026-05-31T09:00:00+05:30", "2026-06-01T09:00:00+05:30", "2026-06-07T09:00:00+05:30", "2026-06-08T09:00:00+05:30"],
             now: "2026-06-07T20:00:00+05:30",
             expected: TrainingStats(streak: 3, sessionsThisWeek: 2, sessionsThisMonth: 2, consecutiveTrainingDays: 1)),
        Case(name: "no history", zone: berlin, program: monWedFri, starts: [], now: "2026-03-30T08:00:00+02:00",
             expected: TrainingStats(streak: 0, sessionsThisWeek: 0, sessionsThisMonth: 0, consecutiveTrainingDays: 0)),
    ]

    @Test("stats at a fixed instant", arguments: cases)
    func stats(_ c: Case) {
        let entries = c.starts.map { entry($0) }
        #expect(TrainingStats(entries: entries, program: c.program, now: instant(c.now), timeZone: c.zone) == c.expected)
    }

    @Test func everyOutcomeAndKindCountsAsTrainingThatDay() {
        let entries = [
            entry("2026-03-23T18:00:00+01:00", outcome: .abandoned),
            entry("2026-03-25T18:00:00+01:00", outcome: .stopped, kind: .hiit, workout: nil),
            entry("2026-03-27T18:00:00+01:00", outcome: .running, kind: .rest, workout: nil),
        ]
        let stats = TrainingStats(entries: entries, program: monWedFri, now: instant("2026-03-27T19:00:00+01:00"), timeZone: berlin)
        #expect(stats.streak == 3)
    }

    /// The window's "This week": workouts done — a rest timer, a HIIT stopped after seconds and an
    /// abandoned workout are not; last week's, and one started after now, neither.
    @Test func workoutsThisWeekCountsCompletedWorkoutsOnly() {
        let entries = [
            entry("2026-03-29T18:00:00+02:00", outcome: .completed),  // Sunday: last week
            entry("2026-03-30T07:00:00+02:00", outcome: .completed),  // Monday: counts
            entry("2026-03-30T08:00:00+02:00", outcome: .completed, kind: .rest, workout: nil),  // a 75 s rest timer
            entry("2026-03-30T09:00:00+02:00", outcome: .stopped, kind: .hiit, workout: nil),  // stopped after 19 s
            entry("2026-03-31T18:00:00+02:00", outcome: .completed, kind: .hiit, workout: nil),  // counts
            entry("2026-03-31T19:00:00+02:00", outcome: .abandoned),
            entry("2026-04-01T18:00:00+02:00", outcome: .completed),  // after now
        ]
        #expect(TrainingStats.workoutsThisWeek(entries, now: instant("2026-03-31T20:00:00+02:00"), timeZone: berlin) == 2)
        #expect(TrainingStats.workoutsThisWeek([], now: instant("2026-03-31T20:00:00+02:00"), timeZone: berlin) == 0)
    }

    @Test func historyJSONRoundTripsWithReadableKeys() throws {
        let entries = [
            entry("2026-03-29T01:30:00+01:00", outcome: .completed, lastProgress: "2026-03-29T03:10:00+02:00"),
            entry("2026-03-30T18:00:00+02:00", outcome: .running, kind: .hiit, workout: nil),
        ]
        let text = HistoryEntry.jsonText(entries)
        #expect(text.hasPrefix(#"[{"amrap":false,"ended_at":"2026-03-29T01:00:00.000Z","id":"s-2026-03-29T01:30:00+01:00","kind":"strength","last_progress_at":"2026-03-29T01:10:00.000Z","outcome":"completed","recovered":false,"rounds":null,"sets_done":10,"started_at":"2026-03-29T00:30:00.000Z","title":"push","workout":"push"}"#))
        #expect(text.contains(#""ended_at":null"#))
        #expect(text.contains(#""workout":null"#))
        #expect(try HistoryEntry.decode(jsonText: text) == entries)
    }

    @Test func abandoningEndsAtTheLastProgress() {
        let running = entry("2026-03-30T18:00:00+02:00", outcome: .running, lastProgress: "2026-03-30T18:40:00+02:00")
        let abandoned = running.abandoned()
        #expect(abandoned.outcome == .abandoned)
        #expect(abandoned.endedAt == instant("2026-03-30T18:40:00+02:00"))
    }
}
