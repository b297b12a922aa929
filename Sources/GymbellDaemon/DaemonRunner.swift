import FoundationEssentials
import Glibc  // signal numbers
import GymbellBus
import GymbellControl
import GymbellPlatform
import GymbellSettings
import GymbellSound
import Logging

/// `gymbell daemon`: reads what it starts from, builds the parts (DaemonParts), offers the control
/// interface, follows the desktop, runs one GLib main loop until SIGTERM/SIGINT, and stops in order.
/// Each step is a named function below, in the order it runs.
public enum DaemonRunner {
    /// Exit statuses of `gymbell daemon`.
    public enum Status {
        public static let ok: Int32 = 0
        public static let failed: Int32 = 1
        /// Another daemon already owns the bus name.
        public static let alreadyRunning: Int32 = 3
    }

    /// Why the daemon could not start: said on standard error or in the log, with its exit status.
    struct StartFailure: Error {
        let status: Int32
        let message: String
        /// Said on standard error (a person starting it by hand sees it) rather than logged as critical.
        var toStandardError = true
    }

    public static func run(paths: XDGPaths = XDGPaths(), logger: Logger) -> Int32 {
        CurrentProcess.useOneMallocArena()  // before the starting and notification threads start
        FileWatcher.useLocalFilesOnly()  // no gvfsd for the config's watcher; before any thread
        signal(SIGPIPE, SIG_IGN)  // a closed pipe (the sound helper gone) is an error to handle, not a reason to die
        do {
            let found = try StartingPoint.read(paths, logger: logger)
            let parts = try DaemonParts(found, paths: paths, logger: logger)
            let service = try offerControl(of: parts, on: found.connection)
            stopOnSignals(parts)
            try takeName(service)
            try parts.startNotifier()
            let desktop = FollowedDesktop.follow(parts, through: service)
            parts.syncFolder.afterWork = { [trim = desktop.trim] in trim.whenIdle() }
            parts.run(trimmingWith: desktop.trim)
            withExtendedLifetime((service, desktop)) { stop(parts, desktop: desktop) }
            return Status.ok
        } catch {
            if error.toStandardError {
                printToStandardError(error.message)
            } else {
                logger.critical("\(error.message)")
            }
            return error.status
        }
    }

    /// The control interface on the session bus, answered from the loop; the name is asked for once
    /// the signals are handled (`takeName`).
    static func offerControl(of parts: DaemonParts, on connection: DBusService.Connection) throws(StartFailure) -> DBusService {
        let control = parts.control
        let service: DBusService
        do {
            service = try DBusService(
                loop: parts.loop, connection: connection, name: BusNames.wellKnownName, objectPath: BusNames.objectPath,
                introspectionXML: BusNames.introspectionXML, requestingName: false, handler: control.handle)
        } catch {
            throw StartFailure(status: Status.failed, message: "gymbell: cannot offer \(BusNames.wellKnownName) on the session bus: \(error)")
        }
        parts.daemon.onChange = { try? service.emitSignal(interface: BusNames.interface, member: ControlContract.changed.name) }  // the window follows it
        service.onDisconnect = { [logger = parts.logger, loop = parts.loop] in
            logger.critical("lost the session bus; exiting")
            loop.quit()
        }
        return service
    }

    /// Before the bus name is taken: a client that sees the name may signal the daemon at once, and a
    /// signal's default action would end it before its first look at the agenda.
    static func stopOnSignals(_ parts: DaemonParts) {
        let (loop, logger, reloader) = (parts.loop, parts.logger, parts.reloader)
        for signo in [SIGTERM, SIGINT] {
            _ = loop.onUnixSignal(signo) {
                logger.info("stopping on signal \(signo)")
                loop.quit()
            }
        }
        _ = loop.onUnixSignal(SIGHUP) { _ = try? reloader.reload() }
    }

    static func takeName(_ service: DBusService) throws(StartFailure) {
        do {
            try service.requestName()
        } catch DBusServiceError.nameTaken {
            throw StartFailure(
                status: Status.alreadyRunning,
                message: "gymbell: another gymbell daemon is already running (it owns \(BusNames.wellKnownName) on this session bus); "
                    + "use `gymbell status` to talk to it")
        } catch {
            throw StartFailure(status: Status.failed, message: "gymbell: cannot offer \(BusNames.wellKnownName) on the session bus: \(error)")
        }
    }

    /// Stops in order: what the server took meanwhile leaves the agenda, the session's notification
    /// goes, the state is closed.
    static func stop(_ parts: DaemonParts, desktop: FollowedDesktop) {
        parts.notifier.flush()  // reminders the server took meanwhile leave the agenda before the exit (else shown again)
        parts.loop.dispatchPending()
        parts.daemon.shutdown()
        parts.player.close()
        parts.notifier.flush()
        parts.store.close(keeping: parts.daemon.state.progress)
        desktop.close()
    }

    /// The argv of the sound helper: this executable, `daemon --sound-player`.
    static var soundHelper: [String] { [CurrentProcess.executablePath ?? "gymbell", "daemon", "--sound-player"] }

    /// `gymbell daemon --sound-player`: the process that plays the daemon's sounds (SoundHelper).
    public static func serveSounds() -> Int32 {
        SoundHelper.serve(
            appName: "gymbell", appID: Presenter.desktopEntry, icon: Presenter.desktopEntry, duckJournal: XDGPaths().duckJournal,
            pauseJournal: XDGPaths().pauseJournal)
    }
}

func printToStandardError(_ message: String) {
    CurrentProcess.printToStandardError(message)
}
