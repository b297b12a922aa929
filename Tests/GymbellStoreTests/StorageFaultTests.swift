import Foundation
import GRDB
import GymbellCore
import Testing

@testable import GymbellStore

/// "Cannot write now" is never taken for damage (issue 14): the file stays, state goes on in memory
/// and is saved when the file can be written again; only what SQLite reports damaged is moved aside.
@Suite("State store under storage faults")
struct StorageFaultTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-faults-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("state.sqlite").path
    }

    // MARK: Classification

    static let cases: [(ResultCode, FilesystemState, StorageProblem.Cause)] = [
        (.SQLITE_CORRUPT, FilesystemState(readOnly: false, full: false), .corrupt),
        (.SQLITE_NOTADB, FilesystemState(readOnly: false, full: false), .corrupt),
        (.SQLITE_CORRUPT, FilesystemState(readOnly: true, full: true), .corrupt),
        (.SQLITE_FULL, FilesystemState(readOnly: false, full: false), .noSpace),
        (.SQLITE_READONLY, FilesystemState(readOnly: false, full: false), .readOnly),
        (.SQLITE_PERM, FilesystemState(readOnly: false, full: false), .readOnly),
        (.SQLITE_BUSY, FilesystemState(readOnly: false, full: false), .locked),
        (.SQLITE_LOCKED, FilesystemState(readOnly: false, full: false), .locked),
        // SQLite does not say why an I/O error or an open failed: the file system does.
        (.SQLITE_IOERR, FilesystemState(readOnly: false, full: true), .noSpace),
        (.SQLITE_IOERR, FilesystemState(readOnly: true, full: false), .readOnly),
        (.SQLITE_IOERR, FilesystemState(readOnly: false, full: false), .ioError),
        (.SQLITE_CANTOPEN, FilesystemState(readOnly: true, full: false), .readOnly),
        (.SQLITE_CANTOPEN, FilesystemState(readOnly: false, full: true), .noSpace),
        (.SQLITE_CANTOPEN, FilesystemState(readOnly: false, full: false), .ioError),
    ]

    @Test(arguments: 0..<cases.count)
    func onlyWhatSQLiteCallsDamageIsDamage(_ index: Int) {
        let (code, filesystem, expected) = Self.cases[index]
        #expect(StoreFailure.cause(of: code, at: "/state/state.sqlite", filesystem: { _ in filesystem }) == expected, "\(code)")
    }

    @Test func extendedCodesKeepTheirPrimaryMeaning() {
        let quiet: (String) -> FilesystemState = { _ in FilesystemState(readOnly: false, full: false) }
        #expect(StoreFailure.cause(of: ResultCode(rawValue: 13 | (1 << 8)).primaryResultCode, at: "/x", filesystem: quiet) == .noSpace)
        #expect(StoreFailure.cause(of: ResultCode.SQLITE_READONLY_DBMOVED.primaryResultCode, at: "/x", filesystem: quiet) == .readOnly)
        #expect(StoreFailure.cause(of: ResultCode.SQLITE_CORRUPT_INDEX.primaryResultCode, at: "/x", filesystem: quiet) == .corrupt)
        #expect(StoreFailure.cause(of: ResultCode.SQLITE_BUSY_SNAPSHOT.primaryResultCode, at: "/x", filesystem: quiet) == .locked)
    }

    @Test func aGRDBErrorIsClassifiedByItsCode() {
        #expect(StoreError(path: "/x", error: DatabaseError(resultCode: .SQLITE_FULL)).cause == .noSpace)
        #expect(StoreError(path: "/x", error: DatabaseError(resultCode: .SQLITE_NOTADB)).cause == .corrupt)
    }

    // MARK: Damage: moved aside, told

    @Test func aDamagedFileIsMovedAsideWithItsBytesAndAFreshOneStarted() throws {
        let path = temporaryPath()
        let garbage = Data((0..<65_536).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) })
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: StoreError.self) { try StateStore(path: path) }
        #expect((try? StateStore(path: path)) == nil)

        let store = StateStore.open(path: path, clock: { self.start })
        let problem = try #require(store.problem)
        #expect(problem.cause == .corrupt)
        #expect(problem.saving)
        #expect(problem.movedTo == path + ".broken-\(Int(start.timeIntervalSince1970))")
        #expect(try Data(contentsOf: URL(fileURLWithPath: try #require(problem.movedTo))) == garbage)
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
        let queue: DatabaseQueue
        init(_ path: String) throws {
            var configuration = Configuration()
            configuration.allowsUnsafeTransactions = true  // the lock outlives one access on purpose
            queue = try DatabaseQueue(path: path, configuration: configuration)
            try queue.writeWithoutTransaction { db in try db.execute(sql: "BEGIN IMMEDIATE") }
        }
        func release() throws { try queue.writeWithoutTransaction { db in try db.execute(sql: "COMMIT") } }
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
        #expect(try FileManager.default.contentsOfDirectory(atPath: (path as NSString).deletingLastPathComponent).allSatisfy { !$0.contains("broken") })

        // Not due yet, then due but still locked: the next attempt waits longer.
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(1)))
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(StateStore.firstRetry)))
        #expect(try #require(store.nextSaveAttempt) == start.addingTimeInterval(StateStore.firstRetry * 3))

        try lock.release()
        #expect(store.saveUnsaved(at: start.addingTimeInterval(StateStore.firstRetry * 3)))
        #expect(store.problem == nil)
        #expect(store.nextSaveAttempt == nil)
        #expect(!store.isSavingDeferred)

        let reader = try DatabaseQueue(path: path)
        let outcome = try reader.read { db in try String.fetchOne(db, sql: "SELECT outcome FROM session WHERE id = 'r1'") }
        #expect(outcome == "completed")
        #expect(try reader.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM reminder") } == 0)
    }

    @Test func aFileThatCannotBeWrittenAtStartIsReadIntoMemoryNotMovedAside() throws {
        let path = temporaryPath()
        do {
            let store = try StateStore(path: path)
            try store.start(SessionPlanner.rest(id: SessionID("old"), seconds: 60, startingAt: start))
            try store.stopSession(at: start.addingTimeInterval(30))
            store.close()
        }
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
