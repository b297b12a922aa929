import CSQLite
import Glibc  // memcmp
import FoundationEssentials

/// A value as SQLite stores it: one of its five storage classes.
public enum SQLiteValue: Equatable, Sendable {
    case null
    case integer(Int64)
    case real(Double)
    case text(String)
    case blob(Data)
}

/// One compiled SQL statement (`sqlite3_stmt *`), finalized when released. It keeps its connection
/// alive. Parameters and columns are numbered as SQLite numbers them: parameters from 1, columns from 0.
public final class SQLiteStatement {
    private let handle: OpaquePointer
    private let connection: SQLiteConnection
    public let sql: String

    init(_ handle: OpaquePointer, sql: String, connection: SQLiteConnection) {
        self.handle = handle
        self.sql = sql
        self.connection = connection
    }

    deinit { sqlite3_finalize(handle) }

    // MARK: Parameters

    /// Binds `value` to parameter `index` (from 1). Text and blobs are copied.
    public func bind(_ value: SQLiteValue, at index: Int) throws(SQLiteError) {
        let position = Int32(index)
        let result: Int32
        switch value {
        case .null:
            result = sqlite3_bind_null(handle, position)
        case .integer(let number):
            result = sqlite3_bind_int64(handle, position, number)
        case .real(let number):
            result = sqlite3_bind_double(handle, position, number)
        case .text(let text):
            // withCString never passes NULL (which would bind NULL for ""); the length excludes the NUL.
            let length = Int32(text.utf8.count)
            result = text.withCString { gb_sqlite3_bind_text_copy(handle, position, $0, length) }
        case .blob(let bytes) where bytes.isEmpty:
            result = sqlite3_bind_zeroblob(handle, position, 0)
        case .blob(let bytes):
            result = bytes.withUnsafeBytes { gb_sqlite3_bind_blob_copy(handle, position, $0.baseAddress, Int32($0.count)) }
        }
        guard result == SQLITE_OK else { throw connection.error(result, sql: sql) }
    }

    /// Makes the statement ready to run afresh with `values` as its parameters 1…n.
    public func bind(_ values: [SQLiteValue]) throws(SQLiteError) {
        reset()
        clearBindings()
        for (offset, value) in values.enumerated() { try bind(value, at: offset + 1) }
    }

    public var parameterCount: Int { Int(sqlite3_bind_parameter_count(handle)) }

    public func clearBindings() { sqlite3_clear_bindings(handle) }

    // MARK: Running

    /// Runs the statement to its next row: true when a row is ready to read, false when it is done.
    public func step() throws(SQLiteError) -> Bool {
        _ = try connection.openHandle(for: sql)
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        case let result: throw connection.error(result, sql: sql)
        }
    }

    /// Rewinds the statement so that it can run again (its parameters stay bound), and ends the
    /// read it may hold open. A failure of the last step was already thrown by `step`.
    public func reset() { sqlite3_reset(handle) }

    // MARK: Columns of the current row

    public var columnCount: Int { Int(sqlite3_column_count(handle)) }

    public func columnName(at column: Int) -> String {
        sqlite3_column_name(handle, Int32(column)).map { String(cString: $0) } ?? ""
    }

    public func isNull(at column: Int) -> Bool { sqlite3_column_type(handle, Int32(column)) == SQLITE_NULL }

    public func int64(at column: Int) -> Int64 { sqlite3_column_int64(handle, Int32(column)) }

    public func double(at column: Int) -> Double { sqlite3_column_double(handle, Int32(column)) }

    /// The column as text (a number is converted as SQLite converts it); nil when NULL.
    public func string(at column: Int) -> String? {
        guard let text = sqlite3_column_text(handle, Int32(column)) else { return nil }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        return String(decoding: UnsafeBufferPointer(start: text, count: count), as: UTF8.self)
    }

    /// Whether the column is text (or converts to text) of exactly these UTF-8 bytes; false when
    /// NULL. Makes no String: a caller reading thousands of rows that mostly repeat the row before
    /// (start-up's pending reminders) compares first and builds a String only for a new text.
    public func text(at column: Int, equals bytes: [UInt8]) -> Bool {
        guard let text = sqlite3_column_text(handle, Int32(column)) else { return false }
        let count = Int(sqlite3_column_bytes(handle, Int32(column)))
        guard count == bytes.count else { return false }
        return count == 0 || bytes.withUnsafeBufferPointer { memcmp($0.baseAddress!, text, count) == 0 }
    }

    /// The column's bytes; nil when NULL.
    public func blob(at column: Int) -> Data? {
        guard !isNull(at: column) else { return nil }
        guard let bytes = sqlite3_column_blob(handle, Int32(column)) else { return Data() }
        return Data(bytes: bytes, count: Int(sqlite3_column_bytes(handle, Int32(column))))
    }

    /// The column as it is stored, in its own storage class.
    public func value(at column: Int) -> SQLiteValue {
        switch sqlite3_column_type(handle, Int32(column)) {
        case SQLITE_INTEGER: return .integer(int64(at: column))
        case SQLITE_FLOAT: return .real(double(at: column))
        case SQLITE_TEXT: return string(at: column).map(SQLiteValue.text) ?? .null
        case SQLITE_BLOB: return .blob(blob(at: column) ?? Data())
        default: return .null
        }
    }
}
