import FoundationEssentials
import GymbellCore
import Testing

@testable import GymbellStore

/// Issue 27: the builds before it gave a workout started from a notification the id "" and wrote it
/// with INSERT OR REPLACE, so the next such workout replaced it. `Fixtures/lost-history-v8.sqlite` is
/// what the daemon built from main at 4ca5d0e (schema v8) left after two days of the daily reminder's
/// Start Workout and five Set done each (`Fixtures/make_lost_history.py`): one session "" (the second
/// day's), ten sets under "". The upgrade to v9 gives each day a session of its own.
@Suite("The lost history repaired")
struct LostHistoryRepairTests {
    static let fixture = FilePath.directory(of: #filePath) + "/Fixtures/lost-history-v8.sqlite"
    static let firstDay = Date(timeIntervalSince1970: 1_795_539_600)  // 2026-11-24 18:00 in Berlin
    static let secondDay = Date(timeIntervalSince1970: 1_795_626_000)  // 2026-11-25 18:00 in Berlin

    func copyOfFixture() throws -> String {
        let path = temporaryDatabasePath("lost-history")
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    @Test func theFixtureIsWhatTheLandedBuildLeft() throws {
        let database = try StoreDatabase(path: try copyOfFixture(), flags: [.readOnly])
        #expect(try StoreSchema.version(of: database) == 8)
        let sessions = try database.rows("SELECT id, started_at FROM session")
        #expect(sessions.count == 1 && (sessions[0]["id"] as String?) == "")
        #expect(try database.value("SELECT count(*) FROM set_log WHERE session_id = ''", as: Int.self) == 10)
    }

    @Test func bothDaysAreInTheHistoryAfterTheUpgradeAndAfterARestart() throws {
        let path = try copyOfFixture()
        var ids: [SessionID] = []
        for run in 0..<2 {  // the upgrade, then a restart
            let store = try StateStore(path: path)
            let history = try store.history()
            #expect(history.count == 2, "run \(run): \(history)")
            guard history.count == 2 else { return }
            #expect(history.allSatisfy { !$0.id.rawValue.isEmpty && $0.title == "Push Day" && $0.workout == "push" && $0.kind == .strength })
            #expect(Set(history.map(\.id)).count == 2)
            let (first, second) = (history[0], history[1])
            // The first day was rebuilt from its sets: from the first to the last, five of them, all done.
            #expect(first.recovered && first.outcome == .completed && first.setsDone == 5)
            #expect(abs(first.startedAt.timeIntervalSince(Self.firstDay)) < 2)
            #expect(first.endedAt.map { $0 > first.startedAt && $0.timeIntervalSince(first.startedAt) < 60 } == true)
            // The second day is the one that survived, as it was stored.
            #expect(!second.recovered && second.outcome == .completed && second.setsDone == 5)
            #expect(abs(second.startedAt.timeIntervalSince(Self.secondDay)) < 2)
            let sets = try store.progress.loggedSets()
            #expect(sets.count == 10)
            #expect(sets.filter { $0.session == first.id }.map(\.setNumber) == [1, 2, 3, 1, 2])
            #expect(sets.filter { $0.session == second.id }.map(\.setNumber) == [1, 2, 3, 1, 2])
            #expect(sets.filter { $0.session == first.id }.allSatisfy { LocalDay(containing: $0.at, in: .utc) == LocalDay(containing: Self.firstDay, in: .utc) })
            if run == 1 { #expect(history.map(\.id) == ids, "the ids stay what the upgrade gave") }
            ids = history.map(\.id)
            store.close()
        }
        let database = try StoreDatabase(path: path, flags: [.readOnly])
        #expect(try database.value("SELECT count(*) FROM session WHERE id = ''", as: Int.self) == 0)
        #expect(try database.value("SELECT count(*) FROM set_log WHERE session_id = ''", as: Int.self) == 0)
        #expect(try StoreSchema.version(of: database) == StoreSchema.latestVersion)
    }

    @Test func aDatabaseWithoutTheBugIsLeftAsItWas() throws {
        let path = temporaryDatabasePath("no-lost-history")
        let store = try StateStore(path: path)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        let database = try StoreDatabase(path: path)
        var calls = 0
        try database.transaction { db in try LostSessionRepair.run(db) { calls += 1; return "x\(calls)" } }
        #expect(calls == 0)
        #expect(try store.history().map(\.id) == [SessionID("r1")])
    }

    // MARK: Grouping the sets

    static func row(_ rowid: Int64, _ exercise: String, _ number: Int, at minutes: Double, workout: String? = "push") -> LostSessionRepair.LoggedRow {
        LostSessionRepair.LoggedRow(
            rowid: rowid, workout: workout, exercise: exercise, setNumber: number, at: Date(timeIntervalSince1970: 1_800_000_000 + minutes * 60))
    }

    struct Grouping: Sendable, CustomTestStringConvertible {
        let name: String
        let rows: [LostSessionRepair.LoggedRow]
        let groups: [[Int64]]
        var testDescription: String { name }
    }

    @Test(arguments: [
        Grouping(name: "one workout", rows: [row(1, "Bench", 1, at: 0), row(2, "Bench", 2, at: 3), row(3, "Dips", 1, at: 6)], groups: [[1, 2, 3]]),
        Grouping(name: "a day apart", rows: [row(1, "Bench", 1, at: 0), row(2, "Bench", 1, at: 1440)], groups: [[1], [2]]),
        Grouping(
            name: "a long pause within the gap stays one", rows: [row(1, "Bench", 1, at: 0), row(2, "Bench", 2, at: 170)], groups: [[1, 2]]),
        Grouping(name: "more than three hours apart", rows: [row(1, "Bench", 1, at: 0), row(2, "Bench", 2, at: 181)], groups: [[1], [2]]),
        Grouping(
            name: "the same set again starts another (two workouts in one evening)",
            rows: [row(1, "Bench", 1, at: 0), row(2, "Bench", 2, at: 2), row(3, "Bench", 1, at: 30), row(4, "Bench", 2, at: 32)],
            groups: [[1, 2], [3, 4]]),
        Grouping(
            name: "another workout's sets", rows: [row(1, "Bench", 1, at: 0), row(2, "Squat", 1, at: 5, workout: "legs")], groups: [[1], [2]]),
        Grouping(name: "none", rows: [], groups: []),
    ])
    func setsAreGroupedIntoWorkouts(_ grouping: Grouping) {
        #expect(LostSessionRepair.groups(grouping.rows).map(\.rowids) == grouping.groups)
    }

    // MARK: The store refuses to write over the history

    @Test func anEmptyOrUsedSessionIDIsRefusedAndTheHistoryKept() throws {
        let path = temporaryDatabasePath("refused-ids")
        let store = try StateStore(path: path)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        try store.finish(SessionID("r1"), at: start.addingTimeInterval(90))
        for id in ["", "r1"] {
            #expect(throws: StoreError.self) {
                try store.start(SessionPlanner.rest(id: SessionID(id), seconds: 30, startingAt: start.addingTimeInterval(86_400)))
            }
        }
        #expect(store.problem == nil, "a refusal is not a storage problem: the store goes on writing the file")
        let history = try store.history()
        #expect(history.map(\.id) == [SessionID("r1")] && history[0].outcome == .completed)
        #expect(history[0].endedAt == start.addingTimeInterval(90))
        try store.start(SessionPlanner.rest(id: SessionID("r2"), seconds: 30, startingAt: start.addingTimeInterval(86_400)))
        store.close()
        #expect(try StateStore(path: path).history().map(\.id) == [SessionID("r1"), SessionID("r2")])
    }
}
