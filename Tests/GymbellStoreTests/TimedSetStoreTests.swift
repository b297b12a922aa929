import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Issue 44: timed sets, warm-ups and RPE in the state database (schema v13) — written, read back after
/// a restart and on the next day, corrected, imported, backed up and restored, brought up from v12.
@Suite("Timed sets, warm-ups and RPE in the store")
struct TimedSetStoreTests {
    static let day = StateTransferTests.day
    let transfer = StateTransferTests()

    static func plank(_ session: String, seconds: Int, warmUp: Bool = false, rpe: Double? = nil, minute: Int, number: Int = 1) -> LoggedSet {
        LoggedSet(
            session: SessionID(session), workout: "home", exercise: "Plank", setNumber: number, reps: nil, weight: nil,
            at: day.addingTimeInterval(Double(minute * 60)), seconds: seconds, warmUp: warmUp, rpe: rpe)
    }

    /// The sets as the log has them, without their ids.
    func sets(_ store: StateStore) throws -> [LoggedSet] {
        try store.progress.loggedSets(since: .distantPast).map { set in
            var set = set
            set.id = nil
            return set
        }
    }

    @Test func aTimedWarmUpWithRPEComesBackAfterARestartAndOnTheNextDay() throws {
        let path = temporaryDatabasePath("timed")
        let written = [
            Self.plank("a", seconds: 30, warmUp: true, rpe: 6.5, minute: 0),
            Self.plank("a", seconds: 90, rpe: 9, minute: 3, number: 2),
            LoggedSet(session: SessionID("a"), exercise: "Goblet squat", setNumber: 1, reps: 10, weight: 24, at: Self.day.addingTimeInterval(600),
                      seconds: nil, warmUp: false, rpe: 8),
        ]
        let store = try StateStore(path: path)
        for set in written { try store.progress.log(set) }
        #expect(try sets(store) == written)
        store.close()

        // A restart: the same file opened again.
        let reopened = try StateStore(path: path)
        #expect(try sets(reopened) == written)
        #expect(try reopened.progress.loggedSets() == written)
        let first = try #require(try reopened.progress.loggedSets(since: .distantPast).first?.id)
        #expect(try reopened.progress.loggedSet(id: first)?.seconds == 30)
        // The next day: the sets since yesterday, read as `history --sets` and the report read them (on another thread too).
        let nextDay = Self.day.addingTimeInterval(86_400)
        let since = nextDay.addingTimeInterval(-2 * 86_400)
        #expect(try reopened.progress.loggedSets(since: since).map(\.loadText) == ["30 s", "1 min 30 s", "10 × 24 kg"])
        let reader = try #require(reopened.progress.readerForAnotherThread)
        #expect(try reader.loggedSets(since: since).map(\.warmUp) == [true, false, false])
        #expect(try reader.loggedSets(since: since).map(\.rpe) == [6.5, 9, 8])
        // What the engine keeps of it: the hold, not the warm-up.
        let summary = try reopened.progress.summary()
        #expect(summary.holds.map(\.seconds) == [90])
        #expect(summary == ProgressSummary(written))
        reopened.close(keeping: summary)

        // Read back from the snapshot kept at the clean exit: the same.
        let third = try StateStore(path: path)
        #expect(try third.progress.summary() == ProgressSummary(written))
        #expect(try sets(third) == written)
    }

    @Test func aCorrectionOfTheSecondsIsKeptAndTheRecordsFollow() throws {
        let path = temporaryDatabasePath("timed-correct")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([
            ImportedSession(
                entry: HistoryEntry(id: SessionID("a"), title: "Core", kind: .strength, startedAt: Self.day, endedAt: Self.day.addingTimeInterval(600),
                                    outcome: .completed, setsDone: 1),
                sets: [Self.plank("a", seconds: 60, minute: 1)]),
            ImportedSession(
                entry: HistoryEntry(id: SessionID("b"), title: "Core", kind: .strength, startedAt: Self.day.addingTimeInterval(86_400),
                                    endedAt: Self.day.addingTimeInterval(87_000), outcome: .completed, setsDone: 1),
                sets: [Self.plank("b", seconds: 50, minute: 1441)]),
        ])
        #expect(try store.progress.recordCandidates().isEmpty)
        let second = try #require(try store.progress.loggedSets(since: .distantPast).last)
        var corrected = SetEdit(seconds: 75, rpe: 8.5).applied(to: second)
        try store.progress.correct(corrected)
        store.close()
        let reopened = try StateStore(path: path)
        corrected.id = second.id
        #expect(try reopened.progress.loggedSet(id: try #require(second.id)) == corrected)
        // The plank of 75 s beat the 60 s before it: kept in the records timeline, as the log's walk gives it.
        let (summary, closed) = ProgressSummary.rebuilt(from: try reopened.progress.loggedSets())
        let candidates = try reopened.progress.recordCandidates() + summary.closing(before: Self.plank("z", seconds: 1, minute: 9999))
        #expect(candidates.compactMap(\.hold).map { "\($0.set.loadText) over \($0.previous.loadText)" } == ["1 min 15 s over 1 min"])
        #expect(summary.timeline(earlier: closed, minPercent: 2).map(\.kind) == [.longestHold])
    }

    @Test func theImportDoorRefusesHostileSecondsAndRPE() throws {
        let store = try StateStore(path: temporaryDatabasePath("timed-import"))
        func session(_ id: String, _ set: LoggedSet) -> ImportedSession {
            ImportedSession(
                entry: HistoryEntry(id: SessionID(id), title: "Core", kind: .strength, startedAt: Self.day, endedAt: Self.day.addingTimeInterval(600),
                                    outcome: .completed, setsDone: 1),
                sets: [set])
        }
        let tooLong = Self.plank("x", seconds: 86_401, minute: 1)
        let negative = Self.plank("y", seconds: -1, minute: 1)
        let notANumber = Self.plank("z", seconds: 30, rpe: .nan, minute: 1)
        let tooHard = Self.plank("w", seconds: 30, rpe: 10.5, minute: 1)
        let report = try store.transfer.importSessions([
            session("x", tooLong), session("y", negative), session("z", notANumber), session("w", tooHard),
            session("ok", Self.plank("ok", seconds: 86_400, warmUp: true, rpe: 10, minute: 1)),
        ])
        #expect(report.addedSessions == 1 && report.addedSets == 1)
        #expect(try sets(store).map(\.seconds) == [86_400])
        #expect(report.refused.count == 4, "\(report)")
        #expect(try store.history().map(\.id.rawValue) == ["ok"])
    }

    @Test func aBackupKeepsThemAndARestoreBringsThemBack() throws {
        let path = temporaryDatabasePath("timed-backup")
        let directory = FilePath.directory(of: path)
        let store = try StateStore(path: path)
        let written = [Self.plank("a", seconds: 40, warmUp: true, rpe: 7, minute: 0), Self.plank("a", seconds: 65, minute: 2, number: 2)]
        for set in written { try store.progress.log(set) }
        let backup = FilePath.directory(of: temporaryDatabasePath("timed-backup-copy")) + "/backup.sqlite"
        _ = try store.transfer.backup(to: backup)
        try store.progress.log(Self.plank("b", seconds: 10, minute: 3000))
        _ = try store.transfer.restore(from: backup, keepingAsideIn: directory, at: Self.day.addingTimeInterval(86_400), confirmed: true)
        store.close()
        let reopened = try StateStore(path: path)
        #expect(try sets(reopened) == written)
        #expect(try reopened.progress.summary().holds.map(\.seconds) == [65])
    }

    /// A state file as schema v12 left it: the log, the snapshot and the records timeline without the
    /// columns of v13.
    static func downgradeToV12(_ path: String) throws {
        let raw = try StoreDatabase(path: path)
        for table in ["set_log", "progress_snapshot_set"] {
            for column in ["seconds", "warm_up", "rpe"] { try raw.executeScript("ALTER TABLE \(table) DROP COLUMN \(column)") }
        }
        for column in ["seconds", "warm_up", "rpe", "before_seconds", "before_warm_up", "before_rpe"] {
            try raw.executeScript("ALTER TABLE record_candidate DROP COLUMN \(column)")
        }
        try raw.executeScript("PRAGMA user_version = 12")
        raw.close()
    }

    @Test func aStateFileAndABackupOfSchemaTwelveAreBroughtUp() throws {
        let path = temporaryDatabasePath("v12")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([
            transfer.session("a", daysAgo: 3, sets: [("Squat", 5, 100), ("Squat", 5, 100)]),
            transfer.session("b", daysAgo: 2, sets: [("Squat", 5, 105)]),
        ])
        let before = try store.progress.loggedSets(since: .distantPast)
        let candidates = try store.progress.recordCandidates()
        let backup = FilePath.directory(of: temporaryDatabasePath("v12-backup")) + "/backup.sqlite"
        _ = try store.transfer.backup(to: backup)
        store.close(keeping: try store.progress.summary())
        try Self.downgradeToV12(path)
        try Self.downgradeToV12(backup)
        #expect(try StoreSchema.version(of: StoreDatabase(path: path, flags: [.readOnly])) == 12)

        let migrated = try StateStore(path: path)
        #expect(try migrated.progress.loggedSets(since: .distantPast) == before)
        #expect(before.allSatisfy { $0.seconds == nil && !$0.warmUp && $0.rpe == nil })
        #expect(try migrated.progress.recordCandidates() == candidates)
        #expect(try migrated.progress.summary() == ProgressSummary(try sets(migrated)))
        // A timed set logged after the upgrade, and the older backup taken back.
        try migrated.progress.log(Self.plank("c", seconds: 45, minute: 10))
        let report = try migrated.transfer.restore(
            from: backup, keepingAsideIn: FilePath.directory(of: path), at: Self.day, confirmed: true)
        #expect(report.schemaVersion == 12)
        #expect(try migrated.progress.loggedSets(since: .distantPast) == before)
        let version = try StoreDatabase(path: path, flags: [.readOnly]).value("PRAGMA user_version", as: Int.self)
        #expect(version == StoreSchema.latestVersion)
    }
}
