import FoundationEssentials
import GymbellBus
import GymbellControl
import GymbellCore
import GymbellNotify
import GymbellPlatform
import GymbellSettings
import GymbellSound
import GymbellStore
import Logging

extension DaemonRunner {
    /// What the daemon starts from, read side by side: this thread opens and reads the state database
    /// while a thread of its own reads the config, connects to the bus and then reads the later part of
    /// a large agenda (`help`) — a new thread took up to 2.5 ms to first run on a two-vCPU virtual
    /// machine, so what start-up waits for most begins on the thread already running. What the
    /// starting thread made is this thread's from the join on.
    struct StartingPoint {
        let config: LoadedConfig
        let store: StateStore
        let initial: Daemon.InitialState
        let connection: DBusService.Connection

        static func read(_ paths: XDGPaths, logger: Logger) throws(StartFailure) -> StartingPoint {
            let agendaHelp = StateStore.AgendaReadHelp()
            let starting = BackgroundWork(name: "gymbell-start") { () -> (LoadedConfig, Result<DBusService.Connection, DBusServiceError>) in
                let config = initialConfig(paths, logger: logger)
                let bus = Result { () throws(DBusServiceError) in try DBusService.connect() }
                agendaHelp.help()
                return (config, bus)
            }
            let store = openStore(paths, clock: DaemonParts.clock, logger: logger)
            let initial = StartUpState.read(from: store, helpedBy: agendaHelp)
            let (config, bus) = starting.wait()
            switch bus {
            case .success(let connection):
                return StartingPoint(config: config, store: store, initial: initial, connection: connection)
            case .failure(let error):
                throw StartFailure(status: Status.failed, message: "gymbell: cannot offer \(BusNames.wellKnownName) on the session bus: \(error)")
            }
        }
    }
}

/// The daemon's parts, each made once from what it needs, in an order without cycles: the loop and
/// its timer, the notifier and the sounds, the daemon (the engine and what carries out its
/// decisions), the config's reloader, the control interface and the media player.
struct DaemonParts {
    /// One clock for everything the daemon does: the engine's `now`, the store's retry schedule, the
    /// media player's position.
    static let clock: @Sendable () -> Date = Date.init

    let logger: Logger
    let paths: XDGPaths
    let config: LoadedConfig
    let store: StateStore
    let loop = MainLoop()
    /// Started once the name is owned (`startNotifier`); what the daemon asks of it before waits in order.
    let notifier = Notifier(appName: "gymbell")
    let timer: RealtimeTimer
    let sounds: SoundPlayer
    let zone = SystemTimeZone()
    let daemon: Daemon
    let reloader: ConfigReloader
    let control: ControlInterface
    let player: MediaPlayer
    /// The folder shared with the person's other computers (issue 48).
    let syncFolder: SyncFolder

    init(_ found: DaemonRunner.StartingPoint, paths: XDGPaths, logger: Logger) throws(DaemonRunner.StartFailure) {
        self.logger = logger
        self.paths = paths
        config = found.config
        store = found.store
        do {
            timer = try RealtimeTimer()
        } catch {
            throw DaemonRunner.StartFailure(status: DaemonRunner.Status.failed, message: "cannot start: \(error)", toStandardError: false)
        }
        sounds = SoundPlayer(loop: loop, helper: DaemonRunner.soundHelper) { [logger] problem in logger.warning("\(problem)") }
        // When gymbell itself asked the sound server (its own lateness, apart from the server's: issue 50).
        // Volumes a killed sound helper left lowered are set back, players it paused resumed (the
        // journals list them; issue 47).
        sounds.restoreLowered(journals: [paths.duckJournal, paths.pauseJournal])
        sounds.onAsked = { [logger] at in
            logger.info("sound asked of the sound server", metadata: ["at_ms": "\(Int64((at * 1000).rounded()))"])
        }
        // The installed icon: app_icon of every notification and the media player's art.
        let iconFile = paths.iconFile(named: Presenter.desktopEntry, executable: CurrentProcess.executablePath)

        for repair in store.repairs { logger.warning("state database repaired at start-up: \(repair)") }
        DaemonRunner.logProblem(of: store, logger: logger)
        let gettext = Gettext.translation()
        daemon = Daemon(
            config: config, store: store, initial: found.initial, notifier: notifier, sounds: sounds, timer: timer, loop: loop,
            environment: Daemon.Environment(
                clock: Self.clock, timeZone: zone.current, messages: Messages(translate: gettext.translate, plural: gettext.translatePlural),
                iconFile: iconFile),
            logger: logger)
        reloader = ConfigReloader(paths: paths, daemon: daemon, logger: logger)
        let transfers = DaemonStateTransfer(store: store, clock: Self.clock, daemon: daemon)
        control = ControlInterface(commands: daemon, transfers: transfers, reload: reloader.reload)
        syncFolder = SyncFolder(
            transfers: transfers, daemon: daemon, store: store, device: { [paths, logger] in DeviceIdentity.load(paths, logger: logger) }, deviceFile: paths.deviceID,
            home: paths.home,
            clock: Self.clock, logger: logger)
        daemon.configFollowers.append { [syncFolder] in syncFolder.apply($0.sync) }
        daemon.onHistoryChange = { [syncFolder] in syncFolder.historyChanged() }
        player = MediaPlayer(loop: loop, artURL: iconFile.map { URL(fileURLWithPath: $0).absoluteString }, clock: Self.clock, logger: logger)
        player.onControl = { [daemon, logger] control in
            if case .failure(let refusal) = daemon.run(.player(control)) {
                logger.info("media player control without effect", metadata: ["control": "\(control.rawValue)", "why": "\(refusal)"])
            }
        }
    }

    /// The notification thread, once the name is owned; then whether the state file can be written,
    /// left out of the loading: after a clean close it syncs a new write-ahead log and its directory
    /// (1–20 ms on a disk). Before the first event, which reports a problem found.
    func startNotifier() throws(DaemonRunner.StartFailure) {
        do {
            try notifier.start()
        } catch {
            throw DaemonRunner.StartFailure(status: DaemonRunner.Status.failed, message: "cannot start: \(error)", toStandardError: false)
        }
        if store.checkWritable() { DaemonRunner.logProblem(of: store, logger: logger) }
    }

    /// The first look at the agenda, then the loop until SIGTERM/SIGINT or the bus is lost.
    func run(trimmingWith trim: IdleTrim) {
        logger.info(
            "gymbell daemon started",
            metadata: ["config": "\(config.origin)", "state": "\(store.path ?? ":memory:")", "pid": "\(CurrentProcess.id)"])
        daemon.notificationServerAppeared()
        daemon.attach(player: player)
        daemon.reevaluate()
        syncFolder.apply(config.config.sync)
        trim.whenIdle()
        loop.run()
    }
}

/// The config file read again (a `reload`, SIGHUP, the file saved) and applied; an invalid file is
/// reported and the one in force stays.
struct ConfigReloader {
    let paths: XDGPaths
    let daemon: Daemon
    let logger: Logger

    func reload() throws(CommandError) -> String {
        do {
            let loaded = try ConfigSource.load(paths)
            DaemonRunner.logWarnings(of: loaded, logger: logger)
            daemon.apply(loaded)
            return loaded.origin
        } catch {
            logger.error("config not reloaded, the one in force stays:\n\(error)")
            throw .invalidConfig("the config was not reloaded, the one in force stays:\n\(error)")
        }
    }
}
