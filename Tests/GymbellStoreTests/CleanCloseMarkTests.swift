import FoundationEssentials
import Glibc
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// A database exactly as the daemon closed it skips the start-up's integrity check; anything that
/// happened to it since (a crash, another program's write, scribbled pages) brings the check back.
@Suite("Clean-close mark")
struct CleanCloseMarkTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String { temporaryDatabasePath("clean") }

    func closedCleanly() throws -> String {
        let path = temporaryPath()
        let store = try StateStore(path: path)
        _ = try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        store.close()
        return path
    }

    @Test func aCleanCloseMarksTheFileAsUntouchedPrivately() throws {
        let path = try closedCleanly()
        #expect(CleanCloseMark.isUntouched(path))
        var st = stat()
        #expect(stat(CleanCloseMark.path(for: path), &st) == 0)
        #expect(st.st_mode & 0o777 == 0o600)
        // Opened and closed again: still untouched, and what was saved is there.
        let again = try StateStore(path: path)
        #expect(try again.activeSession()?.id == SessionID("r1"))
        again.close()
        #expect(CleanCloseMark.isUntouched(path))
    }

    @Test func anotherProgramsWriteBringsTheCheckBack() throws {
        let path = try closedCleanly()
        let other = try SQLiteConnection(path: path)
        try other.execute("UPDATE session SET title = 'changed'")
        other.close()
        #expect(!CleanCloseMark.isUntouched(path))
    }

    @Test func aWriteAheadLogLeftByACrashBringsTheCheckBack() throws {
        let path = try closedCleanly()
        let fd = open(path + "-wal", O_WRONLY | O_CREAT, 0o600)
        #expect(write(fd, "x", 1) == 1)
        close(fd)
        #expect(!CleanCloseMark.isUntouched(path))
    }

    @Test func aStoreLeftWithoutCloseLeavesNoMarkForItsChanges() throws {
        let path = try closedCleanly()
        do {
            let store = try StateStore(path: path)
            _ = try store.stopSession(at: start.addingTimeInterval(10))
            // no close(): the process ends here, as at a kill
        }
        #expect(!CleanCloseMark.isUntouched(path))
    }

    /// The damage the reliability suite does to a file: every page after the first scribbled over, size
    /// kept. The mark no longer describes the file, so the check runs and finds the damage.
    @Test func scribbledPagesAreFoundDamagedAfterACleanClose() throws {
        let path = try closedCleanly()
        var bytes = try Data(contentsOf: URL(filePath: path))
        #expect(bytes.count > 4096)
        for i in 4096..<bytes.count { bytes[i] = UInt8(truncatingIfNeeded: i &* 7919 &+ 13) }
        try bytes.write(to: URL(filePath: path))
        #expect(!CleanCloseMark.isUntouched(path))
        let store = StateStore.open(path: path, clock: { self.start })
        #expect(store.problem?.cause == .corrupt)
    }

    /// A file put in the database's place while the daemon ran (a backup restored) was never checked.
    @Test func aFileRestoredWhileOpenGetsNoMark() throws {
        let path = try closedCleanly()
        let store = try StateStore(path: path)
        let restored = path + ".restored"
        try Data(contentsOf: URL(filePath: path)).write(to: URL(filePath: restored))
        #expect(rename(restored, path) == 0)
        store.close()
        #expect(!CleanCloseMark.isUntouched(path))
    }

    @Test func aStoreWithAProblemWritesNoMark() throws {
        let path = temporaryPath()
        try Data(repeating: 0x5A, count: 65_536).write(to: URL(filePath: path))
        let store = StateStore.open(path: path, clock: { self.start })
        #expect(store.problem?.cause == .corrupt)
        store.close()
        #expect(!CleanCloseMark.isUntouched(path))
    }
}
