import FoundationEssentials
import GymbellCore
import Testing
@testable import GymbellStore

/// The engine keeps the durable state in memory and changes it with the same `StoreChange`s the daemon
/// writes: after any sequence of changes, the database read back must equal the engine's state.
@Suite("StoreChange: the engine's memory and SQLite agree")
struct StoreChangeMirrorTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    static func at(_ seconds: TimeInterval) -> Date { t0.addingTimeInterval(seconds) }

    static let push = WorkoutDefinition(
        name: "push", title: "Push Day",
        kind: .strength(exercises: [Exercise(name: "Bench Press", sets: 2, reps: 8, weight: 80, unit: "kg", rest: [60, 60])]))

    static func strengthPlan(_ id: String, at start: TimeInterval) -> SessionPlan {
        StepPlanner.start(id: SessionID(id), workout: push, steps: WorkoutTimeline.steps(of: push), at: at(start))
    }

    /// The set waiting for Done done at `seconds`: what follows it starts then (as StepCommands.done).
    static func afterSet(_ plan: SessionPlan, at seconds: TimeInterval) -> SessionPlan {
        var session = plan.session
        guard var progress = session.stepProgress else { preconditionFailure() }
        progress.setsDone += 1
        progress.index += 1
        progress.startedAt = at(seconds)
        session.detail = .steps(progress)
        session.endsAt = StepPlanner.estimatedEnd(progress, at: at(seconds))
        return SessionPlan(session: session, reminders: StepPlanner.reminders(of: session, progress, warnBefore: 10))
    }

    static let daily = Reminder(id: ReminderID("daily-x"), kind: .daily, due: at(50), title: "Workout Time!", body: "Today: Push Day")
    static let hiit = SessionPlanner.hiit(id: SessionID("h1"), plan: HIITPlan(rounds: 2, work: 40, rest: 20), startingAt: at(100))
    static let rest = SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: at(10), warnBefore: 10)

    /// `plan`'s timeline paused at `pausedAt`, moved by `shift` seconds (its reminders with it).
    static func timeline(_ plan: SessionPlan, pausedAt: TimeInterval?, shift: TimeInterval) -> SessionPlan {
        var session = plan.session
        session.pausedAt = pausedAt.map(at)
        session.shift = shift
        session.endsAt = plan.session.endsAt.addingTimeInterval(shift)
        return SessionPlan(session: session, reminders: plan.reminders.map { reminder in
            var reminder = reminder
            reminder.due = reminder.due.addingTimeInterval(shift)
            return reminder
        })
    }

    struct Script: Sendable, CustomTestStringConvertible {
        let name: String
        let changes: [StoreChange]
        var testDescription: String { name }
    }

    static let scripts: [Script] = [
        Script(name: "a rest started, then an interval session replaces it", changes: [
            .start(rest, workout: nil), .add(daily), .start(hiit, workout: "hiit20"), .remove([hiit.reminders[0].id]),
        ]),
        Script(name: "a session stopped; the daily reminders removed by kind", changes: [
            .add(daily), .start(hiit, workout: nil), .stop(at: at(130)), .removeKinds([.daily, .snoozed]),
        ]),
        Script(name: "a session finished; the daily state saved", changes: [
            .start(rest, workout: nil), .remove(rest.reminders.map(\.id)), .finish(SessionID("r1"), at: at(100)),
            .saveDaily(DailyState(lastHandled: at(50), quietDay: LocalDay(containing: at(50), in: Zone.utc))),
        ]),
        Script(name: "a strength workout: sets, progress, pause reminders, notice id, abandoned", changes: [
            .start(strengthPlan("p1", at: 0), workout: "push"),
            .replan(afterSet(strengthPlan("p1", at: 0), at: 100), progressAt: at(100)),
            .setNoticeID(7, of: SessionID("p1")),
            .add(Reminder(id: ReminderID("p1-paused-1"), kind: .pausedWorkout, due: at(7300), title: "t", body: "b", sessionID: SessionID("p1"))),
            .notePauseReminder(1, of: SessionID("p1")),
            .recordProgress(SessionID("p1"), at: at(7400)),
            .notePauseReminder(1, of: SessionID("p1")),
            .abandon(SessionID("p1")),
        ]),
        Script(name: "a strength workout still running, with its rest pending", changes: [
            .start(strengthPlan("p2", at: 0), workout: "push"),
            .replan(afterSet(strengthPlan("p2", at: 0), at: 100), progressAt: at(100)),
            .setNoticeID(9, of: SessionID("p2")),
        ]),
        Script(name: "sets logged as done: as planned, failed, in lb, body weight", changes: [
            .start(strengthPlan("p3", at: 0), workout: "push"),
            .logSet(LoggedSet(session: SessionID("p3"), workout: "push", exercise: "Bench Press", setNumber: 1, reps: 8, plannedReps: 8,
                              weight: 80, unit: .kg, at: at(100))),
            .logSet(LoggedSet(session: SessionID("p3"), workout: "push", exercise: "Bench Press", setNumber: 2, reps: 6, plannedReps: 8,
                              weight: 82.5, unit: .kg, failed: true, at: at(250))),
            .logSet(LoggedSet(session: SessionID("p3"), exercise: "Squat", setNumber: 1, reps: 5, weight: 225, unit: .lb, at: at(400))),
            .logSet(LoggedSet(session: SessionID("p3"), exercise: "Dips", setNumber: 1, reps: nil, weight: nil, at: at(500))),
        ]),
        Script(name: "planned weights raised, replaced, reset; overload dismissed twice", changes: [
            .setOverride(WeightOverride(exercise: "Bench Press", weight: 102.5, unit: .kg, since: at(100))),
            .setOverride(WeightOverride(exercise: "Squat", weight: 230, unit: .lb, since: at(100))),
            .setOverride(WeightOverride(exercise: "Bench Press", weight: 105, unit: .kg, since: at(200))),
            .dismissOverload(["Deadlift", "Squat"], at: at(300)),
            .dismissOverload(["Squat"], at: at(400)),
            .removeOverrides(["Squat", "Row"]),
            .removeOverrides([]),
        ]),
        Script(name: "an interval session paused (kept across a restart), resumed later, skipped ahead", changes: [
            .start(hiit, workout: "hiit20"),
            .replan(timeline(hiit, pausedAt: 120, shift: 0), progressAt: at(120)),
        ]),
        Script(name: "an interval session paused, resumed 30 s later, then skipped 10 s ahead", changes: [
            .start(hiit, workout: nil),
            .replan(timeline(hiit, pausedAt: 120, shift: 0), progressAt: at(120)),
            .replan(timeline(hiit, pausedAt: nil, shift: 30), progressAt: at(150)),
            .replan(timeline(hiit, pausedAt: nil, shift: 20), progressAt: at(160)),
            .remove([hiit.reminders[0].id]),
        ]),
        Script(name: "AMRAPs with rounds counted: the most rounds kept; a circuit stopped", changes: SessionRoundsStoreTests.changes),
        Script(name: "years in small: 30 workouts of sets (more than the overload runs keep), ties, lb, failed", changes: manyWorkouts(30)),
    ]

    /// `count` workouts of three exercises, three sets each, a day apart: repeated loads (ties for the
    /// records), sets in lb, failed ones, a body-weight exercise.
    static func manyWorkouts(_ count: Int) -> [StoreChange] {
        (0..<count).flatMap { n -> [StoreChange] in
            let session = SessionID("w\(n)")
            return (0..<9).map { k -> StoreChange in
                let exercise = ["Bench Press", "Squat", "Pull-up"][k / 3]
                let weight: Double? = exercise == "Pull-up" ? nil : Double(80 + 2.5 * Double((n * 7 + k) % 5))
                return .logSet(LoggedSet(
                    session: session, workout: "w", exercise: exercise, setNumber: k % 3 + 1, reps: [5, 8, 8][(n + k) % 3], plannedReps: 8,
                    weight: weight, unit: (n + k) % 4 == 0 ? .lb : .kg, failed: (n * 3 + k) % 7 == 0,
                    at: at(Double(n * 86_400 + k * 120))))
            }
        }
    }

    @Test(arguments: scripts)
    func databaseEqualsTheEnginesState(_ script: Script) throws {
        let store = try StateStore()
        var state = EngineState(stored: try store.load())
        for change in script.changes {
            state.apply(change)
            try store.apply(change)
        }
        let loaded = try store.load()
        // Start-up indexes the agenda as it reads it, unordered, column by column: it is the engine's,
        // and the ordered read says the same.
        #expect(loaded.agenda == state.agenda)
        #expect(Array(loaded.agenda) == Array(state.agenda))
        #expect(try store.pendingReminders() == Array(state.agenda))  // due order, then id
        #expect(Set(loaded.agenda.map(\.id)) == Set(try store.pendingReminders().map(\.id)))
        #expect(loaded.session == state.session)
        #expect(loaded.sessions == state.sessions)  // the marks read from the sessions = the ones kept change by change
        #expect(loaded.daily == state.daily)
        #expect(loaded.progress == state.progress)  // the summary rebuilt from the log = the one kept set by set
        let logged = script.changes.compactMap { if case .logSet(let set) = $0 { set } else { nil } }
        #expect(try store.progress.loggedSets(since: .distantPast).map { set in var set = set; set.id = nil; return set }
            == logged.sorted { $0.at < $1.at })
        #expect(EngineState(stored: loaded).overrides == state.overrides)
        #expect(loaded.overloadDismissed == state.overloadDismissed)
        #expect(loaded.roundBests == state.roundBests)
    }
}
