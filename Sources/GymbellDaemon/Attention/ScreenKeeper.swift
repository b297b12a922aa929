import GymbellBus
import Logging

/// Asks the desktop not to blank or lock the screen while a workout runs ("Workout in progress"), and
/// ends the request: GNOME's session manager (`org.gnome.SessionManager.Inhibit`, flag 8 = idle) where
/// it is on the bus, else `org.freedesktop.ScreenSaver.Inhibit` (Plasma, Xfce, …). Both tie the request
/// to the caller's connection: it is made on the attention watch's, which lives as long as the daemon,
/// so a crash ends it too. Decides nothing: the engine says when (Effect.keepScreenOn).
final class ScreenKeeper: ScreenKeeping {
    static let reason = "Workout in progress"
    static let appID = "io.github.gymbell.Gymbell"
    static let timeoutMilliseconds = 1000

    private enum Held { case gnome(UInt32), freedesktop(UInt32) }

    private let bus: DBusSignalListener
    private let logger: Logger
    private var held: Held?

    init(bus: DBusSignalListener, logger: Logger) {
        self.bus = bus
        self.logger = logger
    }

    func keepScreenOn(_ on: Bool) {
        if on { inhibit() } else { release() }
    }

    private func inhibit() {
        guard held == nil else { return }
        do {
            if bus.nameHasOwner("org.gnome.SessionManager") {
                let cookie = try call("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager", "Inhibit",
                                      [.string(Self.appID), .uint32(0), .string(Self.reason), .uint32(8)])
                held = cookie.map(Held.gnome)
            } else if bus.nameHasOwner("org.freedesktop.ScreenSaver") {
                let cookie = try call("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver", "Inhibit",
                                      [.string(Self.appID), .string(Self.reason)])
                held = cookie.map(Held.freedesktop)
            } else {
                logger.debug("no session manager or screen saver to keep the screen on")
                return
            }
            logger.info("asked the desktop to keep the screen on", metadata: ["held": "\(String(describing: held))"])
        } catch {
            logger.warning("cannot keep the screen on: \(error)")
        }
    }

    private func release() {
        guard let held else { return }
        self.held = nil
        do {
            switch held {
            case .gnome(let cookie):
                _ = try call("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager", "Uninhibit", [.uint32(cookie)])
            case .freedesktop(let cookie):
                _ = try call("org.freedesktop.ScreenSaver", "/org/freedesktop/ScreenSaver", "org.freedesktop.ScreenSaver", "UnInhibit",
                             [.uint32(cookie)])
            }
            logger.info("the screen may blank again")
        } catch {
            logger.warning("cannot end the request to keep the screen on: \(error)")
        }
    }

    private func call(_ name: String, _ path: String, _ interface: String, _ member: String, _ arguments: [DBusValue]) throws(DBusError) -> UInt32? {
        try bus.call(
            destination: name, path: path, interface: interface, member: member, arguments: arguments, timeoutMilliseconds: Self.timeoutMilliseconds
        ).first?.uint32
    }
}
