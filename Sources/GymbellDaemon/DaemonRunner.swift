import FoundationEssentials
import Glibc  // signal numbers
import GymbellControl
import GymbellCore
import GymbellBus
import GymbellNotify
import GymbellPlatform
import GymbellSettings
import GymbellSound
import GymbellStore
import Logging

/// `gymbell daemon`: builds the parts, wires them to one GLib main loop, runs until SIGTERM/SIGINT.
public enum DaemonRunner {
    /// Exit statuses of `gymbell daemon`.
    public enum Status {
        public static let ok: Int32 = 0
        public static let failed: Int32 = 1
        /// Another daemon already owns the bus name.
        public static let alreadyRunning: Int32 = 3
    }

    public static func run(paths: XDGPaths = XDGPaths(), logger: Logger) -> Int32 {
        CurrentProcess.useOneMallocArena()  // before the starting and notification threads start
        FileWatcher.useLocalFilesOnly()  // no gvfsd for the config's watcher; before any thread
        // This thread opens and reads the state database at once, while a thread of its own reads the
        // config, connects to the bus and then reads the later part of a large agenda (`help`): a new
        // thread took up to 2.5 ms to first run on a two-vCPU virtual machine, so what start-up waits
        // for most begins on the thread already running. What the starting thread made is this
        // thread's from the join on.
        let agendaHelp = StateStore.AgendaReadHelp()
        // One clock for everything the daemon does: the engine's `now`, the store's retry schedule, the
        // media player's position.
        let clock: @Sendable () -> Date = Date.init
        let starting = BackgroundWork(name: "gymbell-start") { () -> (LoadedConfig, Result<DBusService.Connection, DBusServiceError>) in
            let config = initialConfig(paths, logger: logger)
            let bus = Result { () throws(DBusServiceError) in try DBusService.connect() }
            agendaHelp.help()
            return (config, bus)
        }
        let store = openStore(paths, clock: clock, logger: logger)
        let initial = StartUpState.read(from: store, helpedBy: agendaHelp)
        let (config, bus) = starting.wait()

        let loop = MainLoop()
        // Started once the name is owned (below); what the daemon asks of it before waits in order.
        let notifier = Notifier(appName: "gymbell")
        let timer: RealtimeTimer
        do {
            timer = try RealtimeTimer()
        } catch {
            logger.critical("cannot start: \(error)")
            return Status.failed
        }

        let gettext = Gettext.translation()
        let messages = Messages(translate: gettext.translate, plural: gettext.translatePlural)
        let zone = SystemTimeZone()
        // A closed pipe (the sound helper gone) is an error to handle, not a reason to die.
        signal(SIGPIPE, SIG_IGN)
        let sounds = SoundPlayer(loop: loop, helper: soundHelper) { problem in
            logger.warning("\(problem)")
        }
        // When gymbell itself asked the sound server (its own lateness, apart from the server's: issue 50).
        sounds.onAsked = { at in logger.info("sound asked of the sound server", metadata: ["at_ms": "\(Int64((at * 1000).rounded()))"]) }
        // The installed icon: app_icon of every notification and the media player's art.
        let iconFile = paths.iconFile(named: Presenter.desktopEntry, executable: CurrentProcess.executablePath)

        // Served on the loop; the name is requested once the daemon can answer. Calls are answered
        // from the loop, which runs after both.
        var control: ControlInterface?
        let service: DBusService
        do {
            service = try DBusService(
                loop: loop, connection: try bus.get(), name: BusNames.wellKnownName, objectPath: BusNames.objectPath,
                introspectionXML: BusNames.introspectionXML, requestingName: false
            ) { call in
                control?.handle(call) ?? .unknownMethod(call)
            }
        } catch {
            printToStandardError("gymbell: cannot offer \(BusNames.wellKnownName) on the session bus: \(error)")
            return Status.failed
        }

        for repair in store.repairs { logger.warning("state database repaired at start-up: \(repair)") }
        logProblem(of: store, logger: logger)
        let daemon = Daemon(
            config: config, store: store, initial: initial, notifier: notifier, sounds: sounds, timer: timer, loop: loop,
            environment: Daemon.Environment(clock: clock, timeZone: zone.current, messages: messages, iconFile: iconFile),
            logger: logger)
        let reload = { () throws(CommandError) -> String in
            do {
                let loaded = try ConfigSource.load(paths)
                logWarnings(of: loaded, logger: logger)
                daemon.apply(loaded)
                return loaded.origin
            } catch {
                logger.error("config not reloaded, the one in force stays:\n\(error)")
                throw .invalidConfig("the config was not reloaded, the one in force stays:\n\(error)")
            }
        }
        let transfers = DaemonStateTransfer(store: store, clock: clock, daemon: daemon)
        control = ControlInterface(commands: daemon, transfers: transfers, reload: reload)
        daemon.onChange = { try? service.emitSignal(interface: BusNames.interface, member: ControlContract.changed.name) }  // the window follows it
        let player = MediaPlayer(loop: loop, artURL: iconFile.map { URL(fileURLWithPath: $0).absoluteString }, clock: clock, logger: logger)
        player.onControl = { control in
            if case .failure(let refusal) = daemon.run(.player(control)) {
                logger.info("media player control without effect", metadata: ["control": "\(control.rawValue)", "why": "\(refusal)"])
            }
        }

        // Before the bus name is taken: a client that sees the name may signal the daemon at once, and a
        // signal's default action would end it before its first look at the agenda.
        for signo in [SIGTERM, SIGINT] {
            _ = loop.onUnixSignal(signo) {
                logger.info("stopping on signal \(signo)")
                loop.quit()
            }
        }
        _ = loop.onUnixSignal(SIGHUP) { _ = try? reload() }

        do {
            try service.requestName()
        } catch DBusServiceError.nameTaken {
            printToStandardError(
                "gymbell: another gymbell daemon is already running (it owns \(BusNames.wellKnownName) on this session bus); "
                    + "use `gymbell status` to talk to it")
            return Status.alreadyRunning
        } catch {
            printToStandardError("gymbell: cannot offer \(BusNames.wellKnownName) on the session bus: \(error)")
            return Status.failed
        }
        do {
            try notifier.start()
        } catch {
            logger.critical("cannot start: \(error)")
            return Status.failed
        }
        // Whether the state file can be written, left out of the loading: after a clean close it
        // syncs a new write-ahead log and its directory (1–20 ms on a disk). Before the first event,
        // which reports a problem found.
        if store.checkWritable() { logProblem(of: store, logger: logger) }
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
        // Do Not Disturb, the screen lock (it also keeps the media player) and idleness, before the first look.
        let (attention, screenLock) = AttentionWatch.start(
            loop: loop, service: service, daemon: daemon, awayAfter: config.config.attention.awayAfter, logger: logger)
        service.onDisconnect = {
            logger.critical("lost the session bus; exiting")
            loop.quit()
        }

        // What an event freed goes back to the system once the daemon is idle again.
        var trimPending = false
        let trimWhenIdle = {
            guard !trimPending else { return }
            trimPending = true
            loop.idle {
                trimPending = false
                store.releaseMemory()
                CurrentProcess.returnFreeMemory()
            }
        }
        _ = loop.watchReadable(fd: timer.fileDescriptor) {
            switch timer.consume() {
            case .deadline: daemon.reevaluate()
            case .clockChanged:
                logger.info("the wall clock changed; re-planning")
                daemon.reevaluate()
            case nil: break
            }
            trimWhenIdle()
        }
        let watchers = watchChanges(paths: paths, zone: zone, loop: loop, daemon: daemon, reload: reload, logger: logger)

        logger.info(
            "gymbell daemon started",
            metadata: ["config": "\(config.origin)", "state": "\(store.path ?? ":memory:")", "pid": "\(CurrentProcess.id)"])
        daemon.notificationServerAppeared()
        daemon.attach(player: player)
        daemon.reevaluate()
        trimWhenIdle()
        loop.run()
        notifier.flush()  // reminders the server took meanwhile leave the agenda before the exit (else shown again)
        loop.dispatchPending()
        daemon.shutdown()
        player.close()
        notifier.flush()
        store.close(keeping: daemon.state.progress)
        screenLock?.close()
        attention?.close()
        withExtendedLifetime((service, control, player, notifier, timer, watchers, screenLock, attention)) {}
        return Status.ok
    }

    /// The argv of the sound helper: this executable, `daemon --sound-player`.
    static var soundHelper: [String] { [CurrentProcess.executablePath ?? "gymbell", "daemon", "--sound-player"] }

    /// `gymbell daemon --sound-player`: the process that plays the daemon's sounds (SoundHelper).
    public static func serveSounds() -> Int32 {
        SoundHelper.serve(appName: "gymbell", appID: Presenter.desktopEntry, icon: Presenter.desktopEntry)
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

    /// The config at start-up; a broken file is reported and the built-in default used until it is fixed.
    static func initialConfig(_ paths: XDGPaths, logger: Logger) -> LoadedConfig {
        do {
            let loaded = try ConfigSource.load(paths)
            logWarnings(of: loaded, logger: logger)
            return loaded
        } catch {
            logger.error("config errors, running on the built-in default until they are fixed (`gymbell reload`):\n\(error)")
            return LoadedConfig(config: ConfigParser.defaultConfig(), path: nil)
        }
    }

    /// The config's warnings (`gymbell config check` prints the same), one log line each.
    static func logWarnings(of loaded: LoadedConfig, logger: Logger) {
        for warning in loaded.warnings { logger.warning("config: \(warning)") }
    }
}

func printToStandardError(_ message: String) {
    CurrentProcess.printToStandardError(message)
}
