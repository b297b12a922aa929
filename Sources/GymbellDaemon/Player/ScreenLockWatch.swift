import GymbellBus
import GymbellPlatform
import Logging

/// Whether the screen is locked, as the screen locker on the session bus says it
/// (`org.freedesktop.ScreenSaver`: `GetActive` and its `ActiveChanged` signal — Plasma's ksmserver).
/// The media player stays while the screen is locked (`Engine.nowPlaying`). GNOME's
/// `org.freedesktop.ScreenSaver` (gsd's proxy) answers no `GetActive` and signals nothing: GNOME
/// counts as never locked, and its lock screen shows no media player anyway. Decides nothing: each
/// answer and change goes to `onChange`.
final class ScreenLockWatch {
    static let busName = "org.freedesktop.ScreenSaver"
    static let objectPath = "/org/freedesktop/ScreenSaver"
    static let interface = "org.freedesktop.ScreenSaver"
    /// A screen locker answers at once; one that does not is taken as not locked (its next signal says).
    static let askTimeoutMilliseconds = 250

    private let listener: DBusSignalListener
    private let address: String?
    private let logger: Logger
    private let onChange: (Bool) -> Void

    /// Listens on the session bus (or the bus at `address`), follows the locker's comings and goings
    /// through `names`, and asks the one there now.
    init(loop: MainLoop, names: DBusService, address: String? = nil, logger: Logger, onChange: @escaping (Bool) -> Void) throws(DBusError) {
        self.address = address
        self.logger = logger
        self.onChange = onChange
        listener = try DBusSignalListener(
            loop: loop, bus: address.map { .address($0) } ?? .session,
            matchRule: "type='signal',interface='\(Self.interface)',member='ActiveChanged'"
        ) { signal in
            guard let locked = signal.arguments.first?.bool else { return }
            onChange(locked)
        }
        try names.watchNameOwner(Self.busName) { [weak self] owner in
            if owner == nil { onChange(false) } else { self?.ask() }
        }
        ask()  // now: before the daemon's first look at the agenda (a locked screen holds reminders)
    }

    /// Asks the screen locker whether the screen is locked now. Blocking, but for at most
    /// `askTimeoutMilliseconds`, and only at start-up and when a locker appears (none there: not asked).
    private func ask() {
        do {
            let client = try DBusClient(address: address)
            guard client.nameHasOwner(Self.busName) else { return }
            let reply = try client.call(
                destination: Self.busName, path: Self.objectPath, interface: Self.interface, member: "GetActive",
                timeoutMilliseconds: Self.askTimeoutMilliseconds)
            guard let locked = reply.first?.bool else { return }
            logger.debug("screen locker asked", metadata: ["locked": "\(locked)"])
            onChange(locked)
        } catch {
            logger.debug("no screen locker answers GetActive: \(error)")
        }
    }

    func close() { listener.close() }
}
