import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// Every value the state database holds, checked against `RecordBounds` (issue 42): a backup is
/// refused when it holds one out of bounds (`firstProblem`), and a state file that holds some — written
/// by an older build through a door that did not check, or by another program — is repaired when it is
/// opened (`repair`), so that the daemon never traps on what it reads (a session that started in the
/// year 10^11 stopped every later start-up in the time code).
///
/// The checks are SQL conditions, so a clean file costs one pass of SQLite over each table (a few
/// milliseconds for years of sets), and they run only when the file is not exactly as the daemon
/// closed it (`CleanCloseMark`) — a state the daemon wrote itself went through the doors.
///
/// Repairs keep what can be kept: a name's control characters become spaces; an instant that is a
/// consequence of another (an end, the last progress) becomes the start; a count is counted again; a
/// cache (the progress snapshot, the records timeline) is made afresh. A row that cannot be placed in
/// time or holds an impossible set is put aside — moved into the table `put_aside` as JSON with why,
/// where it can be read back by hand — never silently dropped.
enum StoredValueAudit {
    // MARK: Checking (a backup)

    /// The first value out of bounds in `schema` (a sentence naming the table, the row and the value);
    /// nil when every one is within them. Tables and columns the database does not have are skipped.
    static func firstProblem(in db: StoreDatabase, schema: String = "main") throws -> String? {
        let columns = try existingColumns(db, schema: schema)
        let suspect = try suspectTables(db, schema: schema, columns)
        for rule in StoredValueRules.rules where suspect.contains(rule.table) && columns[rule.table]?.contains(rule.column) == true {
            let key = StoredValueRules.keys[rule.table] ?? "rowid"
            guard let row = try db.row("SELECT \(key) AS key, \(rule.column) AS value FROM \(schema).\(rule.table) WHERE \(rule.bad) LIMIT 1")
            else { continue }
            let keyText = describe(row.values.first ?? .null)
            return "table \(rule.table), row \(key) \(keyText): \(rule.column) is \(describe(row.values.last ?? .null)) (\(rule.bounds))"
        }
        return nil
    }

    /// A stored value as a sentence shows it (text quoted, its control characters escaped).
    static func describe(_ value: SQLiteValue) -> String {
        switch value {
        case .null: "NULL"
        case .integer(let number): "\(number)"
        case .real(let number): "\(number)"
        case .text(let text): TextQuote.quoted(text)
        case .blob(let data): "a blob of \(data.count) bytes"
        }
    }

    /// The tables with a row that breaks one of their rules: one pass over each table, every rule of it
    /// at once (a clean file of years of sets costs a scan per table, not one per column).
    private static func suspectTables(_ db: StoreDatabase, schema: String, _ columns: [String: Set<String>]) throws -> Set<String> {
        var suspect: Set<String> = []
        for table in Set(StoredValueRules.rules.map(\.table)) {
            let conditions = StoredValueRules.rules.filter { $0.table == table && columns[table]?.contains($0.column) == true }.map(\.bad)
            guard !conditions.isEmpty else { continue }
            let sql = "SELECT 1 FROM \(schema).\(table) WHERE " + conditions.joined(separator: " OR ") + " LIMIT 1"
            if try db.value(sql, as: Int.self) != nil { suspect.insert(table) }
        }
        return suspect
    }

    private static func existingColumns(_ db: StoreDatabase, schema: String) throws -> [String: Set<String>] {
        var found: [String: Set<String>] = [:]
        for table in Set(StoredValueRules.rules.map(\.table)) {
            let names = try db.rows("PRAGMA \(schema).table_info(\(table))").compactMap { $0["name"] as String? }
            if !names.isEmpty { found[table] = Set(names) }
        }
        return found
    }

    // MARK: Repairing (a state file at start-up)

    static let putAsideSchema = """
        CREATE TABLE IF NOT EXISTS "put_aside" ("seq" INTEGER PRIMARY KEY, "from_table" TEXT NOT NULL, "row" TEXT NOT NULL, \
        "why" TEXT NOT NULL, "at" DOUBLE NOT NULL);
        """

    /// Repairs every value out of bounds, in one transaction; returns what was done, a sentence each
    /// (none for a clean file). `now` stamps what is put aside; `newID` names a session whose id
    /// cannot be kept.
    static func repair(_ db: StoreDatabase, now: Date, newID: () -> String) throws -> [String] {
        let columns = try existingColumns(db, schema: "main")
        var done: [String] = []
        var rebuild = false
        let suspect = try suspectTables(db, schema: "main", columns)
        guard !suspect.isEmpty else { return [] }
        try db.transaction { db in
            for rule in StoredValueRules.rules where suspect.contains(rule.table) && columns[rule.table]?.contains(rule.column) == true {
                let key = StoredValueRules.keys[rule.table] ?? "rowid"
                let found = try db.rows("SELECT \(key) AS key, \(rule.column) AS value FROM \(rule.table) WHERE \(rule.bad)")
                guard !found.isEmpty else { continue }
                let sample = "\(rule.column) \(describe(found[0].values.last ?? .null))"
                let what = "\(found.count) row\(found.count == 1 ? "" : "s") of \(rule.table) (e.g. \(sample), not \(rule.bounds))"
                switch rule.fix {
                case .putAside:
                    try putAside(rule, db, now: now, why: "\(rule.column) is \(describe(found[0].values.last ?? .null)), not \(rule.bounds)")
                    if rule.table == "set_log" || rule.table == "session" { rebuild = true }
                    done.append("\(what) put aside in the table put_aside")
                case .set(let expression):
                    try db.execute("UPDATE \(rule.table) SET \(rule.column) = \(expression) WHERE \(rule.bad)")
                    done.append("\(what) set to \(expression.hasPrefix("(") ? "the count" : expression)")
                case .cleanName(let fallback):
                    try cleanNames(rule, found, fallback: fallback, db, now: now)
                    if rule.table == "set_log" { rebuild = true }
                    done.append("\(what) cleaned of control characters")
                case .dropNUL:
                    let key = StoredValueRules.keys[rule.table] ?? "rowid"
                    for row in found {
                        guard case .text(let text) = row.values.last ?? .null else { continue }
                        try db.execute("UPDATE \(rule.table) SET \(rule.column) = ? WHERE \(key) = ?",
                                       [text.replacingAll("\u{0}", with: ""), StoreKey(row.values.first ?? .null)])
                    }
                    done.append("\(what): NUL bytes dropped")
                case .newSessionID:
                    for row in found { try renameSession(row.values.first ?? .null, to: newID(), db) }
                    rebuild = true
                    done.append("\(what) given new ids")
                case .rebuildCaches:
                    rebuild = true
                }
            }
            if rebuild {
                // Made afresh from the repaired log; the snapshot saved with it replaces the one kept.
                try StateTransfer.setsCameIn(db)
                done.append("the records timeline and the progress summary made afresh")
            }
        }
        return done
    }

    /// Moves the rows `rule` finds into `put_aside` as JSON; a session takes its sets and reminders along.
    private static func putAside(_ rule: StoredValueRules.Rule, _ db: StoreDatabase, now: Date, why: String) throws {
        if rule.table == "session" {
            let sessions = "SELECT id FROM session WHERE \(rule.bad)"
            try moveAside("set_log", where: "session_id IN (\(sessions))", [], db, now: now, why: "its session's " + why)
            try moveAside("reminder", where: "session_id IN (\(sessions))", [], db, now: now, why: "its session's " + why)
        }
        try moveAside(rule.table, where: rule.bad, [], db, now: now, why: why)
    }

    /// Moves the rows of `table` that `condition` selects into `put_aside`, each as a JSON object of its columns.
    private static func moveAside(
        _ table: String, where condition: String, _ arguments: [any StoreValue], _ db: StoreDatabase, now: Date, why: String
    ) throws {
        try db.executeScript(putAsideSchema)
        let names = try db.rows("PRAGMA table_info(\(table))").compactMap { $0["name"] as String? }
        let object = "json_object(" + names.map { "'\($0)', CASE WHEN typeof(\"\($0)\") = 'blob' THEN hex(\"\($0)\") ELSE \"\($0)\" END" }
            .joined(separator: ", ") + ")"
        try db.execute(
            "INSERT INTO put_aside (from_table, row, why, at) SELECT ?, \(object), ?, ? FROM \(table) WHERE \(condition)",
            [table, why, now.timeIntervalSince1970] + arguments)
        try db.execute("DELETE FROM \(table) WHERE \(condition)", arguments)
    }

    private static func cleanNames(_ rule: StoredValueRules.Rule, _ rows: [StoreRow], fallback: String?, _ db: StoreDatabase, now: Date) throws {
        let key = StoredValueRules.keys[rule.table] ?? "rowid"
        for row in rows {
            let keyValue = StoreKey(row.values.first ?? .null)
            let cleaned: String? = switch row.values.last ?? .null {
            case .text(let text): String(RecordBounds.cleaned(text).prefix(RecordBounds.nameLength))
            default: nil
            }
            if let value = cleaned.flatMap({ $0.isEmpty ? nil : $0 }) ?? fallback {
                // A table keyed by the name (planned weights): the cleaned name may be taken already.
                try db.execute("UPDATE OR REPLACE \(rule.table) SET \(rule.column) = ? WHERE \(key) = ?", [value, keyValue])
            } else if rule.column.hasSuffix("workout") {
                try db.execute("UPDATE \(rule.table) SET \(rule.column) = NULL WHERE \(key) = ?", [keyValue])
            } else {
                // A name that is needed and leaves nothing once cleaned: the row is put aside.
                try moveAside(rule.table, where: "\(key) = ?", [keyValue], db, now: now, why: "\(rule.column) is no name")
            }
        }
    }

    private static func renameSession(_ old: SQLiteValue, to new: String, _ db: StoreDatabase) throws {
        let key = StoreKey(old)
        try db.execute("UPDATE session SET id = ? WHERE id = ?", [new, key])
        for table in ["set_log", "reminder", "record_candidate"] {
            try db.execute("UPDATE \(table) SET session_id = ? WHERE session_id = ?", [new, key])
        }
    }
}

/// A row's key as it was read, written back into a WHERE clause unchanged (text, number or blob).
private struct StoreKey: StoreValue {
    let value: SQLiteValue
    init(_ value: SQLiteValue) { self.value = value }
    init?(sqliteValue: SQLiteValue) { value = sqliteValue }
    var sqliteValue: SQLiteValue { value }
}
