import Foundation
import Testing
@testable import GymbellCore

@Suite("Private mode: generic texts")
struct PrivateModeTests {
    static let secret = WorkoutDefinition(name: "secret", title: "Secret Squats", kind: .strength(exercises: [
        Exercise(name: "Zercher Squat", sets: 2, reps: 5, weight: 123, unit: "kg", rest: [90, 90]),
    ]))

    /// Reminders of every kind as the planners make them, named after the secret workout.
    static func realReminders() -> [Reminder] {
        let start = instant("2026-03-30T18:00:00+02:00")
        var config = Config()
        config.program = [.mon: "secret"]
        config.workouts = ["secret": secret]
        var reminders: [Reminder] = []
        if let daily = DailyPlanner(config: config).planned(on: day("2026-03-30"), in: berlin) { reminders.append(daily.reminder()) }
        reminders += SessionPlanner.hiit(id: SessionID("h"), plan: HIITPlan(rounds: 2, work: 40, rest: 20), title: "Secret HIIT",
                                         startingAt: start).reminders
        reminders += SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: 60, walk: 60, repeats: 2), title: "Secret Walk",
                                            startingAt: start).reminders
        var walk = StrengthWalk(workout: secret, at: start)
        var now = start
        while walk.session.strengthView(at: now)?.isComplete == false {
            let said = walk.recordSet(at: now, warnBefore: 10)
            reminders += said
            now = said.last?.due ?? now
        }
        return reminders
    }

    @Test func noReminderNamesTheWorkoutExerciseOrWeight() {
        let reminders = Self.realReminders()
        let kinds = Set(reminders.map(\.kind))
        #expect(kinds.isSuperset(of: [.daily, .restOver, .restWarning, .workoutComplete, .hiitComplete, .walkRunComplete]))
        #expect(reminders.contains { $0.body.contains("123") })  // the originals do
        for reminder in reminders.map({ PrivateMode.redacted($0) }) {
            for secret in ["Secret", "Zercher", "123", "kg"] {
                #expect(!reminder.title.contains(secret) && !reminder.body.contains(secret), "\(reminder.kind): \(reminder.title) / \(reminder.body)")
            }
        }
    }

    @Test("texts", arguments: [
        (ReminderKind.daily, "Workout Time!", "Your workout awaits."),
        (.restOver, "Rest over ⏰", "Time for your next set!"),
        (.restWarning, "Rest ends soon", "Get ready for your next set."),
        (.workoutComplete, "Workout complete 🎉", "Great work!"),
        (.hiitWorkDone, "Work phase done ✅", "Time to rest."),
    ])
    func texts(kind: ReminderKind, title: String, body: String) {
        let text = PrivateMode.text(for: kind)
        #expect(text?.title == title)
        #expect(text?.body == body)
    }

    @Test func smartRemindersLoseOnlyWhatNamesTheWorkout() throws {
        let paused = Reminder(id: ReminderID("s-paused-1"), kind: .pausedWorkout, due: instant("2026-03-30T20:00:00+02:00"),
                                   title: "Paused workout: Secret Squats", body: "You stopped at exercise 1 of 1. Resume?",
                                   sessionID: SessionID("s"))
        let redacted = PrivateMode.redacted(paused)
        #expect((redacted.title, redacted.body) == ("Paused workout", "Your workout is still open. Resume?"))
        #expect((redacted.kind, redacted.sessionID) == (paused.kind, paused.sessionID))  // so its buttons stay the same
        let advice = RestAdvice(day: day("2026-03-29"), due: instant("2026-03-29T20:00:00+02:00"), trainingDays: 4).reminder()
        #expect(PrivateMode.redacted(advice) == advice)
        let milestone = try #require(MilestoneRule.reminder(for: [.streak(7)], session: SessionID("s"), at: instant("2026-03-29T20:00:00+02:00")))
        #expect(PrivateMode.redacted(milestone) == milestone)
        #expect(milestone.body == "7 training days in a row! 🔥")
        #expect(PrivateMode.sessionTitle(.strength) == "Workout")
    }

    @Test func germanTextsComeFromTheCatalog() throws {
        let messages = try TranslationCatalogTests.messages("de.po")
        let daily = try #require(PrivateMode.text(for: .daily, messages: messages))
        #expect(daily == ("Zeit fürs Training!", "Dein Training wartet."))
        #expect(PrivateMode.text(for: .pausedWorkout, messages: messages)?.title == "Pausiertes Training")
        #expect(messages.daily.restAdvice(trainingDays: 3) == ("Guter Ruhetag! 🌙", "3 Tage Training in Folge. Regeneration ist wichtig!"))
        #expect(messages.progress.milestones([.streak(30), .workoutsCompleted(50)])?.body == "30 Trainingstage in Folge! 🔥\n50 Trainings geschafft! 💪")
        #expect(messages(ReminderAction.resume.label) == "Fortsetzen")
        #expect(messages(ReminderAction.endWorkout.label) == "Training beenden")
    }
}

@Suite("Voice: what announce speaks")
struct SpokenTextTests {
    @Test("spoken", arguments: [
        ("Rest over ⏰", "Time for your next set!", "Rest over. Time for your next set!"),
        ("Workout Time!", "Today: Push Day", "Workout Time! Today: Push Day"),
        ("Walk/Run session complete 🎉", "Great job!", "Walk/Run session complete. Great job!"),
        ("Milestones reached 🏆", "30 training days in a row! 🔥\n50 workouts completed! 💪",
         "Milestones reached. 30 training days in a row! 50 workouts completed!"),
        ("Work phase done ✅", "", "Work phase done"),
        ("", "Set 3 of 4", "Set 3 of 4"),
    ])
    func spoken(title: String, body: String, expected: String) {
        #expect(Messages.spoken((title, body)) == expected)
    }
}
