import CWayland
import GymbellPlatform

/// An activation token the daemon asks of the compositor itself, for a click whose notification server
/// sent none (mako, swaync, dunst, GNOME Shell 43): what it launches for the click raises its window with it.
///
/// - Mutter (it alone offers `gtk_shell1`): xdg-activation tokens there need the serial of an input event
///   on a surface of their client, which the daemon has not; but a launch it is told of through
///   `gtk_shell1.notify_launch(id)` (how GTK 3 announced what it started) is a startup sequence stamped
///   with the time it was told, and an activation with that id raises the window unless the person used
///   another window since. The id is the token.
/// - Others (sway, KWin): an `xdg_activation_v1` token with the window's app id and neither serial nor
///   surface. sway 1.7 grants it and acts on it as its `focus_on_window_activation` says (by default the
///   window is marked urgent); KWin 5.27 refuses such a token while another window is active, but its
///   notification server sends one of its own, which is used instead.
///
/// A connection of its own (WaylandConnection: libwayland-client, loaded only where there is a Wayland
/// display), closed before it returns; the whole exchange is given up after `timeout` seconds.
public enum WaylandActivation {
    /// The token, or nil where there is no Wayland display (libwayland-client is then not even loaded),
    /// it offers neither way, or it fails or does not answer within `timeout` seconds.
    public static func obtain(
        appID: String, environment: (String) -> String? = CurrentProcess.environmentVariable, timeout: Double = 1.0
    ) -> String? {
        guard let path = socketPath(environment) else { return nil }
        let deadline = ContinuousClock.now + .seconds(timeout)
        guard let connection = try? WaylandConnection(socket: path) else { return nil }
        defer { connection.close() }
        guard connection.roundtrip(before: deadline), let registry = connection.registry else { return nil }
        let wl = connection.wl
        if let shell = connection.globals["gtk_shell1"], shell.version >= UInt32(GTK_SHELL1_NOTIFY_LAUNCH_SINCE_VERSION) {
            guard let bound = gb_wl_bind_gtk_shell(wl, registry, shell.name) else { return nil }
            defer { wl.pointee.wl_proxy_destroy(bound) }  // gtk_shell1 has no destructor request
            let startupID = "gymbell-\(String(UInt64.random(in: 1 ... .max), radix: 16))"
            gb_wl_notify_launch(wl, bound, startupID)
            return connection.roundtrip(before: deadline) ? startupID : nil  // the compositor has it
        }
        guard let global = connection.globals["xdg_activation_v1"], let activation = gb_wl_bind_activation(wl, registry, global.name)
        else { return nil }
        defer { gb_wl_destroy_with_request(wl, UnsafeMutableRawPointer(activation), UInt32(XDG_ACTIVATION_V1_DESTROY)) }
        guard let token = gb_wl_get_activation_token(wl, activation) else { return nil }
        // destroy after `done` (or when giving up): the token stays valid
        defer { gb_wl_destroy_with_request(wl, UnsafeMutableRawPointer(token), UInt32(XDG_ACTIVATION_TOKEN_V1_DESTROY)) }
        let answer = TokenAnswer()
        _ = gb_wl_listen(wl, UnsafeMutableRawPointer(token), answer.listener, Unmanaged.passUnretained(answer).toOpaque())
        appID.withCString { gb_wl_token_set_app_id(wl, token, $0) }
        gb_wl_token_commit(wl, token)
        guard connection.dispatch(until: { answer.token != nil }, before: deadline), let text = answer.token, !text.isEmpty else {
            return nil
        }
        return text
    }

    /// `$WAYLAND_DISPLAY` (a name in `$XDG_RUNTIME_DIR`, or an absolute path); nil without one.
    public static func socketPath(_ environment: (String) -> String?) -> String? {
        guard let display = environment("WAYLAND_DISPLAY"), !display.isEmpty else { return nil }
        if display.hasPrefix("/") { return display }
        guard let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return nil }
        return runtime + "/" + display
    }
}

/// The token's `done`, told to the listener libwayland-client keeps a pointer to.
private final class TokenAnswer {
    let listener = UnsafeMutablePointer<xdg_activation_token_v1_listener>.allocate(capacity: 1)
    var token: String?

    init() {
        listener.pointee = xdg_activation_token_v1_listener(done: { data, _, token in
            guard let data else { return }
            Unmanaged<TokenAnswer>.fromOpaque(data).takeUnretainedValue().token = token.map { String(cString: $0) } ?? ""
        })
    }

    deinit { listener.deallocate() }
}
