import FoundationEssentials
import GymbellCore
import Testing

@testable import GymbellStore

/// Import, backup and restore on real files (issue 34): what is written, what is refused, what stays.
@Suite("State transfer: import, backup, restore")
struct StateTransferTests {
    static let day = Date(timeIntervalSince1970: 1_795_539_600)  // 2026-11-24 17:00 UTC

    func session(_ id: String, daysAgo: Double, sets: [(String, Int, Double)]) -> ImportedSession {
        let start = Self.day.addingTimeInterval(-daysAgo * 86_400)
        let logged = sets.enumerated().map { index, set in
            LoggedSet(session: SessionID(id), exercise: set.0, setNumber: index + 1, reps: set.1, weight: set.2, at: start.addingTimeInterval(Double(index + 1) * 60))
        }
        let end = logged.last?.at ?? start
        return ImportedSession(
            entry: HistoryEntry(id: SessionID(id), title: "Imported \(id)", kind: .strength, startedAt: start, endedAt: end, outcome: .completed,
                                setsDone: logged.count, lastProgressAt: end),
            sets: logged)
    }

    func logNow(_ store: StateStore, _ id: String) throws {
        try store.progress.log(LoggedSet(session: SessionID(id), exercise: "Bench Press", setNumber: 1, reps: 5, weight: 100, at: Self.day))
    }

    @Test func anImportIsWrittenOnceAndTheLogKeepsTimeOrder() throws {
        let path = temporaryDatabasePath("import")
        let store = try StateStore(path: path)
        try logNow(store, "today")
        store.close(keeping: try store.progress.summary())  // a snapshot that the import must not be read against
        let reopened = try StateStore(path: path)
        let old = [session("strong-a", daysAgo: 30, sets: [("Bench Press", 8, 80), ("Bench Press", 6, 85)]), session("strong-b", daysAgo: 20, sets: [("Bench Press", 5, 110)])]
        let report = try reopened.transfer.importSessions(old)
        #expect(report == ImportReport(addedSessions: 2, addedSets: 3, alreadyThere: 0, before: StateCounts(sessions: 0, sets: 1), after: StateCounts(sessions: 2, sets: 4)))
        #expect(try reopened.transfer.importSessions(old).addedSets == 0)
        #expect(try reopened.transfer.importSessions(old).alreadyThere == 2)
        #expect(try reopened.progress.loggedSets().map(\.session.rawValue) == ["strong-a", "strong-a", "strong-b", "today"])
        // The summary is the log's in time order: today's set is the latest session's; the import's 110 kg is an earlier best.
        let summary = try reopened.progress.summary()
        #expect(summary == ProgressSummary(try reopened.progress.loggedSets()))
        #expect(summary.latest.map(\.session.rawValue) == ["today"])
        reopened.close()
        #expect(try StateStore(path: path).progress.summary() == summary)
    }

    @Test func aBackupIsAWholeDatabaseAndARestoreReplacesTheRecordButKeepsWhatRunsNow() throws {
        let path = temporaryDatabasePath("restore")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([session("a", daysAgo: 3, sets: [("Squat", 5, 100)])])
        let backup = FilePath.directory(of: temporaryDatabasePath("restore-backup")) + "/backup.sqlite"  // outside the state directory
        #expect(try store.transfer.backup(to: backup) == StateCounts(sessions: 1, sets: 1))
        _ = try store.transfer.importSessions([session("b", daysAgo: 2, sets: [("Squat", 5, 105)]), session("c", daysAgo: 1, sets: [("Squat", 5, 110)])])
        // A rest runs now, with its reminder.
        let rest = SessionPlanner.rest(id: SessionID("rest-now"), seconds: 300, startingAt: Self.day)
        try store.start(rest)
        let report = try store.transfer.restore(from: backup, keepingAsideIn: FilePath.directory(of: path), at: Self.day)
        #expect(report.before == StateCounts(sessions: 4, sets: 3))
        #expect(report.after == StateCounts(sessions: 2, sets: 1))
        #expect(report.schemaVersion == StoreSchema.latestVersion)
        #expect(report.keptAside == FilePath.directory(of: path) + "/replaced-20261124T170000.sqlite")
        #expect(try store.history().map(\.id.rawValue) == ["a", "rest-now"])
        #expect(try store.activeSession()?.id.rawValue == "rest-now")
        #expect(try store.pendingReminders().map(\.id) == rest.reminders.map(\.id))
        // The replaced state is whole where it was kept.
        let aside = try StateStore(path: report.keptAside)
        #expect(try aside.transfer.counts() == StateCounts(sessions: 4, sets: 3))
    }

    @Test func anOlderBackupIsBroughtUpToDateInACopy() throws {
        let path = temporaryDatabasePath("restore-v8")
        let fixture = FilePath.directory(of: path) + "/lost-history-v8.sqlite"
        try FileManager.default.copyItem(atPath: FilePath.directory(of: #filePath) + "/Fixtures/lost-history-v8.sqlite", toPath: fixture)
        let store = try StateStore(path: path)
        let report = try store.transfer.restore(from: fixture, keepingAsideIn: FilePath.directory(of: path), at: Self.day)
        #expect(report.schemaVersion == 8)
        #expect(report.after == StateCounts(sessions: 2, sets: 10))  // the v9 repair ran on the copy
        // The backup is only read: nothing made beside it, still v8.
        #expect(!FileManager.default.fileExists(atPath: fixture + "-wal") && !FileManager.default.fileExists(atPath: fixture + "-shm"))
        #expect(try StoreDatabase(path: fixture, flags: [.readOnly]).value("PRAGMA user_version", as: Int.self) == 8)
    }

    @Test(arguments: ["text", "foreign", "empty", "newer"])
    func aFileThatIsNoGymbellBackupIsRefused(kind: String) throws {
        let path = temporaryDatabasePath("refuse-\(kind)")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([session("a", daysAgo: 3, sets: [("Squat", 5, 100)])])
        let bad = FilePath.directory(of: temporaryDatabasePath("refuse-\(kind)-file")) + "/bad.sqlite"
        let expected: String
        switch kind {
        case "text":
            try Data("Date,Workout Name\n".utf8).write(to: URL(fileURLWithPath: bad))
            expected = "not an SQLite database"
        case "foreign":
            let db = try StoreDatabase(path: bad)
            try db.executeScript("CREATE TABLE contacts (name TEXT); INSERT INTO contacts VALUES ('Ada')")
            db.close()
            expected = "another program's database"
        case "empty":
            let db = try StoreDatabase(path: bad)
            try db.executeScript("PRAGMA user_version = 0; VACUUM")
            db.close()
            expected = "holds no gymbell state"
        default:
            _ = try store.transfer.backup(to: bad)
            let db = try StoreDatabase(path: bad)
            try db.executeScript("PRAGMA user_version = \(StoreSchema.latestVersion + 1)")
            db.close()
            expected = "written by a newer gymbell"
        }
        #expect {
            try store.transfer.restore(from: bad, keepingAsideIn: FilePath.directory(of: path), at: Self.day)
        } throws: { error in
            "\(error)".contains(expected)
        }
        #expect(try store.transfer.counts() == StateCounts(sessions: 1, sets: 1))
        #expect(try FileManager.default.contentsOfDirectory(atPath: FilePath.directory(of: path)).filter { $0.hasPrefix("replaced-") || $0.hasPrefix("restoring-") }.isEmpty)
    }
}
