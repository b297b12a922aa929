import Foundation
import Testing
@testable import GymbellCore

/// Issue 47: what became of the daily reminders — the verdict rule, the counting `gymbell stats` shows,
/// the weekday observation, the two years kept, and `time = "auto"` following the snoozes.
@Suite("Reminder outcomes: counted, observed, followed")
struct ReminderOutcomeTests {
    static func outcome(_ shown: String, _ answer: ReminderOutcome.Answer = .shown, snoozes: Int = 0, held: Bool = false, in zone: Zone = berlin)
        -> ReminderOutcome
    {
        ReminderOutcome(day: LocalDay(containing: instant(shown), in: zone), shownAt: instant(shown), answer: answer, snoozes: snoozes, held: held)
    }

    static func marks(_ starts: [String], rest: [String] = []) -> SessionMarks {
        SessionMarks(starts.map { SessionMarks.Mark(startedAt: instant($0), completed: true, rest: false) }
            + rest.map { SessionMarks.Mark(startedAt: instant($0), completed: true, rest: true) })
    }

    struct VerdictCase: Sendable, CustomTestStringConvertible {
        let name: String
        let outcome: ReminderOutcome
        let starts: [String]
        var rests: [String] = []
        let now: String
        let verdict: ReminderOutcomes.Verdict
        var testDescription: String { name }
    }

    static let verdicts: [VerdictCase] = [
        VerdictCase(name: "Start Workout clicked", outcome: outcome("2026-03-02T18:00:00+01:00", .started), starts: [],
                    now: "2026-03-03T12:00:00+01:00", verdict: .started),
        VerdictCase(name: "a workout started 2 h 59 min after it, no click", outcome: outcome("2026-03-02T18:00:00+01:00"),
                    starts: ["2026-03-02T20:59:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .started),
        VerdictCase(name: "a workout 3 h 1 min after it does not count: ignored", outcome: outcome("2026-03-02T18:00:00+01:00"),
                    starts: ["2026-03-02T21:01:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .ignored),
        VerdictCase(name: "a rest timer is not a workout", outcome: outcome("2026-03-02T18:00:00+01:00"), starts: [],
                    rests: ["2026-03-02T18:10:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .ignored),
        VerdictCase(name: "a start before it was shown does not count", outcome: outcome("2026-03-02T18:00:00+01:00"),
                    starts: ["2026-03-02T17:00:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .ignored),
        VerdictCase(name: "snoozed, then a workout within the window: started", outcome: outcome("2026-03-02T18:00:00+01:00", .snoozed, snoozes: 1),
                    starts: ["2026-03-02T19:05:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .started),
        VerdictCase(name: "snoozed and never started: snoozed", outcome: outcome("2026-03-02T18:00:00+01:00", .snoozed, snoozes: 2),
                    starts: [], now: "2026-03-03T12:00:00+01:00", verdict: .snoozed),
        VerdictCase(name: "skip today", outcome: outcome("2026-03-02T18:00:00+01:00", .skipped), starts: [],
                    now: "2026-03-03T12:00:00+01:00", verdict: .skipped),
        VerdictCase(name: "within its window, unanswered: open", outcome: outcome("2026-03-02T18:00:00+01:00"), starts: [],
                    now: "2026-03-02T19:00:00+01:00", verdict: .open),
        VerdictCase(name: "22:30 reminder: the window ends at midnight", outcome: outcome("2026-03-02T22:30:00+01:00"), starts: [],
                    now: "2026-03-03T00:00:01+01:00", verdict: .ignored),
        VerdictCase(name: "a workout after midnight belongs to the next day", outcome: outcome("2026-03-02T22:30:00+01:00"),
                    starts: ["2026-03-03T00:10:00+01:00"], now: "2026-03-03T12:00:00+01:00", verdict: .ignored),
        VerdictCase(name: "New York, DST day (spring forward): 3 h are 3 real hours",
                    outcome: outcome("2026-03-08T18:00:00-04:00", in: newYork), starts: ["2026-03-08T20:30:00-04:00"],
                    now: "2026-03-09T12:00:00-04:00", verdict: .started),
    ]

    @Test("verdict", arguments: verdicts)
    func verdict(_ c: VerdictCase) {
        let zone = c.name.hasPrefix("New York") ? newYork : berlin
        #expect(ReminderOutcomes.verdict(c.outcome, sessions: Self.marks(c.starts, rest: c.rests), now: instant(c.now), timeZone: zone) == c.verdict)
    }

    /// A week of Monday to Sunday reminders at 18:00 (Berlin): started, snoozed twice, ignored, skipped.
    static let week = ReminderOutcomes([
        outcome("2026-03-02T18:00:00+01:00", .snoozed, snoozes: 1),  // Mon: snoozed, never started
        outcome("2026-03-03T18:00:00+01:00", .started),  // Tue: clicked
        outcome("2026-03-04T18:00:00+01:00"),  // Wed: a workout at 18:30 without a click
        outcome("2026-03-05T18:00:00+01:00"),  // Thu: ignored
        outcome("2026-03-06T18:00:00+01:00", .skipped),  // Fri
        outcome("2026-03-07T18:00:00+01:00", .snoozed, snoozes: 1, held: true),  // Sat: held, snoozed
        outcome("2026-03-08T18:00:00+01:00"),  // Sun: open at 19:00
        outcome("2026-03-09T18:00:00+01:00", .snoozed, snoozes: 3),  // Mon again
    ])

    @Test func aWeekIsCountedAndMondaysAreNamed() {
        let stats = ReminderStats(
            Self.week, sessions: Self.marks(["2026-03-04T18:30:00+01:00"]), now: instant("2026-03-09T19:00:00+01:00"), timeZone: berlin)
        #expect(stats == ReminderStats(
            days: 30, reminders: 8, started: 2, snoozed: 3, skipped: 1, ignored: 2, open: 0, held: 1, snoozedWeekdays: ["mon"]))
        // Sunday's was open at its own evening, Monday's is open now.
        let sunday = ReminderStats(Self.week, sessions: SessionMarks(), now: instant("2026-03-08T19:00:00+01:00"), timeZone: berlin)
        #expect(sunday.open == 1 && sunday.reminders == 7 && sunday.snoozedWeekdays.isEmpty, "one Monday is not a habit")
    }

    @Test func onlyTheLastDaysCount() {
        let stats = ReminderStats(Self.week, sessions: SessionMarks(), days: 3, now: instant("2026-03-09T23:00:00+01:00"), timeZone: berlin)
        #expect(stats.reminders == 3 && stats.days == 3)
        let later = ReminderStats(Self.week, sessions: SessionMarks(), now: instant("2026-05-01T12:00:00+02:00"), timeZone: berlin)
        #expect(later.reminders == 0 && later.snoozedWeekdays.isEmpty)
    }

    @Test func hostileCountsAreBoundedAndJSONRoundTrips() throws {
        let huge = ReminderOutcome(day: LocalDay(daysSinceEpoch: 20_000), shownAt: Date(timeIntervalSince1970: 20_000 * 86_400 + 60_000),
                                   answer: .snoozed, snoozes: Int.max)
        #expect(huge.snoozes == ReminderOutcome.maximumSnoozes)
        var noted = ReminderOutcomes([huge])
        for _ in 0..<3 { noted.keep(OutcomeNoting.snoozed(on: huge.day, noted)!) }
        #expect(noted[huge.day]?.snoozes == ReminderOutcome.maximumSnoozes)
        #expect(ReminderOutcome(day: huge.day, shownAt: huge.shownAt, snoozes: Int.min).snoozes == 0)
        let report = StatsReport(streak: 0, sessionsThisWeek: 0, sessionsThisMonth: 0, consecutiveTrainingDays: 0, workoutsCompleted: 0)
        var withReminders = report
        withReminders.reminders = ReminderStats(days: 30, reminders: Int.max, started: Int.max, snoozedWeekdays: ["mon"])
        #expect(try StatsReport.decode(jsonText: withReminders.jsonText()) == withReminders)
        #expect(try StatsReport.decode(jsonText: report.jsonText()).reminders == nil, "an older daemon's answer still reads")
    }

    @Test func twoYearsAreKept() {
        var outcomes = ReminderOutcomes()
        let first = LocalDay(year: 2024, month: 1, day: 1)!
        for offset in 0..<1000 {
            let day = first.adding(days: offset)
            outcomes.keep(ReminderOutcome(day: day, shownAt: day.instant(at: time("18:00"), in: berlin)))
        }
        #expect(outcomes.days.count == ReminderOutcome.keptDays)
        #expect(outcomes.days.first?.day == first.adding(days: 999 - ReminderOutcome.keptDays + 1))
        // A late write of an older day does not bring back what is gone, nor drop the newest.
        outcomes.keep(ReminderOutcome(day: first, shownAt: first.instant(at: time("18:00"), in: berlin)))
        #expect(outcomes.days.count == ReminderOutcome.keptDays && outcomes.days.last?.day == first.adding(days: 999))
    }

    struct NotingCase: Sendable, CustomTestStringConvertible {
        let name: String
        let before: ReminderOutcome?
        let change: @Sendable (LocalDay, ReminderOutcomes) -> ReminderOutcome?
        let after: ReminderOutcome?
        var testDescription: String { name }
    }

    static let at18 = instant("2026-03-02T18:00:00+01:00")
    static let monday = LocalDay(year: 2026, month: 3, day: 2)!
    static let notings: [NotingCase] = [
        NotingCase(name: "first shown", before: nil, change: { OutcomeNoting.shown(on: $0, at: at18, held: false, $1) },
                   after: ReminderOutcome(day: monday, shownAt: at18)),
        NotingCase(name: "the snoozed one back: no change", before: ReminderOutcome(day: monday, shownAt: at18, answer: .snoozed, snoozes: 1),
                   change: { OutcomeNoting.shown(on: $0, at: at18 + 3600, held: false, $1) }, after: nil),
        NotingCase(name: "shown after Do Not Disturb", before: nil, change: { OutcomeNoting.shown(on: $0, at: at18 + 600, held: true, $1) },
                   after: ReminderOutcome(day: monday, shownAt: at18 + 600, held: true)),
        NotingCase(name: "snoozed", before: ReminderOutcome(day: monday, shownAt: at18), change: { OutcomeNoting.snoozed(on: $0, $1) },
                   after: ReminderOutcome(day: monday, shownAt: at18, answer: .snoozed, snoozes: 1)),
        NotingCase(name: "snoozed without a reminder shown: nothing", before: nil, change: { OutcomeNoting.snoozed(on: $0, $1) }, after: nil),
        NotingCase(name: "started after a snooze", before: ReminderOutcome(day: monday, shownAt: at18, answer: .snoozed, snoozes: 1),
                   change: { OutcomeNoting.started(on: $0, at: at18 + 4000, $1) },
                   after: ReminderOutcome(day: monday, shownAt: at18, answer: .started, snoozes: 1)),
        NotingCase(name: "started 4 h later: not this reminder's", before: ReminderOutcome(day: monday, shownAt: at18),
                   change: { OutcomeNoting.started(on: $0, at: at18 + 4 * 3600, $1) }, after: nil),
        NotingCase(name: "skip today", before: ReminderOutcome(day: monday, shownAt: at18), change: { OutcomeNoting.skipped(on: $0, $1) },
                   after: ReminderOutcome(day: monday, shownAt: at18, answer: .skipped)),
        NotingCase(name: "skip after starting: stays started", before: ReminderOutcome(day: monday, shownAt: at18, answer: .started),
                   change: { OutcomeNoting.skipped(on: $0, $1) }, after: nil),
    ]

    @Test("noting", arguments: notings)
    func noting(_ c: NotingCase) {
        #expect(c.change(Self.monday, ReminderOutcomes([c.before].compactMap { $0 })) == c.after)
    }
}
