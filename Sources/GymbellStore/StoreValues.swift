import FoundationEssentials
import GymbellSQLite

/// A Swift value that is written to and read from one SQLite column.
protocol StoreValue {
    var sqliteValue: SQLiteValue { get }
    /// nil when the column holds NULL or something that is not this type.
    init?(sqliteValue: SQLiteValue)
}

extension String: StoreValue {
    var sqliteValue: SQLiteValue { .text(self) }
    init?(sqliteValue: SQLiteValue) {
        guard case .text(let text) = sqliteValue else { return nil }
        self = text
    }
}

extension Int64: StoreValue {
    var sqliteValue: SQLiteValue { .integer(self) }
    init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .integer(let number): self = number
        case .real(let number) where number.rounded() == number: self.init(exactly: number)
        default: return nil
        }
    }
}

extension Int: StoreValue {
    var sqliteValue: SQLiteValue { .integer(Int64(self)) }
    init?(sqliteValue: SQLiteValue) {
        guard let number = Int64(sqliteValue: sqliteValue) else { return nil }
        self.init(exactly: number)
    }
}

extension Double: StoreValue {
    var sqliteValue: SQLiteValue { .real(self) }
    init?(sqliteValue: SQLiteValue) {
        switch sqliteValue {
        case .real(let number): self = number
        // A REAL column keeps a whole number as an integer when it is written as one.
        case .integer(let number): self = Double(number)
        default: return nil
        }
    }
}

extension Optional: StoreValue where Wrapped: StoreValue {
    var sqliteValue: SQLiteValue { self?.sqliteValue ?? .null }
    init?(sqliteValue: SQLiteValue) {
        guard sqliteValue != .null else {
            self = .none
            return
        }
        guard let value = Wrapped(sqliteValue: sqliteValue) else { return nil }
        self = .some(value)
    }
}

/// One row of a query's result, read by column name.
struct StoreRow {
    /// The result's column names, in order, shared by every row of one result. A row has a handful of
    /// columns: a linear search of short names costs less than hashing one (start-up reads 10 000 rows).
    let columns: [String]
    let values: [SQLiteValue]

    /// The column's value as `T`; nil when it is NULL, not of that type, or not in the result. When a
    /// name occurs twice, the first column counts.
    subscript<T: StoreValue>(_ column: String) -> T? {
        guard let position = columns.firstIndex(of: column) else { return nil }
        return T(sqliteValue: values[position])
    }
}
