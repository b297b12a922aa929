import CAdw

/// The rows of the Preferences, from libadwaita 1.2's parts (it has no switch or spin row yet): an
/// AdwActionRow with a GtkSwitch, GtkSpinButtons or toggle buttons at its end. Every control carries
/// an accessible label of its own, so a screen reader names it without its row.
enum Rows {
    static func group(_ title: String, description: String? = nil) -> Widget {
        let group = adw_preferences_group_new()!
        adw_preferences_group_set_title(cast(group), title)
        if let description { adw_preferences_group_set_description(cast(group), description) }
        return group
    }

    static func add(_ rows: [Widget], to group: Widget) {
        for row in rows { adw_preferences_group_add(cast(group), row) }
    }

    static func action(_ title: String, subtitle: String? = nil, suffixes: [Widget] = []) -> Widget {
        let row = adw_action_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        if let subtitle { adw_action_row_set_subtitle(cast(row), subtitle) }
        for suffix in suffixes {
            gtk_widget_set_valign(suffix, GTK_ALIGN_CENTER)
            adw_action_row_add_suffix(cast(row), suffix)
        }
        return row
    }

    /// A row with a switch; `changed` gets the new state when the person flips it.
    static func toggle(_ title: String, subtitle: String? = nil, changed: @escaping (Bool) -> Void) -> (row: Widget, control: Switch) {
        let widget = gtk_switch_new()!  // named by its row (the row labels its activatable widget)
        let control = Switch(widget)
        let row = action(title, subtitle: subtitle, suffixes: [widget])
        adw_action_row_set_activatable_widget(cast(row), widget)
        onSignal(cast(widget), "notify::active", withArgument: { _ in
            if !control.quiet { changed(control.isOn) }
        })
        return (row, control)
    }

    /// A spin button from `range`; `changed` gets the new value.
    static func spin(_ name: String, _ range: ClosedRange<Int>, changed: @escaping (Int) -> Void) -> Spin {
        let widget = gtk_spin_button_new_with_range(Double(range.lowerBound), Double(range.upperBound), 1)!
        widget.setAccessibleName(name)
        gtk_spin_button_set_numeric(cast(widget), 1)
        gtk_editable_set_width_chars(OpaquePointer(widget), 2)
        let control = Spin(widget)
        onSignal(widget, "value-changed") {
            if !control.quiet { changed(control.value) }
        }
        return control
    }

    /// A time of day as two spin buttons, hours and minutes, named "`name` hour" and "`name` minute".
    static func time(_ title: String, hourName: String, minuteName: String, changed: @escaping (Int, Int) -> Void) -> (row: Widget, hour: Spin, minute: Spin) {
        var read: () -> (Int, Int) = { (0, 0) }
        let hour = spin(hourName, 0...23) { _ in changed(read().0, read().1) }
        let minute = spin(minuteName, 0...59) { _ in changed(read().0, read().1) }
        read = { (hour.value, minute.value) }
        gtk_spin_button_set_wrap(cast(minute.widget), 1)
        let colon = Build.label(":", wrap: false)
        let box = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, [hour.widget, colon, minute.widget])
        return (action(title, suffixes: [box]), hour, minute)
    }

    /// A row with a text entry whose text is taken when the person presses Enter or its apply button.
    static func entry(_ title: String, applied: @escaping (String) -> Void) -> Widget {
        let row = adw_entry_row_new()!
        adw_preferences_row_set_title(cast(row), title)
        adw_entry_row_set_show_apply_button(cast(row), 1)  // named by its title
        onSignal(row, "apply") { applied(Self.text(of: row)) }
        return row
    }

    static func text(of entry: Widget) -> String {
        gtk_editable_get_text(OpaquePointer(entry)).map { String(cString: $0) } ?? ""
    }

    /// Shows `text` in the entry, unless the person is typing in it (its text is theirs until applied).
    static func setText(_ text: String, of entry: Widget) {
        if let root = gtk_widget_get_root(entry), let focus = gtk_root_get_focus(root),
           focus == entry || gtk_widget_is_ancestor(focus, entry) != 0 {
            return
        }
        gtk_editable_set_text(OpaquePointer(entry), text)
    }
}

/// A GtkSwitch whose state the window sets without taking it for the person's change.
final class Switch {
    let widget: Widget
    fileprivate(set) var quiet = false

    init(_ widget: Widget) { self.widget = widget }

    var isOn: Bool { gtk_switch_get_active(cast(widget)) != 0 }

    func show(_ on: Bool) {
        quiet = true
        gtk_switch_set_active(cast(widget), on ? 1 : 0)
        quiet = false
    }
}

/// A GtkSpinButton whose value the window sets without taking it for the person's change.
final class Spin {
    let widget: Widget
    fileprivate(set) var quiet = false

    init(_ widget: Widget) { self.widget = widget }

    var value: Int { Int(gtk_spin_button_get_value_as_int(cast(widget))) }

    func show(_ value: Int) {
        quiet = true
        gtk_spin_button_set_value(cast(widget), Double(value))
        quiet = false
    }
}

/// A toggle button (a weekday) whose state the window sets without taking it for the person's change.
final class Toggle {
    let widget: Widget
    private(set) var quiet = false

    init(_ label: String, accessibleName: String, changed: @escaping () -> Void) {
        widget = gtk_toggle_button_new_with_label(label)!
        widget.setAccessibleName(accessibleName)
        let box = Unmanaged.passUnretained(self)
        onSignal(widget, "toggled") {
            if !box.takeUnretainedValue().quiet { changed() }
        }
    }

    var isOn: Bool { gtk_toggle_button_get_active(cast(widget)) != 0 }

    func show(_ on: Bool) {
        quiet = true
        gtk_toggle_button_set_active(cast(widget), on ? 1 : 0)
        quiet = false
    }
}
