import CAdw

/// The small Swift surface over GTK's C API that the window's views use: casts between GObject
/// types, signals connected to Swift closures, and builders for the widgets we use.
typealias Widget = UnsafeMutablePointer<GtkWidget>

/// A GObject pointer seen as another type of the same object (what `GTK_WINDOW(p)` does in C, unchecked).
func cast<From, To>(_ pointer: UnsafeMutablePointer<From>, to: To.Type = To.self) -> UnsafeMutablePointer<To> {
    UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: To.self)
}

/// A final GTK type (GtkLabel, GtkBox, AdwStatusPage …), which Swift imports as an opaque pointer.
func cast<From>(_ pointer: UnsafeMutablePointer<From>) -> OpaquePointer { OpaquePointer(pointer) }

/// A closure kept alive by the signal connection; GLib releases it when the handler goes.
private final class SignalHandler {
    let run: (UnsafeMutableRawPointer?) -> Void
    init(_ run: @escaping (UnsafeMutableRawPointer?) -> Void) { self.run = run }
}

private let releaseHandler: GClosureNotify = { data, _ in
    guard let data else { return }
    Unmanaged<SignalHandler>.fromOpaque(data).release()
}

/// Calls `handler` for each emission of `signal` (one without arguments of its own) on `instance`.
func onSignal<T>(_ instance: UnsafeMutablePointer<T>, _ signal: String, _ handler: @escaping () -> Void) {
    connect(UnsafeMutableRawPointer(instance), signal) { _ in handler() }
}

/// Calls `handler` with the signal's one pointer argument (a GSimpleAction's parameter, or nil).
func onSignal(_ instance: OpaquePointer, _ signal: String, withArgument handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
    let box = Unmanaged.passRetained(SignalHandler(handler)).toOpaque()
    _ = gb_signal_connect_pointer(UnsafeMutableRawPointer(instance), signal, { _, argument, data in
        Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue().run(argument)
    }, box, releaseHandler)
}

private func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ handler: @escaping (UnsafeMutableRawPointer?) -> Void) {
    let box = Unmanaged.passRetained(SignalHandler(handler)).toOpaque()
    _ = gb_signal_connect_void(instance, signal, { _, data in
        Unmanaged<SignalHandler>.fromOpaque(data!).takeUnretainedValue().run(nil)
    }, box, releaseHandler)
}

enum Build {
    /// A label; `classes` are CSS style classes ("title-1", "dim-label", …).
    static func label(_ text: String = "", classes: [String] = [], wrap: Bool = true) -> Widget {
        let label = gtk_label_new(text)!
        if wrap {
            gtk_label_set_wrap(cast(label), 1)
            gtk_label_set_justify(cast(label), GTK_JUSTIFY_CENTER)
        }
        style(label, classes)
        return label
    }

    /// A button with a text label; its accessible name is the label unless `accessibleName` says otherwise.
    static func button(_ text: String, classes: [String] = [], accessibleName: String? = nil, _ clicked: @escaping () -> Void) -> Widget {
        let button = gtk_button_new_with_label(text)!
        style(button, classes)
        if let accessibleName { gb_accessible_set_label(button, accessibleName) }
        onSignal(button, "clicked", clicked)
        return button
    }

    static func box(_ orientation: GtkOrientation, spacing: Int32, _ children: [Widget] = []) -> Widget {
        let box = gtk_box_new(orientation, spacing)!
        for child in children { gtk_box_append(cast(box), child) }
        return box
    }

    static func style(_ widget: Widget, _ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(widget, name) }
    }
}

extension UnsafeMutablePointer where Pointee == GtkWidget {
    func setText(_ text: String) { gtk_label_set_text(cast(self), text) }

    func setVisible(_ visible: Bool) { gtk_widget_set_visible(self, visible ? 1 : 0) }

    func setSensitive(_ sensitive: Bool) { gtk_widget_set_sensitive(self, sensitive ? 1 : 0) }

    func setButtonLabel(_ text: String) { gtk_button_set_label(cast(self), text) }

    func setAccessibleName(_ name: String) { gb_accessible_set_label(self, name) }

    func centered() -> Widget {
        gtk_widget_set_halign(self, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(self, GTK_ALIGN_CENTER)
        return self
    }

    func margins(_ margin: Int32) -> Widget {
        gtk_widget_set_margin_top(self, margin)
        gtk_widget_set_margin_bottom(self, margin)
        gtk_widget_set_margin_start(self, margin)
        gtk_widget_set_margin_end(self, margin)
        return self
    }
}

extension Build {
    /// `child` in a vertical scrolled window, so that the page fits a narrow or short window.
    static func scrolled(_ child: Widget) -> Widget {
        let scrolled = gtk_scrolled_window_new()!
        gtk_scrolled_window_set_policy(cast(scrolled), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(cast(scrolled), child)
        gtk_widget_set_vexpand(scrolled, 1)
        return scrolled
    }
}

extension Build {
    /// Children side by side that wrap onto more lines in a narrow window (360 px wide).
    static func flow(_ children: [Widget], spacing: UInt32, homogeneous: Bool = false) -> Widget {
        let flow = gtk_flow_box_new()!
        let box: OpaquePointer = cast(flow)
        gtk_flow_box_set_selection_mode(box, GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(box, homogeneous ? 1 : 0)
        gtk_flow_box_set_column_spacing(box, spacing)
        gtk_flow_box_set_row_spacing(box, spacing)
        gtk_flow_box_set_max_children_per_line(box, UInt32(children.count))
        for child in children {
            gtk_flow_box_append(box, child)
            // The flow box's own child wrapper takes focus by default: the button inside should.
            if let wrapper = gtk_widget_get_parent(child) { gtk_widget_set_focusable(wrapper, 0) }
        }
        return flow
    }
}
