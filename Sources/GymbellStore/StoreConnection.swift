import FoundationEssentials
import GymbellCore

/// Where the state database's reads and writes go. "Cannot write now" (a full disk, a read-only
/// directory, a lock) is not damage: the connection then runs on a copy in memory, keeps every change
/// made there in a journal, and replays the journal into the file when it can be written again
/// (`saveUnsaved`). Only a database SQLite itself reports damaged is moved aside (`open(path:)`). A
/// symbolic link in the database's place is not followed, and another program's database is not
/// written into (issue 27): the store goes on in memory then too, and says what to do.
final class StoreConnection {
    /// Where reads and writes go: the file, or its copy in memory while the file cannot be written.
    private var database: StoreDatabase
    /// The file's connection while it is open; nil when it could not be opened for writing.
    private var file: StoreDatabase?
    /// Changes made in memory that the file does not have yet, in order; keyed ones replace their
    /// predecessor with the same key (the daily state is written whole on every re-plan).
    private var journal: [(key: String?, apply: (StoreDatabase) throws -> Void)] = []
    private var inMemoryCopy: Bool
    /// Where the database lives; nil when it is kept in memory.
    let path: String?
    /// Why state is not being saved (or was replaced); nil while all is well.
    private(set) var problem: StorageProblem?
    var repairs: [String] { file?.repairs ?? [] }
    /// Device and inode of the file when it was opened: a file put in its place meanwhile (a restore)
    /// gets no clean-close mark it was never checked for.
    private var openedIdentity: String?
    /// When `saveUnsaved(at:)` next tries to write the file.
    private(set) var nextSaveAttempt: Date?
    private var saveBackoff: TimeInterval = StoreConnection.firstRetry
    private let clock: () -> Date
    /// How long a write waits for another program's lock (retries wait much less: they must not stall the daemon).
    private let busyTimeout: TimeInterval

    /// While another connection writes the file in a long transaction (an import, a restore on a worker
    /// thread, `holdWrites`): this connection's changes returning nothing, in order, applied when it ends.
    private var heldWrites: [(key: String?, apply: (StoreDatabase) throws -> Void)]?
    /// Changes made through this connection (held ones too): a state read elsewhere meanwhile may lack them.
    private(set) var writeCount = 0

    static let firstRetry: TimeInterval = 5
    /// How long a write that cannot be held waits for a transfer's transaction (a session started meanwhile).
    static let transferBusyTimeout: TimeInterval = 60
    static let longestRetry: TimeInterval = 300
    static let retryBusyTimeout: TimeInterval = 0.1

    /// Opens (creating if needed) the database at `path`, readable by its owner only, and checks
    /// that it is gymbell's, intact and writable (`checkingWritable` false: left to `checkWritable()`).
    /// Throws when it is not (see `StoreError.cause`).
    init(
        path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init, checkingWritable: Bool = true
    ) throws(StoreError) {
        self.path = path
        self.clock = clock
        self.busyTimeout = busyTimeout
        database = try StoreOpening.openFile(path, busyTimeout: busyTimeout, checkingWritable: checkingWritable)
        file = database
        openedIdentity = CleanCloseMark.identity(of: path)
        inMemoryCopy = false
    }

    private init(another database: StoreDatabase, path: String, busyTimeout: TimeInterval) {
        self.path = path
        self.database = database
        file = database
        clock = Date.init
        self.busyTimeout = busyTimeout
        inMemoryCopy = false
    }

    /// A second connection to the file this one has open, for work on another thread (an import, a
    /// restore, the state read again): no checks (the first one made them); it waits up to `busyTimeout`
    /// for the first one's short writes. Nil while the state lives in memory.
    func another(busyTimeout: TimeInterval = 30) -> StoreConnection? {
        guard let path = readableFile else { return nil }
        do {
            let database = try StoreDatabase(path: path, flags: [.readWrite])
            database.connection.setBusyTimeout(seconds: busyTimeout)
            try database.executeScript("PRAGMA synchronous = NORMAL; PRAGMA cache_size = -256")
            return StoreConnection(another: database, path: path, busyTimeout: busyTimeout)
        } catch {
            return nil
        }
    }

    /// Closes a connection made by `another`: no clean-close mark, no checkpoint (the first one does those).
    func closeAnother() { database.close() }

    /// From now on the changes this connection makes that return nothing wait in memory, in order, until
    /// `releaseHeldWrites`: another connection writes a long transaction, and the loop must not wait for
    /// its lock (a reminder's bookkeeping while ten years are imported). Reads here do not see them
    /// meanwhile; the engine, which made them, has them. A change that returns a value (a session
    /// started) cannot wait: it waits for the lock instead.
    func holdWrites() {
        guard heldWrites == nil else { return }
        heldWrites = []
        database.connection.setBusyTimeout(seconds: Self.transferBusyTimeout)
    }

    /// Applies the changes held since `holdWrites`, in one transaction, and writes at once again. At
    /// a close while the other transaction still runs, they wait for it (`transferBusyTimeout`).
    func releaseHeldWrites() throws(StoreError) {
        guard let held = heldWrites else { return }
        heldWrites = nil
        defer { database.connection.setBusyTimeout(seconds: busyTimeout) }
        guard !held.isEmpty else { return }
        writeCount -= 1  // the one below is not a new change
        try write { db in for entry in held { try entry.apply(db) } }
    }

    /// A store that lasts only as long as the process (tests).
    init() throws(StoreError) {
        path = nil
        clock = Date.init
        busyTimeout = 2
        inMemoryCopy = false
        do {
            database = try StoreDatabase.inMemory()
            try StoreSchema.migrate(database)
        } catch {
            throw StoreError(path: ":memory:", error: error)
        }
    }

    private init(memoryCopyOf path: String, problem: StorageProblem, busyTimeout: TimeInterval, clock: @escaping () -> Date) {
        self.path = path
        self.clock = clock
        self.busyTimeout = busyTimeout
        self.problem = problem
        inMemoryCopy = true
        database = StoreOpening.memoryCopy(of: path)
        nextSaveAttempt = problem.since.addingTimeInterval(Self.firstRetry)
    }

    /// The store for the daemon: never fails. An intact, writable database is used as it is. One
    /// that cannot be written now (full disk, read-only, locked) is copied into memory and saved back
    /// when it can be. One that SQLite reports damaged is moved aside to `PATH.broken-EPOCH` and a
    /// fresh one started. A symbolic link, or another program's database, is left as it is: the
    /// store starts empty in memory and saves into the path once gymbell's own file can be there.
    /// `problem` says which happened. `checkingWritable` false: whether the file can be written is
    /// found out by `checkWritable()`.
    static func open(
        path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init, checkingWritable: Bool = true
    ) -> StoreConnection {
        do {
            return try StoreConnection(path: path, busyTimeout: busyTimeout, clock: clock, checkingWritable: checkingWritable)
        } catch let failure where failure.cause == .corrupt {
            let now = clock()
            let aside = path + ".broken-\(Int(now.timeIntervalSince1970))"
            guard StoreOpening.moveAside(path, to: aside) else {
                return StoreConnection(
                    memoryCopyOf: path, problem: failure.problem(saving: false, since: now), busyTimeout: busyTimeout, clock: clock)
            }
            do {
                let store = try StoreConnection(path: path, busyTimeout: busyTimeout, clock: clock)
                store.problem = failure.problem(movedTo: aside, saving: true, since: now)
                return store
            } catch {
                return StoreConnection(
                    memoryCopyOf: path, problem: error.problem(saving: false, since: now), busyTimeout: busyTimeout, clock: clock)
            }
        } catch {
            return StoreConnection(
                memoryCopyOf: path, problem: error.problem(saving: false, since: clock()), busyTimeout: busyTimeout, clock: clock)
        }
    }

    /// Whether changes live only in memory now (they are saved when the file can be written).
    var isSavingDeferred: Bool { inMemoryCopy && path != nil }

    /// The file that reads go to, when they go to the file (not to its copy in memory): another
    /// connection may read it at the same time (start-up reads many pending reminders in two parts).
    var readableFile: String? { inMemoryCopy ? nil : path }

    /// Writes the changes kept in memory into the file, if an attempt is due at `now` (or `force`).
    /// Returns whether everything is saved now. After a failure the next attempt waits twice as long
    /// (5 s up to 5 min).
    @discardableResult
    func saveUnsaved(at now: Date, force: Bool = false) -> Bool {
        guard isSavingDeferred, let path else { return true }
        guard force || now >= (nextSaveAttempt ?? now) else { return false }
        do {
            let file = try self.file ?? StoreOpening.openFile(path, busyTimeout: Self.retryBusyTimeout)
            if self.file == nil { openedIdentity = CleanCloseMark.identity(of: path) }
            self.file = file
            let pending = journal
            file.connection.setBusyTimeout(seconds: Self.retryBusyTimeout)
            defer { file.connection.setBusyTimeout(seconds: busyTimeout) }
            try file.transaction { db in for entry in pending { try entry.apply(db) } }
            database = file
            journal.removeAll()
            inMemoryCopy = false
            problem = nil
            nextSaveAttempt = nil
            saveBackoff = Self.firstRetry
            return true
        } catch {
            let failure = StoreError(path: path, error: error)
            if problem?.cause != failure.cause || problem?.link != failure.link {
                problem = failure.problem(saving: false, since: now)
            }
            saveBackoff = min(saveBackoff * 2, Self.longestRetry)
            nextSaveAttempt = now.addingTimeInterval(saveBackoff)
            return false
        }
    }

    /// For a connection opened without `checkingWritable`: finds out whether the file can be written,
    /// and if not goes on in memory as after a write that failed (`problem` says why). Returns
    /// whether it found a problem.
    @discardableResult
    func checkWritable() -> Bool {
        guard let path, let file, !inMemoryCopy else { return false }
        do {
            try StoreOpening.rewriteVersion(file)
            return false
        } catch {
            goOnInMemory(StoreOpening.memoryCopy(of: path), after: StoreError(path: path, error: error), path: path)
            return true
        }
    }

    /// Closes the database, folding the write-ahead log back into the file (at a clean exit); changes
    /// kept in memory get a last attempt to be saved.
    func close() {
        try? releaseHeldWrites()
        let saved = saveUnsaved(at: clock(), force: true)
        let folded = (try? file?.executeScript("PRAGMA wal_checkpoint(TRUNCATE)")) != nil
        file?.close()
        if file !== database { database.close() }
        // The next start-up may skip the integrity check only if this close left the file whole.
        if saved, folded, file != nil, problem == nil, let path, let openedIdentity, CleanCloseMark.identity(of: path) == openedIdentity {
            CleanCloseMark.record(path)
        }
    }

    /// Gives back the memory SQLite can read again (cached pages), of the file's connection and the copy.
    func releaseMemory() {
        file?.connection.releaseMemory()
        if file !== database { database.connection.releaseMemory() }
    }

    /// Thousands of SQLite instructions `body` cost (tests: what a change costs with many rows).
    func countingSQLiteInstructions(_ body: () throws -> Void) rethrows -> Int {
        try database.connection.countingInstructions(body)
    }

    /// The file's own connection, outside any transaction (a backup, a restore: ATTACH and VACUUM INTO
    /// cannot run in one). Throws while the state lives in memory: what the file lacks is not saved yet.
    func withFile<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T {
        guard let path, !inMemoryCopy else {
            throw StoreError(
                path: path ?? ":memory:", cause: .ioError,
                reason: "the state is kept in memory now (the file cannot be written), so it cannot be backed up or replaced")
        }
        do { return try body(database) } catch { throw StoreError(path: path, error: error) }
    }

    func read<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T {
        do { return try body(database) } catch { throw StoreError(path: path ?? ":memory:", error: error) }
    }

    /// One change, in one transaction. When the file cannot take it now (anything but damage), the
    /// store goes on in memory and the change waits in the journal for `saveUnsaved`.
    func write<T>(key: String? = nil, _ body: @escaping (StoreDatabase) throws -> T) throws(StoreError) -> T {
        writeCount += 1
        if heldWrites != nil, let nothing = () as? T {
            if let key { heldWrites?.removeAll { $0.key == key } }
            heldWrites?.append((key, { db in _ = try body(db) }))
            return nothing
        }
        do {
            let result = try database.transaction(body)
            if inMemoryCopy, path != nil {
                if let key { journal.removeAll { $0.key == key } }
                journal.append((key, { db in _ = try body(db) }))
            }
            return result
        } catch {
            let failure = StoreError(path: path ?? ":memory:", error: error)
            guard let path, !inMemoryCopy, failure.cause != .corrupt else { throw failure }
            let memory = StoreOpening.memoryCopy(of: path)
            let result: T
            do { result = try memory.transaction(body) } catch { throw StoreError(path: path, error: error) }
            goOnInMemory(memory, after: failure, path: path)
            journal = [(key, { db in _ = try body(db) })]
            return result
        }
    }

    /// The file cannot be written now: reads and writes go to `memory` (the file's copy), the file's
    /// connection stays open for `saveUnsaved`, whose first attempt is due after `firstRetry`.
    private func goOnInMemory(_ memory: StoreDatabase, after failure: StoreError, path: String) {
        let now = clock()
        database = memory
        inMemoryCopy = true
        problem = failure.problem(saving: false, since: now)
        saveBackoff = Self.firstRetry
        nextSaveAttempt = now.addingTimeInterval(saveBackoff)
    }
}
