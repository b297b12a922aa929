import Glibc

/// A byte stream to the compositor, as `WaylandActivation` uses it (a Unix socket; a script in tests).
public protocol WaylandTransport {
    /// Whether all of `bytes` went out.
    func send(_ bytes: [UInt8]) -> Bool
    /// What came next; [] when the compositor hung up or took too long.
    func receive() -> [UInt8]
}

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
public enum WaylandActivation {
    /// The token, or nil where there is no Wayland display or it offers neither way (or fails).
    public static func obtain(appID: String, environment: (String) -> String? = CurrentProcess.environmentVariable) -> String? {
        guard let path = socketPath(environment), let socket = WaylandSocket(path: path) else { return nil }
        return obtain(appID: appID, startupID: "gymbell-\(String(UInt64.random(in: 1 ... .max), radix: 16))", over: socket)
    }

    /// `$WAYLAND_DISPLAY` (a name in `$XDG_RUNTIME_DIR`, or an absolute path); nil without one.
    public static func socketPath(_ environment: (String) -> String?) -> String? {
        guard let display = environment("WAYLAND_DISPLAY"), !display.isEmpty else { return nil }
        if display.hasPrefix("/") { return display }
        guard let runtime = environment("XDG_RUNTIME_DIR"), !runtime.isEmpty else { return nil }
        return runtime + "/" + display
    }

    /// The exchange itself: the registry's globals, then mutter's launch or an xdg-activation token.
    public static func obtain(appID: String, startupID: String, over link: some WaylandTransport) -> String? {
        let display: UInt32 = 1, registry: UInt32 = 2, listed: UInt32 = 3, bound: UInt32 = 4, child: UInt32 = 5
        guard link.send(WaylandWire.request(display, 1, [.uint(registry)]) + WaylandWire.request(display, 0, [.uint(listed)])) else { return nil }
        var globals: [String: (name: UInt32, version: UInt32)] = [:]
        var buffer: [UInt8] = []
        func until(_ done: (WaylandWire.Event) -> Bool) -> Bool {
            while true {
                for event in WaylandWire.events(from: &buffer) {
                    if event.object == display && event.opcode == 0 { return false }  // wl_display.error
                    if done(event) { return true }
                }
                let more = link.receive()
                if more.isEmpty { return false }
                buffer += more
            }
        }
        let listedAll = until { event in
            if event.object == registry && event.opcode == 0,  // wl_registry.global(name, interface, version)
               let (interface, next) = WaylandWire.string(event.payload, at: 4) {
                globals[interface] = (WaylandWire.word(event.payload, 0), WaylandWire.word(event.payload, next))
            }
            return event.object == listed
        }
        guard listedAll else { return nil }
        func bind(_ interface: String, version: UInt32) -> [UInt8] {
            WaylandWire.request(registry, 0, [.uint(globals[interface]!.name), .string(interface), .uint(version), .uint(bound)])
        }
        if let shell = globals["gtk_shell1"], shell.version >= 3 {
            // gtk_shell1.notify_launch (request 3, since version 3), then wl_display.sync: the compositor has it
            guard link.send(bind("gtk_shell1", version: 3) + WaylandWire.request(bound, 3, [.string(startupID)])
                            + WaylandWire.request(display, 0, [.uint(child)])) else { return nil }
            return until { $0.object == child } ? startupID : nil
        }
        guard globals["xdg_activation_v1"] != nil else { return nil }
        // get_activation_token (1), then on the token set_app_id (1) and commit (3); its `done` names it
        guard link.send(bind("xdg_activation_v1", version: 1) + WaylandWire.request(bound, 1, [.uint(child)])
                        + WaylandWire.request(child, 1, [.string(appID)]) + WaylandWire.request(child, 3)) else { return nil }
        var token: String?
        guard until({ event in
            guard event.object == child && event.opcode == 0 else { return false }
            token = WaylandWire.string(event.payload, at: 0)?.0
            return true
        }), let token, !token.isEmpty else { return nil }
        _ = link.send(WaylandWire.request(child, 4))  // destroy: the token stays valid
        return token
    }
}

/// A Unix socket to the compositor that gives up after `timeout` seconds in all; closed when released.
final class WaylandSocket: WaylandTransport {
    private let descriptor: Int32
    private let deadline: Double

    init?(path: String, timeout: Double = 1.0) {
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        guard bytes.count < MemoryLayout.size(ofValue: address.sun_path) else { return nil }
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (index, byte) in bytes.enumerated() { raw[index] = byte }
        }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0 else { return nil }
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        guard connected == 0 else { close(descriptor); return nil }
        self.descriptor = descriptor
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        deadline = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 + timeout
    }

    deinit { close(descriptor) }

    func send(_ bytes: [UInt8]) -> Bool {
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            sent += n
        }
        return true
    }

    func receive() -> [UInt8] {
        while true {
            var now = timespec()
            clock_gettime(CLOCK_MONOTONIC, &now)
            let left = deadline - (Double(now.tv_sec) + Double(now.tv_nsec) / 1e9)
            if left <= 0 { return [] }
            var ready = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            let polled = poll(&ready, 1, Int32(left * 1000) + 1)
            if polled < 0 && errno == EINTR { continue }
            if polled <= 0 { return [] }
            var chunk = [UInt8](repeating: 0, count: 4096)
            let n = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
            if n < 0 && errno == EINTR { continue }
            return n > 0 ? Array(chunk[..<n]) : []
        }
    }
}
