import FoundationEssentials
import GymbellCore
import GymbellStore

/// Import, backup and restore (issue 34) as the control interface asks for them: the state database
/// is changed in one transaction, then the daemon reads it again the way start-up does
/// (`Daemon.reloadStoredState`), so the engine's memory is whatever start-up would build from the file —
/// nothing in it is patched by hand.
final class DaemonStateTransfer: StateTransferring {
    private let store: StateStore
    private let clock: () -> Date
    private let reload: () throws(StoreError) -> Void

    init(store: StateStore, clock: @escaping () -> Date, reload: @escaping () throws(StoreError) -> Void) {
        self.store = store
        self.clock = clock
        self.reload = reload
    }

    func importSessions(_ sessions: [ImportedSession]) throws(CommandError) -> ImportReport {
        let report: ImportReport
        do {
            report = try store.transfer.importSessions(sessions)
        } catch {
            throw .failed("the workouts were not imported (nothing was written): \(error)")
        }
        if report.addedSessions > 0 { try readAgain(after: "import") }
        return report
    }

    func backup(to path: String) throws(CommandError) -> BackupReport {
        do {
            return BackupReport(path: path, counts: try store.transfer.backup(to: path))
        } catch {
            throw .failed("no backup written: \(error)")
        }
    }

    /// The replaced state is kept beside the database (`$XDG_STATE_HOME/gymbell/replaced-<UTC instant>.sqlite`).
    func restore(from path: String) throws(CommandError) -> RestoreReport {
        guard let database = store.path else { throw .failed("the state lives in memory only here: there is nothing to replace") }
        let report: RestoreReport
        do {
            report = try store.transfer.restore(from: path, keepingAsideIn: FilePath.directory(of: database), at: clock())
        } catch let refusal as StateTransfer.RestoreRefusal {
            throw .failed(refusal.description)
        } catch {
            throw .failed("nothing was restored: \(error)")
        }
        try readAgain(after: "restore")
        return report
    }

    private func readAgain(after what: String) throws(CommandError) {
        do {
            try reload()
        } catch {
            throw .failed("the \(what) was written, but the daemon could not read the state again (restart it): \(error)")
        }
    }
}
