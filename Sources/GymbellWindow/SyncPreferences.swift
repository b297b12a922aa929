import GymbellCore

/// The Preferences' "Sync" group (issue 48): the folder a sync engine such as Syncthing shares
/// between the person's computers, typed (Enter applies; an empty field stops syncing), chosen with
/// the folder chooser or cleared, and written as `[sync] folder` through the Preferences' config
/// path. A folder the reader would refuse is refused at the field, with its sentence, nothing
/// written. Below it, from the daemon's status: whether the folder is there and how many workouts
/// came from the other computers.
final class SyncPreferences {
    let group: PreferencesGroup
    private let messages: Messages
    private let folder: EntryRow
    private let state: ActionRow
    private let problem = Label("", classes: ["error"]).selectableFromStart()
    private let chooser = FileChooser()
    private let home: String
    /// The folder as the file writes it; nil: no `[sync]`.
    private var written: String?
    /// The daemon's view of the folder, as last told (nil: none, or no daemon).
    private var status: SyncStatus?

    init(messages: Messages, home: String, over window: Window, change: @escaping (ConfigEdit) -> Void) {
        self.messages = messages
        self.home = home
        folder = EntryRow(messages("Synced folder"))
        state = ActionRow(messages("Sync status"))
        group = PreferencesGroup(
            messages("Sync"), description: messages("The folder Syncthing shares between your computers; each keeps its journal there."))
        let choose = Button(messages("Choose…"), accessibleName: messages("Choose the synced folder")) { [unowned self] in
            chooser.choose(messages("Synced folder"), over: window, .folder, accept: messages("Choose"), cancel: messages("Cancel")) {
                [unowned self] path in accept(SyncSettings.written(path, home: self.home), change)
            }
        }
        let clear = Button(icon: "edit-clear-symbolic", accessibleName: messages("Stop syncing"), tooltip: messages("Stop syncing")) {
            [unowned self] in accept("", change)
        }
        folder.addSuffixes([choose, clear])
        folder.onApplied { [unowned self] text in accept(Editable.trimmed(text), change) }
        state.isVisible = false
        problem.isVisible = false
        group.add([folder, state, problem])
    }

    /// A folder typed or chosen: written, or refused at the field with the reader's reason.
    private func accept(_ text: String, _ change: (ConfigEdit) -> Void) {
        if text.isEmpty {
            clearProblem()
            folder.clear()
            if written != nil { change(.syncFolder(nil)) }
            return
        }
        if let refusal = SyncSettings.problem(with: text) {
            folder.style(["error"])
            let reason = switch refusal {
            case .notAbsolute: messages("{folder} is not a full path; start it with / or ~/ (like ~/Sync/gymbell)", ["folder": text])
            case .controlOrTooLong, .empty: messages("The folder's path holds a control character or is too long")
            }
            problem.text = reason
            problem.setAccessibleName(reason)
            problem.isVisible = true
            return
        }
        clearProblem()
        folder.set(text)
        if text != written { change(.syncFolder(text)) }
    }

    private func clearProblem() {
        folder.unstyle(["error"])
        problem.isVisible = false
    }

    /// Shows the file's `[sync]` (nil: none).
    func show(_ settings: SyncSettings?) {
        written = settings?.folder
        folder.show(settings?.folder ?? "")
        showState()
    }

    /// Shows the daemon's view of the folder (nil: no folder, or no daemon to ask).
    func show(status: SyncStatus?) {
        self.status = status
        showState()
    }

    private func showState() {
        guard let status, written != nil else {
            state.isVisible = false
            return
        }
        state.subtitle = Self.summary(status, messages)
        state.isVisible = true
    }

    /// "The folder is there; 12 workouts came from your other computers", and a note when some did not.
    static func summary(_ status: SyncStatus, _ messages: Messages) -> String {
        guard status.available else { return messages("The folder is not there now; your workouts wait here until it is back") }
        let merged = status.journals.reduce(0) { $0 + $1.sessions }
        var text = status.journals.isEmpty
            ? messages("The folder is there; no other computer has written to it yet")
            : messages("The folder is there; {count} workout came from your other computers",
                       plural: "The folder is there; {count} workouts came from your other computers",
                       count: merged, ["count": String(merged)])
        if status.writeProblem != nil || status.journals.contains(where: { $0.problem != nil }) {
            text += "\n" + messages("Not everything could be synced; gymbell status says why")
        }
        return text
    }
}
