import FoundationEssentials
import GymbellCore

/// The daemon's lasting state in SQLite: the active session, pending reminders, the history, the
/// daily-reminder memory. Every change is one transaction, so a daemon killed at any moment restarts
/// from a consistent state. While the file cannot be written, the state lives in memory and is saved
/// when it can be (StoreConnection).
///
/// Here: opening, saving and closing. By purpose: a session's life (StateStore+Session), the agenda
/// of pending reminders and the daily state (+Agenda), the history (+History), the engine's load and
/// changes (+Engine), the training progress (StoredProgress).
public final class StateStore {
    let connection: StoreConnection

    /// Where the database lives; nil when it is kept in memory.
    public var path: String? { connection.path }
    /// Why state is not being saved (or was replaced); nil while all is well.
    public var problem: StorageProblem? { connection.problem }
    /// What was repaired in the file when it was opened: values out of bounds (`StoredValueAudit`).
    public var repairs: [String] { connection.repairs }
    /// When `saveUnsaved(at:)` next tries to write the file.
    public var nextSaveAttempt: Date? { connection.nextSaveAttempt }
    /// Whether changes live only in memory now (they are saved when the file can be written).
    public var isSavingDeferred: Bool { connection.isSavingDeferred }
    static let firstRetry = StoreConnection.firstRetry

    /// Opens (creating if needed) the database at `path`, readable by its owner only, and checks that
    /// it is intact and writable. Throws when it is not (see `StoreError.cause`).
    public init(path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init) throws(StoreError) {
        connection = try StoreConnection(path: path, busyTimeout: busyTimeout, clock: clock)
    }

    /// A store that lasts only as long as the process (tests).
    public init() throws(StoreError) { connection = try StoreConnection() }

    init(_ connection: StoreConnection) { self.connection = connection }

    /// The store for the daemon: never fails (see `StoreConnection.open`); `problem` says what happened.
    public static func open(
        path: String, busyTimeout: TimeInterval = 2, clock: @escaping () -> Date = Date.init, checkingWritable: Bool = true
    ) -> StateStore {
        StateStore(StoreConnection.open(path: path, busyTimeout: busyTimeout, clock: clock, checkingWritable: checkingWritable))
    }

    /// For a store opened without `checkingWritable`: whether the file can be written is found out
    /// now; if not the store goes on in memory (`problem`). Returns whether it found a problem.
    @discardableResult
    public func checkWritable() -> Bool { connection.checkWritable() }

    /// Writes the changes kept in memory into the file, if an attempt is due at `now` (or `force`).
    @discardableResult
    public func saveUnsaved(at now: Date, force: Bool = false) -> Bool { connection.saveUnsaved(at: now, force: force) }

    /// Gives back the memory SQLite keeps and can read again (when the daemon is idle again).
    public func releaseMemory() { connection.releaseMemory() }

    /// Thousands of SQLite instructions `body` cost (tests: a change must not walk every reminder).
    func countingSQLiteInstructions(_ body: () throws -> Void) rethrows -> Int {
        try connection.countingSQLiteInstructions(body)
    }

    /// Closes the database, folding the write-ahead log back into the file.
    public func close() { connection.close() }

    /// Closes it at a clean exit, keeping the set log's summary beside the log first: the next start-up
    /// adds only the sets logged after it (issue 33). A summary that cannot be kept is read from the log then.
    public func close(keeping summary: ProgressSummary) {
        try? progress.saveSnapshot(summary)
        close()
    }

    /// The set log, planned weights and dismissed overload suggestions.
    public var progress: StoredProgress { StoredProgress(connection: connection) }

    /// Import, backup and restore (StateTransfer); the synced folder's journals (issue 48).
    public var transfer: StateTransfer { StateTransfer(connection: connection) }
    public var journal: SyncJournalStore { SyncJournalStore(connection: connection) }

    /// The same file from another thread while this store's users go on (StoreSharing).
    public var sharing: StoreSharing { StoreSharing(connection: connection, store: StateStore.init) }

    // MARK: Where reads and writes go (StateStore+Session, +Agenda, +History, +Engine)

    func read<T>(_ body: (StoreDatabase) throws -> T) throws(StoreError) -> T { try connection.read(body) }

    func write<T>(key: String? = nil, _ body: @escaping (StoreDatabase) throws -> T) throws(StoreError) -> T {
        try connection.write(key: key, body)
    }
}
