import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellStore

/// Import, backup and restore (issue 34) as the control interface asks for them: the state database
/// is changed in one transaction, then the daemon reads it again the way start-up does, so the
/// engine's memory is whatever start-up would build from the file — nothing in it is patched by hand.
///
/// Off the loop (a large reply never blocks reminders): the transaction runs on a thread of its own
/// with a connection of its own, while the loop's own changes (a reminder's bookkeeping) wait in memory
/// and are written when it ends (`StoreSharing.holdWrites`), so the loop never waits for its lock; the
/// state is then read again off the loop too, and only taken on the loop (`Daemon.adopt`). A read that
/// began before the loop's last change is read again: what is taken holds every change made. One
/// transfer runs at a time. Where the state lives in memory only, all of it runs on the loop.
final class DaemonStateTransfer: StateTransferring {
    private let store: StateStore
    private let clock: () -> Date
    private let daemon: Daemon
    private var running = false
    /// Called on the loop when a transfer's work has ended (the synced folder writes what it brought).
    var onFinished: ((String) -> Void)?
    /// Batches of an import (ImportBatch) added sets that the last batch is still to put in order.
    private var batchedSetsPending = false

    init(store: StateStore, clock: @escaping () -> Date, daemon: Daemon) {
        self.store = store
        self.clock = clock
        self.daemon = daemon
    }

    func importSessions(
        decoding sessions: @escaping () throws(CommandError) -> [ImportedSession], last: Bool,
        then done: @escaping (Result<ImportReport, CommandError>) -> Void
    ) {
        let earlier = batchedSetsPending
        transfer("import", holding: true, { [self] (result: Result<ImportReport, CommandError>) in
            if case .success(let report) = result {
                // Batches before the last are written but not yet ordered nor read again: the last one does both.
                batchedSetsPending = last ? false : (batchedSetsPending || report.addedSets > 0)
            }
            done(result)
        }, { (transfer: StateTransfer) throws(CommandError) -> ImportReport in
            let sessions = try sessions()
            do {
                return try transfer.importSessions(sessions, last: last, earlierBatchesAdded: earlier)
            } catch {
                throw .failed("the workouts were not imported (nothing of this batch was written): \(error)")
            }
        }, readAgain: { last && ($0.addedSessions > 0 || earlier) })
    }

    func knownSessions(_ ids: [SessionID]) throws(CommandError) -> [SessionID] {
        do { return try store.transfer.knownSessions(ids) } catch { throw .failed("the history could not be read: \(error)") }
    }

    func backup(to path: String, then done: @escaping (Result<BackupReport, CommandError>) -> Void) {
        transfer("backup", holding: false, done, { (transfer: StateTransfer) throws(CommandError) -> BackupReport in
            do {
                return BackupReport(path: path, counts: try transfer.backup(to: path))
            } catch let refusal as StateTransfer.Refusal {
                throw .failed("no backup written: \(refusal.description)")
            } catch {
                throw .failed("no backup written: \(error)")
            }
        }, readAgain: { _ in false })
    }

    /// The replaced state is kept beside the database (`$XDG_STATE_HOME/gymbell/replaced-<UTC instant>[-N].sqlite`).
    /// A backup holding far less than the history is refused with `.needsConfirmation` unless `confirmed`.
    func restore(from path: String, confirmed: Bool, then done: @escaping (Result<RestoreReport, CommandError>) -> Void) {
        guard let database = store.path else { return done(.failure(.failed("the state lives in memory only here: there is nothing to replace"))) }
        let now = clock()
        transfer("restore", holding: true, done, { (transfer: StateTransfer) throws(CommandError) -> RestoreReport in
            do {
                return try transfer.restore(from: path, keepingAsideIn: FilePath.directory(of: database), at: now, confirmed: confirmed)
            } catch let question as StateTransfer.RestoreNeedsConfirmation {
                throw .needsConfirmation(question.description)
            } catch let refusal as StateTransfer.Refusal {
                throw .failed(refusal.description)
            } catch {
                throw .failed("nothing was restored: \(error)")
            }
        }, readAgain: { _ in true })
    }

    /// Runs `work` on a worker with a store of its own (on the loop without one), then reads the state
    /// again when `readAgain` says so, then answers.
    private func transfer<Report>(
        _ what: String, holding: Bool, _ done: @escaping (Result<Report, CommandError>) -> Void,
        _ work: @escaping (StateTransfer) throws(CommandError) -> Report, readAgain: @escaping (Report) -> Bool
    ) {
        run(what, holding: holding, done, { (worker: StateStore) throws(CommandError) -> Report in try work(worker.transfer) }, readAgain: readAgain)
    }

    /// Whether an import, backup, restore or journal work is running now (one runs at a time).
    var isRunning: Bool { running }

    /// The synced folder's work (issue 48: a merge, this computer's journal written) as a transfer:
    /// off the loop on a store of its own, one at a time with the others, the state read again after
    /// when `readAgain` says so. Refused (`.failure`) while another runs.
    func journalWork<Report>(
        _ what: String, _ work: @escaping (StateStore) -> Report, readAgain: @escaping (Report) -> Bool,
        then done: @escaping (Result<Report, CommandError>) -> Void
    ) {
        run(what, holding: true, done, { (worker: StateStore) throws(CommandError) -> Report in work(worker) }, readAgain: readAgain)
    }

    private func run<Report>(
        _ what: String, holding: Bool, _ done: @escaping (Result<Report, CommandError>) -> Void,
        _ work: @escaping (StateStore) throws(CommandError) -> Report, readAgain: @escaping (Report) -> Bool
    ) {
        guard !running else { return done(.failure(.failed("another import, backup or restore is running; nothing was changed"))) }
        guard let worker = store.sharing.another() else {
            let result = Result { () throws(CommandError) in try work(store) }
            guard case .success(let report) = result, readAgain(report) else { return done(result) }
            do { try daemon.reloadStoredState() } catch { return done(.failure(Self.unread(what, error))) }
            return done(result)
        }
        running = true
        if holding { store.sharing.holdWrites() }
        OffLoopWork.run(name: "gymbell-\(what)", {
            defer { worker.sharing.closeAnother() }
            return Result { () throws(CommandError) in try work(worker) }
        }, then: { [self] result in
            if holding { try? store.sharing.releaseHeldWrites() }  // a failure is the store's problem, reported as for any write
            guard case .success(let report) = result, readAgain(report) else {
                running = false
                done(result)
                onFinished?(what)
                return
            }
            readAgainOffLoop(after: what, attemptsLeft: 3) { [self] error in
                running = false
                done(error.map { .failure($0) } ?? result)
                onFinished?(what)
            }
        })
    }

    /// Reads the state on a thread of its own and has the daemon take it on the loop; read again when
    /// the loop changed it meanwhile (on the loop after `attemptsLeft` tries: it keeps changing).
    private func readAgainOffLoop(after what: String, attemptsLeft: Int, _ finished: @escaping (CommandError?) -> Void) {
        let mark = store.sharing.writeCount
        guard attemptsLeft > 0, let reader = store.sharing.another() else {
            do { try daemon.reloadStoredState() } catch { return finished(Self.unread(what, error)) }
            return finished(nil)
        }
        OffLoopWork.run(name: "gymbell-reload", {
            defer { reader.sharing.closeAnother() }
            return Result { () throws(StoreError) in try reader.load() }
        }, then: { [self] read in
            switch read {
            case .failure(let error): finished(Self.unread(what, error))
            case .success where store.sharing.writeCount != mark: readAgainOffLoop(after: what, attemptsLeft: attemptsLeft - 1, finished)
            case .success(let state):
                daemon.adopt(state)
                finished(nil)
            }
        })
    }

    private static func unread(_ what: String, _ error: StoreError) -> CommandError {
        .failed("the \(what) was written, but the daemon could not read the state again (restart it): \(error)")
    }
}
