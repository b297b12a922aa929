import Glibc
import GymbellCore
import GymbellPlatform
import GymbellX11
import Logging

/// Away on an X11 session without Mutter's idle monitor (Plasma, Cinnamon, MATE, xfce, LXQt, Budgie):
/// the X server's IDLETIME alarms (X11IdleAlarms), opened while AwaySource chooses them and closed when
/// Mutter's monitor appears (a GNOME X11 session whose shell came after the daemon).
final class X11Away {
    static let id = AwaySource.x11IdleTime.rawValue

    private let loop: MainLoop
    private let logger: Logger
    private let report: (Bool) -> Void
    private var awayAfter: Double
    private var alarms: X11IdleAlarms?
    /// Set once a display failed to open or lacked the counter: not tried again.
    private var unavailable = false

    init(loop: MainLoop, awayAfter: Double, logger: Logger, report: @escaping (Bool) -> Void) {
        self.loop = loop
        self.awayAfter = awayAfter
        self.logger = logger
        self.report = report
    }

    /// Mutter's idle monitor is on the bus (or not): the X server's alarms are followed when AwaySource says.
    func choose(mutterIdleMonitor: Bool) {
        let source = AwaySource.choose(
            display: Self.environment("DISPLAY"), waylandDisplay: Self.environment("WAYLAND_DISPLAY"), mutterIdleMonitor: mutterIdleMonitor)
        guard source != .x11IdleTime else { return open() }
        guard alarms != nil else { return }
        close()
        report(false)  // Mutter's monitor says from now on
    }

    func change(awayAfter seconds: Double) {
        guard seconds != awayAfter else { return }
        awayAfter = seconds
        alarms?.change(awayAfter: seconds)
        if alarms != nil { logger.info("away after \(seconds) s without input (X server's IDLETIME)") }
    }

    /// Stops following (the daemon stops: nothing reported, what is held stays held).
    func close() {
        alarms?.close()
        alarms = nil
    }

    private func open() {
        guard alarms == nil, !unavailable else { return }
        do {
            let alarms = try X11IdleAlarms(loop: loop, awayAfter: awayAfter) { [weak self] away in self?.report(away) }
            self.alarms = alarms
            logger.debug("away followed through the X server's IDLETIME", metadata: ["away": "\(alarms.isAway)", "idle ms": "\(alarms.idleAtStart.map(String.init) ?? "?")"])
            if alarms.isAway { report(true) }
        } catch {
            unavailable = true
            logger.info("cannot follow idleness on the X display: \(error)")
        }
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
