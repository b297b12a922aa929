import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellSettings
import GymbellStore
import Logging

/// The synced folder (issue 48) as the daemon carries it: followed with inotify (never polled), this
/// computer's journal written after each change to the history (`historyChanged`), the others' merged
/// whenever a journal there changes — each as a transfer off the loop, one at a time with imports and
/// restores (`DaemonStateTransfer.journalWork`), the state read again after a merge that brought
/// something. A folder that is not there (a removable disk) is waited for: the nearest folder above it
/// that is there is watched for it to appear, and gymbell goes on alone meanwhile.
final class SyncFolder {
    private let transfers: DaemonStateTransfer
    private let daemon: Daemon
    private let store: StateStore
    private let loadDevice: () -> DeviceID
    /// Read (or made) when a folder is first configured: a computer that syncs nothing keeps no id.
    private lazy var device: DeviceID = loadDevice()
    private let home: String
    /// Where the device id is kept (named when two computers share one).
    private let deviceFile: String
    private let clock: () -> Date
    private let logger: Logger

    /// After a journal written or a merge: the memory its work took is given back once idle (IdleTrim).
    var afterWork: (() -> Void)?
    private var settings: SyncSettings?
    private var watcher: FileWatcher?
    private var available = false
    private var pendingWrite = false
    private var pendingMerge = false
    private var files: [String] = []
    private var mergedAt: Date?
    private var problem: String?
    private var writeProblem: String?

    init(transfers: DaemonStateTransfer, daemon: Daemon, store: StateStore, device: @escaping () -> DeviceID, deviceFile: String, home: String, clock: @escaping () -> Date, logger: Logger) {
        self.transfers = transfers
        self.daemon = daemon
        self.store = store
        loadDevice = device
        self.deviceFile = deviceFile
        self.home = home
        self.clock = clock
        self.logger = logger
        transfers.onFinished = { [weak self] what in
            // An import or a restore wrote sessions this computer's journal lacks.
            if what == "import" || what == "restore", self?.settings != nil { self?.pendingWrite = true }
            self?.next()
        }
    }

    private var path: String? { settings?.path(home: home) }

    /// The config's `[sync]` (at start-up and after each reload).
    func apply(_ settings: SyncSettings?) {
        guard settings != self.settings else { return }
        self.settings = settings
        files = []
        problem = nil
        writeProblem = nil
        if let path { logger.info("following the synced folder", metadata: ["folder": "\(path)", "device": "\(device)"]) }
        watch()
    }

    /// The history changed here (a session ended, a set corrected, a weight accepted, an import): the
    /// journal is written.
    func historyChanged() {
        guard settings != nil else { return }
        pendingWrite = true
        next()
    }

    private func watch() {
        watcher = nil
        guard let path else {
            available = false
            return publish()
        }
        if AppendedFile.isDirectory(path) {
            available = true
            do {
                // Every journal, this computer's own too: another computer may write under its id
                // (JournalMerger.run); a merge after its own write reads only the new lines, once.
                watcher = try FileWatcher(directory: path, names: { JournalName.device(of: $0) != nil }) { [weak self] in
                    self?.folderChanged()
                }
            } catch {
                problem = "the folder cannot be followed (\(error)); it is merged at each start only"
            }
            pendingWrite = true
            pendingMerge = true
            next()
        } else {
            available = false
            // The nearest folder above that is there is watched for the next one down to appear.
            var missing = path
            while true {
                let parent = Self.parent(of: missing)
                if parent == missing || AppendedFile.isDirectory(parent) { break }
                missing = parent
            }
            watcher = try? FileWatcher(path: missing) { [weak self] in self?.watch() }
        }
        publish()
    }

    private func folderChanged() {
        guard let path, AppendedFile.isDirectory(path) else { return watch() }  // gone: waited for
        pendingMerge = true
        next()
    }

    /// The next piece of work, when none runs: the journal first, then a merge.
    private func next() {
        guard let path, available, !transfers.isRunning else { return }
        if pendingWrite {
            pendingWrite = false
            let (device, now) = (device, clock())
            transfers.journalWork("journal", { worker in JournalWriter.write(folder: path, own: device, store: worker.journal, now: now) },
                                  readAgain: { _ in false }) { [weak self] result in self?.written(result) }
        } else if pendingMerge {
            pendingMerge = false
            let device = device
            transfers.journalWork("merge", { worker in JournalMerger.run(folder: path, own: device, store: worker.journal) },
                                  readAgain: { $0.count.changed }) { [weak self] result in self?.merged(result) }
        }
    }

    private func written(_ result: Result<JournalWriter.Run, CommandError>) {
        switch result {
        case .success(let run):
            if let problem = run.problem { logger.warning("this computer's journal was not written: \(problem)") }
            if run.lines > 0 { logger.info("journal written", metadata: ["lines": "\(run.lines)"]) }
            writeProblem = run.problem
        case .failure:
            pendingWrite = true  // another transfer ran: again when it ends
        }
        publish()
        afterWork?()
    }

    private func merged(_ result: Result<JournalMerger.Run, CommandError>) {
        switch result {
        case .success(let run):
            files = run.files
            problem = run.problem
            if run.count.changed {
                mergedAt = clock()
                logger.info("merged from the synced folder", metadata: [
                    "sessions": "\(run.count.sessions)", "sets": "\(run.count.sets)", "corrections": "\(run.count.revisions)",
                    "weights": "\(run.count.weights)"])
            }
        case .failure:
            pendingMerge = true
        }
        publish()
        afterWork?()
    }

    private func publish() {
        logger.debug("sync publish", metadata: ["files": "\(files.count)", "merged_at": "\(mergedAt.map(ISO8601.format) ?? "none")"])
        guard let path else { return report(nil) }
        let own = JournalName.own(device)
        let present = Set(files).subtracting([own])
        var journals = ((try? store.journal.journals()) ?? []).filter { present.contains($0.file) }
        if let problem { journals.append(SyncStatus.Journal(file: "(folder)", sessions: 0, problem: problem)) }
        if present.contains(where: { $0 != own && JournalName.device(of: $0) == device }) {
            // A conflict copy of this computer's journal: another computer writes under its id too.
            journals.append(SyncStatus.Journal(file: own, sessions: 0, problem:
                "another computer writes this journal too (a state directory copied with its device id?); both are merged, "
                    + "but remove \(deviceFile) on one of them and restart its gymbell to give it an id of its own"))
        }
        report(SyncStatus(
            folder: path, device: device.rawValue, available: available, journals: journals, mergedAt: mergedAt, writeProblem: writeProblem))
    }

    /// The folder's state, for `status` (the engine keeps it).
    private func report(_ status: SyncStatus?) {
        if status != daemon.state.sync { daemon.send(.syncChanged(status)) }
    }

    static func parent(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        let parent = String(path[..<slash])
        return parent.isEmpty ? "/" : parent
    }
}
