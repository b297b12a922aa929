import Foundation
import Testing
@testable import GymbellCore

@Suite("Session timelines (seed 004's examples are acceptance tests)")
struct SessionPlannerTests {
    let start = instant("2026-11-22T10:00:00Z")

    func offsets(_ plan: SessionPlan) -> [TimeInterval] { plan.reminders.map { $0.due.timeIntervalSince(start) } }

    @Test func hiitFiveRoundsOfFortyTwenty() {
        let plan = SessionPlanner.hiit(id: SessionID("s"), plan: HIITPlan(rounds: 5, work: 40, rest: 20), startingAt: start)
        #expect(offsets(plan) == [40, 60, 100, 120, 160, 180, 220, 240, 280, 300])
        #expect(plan.reminders.map(\.kind) == [
            .hiitWorkDone, .hiitRestOver, .hiitWorkDone, .hiitRestOver, .hiitWorkDone, .hiitRestOver,
            .hiitWorkDone, .hiitRestOver, .hiitWorkDone, .hiitComplete,
        ])
        #expect(plan.reminders.first?.title == "Work phase done ✅")
        #expect(plan.reminders.first?.body == "Time to rest.")
        #expect(plan.reminders[1].title == "Rest over 💥")
        #expect(plan.reminders[1].body == "Get moving!")
        #expect(plan.reminders.last?.title == "HIIT session complete 🎉")
        #expect(plan.reminders.last?.body == "Well done!")
        #expect(plan.session.endsAt == start.addingTimeInterval(300))
        #expect(plan.session.kind == .hiit)
        #expect(Set(plan.reminders.map(\.id)).count == 10)
        #expect(plan.reminders.allSatisfy { $0.sessionID == SessionID("s") })
    }

    @Test("HIIT general rule: 2R reminders, last at R(W+S)", arguments: [(1, 30.0, 15.0), (3, 2.0, 1.0), (100, 20.0, 10.0), (8, 20.0, 10.0)])
    func hiitGeneralRule(rounds: Int, work: Double, rest: Double) {
        let plan = SessionPlanner.hiit(id: SessionID("s"), plan: HIITPlan(rounds: rounds, work: work, rest: rest), startingAt: start)
        #expect(plan.reminders.count == 2 * rounds)
        for k in 0..<rounds {
            #expect(plan.reminders[2 * k].due == start.addingTimeInterval(Double(k) * (work + rest) + work))
        }
        #expect(offsets(plan).last == Double(rounds) * (work + rest))
        #expect(plan.reminders.last?.kind == .hiitComplete)
        #expect(offsets(plan) == offsets(plan).sorted())
    }

    @Test func hiitWithoutRestHasNoRestTransitions() {
        let plan = SessionPlanner.hiit(id: SessionID("s"), plan: HIITPlan(rounds: 3, work: 30, rest: 0), startingAt: start)
        #expect(offsets(plan) == [30, 60, 90])
        #expect(plan.reminders.map(\.kind) == [.hiitWorkDone, .hiitWorkDone, .hiitComplete])
    }

    @Test func walkRunTwoByTwoMinutesOne() {
        let plan = SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: 120, walk: 60, repeats: 2), startingAt: start)
        #expect(offsets(plan) == [120, 180, 300, 360])
        #expect(plan.reminders.map(\.kind) == [.runDone, .walkDone, .runDone, .walkRunComplete])
        #expect(plan.reminders.map(\.title) == ["Run done 🏃", "Walk done 🚶", "Run done 🏃", "Walk/Run session complete 🎉"])
        #expect(plan.reminders.map(\.body) == ["Switch to walking.", "Time to run!", "Switch to walking.", "Great job!"])
        #expect(plan.session.endsAt == start.addingTimeInterval(360))
    }

    @Test func walkRunOneRepeat() {
        let plan = SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: 60, walk: 30, repeats: 1), startingAt: start)
        #expect(offsets(plan) == [60, 90])
        #expect(plan.reminders.map(\.kind) == [.runDone, .walkRunComplete])
    }

    @Test func restTimer() {
        let plan = SessionPlanner.rest(id: SessionID("r"), seconds: 90, startingAt: start)
        #expect(plan.reminders.count == 1)
        #expect(plan.reminders[0].due == start.addingTimeInterval(90))
        #expect(plan.reminders[0].title == "Rest over ⏰")
        #expect(plan.reminders[0].body == "Time for your next set!")
        #expect(plan.reminders[0].kind == .restOver)
        #expect(plan.session.kind == .rest)
        #expect(plan.session.endsAt == start.addingTimeInterval(90))
    }

    @Test func restWarningBeforeTheEnd() {
        let plan = SessionPlanner.rest(id: SessionID("r"), seconds: 90, startingAt: start, warnBefore: 10)
        #expect(offsets(plan) == [80, 90])
        #expect(plan.reminders.map(\.kind) == [.restWarning, .restOver])
        // A warning as long as the rest itself would fire at its start: none.
        #expect(SessionPlanner.rest(id: SessionID("r"), seconds: 10, startingAt: start, warnBefore: 10).reminders.count == 1)
    }

    @Test func adjustingARestKeepsItsIdentity() {
        let plan = SessionPlanner.rest(id: SessionID("r"), seconds: 90, startingAt: start)
        let adjusted = SessionPlanner.rest(id: SessionID("r"), seconds: 105, startingAt: start)
        #expect(adjusted.reminders[0].id == plan.reminders[0].id)
        #expect(adjusted.reminders[0].due.timeIntervalSince(plan.reminders[0].due) == 15)
    }
}

@Suite("Late policy")
struct LatePolicyTests {
    let now = instant("2026-11-22T10:10:00Z")

    @Test func overdueTransitionsCollapseIntoTheCurrentOne() {
        let plan = SessionPlanner.hiit(
            id: SessionID("s"), plan: HIITPlan(rounds: 5, work: 40, rest: 20), startingAt: instant("2026-11-22T10:07:00Z"))
        let due = plan.reminders.filter { $0.due <= now }
        #expect(due.count == 6)
        let (show, drop) = LatePolicy(dailyGrace: 7200).partition(due: due, at: now)
        #expect(show.map(\.due) == [instant("2026-11-22T10:10:00Z")])
        #expect(show.map(\.kind) == [.hiitRestOver])
        #expect(drop.count == 5)
    }

    @Test func staleSessionsAreDropped() {
        let plan = SessionPlanner.rest(id: SessionID("r"), seconds: 60, startingAt: instant("2026-11-22T09:00:00Z"))
        let (show, drop) = LatePolicy(dailyGrace: 7200).partition(due: plan.reminders, at: now)
        #expect(show.isEmpty)
        #expect(drop.count == 1)
    }

    @Test func snoozedFiresWithinGraceOnly() {
        let text = Messages.english.daily.snoozed
        let recent = Reminder(id: ReminderID("a"), kind: .snoozed, due: now.addingTimeInterval(-3600), title: text.title, body: text.body)
        let old = Reminder(id: ReminderID("b"), kind: .snoozed, due: now.addingTimeInterval(-7201), title: text.title, body: text.body)
        let (show, drop) = LatePolicy(dailyGrace: 7200).partition(due: [recent, old], at: now)
        #expect(show == [recent])
        #expect(drop == [old])
    }
}

@Suite("status --json")
struct StatusReportTests {
    @Test func emptyStatusHasNullsNotMissingKeys() {
        let json = StatusReport(session: nil, pending: [], nextDaily: nil, now: Date()).jsonText()
        #expect(json == #"{"held":null,"next_daily":null,"pending":[],"session":null,"storage":null,"sync":null}"#)
    }

    @Test func roundTripWithMilliseconds() throws {
        let start = instant("2026-11-22T10:00:00.250Z")
        let plan = SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start)
        let report = StatusReport(session: plan.session, pending: plan.reminders, nextDaily: instant("2026-11-22T18:00:00Z"), now: start.addingTimeInterval(30))
        let json = report.jsonText()
        #expect(json.contains(#""due":"2026-11-22T10:01:30.250Z""#))
        #expect(json.contains(#""kind":"rest_over""#))
        #expect(json.contains(#""phase":"rest""#))
        #expect(json.contains(#""percent_done":33"#))
        #expect(json.contains(#""next_daily":"2026-11-22T18:00:00.000Z""#))
        #expect(try StatusReport.decode(jsonText: json) == report)
    }
}

@Suite("Strength sessions: set → rest → next set")
struct StrengthSessionTests {
    let start = instant("2026-11-22T10:00:00Z")
    let exercises = [
        Exercise(name: "Bench Press", sets: 4, reps: 8, weight: 80, unit: "kg", rest: [180, 180, 60, 120]),
        Exercise(name: "Overhead Press", sets: 2, reps: 10, weight: 42.5, unit: "kg", rest: [90, 90]),
        Exercise(name: "Plank", sets: 1, rest: [60]),
    ]

    @Test func walksEverySetWithItsRestAndDescribesTheNext() {
        let workout = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: exercises))
        var walk = StrengthWalk(workout: workout, at: start)
        #expect(walk.view(at: start).totalSets == 7)
        #expect(walk.view(at: start).nextSetDescription(.english) == "Bench Press — set 1 of 4, 8 × 80 kg")
        #expect(walk.session.endsAt.timeIntervalSince(start) == 180 + 180 + 60 + 120 + 90 + 90)
        var rests: [TimeInterval?] = []
        var nexts: [String?] = []
        var now = start
        for _ in 0..<7 {
            walk.recordSet(at: now)
            rests.append(walk.view(at: now).restUntil.map { $0.timeIntervalSince(now) })
            nexts.append(walk.view(at: now).nextSetDescription(.english))
            now = walk.view(at: now).restUntil ?? now
        }
        #expect(rests == [180, 180, 60, 120, 90, 90, nil])
        #expect(nexts == [
            "Bench Press — set 2 of 4, 8 × 80 kg", "Bench Press — set 3 of 4, 8 × 80 kg", "Bench Press — set 4 of 4, 8 × 80 kg",
            "Overhead Press — set 1 of 2, 10 × 42.5 kg", "Overhead Press — set 2 of 2, 10 × 42.5 kg", "Plank — set 1 of 1", nil,
        ])
        #expect(walk.view(at: now).isComplete)
        #expect(walk.view(at: now).totalSetsDone == 7)
    }

    @Test func restOverSaysWhatComesNextAndTheLastSetCompletes() {
        let workout = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: exercises))
        var walk = StrengthWalk(id: SessionID("p"), workout: workout, at: start)
        #expect(walk.session.kind == .strength)
        #expect(walk.session.phase(at: start) == "Bench Press — set 1 of 4, 8 × 80 kg")
        walk.recordSet(at: start.addingTimeInterval(-400))
        walk.recordSet(at: start.addingTimeInterval(-200))
        let reminders = walk.recordSet(at: start, warnBefore: 10)
        #expect(reminders.map(\.kind) == [.restWarning, .restOver])
        #expect(reminders.map { $0.due.timeIntervalSince(start) } == [50, 60])
        #expect(reminders[1].body == "Time for your next set! Next: Bench Press — set 4 of 4, 8 × 80 kg")
        #expect(reminders.allSatisfy { $0.sessionID == SessionID("p") })
        #expect(walk.session.phase(at: start.addingTimeInterval(30)) == "resting; next: Bench Press — set 4 of 4, 8 × 80 kg")
        #expect(walk.session.percentDone(at: start) == 42)
        var done: [Reminder] = []
        var now = start.addingTimeInterval(60)
        for _ in 0..<4 {
            done = walk.recordSet(at: now, warnBefore: 10)
            now = done.last?.due ?? now
        }
        #expect(done.map(\.kind) == [.workoutComplete])
        #expect(done[0].due == now)
        #expect(done[0].title == "Workout complete 🎉")
        #expect(done[0].body == "Push Day: 7 sets done. Great work!")
    }

    @Test("interval phases", arguments: [(0.0, "work, round 1 of 5"), (39.9, "work, round 1 of 5"), (40, "rest, round 1 of 5"), (60, "work, round 2 of 5"), (299, "rest, round 5 of 5"), (300, "complete")])
    func hiitPhase(offset: Double, expected: String) {
        let plan = SessionPlanner.hiit(id: SessionID("s"), plan: HIITPlan(rounds: 5, work: 40, rest: 20), startingAt: start)
        #expect(plan.session.phase(at: start.addingTimeInterval(offset)) == expected)
    }

    @Test func walkRunPhaseAndProgress() {
        let plan = SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: 120, walk: 60, repeats: 2), startingAt: start)
        #expect(plan.session.phase(at: start.addingTimeInterval(150)) == "walk, repeat 1 of 2")
        #expect(plan.session.phase(at: start.addingTimeInterval(200)) == "run, repeat 2 of 2")
        #expect(plan.session.percentDone(at: start.addingTimeInterval(180)) == 50)
    }
}
