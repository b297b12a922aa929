import Foundation
import Testing
@testable import GymbellCore

@Suite("Paused workout: 2 h, 24 h, then abandoned")
struct PauseRuleTests {
    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let pauseAfter: TimeInterval
        let lastProgress: String
        let alreadySent: Int
        let now: String
        /// Reminder number and due instant, or nil.
        let reminder: (Int, String)?
        let abandonAt: String
        var testDescription: String { name }
    }

    // Times after the last progress are elapsed time: across fall back, "24 h later" is 17:00, not 18:00.
    static let berlinFallBack = "2026-10-24T18:00:00+02:00"
    static let berlinAbandon = "2026-10-25T19:00:00+01:00"  // 26 h later

    static let cases: [Case] = [
        Case(name: "Berlin: first reminder 2 h after the last progress", pauseAfter: 7200, lastProgress: berlinFallBack,
             alreadySent: 0, now: "2026-10-24T18:30:00+02:00", reminder: (1, "2026-10-24T20:00:00+02:00"), abandonAt: berlinAbandon),
        Case(name: "Berlin: at the instant it is due", pauseAfter: 7200, lastProgress: berlinFallBack,
             alreadySent: 0, now: "2026-10-24T20:00:00+02:00", reminder: (1, "2026-10-24T20:00:00+02:00"), abandonAt: berlinAbandon),
        Case(name: "Berlin: after the first, the second 24 h after the last progress (across fall back)", pauseAfter: 7200,
             lastProgress: berlinFallBack, alreadySent: 1, now: "2026-10-24T20:00:01+02:00",
             reminder: (2, "2026-10-25T17:00:00+01:00"), abandonAt: berlinAbandon),
        Case(name: "Berlin: daemon off through the first: only the second, overdue", pauseAfter: 7200, lastProgress: berlinFallBack,
             alreadySent: 0, now: "2026-10-25T17:30:00+01:00", reminder: (2, "2026-10-25T17:00:00+01:00"), abandonAt: berlinAbandon),
        Case(name: "Berlin: both shown, nothing left but abandoning", pauseAfter: 7200, lastProgress: berlinFallBack,
             alreadySent: 2, now: "2026-10-25T18:00:00+01:00", reminder: nil, abandonAt: berlinAbandon),
        Case(name: "Berlin: at the abandon instant no reminder is left, even an unsent one", pauseAfter: 7200,
             lastProgress: berlinFallBack, alreadySent: 1, now: berlinAbandon, reminder: nil, abandonAt: berlinAbandon),
        Case(name: "New York: across spring forward, 24 h later is 21:00 EDT", pauseAfter: 7200,
             lastProgress: "2026-03-07T20:00:00-05:00", alreadySent: 1, now: "2026-03-07T22:00:00-05:00",
             reminder: (2, "2026-03-08T21:00:00-04:00"), abandonAt: "2026-03-08T23:00:00-04:00"),
        Case(name: "Kolkata: pause_after 30m around midnight", pauseAfter: 1800, lastProgress: "2026-06-01T23:50:00+05:30",
             alreadySent: 0, now: "2026-06-01T23:55:00+05:30", reminder: (1, "2026-06-02T00:20:00+05:30"),
             abandonAt: "2026-06-03T00:20:00+05:30"),
        Case(name: "pause_after 0: no reminders, abandoned 24 h after the last progress", pauseAfter: 0,
             lastProgress: "2026-06-01T18:00:00+05:30", alreadySent: 0, now: "2026-06-01T23:55:00+05:30", reminder: nil,
             abandonAt: "2026-06-02T18:00:00+05:30"),
    ]

    @Test("the next step", arguments: cases)
    func nextStep(_ c: Case) {
        let step = PauseRule(pauseAfter: c.pauseAfter)
            .next(lastProgressAt: instant(c.lastProgress), alreadySent: c.alreadySent, now: instant(c.now))
        #expect(step.reminder?.number == c.reminder?.0)
        #expect(step.reminder?.due == c.reminder.map { instant($0.1) })
        #expect(step.abandonAt == instant(c.abandonAt))
    }

    @Test func progressRestartsTheClock() {
        let rule = PauseRule(pauseAfter: 7200)
        let running = entry("2026-03-30T18:00:00+02:00", outcome: .running, lastProgress: "2026-03-30T18:45:00+02:00")
        let step = rule.next(for: running, alreadySent: 0, now: instant("2026-03-30T19:00:00+02:00"))
        #expect(step?.reminder?.due == instant("2026-03-30T20:45:00+02:00"))
        #expect(rule.next(for: entry("2026-03-30T18:00:00+02:00", outcome: .completed), alreadySent: 0,
                          now: instant("2026-03-30T21:00:00+02:00")) == nil)
    }

    @Test func strengthReminderSaysWhereYouStopped() throws {
        let workout = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
            Exercise(name: "Bench Press", sets: 4, reps: 8, weight: 80, unit: "kg", rest: [90, 90, 90, 120]),
            Exercise(name: "Overhead Press", sets: 3, reps: 10, weight: 40.5, unit: "kg", rest: [90, 90, 90]),
        ]))
        var walk = StrengthWalk(id: SessionID("s7"), workout: workout, at: instant("2026-03-30T18:00:00+02:00"))
        // 4 sets of the first exercise, 1 of the second, each after the rest before it.
        for minute in 0..<5 { walk.recordSet(at: instant("2026-03-30T18:00:00+02:00").addingTimeInterval(Double(minute) * 180)) }
        let session = walk.session
        let step = PauseStep.Reminder(number: 1, due: instant("2026-03-30T20:10:00+02:00"))
        let reminder = PauseRule(pauseAfter: 7200).reminder(step, for: session)
        #expect(reminder.title == "Paused workout: Push Day")
        #expect(reminder.body == "You stopped at exercise 2 of 2. Resume?")
        #expect(reminder.id == ReminderID("s7-paused-1"))
        #expect(reminder.kind == .pausedWorkout)
        #expect(reminder.sessionID == SessionID("s7"))
        #expect(reminder.due == step.due)
        #expect(
            ReminderNotice.make(for: reminder, server: .unknown, sessionRunning: true, windowInstalled: true, messages: .english).actions
                == [ReminderAction(key: "default", label: "Resume"), ReminderAction(key: "resume", label: "Resume"), .endWorkout])
    }

    @Test func intervalSessionsGetAGeneralBody() {
        let session = Session(id: SessionID("h1"), kind: .hiit, title: "HIIT 20", startedAt: instant("2026-03-30T18:00:00+02:00"),
                              endsAt: instant("2026-03-30T18:05:00+02:00"), detail: .interval(.hiit(HIITPlan(rounds: 5, work: 40, rest: 20)), from: instant("2026-03-30T18:00:00+02:00")))
        let reminder = PauseRule(pauseAfter: 7200).reminder(.init(number: 2, due: instant("2026-03-31T18:00:00+02:00")), for: session)
        #expect((reminder.title, reminder.body) == ("Paused workout: HIIT 20", "Your workout is still open. Resume?"))
        #expect(reminder.id == ReminderID("h1-paused-2"))
    }
}
