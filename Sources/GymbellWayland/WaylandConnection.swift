import CWayland
import Glibc
import GymbellPlatform

/// A connection of gymbell's own to the Wayland compositor, through libwayland-client — loaded with the
/// first connection (SharedLibrary), never before — with its registry and the globals the compositor
/// announced. WaylandIdle keeps one open on the GLib loop; WaylandActivation makes one for a moment.
final class WaylandConnection {
    /// One global the registry announced: its name (to bind it) and the version the compositor offers.
    struct Global {
        let name: UInt32
        let version: UInt32
    }

    /// libwayland-client's function table, for the process's life (the library is never closed).
    private struct Library: @unchecked Sendable { let table: UnsafePointer<GbWaylandFunctions> }

    private static let library = Result { () throws(SystemError) in
        let table = UnsafeMutablePointer<GbWaylandFunctions>.allocate(capacity: 1)
        table.initialize(to: try SharedLibrary.functions(of: "libwayland-client.so.0", gb_wayland_functions_load))
        return Library(table: table)
    }

    /// The table, for the requests of wayland_requests.c (`gb_wl_…(connection.wl, …)`).
    let wl: UnsafePointer<GbWaylandFunctions>
    /// nil once closed.
    private(set) var display: OpaquePointer?
    private(set) var registry: OpaquePointer?
    /// The first global of each interface the compositor announced (the first seat is gymbell's).
    private(set) var globals: [String: Global] = [:]
    /// The listener structs libwayland-client keeps pointers to: alive as long as the connection.
    private let registryListener: UnsafeMutablePointer<wl_registry_listener>
    private let callbackListener: UnsafeMutablePointer<wl_callback_listener>
    /// Callbacks of wl_display.sync the compositor has answered.
    private var synced: Set<UInt> = []

    /// Connects to `socket` (a name in `$XDG_RUNTIME_DIR` or a path; nil: `$WAYLAND_DISPLAY`) and asks
    /// for its registry; the globals come with the next round trip.
    /// - Throws: when libwayland-client is missing or the compositor cannot be reached.
    init(socket: String?) throws(SystemError) {
        let wl = try Self.library.get().table
        let connected = socket.map { name in name.withCString { wl.pointee.wl_display_connect($0) } } ?? wl.pointee.wl_display_connect(nil)
        guard let display = connected else {
            throw SystemError(message: "cannot connect to the Wayland compositor \(socket ?? "(WAYLAND_DISPLAY)")")
        }
        self.wl = wl
        self.display = display
        registry = gb_wl_get_registry(wl, display)
        registryListener = .allocate(capacity: 1)
        callbackListener = .allocate(capacity: 1)
        registryListener.pointee = wl_registry_listener(
            global: { data, _, name, interface, version in
                guard let data, let interface else { return }
                Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().offered(String(cString: interface), name, version)
            },
            global_remove: { _, _, _ in })
        callbackListener.pointee = wl_callback_listener(done: { data, callback, _ in
            guard let data, let callback else { return }
            Unmanaged<WaylandConnection>.fromOpaque(data).takeUnretainedValue().synced.insert(UInt(bitPattern: callback))
        })
        if let registry { _ = gb_wl_listen(wl, UnsafeMutableRawPointer(registry), registryListener, Unmanaged.passUnretained(self).toOpaque()) }
    }

    deinit {
        close()
        registryListener.deallocate()
        callbackListener.deallocate()
    }

    private func offered(_ interface: String, _ name: UInt32, _ version: UInt32) {
        if globals[interface] == nil { globals[interface] = Global(name: name, version: version) }
    }

    /// The connection's socket, to watch on a loop.
    var fd: Int32 { display.map { wl.pointee.wl_display_get_fd($0) } ?? -1 }

    /// Sends what was asked and waits until the compositor has handled it, or until `deadline`; false
    /// then, or when the connection fails.
    func roundtrip(before deadline: ContinuousClock.Instant) -> Bool {
        guard let display, let callback = gb_wl_sync(wl, display) else { return false }
        defer { wl.pointee.wl_proxy_destroy(callback) }
        let key = UInt(bitPattern: callback)
        _ = gb_wl_listen(wl, UnsafeMutableRawPointer(callback), callbackListener, Unmanaged.passUnretained(self).toOpaque())
        defer { synced.remove(key) }
        return dispatch(until: { synced.contains(key) }, before: deadline)
    }

    /// Sends what was asked, then reads and dispatches the compositor's events until `done` says so or
    /// `deadline` passes (libwayland's own waits are unbounded: a compositor that never answers would
    /// hold the caller). False at the deadline or when the connection fails.
    func dispatch(until done: () -> Bool, before deadline: ContinuousClock.Instant) -> Bool {
        guard let display else { return false }
        let wl = self.wl.pointee
        let fd = wl.wl_display_get_fd(display)
        while true {
            while wl.wl_display_prepare_read(display) != 0 {  // events already queued: dispatched first
                if wl.wl_display_dispatch_pending(display) < 0 { return false }
            }
            if done() {
                wl.wl_display_cancel_read(display)
                return true
            }
            let unsent = wl.wl_display_flush(display) < 0
            if unsent && errno != EAGAIN {
                wl.wl_display_cancel_read(display)
                return false
            }
            let left = deadline - .now
            guard left > .zero else {
                wl.wl_display_cancel_read(display)
                return false
            }
            var ready = pollfd(fd: fd, events: Int16(POLLIN) | (unsent ? Int16(POLLOUT) : 0), revents: 0)
            let polled = poll(&ready, 1, Self.milliseconds(left))
            guard polled > 0, ready.revents & ~Int16(POLLOUT) != 0 else {
                wl.wl_display_cancel_read(display)
                if polled < 0 && errno != EINTR { return false }
                continue  // nothing to read yet (or only room to write): until the deadline
            }
            if wl.wl_display_read_events(display) < 0 || wl.wl_display_dispatch_pending(display) < 0 { return false }
        }
    }

    /// Sends what was asked without waiting; false when the connection failed.
    func flush() -> Bool {
        guard let display else { return false }
        return wl.pointee.wl_display_flush(display) >= 0
    }

    /// Dispatches what the socket has (it is readable, or hung up: libwayland's read does not block
    /// then); nil while the connection lasts, else why it failed.
    func dispatchReadable() -> String? {
        guard let display else { return "the connection was closed" }
        if wl.pointee.wl_display_dispatch(display) >= 0 { return nil }
        let protocolError = wl.pointee.wl_display_get_error(display) == EPROTO
        return protocolError ? "a Wayland protocol error" : "the compositor closed the connection (\(Self.errnoText()))"
    }

    /// Gives up the registry and hangs up (what was asked is sent first). The caller destroys its own
    /// objects before.
    func close() {
        guard let display else { return }
        if let registry { wl.pointee.wl_proxy_destroy(registry) }
        registry = nil
        _ = wl.pointee.wl_display_flush(display)
        wl.pointee.wl_display_disconnect(display)
        self.display = nil
    }

    static func errnoText() -> String { String(cString: strerror(errno)) }

    /// `duration` in whole milliseconds, rounded up (poll's timeout).
    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000)
    }
}
