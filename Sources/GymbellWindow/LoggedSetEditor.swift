import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore

/// A set of the Log page as a row that opens to correct it (`gymbell history correct`, CorrectSet): its
/// reps, its weight in its own unit, whether it failed, and "Save correction". Every control is named
/// for a screen reader with the set it belongs to.
final class LoggedSetEditor {
    let row: Widget
    private let set: LoggedSet
    private let reps: Spin
    private let weight: Widget
    private let failed: Switch
    private unowned let owner: ProgrammeWindow
    private let saved: () -> Void

    /// `saved`: after the daemon took a correction (the page reads the log again).
    init(_ set: LoggedSet, owner: ProgrammeWindow, saved: @escaping () -> Void) {
        self.set = set
        self.owner = owner
        self.saved = saved
        let messages = owner.messages
        let what = messages("{exercise}, set {n}", ["exercise": set.exercise, "n": "\(set.setNumber)"])
        row = adw_expander_row_new()!
        adw_preferences_row_set_title(cast(row), what)
        adw_expander_row_set_subtitle(cast(row), set.failed ? messages("{load} — failed", ["load": set.loadText]) : set.loadText)
        if set.failed {
            let mark = gtk_image_new_from_icon_name("dialog-warning-symbolic")!
            mark.setAccessibleName(messages("failed"))
            adw_expander_row_add_prefix(cast(row), mark)
        }
        reps = Rows.spin(messages("Reps of {set}", ["set": what]), SetEdit.reps) { _ in }
        reps.show(set.reps ?? 0)
        weight = gtk_spin_button_new_with_range(Limits.weight.lowerBound, Limits.weight.upperBound, 2.5)!
        weight.setAccessibleName(messages("Weight of {set} in {unit}", ["set": what, "unit": set.unit.rawValue]))
        gtk_spin_button_set_digits(cast(weight), 2)
        gtk_spin_button_set_value(cast(weight), set.weight ?? 0)
        // The switch named with its set (not labelled by its row: every set's row says "Failed").
        let failedSwitch = gtk_switch_new()!
        failedSwitch.setAccessibleName(messages("{set} failed", ["set": what]))
        failed = Switch(failedSwitch)
        failed.show(set.failed)
        let save = Build.button(messages("Save correction"), classes: ["suggested-action"],
                                accessibleName: messages("Save correction of {set}", ["set": what])) { [unowned self] in self.save() }
        for child in [Rows.action(messages("Reps"), suffixes: [reps.widget]),
                      Rows.action(messages("Weight in {unit}", ["unit": set.unit.rawValue]), suffixes: [weight]),
                      Rows.action(messages("Failed"), subtitle: messages("Fewer reps than planned"), suffixes: [failedSwitch]),
                      Rows.action(messages("Correct this set"), suffixes: [save])] {
            adw_expander_row_add_row(cast(row), child)
        }
    }

    /// What the person changed, as an edit: only the values that differ from the log.
    private var edit: SetEdit {
        var edit = SetEdit()
        if reps.value != (set.reps ?? 0) { edit.reps = reps.value }
        let weighed = gtk_spin_button_get_value(cast(weight))
        if abs(weighed - (set.weight ?? 0)) > 0.001 { edit.weight = weighed }
        if failed.isOn != set.failed { edit.failed = failed.isOn }
        return edit
    }

    private func save() {
        let edit = edit
        guard let id = set.id, let number = UInt32(exactly: id) else { return }
        guard !edit.isEmpty else {
            owner.toast(owner.messages("Nothing to correct: the set is as logged."))
            return
        }
        owner.ask({ client throws(ClientError) in try client.correctSet(id: number, edit) }) { [weak self] message in
            self?.owner.toast(message)
            self?.saved()
        }
    }
}
