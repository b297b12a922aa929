import Synchronization
import Testing
@testable import GymbellCore

/// Where a number meets a noun, English says "1 set" and "0 sets", "2 sets", "21 sets": the singular
/// for 1 only (gettext's rule without a catalog, `Messages.englishPlural`).
@Suite("Counts read as English")
struct PluralTextTests {
    let english = Messages.english

    @Test func theRule() {
        #expect(Messages.englishPlural("{n} set", "{n} sets", 1) == "{n} set")
        for count in [0, 2, 5, 11, 21, 101, -1] { #expect(Messages.englishPlural("{n} set", "{n} sets", count) == "{n} sets") }
        #expect(english("{n} set", plural: "{n} sets", count: 1, ["n": "1"]) == "1 set")
        #expect(english("{n} set", plural: "{n} sets", count: 21, ["n": "21"]) == "21 sets")
    }

    /// The translation function sees both forms and the count; it picks.
    @Test func aCatalogPicksTheForm() {
        let seen = Mutex<[String]>([])
        let messages = Messages(translate: { $0 }, plural: { singular, plural, count in
            seen.withLock { $0.append("\(singular)|\(plural)|\(count)") }
            return count % 10 == 1 && count % 100 != 11 ? "one {n}" : "many {n}"
        })
        #expect(messages.sets(21) == "one 21")
        #expect(messages.sets(11) == "many 11")
        #expect(seen.withLock { $0 } == ["{n} set|{n} sets|21", "{n} set|{n} sets|11"])
    }

    @Test("each text that counts", arguments: [
        (1, "Push Day: 1 set done. Great work!", "1 second left. Get ready for your next set.", "1 day of training in a row. Recovery matters!"),
        (2, "Push Day: 2 sets done. Great work!", "2 seconds left. Get ready for your next set.", "2 days of training in a row. Recovery matters!"),
        (0, "Push Day: 0 sets done. Great work!", "0 seconds left. Get ready for your next set.", "0 days of training in a row. Recovery matters!"),
        (21, "Push Day: 21 sets done. Great work!", "21 seconds left. Get ready for your next set.", "21 days of training in a row. Recovery matters!"),
    ])
    func notifications(_ count: Int, _ complete: String, _ warning: String, _ advice: String) {
        #expect(english.session.workoutComplete(title: "Push Day", sets: count).body == complete)
        #expect(english.session.restWarning(secondsLeft: count).body == warning)
        #expect(english.daily.restAdvice(trainingDays: count).body == advice)
    }

    @Test func milestonesAndRecords() throws {
        #expect(english.progress.milestones([.streak(1)])?.body == "1 training day in a row! 🔥")
        #expect(english.progress.milestones([.streak(7), .workoutsCompleted(1)])?.body == "7 training days in a row! 🔥\n1 workout completed! 💪")
        #expect(english.progress.milestones([.workoutsCompleted(50)])?.title == "Milestone reached 🏆")
        #expect(english.progress.milestones([.streak(7), .workoutsCompleted(50)])?.title == "Milestones reached 🏆")
        #expect(english.progress.milestones([.consistency(weeks: 52)])?.body == "A year of regular training! 📅")
        #expect(english.progress.milestones([.consistency(weeks: 104)])?.body == "2 years of regular training! 📅")
        #expect(english.progress.milestones([.consistency(weeks: 5)])?.body == "1 month of regular training! 📅")
        #expect(english.progress.milestones([.consistency(weeks: 13)])?.body == "3 months of regular training! 📅")
        let set = LoggedSet(
            session: SessionID("s"), workout: nil, exercise: "Squat", setNumber: 1, reps: 5, plannedReps: 5, weight: 100, unit: .kg,
            failed: false, at: .distantPast)
        let record = PersonalRecord(kind: .heaviest, set: set, previous: set)
        #expect(english.progress.personalRecords([record]).title == "New personal record! 🎉")
        #expect(english.progress.personalRecords([record, record]).title == "New personal records! 🎉")
    }

    @Test func streaksPreviewsAndReplies() {
        #expect(english.daily.streakAtRisk(streak: 1, workout: nil).body == "Your 1-day streak ends tonight unless you train today.")
        #expect(english.daily.streakAtRisk(streak: 5, workout: "Push Day").body
            == "Your 5-day streak ends tonight: Push Day is still planned for today.")
        let one = WorkoutPreview(exercises: ["Bench Press"], moreExercises: 1, minutes: 40, estimated: true)
        #expect(english.daily.reminder(workoutTitle: "Push Day", preview: one).body == "Today: Push Day — Bench Press, +1 more · about 40 min")
        #expect(english.workoutCompleteReply(sets: 1, title: "Push Day") == "Workout complete: 1 set of Push Day")
        #expect(english.workoutCompleteReply(sets: 4, title: "Push Day") == "Workout complete: 4 sets of Push Day")
        #expect(NextSet(exercise: "Dips", set: 1, sets: 1, reps: 1).load(english) == "1 rep")
        #expect(NextSet(exercise: "Dips", set: 1, sets: 1, reps: 10).load(english) == "10 reps")
    }

    @Test func calendar() {
        #expect([english.sets(1), english.sets(12)] == ["1 set", "12 sets"])
        func strength(_ exercises: [Exercise]) -> WorkoutDefinition {
            WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: exercises))
        }
        #expect(ProgramCalendar.description(of: strength([
            Exercise(name: "Bench Press", sets: 1, reps: 1, rest: [60]), Exercise(name: "Dips", sets: 3, reps: 10, rest: [60]),
            Exercise(name: "Plank", sets: 1, rest: [60]),
        ])) == "Bench Press: 1 set of 1 rep, rest 1m\nDips: 3 sets of 10 reps, rest 1m\nPlank: 1 set")
        #expect(ProgramCalendar.description(of: WorkoutDefinition(name: "h", title: "H", kind: .hiit(HIITPlan(rounds: 1, work: 40, rest: 20))))
            == "1 round of 40s work and 20s rest")
        #expect(ProgramCalendar.description(of: WorkoutDefinition(name: "w", title: "W", kind: .walkRun(WalkRunPlan(run: 60, walk: 60, repeats: 3))))
            == "3 repeats of 1m run and 1m walk")
    }
}
