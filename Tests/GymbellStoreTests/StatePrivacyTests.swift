import FoundationEssentials
import Glibc
import GymbellCore
import Testing

@testable import GymbellStore

/// A person's training history is theirs alone (issue 27): the state directory 0700, the database and
/// its -wal and -shm 0600; looser ones are tightened once, and said.
@Suite("State directory and files are private")
struct StatePrivacyTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String { temporaryDatabasePath("privacy") }
    func directory(of path: String) -> String { FilePath.directory(of: path) }

    func mode(_ path: String) -> UInt32 {
        var st = stat()
        guard lstat(path, &st) == 0 else { return 0 }
        return UInt32(st.st_mode) & 0o7777
    }

    @Test func openDirectoryAndFilesAreMadePrivateOnceAndSaid() throws {
        let path = temporaryPath()
        let dir = directory(of: path)
        StateStore.open(path: path).close()
        for file in [path + "-wal", path + "-shm"] { #expect(FileManager.default.createFile(atPath: file, contents: Data())) }
        #expect(chmod(dir, 0o777) == 0)
        for file in [path, path + "-wal", path + "-shm"] { #expect(chmod(file, 0o666) == 0) }

        let findings = StatePrivacy.makePrivate(database: path)
        #expect(findings.map(\.path) == [dir, path, path + "-wal", path + "-shm"])
        #expect(findings.map(\.oldMode) == [0o777, 0o666, 0o666, 0o666])
        #expect(findings.allSatisfy { $0.failure == nil })
        #expect(mode(dir) == 0o700)
        #expect([path, path + "-wal", path + "-shm"].map(mode) == [0o600, 0o600, 0o600])
        #expect(findings[0].description == "\(dir) was open to other users (mode 0777); gymbell made it private (mode 0700)")
        #expect(StatePrivacy.makePrivate(database: path).isEmpty)  // said once
    }

    @Test func onlyOthersPermissionsAreTakenAway() throws {
        let path = temporaryPath()
        let dir = directory(of: path)
        StateStore.open(path: path).close()
        #expect(chmod(path, 0o444) == 0)
        #expect(chmod(dir, 0o555) == 0)
        defer { chmod(dir, 0o700) }
        #expect(StatePrivacy.makePrivate(database: path).map(\.newMode) == [0o500, 0o400])
        #expect(mode(dir) == 0o500 && mode(path) == 0o400)
    }

    @Test func aLinkInTheDatabasesPlaceIsNotChanged() throws {
        let path = temporaryPath()
        let target = directory(of: path) + "/elsewhere"
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        #expect(chmod(target, 0o644) == 0)
        #expect(symlink(target, path) == 0)
        #expect(StatePrivacy.makePrivate(database: path).map(\.path) == [directory(of: path)])  // the directory only
        #expect(mode(target) == 0o644)
    }

    /// Made 0700 and 0600 whatever the umask (the tests' is 022 or looser: 0777 and 0666 less it would show).
    @Test func aNewDirectoryAndDatabaseArePrivate() throws {
        let top = FilePath.directory(of: temporaryDatabasePath("new")) + "/home"
        let path = top + "/state/gymbell/state.sqlite"
        #expect(StatePrivacy.makePrivate(database: path).isEmpty)
        let store = try StateStore(path: path)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        for directory in [top, top + "/state", top + "/state/gymbell"] { #expect(mode(directory) == 0o700, "\(directory)") }
        // SQLite gives the -wal and -shm the database's mode; they exist while the store is open.
        for file in [path, path + "-wal", path + "-shm"] { #expect(mode(file) == 0o600, "\(file)") }
        store.close()
    }
}
