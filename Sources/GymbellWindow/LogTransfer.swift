import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats
import GymbellPlatform
import GymbellSettings

/// The Log page's files, as `gymbell import`, `history --sets --csv` and `backup` do them: a log
/// chosen with GTK's file chooser (GtkFileChooserNative: the portal's where one runs), read and
/// summed up off the main thread (the CLI's summary, in a dialog with Import / Cancel), then imported
/// by the daemon in batches as the CLI does (a file of a million rows in bounded memory), a toast
/// saying "Importing… N workouts" meanwhile; the sets written as CSV (atomically); the whole state
/// backed up by the daemon, and a backup restored by it (asking first, as `gymbell restore` without
/// --force, where the backup holds far less than the history it replaces).
final class LogTransfer {
    private let messages: Messages
    private let zone: Zone
    private let actions: LogPage.Actions
    private var window: PagedWindow { actions.parent }
    private let imported: () -> Void
    private let chooser = FileChooser()
    private var made: [Button] = []
    /// Whether the buttons can be pressed (each needs the daemon).
    var isSensitive = true {
        didSet { for button in made { button.isSensitive = isSensitive } }
    }

    /// What reading a chosen log gave.
    private enum Reading: Sendable {
        case read(ImportDialog.Reading, path: String)
        case failed(String)
    }
    /// The import dialog up now (its rows call on it until it is answered).
    private var importDialog: ImportDialog?

    /// `imported`: after the daemon took an import (the page reads the log again).
    init(messages: Messages, zone: Zone, actions: LogPage.Actions, imported: @escaping () -> Void) {
        self.messages = messages
        self.zone = zone
        self.actions = actions
        self.imported = imported
    }

    /// The buttons offering import, export and backup, side by side as far as the window is wide (a
    /// row each would keep it from 360 px in German), each named for a screen reader, its tooltip saying more.
    func buttons() -> FlowBox {
        let buttons = [
            (messages("Import…"), messages("Import a training log"), messages("Import from Strong or Hevy (their CSV export) or a gymbell set log"),
             { [unowned self] in self.chooseLog() }),
            (messages("Export CSV…"), messages("Export the sets as CSV"), messages("One row a set, for a spreadsheet"),
             { [unowned self] in self.chooseExport() }),
            (messages("Back up…"), messages("Back up the whole state"), messages("History, sets and reminders in one file"),
             { [unowned self] in self.chooseBackup() }),
            (messages("Restore…"), messages("Restore a backup"), messages("Take back a backup's history; the one it replaces is kept aside"),
             { [unowned self] in self.chooseRestore() }),
        ].map { (label: String, name: String, tip: String, clicked: @escaping () -> Void) in
            Button(label, accessibleName: name, tooltip: tip, clicked: clicked)
        }
        made = buttons
        return FlowBox(buttons, spacing: 6)
    }

    // MARK: Import

    private func chooseLog() {
        choose(messages("Import a training log"), .open, accept: messages("Open")) { [unowned self] path in
            let options = TrainingImport.Options(timeZone: zone, now: Date(), names: ImportFile.configuredNames().names)
            actions.daemon.ask({ _ throws(ClientError) -> Reading in
                do {
                    return .read(.init(log: try ImportFile.scan(path, options: options), options: options, known: ImportFile.configuredExercises()), path: path)
                } catch {
                    return .failed("\(error)")
                }
            }) { [weak self] reading in
                switch reading {
                case .read(let reading, let path): self?.confirm(reading, path: path)
                case .failed(let reason): self?.window.toast(reason)
                }
            }
        }
    }

    /// The summary the CLI prints before it writes and the choices its flags make, with Import and
    /// Cancel (Close when nothing is in it).
    private func confirm(_ reading: ImportDialog.Reading, path: String) {
        let dialog = ImportDialog(messages: messages, reading: reading) { [weak self] options, done in
            self?.actions.daemon.ask({ _ throws(ClientError) -> Result<TrainingImport, ImportFile.Failure> in
                do throws(ImportFile.Failure) {
                    return .success(try ImportFile.scan(path, options: options))
                } catch {
                    return .failure(error)
                }
            }) { [weak self] read in
                switch read {
                case .success(let log): done(log)
                case .failure(let failure):
                    self?.window.toast(failure.description)
                    done(nil)
                }
            }
        }
        importDialog = dialog
        dialog.ask(over: window, reading) { [weak self] log, options in self?.run(log, path: path, options: options) }
    }

    /// The import itself: the daemon takes the log in batches, a toast counting them.
    private func run(_ log: TrainingImport, path: String, options: TrainingImport.Options) {
        let progress = ImportToast(messages: messages, total: log.workoutCount, over: window)
        actions.daemon.ask({ _ throws(ClientError) in
            // A client of its own: the last batch of a large import may take longer than a window's call.
            let client = try GymbellClient(timeoutMilliseconds: 300_000)
            do {
                return try ImportFile.importing(path, plan: log, options: options, send: { batch, last in
                    progress.sent(batch.count)
                    return try client.importBatch(batch, last: last)
                })
            } catch let error as ClientError {
                throw error
            } catch {
                throw .refused(name: "", message: "\(error)")
            }
        }) { [weak self] report in
            progress.dismiss()
            guard let self else { return }
            var text = messages("Imported: {workouts} workouts with {sets} sets; {kept} already in your history", [
                "workouts": "\(report.addedSessions)", "sets": "\(report.addedSets)", "kept": "\(report.alreadyThere)"])
            if report.refusedCount > 0 { text += "; " + report.refusalLines(limit: 3).joined(separator: ";") }
            // Counts and maybe refusals to read: longer than a toast's 5 s.
            window.show(Toast(text, timeout: 15))
            imported()
        }
    }


    // MARK: Export and backup

    private func chooseExport() {
        choose(messages("Export the sets as CSV"), .save, accept: messages("Save"), name: "gymbell-sets.csv") { [unowned self] path in
            let days = UInt32(Limits.historyDays.upperBound)
            actions.daemon.ask({ client throws(ClientError) -> Result<Int, AtomicFile.Failure> in
                let (log, sessions) = (try client.setLog(days: days), try client.history(days: days))
                do throws(AtomicFile.Failure) {
                    try AtomicFile.write(Data(SetLogCSV.text(log, sessions: sessions).utf8), to: path)
                    return .success(log.count)
                } catch {
                    return .failure(error)
                }
            }) { [weak self] written in
                guard let self else { return }
                switch written {
                case .success(let sets): window.toast(messages("{sets} sets written to {path}", ["sets": "\(sets)", "path": path]))
                case .failure(let failure): window.toast(failure.description)
                }
            }
        }
    }

    private func chooseBackup() {
        choose(messages("Back up the whole state"), .save, accept: messages("Save"), name: "gymbell-backup.sqlite") { [unowned self] path in
            actions.daemon.ask({ client throws(ClientError) in try client.backup(to: path) }) { [weak self] report in
                guard let self else { return }
                window.toast(messages("Backed up {sessions} sessions and {sets} sets to {path}", [
                    "sessions": "\(report.counts.sessions)", "sets": "\(report.counts.sets)", "path": report.path]))
            }
        }
    }

    // MARK: Restore

    /// What a restore asked of the daemon gave: done, or the daemon's sentence asking first.
    private enum Restoring: Sendable {
        case restored(RestoreReport)
        case asksFirst(String)
    }

    private func chooseRestore() {
        choose(messages("Restore a backup"), .open, accept: messages("Open")) { [unowned self] path in
            restore(path, confirmed: false)
        }
    }

    private func restore(_ path: String, confirmed: Bool) {
        actions.daemon.ask({ client throws(ClientError) -> Restoring in
            do throws(ClientError) {
                return .restored(try client.restore(from: path, confirmed: confirmed))
            } catch where error.needsConfirmation {
                return .asksFirst(error.description)
            }
        }) { [weak self] restoring in
            guard let self else { return }
            switch restoring {
            case .restored(let report):
                window.toast(messages("Restored: {sessions} sessions and {sets} sets now; the replaced history is kept in {path}", [
                    "sessions": "\(report.after.sessions)", "sets": "\(report.after.sets)", "path": report.keptAside]))
                imported()
            case .asksFirst(let sentence):
                confirmReplacing(path, sentence)
            }
        }
    }

    /// "Replace your history?" with the daemon's sentence naming what the backup and the history hold;
    /// Replace restores it anyway.
    private func confirmReplacing(_ path: String, _ sentence: String) {
        let body = sentence + "\n\n" + messages("The history it replaces is kept aside: restore that copy to go back.")
        MessageDialog.ask(
            over: window, heading: messages("Replace your history?"), body: body,
            responses: [.init(answer: ReplaceAnswer.cancel, label: messages("Cancel")),
                        .init(answer: .replace, label: messages("Replace"), appearance: .destructive)],
            defaultResponse: .cancel, close: .cancel
        ) { [unowned self] answer in
            if answer == .replace { restore(path, confirmed: true) }
        }
    }

    private enum ReplaceAnswer: String { case cancel, replace }

    // MARK: The chooser

    /// The file chooser, modal to the window; `chosen` gets the file's path.
    private func choose(_ title: String, _ action: FileChooser.Action, accept: String, name: String? = nil, _ chosen: @escaping (String) -> Void) {
        chooser.choose(title, over: window, action, accept: accept, cancel: messages("Cancel"), name: name, chosen: chosen)
    }
}

/// "Importing… 1200 of 40000 workouts", a toast that stays while an import runs; told from the thread
/// that imports, shown on the main loop.
private final class ImportToast: @unchecked Sendable {
    /// Touched on the main loop only.
    private let toast: Toast
    private let messages: Messages
    private let total: Int
    /// Workouts sent so far; read and written on the importing thread only.
    private var sent = 0

    init(messages: Messages, total: Int, over window: PagedWindow) {
        self.messages = messages
        self.total = total
        toast = Toast(messages("Importing… {done} of {total} workouts", ["done": "0", "total": "\(total)"]), timeout: 0)
        window.show(toast)
    }

    /// A batch of `count` workouts goes to the daemon (called on the importing thread).
    func sent(_ count: Int) {
        sent += count
        let title = messages("Importing… {done} of {total} workouts", ["done": "\(sent)", "total": "\(total)"])
        MainThread.later { [self] in toast.setTitle(title) }
    }

    func dismiss() { toast.dismiss() }
}
