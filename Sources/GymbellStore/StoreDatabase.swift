import FoundationEssentials
import GymbellSQLite

/// One connection to the state database as the store's code uses it: statements with typed
/// arguments (compiled once, then kept), rows read by column name, and transactions.
final class StoreDatabase {
    let connection: SQLiteConnection
    /// Compiled statements by their SQL; the store runs a small, fixed set of them again and again.
    private var statements: [String: SQLiteStatement] = [:]
    /// What the value audit repaired when the file was opened (`StoredValueAudit`), a sentence each.
    var repairs: [String] = []

    init(_ connection: SQLiteConnection) { self.connection = connection }

    convenience init(path: String, flags: SQLiteConnection.OpenFlags = [.readWrite, .create]) throws(SQLiteError) {
        self.init(try SQLiteConnection(path: path, flags: flags))
    }

    /// A private database in memory.
    static func inMemory() throws(SQLiteError) -> StoreDatabase { StoreDatabase(try SQLiteConnection.inMemory()) }

    /// Releases the compiled statements, then closes the connection.
    func close() {
        statements.removeAll()
        connection.close()
    }

    // MARK: Statements

    /// Runs one statement with `arguments` bound to its `?` parameters, in order.
    func execute(_ sql: String, _ arguments: [any StoreValue] = []) throws(SQLiteError) {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        while try statement.step() {}
    }

    /// Runs SQL that may hold several statements and takes no arguments (schema changes, pragmas).
    func executeScript(_ sql: String) throws(SQLiteError) { try connection.execute(sql) }

    func rows(_ sql: String, _ arguments: [any StoreValue] = []) throws(SQLiteError) -> [StoreRow] {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        let count = statement.columnCount
        let columns = (0..<count).map(statement.columnName(at:))
        var rows: [StoreRow] = []
        while try statement.step() {
            rows.append(StoreRow(columns: columns, values: (0..<count).map(statement.value(at:))))
        }
        return rows
    }

    /// Calls `body` with the statement on each row in turn, its columns read by position: for reads of
    /// many rows (start-up with thousands pending), where a `StoreRow` per row costs more than the row.
    func forEachRow(_ sql: String, _ arguments: [any StoreValue] = [], _ body: (SQLiteStatement) throws -> Void) throws {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        while try statement.step() { try body(statement) }
    }

    func row(_ sql: String, _ arguments: [any StoreValue] = []) throws(SQLiteError) -> StoreRow? {
        try rows(sql, arguments).first
    }

    /// The first column of the first row as `T` (nil: no row, or NULL).
    func value<T: StoreValue>(_ sql: String, _ arguments: [any StoreValue] = [], as type: T.Type = T.self) throws(SQLiteError) -> T? {
        let statement = try prepared(sql, arguments)
        defer { statement.reset() }
        guard try statement.step(), statement.columnCount > 0 else { return nil }
        return T(sqliteValue: statement.value(at: 0))
    }

    private func prepared(_ sql: String, _ arguments: [any StoreValue]) throws(SQLiteError) -> SQLiteStatement {
        let statement: SQLiteStatement
        if let cached = statements[sql] {
            statement = cached
        } else {
            statement = try connection.prepare(sql)
            statements[sql] = statement
        }
        guard statement.parameterCount == arguments.count else {
            throw SQLiteError(
                code: .range, message: "\(arguments.count) arguments for \(statement.parameterCount) parameters", sql: sql)
        }
        try statement.bind(arguments.map { $0.sqliteValue })
        return statement
    }

    // MARK: Transactions

    /// Runs `body` in one transaction that takes the write lock at once (BEGIN IMMEDIATE, so a lock
    /// held elsewhere is waited for, then reported, before anything is done). Committed when `body`
    /// returns, rolled back when it throws.
    func transaction<T>(_ body: (StoreDatabase) throws -> T) throws -> T {
        try execute("BEGIN IMMEDIATE")
        let result: T
        do {
            result = try body(self)
            try execute("COMMIT")
        } catch {
            // SQLite may have rolled back already (a full disk, an I/O error); then there is nothing to end.
            if connection.isInTransaction { try? execute("ROLLBACK") }
            throw error
        }
        return result
    }
}
