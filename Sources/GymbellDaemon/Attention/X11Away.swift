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
    /// Mutter's monitor came while the person was away: the alarms go at the next input.
    private var retiring = false
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
        retiring = false
        guard source != .x11IdleTime else { return open() }
        guard let alarms else { return }
        // Mutter's monitor says from the next idle period on; an away already told lasts until the next input.
        if alarms.isAway { retiring = true } else { close() }
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
        retiring = false
    }

    private func open() {
        guard alarms == nil, !unavailable else { return }
        do {
            let alarms = try X11IdleAlarms(loop: loop, awayAfter: awayAfter) { [weak self] away in self?.changed(away) }
            self.alarms = alarms
            logger.debug("away followed through the X server's IDLETIME", metadata: ["away": "\(alarms.isAway)", "idle ms": "\(alarms.idleAtStart.map(String.init) ?? "?")"])
            if alarms.isAway { report(true) }
        } catch {
            unavailable = true
            logger.info("cannot follow idleness on the X display: \(error)")
        }
    }

    private func changed(_ away: Bool) {
        report(away)
        if !away, retiring { close() }
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}
