import CSQLite

/// An SQLite result code: a primary code in the low byte, refined by an extended code above it
/// (`SQLITE_IOERR_WRITE` is `ioError` with 3 << 8).
public struct SQLiteResultCode: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The primary code this (possibly extended) code refines.
    public var primary: SQLiteResultCode { SQLiteResultCode(rawValue: rawValue & 0xFF) }

    public static let ok = SQLiteResultCode(rawValue: SQLITE_OK)
    public static let error = SQLiteResultCode(rawValue: SQLITE_ERROR)
    public static let permission = SQLiteResultCode(rawValue: SQLITE_PERM)
    public static let busy = SQLiteResultCode(rawValue: SQLITE_BUSY)
    public static let locked = SQLiteResultCode(rawValue: SQLITE_LOCKED)
    public static let noMemory = SQLiteResultCode(rawValue: SQLITE_NOMEM)
    public static let readOnly = SQLiteResultCode(rawValue: SQLITE_READONLY)
    public static let ioError = SQLiteResultCode(rawValue: SQLITE_IOERR)
    public static let corrupt = SQLiteResultCode(rawValue: SQLITE_CORRUPT)
    public static let full = SQLiteResultCode(rawValue: SQLITE_FULL)
    public static let cannotOpen = SQLiteResultCode(rawValue: SQLITE_CANTOPEN)
    public static let constraint = SQLiteResultCode(rawValue: SQLITE_CONSTRAINT)
    public static let misuse = SQLiteResultCode(rawValue: SQLITE_MISUSE)
    public static let authorization = SQLiteResultCode(rawValue: SQLITE_AUTH)
    public static let range = SQLiteResultCode(rawValue: SQLITE_RANGE)
    public static let notADatabase = SQLiteResultCode(rawValue: SQLITE_NOTADB)

    /// SQLite's own English text for the code ("database disk image is malformed").
    public var description: String { String(cString: sqlite3_errstr(rawValue)) }
}

/// A failed SQLite call: its result code (primary and extended), SQLite's message, and the SQL it ran.
public struct SQLiteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The extended result code as SQLite returned it.
    public let extendedCode: SQLiteResultCode
    /// `sqlite3_errmsg` at the time of the failure.
    public let message: String
    public let sql: String?

    /// The primary result code (`.busy` for `SQLITE_BUSY_SNAPSHOT`): what the failure means.
    public var code: SQLiteResultCode { extendedCode.primary }

    public init(code: SQLiteResultCode, message: String, sql: String? = nil) {
        extendedCode = code
        self.message = message
        self.sql = sql
    }

    public var description: String {
        let statement = sql.map { " — while executing `\($0)`" } ?? ""
        return "SQLite error \(extendedCode.rawValue) (\(code)): \(message)\(statement)"
    }
}
