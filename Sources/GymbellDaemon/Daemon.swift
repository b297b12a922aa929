import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellNotify
import GymbellPlatform
import GymbellSettings
import GymbellSound
import GymbellStore
import Logging

/// The daemon: feeds events to the engine (GymbellCore) and carries out the effects it decides —
/// writes to the state database, notifications, the timer, programs to run, log lines. It decides
/// nothing itself. Runs on the main loop's one thread; `now` comes from the injected clock.
public final class Daemon {
    /// What the daemon is given of the world (DaemonEnvironment).
    public typealias Environment = DaemonEnvironment
    /// What the daemon starts from (DaemonInitialState, StartUpState.swift).
    typealias InitialState = DaemonInitialState

    public private(set) var loaded: LoadedConfig
    private(set) var engine: Engine
    private let store: any StateStoring
    private let presenter: any NoticeShowing
    private let timer: any WakeTimer
    private let environment: Environment
    private let logger: Logger
    /// The set log's summary still being read at start-up (`InitialState.progress`).
    private var pendingProgress: BackgroundWork<Result<ProgressReading, StoreError>>?
    /// Events raised while another is handled (a notification taken at once): handled after it.
    private var queued: [Event] = []
    private var handling = false
    private var launches: Launches
    private var player: (any MediaPlayerShowing)?
    /// Set while handling events whose effects changed what Status, Upcoming or Stats answer.
    private var changed = false
    /// Called once after the events that changed what the control interface reports (its Changed signal).
    var onChange: (() -> Void)?
    private var screenKeeper: (any ScreenKeeping)?

    convenience init(
        config: LoadedConfig, store: StateStore, initial: InitialState, notifier: Notifier, sounds: SoundPlayer, timer: RealtimeTimer,
        loop: MainLoop, environment: Environment = Environment(), logger: Logger
    ) {
        let presenter = Presenter(
            notifier: notifier, sounds: sounds, sound: config.config.sound, icon: environment.iconFile,
            timers: loop, logger: logger)
        self.init(
            config: config, store: store, initial: initial, presenter: presenter, timer: timer, environment: environment, logger: logger)
    }

    init(
        config: LoadedConfig, store: any StateStoring, initial: InitialState? = nil, presenter: any NoticeShowing, timer: any WakeTimer,
        environment: Environment, logger: Logger
    ) {
        loaded = config
        self.store = store
        self.presenter = presenter
        self.timer = timer
        self.environment = environment
        self.logger = logger
        launches = Launches(environment: environment, logger: logger)
        let initial = initial ?? .load(from: store)
        if let error = initial.loadError {
            logger.error("state database error, starting from an empty state: \(error)")
        }
        var state = initial.state
        state.storage = store.problem
        pendingProgress = initial.progress
        engine = Engine(
            state: state,
            context: EngineContext(
                config: config.config, configOrigin: config.origin, messages: environment.messages,
                canSpeak: environment.isInstalled("spd-say"), windowInstalled: environment.windowProgram != nil))
        presenter.onAction = { [unowned self] target, key, token in
            // What the click launches (the window, the report, start_command) is started with the click's
            // activation token (the server's, else the daemon's own): the compositor lets it raise its window (issue 49).
            launches.click = Launches.Click(serverToken: token)
            defer { launches.click = nil }
            send(.action(on: target, key: key))
        }
        presenter.onSessionServerID = { [unowned self] session, id in send(.sessionNoticeShown(session, id: id)) }
        presenter.onNotShown = { [unowned self] reminder in send(.notShown(reminder)) }
    }

    /// The engine's state (tests, status).
    var state: EngineState { engine.state }

    // MARK: Events

    /// Shows what is due, plans the next daily reminder and arms the timer. At start-up, when the timer
    /// fires, on a clock jump, a resume, a time-zone change.
    public func reevaluate() { send(.tick) }

    /// Before exit: take the session's notification off the screen (a restart shows it again).
    public func shutdown() { send(.shutdown) }

    /// The notification server (re)appeared on the bus: learn what it can do, then show the session's
    /// notification as this server should show it.
    public func notificationServerAppeared() {
        presenter.serverAppeared { [weak self] in
            guard let self else { return }
            send(.serverAppeared(presenter.server))
        }
    }

    public func notificationServerVanished() {
        presenter.serverVanished()
        send(.serverVanished)
    }

    /// Asks `keeper` to keep the screen on while the engine says so, from now on.
    func attach(screenKeeper keeper: any ScreenKeeping) {
        screenKeeper = keeper
        if engine.state.keepingScreenOn { keeper.keepScreenOn(true) }
    }

    /// Applies a new config (an invalid one never gets here: the one in force stays).
    public func apply(_ newConfig: LoadedConfig) {
        loaded = newConfig
        send(.configApplied(newConfig.config, origin: newConfig.origin))
        for follower in configFollowers { follower(newConfig.config) }
    }

    /// What outside the engine follows the config (the idle monitor's away threshold, the synced folder).
    var configFollowers: [(Config) -> Void] = []
    /// The synced folder writes this computer's journal after each change to the history (issue 48).
    var onHistoryChange: (() -> Void)?

    /// Shows the running session on `player` from now on; its controls come back as commands.
    func attach(player: any MediaPlayerShowing) {
        self.player = player
        player.show(engine.state.nowPlaying)
    }

    /// A command's answer, or why it was refused.
    func run(_ command: Command) -> Result<CommandReply, CommandError> {
        let queries = LogQueries(store: store, now: environment.clock())
        if case .records = command { adoptPendingProgress() }
        if let answer = queries.answer(command) { return answer }
        let whole: Command
        switch queries.withStoredPart(command) {
        case .success(let command): whole = command
        case .failure(let error): return .failure(error)
        }
        return send(.command(whole)) ?? .failure(.failed("the daemon is busy handling another event"))
    }

    /// `history` and `history --sets` off the loop (`LogQueries`).
    func offLoop(_ command: Command, as encoding: LogEncoding) -> OffLoopAnswer? {
        LogQueries(store: store, now: environment.clock()).offLoop(command, as: encoding)
    }

    /// The state database was changed outside the engine (an import, a restore): read again as at start-up.
    func reloadStoredState() throws(StoreError) { adopt(try store.load()) }

    /// The state as read again elsewhere (`DaemonStateTransfer`, off the loop), taken as at start-up.
    func adopt(_ stored: StoredState) { send(.stateReloaded(stored)) }

    /// Handles `event` and everything it raises, in order. Returns the command's answer.
    @discardableResult
    func send(_ event: Event) -> Result<CommandReply, CommandError>? {
        guard !handling else {
            queued.append(event)
            return nil
        }
        handling = true
        defer { handling = false }
        let reply = handle(event)
        while !queued.isEmpty { handle(queued.removeFirst()) }
        if changed {
            changed = false
            onChange?()
        }
        return reply
    }

    @discardableResult
    private func handle(_ event: Event) -> Result<CommandReply, CommandError>? {
        adoptPendingProgress()
        let now = environment.clock()
        // Every event gets a fresh id, whoever caused it: a click on Start Workout starts a session as
        // surely as `gymbell start` does.
        let moment = Moment(now: now, timeZone: environment.timeZone(), newID: environment.newID())
        let outcome = engine.handle(event, at: moment)
        var reply = outcome.reply
        if event.changesWhatTheWindowShows { changed = true }
        for effect in outcome.effects {
            if case .store = effect { changed = true } else if case .nowPlaying = effect { changed = true }
            perform(effect, reply: &reply)
        }
        if store.problem != engine.state.storage || store.nextSaveAttempt != engine.state.storageRetry {
            queued.append(.storageChanged(store.problem, retryAt: store.nextSaveAttempt))
        }
        return reply
    }

    /// Takes the set log's summary read at start-up (waiting for it if need be): before the first event,
    /// and before the first read of the records timeline it may complete.
    private func adoptPendingProgress() {
        if let reading = pendingProgress {
            pendingProgress = nil
            var ignored: Result<CommandReply, CommandError>?
            switch reading.wait() {
            case .success(let progress):
                engine.adopt(progress: progress.summary)
                // Sessions closed by sets logged after the snapshot (another program's, or before a
                // crash): what they beat is kept (again) in the records timeline.
                if !progress.closed.isEmpty { perform(.store(.keepRecords(progress.closed)), reply: &ignored) }
            case .failure(let error): logger.error("cannot read the set log's summary, the records start afresh: \(error)")
            }
        }
    }

    // MARK: Effects

    private func perform(_ effect: Effect, reply: inout Result<CommandReply, CommandError>?) {
        switch effect {
        case .store(let change):
            do {
                try store.apply(change)
                if change.touchesJournal { onHistoryChange?() }
                if case .correctSet = change { pendingProgress = LogQueries(store: store, now: environment.clock()).summedUpAgain() }
            } catch {
                logger.error("state database error: \(error)")
            }
        case .present(let reminder, let notice, let late, let tracked):
            presenter.present(reminder, as: notice, late: late) { [weak self] in
                if tracked { self?.send(.delivered(reminder.id)) }
            }
        case .showSession(let notice, let session, let audible, let late, let carried, let serverID):
            let accepted = carried.map { id in { [weak self] in self?.send(.delivered(id)) } as () -> Void }
            presenter.showSession(notice, of: session, audible: audible, late: late, accepted: accepted, resuming: serverID)
        case .endSessionNotice(let leavingCompletion):
            presenter.endSession(leavingCompletion: leavingCompletion)
        case .close(let filter):
            presenter.close(where: filter.matches)
        case .armTimer(let instant):
            do {
                try timer.arm(at: instant)
            } catch {
                logger.critical("cannot arm the timer: \(error)")
            }
        case .launch(let argv, let purpose):
            if purpose == .voice, presenter.speak(argv) { break }  // other audio makes room for it
            do {
                try launches.run(argv)
            } catch where purpose == .startCommand {
                logger.error("start_command failed: \(error)")
                if case .success(.text(let text)) = reply {
                    reply = .success(.text(text + "; " + environment.messages.startCommandFailed("\(error)")))
                }
            } catch {
                logger.debug("\(argv.first ?? "") failed: \(error)")
            }
        case .retrySaving:
            store.saveUnsaved(at: environment.clock())
        case .soundSettings(let settings):
            presenter.apply(sound: settings)
        case .sound(let readiness):
            presenter.prepareSound(readiness, now: environment.clock())
        case .log(let entry):
            logger.log(
                level: entry.level.logging, "\(entry.message)", metadata: entry.metadata.mapValues { Logger.MetadataValue.string($0) })
        case .nowPlaying(let playing):
            player?.show(playing)
        case .keepScreenOn(let on):
            screenKeeper?.keepScreenOn(on)
        case .openWindow(let page):
            launches.openWindow(page)
        case .openReport(let exercise):
            launches.openReport(exercise: exercise)
        case .readWeek(let span):
            if let read = WeekReads(store: store, logger: logger).read(span, timeZone: environment.timeZone()) { queued.append(read) }
        }
    }
}
