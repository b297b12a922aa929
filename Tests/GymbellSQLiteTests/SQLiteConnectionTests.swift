import FoundationEssentials
import GymbellSQLite
import Testing

@Suite("SQLite wrapper")
struct SQLiteConnectionTests {
    func temporaryPath() throws -> String {
        let directory = FileManager.default.temporaryDirectory.appending(path: "gymbell-sqlite-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appending(path: "test.sqlite").path
    }

    /// An idle daemon gives back the pages a read cached (start-up reads the whole history).
    @Test func releasingMemoryEmptiesThePageCacheAndReadsStillWork() throws {
        let db = try SQLiteConnection(path: try temporaryPath())
        try db.execute("CREATE TABLE t (x TEXT); WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 2000) "
            + "INSERT INTO t SELECT printf('%0200d', i) FROM n")
        let count = try db.prepare("SELECT count(*), sum(length(x)) FROM t")
        #expect(try count.step())
        #expect(count.int64(at: 0) == 2000)
        count.reset()
        let cached = db.cacheBytes
        #expect(cached > 300_000)
        db.releaseMemory()
        #expect(db.cacheBytes < cached / 10)
        #expect(try count.step())
        #expect(count.int64(at: 1) == 400_000)
    }

    @Test func everyStorageClassRoundTrips() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute("CREATE TABLE t (v)")
        let values: [SQLiteValue] = [
            .null, .integer(0), .integer(Int64.min), .integer(Int64.max), .real(-0.5), .real(1_800_000_000.123456),
            .text(""), .text("Rest over ⏰ — Gut gemacht! 🎉"), .text("a\u{0}b"), .blob(Data()), .blob(Data([0, 1, 2, 255])),
        ]
        let insert = try db.prepare("INSERT INTO t (v) VALUES (?)")
        for value in values {
            try insert.bind([value])
            #expect(try insert.step() == false)
            #expect(db.changes == 1)
        }
        let select = try db.prepare("SELECT v FROM t ORDER BY rowid")
        var read: [SQLiteValue] = []
        while try select.step() { read.append(select.value(at: 0)) }
        #expect(read == values)
    }

    @Test func typedColumnReads() throws {
        let db = try SQLiteConnection.inMemory()
        let statement = try db.prepare("SELECT 42 AS n, 2.5 AS x, 'text' AS s, NULL AS z, x'CAFE' AS b")
        #expect(try statement.step())
        #expect(statement.columnCount == 5)
        #expect((0..<5).map(statement.columnName(at:)) == ["n", "x", "s", "z", "b"])
        #expect(statement.int64(at: 0) == 42 && statement.double(at: 1) == 2.5 && statement.string(at: 2) == "text")
        #expect(statement.isNull(at: 3) && statement.string(at: 3) == nil && statement.blob(at: 3) == nil)
        #expect(statement.blob(at: 4) == Data([0xCA, 0xFE]))
        #expect(try statement.step() == false)
    }

    @Test func errorsCarryCodesMessageAndSQL() throws {
        let db = try SQLiteConnection.inMemory()
        try db.execute("CREATE TABLE t (id TEXT PRIMARY KEY)")
        try db.execute("INSERT INTO t VALUES ('a')")
        let insert = try db.prepare("INSERT INTO t VALUES (?)")
        try insert.bind([.text("a")])
        let duplicate = try #require(throws: SQLiteError.self) { try insert.step() }
        #expect(duplicate.code == .constraint)
        #expect(duplicate.extendedCode.rawValue == 1555)  // SQLITE_CONSTRAINT_PRIMARYKEY
        #expect(duplicate.message.contains("UNIQUE constraint failed: t.id"))
        #expect(duplicate.sql == "INSERT INTO t VALUES (?)")

        let syntax = try #require(throws: SQLiteError.self) { try db.prepare("SELEKT 1") }
        #expect(syntax.code == .error && syntax.message.contains("syntax error"))
        let script = try #require(throws: SQLiteError.self) { try db.execute("SELECT 1; SELECT * FROM missing") }
        #expect(script.message.contains("no such table: missing"))
        insert.reset()
        #expect(try #require(throws: SQLiteError.self) { try insert.bind(.null, at: 2) }.code == .range)
    }

    @Test func aFileThatIsNotADatabase() throws {
        let path = try temporaryPath()
        try Data(repeating: 0x5A, count: 4096).write(to: URL(filePath: path))
        let db = try SQLiteConnection(path: path)
        let error = try #require(throws: SQLiteError.self) { try db.execute("PRAGMA journal_mode = WAL") }
        #expect(error.code == .notADatabase)
        #expect("\(error)".contains("file is not a database"))
    }

    @Test func openingWhatCannotBeOpenedNamesThePath() throws {
        let error = try #require(throws: SQLiteError.self) {
            try SQLiteConnection(path: "/nonexistent-gymbell/x.sqlite", flags: [.readWrite, .create])
        }
        #expect(error.code == .cannotOpen)
        #expect(error.message.contains("/nonexistent-gymbell/x.sqlite"))
    }

    @Test func aLockHeldElsewhereIsBusyAfterTheTimeout() throws {
        let path = try temporaryPath()
        let holder = try SQLiteConnection(path: path)
        try holder.execute("PRAGMA journal_mode = WAL; CREATE TABLE t (v)")
        try holder.execute("BEGIN IMMEDIATE")
        let waiter = try SQLiteConnection(path: path)
        waiter.setBusyTimeout(seconds: 0.05)
        let clock = ContinuousClock()
        let started = clock.now
        let busy = try #require(throws: SQLiteError.self) { try waiter.execute("BEGIN IMMEDIATE") }
        #expect(busy.code == .busy)
        #expect(clock.now - started >= .milliseconds(40))
        #expect(!waiter.isInTransaction && holder.isInTransaction)
        try holder.execute("COMMIT")
        try waiter.execute("BEGIN IMMEDIATE; INSERT INTO t VALUES (1); COMMIT")
    }

    @Test func backupCopiesTheWholeDatabase() throws {
        let source = try SQLiteConnection.inMemory()
        try source.execute("CREATE TABLE t (v); INSERT INTO t VALUES ('kept'); PRAGMA user_version = 6")
        let copy = try SQLiteConnection.inMemory()
        try source.backup(to: copy)
        let statement = try copy.prepare("SELECT v, (SELECT user_version FROM pragma_user_version) FROM t")
        #expect(try statement.step())
        #expect(statement.string(at: 0) == "kept" && statement.int64(at: 1) == 6)
    }

    @Test func aClosedConnectionRefusesWork() throws {
        let db = try SQLiteConnection.inMemory()
        let statement = try db.prepare("SELECT 1")
        db.close()
        #expect(!db.isOpen)
        #expect(try #require(throws: SQLiteError.self) { try db.execute("SELECT 1") }.code == .misuse)
        #expect(try #require(throws: SQLiteError.self) { try statement.step() }.code == .misuse)
        db.close()  // twice is harmless
    }
}
