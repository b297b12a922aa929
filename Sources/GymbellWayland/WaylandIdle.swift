import CWayland
import GymbellPlatform

/// Away on a Wayland session, told by the compositor: a connection of gymbell's own, on which one
/// idle notification at `awayAfter` is asked — ext-idle-notify-v1 where the compositor offers it
/// (KWin 5.27), else KDE's org_kde_kwin_idle (sway 1.7, older KWin) — for the first seat. The
/// compositor says "idled" when nobody touched the seat for that long, "resumed" at the next input;
/// the connection's socket is a source of the GLib loop, so nothing wakes while nothing changes.
///
/// Both protocols count from the moment the notification is made: a person already away when it is
/// made is told away once `awayAfter` more has passed. libwayland-client is loaded with the first
/// connection (WaylandConnection). A compositor that goes away (the socket hung up, a protocol error) is
/// reported as not away and `onLost` says why; the watch is then closed for good.
public final class WaylandIdle {
    public enum IdleProtocol: String, Sendable {
        case extIdleNotify = "ext-idle-notify-v1"
        case kdeIdle = "org_kde_kwin_idle"
    }

    private let loop: MainLoop
    /// nil once closed.
    private var connection: WaylandConnection?
    private let wl: UnsafePointer<GbWaylandFunctions>
    private var seat: OpaquePointer?
    /// ext_idle_notifier_v1 or org_kde_kwin_idle, as `used` says.
    private var manager: OpaquePointer?
    private var notification: OpaquePointer?
    private var watch: SourceToken?
    private let listeners = Listeners()
    private var timeoutMilliseconds: UInt32
    /// A threshold that came while away: the notification is made anew at the next input (made now,
    /// it would count from now and never say "resumed" for the away already told).
    private var pendingTimeout: UInt32?
    /// What the compositor said during one dispatch, handled after it (never inside libwayland).
    private var told: [Bool] = []
    private let onChange: (Bool) -> Void
    private let onLost: (String) -> Void
    /// The protocol the compositor offered.
    public let used: IdleProtocol
    /// What the compositor said last (false until it says "idled").
    public private(set) var isAway = false

    /// How long the compositor may take to answer the set-up (its globals, then the notification made).
    static let setUpWithinSeconds = 5.0

    /// Connects to `socket` (nil: `WAYLAND_DISPLAY`) and asks for idle notifications at `awayAfter`
    /// seconds; `onChange` is then called on the loop with each change, `onLost` once if the
    /// compositor goes away.
    /// - Throws: when libwayland-client is missing, the compositor cannot be reached or does not answer
    ///   within `setUpWithinSeconds`, or it offers no seat or neither idle protocol.
    public init(
        loop: MainLoop, socket: String? = nil, awayAfter: Double, onLost: @escaping (String) -> Void = { _ in },
        onChange: @escaping (Bool) -> Void
    ) throws(SystemError) {
        let connection = try WaylandConnection(socket: socket)
        wl = connection.wl
        self.loop = loop
        self.onChange = onChange
        self.onLost = onLost
        timeoutMilliseconds = Self.milliseconds(awayAfter)
        // A compositor that hangs must not hold the daemon's start: away is then not followed, as where
        // the compositor offers no idle protocol.
        let deadline = ContinuousClock.now + .seconds(Self.setUpWithinSeconds)
        guard connection.roundtrip(before: deadline) else {
            connection.close()
            throw SystemError(message: "the Wayland compositor did not answer within \(Int(Self.setUpWithinSeconds)) s")
        }
        let globals = connection.globals
        guard let registry = connection.registry, let seatGlobal = globals["wl_seat"],
              let (used, manager) = Self.idleManager(globals)
        else {
            let what = globals["wl_seat"] == nil ? "no seat" : "neither ext-idle-notify-v1 nor org_kde_kwin_idle"
            connection.close()
            throw SystemError(message: "the Wayland compositor offers \(what)")
        }
        self.connection = connection
        self.used = used
        seat = gb_wl_bind_seat(wl, registry, seatGlobal.name)
        self.manager = used == .extIdleNotify
            ? gb_wl_bind_idle_notifier(wl, registry, manager.name) : gb_wl_bind_kde_idle(wl, registry, manager.name)
        makeNotification()
        guard connection.roundtrip(before: deadline), notification != nil else {
            destroyAll()
            throw SystemError(message: "the Wayland compositor refused an idle notification (\(used.rawValue))")
        }
        watch = loop.watch(fd: connection.fd, for: .readable) { [weak self] _ in
            self?.readEvents() ?? false
        }
        tell()  // what came with the round trips
    }

    deinit { close() }

    /// Asks for notifications at `seconds` from now on (while away: from the next input on).
    public func change(awayAfter seconds: Double) {
        guard let connection else { return }
        let milliseconds = Self.milliseconds(seconds)
        guard milliseconds != (pendingTimeout ?? timeoutMilliseconds) else { return }
        guard !isAway else {
            pendingTimeout = milliseconds
            return
        }
        timeoutMilliseconds = milliseconds
        destroyNotification()
        makeNotification()
        if !connection.flush() { lost("cannot write to the compositor: \(WaylandConnection.errnoText())") }
    }

    /// Closes the connection (reports nothing).
    public func close() {
        if let watch { loop.cancel(watch) }
        watch = nil
        destroyAll()
    }

    private func makeNotification() {
        guard let manager, let seat else { return }
        switch used {
        case .extIdleNotify:
            notification = gb_wl_get_idle_notification(wl, manager, timeoutMilliseconds, seat)
            listeners.extNotification.pointee = ext_idle_notification_v1_listener(
                idled: { data, _ in WaylandIdle.told(data, true) }, resumed: { data, _ in WaylandIdle.told(data, false) })
            if let notification { _ = gb_wl_listen(wl, UnsafeMutableRawPointer(notification), listeners.extNotification, Unmanaged.passUnretained(self).toOpaque()) }
        case .kdeIdle:
            notification = gb_wl_get_idle_timeout(wl, manager, seat, timeoutMilliseconds)
            listeners.kdeTimeout.pointee = org_kde_kwin_idle_timeout_listener(
                idle: { data, _ in WaylandIdle.told(data, true) }, resumed: { data, _ in WaylandIdle.told(data, false) })
            if let notification { _ = gb_wl_listen(wl, UnsafeMutableRawPointer(notification), listeners.kdeTimeout, Unmanaged.passUnretained(self).toOpaque()) }
        }
    }

    private static func told(_ data: UnsafeMutableRawPointer?, _ idle: Bool) {
        guard let data else { return }
        Unmanaged<WaylandIdle>.fromOpaque(data).takeUnretainedValue().told.append(idle)
    }

    /// Reads and dispatches what came (the socket is readable, or hung up); false once the
    /// connection is gone.
    private func readEvents() -> Bool {
        guard let connection else { return false }
        if let why = connection.dispatchReadable() {
            lost(why)
            return false
        }
        tell()
        return self.connection != nil
    }

    private func tell() {
        let events = told
        told = []
        for idle in events where idle != isAway {
            isAway = idle
            if !idle, let pending = pendingTimeout, let connection {
                pendingTimeout = nil
                timeoutMilliseconds = pending
                destroyNotification()
                makeNotification()
                _ = connection.flush()
            }
            onChange(idle)
        }
    }

    /// The compositor went away (the session ended): nobody is away on it.
    private func lost(_ why: String) {
        close()
        onLost(why)
        if isAway {
            isAway = false
            onChange(false)
        }
    }

    private func destroyNotification() {
        guard let notification else { return }
        let release = used == .extIdleNotify ? EXT_IDLE_NOTIFICATION_V1_DESTROY : ORG_KDE_KWIN_IDLE_TIMEOUT_RELEASE
        gb_wl_destroy_with_request(wl, UnsafeMutableRawPointer(notification), UInt32(release))
        self.notification = nil
    }

    private func destroyAll() {
        guard let connection else { return }
        destroyNotification()
        // ext_idle_notifier_v1 has a destructor request; org_kde_kwin_idle none (the proxy alone goes).
        if let manager {
            if used == .extIdleNotify {
                gb_wl_destroy_with_request(wl, UnsafeMutableRawPointer(manager), UInt32(EXT_IDLE_NOTIFIER_V1_DESTROY))
            } else {
                wl.pointee.wl_proxy_destroy(manager)
            }
        }
        if let seat { wl.pointee.wl_proxy_destroy(seat) }  // wl_seat version 1: no release request
        (manager, seat) = (nil, nil)
        connection.close()
        self.connection = nil
    }

    private static func milliseconds(_ seconds: Double) -> UInt32 {
        UInt32(clamping: Int64((max(0, seconds) * 1000).rounded()))
    }

    /// ext-idle-notify-v1 (the standard) where offered, else KDE's.
    private static func idleManager(_ globals: [String: WaylandConnection.Global]) -> (IdleProtocol, WaylandConnection.Global)? {
        if let ext = globals["ext_idle_notifier_v1"] { return (.extIdleNotify, ext) }
        return globals["org_kde_kwin_idle"].map { (.kdeIdle, $0) }
    }
}

/// The listener structs libwayland-client keeps pointers to: alive as long as the connection.
private final class Listeners {
    let extNotification = UnsafeMutablePointer<ext_idle_notification_v1_listener>.allocate(capacity: 1)
    let kdeTimeout = UnsafeMutablePointer<org_kde_kwin_idle_timeout_listener>.allocate(capacity: 1)

    deinit {
        extNotification.deallocate()
        kdeTimeout.deallocate()
    }
}
