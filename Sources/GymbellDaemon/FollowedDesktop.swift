import FoundationEssentials
import GymbellBus
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings
import Logging

/// What the daemon follows once it owns its name, kept until it stops: the notification server's
/// comings and goings, Do Not Disturb, the screen lock and idleness, its timer, the config file, the
/// time zone and suspend.
struct FollowedDesktop {
    let attention: AttentionWatch?
    let screenLock: ScreenLockWatch?
    let trim: IdleTrim
    let watchers: [AnyObject]

    func close() {
        screenLock?.close()
        attention?.close()
        withExtendedLifetime(watchers) {}
    }
}

/// What an event freed goes back to the system once the daemon is idle again.
final class IdleTrim {
    private let loop: MainLoop
    private let release: () -> Void
    private var pending = false

    init(loop: MainLoop, release: @escaping () -> Void) {
        self.loop = loop
        self.release = release
    }

    func whenIdle() {
        guard !pending else { return }
        pending = true
        loop.idle { [self] in
            pending = false
            release()
        }
    }
}

extension FollowedDesktop {
    /// Everything followed from now until the daemon stops, through `service`'s connection.
    static func follow(_ parts: DaemonParts, through service: DBusService) -> FollowedDesktop {
        followNotificationServer(parts, through: service)
        // Do Not Disturb, the screen lock (it also keeps the media player) and idleness, before the first look.
        let (attention, screenLock) = followAttention(parts, through: service)
        let trim = IdleTrim(loop: parts.loop) { [store = parts.store] in
            store.releaseMemory()
            CurrentProcess.returnFreeMemory()
        }
        wakeOnTimer(parts, trim: trim)
        let watchers = watchChanges(
            paths: parts.paths, zone: parts.zone, loop: parts.loop, daemon: parts.daemon, reload: parts.reloader.reload, logger: parts.logger)
        return FollowedDesktop(attention: attention, screenLock: screenLock, trim: trim, watchers: watchers)
    }

    /// org.freedesktop.Notifications' owner: a new one is asked what it is; none, reminders wait.
    static func followNotificationServer(_ parts: DaemonParts, through service: DBusService) {
        let (daemon, logger) = (parts.daemon, parts.logger)
        do {
            try service.watchNameOwner("org.freedesktop.Notifications") { owner in
                if owner != nil {
                    logger.info("a notification server appeared", metadata: ["owner": "\(owner ?? "")"])
                    daemon.notificationServerAppeared()
                } else {
                    logger.warning("the notification server left the bus; reminders wait for the next one")
                    daemon.notificationServerVanished()
                }
            }
        } catch {
            logger.warning("cannot follow the notification server: \(error)")
        }
    }

    /// The realtime timer: its deadline and a change of the wall clock make the daemon look again.
    static func wakeOnTimer(_ parts: DaemonParts, trim: IdleTrim) {
        let (timer, daemon, logger) = (parts.timer, parts.daemon, parts.logger)
        _ = parts.loop.watchReadable(fd: timer.fileDescriptor) {
            switch timer.consume() {
            case .deadline: daemon.reevaluate()
            case .clockChanged:
                logger.info("the wall clock changed; re-planning")
                daemon.reevaluate()
            case nil: break
            }
            trim.whenIdle()
        }
    }

    /// What makes the daemon re-plan without being asked: the config file saved, the time zone
    /// changed (the localtime link re-pointed), the machine resumed from suspend (logind).
    static func watchChanges(
        paths: XDGPaths, zone: SystemTimeZone, loop: MainLoop, daemon: Daemon, reload: @escaping () throws(CommandError) -> String,
        logger: Logger
    ) -> [AnyObject] {
        var watchers: [AnyObject] = []
        // GLib polls for a file whose directory is missing: make sure the directory exists.
        let configDirectory = FilePath.directory(of: paths.userConfigFile)
        try? FileManager.default.createDirectory(
            atPath: configDirectory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        do {
            watchers.append(try FileWatcher(path: paths.userConfigFile) {
                logger.info("the config file changed; reloading", metadata: ["path": "\(paths.userConfigFile)"])
                _ = try? reload()
            })
        } catch {
            logger.warning("cannot watch \(paths.userConfigFile) for changes (use `gymbell reload`): \(error)")
        }
        if zone.followsLocaltime {
            do {
                watchers.append(try FileWatcher(path: zone.localtimePath) {
                    logger.info("the time zone changed; re-planning", metadata: ["zone": "\(zone.current().identifier)"])
                    daemon.reevaluate()
                })
            } catch {
                logger.warning("cannot watch \(zone.localtimePath) for time-zone changes: \(error)")
            }
        }
        do {
            watchers.append(try DBusSignalListener(
                loop: loop, bus: .system,
                matchRule: "type='signal',interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"
            ) { signal in
                guard signal.arguments.first == .bool(false) else { return }
                logger.info("resumed from suspend; re-planning")
                daemon.reevaluate()
            })
        } catch {
            // No system bus (containers, tests): the realtime timer still fires after a resume.
            logger.debug("not following logind's suspend signals: \(error)")
        }
        return watchers
    }
}
