import CAdw
import Glibc

/// The libadwaita application: one per process, unique on the session bus by its id (a second launch
/// hands its request to the first and returns).
final class Application {
    private let application: UnsafeMutablePointer<AdwApplication>

    /// `name`: the program's name (its Wayland app id and X11 WM_CLASS); `title`: what people read.
    init(id: String, name: String, title: String) {
        g_set_prgname(name)
        g_set_application_name(title)
        application = adw_application_new(id, G_APPLICATION_DEFAULT_FLAGS)!
    }

    var gtkApplication: UnsafeMutablePointer<GtkApplication> { UnsafeMutableRawPointer(application).assumingMemoryBound(to: GtkApplication.self) }

    private var gApplication: UnsafeMutablePointer<GApplication> {
        UnsafeMutableRawPointer(application).assumingMemoryBound(to: GApplication.self)
    }

    /// A launch (the first, or a second one handing over) asks for the window.
    func onActivate(_ handler: @escaping () -> Void) {
        Signals.connect(UnsafeMutableRawPointer(application), "activate", run: { _ in handler() })
    }

    /// An action a launch can ask for by name (`app.NAME`, the desktop entry's actions).
    func addAction(_ name: String, _ handler: @escaping () -> Void) {
        let action = g_simple_action_new(name, nil)!
        Signals.connect(UnsafeMutableRawPointer(action), "activate", withArgument: { _, _ in handler() })
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// An action with a string parameter, asked for by another launch only (not a desktop entry's).
    func addStringAction(_ name: String, _ handler: @escaping (String) -> Void) {
        let type = g_variant_type_new("s")
        let action = g_simple_action_new(name, type)!
        g_variant_type_free(type)
        Signals.connect(UnsafeMutableRawPointer(action), "activate", withArgument: { _, parameter in
            guard let parameter else { return }
            handler(String(cString: g_variant_get_string(OpaquePointer(parameter), nil)))
        })
        g_action_map_add_action(OpaquePointer(application), action)
        g_object_unref(UnsafeMutableRawPointer(action))
    }

    /// The keys that trigger `action` ("app.quit", "window.close", "win.show-help-overlay") in every
    /// window of the application: GTK's accelerator syntax ("<Control>q", "F1").
    func setAccelerators(_ action: String, _ accelerators: [String]) {
        var copies = accelerators.map { strdup($0) }
        copies.append(nil)
        copies.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: UnsafePointer<CChar>?.self, capacity: buffer.count) {
                gtk_application_set_accels_for_action(gtkApplication, action, $0)
            }
        }
        for copy in copies { free(copy) }
    }

    /// Ends the main loop: every window closes (the daemon keeps running).
    func quit() { g_application_quit(gApplication) }

    /// Registers on the session bus; the error's message when that fails.
    func register() -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(gApplication, nil, &error) == 0 else { return nil }
        let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
        g_clear_error(&error)
        return message
    }

    /// Asks the primary instance (this one, or the first launch) for action `name`.
    func activateAction(_ name: String) { g_action_group_activate_action(OpaquePointer(application), name, nil) }

    /// Asks the primary instance for action `name` with a string.
    func activateAction(_ name: String, _ argument: String) {
        g_action_group_activate_action(OpaquePointer(application), name, g_variant_new_string(argument))
    }

    /// Hands a second launch's activation token to the display: the next present raises with it (Wayland).
    func useActivationToken(_ token: String) { gb_display_use_activation_token(token) }

    /// Whether another process is the primary instance (this one only hands over its request).
    var isRemote: Bool { g_application_get_is_remote(gApplication) != 0 }

    /// Sends what was asked of the primary instance before this process leaves.
    func flush() {
        guard let connection = g_application_get_dbus_connection(gApplication) else { return }
        g_dbus_connection_flush_sync(connection, nil, nil)
    }

    /// Runs the main loop until the last window closes; the exit status.
    func run() -> Int32 { g_application_run(gApplication, 0, nil) }

    /// Keeps the screen from blanking while `window` shows `reason`; the cookie `uninhibit` takes.
    func inhibitIdle(_ window: Window, reason: String) -> UInt32 {
        gtk_application_inhibit(gtkApplication, window.typed(GtkWindow.self), GTK_APPLICATION_INHIBIT_IDLE, reason)
    }

    func uninhibit(_ cookie: UInt32) { gtk_application_uninhibit(gtkApplication, cookie) }
}
