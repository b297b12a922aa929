import FoundationEssentials
import GymbellCore

/// Whose database a file is (issue 27). gymbell's carries `applicationID` in its header (PRAGMA
/// application_id); one written before it did is known by its schema and stamped when opened. A file
/// of another program is never written into: not migrated, not stamped, not moved aside as damaged.
enum StoreOwnership {
    /// gymbell's PRAGMA application_id: "GymB" in ASCII, 0x47796D42 (1 199 140 162). SQLite keeps it in
    /// bytes 68–71 of the file's header, where any tool can read whose file it is.
    static let applicationID: Int32 = 0x4779_6D42

    enum Verdict: Equatable {
        /// Stamped as gymbell's.
        case gymbells
        /// gymbell's, from before the stamp (application_id 0, gymbell's schema): stamped when opened.
        case unstamped
        /// No database yet, or one with nothing in it: it becomes gymbell's.
        case empty
        /// Another program's, and why it is taken for one.
        case foreign(String)

        /// Whether gymbell may use the file as its database.
        var isGymbells: Bool {
            switch self {
            case .gymbells, .unstamped, .empty: true
            case .foreign: false
            }
        }
        /// Whether the file still needs gymbell's application_id.
        var needsStamp: Bool { self == .unstamped || self == .empty }
    }

    /// The verdict on the file at `path` as `StoreFile.inspect` found it. A header that already says
    /// gymbell is the answer; anything else is read on connections that cannot write the file: as an
    /// immutable file first (no lock taken, no -shm or -wal made beside another program's database)
    /// when no write-ahead log or rollback journal beside it holds what the file lacks, else (or when
    /// that read fails: a file changed meanwhile) as any reader reads it. Throws what SQLite says of a
    /// file it cannot read (a damaged one: SQLITE_CORRUPT, SQLITE_NOTADB).
    static func verdict(onFileAt path: String, found: StoreFile.Found, busyTimeout: TimeInterval) throws -> Verdict {
        switch found {
        case .nothing, .empty: return .empty
        case .file(let id) where id == applicationID: return .gymbells
        case .file: break
        }
        let logged = [path + "-wal", path + "-journal"].contains { (StoreFile.linkStatus($0)?.st_size ?? 0) > 0 }
        if !logged,
            let immutable = try? StoreDatabase(path: "file:\(path.percentEncoded(keeping: "/"))?immutable=1", flags: [.readOnly, .uri])
        {
            defer { immutable.close() }
            if let verdict = try? verdict(of: immutable) { return verdict }
        }
        let reader = try StoreDatabase(path: path, flags: [.readOnly])
        defer { reader.close() }
        reader.connection.setBusyTimeout(seconds: busyTimeout)
        return try verdict(of: reader)
    }

    /// The verdict on an open database: its application_id, and without one its schema — gymbell's
    /// tables only, `session` and `reminder` among them, and a schema version (user_version, or the
    /// `grdb_migrations` list of the GRDB builds).
    static func verdict(of db: StoreDatabase) throws -> Verdict {
        let id = try db.value("PRAGMA application_id", as: Int.self) ?? 0
        // Read even when the id answers: a file whose schema cannot be read is damaged, whoever's it is.
        let tables = Set(
            try db.rows("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\'")
                .compactMap { $0["name"] as String? })
        if id == Int(applicationID) { return .gymbells }
        if id != 0 { return .foreign("its application_id is \(hex(id)), gymbell's is \(hex(Int(applicationID))) \"GymB\"") }
        let version = try db.value("PRAGMA user_version", as: Int.self) ?? 0
        if tables.isEmpty, version == 0 { return .empty }
        let unknown = tables.subtracting(gymbellTables).sorted()
        if !unknown.isEmpty {
            return .foreign("application_id 0 and tables gymbell does not have: \(unknown.prefix(5).joined(separator: ", "))"
                + (unknown.count > 5 ? " …" : ""))
        }
        guard tables.isSuperset(of: ["session", "reminder"]), version >= 1 || tables.contains("grdb_migrations") else {
            return .foreign("application_id 0, user_version \(version), tables \(tables.sorted().joined(separator: ", "))")
        }
        return .unstamped
    }

    /// Writes gymbell's application_id into the database's header.
    static func stamp(_ db: StoreDatabase) throws {
        try db.transaction { db in try db.executeScript("PRAGMA application_id = \(applicationID)") }
    }

    /// Every table a gymbell database may hold: those its migrations make, and GRDB's list of the
    /// migrations it applied (builds up to 0.x).
    static let gymbellTables: Set<String> = {
        var tables: Set<String> = ["grdb_migrations"]
        if let db = try? StoreDatabase.inMemory(), (try? StoreSchema.migrate(db)) != nil,
            let rows = try? db.rows("SELECT name FROM sqlite_master WHERE type = 'table'")
        {
            tables.formUnion(rows.compactMap { $0["name"] as String? })
        }
        return tables
    }()

    private static func hex(_ value: Int) -> String {
        "0x" + String(UInt32(truncatingIfNeeded: value), radix: 16, uppercase: true)
    }
}
