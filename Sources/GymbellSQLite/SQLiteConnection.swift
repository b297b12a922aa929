import CSQLite

/// One SQLite database connection (`sqlite3 *`). Not for sharing between threads: whoever owns it
/// uses it from one thread at a time. Closed by `close()` or when released.
public final class SQLiteConnection {
    /// How to open the database (`SQLITE_OPEN_*`).
    public struct OpenFlags: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let readOnly = OpenFlags(rawValue: SQLITE_OPEN_READONLY)
        public static let readWrite = OpenFlags(rawValue: SQLITE_OPEN_READWRITE)
        public static let create = OpenFlags(rawValue: SQLITE_OPEN_CREATE)
        /// The path may be a `file:` URI (`file:/x/state.sqlite?immutable=1`).
        public static let uri = OpenFlags(rawValue: SQLITE_OPEN_URI)
    }

    /// nil once closed.
    private(set) var handle: OpaquePointer?
    public let path: String

    /// Opens the database at `path` (`":memory:"`: a private database in memory). Result codes are
    /// extended (`SQLITE_IOERR_WRITE`, not only `SQLITE_IOERR`). The connection takes no mutex of its
    /// own (`SQLITE_OPEN_NOMUTEX`): it is used from one thread at a time, and in serialized mode every
    /// column read locked and unlocked one (a fifth of reading 10 000 pending reminders, issue 16).
    public init(path: String, flags: OpenFlags = [.readWrite, .create]) throws(SQLiteError) {
        self.path = path
        var opened: OpaquePointer?
        let result = sqlite3_open_v2(path, &opened, flags.rawValue | SQLITE_OPEN_NOMUTEX, nil)
        guard result == SQLITE_OK, let opened else {
            // Unless memory ran out, SQLite hands back a handle that holds the message, to be closed.
            let message = opened.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
            let code = opened.map { sqlite3_extended_errcode($0) } ?? result
            sqlite3_close_v2(opened)
            throw SQLiteError(code: SQLiteResultCode(rawValue: code), message: "\(message) (opening \(path))")
        }
        handle = opened
        sqlite3_extended_result_codes(opened, 1)
    }

    /// A private database in memory, gone when closed.
    public static func inMemory() throws(SQLiteError) -> SQLiteConnection {
        try SQLiteConnection(path: ":memory:")
    }

    deinit { close() }

    /// Closes the connection. Statements still alive keep it until they are released
    /// (`sqlite3_close_v2`); using them after this throws `.misuse`.
    public func close() {
        guard let handle else { return }
        self.handle = nil
        sqlite3_close_v2(handle)
    }

    public var isOpen: Bool { handle != nil }

    /// Runs one or more SQL statements that return no rows (`sqlite3_exec`).
    public func execute(_ sql: String) throws(SQLiteError) {
        let db = try openHandle(for: sql)
        var message: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(db, sql, nil, nil, &message)
        defer { sqlite3_free(message) }
        guard result == SQLITE_OK else {
            let text = message.map { String(cString: $0) } ?? String(cString: sqlite3_errmsg(db))
            throw SQLiteError(code: SQLiteResultCode(rawValue: result), message: text, sql: sql)
        }
    }

    /// Compiles one SQL statement.
    public func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        let db = try openHandle(for: sql)
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v2(db, sql, -1, &statement, nil)
        guard result == SQLITE_OK, let statement else {
            sqlite3_finalize(statement)
            throw error(result, sql: sql)
        }
        return SQLiteStatement(statement, sql: sql, connection: self)
    }

    /// Runs `body` and returns how many thousands of virtual-machine instructions SQLite ran on this
    /// connection meanwhile: what the statements cost, the same on every machine (tests: a statement
    /// that walks a whole table instead of an index shows).
    public func countingInstructions(_ body: () throws -> Void) rethrows -> Int {
        guard let handle else {
            try body()
            return 0
        }
        let thousands = UnsafeMutablePointer<Int>.allocate(capacity: 1)
        thousands.initialize(to: 0)
        defer {
            sqlite3_progress_handler(handle, 0, nil, nil)
            thousands.deallocate()
        }
        sqlite3_progress_handler(handle, 1000, { context in
            context?.assumingMemoryBound(to: Int.self).pointee += 1
            return 0
        }, thousands)
        try body()
        return thousands.pointee
    }

    /// Frees what SQLite keeps in memory for this connection and can read again (cached pages not in
    /// use): after start-up read the whole history, some hundreds of kilobytes an idle daemon keeps.
    public func releaseMemory() {
        guard let handle else { return }
        sqlite3_db_release_memory(handle)
    }

    /// Bytes of pages this connection holds in its cache (`SQLITE_DBSTATUS_CACHE_USED`).
    public var cacheBytes: Int {
        guard let handle else { return 0 }
        var current: Int32 = 0
        var highest: Int32 = 0
        sqlite3_db_status(handle, SQLITE_DBSTATUS_CACHE_USED, &current, &highest, 0)
        return Int(current)
    }

    /// How long a statement waits for another connection's lock before failing with `.busy`.
    public func setBusyTimeout(seconds: Double) {
        guard let handle else { return }
        sqlite3_busy_timeout(handle, Int32(clamping: Int((seconds * 1000).rounded())))
    }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    public var changes: Int {
        guard let handle else { return 0 }
        return Int(sqlite3_changes64(handle))
    }

    /// Whether a transaction is open (SQLite is not in autocommit mode). SQLite ends one by itself
    /// after some failures (a full disk, an I/O error): then a ROLLBACK would fail.
    public var isInTransaction: Bool {
        guard let handle else { return false }
        return sqlite3_get_autocommit(handle) == 0
    }

    /// Copies this whole database into `destination`, replacing its contents (`sqlite3_backup_*`).
    public func backup(to destination: SQLiteConnection) throws(SQLiteError) {
        let source = try openHandle(for: nil)
        let target = try destination.openHandle(for: nil)
        guard let backup = sqlite3_backup_init(target, "main", source, "main") else {
            throw destination.error(sqlite3_extended_errcode(target), sql: nil)
        }
        let stepped = sqlite3_backup_step(backup, -1)
        let finished = sqlite3_backup_finish(backup)
        // The backup's failures are reported by code only (the connections' messages may be older).
        guard stepped == SQLITE_DONE else { throw SQLiteError(code: SQLiteResultCode(rawValue: stepped), message: "backup: \(SQLiteResultCode(rawValue: stepped))") }
        guard finished == SQLITE_OK else { throw SQLiteError(code: SQLiteResultCode(rawValue: finished), message: "backup: \(SQLiteResultCode(rawValue: finished))") }
    }

    // MARK: Errors

    func openHandle(for sql: String?) throws(SQLiteError) -> OpaquePointer {
        guard let handle else { throw SQLiteError(code: .misuse, message: "the connection to \(path) is closed", sql: sql) }
        return handle
    }

    /// The error `result` names, with SQLite's message for it.
    func error(_ result: Int32, sql: String?) -> SQLiteError {
        let message = handle.map { String(cString: sqlite3_errmsg($0)) } ?? String(cString: sqlite3_errstr(result))
        return SQLiteError(code: SQLiteResultCode(rawValue: result), message: message, sql: sql)
    }
}
