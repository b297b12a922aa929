import CAdw

/// A text; `classes` are CSS style classes ("title-1", "dim-label" …). Wrapped and centred unless `wrap` is false.
final class Label: Widget {
    init(_ text: String = "", classes: [String] = [], wrap: Bool = true) {
        super.init(gtk_label_new(text)!)
        if wrap {
            gtk_label_set_wrap(object(), 1)
            gtk_label_set_justify(object(), GTK_JUSTIFY_CENTER)
        }
        style(classes)
    }

    var text: String {
        get { String(cString: gtk_label_get_text(object())) }
        set { gtk_label_set_text(object(), newValue) }
    }

    /// Cut with "…" at its end when the space is too narrow (a title that follows what is typed).
    @discardableResult
    func ellipsized() -> Self {
        gtk_label_set_ellipsize(object(), PANGO_ELLIPSIZE_END)
        return self
    }

    /// The person can select and copy it (an error message); it starts at the left.
    @discardableResult
    func selectableFromStart() -> Self {
        gtk_label_set_selectable(object(), 1)
        gtk_label_set_xalign(object(), 0)
        return self
    }
}

/// A push button with a text label, or an icon (then named for a screen reader and with a tooltip).
final class Button: Widget {
    /// `accessibleName`: what a screen reader says, when not the label.
    init(_ text: String, classes: [String] = [], accessibleName: String? = nil, tooltip: String? = nil, clicked: (() -> Void)? = nil) {
        super.init(gtk_button_new_with_label(text)!)
        configure(classes, accessibleName, tooltip, clicked)
    }

    init(icon: String, accessibleName: String, tooltip: String? = nil, clicked: (() -> Void)? = nil) {
        super.init(gtk_button_new_from_icon_name(icon)!)
        configure([], accessibleName, tooltip, clicked)
    }

    private func configure(_ classes: [String], _ accessibleName: String?, _ tooltip: String?, _ clicked: (() -> Void)?) {
        style(classes)
        if let accessibleName { setAccessibleName(accessibleName) }
        if let tooltip { setTooltip(tooltip) }
        if let clicked { onClicked(clicked) }
    }

    var label: String {
        get { gtk_button_get_label(typed(GtkButton.self)).map { String(cString: $0) } ?? "" }
        set { gtk_button_set_label(typed(GtkButton.self), newValue) }
    }

    func onClicked(_ handler: @escaping () -> Void) { on("clicked", handler) }

    /// A click activates the named action ("app.fullscreen"): the button is the action's, as its key is.
    func activates(_ action: String) -> Self {
        gtk_actionable_set_action_name(OpaquePointer(pointer), action)
        return self
    }

    /// The label follows whether the window it is in is full screen: `on` while it is, `off` while not.
    /// (The button's own object need not be kept: the handlers hold the GTK button, not this.)
    func followsFullscreen(on: String, off: String) -> Self {
        let button = pointer
        var watched = false
        self.on("map", {
            guard !watched, let root = gtk_widget_get_root(button) else { return }
            watched = true
            let window = UnsafeMutableRawPointer(root).assumingMemoryBound(to: GtkWindow.self)
            let show = {
                let text = gtk_window_is_fullscreen(window) != 0 ? on : off
                gtk_button_set_label(UnsafeMutableRawPointer(button).assumingMemoryBound(to: GtkButton.self), text)
                gb_accessible_set_label(button, text)
            }
            Signals.connect(UnsafeMutableRawPointer(root), "notify::fullscreened", withArgument: { _, _ in show() })
            show()
        })
        return self
    }
}

/// A toggle button (a weekday): `show` sets it without taking it for the person's change.
final class ToggleButton: Widget {
    private var connections: [SignalConnection] = []

    init(_ label: String, accessibleName: String, on: Bool = false) {
        super.init(gtk_toggle_button_new_with_label(label)!)
        setAccessibleName(accessibleName)
        show(on)
    }

    var isOn: Bool { gtk_toggle_button_get_active(typed(GtkToggleButton.self)) != 0 }

    func show(_ on: Bool) {
        SignalConnection.quietly(connections) { gtk_toggle_button_set_active(typed(GtkToggleButton.self), on ? 1 : 0) }
    }

    /// The person toggled it.
    func onToggled(_ handler: @escaping () -> Void) { connections.append(on("toggled", handler)) }
}

/// A check button; several joined in a group are radio buttons.
final class CheckButton: Widget {
    init(_ label: String, on: Bool = false) {
        super.init(gtk_check_button_new_with_label(label)!)
        isOn = on
    }

    var isOn: Bool {
        get { gtk_check_button_get_active(typed(GtkCheckButton.self)) != 0 }
        set { gtk_check_button_set_active(typed(GtkCheckButton.self), newValue ? 1 : 0) }
    }

    /// One of `first`'s group from now on: choosing one unchooses the others.
    func join(_ first: CheckButton) { gtk_check_button_set_group(typed(GtkCheckButton.self), first.typed(GtkCheckButton.self)) }

    /// It was chosen or unchosen (by the person or by another of its group being chosen).
    func onToggled(_ handler: @escaping () -> Void) { on("toggled", handler) }
}

/// A one-line text field, named for a screen reader.
final class Entry: Widget {
    init(accessibleName: String, text: String = "", widthChars: Int32, placeholder: String? = nil) {
        super.init(gtk_entry_new()!)
        setAccessibleName(accessibleName)
        self.text = text
        gtk_editable_set_width_chars(object(), widthChars)
        if let placeholder { gtk_entry_set_placeholder_text(typed(GtkEntry.self), placeholder) }
    }

    var text: String {
        get { Editable.text(of: self) }
        set { gtk_editable_set_text(object(), newValue) }
    }

    /// The text without the blanks around it.
    var trimmedText: String { Editable.trimmed(text) }

    /// Shows `text` unless the person is typing in it (its text is theirs until applied).
    func show(_ text: String) { if !hasFocusWithin { self.text = text } }

    /// The person pressed Enter in it.
    func onActivate(_ handler: @escaping () -> Void) { on("activate", handler) }

    /// Its text changed (each key typed).
    func onChanged(_ handler: @escaping () -> Void) { on("changed", handler) }
}

/// What the text fields share (GtkEditable).
enum Editable {
    static func text(of widget: Widget) -> String { gtk_editable_get_text(widget.object()).map { String(cString: $0) } ?? "" }

    static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

/// A spin button over `range`, named for a screen reader; `show` sets it without taking it for the
/// person's change.
final class SpinButton: Widget {
    private var connections: [SignalConnection] = []

    /// Whole numbers (`step` 1, no digits) unless `digits` says otherwise; `wraps`: past the top is the bottom.
    init(_ accessibleName: String, _ range: ClosedRange<Double>, step: Double = 1, digits: UInt32 = 0, wraps: Bool = false, widthChars: Int32? = 2) {
        super.init(gtk_spin_button_new_with_range(range.lowerBound, range.upperBound, step)!)
        setAccessibleName(accessibleName)
        if digits == 0 {
            gtk_spin_button_set_numeric(object(), 1)
        } else {
            gtk_spin_button_set_digits(object(), digits)
        }
        if let widthChars, digits == 0 { gtk_editable_set_width_chars(object(), widthChars) }
        if wraps { gtk_spin_button_set_wrap(object(), 1) }
    }

    convenience init(_ accessibleName: String, _ range: ClosedRange<Int>, wraps: Bool = false) {
        self.init(accessibleName, Double(range.lowerBound)...Double(range.upperBound), wraps: wraps)
    }

    var value: Int { Int(gtk_spin_button_get_value_as_int(object())) }

    var number: Double { gtk_spin_button_get_value(object()) }

    func show(_ value: Int) { show(number: Double(value)) }

    func show(number: Double) {
        SignalConnection.quietly(connections) { gtk_spin_button_set_value(object(), number) }
    }

    /// The person changed the value.
    func onChanged(_ handler: @escaping () -> Void) { connections.append(on("value-changed", handler)) }

    /// 0 is shown as `word` ("None"): an optional number, said so in the field itself. The field is made
    /// wide enough for the word.
    func namingZero(_ word: String) -> Self {
        gtk_editable_set_width_chars(object(), max(gtk_editable_get_width_chars(object()), Int32(word.count)))
        gb_spin_button_name_zero(object(), word)
        return self
    }
}

/// An on/off switch; `show` sets it without taking it for the person's change.
final class Switch: Widget {
    private var connections: [SignalConnection] = []

    /// Without `accessibleName` it is named by its row (the row labels its activatable widget).
    init(accessibleName: String? = nil, on: Bool = false) {
        super.init(gtk_switch_new()!)
        if let accessibleName { setAccessibleName(accessibleName) }
        show(on)
    }

    var isOn: Bool { gtk_switch_get_active(object()) != 0 }

    func show(_ on: Bool) {
        SignalConnection.quietly(connections) { gtk_switch_set_active(object(), on ? 1 : 0) }
    }

    /// The person flipped it; `handler` gets the new state.
    func onToggled(_ handler: @escaping (Bool) -> Void) {
        connections.append(Signals.connect(UnsafeMutableRawPointer(pointer), "notify::active", withArgument: { instance, _ in
            handler(gtk_switch_get_active(OpaquePointer(instance)) != 0)
        }))
    }
}

/// An icon from the theme, optionally named for a screen reader.
final class Image: Widget {
    init(icon: String, accessibleName: String? = nil) {
        super.init(gtk_image_new_from_icon_name(icon)!)
        if let accessibleName { setAccessibleName(accessibleName) }
    }
}
