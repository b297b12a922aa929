import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Issue 44: an AMRAP's counted rounds and a circuit's completed rounds kept with the session (schema
/// v14) — written as the engine writes them, read back after a restart and on the next day, each
/// AMRAP workout's most rounds read for the engine, imported (hostile values refused), brought up from v13.
@Suite("Rounds of circuits and AMRAPs in the store")
struct SessionRoundsStoreTests {
    static let day = StateTransferTests.day

    static let amrap = WorkoutDefinition(
        name: "amrap", title: "AMRAP 10", kind: .amrap(AmrapPlan(cap: 600, stations: [Station(name: "Squats", reps: 10)])),
        frame: WorkoutFrame(getReady: 0))
    static let circuit = WorkoutDefinition(
        name: "body", title: "Full body",
        kind: .circuit(CircuitPlan(rounds: 3, stations: [Station(name: "Push-ups", reps: 10), Station(name: "Plank", seconds: 30)], rest: 0, roundRest: 0)),
        frame: WorkoutFrame(getReady: 0))

    static func started(_ workout: WorkoutDefinition, _ id: String, at start: Date) -> SessionPlan {
        StepPlanner.start(id: SessionID(id), workout: workout, steps: WorkoutTimeline.steps(of: workout), at: start)
    }

    /// `plan` with `rounds` counted (as Done on an AMRAP writes it).
    static func counted(_ plan: SessionPlan, _ rounds: Int) -> SessionPlan {
        var session = plan.session
        guard case .steps(var progress) = session.detail else { preconditionFailure() }
        progress.roundsCounted = rounds
        session.detail = .steps(progress)
        return SessionPlan(session: session, reminders: StepPlanner.reminders(of: session, progress))
    }

    static let changes: [StoreChange] = {
        let first = started(amrap, "a1", at: day)
        let second = started(amrap, "a2", at: day.addingTimeInterval(86_400))
        let body = started(circuit, "c1", at: day.addingTimeInterval(2 * 86_400))
        return [
            .start(first, workout: "amrap"), .replan(counted(first, 6), progressAt: day.addingTimeInterval(300)),
            .finish(SessionID("a1"), at: day.addingTimeInterval(600)),
            .start(second, workout: "amrap"), .replan(counted(second, 4), progressAt: day.addingTimeInterval(86_700)),
            .finish(SessionID("a2"), at: day.addingTimeInterval(87_000)),
            // The circuit stopped while its first push-ups wait for Done: no round completed.
            .start(body, workout: "body"), .stop(at: day.addingTimeInterval(2 * 86_400 + 100)),
        ]
    }()

    @Test func roundsComeBackAfterARestartAndOnTheNextDay() throws {
        let path = temporaryDatabasePath("rounds")
        let store = try StateStore(path: path)
        var state = EngineState(stored: try store.load())
        for change in Self.changes {
            state.apply(change)
            try store.apply(change)
        }
        store.close()

        let reopened = try StateStore(path: path)
        let history = try reopened.history()
        #expect(history.map(\.rounds) == [6, 4, 0])
        #expect(history.map(\.amrap) == [true, true, false])
        #expect(history.map(\.kind) == [.circuit, .circuit, .circuit])
        // The next day: `history --days 1` as the CLI asks for it.
        let nextDay = Self.day.addingTimeInterval(86_400 + 3600)
        #expect(try reopened.history(since: nextDay.addingTimeInterval(-86_400)).map(\.rounds) == [4, 0])
        // What the engine is given at start-up: the workout's most rounds, the same as it kept.
        let loaded = try reopened.load()
        #expect(loaded.roundBests["amrap"]?.rounds == 6)
        #expect(loaded.roundBests["amrap"]?.session == SessionID("a1"))
        #expect(loaded.roundBests == state.roundBests)
        #expect(loaded.roundBests["body"] == nil)  // a circuit's rounds are its plan's, no record
    }

    @Test func aCircuitRecordsTheRoundsItCompleted() throws {
        let store = try StateStore()
        let plan = Self.started(Self.circuit, "c2", at: Self.day)
        _ = try store.start(plan, workout: "body")
        // Round 1's push-ups done by Done at 20 s: the plank runs to 50 s, round 2's push-ups wait.
        var session = plan.session
        guard case .steps(var progress) = session.detail else { preconditionFailure() }
        progress.index = 1
        progress.startedAt = Self.day.addingTimeInterval(20)
        progress.setsDone = 1
        session.detail = .steps(progress)
        try store.replan(SessionPlan(session: session, reminders: StepPlanner.reminders(of: session, progress)), progressAt: progress.startedAt)
        #expect(try store.history().first?.rounds == 0)  // running: the plank of round 1 is still to come
        try store.finish(SessionID("c2"), at: Self.day.addingTimeInterval(55))
        #expect(try store.history().first?.rounds == 1)
        #expect(try store.history().first?.amrap == false)
    }

    @Test func importedRoundsAreKeptAndHostileOnesRefusedWhole() throws {
        let store = try StateStore()
        func entry(_ id: String, rounds: Int?, amrap: Bool) -> ImportedSession {
            ImportedSession(
                entry: HistoryEntry(id: SessionID(id), workout: "amrap", title: "AMRAP 10", kind: .circuit, startedAt: Self.day,
                                    endedAt: Self.day.addingTimeInterval(600), outcome: .completed, rounds: rounds, amrap: amrap),
                sets: [])
        }
        let report = try store.transfer.importSessions([
            entry("good", rounds: 9, amrap: true), entry("negative", rounds: -3, amrap: true), entry("huge", rounds: Int(1e18), amrap: true),
            entry("no-rounds", rounds: nil, amrap: true),
        ])
        #expect(report.addedSessions == 1)
        #expect(report.refused.map(\.reason) == [
            "rounds -3 is not 0 to 10000", "rounds 1000000000000000000 is not 0 to 10000", "amrap is true for a session without rounds",
        ])
        #expect(try store.history().map(\.rounds) == [9])
        #expect(try store.load().roundBests["amrap"]?.rounds == 9)
    }

    @Test func aVersion13DatabaseGainsTheColumnsAndHostileStoredRoundsAreRepaired() throws {
        let path = temporaryDatabasePath("rounds-v13")
        do {
            let db = try StoreDatabase(path: path)
            for migration in StoreSchema.migrations where migration.version <= 13 { try migration.migrate(db) }
            try db.executeScript("PRAGMA user_version = 13")
            try db.execute(
                "INSERT INTO session (id, kind, title, started_at, ends_at, outcome, ended_at, sets_done, last_progress_at) VALUES (?, 'strength', 'Old', ?, ?, 'completed', ?, 3, ?)",
                ["old", Self.day.timeIntervalSince1970, Self.day.timeIntervalSince1970 + 60, Self.day.timeIntervalSince1970 + 60, Self.day.timeIntervalSince1970])
            db.close()
        }
        let store = try StateStore(path: path)
        #expect(try store.history().map(\.rounds) == [nil])
        #expect(try store.history().map(\.amrap) == [false])
        try store.write { db in try db.execute("UPDATE session SET rounds = -5, amrap = 1 WHERE id = 'old'") }
        store.close()
        // A hand-edited file: the rounds out of bounds go, and an AMRAP mark without rounds with them.
        let repaired = try StoreDatabase(path: path)
        #expect(try StoreOpening.repairValues(repaired).count >= 1)
        #expect(try repaired.value("SELECT rounds IS NULL AND amrap = 0 FROM session", as: Int.self) == 1)
        repaired.close()
    }
}
