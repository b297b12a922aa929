import Glibc
import GymbellCore
import GymbellPlatform
import GymbellWayland
import GymbellX11
import Logging

/// Away told by the display server where Mutter's idle monitor is absent: on a Wayland session (Plasma,
/// sway) the compositor's idle notifications (WaylandIdle), on an X11 one (Plasma, Cinnamon, MATE,
/// xfce, LXQt, Budgie) the X server's IDLETIME alarms (X11IdleAlarms). Opened while AwaySource chooses
/// one of them, closed when Mutter's monitor appears (a GNOME session whose shell came after the daemon).
/// Its library (libwayland-client, or libX11 and libXext) is loaded only then.
final class DisplayServerAway {
    private let loop: MainLoop
    private let logger: Logger
    private let report: (String, Bool) -> Void
    private var awayAfter: Double
    private var alarms: (any IdleAlarms)?
    /// Mutter's monitor came while the person was away: the alarms go at the next input.
    private var retiring = false
    /// Set once the display could not be followed (not reachable, no idle counter or protocol, gone):
    /// not tried again.
    private var unavailable = false

    /// `report(source, away)`: `source` is the chosen AwaySource's name.
    init(loop: MainLoop, awayAfter: Double, logger: Logger, report: @escaping (String, Bool) -> Void) {
        self.loop = loop
        self.awayAfter = awayAfter
        self.logger = logger
        self.report = report
    }

    /// Mutter's idle monitor is on the bus (or not): the display server's alarms are followed when AwaySource says.
    func choose(mutterIdleMonitor: Bool) {
        let source = AwaySource.choose(
            display: Self.environment("DISPLAY"), waylandDisplay: Self.environment("WAYLAND_DISPLAY"), mutterIdleMonitor: mutterIdleMonitor)
        retiring = false
        if source == .wayland || source == .x11IdleTime { return open(source) }
        guard let alarms else { return }
        // Mutter's monitor says from the next idle period on; an away already told lasts until the next input.
        if alarms.isAway { retiring = true } else { close() }
    }

    func change(awayAfter seconds: Double) {
        guard seconds != awayAfter else { return }
        awayAfter = seconds
        guard let alarms else { return }
        alarms.change(awayAfter: seconds)
        logger.info("away after \(seconds) s without input (\(alarms.sourceName))")
    }

    /// Stops following (the daemon stops: nothing reported, what is held stays held).
    func close() {
        alarms?.close()
        alarms = nil
        retiring = false
    }

    private func open(_ source: AwaySource) {
        guard alarms == nil, !unavailable else { return }
        let changed: (Bool) -> Void = { [weak self] away in self?.changed(source, away) }
        do {
            let alarms: any IdleAlarms = switch source {
            case .wayland:
                try WaylandIdle(loop: loop, awayAfter: awayAfter, onLost: { [weak self] why in self?.lost(why) }, onChange: changed)
            default:
                try X11IdleAlarms(loop: loop, awayAfter: awayAfter, onChange: changed)
            }
            self.alarms = alarms
            logger.info("away followed through \(alarms.sourceName)", metadata: ["away": "\(alarms.isAway)"])
            if alarms.isAway { report(source.rawValue, true) }
        } catch {
            unavailable = true
            let session = source == .wayland ? "the Wayland compositor" : "the X display"
            logger.info("cannot follow idleness on \(session): \(error)")
        }
    }

    private func changed(_ source: AwaySource, _ away: Bool) {
        report(source.rawValue, away)
        if !away, retiring { close() }
    }

    /// The compositor went away (the session ended, or it crashed): said once, not followed again.
    private func lost(_ why: String) {
        unavailable = true
        alarms = nil
        logger.notice("the Wayland compositor went away (\(why)): away is no longer followed")
    }

    private static func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }
}

/// A display server's idle alarms as DisplayServerAway uses them.
protocol IdleAlarms: AnyObject {
    var isAway: Bool { get }
    /// Names the source in the log.
    var sourceName: String { get }
    func change(awayAfter seconds: Double)
    func close()
}

extension X11IdleAlarms: IdleAlarms {
    var sourceName: String { "the X server's IDLETIME" }
}

extension WaylandIdle: IdleAlarms {
    var sourceName: String { "the Wayland compositor's \(used.rawValue)" }
}
