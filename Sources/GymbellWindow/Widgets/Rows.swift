import CAdw

/// libadwaita 1.2's preferences parts (it has no switch or spin row yet: an action row with a switch or
/// spin buttons at its end stands for one). Every control carries an accessible label of its own, so a
/// screen reader names it without its row.

/// One page of a preferences window (a tab when there are several), holding groups.
final class PreferencesPage: Widget {
    init(title: String? = nil, icon: String? = nil) {
        super.init(adw_preferences_page_new()!)
        if let title { adw_preferences_page_set_title(object(), title) }
        if let icon { adw_preferences_page_set_icon_name(object(), icon) }
    }

    func add(_ group: PreferencesGroup) { adw_preferences_page_add(object(), group.object()) }

    func remove(_ group: PreferencesGroup) { adw_preferences_page_remove(object(), group.object()) }
}

/// A titled group of rows.
final class PreferencesGroup: Widget {
    init(_ title: String, description: String? = nil) {
        super.init(adw_preferences_group_new()!)
        adw_preferences_group_set_title(object(), title)
        if let description { adw_preferences_group_set_description(object(), description) }
    }

    var title: String {
        get { adw_preferences_group_get_title(object()).map { String(cString: $0) } ?? "" }
        set { adw_preferences_group_set_title(object(), newValue) }
    }

    func add(_ rows: [Widget]) {
        for row in rows { adw_preferences_group_add(object(), row.pointer) }
    }

    func add(_ row: Widget) { add([row]) }

    func remove(_ rows: [Widget]) {
        for row in rows { adw_preferences_group_remove(object(), row.pointer) }
    }

    /// A widget beside the group's title (a button acting on the whole group).
    func setHeaderSuffix(_ widget: Widget) { adw_preferences_group_set_header_suffix(object(), widget.pointer) }
}

/// A row with a title, a subtitle and widgets at its end (`suffixes`, centred) or start.
final class ActionRow: Widget {
    init(_ title: String, subtitle: String? = nil, prefixes: [Widget] = [], suffixes: [Widget] = []) {
        super.init(adw_action_row_new()!)
        adw_preferences_row_set_title(object(), title)
        if let subtitle { self.subtitle = subtitle }
        for prefix in prefixes { adw_action_row_add_prefix(object(), prefix.pointer) }
        for suffix in suffixes {
            suffix.verticallyCentered()
            adw_action_row_add_suffix(object(), suffix.pointer)
        }
    }

    var subtitle: String {
        get { adw_action_row_get_subtitle(object()).map { String(cString: $0) } ?? "" }
        set { adw_action_row_set_subtitle(object(), newValue) }
    }

    var title: String {
        get { adw_preferences_row_get_title(object()).map { String(cString: $0) } ?? "" }
        set { adw_preferences_row_set_title(object(), newValue) }
    }

    /// A row with `control` at its end that the whole row flips (the switch is named by the row).
    static func toggle(_ title: String, subtitle: String? = nil, _ control: Switch) -> ActionRow {
        let row = ActionRow(title, subtitle: subtitle, suffixes: [control])
        adw_action_row_set_activatable_widget(row.object(), control.pointer)
        return row
    }

    /// The whole row can be activated (a keyboard's Enter, a click): `activated` runs then.
    func onActivated(_ activated: @escaping () -> Void) {
        gtk_list_box_row_set_activatable(typed(GtkListBoxRow.self), 1)
        on("activated", activated)
    }
}

/// A time of day as two spin buttons, hours and minutes, in a row.
struct TimeRow {
    let row: ActionRow
    let hour: SpinButton
    let minute: SpinButton

    init(_ title: String, hourName: String, minuteName: String) {
        hour = SpinButton(hourName, 0...23)
        minute = SpinButton(minuteName, 0...59, wraps: true)
        row = ActionRow(title, suffixes: [Box(.horizontal, spacing: 4, [hour, Label(":", wrap: false), minute])])
    }

    /// The person changed the hour or the minute; `changed` gets both.
    func onChanged(_ changed: @escaping (_ hour: Int, _ minute: Int) -> Void) {
        for spin in [hour, minute] {
            spin.onChanged { [unowned hour, unowned minute] in changed(hour.value, minute.value) }
        }
    }

    func show(hour: Int, minute: Int) {
        self.hour.show(hour)
        self.minute.show(minute)
    }
}

/// A row that opens to show rows below it.
final class ExpanderRow: Widget {
    init(_ title: String, subtitle: String? = nil, expanded: Bool = false) {
        super.init(adw_expander_row_new()!)
        adw_preferences_row_set_title(object(), title)
        if let subtitle { adw_expander_row_set_subtitle(object(), subtitle) }
        if expanded { adw_expander_row_set_expanded(object(), 1) }
    }

    func add(_ rows: [Widget]) {
        for row in rows { adw_expander_row_add_row(object(), row.pointer) }
    }

    func remove(_ rows: [Widget]) {
        for row in rows { adw_expander_row_remove(object(), row.pointer) }
    }

    func addPrefix(_ widget: Widget) { adw_expander_row_add_prefix(object(), widget.pointer) }

    var subtitle: String {
        get { adw_expander_row_get_subtitle(object()).map { String(cString: $0) } ?? "" }
        set { adw_expander_row_set_subtitle(object(), newValue) }
    }

    var isExpanded: Bool { adw_expander_row_get_expanded(object()) != 0 }

    /// Its title anew (an exercise's header follows its name as it is typed).
    func retitle(_ title: String) { adw_preferences_row_set_title(object(), title) }
}

/// A row that is a text field with an apply button (named by its title): the text is taken when the
/// person presses Enter or the button.
final class EntryRow: Widget {
    let title: String

    /// `applyButton: false`: the text is read when it is needed (a dialog's field), as it is typed.
    init(_ title: String, applyButton: Bool = true) {
        self.title = title
        super.init(adw_entry_row_new()!)
        adw_preferences_row_set_title(object(), title)
        adw_entry_row_set_show_apply_button(object(), applyButton ? 1 : 0)
    }

    /// The row's title, which names the field (to a screen reader too).
    func setTitle(_ title: String) { adw_preferences_row_set_title(object(), title) }

    /// The text changed as the person types; `changed` gets it.
    func onChanged(_ changed: @escaping (String) -> Void) {
        Signals.connect(UnsafeMutableRawPointer(pointer), "changed", run: { instance in
            changed(gtk_editable_get_text(OpaquePointer(instance)).map { String(cString: $0) } ?? "")
        })
    }

    /// The person applied the text (Enter, or the apply button); `applied` gets it.
    func onApplied(_ applied: @escaping (String) -> Void) {
        Signals.connect(UnsafeMutableRawPointer(pointer), "apply", run: { instance in
            applied(gtk_editable_get_text(OpaquePointer(instance)).map { String(cString: $0) } ?? "")
        })
    }

    var text: String { Editable.text(of: self) }

    /// Empties the field, typed in or not (its text was taken).
    func clear() { set("") }

    /// Puts `text` in the field, typed in or not (a chooser's answer).
    func set(_ text: String) { gtk_editable_set_text(object(), text) }

    /// Buttons at the field's end, before the apply button.
    func addSuffixes(_ widgets: [Widget]) {
        for widget in widgets {
            widget.verticallyCentered()
            adw_entry_row_add_suffix(object(), widget.pointer)
        }
    }

    /// Shows `text` unless the person is typing in it (its text is theirs until applied).
    func show(_ text: String) {
        if !hasFocusWithin { gtk_editable_set_text(object(), text) }
    }
}

/// A row choosing one of several items (a popover list).
final class ComboRow: Widget {
    private var connections: [SignalConnection] = []

    init(_ title: String) {
        super.init(adw_combo_row_new()!)
        adw_preferences_row_set_title(object(), title)
    }

    /// Shows `items` with the one at `selected` chosen, without taking it for the person's choice.
    func show(_ items: [String], selected: Int) {
        let model = gtk_string_list_new(nil)!
        for item in items { gtk_string_list_append(model, item) }
        SignalConnection.quietly(connections) {
            adw_combo_row_set_model(object(), model)
            adw_combo_row_set_selected(object(), UInt32(selected))
        }
        g_object_unref(UnsafeMutableRawPointer(model))
    }

    var selected: Int { Int(adw_combo_row_get_selected(object())) }

    /// The person chose an item; `handler` gets its index.
    func onSelected(_ handler: @escaping (Int) -> Void) {
        connections.append(Signals.connect(UnsafeMutableRawPointer(pointer), "notify::selected", withArgument: { instance, _ in
            handler(Int(adw_combo_row_get_selected(instance.assumingMemoryBound(to: AdwComboRow.self))))
        }))
    }
}
