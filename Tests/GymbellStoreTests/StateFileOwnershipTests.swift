import FoundationEssentials
import Glibc
import GymbellCore
import Testing

@testable import GymbellStore

/// The state database is gymbell's own file (issue 27): a symbolic link in its place is not followed,
/// another program's database is never written into, and gymbell's carries its application_id.
@Suite("State file ownership")
struct StateFileOwnershipTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String { temporaryDatabasePath("ownership") }
    func directory(of path: String) -> String { FilePath.directory(of: path) }

    func listing(_ directory: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
    }

    func bytes(_ path: String) throws -> Data { try Data(contentsOf: URL(filePath: path)) }

    /// Another program's database (its own application_id, its own tables), closed, in a directory of its own.
    func otherProgramsDatabase(applicationID: Int32 = 0x4142_4344, journal: String = "wal") throws -> String {
        let path = temporaryDatabasePath("other-program").replacing("state.sqlite", with: "places.sqlite")
        let db = try StoreDatabase(path: path)
        try db.executeScript("""
            PRAGMA journal_mode = \(journal);
            PRAGMA application_id = \(applicationID);
            PRAGMA user_version = 3;
            CREATE TABLE bookmark (id INTEGER PRIMARY KEY, url TEXT);
            INSERT INTO bookmark (url) VALUES ('https://example.org');
            """)
        db.close()
        return path
    }

    func applicationID(_ path: String) throws -> Int? {
        let db = try StoreDatabase(path: path, flags: [.readOnly])
        defer { db.close() }
        return try db.value("PRAGMA application_id", as: Int.self)
    }

    // MARK: Symbolic links: not followed

    /// What every link case checks: refused by name, the store in memory, the link and what it points to untouched.
    func checkLinkRefused(_ path: String, to target: String, link: String? = nil) throws {
        let before = try bytes(target)
        let targetListing = try listing(directory(of: target))
        let stateListing = try listing(directory(of: path))

        #expect(throws: StoreError.self) { try StateStore(path: path) }
        let store = StateStore.open(path: path, clock: { self.start })
        let problem = try #require(store.problem)
        #expect(problem.cause == .symbolicLink)
        #expect(problem.link == StorageProblem.Link(path: link ?? path, target: target))
        #expect(problem.movedTo == nil && !problem.saving)
        #expect(store.isSavingDeferred)
        #expect(problem.detail.contains("\(link ?? path) is a symbolic link (to \(target)); gymbell does not follow it"))
        // It goes on in memory, from nothing (the linked file is not read).
        #expect(try store.history().isEmpty)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        #expect(try store.activeSession()?.id == SessionID("r1"))
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(StateStore.firstRetry), force: true))
        #expect(store.problem?.cause == .symbolicLink)
        store.close()

        #expect(try bytes(target) == before)
        #expect(try listing(directory(of: target)) == targetListing)
        #expect(try listing(directory(of: path)) == stateListing)
        #expect(StoreFile.target(of: link ?? path) == target)
    }

    @Test func aLinkToAnotherProgramsDatabaseIsNotFollowed() throws {
        let path = temporaryPath()
        let target = try otherProgramsDatabase()
        #expect(symlink(target, path) == 0)
        try checkLinkRefused(path, to: target)
        let other = try StoreDatabase(path: target, flags: [.readOnly])
        #expect(try other.value("PRAGMA user_version", as: Int.self) == 3)
        #expect(try other.value("SELECT count(*) FROM sqlite_master WHERE name = 'session'", as: Int.self) == 0)
    }

    @Test func aLinkToAnEmptyFileLeavesItEmpty() throws {
        let path = temporaryPath()
        let target = directory(of: path) + "/elsewhere.sqlite"
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        #expect(symlink(target, path) == 0)
        try checkLinkRefused(path, to: target)
        #expect(try bytes(target).isEmpty)
    }

    @Test func aLinkToATextFileIsNotMovedAsideAsDamaged() throws {
        let path = temporaryPath()
        let target = directory(of: path) + "/notes.txt"
        try Data("my notes, not a database\n".utf8).write(to: URL(filePath: target))
        #expect(symlink(target, path) == 0)
        try checkLinkRefused(path, to: target)
        #expect(try listing(directory(of: path)).allSatisfy { !$0.contains("broken") })
    }

    @Test func aDanglingLinkIsNotFollowedToMakeAFile() throws {
        let path = temporaryPath()
        let target = directory(of: path) + "/nowhere/state.sqlite"
        #expect(symlink(target, path) == 0)
        let store = StateStore.open(path: path)
        #expect(store.problem?.cause == .symbolicLink)
        #expect(store.problem?.link?.target == target)
        store.close()
        #expect(!FileManager.default.fileExists(atPath: target))
    }

    @Test func aLinkInTheWriteAheadLogsPlaceIsNamed() throws {
        let path = temporaryPath()
        let store = try StateStore(path: path)
        store.close()
        let target = directory(of: path) + "/some-log"
        try Data("log".utf8).write(to: URL(filePath: target))
        #expect(symlink(target, path + "-wal") == 0)
        try checkLinkRefused(path, to: target, link: path + "-wal")
        #expect(try bytes(target) == Data("log".utf8))
    }

    @Test func whenTheLinkIsReplacedByTheFileChangesAreSavedIntoIt() throws {
        let path = temporaryPath()
        let target = directory(of: path) + "/kept-elsewhere.sqlite"
        do {
            let original = try StateStore(path: target)
            try original.start(SessionPlanner.rest(id: SessionID("old"), seconds: 60, startingAt: start))
            try original.stopSession(at: start.addingTimeInterval(10))
            original.close()
        }
        #expect(symlink(target, path) == 0)
        let store = StateStore.open(path: path, clock: { self.start.addingTimeInterval(100) })
        #expect(store.problem?.cause == .symbolicLink)
        try store.start(SessionPlanner.rest(id: SessionID("new"), seconds: 60, startingAt: start.addingTimeInterval(100)))

        // What the message says to do: move the file it points to into its place.
        #expect(rename(target, path) == 0)
        #expect(store.saveUnsaved(at: start.addingTimeInterval(200), force: true))
        #expect(store.problem == nil)
        store.close()
        #expect(try StateStore(path: path).history().map(\.id) == [SessionID("old"), SessionID("new")])
    }

    @Test func somethingOtherThanAFileIsNotOpenedNorMoved() throws {
        let path = temporaryPath()
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        let store = StateStore.open(path: path)
        let problem = try #require(store.problem)
        #expect(problem.cause == .ioError)
        #expect(problem.detail.contains("is not a regular file (a directory)"))
        store.close()
        var isDirectory = false
        #expect(FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory)
    }

    // MARK: Another program's database: never written into

    @Test(arguments: ["wal", "delete"])
    func anotherProgramsDatabaseInPlaceIsRefusedUntouched(journal: String) throws {
        let other = try otherProgramsDatabase(journal: journal)
        let path = temporaryPath()
        #expect(rename(other, path) == 0)
        let before = try bytes(path)
        let listed = try listing(directory(of: path))

        #expect(throws: StoreError.self) { try StateStore(path: path) }
        let store = StateStore.open(path: path, clock: { self.start })
        let problem = try #require(store.problem)
        #expect(problem.cause == .foreignFile)
        #expect(problem.movedTo == nil && !problem.saving)
        #expect(problem.detail.contains("application_id is 0x41424344"))
        #expect(try store.history().isEmpty)  // not read into memory either
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        #expect(!store.saveUnsaved(at: start.addingTimeInterval(10), force: true))
        store.close()

        #expect(try bytes(path) == before)
        #expect(try listing(directory(of: path)) == listed)
        #expect(Messages.english.storageProblem(problem).body.hasPrefix("\(path) belongs to another program, not to gymbell"))
    }

    @Test func tablesThatAreNotGymbellsMakeAnUnstampedDatabaseAnotherProgramsToo() throws {
        let path = temporaryPath()
        let db = try StoreDatabase(path: path)
        // Names gymbell uses, and one it does not: not gymbell's.
        try db.executeScript("""
            PRAGMA user_version = 2;
            CREATE TABLE session (id TEXT); CREATE TABLE reminder (id TEXT); CREATE TABLE invoice (id TEXT);
            """)
        db.close()
        let before = try bytes(path)
        let store = StateStore.open(path: path)
        #expect(store.problem?.cause == .foreignFile)
        #expect(store.problem?.detail.contains("tables gymbell does not have: invoice") == true)
        store.close()
        #expect(try bytes(path) == before)
        #expect(try applicationID(path) == 0)
    }

    @Test func gymbellsTableNamesWithoutASchemaVersionAreNotGymbells() throws {
        let path = temporaryPath()
        let db = try StoreDatabase(path: path)
        try db.executeScript("CREATE TABLE session (id TEXT); CREATE TABLE reminder (id TEXT)")
        db.close()
        #expect(StateStore.open(path: path).problem?.cause == .foreignFile)
    }

    @Test func aFileThatIsNotADatabaseIsStillMovedAsideAsDamaged() throws {
        let path = temporaryPath()
        try Data("not a database at all".utf8).write(to: URL(filePath: path))
        let store = StateStore.open(path: path, clock: { self.start })
        #expect(store.problem?.cause == .corrupt)
        #expect(store.problem?.movedTo == path + ".broken-\(Int(start.timeIntervalSince1970))")
        store.close()
    }

    // MARK: gymbell's application_id

    @Test func theApplicationIDSpellsGymB() {
        let id = UInt32(bitPattern: StoreOwnership.applicationID)
        #expect(String(decoding: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: id >> $0) }, as: UTF8.self) == "GymB")
    }

    @Test func aNewDatabaseCarriesGymbellsApplicationID() throws {
        let path = temporaryPath()
        StateStore.open(path: path).close()
        #expect(try applicationID(path) == Int(StoreOwnership.applicationID))
        #expect(StoreFile.headerApplicationID(path) == StoreOwnership.applicationID)  // folded into the file at close
        #expect(StateStore.open(path: path).problem == nil)
    }

    @Test func anEmptyFileBecomesGymbellsDatabase() throws {
        let path = temporaryPath()
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = StateStore.open(path: path)
        #expect(store.problem == nil)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 60, startingAt: start))
        store.close()
        #expect(try applicationID(path) == Int(StoreOwnership.applicationID))
        #expect(try StateStore(path: path).activeSession()?.id == SessionID("r1"))
    }

    @Test func anSQLiteDatabaseWithNothingInItBecomesGymbells() throws {
        let path = temporaryPath()
        let db = try StoreDatabase(path: path)
        try db.executeScript("PRAGMA journal_mode = WAL")  // what a first open that stopped there leaves
        db.close()
        let store = StateStore.open(path: path)
        #expect(store.problem == nil)
        store.close()
        #expect(try applicationID(path) == Int(StoreOwnership.applicationID))
    }

    @Test func anOlderGymbellDatabaseIsStampedAndKeepsItsData() throws {
        let path = temporaryPath()
        do {
            let store = try StateStore(path: path)
            try store.start(SessionPlanner.rest(id: SessionID("old"), seconds: 60, startingAt: start))
            try store.stopSession(at: start.addingTimeInterval(30))
            store.close()
            // As the builds before issue 27 left it.
            let db = try StoreDatabase(path: path)
            try db.executeScript("PRAGMA application_id = 0; PRAGMA wal_checkpoint(TRUNCATE)")
            db.close()
        }
        #expect(try applicationID(path) == 0)
        let store = StateStore.open(path: path)
        #expect(store.problem == nil)
        #expect(try store.history().map(\.id) == [SessionID("old")])
        store.close()
        #expect(try applicationID(path) == Int(StoreOwnership.applicationID))
        #expect(try StateStore(path: path).history().map(\.outcome) == [.stopped])
    }

    @Test func theGRDBBuildsDatabaseIsStamped() throws {
        let path = temporaryPath()
        try FileManager.default.copyItem(atPath: GRDBDatabaseUpgradeTests.fixture, toPath: path)
        #expect(try applicationID(path) == 0)
        let store = StateStore.open(path: path)
        #expect(store.problem == nil)
        #expect(try store.history().count == 3)
        store.close()
        #expect(try applicationID(path) == Int(StoreOwnership.applicationID))
    }

    @Test func gymbellsTablesAreWhatItsMigrationsMake() {
        #expect(StoreOwnership.gymbellTables.isSuperset(of: ["session", "reminder", "daily_state", "set_log", "grdb_migrations"]))
    }
}
