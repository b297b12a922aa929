import Foundation
import Testing
@testable import GymbellCore

/// A plain strength workout runs as steps since issue 44 (one path for every workout): what it says,
/// and when, is what the strength path said before. The oracle is that path, kept here frozen as it
/// was (`OldStrengthPath`: `StrengthProgress.recordSet`, `StrengthPlanner.afterSet`, `gymbell rest`
/// during a workout, Set done during a rest); the engine walks the same scripts and must say the
/// same things at the same instants, down to the byte.
@Suite("A plain strength workout as steps: said as the strength path said it")
struct StrengthAsStepsTests {
    static let exercises = [
        Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 80, unit: "kg", rest: [90, 90, 120]),
        Exercise(name: "Row", sets: 2, reps: 10, weight: 60, unit: "kg", rest: [60, 60]),
        Exercise(name: "Plank", sets: 1, rest: [30]),
    ]

    static let config = """
        [rest]
        warn_before = "10s"

        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [
          { name = "Bench Press", sets = 3, reps = 8, weight = 80, unit = "kg", rest = ["90s", "90s", "2m"] },
          { name = "Row", sets = 2, reps = 10, weight = 60, unit = "kg", rest = "60s" },
          { name = "Plank", sets = 1, rest = "30s" },
        ]
        """

    /// What a person does, seconds after the start.
    enum Act: Equatable, CustomStringConvertible {
        case done(TimeInterval)
        case rest(TimeInterval, seconds: TimeInterval)
        var at: TimeInterval { switch self { case .done(let at), .rest(let at, _): at } }
        var description: String { switch self { case .done(let at): "done@\(Int(at))"; case .rest(let at, let s): "rest\(Int(s))@\(Int(at))" } }
    }

    static let scripts: [[Act]] = [
        // every rest run out
        [.done(20), .done(130), .done(250), .done(400), .done(490), .done(580)],
        // Set done during rests (begun early), and a set long after its rest
        [.done(20), .done(50), .done(100), .done(500), .done(520), .done(900)],
        // `gymbell rest` before a set, and instead of the rest that runs
        [.rest(5, seconds: 45), .done(60), .rest(70, seconds: 30), .done(110), .done(300), .done(400), .done(500), .done(600)],
    ]

    @Test("the same reminders at the same instants, and the same replies", arguments: scripts)
    func saidAsBefore(_ script: [Act]) throws {
        var world = try EngineHarness(Self.config, at: "2026-03-02T18:00:00+01:00")
        let start = world.now
        #expect(world.command(.start(workout: "push")) == .success(.text("Started Push Day")))
        var said: [String] = []
        var replies: [String] = []
        for act in script {
            world.advance(to: start.addingTimeInterval(act.at))
            switch act {
            case .done: if case .success(.text(let reply)) = world.command(.setDone) { replies.append(reply) }
            case .rest(_, let seconds): _ = world.command(.rest(seconds: seconds))
            }
        }
        world.advance(by: 3600)
        said = world.shown.filter { $0.kind != .session(audible: false) }.map { "\(Int($0.at.timeIntervalSince(start) * 1000)) \($0.title) | \($0.body)" }
        let old = OldStrengthPath.walk(script, exercises: Self.exercises, title: "Push Day", warnBefore: 10)
        #expect(said.filter { !$0.contains("New personal record") && !$0.contains("Time for more weight") } == old.said)
        #expect(replies == old.replies)
    }

    @Test("the media key Next is Set done on a set (as on every step by reps), and ends a rest")
    func nextIsSetDone() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-02T18:00:00+01:00")
        _ = world.command(.start(workout: "push"))
        world.advance(by: 20)
        #expect(world.command(.player(.next)) == .success(.text(
            "Set recorded. Rest 1m30s; next: Bench Press — set 2 of 3, 8 × 80 kg")))
        #expect(world.sets.map(\.exercise) == ["Bench Press"])
        world.advance(by: 10)
        #expect(world.command(.player(.next)) == .success(.text("Skipped ahead: Rest over ⏰")))
        #expect(world.state.session?.session.phase(at: world.now) == "Bench Press — set 2 of 3, 8 × 80 kg")
    }

    @Test("a workout left running by an older gymbell carries on where it stood")
    func storedStrengthCarriesOn() throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        // Two sets done, the rest after the second running from +200 s to +290 s (stored as gymbell 0.x did).
        let json = """
            {"strength":{"_0":{"workoutName":"push","exercises":\(String(decoding: try JSONEncoder().encode(Self.exercises), as: UTF8.self)),
            "exerciseIndex":0,"setsDone":2,"totalSetsDone":2,"restUntil":\(1_800_000_290 - 978_307_200),"restStartedAt":\(1_800_000_200 - 978_307_200)}}}
            """
        let detail = try #require(StoredSessionDetail.decode(json, sessionStart: start))
        let session = Session(id: SessionID("old"), kind: .strength, title: "Push Day", startedAt: start, endsAt: start, detail: detail)
        let resting = try #require(session.strengthView(at: start.addingTimeInterval(250)))
        #expect(resting.totalSetsDone == 2 && resting.restUntil == start.addingTimeInterval(290))
        #expect(resting.nextSetDescription(.english) == "Bench Press — set 3 of 3, 8 × 80 kg")
        #expect(session.phase(at: start.addingTimeInterval(300)) == "Bench Press — set 3 of 3, 8 × 80 kg")
        #expect(session.stepProgress?.totalSets == 6)
        #expect(StoredSessionDetail.decode("{\"strength\":{\"_0\":{\"workoutName\":1}}}", sessionStart: start) == nil)
        #expect(StoredSessionDetail.decode("\u{0}", sessionStart: start) == nil)
    }
}

/// The strength path as it was before issue 44 (git ca44fa9d: StrengthProgress, StrengthPlanner,
/// Commands.rest/setDone), reduced to what it said: the oracle of `StrengthAsStepsTests`.
enum OldStrengthPath {
    static func walk(_ script: [StrengthAsStepsTests.Act], exercises: [Exercise], title: String, warnBefore: TimeInterval) -> (said: [String], replies: [String]) {
        var exerciseIndex = 0, setsDone = 0, totalSetsDone = 0
        var pending: [(TimeInterval, ReminderContent)] = []
        var said: [String] = []
        var replies: [String] = []
        func nextSet() -> NextSet? {
            guard exerciseIndex < exercises.count else { return nil }
            let exercise = exercises[exerciseIndex]
            return NextSet(exercise: exercise.name, set: setsDone + 1, sets: exercise.sets, reps: exercise.reps, weight: exercise.weight,
                           unit: exercise.weight == nil ? nil : exercise.weightUnit.rawValue)
        }
        func rest(_ seconds: TimeInterval, at now: TimeInterval) {
            pending = []
            if warnBefore > 0, warnBefore < seconds { pending.append((now + seconds - warnBefore, .restWarning(secondsLeft: Int(warnBefore)))) }
            pending.append((now + seconds, .restOver(next: nextSet())))
        }
        func deliver(until instant: TimeInterval) {
            for (due, content) in pending where due <= instant {
                let text = content.text(.english)
                said.append("\(Int(due * 1000)) \(text.title) | \(text.body)")
            }
            pending.removeAll { $0.0 <= instant }
        }
        for act in script {
            deliver(until: act.at)
            switch act {
            case .rest(let at, let seconds): rest(seconds, at: at)
            case .done(let at):
                let exercise = exercises[exerciseIndex]
                let restAfter = exercise.rest(after: setsDone)
                setsDone += 1
                totalSetsDone += 1
                if setsDone >= exercise.sets {
                    exerciseIndex += 1
                    setsDone = 0
                }
                if exerciseIndex < exercises.count, let next = nextSet() {
                    rest(restAfter, at: at)
                    replies.append(Messages.english.setRecordedReply(rest: DurationText.format(restAfter), next: next.description(.english)))
                } else {
                    pending = [(at, .workoutComplete(workout: title, sets: totalSetsDone))]
                    replies.append(Messages.english.workoutCompleteReply(sets: totalSetsDone, title: title))
                }
            }
        }
        deliver(until: .infinity)
        return (said, replies)
    }
}

/// Plain HIIT and walk/run run as steps too: the reminders their old planner gave (frozen here:
/// `SessionPlanner.hiit`/`.walkRun` of git ca44fa9d, planned whole from the start), the same.
@Suite("Plain HIIT and walk/run as steps: said as before")
struct IntervalsAsStepsTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// The old timeline: the first phase's end says `first`, the second's `second`, the last `last`.
    static func old(count: Int, _ a: TimeInterval, _ b: TimeInterval, first: ReminderKind, second: ReminderKind, last: ReminderKind) -> [String] {
        var said: [String] = []
        var offset: TimeInterval = 0
        for k in 0..<count {
            offset += a
            said.append("\(Int(offset)) \(k == count - 1 && b == 0 ? last : first)")
            if b > 0 {
                offset += b
                said.append("\(Int(offset)) \(k == count - 1 ? last : second)")
            }
        }
        return said
    }

    static func said(_ plan: SessionPlan) -> [String] {
        plan.reminders.map { "\(Int($0.due.timeIntervalSince(start))) \($0.kind)" }
    }

    @Test(arguments: [(5, 40.0, 20.0), (1, 30, 0), (8, 20, 10), (3, 45, 15)])
    func hiit(rounds: Int, work: TimeInterval, rest: TimeInterval) {
        let plan = SessionPlanner.hiit(id: SessionID("h"), plan: HIITPlan(rounds: rounds, work: work, rest: rest), startingAt: Self.start)
        #expect(Self.said(plan) == Self.old(count: rounds, work, rest, first: .hiitWorkDone, second: .hiitRestOver, last: .hiitComplete))
        #expect(plan.session.kind == .hiit && plan.session.title == "HIIT")
        #expect(plan.session.endsAt == Self.start.addingTimeInterval(Double(rounds) * (work + rest)))
        #expect(plan.session.intervalPlan == .hiit(HIITPlan(rounds: rounds, work: work, rest: rest)))
        #expect(plan.reminders.map { $0.text(.english).title }.last == "HIIT session complete 🎉")
    }

    @Test(arguments: [(60.0, 90.0, 8), (120, 60, 1)])
    func walkRun(run: TimeInterval, walk: TimeInterval, repeats: Int) {
        let plan = SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: run, walk: walk, repeats: repeats), startingAt: Self.start)
        #expect(Self.said(plan) == Self.old(count: repeats, run, walk, first: .runDone, second: .walkDone, last: .walkRunComplete))
        #expect(plan.session.kind == .walkrun && plan.session.intervalPlan != nil)
    }

    @Test("an interval session stored by an older gymbell carries on at its place")
    func storedIntervalCarriesOn() throws {
        let json = #"{"hiit":{"_0":{"rounds":3,"work":40,"rest":20}}}"#
        let detail = try #require(StoredSessionDetail.decode(json, sessionStart: Self.start))
        let session = Session(id: SessionID("h"), kind: .hiit, title: "HIIT", startedAt: Self.start, endsAt: Self.start.addingTimeInterval(180), detail: detail)
        #expect(session.phase(at: Self.start.addingTimeInterval(70)) == "work, round 2 of 3")
        #expect(session.intervalPlan == .hiit(HIITPlan(rounds: 3, work: 40, rest: 20)))
        let walk = try #require(StoredSessionDetail.decode(#"{"walkRun":{"_0":{"run":60,"walk":30,"repeats":2}}}"#, sessionStart: Self.start))
        let walking = Session(id: SessionID("w"), kind: .walkrun, title: "W", startedAt: Self.start, endsAt: Self.start, detail: walk)
        #expect(walking.phase(at: Self.start.addingTimeInterval(70)) == "walk, repeat 1 of 2")
    }
}
