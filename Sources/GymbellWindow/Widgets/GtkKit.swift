import CAdw

/// The window's typed layer over GTK 4 and libadwaita: each widget the pages use is a Swift type that
/// holds a reference to its GObject, configured through typed properties and connected to closures.
/// The pages never see a C pointer: every cast between GObject types lives in these files (Widgets/).
///
/// Families: this file (the base `Widget`, signals, the main loop's idle), `Controls.swift` (labels,
/// buttons, entries, spin buttons, switches), `Layout.swift` (boxes, flow boxes, scrolling, stacks,
/// header bars), `Rows.swift` (libadwaita's preferences pages, groups and rows), `Windows.swift`
/// (windows, toasts, dialogs, the file chooser), `Application.swift` and `DragAndDrop.swift`.
class Widget {
    /// The GtkWidget; a reference is held for as long as this object lives (a widget taken out of its
    /// container stays valid to put back).
    let pointer: UnsafeMutablePointer<GtkWidget>

    init(_ pointer: UnsafeMutablePointer<GtkWidget>) {
        self.pointer = pointer
        g_object_ref_sink(UnsafeMutableRawPointer(pointer))
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(pointer)) }

    /// The same object as another GTK type (what `GTK_LABEL(p)` does in C, unchecked: the subclass
    /// knows what it made). A final GTK type (GtkLabel, GtkBox …) imports as an object() pointer.
    func object() -> OpaquePointer { OpaquePointer(pointer) }

    /// The same object as a GTK type that can be subclassed (GtkWindow, AdwPreferencesGroup …).
    func object<T>() -> UnsafeMutablePointer<T> { UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self) }

    func typed<T>(_: T.Type) -> UnsafeMutablePointer<T> { UnsafeMutableRawPointer(pointer).assumingMemoryBound(to: T.self) }

    var isVisible: Bool {
        get { gtk_widget_get_visible(pointer) != 0 }
        set { gtk_widget_set_visible(pointer, newValue ? 1 : 0) }
    }

    var isSensitive: Bool {
        get { gtk_widget_get_sensitive(pointer) != 0 }
        set { gtk_widget_set_sensitive(pointer, newValue ? 1 : 0) }
    }

    /// The name a screen reader says for it (its accessible label).
    func setAccessibleName(_ name: String) { gb_accessible_set_label(pointer, name) }

    func setTooltip(_ text: String) { gtk_widget_set_tooltip_text(pointer, text) }

    /// CSS style classes ("title-1", "dim-label", "pill" …).
    func style(_ classes: [String]) {
        for name in classes { gtk_widget_add_css_class(pointer, name) }
    }

    /// CSS style classes taken off again (a field's "error" once it is right).
    func unstyle(_ classes: [String]) {
        for name in classes { gtk_widget_remove_css_class(pointer, name) }
    }

    /// The first widget inside this one of GObject type `type` (a part libadwaita builds and does not
    /// hand out, such as a preferences window's leaflet of subpages).
    func descendant(ofType type: GType) -> OpaquePointer? {
        var widgets = [pointer]
        while let widget = widgets.popLast() {
            let instance = UnsafeMutableRawPointer(widget).assumingMemoryBound(to: GTypeInstance.self)
            if widget != pointer, g_type_check_instance_is_a(instance, type) != 0 { return OpaquePointer(widget) }
            var child = gtk_widget_get_first_child(widget)
            while let next = child {
                widgets.append(next)
                child = gtk_widget_get_next_sibling(next)
            }
        }
        return nil
    }

    /// The keyboard's focus here (scrolled into sight).
    func grabFocus() { _ = gtk_widget_grab_focus(pointer) }

    /// Whether the keyboard's focus is on it or inside it (a person typing there).
    var hasFocusWithin: Bool {
        guard let root = gtk_widget_get_root(pointer), let focus = gtk_root_get_focus(root) else { return false }
        return focus == pointer || gtk_widget_is_ancestor(focus, pointer) != 0
    }

    @discardableResult
    func centered() -> Self {
        gtk_widget_set_halign(pointer, GTK_ALIGN_CENTER)
        gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
        return self
    }

    @discardableResult
    func verticallyCentered() -> Self {
        gtk_widget_set_valign(pointer, GTK_ALIGN_CENTER)
        return self
    }

    @discardableResult
    func margins(_ margin: Int32) -> Self {
        gtk_widget_set_margin_top(pointer, margin)
        gtk_widget_set_margin_bottom(pointer, margin)
        gtk_widget_set_margin_start(pointer, margin)
        gtk_widget_set_margin_end(pointer, margin)
        return self
    }

    @discardableResult
    func marginTop(_ margin: Int32) -> Self {
        gtk_widget_set_margin_top(pointer, margin)
        return self
    }

    @discardableResult
    func expandingVertically() -> Self {
        gtk_widget_set_vexpand(pointer, 1)
        return self
    }

    // MARK: Signals

    /// Calls `handler` for each emission of `signal` (one without arguments of its own).
    @discardableResult
    func on(_ signal: String, _ handler: @escaping () -> Void) -> SignalConnection {
        Signals.connect(UnsafeMutableRawPointer(pointer), signal, run: { _ in handler() })
    }

    /// Calls `handler` with the signal's one pointer argument (a `notify::` signal's GParamSpec …).
    @discardableResult
    func on(_ signal: String, withArgument handler: @escaping (UnsafeMutableRawPointer?) -> Void) -> SignalConnection {
        Signals.connect(UnsafeMutableRawPointer(pointer), signal, withArgument: { _, argument in handler(argument) })
    }
}

/// A signal handler connected to an object: blocked while the window itself sets a value, so that
/// the handler sees only the person's changes.
struct SignalConnection {
    let instance: UnsafeMutableRawPointer
    let id: gulong

    /// Runs `body` with this handler blocked.
    static func quietly(_ connections: [SignalConnection], _ body: () -> Void) {
        for connection in connections { g_signal_handler_block(connection.instance, connection.id) }
        body()
        for connection in connections { g_signal_handler_unblock(connection.instance, connection.id) }
    }
}

/// Signals connected to Swift closures: the closure is kept alive by the connection, and GLib releases
/// it when the handler goes (with its object).
enum Signals {
    /// The closure gets the instance and the signal's one pointer argument (nil for a signal without one).
    private final class Handler {
        let run: (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
        init(_ run: @escaping (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void) { self.run = run }
    }

    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<Handler>.fromOpaque(data).release()
    }

    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String, run handler: @escaping (UnsafeMutableRawPointer) -> Void
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(Handler { instance, _ in handler(instance) }).toOpaque()
        let id = gb_signal_connect_void(instance, signal, { instance, data in
            Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().run(instance!, nil)
        }, box, release)
        return SignalConnection(instance: instance, id: id)
    }

    @discardableResult
    static func connect(
        _ instance: UnsafeMutableRawPointer, _ signal: String,
        withArgument handler: @escaping (UnsafeMutableRawPointer, UnsafeMutableRawPointer?) -> Void
    ) -> SignalConnection {
        let box = Unmanaged.passRetained(Handler(handler)).toOpaque()
        let id = gb_signal_connect_pointer(instance, signal, { instance, argument, data in
            Unmanaged<Handler>.fromOpaque(data!).takeUnretainedValue().run(instance!, argument)
        }, box, release)
        return SignalConnection(instance: instance, id: id)
    }

    /// A C string a signal passed (a dialog's response id).
    static func string(_ argument: UnsafeMutableRawPointer?) -> String? {
        argument.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }
}

/// Work handed to the GTK main loop from any thread (g_idle_add is thread-safe): it runs there, once.
enum MainThread {
    private final class Work {
        let run: () -> Void
        init(_ run: @escaping () -> Void) { self.run = run }
    }

    static func later(_ work: @escaping @Sendable () -> Void) {
        laterUnchecked(work)
    }

    /// Also for closures that are not Sendable but are run only on the loop (a drop finished first).
    static func laterUnchecked(_ work: @escaping () -> Void) {
        let box = Unmanaged.passRetained(Work(work)).toOpaque()
        g_idle_add_once({ data in
            guard let data else { return }
            Unmanaged<Work>.fromOpaque(data).takeRetainedValue().run()
        }, box)
    }
}
