import FoundationEssentials
import Glibc
import GymbellCore

/// How the database file is opened: checked as gymbell's, intact and writable before anything is
/// written; read into memory when it cannot be written; moved aside when SQLite reports it damaged.
enum StoreOpening {
    /// Values out of bounds are repaired (`StoredValueAudit`, said in `repairs`) whenever the file is not
    /// exactly as the daemon closed it (beside the integrity check) or was written by an older schema.
    static func openFile(_ path: String, busyTimeout: TimeInterval, checkingWritable: Bool = true) throws(StoreError) -> StoreDatabase {
        do {
            // Before SQLite sees it (it would follow a link, and write into any database): what is
            // there, and whose it is.
            let found = try StoreFile.inspect(path)
            // Created 0600 before SQLite does, so the file is never readable by others (SQLite gives the
            // -wal and -shm files the database file's mode).
            if found == .nothing { StoreFile.create(path) }
            let owner = try StoreOwnership.verdict(onFileAt: path, found: found, busyTimeout: busyTimeout)
            if case .foreign(let why) = owner {
                throw StoreError(
                    path: path, cause: .foreignFile,
                    reason: "\(path) belongs to another program, not to gymbell (\(why)): gymbell does not write into it; "
                        + "move it out of \(FilePath.directory(of: path)) and gymbell starts a database of its own there")
            }
            let database = try StoreDatabase(path: path)
            database.connection.setBusyTimeout(seconds: busyTimeout)
            // WAL with NORMAL sync: a commit costs one write instead of three fsyncs (delivery lateness);
            // a power cut can lose the last commit, never corrupt the file.
            try database.executeScript("PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL")
            // A page cache of 256 KiB instead of 2 MiB: what the daemon reads again is a few pages (the
            // kernel keeps the file cached), and start-up's one pass over 10 000 pending reminders
            // (1.5 MiB) then reuses the same memory instead of touching 400 new pages (page faults).
            try database.executeScript("PRAGMA cache_size = -256")
            // Damage first: a damaged file that also cannot be written is still damaged. A file exactly
            // as this daemon closed it needs no look at every page (CleanCloseMark).
            let untouched = CleanCloseMark.isUntouched(path)
            if !untouched {
                let check = try database.value("PRAGMA quick_check", as: String.self)
                guard check == "ok" else { throw StoreError(path: path, cause: .corrupt, reason: "damaged: \(check ?? "no answer")") }
            }
            if owner.needsStamp { try StoreOwnership.stamp(database) }
            let version = try StoreSchema.migrate(database)
            // A file brought up from an older schema is checked once even after a clean close: the
            // builds before issue 42 let values in through doors that did not check.
            if !untouched || version < StoreSchema.latestVersion { database.repairs = try repairValues(database) }
            if checkingWritable { try rewriteVersion(database) }
            return database
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError(path: path, error: error)
        }
    }

    /// Every value out of bounds repaired (`StoredValueAudit`); what was done. Repairs that cannot be
    /// written (a read-only file) fail the opening like any write: the store goes on with a copy in memory, repaired.
    static func repairValues(_ database: StoreDatabase) throws -> [String] {
        try StoredValueAudit.repair(database, now: Date()) { UUID().uuidString.lowercased() }
    }

    /// A database that opens but cannot be written (full disk, read-only file or directory) is not
    /// usable as it is: write its version again to find out. After a clean close this starts a new
    /// write-ahead log, which SQLite syncs with its directory (1–20 ms on a disk).
    static func rewriteVersion(_ database: StoreDatabase) throws {
        try database.transaction { db in
            let version = try StoreSchema.version(of: db)
            try db.executeScript("PRAGMA user_version = \(version)")
        }
    }

    /// The file's contents in memory (empty when there is no file, it cannot be read, or it is not
    /// gymbell's: a symbolic link or another program's database is not read), migrated.
    static func memoryCopy(of path: String) -> StoreDatabase {
        // An in-memory SQLite database cannot fail to open short of memory exhaustion.
        guard let memory = try? StoreDatabase.inMemory() else { preconditionFailure("SQLite cannot open an in-memory database") }
        if let found = try? StoreFile.inspect(path), case .file = found,
            (try? StoreOwnership.verdict(onFileAt: path, found: found, busyTimeout: StoreConnection.retryBusyTimeout))?.isGymbells == true,
            let source = openReadOnly(path)
        {
            try? source.connection.backup(to: memory.connection)
            source.close()
        }
        do {
            try StoreSchema.migrate(memory)
            _ = try? repairValues(memory)
        } catch {
            // A copy that cannot be brought up to date is dropped; the journal then replays onto the file.
            if let fresh = try? StoreDatabase.inMemory(), (try? StoreSchema.migrate(fresh)) != nil { return fresh }
        }
        return memory
    }

    /// The file opened for reading only; in a directory that cannot be written (no `-shm` can be
    /// made) as an immutable file.
    static func openReadOnly(_ path: String) -> StoreDatabase? {
        if let database = try? StoreDatabase(path: path, flags: [.readOnly]), isIntact(database) { return database }
        guard let database = try? StoreDatabase(path: "file:\(path.percentEncoded(keeping: "/"))?immutable=1", flags: [.readOnly, .uri]),
            isIntact(database)
        else { return nil }
        return database
    }

    static func isIntact(_ database: StoreDatabase) -> Bool {
        (try? database.value("PRAGMA quick_check", as: String.self)) == "ok"
    }

    /// Moves a damaged database (and its write-ahead log) to `aside`, keeping its bytes.
    static func moveAside(_ path: String, to aside: String) -> Bool {
        guard rename(path, aside) == 0 else { return false }
        _ = rename(path + "-wal", aside + "-wal")
        unlink(path + "-shm")
        return true
    }
}
