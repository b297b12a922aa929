import FoundationEssentials
import GymbellCore
import GymbellStore

/// Import, backup and restore (issue 34): the daemon, which owns the state database, changes it in one
/// transaction and then reads it again the way start-up does (`reloadStoredState`), so the engine's
/// memory is whatever start-up would build from the file — nothing in it is patched by hand.
extension Daemon {
    func importSessions(_ sessions: [ImportedSession]) throws(CommandError) -> ImportReport {
        let report: ImportReport
        do { report = try store.importSessions(sessions) } catch { throw .failed("the workouts were not imported (nothing was written): \(error)") }
        if report.addedSessions > 0 { try reload(after: "import") }
        return report
    }

    func backup(to path: String) throws(CommandError) -> BackupReport {
        do {
            return BackupReport(path: path, counts: try store.backup(to: path))
        } catch {
            throw .failed("no backup written: \(error)")
        }
    }

    /// The replaced state is kept beside the database (`$XDG_STATE_HOME/gymbell/replaced-<UTC instant>.sqlite`).
    func restore(from path: String) throws(CommandError) -> RestoreReport {
        guard let database = store.path else { throw .failed("the state lives in memory only here: there is nothing to replace") }
        let report: RestoreReport
        do {
            report = try store.restore(from: path, keepingAsideIn: FilePath.directory(of: database), at: environment.clock())
        } catch let refusal as StateStore.RestoreRefusal {
            throw .failed(refusal.description)
        } catch {
            throw .failed("nothing was restored: \(error)")
        }
        try reload(after: "restore")
        return report
    }

    private func reload(after what: String) throws(CommandError) {
        do {
            try reloadStoredState()
        } catch {
            throw .failed("the \(what) was written, but the daemon could not read the state again (restart it): \(error)")
        }
    }
}
