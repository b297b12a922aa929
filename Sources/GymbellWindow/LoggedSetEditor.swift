import FoundationEssentials
import GymbellControl
import GymbellCore

/// A set of the Log page as a row that opens to correct it (`gymbell history correct`, CorrectSet): its
/// reps, its weight in its own unit, a timed set's seconds, whether it failed, and "Save correction".
/// Its subtitle marks a warm-up and gives the RPE. Every control is named
/// for a screen reader with the set it belongs to.
final class LoggedSetEditor {
    /// What the editor may do.
    struct Actions {
        let daemon: DaemonQuestions
        let toast: (String) -> Void
        /// After the daemon took a correction (the page reads the log again).
        let saved: () -> Void
    }

    let row: ExpanderRow
    /// The set as logged (the Log keeps an editor while its set is unchanged).
    let set: LoggedSet
    private let messages: Messages
    private let actions: Actions
    private let reps: SpinButton
    private let weight: SpinButton
    private let failed: Switch
    /// A timed set's seconds (none for a set of reps).
    private let seconds: SpinButton?
    private let saveButton: Button
    /// Whether "Save correction" can be pressed (not while the daemon is stopped).
    var canSave: Bool {
        get { saveButton.isSensitive }
        set { saveButton.isSensitive = newValue }
    }

    init(_ set: LoggedSet, messages: Messages, actions: Actions) {
        self.set = set
        self.messages = messages
        self.actions = actions
        let what = messages("{exercise}, set {n}", ["exercise": set.exercise, "n": "\(set.setNumber)"])
        var subtitle = set.loadText + (set.rpeText.map { " · " + $0 } ?? "")
        if set.warmUp { subtitle = messages("{load} — warm-up", ["load": subtitle]) }
        if set.failed { subtitle = messages("{load} — failed", ["load": subtitle]) }
        row = ExpanderRow(what, subtitle: subtitle)
        if set.failed { row.addPrefix(Image(icon: "dialog-warning-symbolic", accessibleName: messages("failed"))) }
        reps = SpinButton(messages("Reps of {set}", ["set": what]), SetEdit.reps)
        reps.show(set.reps ?? 0)
        weight = SpinButton(messages("Weight of {set} in {unit}", ["set": what, "unit": set.unit.rawValue]), Limits.weight, step: 2.5, digits: 2)
        weight.show(number: set.weight ?? 0)
        seconds = set.seconds.map { held in
            let button = SpinButton(messages("Seconds of {set}", ["set": what]), RecordBounds.setSeconds)
            button.show(held)
            return button
        }
        // The switch named with its set (not labelled by its row: every set's row says "Failed").
        failed = Switch(accessibleName: messages("{set} failed", ["set": what]), on: set.failed)
        let save = Button(messages("Save correction"), classes: ["suggested-action"], accessibleName: messages("Save correction of {set}", ["set": what]))
        row.add([ActionRow(messages("Reps"), suffixes: [reps]),
                 ActionRow(messages("Weight in {unit}", ["unit": set.unit.rawValue]), suffixes: [weight])]
                + (seconds.map { [ActionRow(messages("Seconds"), suffixes: [$0])] } ?? [])
                + [ActionRow(messages("Failed"), subtitle: messages("Fewer reps than planned"), suffixes: [failed]),
                   ActionRow(messages("Correct this set"), suffixes: [save])])
        saveButton = save
        save.onClicked { [unowned self] in self.save() }
    }

    /// What the person changed, as an edit: only the values that differ from the log.
    private var edit: SetEdit {
        var edit = SetEdit()
        if reps.value != (set.reps ?? 0) { edit.reps = reps.value }
        if abs(weight.number - (set.weight ?? 0)) > 0.001 { edit.weight = weight.number }
        if failed.isOn != set.failed { edit.failed = failed.isOn }
        if let seconds, seconds.value != set.seconds { edit.seconds = seconds.value }
        return edit
    }

    private func save() {
        let edit = edit
        guard let id = set.id, let number = UInt32(exactly: id) else { return }
        guard !edit.isEmpty else { return actions.toast(messages("Nothing to correct: the set is as logged.")) }
        actions.daemon.ask({ client throws(ClientError) in try client.correctSet(id: number, edit) }) { [actions] message in
            actions.toast(message)
            actions.saved()
        }
    }
}
