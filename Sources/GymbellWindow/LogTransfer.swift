import CAdw
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
    private unowned let owner: ProgrammeWindow
    private let imported: () -> Void
    /// The open chooser: a native dialog belongs to no window, so it is kept until it answers.
    private var chooser: OpaquePointer?

    /// What reading a chosen log gave.
    private enum Reading: Sendable {
        case read(TrainingImport, path: String, options: TrainingImport.Options)
        case failed(String)
    }

    /// `imported`: after the daemon took an import (the page reads the log again).
    init(owner: ProgrammeWindow, imported: @escaping () -> Void) {
        self.owner = owner
        self.imported = imported
    }

    /// The buttons offering import, export and backup, side by side as far as the window is wide (a
    /// row each would keep it from 360 px in German), each named for a screen reader, its tooltip saying more.
    func buttons() -> Widget {
        let messages = owner.messages
        let buttons = [
            (messages("Import…"), messages("Import a training log"), messages("Import from Strong or Hevy (their CSV export) or a gymbell set log"),
             { [unowned self] in self.chooseLog() }),
            (messages("Export CSV…"), messages("Export the sets as CSV"), messages("One row a set, for a spreadsheet"),
             { [unowned self] in self.chooseExport() }),
            (messages("Back up…"), messages("Back up the whole state"), messages("History, sets and reminders in one file"),
             { [unowned self] in self.chooseBackup() }),
            (messages("Restore…"), messages("Restore a backup"), messages("Take back a backup's history; the one it replaces is kept aside"),
             { [unowned self] in self.chooseRestore() }),
        ].map { (label: String, name: String, tip: String, clicked: @escaping () -> Void) -> Widget in
            let button = Build.button(label, accessibleName: name, clicked)
            gtk_widget_set_tooltip_text(button, tip)
            return button
        }
        return Build.flow(buttons, spacing: 6)
    }

    // MARK: Import

    private func chooseLog() {
        choose(owner.messages("Import a training log"), GTK_FILE_CHOOSER_ACTION_OPEN, accept: owner.messages("Open")) { [unowned self] path in
            let zone = owner.text.zone
            owner.ask({ _ throws(ClientError) -> Reading in
                do {
                    let options = TrainingImport.Options(timeZone: zone, now: Date(), names: ImportFile.configuredNames().names)
                    return .read(try ImportFile.scan(path, options: options), path: path, options: options)
                } catch {
                    return .failed("\(error)")
                }
            }) { [weak self] reading in
                switch reading {
                case .read(let log, let path, let options): self?.confirm(log, path: path, options: options)
                case .failed(let reason): self?.owner.toast(reason)
                }
            }
        }
    }

    /// The summary the CLI prints before it writes, with Import and Cancel (Close when nothing is in it).
    private func confirm(_ log: TrainingImport, path: String, options: TrainingImport.Options) {
        let messages = owner.messages
        let nothing = log.workoutCount == 0
        let heading = nothing ? messages("Nothing to import") : messages("Import this log?")
        let dialog = adw_message_dialog_new(cast(owner.window), heading, log.summaryLines(in: options.timeZone).joined(separator: "\n"))!
        adw_message_dialog_add_response(cast(dialog), "cancel", nothing ? messages("Close") : messages("Cancel"))
        if !nothing {
            adw_message_dialog_add_response(cast(dialog), "import", messages("Import"))
            adw_message_dialog_set_response_appearance(cast(dialog), "import", ADW_RESPONSE_SUGGESTED)
            adw_message_dialog_set_default_response(cast(dialog), "import")
        }
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        onSignal(cast(dialog), "response", withArgument: { [unowned self] response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "import" else { return }
            let progress = ImportToast(owner: owner, total: log.workoutCount)
            owner.ask({ _ throws(ClientError) in
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
                var text = owner.messages("Imported: {workouts} workouts with {sets} sets; {kept} already in your history", [
                    "workouts": "\(report.addedSessions)", "sets": "\(report.addedSets)", "kept": "\(report.alreadyThere)"])
                if report.refusedCount > 0 { text += "; " + report.refusalLines(limit: 3).joined(separator: ";") }
                owner.toast(text)
                imported()
            }
        })
        gtk_window_present(cast(dialog))
    }

    // MARK: Export and backup

    private func chooseExport() {
        choose(owner.messages("Export the sets as CSV"), GTK_FILE_CHOOSER_ACTION_SAVE, accept: owner.messages("Save"), name: "gymbell-sets.csv") { [unowned self] path in
            let days = UInt32(Limits.historyDays.upperBound)
            owner.ask({ client throws(ClientError) -> Result<Int, AtomicFile.Failure> in
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
                case .success(let sets): owner.toast(owner.messages("{sets} sets written to {path}", ["sets": "\(sets)", "path": path]))
                case .failure(let failure): owner.toast(failure.description)
                }
            }
        }
    }

    private func chooseBackup() {
        choose(owner.messages("Back up the whole state"), GTK_FILE_CHOOSER_ACTION_SAVE, accept: owner.messages("Save"), name: "gymbell-backup.sqlite") { [unowned self] path in
            owner.ask({ client throws(ClientError) in try client.backup(to: path) }) { [weak self] report in
                guard let self else { return }
                owner.toast(owner.messages("Backed up {sessions} sessions and {sets} sets to {path}", [
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
        choose(owner.messages("Restore a backup"), GTK_FILE_CHOOSER_ACTION_OPEN, accept: owner.messages("Open")) { [unowned self] path in
            restore(path, confirmed: false)
        }
    }

    private func restore(_ path: String, confirmed: Bool) {
        owner.ask({ client throws(ClientError) -> Restoring in
            do throws(ClientError) {
                return .restored(try client.restore(from: path, confirmed: confirmed))
            } catch where error.needsConfirmation {
                return .asksFirst(error.description)
            }
        }) { [weak self] restoring in
            guard let self else { return }
            switch restoring {
            case .restored(let report):
                owner.toast(owner.messages("Restored: {sessions} sessions and {sets} sets now; the replaced history is kept in {path}", [
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
        let messages = owner.messages
        let body = sentence + "\n\n" + messages("The history it replaces is kept aside: restore that copy to go back.")
        let dialog = adw_message_dialog_new(cast(owner.window), messages("Replace your history?"), body)!
        adw_message_dialog_add_response(cast(dialog), "cancel", messages("Cancel"))
        adw_message_dialog_add_response(cast(dialog), "replace", messages("Replace"))
        adw_message_dialog_set_response_appearance(cast(dialog), "replace", ADW_RESPONSE_DESTRUCTIVE)
        adw_message_dialog_set_default_response(cast(dialog), "cancel")
        adw_message_dialog_set_close_response(cast(dialog), "cancel")
        onSignal(cast(dialog), "response", withArgument: { [unowned self] response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "replace" else { return }
            restore(path, confirmed: true)
        })
        gtk_window_present(cast(dialog))
    }

    // MARK: The chooser

    /// GTK 4.8's file chooser (GtkFileDialog is 4.10), modal to the window; `chosen` gets the file's path.
    private func choose(_ title: String, _ action: GtkFileChooserAction, accept: String, name: String? = nil, _ chosen: @escaping (String) -> Void) {
        guard chooser == nil, let native = gtk_file_chooser_native_new(title, cast(owner.window), action, accept, owner.messages("Cancel")) else { return }
        let dialog = UnsafeMutablePointer<GtkNativeDialog>(native)
        gtk_native_dialog_set_modal(dialog, 1)
        if let name { gtk_file_chooser_set_current_name(native, name) }
        chooser = native
        onSignal(native, "response", withArgument: { [unowned self] response in
            // The response is a gint the signal passes where a pointer goes.
            let accepted = Int32(truncatingIfNeeded: Int(bitPattern: response)) == GTK_RESPONSE_ACCEPT.rawValue
            var path: String?
            if accepted, let file = gtk_file_chooser_get_file(native) {
                if let text = g_file_get_path(file) {
                    path = String(cString: text)
                    g_free(text)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            gtk_native_dialog_destroy(dialog)
            chooser = nil
            g_object_unref(UnsafeMutableRawPointer(native))
            if let path { chosen(path) }
        })
        gtk_native_dialog_show(dialog)
    }
}

/// "Importing… 1200 of 40000 workouts", a toast that stays while an import runs; told from the thread
/// that imports, shown on the main loop.
private final class ImportToast: @unchecked Sendable {
    private let toast: OpaquePointer
    private let messages: Messages
    private let total: Int
    /// Workouts sent so far; read and written on the importing thread only.
    private var sent = 0

    init(owner: ProgrammeWindow, total: Int) {
        messages = owner.messages
        self.total = total
        toast = adw_toast_new(messages("Importing… {done} of {total} workouts", ["done": "0", "total": "\(total)"]))
        adw_toast_set_timeout(toast, 0)
        g_object_ref(UnsafeMutableRawPointer(toast))
        adw_preferences_window_add_toast(cast(owner.window), toast)
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(toast)) }

    /// A batch of `count` workouts goes to the daemon (called on the importing thread).
    func sent(_ count: Int) {
        sent += count
        let title = messages("Importing… {done} of {total} workouts", ["done": "\(sent)", "total": "\(total)"])
        let update = Unmanaged.passRetained(ToastTitle(self, title)).toOpaque()
        g_idle_add_once({ data in
            guard let data else { return }
            let update = Unmanaged<ToastTitle>.fromOpaque(data).takeRetainedValue()
            adw_toast_set_title(update.toast.toast, update.title)
        }, update)
    }

    func dismiss() { adw_toast_dismiss(toast) }

    private final class ToastTitle {
        let toast: ImportToast
        let title: String
        init(_ toast: ImportToast, _ title: String) {
            self.toast = toast
            self.title = title
        }
    }
}
