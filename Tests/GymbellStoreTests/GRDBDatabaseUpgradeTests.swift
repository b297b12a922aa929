import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Databases people have were written by the GRDB-based builds (up to 0.x): their migrations are listed
/// in `grdb_migrations` and their user_version is 1. `Fixtures/grdb-v6-state.sqlite` is such a file, made
/// by the daemon built from main at d53e159 (schema v6): a HIIT session paused, resumed and stopped, a
/// walk/run stopped by starting the "push" strength workout, one set done with its rest pending, the
/// notification id 2, and "skip-today".
@Suite("Databases written by the GRDB build")
struct GRDBDatabaseUpgradeTests {
    static let fixture = FilePath.directory(of: #filePath) + "/Fixtures/grdb-v6-state.sqlite"
    static let running = SessionID("fabf23e2-ea60-4af6-928d-b9e63ee8e0aa")

    /// A copy of the fixture in a directory of its own: opening it upgrades it in place, and even a
    /// read-only connection to a WAL database makes -wal and -shm files beside it.
    func copyOfFixture() throws -> String {
        let path = temporaryDatabasePath("grdb")
        try FileManager.default.copyItem(atPath: Self.fixture, toPath: path)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path)
        return path
    }

    func userVersion(_ path: String) throws -> Int? {
        try StoreDatabase(path: path, flags: [.readOnly]).value("PRAGMA user_version", as: Int.self)
    }

    /// The schema as SQLite keeps it, GRDB's own bookkeeping and the tables of migrations after GRDB (v7
    /// on: the set log) left out.
    func schema(_ database: StoreDatabase) throws -> [String] {
        try database.rows(
            "SELECT type, name, sql FROM sqlite_master WHERE name NOT LIKE '%grdb_migrations%' "
                + "AND tbl_name NOT IN ('set_log', 'weight_override', 'overload_dismissal', 'progress_snapshot', 'progress_snapshot_set', 'record_candidate', 'sqlite_sequence', 'put_aside', 'reminder_outcome', 'sync_journal', 'sync_waiting', 'sync_own') "
                + "AND name NOT IN ('session_to_journal') ORDER BY name")
            .map { "\($0["type"] ?? "") \($0["name"] ?? "") \($0["sql"] ?? "-")" }
            // Tables (v7, v8, v10, v11; v12's AUTOINCREMENT bookkeeping; v17's journals) and columns (v8, v9, v14, v17) added after the GRDB build.
            .map { $0.replacing(#", "streak_warned_day" INTEGER"#, with: "").replacing(#", "weekly_summary_day" INTEGER"#, with: "").replacing(#", "recovered" INTEGER NOT NULL DEFAULT 0"#, with: "")
                .replacing(#", "rounds" INTEGER, "amrap" INTEGER NOT NULL DEFAULT 0"#, with: "")
                .replacing(#", "origin" TEXT, "journaled" INTEGER NOT NULL DEFAULT 0"#, with: "") }
    }

    @Test func theFixtureIsWhatTheGRDBBuildLeft() throws {
        let database = try StoreDatabase(path: try copyOfFixture(), flags: [.readOnly])
        #expect(try database.value("PRAGMA journal_mode", as: String.self) == "wal")
        #expect(try database.value("PRAGMA user_version", as: Int.self) == 1)
        #expect(try database.rows("SELECT identifier FROM grdb_migrations ORDER BY rowid").compactMap { $0["identifier"] as String? }
            == StoreSchema.migrations.prefix(6).map(\.identifier))
        #expect(try StoreSchema.version(of: database) == 6)
    }

    @Test func itOpensAndReadsBackEverything() throws {
        let path = try copyOfFixture()
        let store = try StateStore(path: path)
        let history = try store.history()
        #expect(history.map(\.kind) == [.hiit, .walkrun, .strength])
        #expect(history.map(\.outcome) == [.stopped, .stopped, .running])
        #expect(history[2].workout == "push" && history[2].title == "Push Day" && history[2].setsDone == 1)
        #expect(history[0].endedAt == Date(timeIntervalSince1970: 1_795_432_623.770005))

        let session = try #require(try store.activeSession())
        #expect(session.id == Self.running)
        // Stored by gymbell 0.x as a strength progress; carried on as steps, in the rest before set 2.
        let progress = try #require(session.stepProgress)
        #expect(progress.setsDone == 1 && progress.steps.first?.name == "Bench Press")
        let view = try #require(session.strengthView(at: Date(timeIntervalSince1970: 1_795_432_700)))
        #expect(view.totalSetsDone == 1 && view.restUntil == Date(timeIntervalSince1970: 1_795_432_714.448202))
        #expect(view.nextSetDescription(.english) == "Bench Press — set 2 of 3, 8 × 80 kg")
        #expect(session.strengthView(at: Date(timeIntervalSince1970: 1_795_432_715))?.restUntil == nil)
        #expect(try store.noticeID(of: Self.running) == 2)

        let pending = try store.pendingReminders()
        #expect(pending.map(\.kind) == [.restOver])
        #expect(pending.first?.sessionID == Self.running)
        #expect(pending.first?.due == Date(timeIntervalSince1970: 1_795_432_714.448202))
        #expect(pending.first?.body == "Time for your next set! Next: Bench Press — set 2 of 3, 8 × 80 kg")

        #expect(try store.dailyState().quietDay == LocalDay(daysSinceEpoch: 20_780))
        #expect(try store.dailyState().lastHandled == Date(timeIntervalSince1970: 1_795_432_621.116607))
    }

    @Test func itIsStampedWithItsVersionAndKeepsWorking() throws {
        let path = try copyOfFixture()
        do {
            let store = try StateStore(path: path)
            try store.stopSession(at: Date(timeIntervalSince1970: 1_795_432_700))
            store.close()
        }
        #expect(try userVersion(path) == StoreSchema.latestVersion)
        let reopened = try StateStore(path: path)
        #expect(try reopened.history().map(\.outcome) == [.stopped, .stopped, .stopped])
        #expect(try reopened.pendingReminders().isEmpty)
        // GRDB's list stays, so a GRDB build started again finds its migrations done.
        let database = try StoreDatabase(path: path, flags: [.readOnly])
        #expect(try database.value("SELECT COUNT(*) FROM grdb_migrations", as: Int.self) == 6)
    }

    @Test func aGRDBBuildStartedInBetweenDoesNotConfuseTheVersion() throws {
        // The GRDB build writes user_version = 1 whenever it opens the file.
        let path = try copyOfFixture()
        _ = try StateStore(path: path)
        try SQLiteConnection(path: path).execute("PRAGMA user_version = 1")
        let store = try StateStore(path: path)
        #expect(try store.activeSession()?.id == Self.running)
        #expect(try userVersion(path) == StoreSchema.latestVersion)
    }

    @Test func aFreshDatabaseHasTheSchemaTheGRDBBuildMade() throws {
        let fresh = try StoreDatabase.inMemory()
        try StoreSchema.migrate(fresh)
        let old = try StoreDatabase(path: try copyOfFixture(), flags: [.readOnly])
        #expect(try schema(fresh) == schema(old))
        #expect(try schema(fresh).count == 10)  // 3 tables, 2 primary-key indexes, 5 indexes
    }

    @Test func aDatabaseOfANewerVersionIsLeftAtItsVersion() throws {
        let path = temporaryDatabasePath("newer")
        _ = try StateStore(path: path)
        try SQLiteConnection(path: path).execute("""
            ALTER TABLE session ADD COLUMN "rating" INTEGER NOT NULL DEFAULT 3;
            PRAGMA user_version = \(StoreSchema.latestVersion + 1);
            """)
        let store = try StateStore(path: path)
        try store.start(SessionPlanner.rest(id: SessionID("r"), seconds: 60, startingAt: Date(timeIntervalSince1970: 1_800_000_000)))
        #expect(try store.activeSession()?.id == SessionID("r"))
        #expect(try userVersion(path) == StoreSchema.latestVersion + 1)
    }
}
