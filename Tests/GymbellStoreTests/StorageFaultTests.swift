import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// "Cannot write now" is never taken for damage (issue 14): the file stays, state goes on in memory
/// and is saved when the file can be written again; only what SQLite reports damaged is moved aside.
@Suite("State store under storage faults")
struct StorageFaultTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String { temporaryDatabasePath("faults") }

    /// A database closed cleanly with one rest, "old", stopped after 30 s.
    func databaseWithOneStoppedRest() throws -> String {
        let path = temporaryPath()
        let store = try StateStore(path: path)
        try store.start(SessionPlanner.rest(id: SessionID("old"), seconds: 60, startingAt: start))
        try store.stopSession(at: start.addingTimeInterval(30))
        store.close()
        return path
    }

    // MARK: Classification

    static let cases: [(SQLiteResultCode, FilesystemState, StorageProblem.Cause)] = [
        (.corrupt, FilesystemState(readOnly: false, full: false), .corrupt),
        (.notADatabase, FilesystemState(readOnly: false, full: false), .corrupt),
        (.corrupt, FilesystemState(readOnly: true, full: true), .corrupt),
        (.full, FilesystemState(readOnly: false, full: false), .noSpace),
        (.readOnly, FilesystemState(readOnly: false, full: false), .readOnly),
        (.permission, FilesystemState(readOnly: false, full: false), .readOnly),
        (.busy, FilesystemState(readOnly: false, full: false), .locked),
        (.locked, FilesystemState(readOnly: false, full: false), .locked),
        // SQLite does not say why an I/O error or an open failed: the file system does.
        (.ioError, FilesystemState(readOnly: false, full: true), .noSpace),
        (.ioError, FilesystemState(readOnly: true, full: false), .readOnly),
        (.ioError, FilesystemState(readOnly: false, full: false), .ioError),
        (.cannotOpen, FilesystemState(readOnly: true, full: false), .readOnly),
        (.cannotOpen, FilesystemState(readOnly: false, full: true), .noSpace),
        (.cannotOpen, FilesystemState(readOnly: false, full: false), .ioError),
    ]

    @Test(arguments: 0..<cases.count)
    func onlyWhatSQLiteCallsDamageIsDamage(_ index: Int) {
        let (code, filesystem, expected) = Self.cases[index]
        #expect(StoreFailure.cause(of: code, at: "/state/state.sqlite", filesystem: { _ in filesystem }) == expected, "\(code)")
    }

    @Test func extendedCodesKeepTheirPrimaryMeaning() {
        let quiet: (String) -> FilesystemState = { _ in FilesystemState(readOnly: false, full: false) }
        #expect(StoreFailure.cause(of: SQLiteResultCode(rawValue: 13 | (1 << 8)), at: "/x", filesystem: quiet) == .noSpace)
        #expect(StoreFailure.cause(of: code(.readOnly, 4), at: "/x", filesystem: quiet) == .readOnly)  // SQLITE_READONLY_DBMOVED
        #expect(StoreFailure.cause(of: code(.corrupt, 3), at: "/x", filesystem: quiet) == .corrupt)  // SQLITE_CORRUPT_INDEX
        #expect(StoreFailure.cause(of: code(.busy, 2), at: "/x", filesystem: quiet) == .locked)  // SQLITE_BUSY_SNAPSHOT
        #expect(StoreFailure.cause(of: code(.ioError, 4), at: "/x", filesystem: quiet) == .ioError)  // SQLITE_IOERR_FSYNC
    }

    @Test func anSQLiteErrorIsClassifiedByItsCode() {
        #expect(StoreError(path: "/x", error: SQLiteError(code: .full, message: "database or disk is full")).cause == .noSpace)
        #expect(StoreError(path: "/x", error: SQLiteError(code: .notADatabase, message: "file is not a database")).cause == .corrupt)
        #expect(StoreError(path: "/x", error: SQLiteError(code: code(.busy, 2), message: "")).cause == .locked)
    }

    func code(_ primary: SQLiteResultCode, _ extended: Int32) -> SQLiteResultCode {
        SQLiteResultCode(rawValue: primary.rawValue | (extended << 8))
    }

    // MARK: Damage: moved aside, told

    @Test func aDamagedFileIsMovedAsideWithItsBytesAndAFreshOneStarted() throws {
        let path = temporaryPath()
        let garbage = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(filePath: path))
        #expect(throws: StoreError.self) { try StateStore(path: path) }
        #expect((try? StateStore(path: path)) == nil)

        let store = StateStore.open(path: path, clock: { self.start })
        let problem = try #require(store.problem)
        #expect(problem.cause == .corrupt)
        #expect(problem.saving)
        #expect(problem.movedTo == path + ".broken-\(Int(start.timeIntervalSince1970))")
        #expect(try Data(contentsOf: URL(filePath: try #require(problem.movedTo))) == garbage)
        #expect(!store.isSavingDeferred)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        store.close()
        #expect(try StateStore(path: path).activeSession()?.id == SessionID("r1"))
    }

    @Test func anIntactWritableFileHasNoProblem() throws {
        let path = temporaryPath()
        let store = StateStore.open(path: path)
        #expect(store.problem == nil)
        #expect(!store.isSavingDeferred)
    }

    // MARK: Cannot write now: never moved aside, kept in memory, saved later

    /// Another connection holding the write lock makes every write fail with SQLITE_BUSY.
    final class Lock {
        let connection: SQLiteConnection
        init(_ path: String) throws {
            connection = try SQLiteConnection(path: path)
            try connection.execute("BEGIN IMMEDIATE")
        }
        func release() throws { try connection.execute("COMMIT") }
    }

    @Test func aWriteThatFailsGoesOnInMemoryAndIsSavedWhenTheFileCanBeWritten() throws {
        let path = temporaryPath()
        let plan = SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start)
        let store = try StateStore(path: path, busyTimeout: 0.05, clock: { self.start })
        try store.start(plan)

        let lock = try Lock(path)
        // The rest ends while the file cannot be written: its finish is kept, not lost.
        try store.remove(plan.reminders.map(\.id))
        try store.finish(plan.session.id, at: start.addingTimeInterval(90))
        let problem = try #require(store.problem)
        #expect(problem.cause == .locked)
        #expect(!problem.saving)
        #expect(store.isSavingDeferred)
        #expect(try store.activeSession() == nil)
        #expect(try store.history().map(\.outcome) == [.completed])
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(try FileManager.default.contentsOfDirectory(atPath: FilePath.directory(of: path)).allSatisfy { !$0.contains("broken") })

        // Not due yet, then due but still locked: the next attempt waits longer.
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(1)))
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(StateStore.firstRetry)))
        #expect(try #require(store.nextSaveAttempt) == start.addingTimeInterval(StateStore.firstRetry * 3))

        try lock.release()
        #expect(store.saveUnsaved(at: start.addingTimeInterval(StateStore.firstRetry * 3)))
        #expect(store.problem == nil)
        #expect(store.nextSaveAttempt == nil)
        #expect(!store.isSavingDeferred)

        let reader = try StoreDatabase(path: path, flags: [.readOnly])
        #expect(try reader.value("SELECT outcome FROM session WHERE id = 'r1'", as: String.self) == "completed")
        #expect(try reader.value("SELECT COUNT(*) FROM reminder", as: Int.self) == 0)
    }

    @Test func aFileThatCannotBeWrittenAtStartIsReadIntoMemoryNotMovedAside() throws {
        let path = try databaseWithOneStoppedRest()
        let lock = try Lock(path)
        let store = StateStore.open(path: path, busyTimeout: 0.05, clock: { self.start.addingTimeInterval(100) })
        let problem = try #require(store.problem)
        #expect(problem.cause == .locked)
        #expect(problem.movedTo == nil)
        #expect(store.isSavingDeferred)
        // The history is still there to read.
        #expect(try store.history().map(\.id) == [SessionID("old")])

        try store.start(SessionPlanner.rest(id: SessionID("new"), seconds: 60, startingAt: start.addingTimeInterval(100)))
        try store.save(DailyState(quietDay: LocalDay(daysSinceEpoch: 1)))
        try store.save(DailyState(quietDay: LocalDay(daysSinceEpoch: 2)))
        try lock.release()
        #expect(store.saveUnsaved(at: start.addingTimeInterval(200), force: true))
        store.close()

        let reopened = try StateStore(path: path)
        #expect(try reopened.history().map(\.id) == [SessionID("old"), SessionID("new")])
        #expect(try reopened.activeSession()?.id == SessionID("new"))
        #expect(try reopened.dailyState().quietDay == LocalDay(daysSinceEpoch: 2))
    }

    /// The daemon opens its store without the write check and makes it once it owns its bus name:
    /// what it finds then is what the check at opening would have found, and the store goes on the same way.
    @Test func theWriteCheckLeftForLaterFindsTheSameAndGoesOnInMemory() throws {
        let path = try databaseWithOneStoppedRest()
        do {
            // Writable: nothing to report, and the store writes the file.
            let store = StateStore.open(path: path, checkingWritable: false)
            #expect(store.problem == nil)
            #expect(!store.checkWritable())
            #expect(store.problem == nil && !store.isSavingDeferred)
            store.close()
        }
        // Opened, read, then another program takes the write lock (the check's failure at start-up is a
        // full disk: test_state_db mounts one).
        let store = StateStore.open(path: path, busyTimeout: 0.05, clock: { self.start.addingTimeInterval(100) }, checkingWritable: false)
        #expect(store.problem == nil)
        #expect(try store.history().map(\.id) == [SessionID("old")])
        let lock = try Lock(path)
        #expect(store.checkWritable())
        let problem = try #require(store.problem)
        #expect(problem.cause == .locked)
        #expect(problem.movedTo == nil && !problem.saving)
        #expect(store.isSavingDeferred)
        #expect(try store.history().map(\.id) == [SessionID("old")])  // read from the copy in memory now
        #expect(!store.checkWritable())  // already in memory: nothing more to find

        try store.start(SessionPlanner.rest(id: SessionID("new"), seconds: 60, startingAt: start.addingTimeInterval(100)))
        try lock.release()
        #expect(store.saveUnsaved(at: start.addingTimeInterval(200), force: true))
        store.close()
        #expect(try StateStore(path: path).history().map(\.id) == [SessionID("old"), SessionID("new")])
    }

    @Test func closingSavesWhatWaitedInMemory() throws {
        let path = temporaryPath()
        let store = try StateStore(path: path, busyTimeout: 0.05)
        let lock = try Lock(path)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        #expect(store.isSavingDeferred)
        try lock.release()
        store.close()
        #expect(try StateStore(path: path).activeSession()?.id == SessionID("r1"))
    }

    @Test func messagesSayWhatToDo() {
        let full = StorageProblem(cause: .noSpace, database: "/home/a/.local/state/gymbell/state.sqlite", saving: false, since: start, detail: "")
        #expect(Messages.english.storageProblem(full).body.contains("free disk space in /home/a/.local/state/gymbell"))
        var readOnly = full
        readOnly.cause = .readOnly
        #expect(Messages.english.storageProblem(readOnly).body.contains("make it and /home/a/.local/state/gymbell/state.sqlite writable"))
        let moved = StorageProblem(cause: .corrupt, database: "/s/state.sqlite", movedTo: "/s/state.sqlite.broken-1", saving: true, since: start, detail: "")
        #expect(Messages.english.storageProblem(moved).body.contains("/s/state.sqlite.broken-1"))
        let report = StatusReport(session: nil, pending: [], nextDaily: nil, now: start, storage: full)
        #expect(report.jsonText().contains(#""storage":{"message":"Workouts are not being saved: The disk is full"#))
        #expect(report.jsonText().contains(#""problem":"no_space","saving":false,"since":"2027-01-15T08:00:00.000Z""#))
    }
}
