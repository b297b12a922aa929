import GymbellBus
import GymbellCore
import GymbellPlatform
import Logging

/// What the desktop tells of the person: Do Not Disturb, a locked screen, away (issue 31). Told, not
/// polled: every source is a signal on the session or system bus (or GSettings, itself told by dconf's
/// signal; or, for away without Mutter, the display server's alarms: DisplayServerAway), asked at start-up and when its
/// service appears — subscribed first, then asked without waiting, and asked again while no answer
/// comes (AttentionQuestion); until it answers, its fact is unknown, and the daemon tells the engine
/// so (issue 50: under load an answer came too late and counted as "off"). One session-bus connection carries
/// all the session's signals, the idle watches and the screen keeper's inhibitor. Decides nothing: the
/// sources of one fact are or-ed (`AttentionFacts`) and each change goes to the daemon as an event.
final class AttentionWatch {
    /// A blocking call that is not a start-up read (an idle watch moved, mako ≥ 1.10's modes after its
    /// signal, the session's path at logind) answers at once or is taken as no answer.
    static let askTimeoutMilliseconds = 250

    let listener: DBusSignalListener
    private let logger: Logger
    private var facts = AttentionFacts()
    private let report: (AttentionFacts.Fact, Bool) -> Void
    private let reportUnknown: (Set<AttentionFacts.Fact>) -> Void
    /// Whether the server's Do Not Disturb still shows a critical notice, where its config says (mako).
    private let criticalShown: (Bool?) -> Void
    private var sources: [any AttentionSource] = []
    private var systemListener: DBusSignalListener?
    private var gnomeBanners: SettingWatch?
    private var displayServerAway: DisplayServerAway?

    /// Connects, asks every source now (before the daemon's first look at the agenda, so that a restart
    /// keeps held what is held) and follows them. `report`: a fact changed (dnd, locked, away);
    /// `criticalShown`: whether the server's Do Not Disturb still shows a critical notice, where its
    /// config says so (mako; nil: as the server's kind does).
    init(
        loop: MainLoop, names: DBusService, awayAfter: Double, address: String? = nil, systemAddress: String? = nil, logger: Logger,
        criticalShown: @escaping (Bool?) -> Void, unknown: @escaping (Set<AttentionFacts.Fact>) -> Void = { _ in },
        report: @escaping (AttentionFacts.Fact, Bool) -> Void
    ) throws(DBusError) {
        self.logger = logger
        self.report = report
        self.reportUnknown = unknown
        self.criticalShown = criticalShown
        let bus: Bus = address.map { .address($0) } ?? .session
        let mako = MakoDoNotDisturb(loop: loop, bus: bus)
        let sources: [any AttentionSource] = [
            NotificationsDoNotDisturb(), XfconfDoNotDisturb(), mako, GnomeScreenSaverLock(), MutterIdle(awayAfter: awayAfter),
        ]
        var forward: ((DBusSignal) -> Void)?
        listener = try DBusSignalListener(
            loop: loop, bus: bus, matchRules: sources.flatMap(\.matchRules)
        ) { signal in forward?(signal) }
        self.sources = sources
        forward = { [weak self] signal in self?.route(signal) }
        mako.onCriticalShown = criticalShown
        // Away without Mutter's monitor: the compositor's or the X server's alarms. Its name watched before
        // the sources' own watches, so that when the monitor leaves, the alarms say "away" before the monitor's "not".
        let away = DisplayServerAway(loop: loop, awayAfter: awayAfter, logger: logger) { [weak self] source, away in
            self?.set(.away, source, away)
        }
        displayServerAway = away
        away.choose(mutterIdleMonitor: listener.nameHasOwner(MutterIdle.busName))
        try names.watchNameOwner(MutterIdle.busName) { [weak away] owner in away?.choose(mutterIdleMonitor: owner != nil) }
        for source in sources {
            source.onChange = { [weak self, weak source] value in
                guard let self, let source else { return }
                self.set(source.fact, source.id, value)
            }
            source.onAsking = { [weak self, weak source] in
                guard let self, let source else { return }
                self.asking(source.fact, source.id)
            }
            source.start(on: listener, loop: loop, logger: logger)
            for name in source.busNames {
                try names.watchNameOwner(name) { [weak self, weak source] owner in
                    guard let self, let source else { return }
                    if owner == nil {
                        source.vanished()
                        self.set(source.fact, source.id, false)
                    } else { source.start(on: self.listener, loop: loop, logger: self.logger) }
                }
            }
        }
        // GNOME's Do Not Disturb is a setting: banners off.
        gnomeBanners = SettingWatch(schema: "org.gnome.desktop.notifications", key: "show-banners") { [weak self] shown in
            self?.set(.doNotDisturb, "gnome show-banners", !shown)
        }
        if let gnomeBanners { set(.doNotDisturb, "gnome show-banners", !gnomeBanners.value) }
        systemListener = LogindLock.listen(
            loop: loop, address: systemAddress, logger: logger, onAsking: { [weak self] in self?.asking(.locked, "logind") }
        ) { [weak self] locked in
            self?.set(.locked, "logind", locked)
        }
    }

    /// `[attention] away_after` changed (a reload): the idle watch is made anew.
    func awayAfterChanged(_ seconds: Double) {
        for case let idle as MutterIdle in sources { idle.change(awayAfter: seconds, on: listener, logger: logger) }
        displayServerAway?.change(awayAfter: seconds)
    }

    /// The freedesktop screen locker (ScreenLockWatch) reports here too.
    func screenSaverChanged(_ locked: Bool) { set(.locked, ScreenLockWatch.busName, locked) }

    /// … and that it asked the locker and waits for its answer.
    func screenSaverAsking() { asking(.locked, ScreenLockWatch.busName) }

    private func route(_ signal: DBusSignal) {
        for source in sources { source.handle(signal) }
    }

    private func set(_ fact: AttentionFacts.Fact, _ source: String, _ value: Bool) {
        logger.debug("attention source", metadata: ["source": "\(source)", "fact": "\(fact)", "value": "\(value)"])
        let unknownBefore = facts.unknownFacts
        let combined = facts.set(fact, from: source, value)
        // The value first: the engine then sees the fact known with its value at once.
        if let combined { report(fact, combined) }
        if facts.unknownFacts != unknownBefore { reportUnknown(facts.unknownFacts) }
    }

    private func asking(_ fact: AttentionFacts.Fact, _ source: String) {
        logger.debug("attention source asked", metadata: ["source": "\(source)", "fact": "\(fact)"])
        let unknownBefore = facts.unknownFacts
        facts.asking(fact, from: source)
        if facts.unknownFacts != unknownBefore { reportUnknown(facts.unknownFacts) }
    }

    func close() {
        listener.close()
        systemListener?.close()
        gnomeBanners?.cancel()
        displayServerAway?.close()
        for source in sources { source.stop() }
    }
}

/// The facts as several sources tell them: a fact holds while any source says so.
struct AttentionFacts {
    enum Fact: String { case doNotDisturb, locked, away }

    /// What the engine calls each fact (HoldReason).
    static func reason(_ fact: Fact) -> HoldReason {
        switch fact {
        case .doNotDisturb: .doNotDisturb
        case .locked: .screenLocked
        case .away: .away
        }
    }

    private var bySource: [Fact: [String: Bool]] = [:]
    /// The sources asked that have not answered yet, by fact.
    private var unanswered: [Fact: Set<String>] = [:]

    /// Records one source's value (an answer, or a change it told); the fact's new combined value when
    /// it changed, else nil.
    mutating func set(_ fact: Fact, from source: String, _ value: Bool) -> Bool? {
        unanswered[fact]?.remove(source)
        let before = holds(fact)
        bySource[fact, default: [:]][source] = value
        let after = holds(fact)
        return before == after ? nil : after
    }

    /// `source` was asked and has not answered: the fact is unknown until it does (its earlier value,
    /// from before its service came again, no longer counts).
    mutating func asking(_ fact: Fact, from source: String) {
        unanswered[fact, default: []].insert(source)
    }

    /// The facts some source has not answered yet.
    var unknownFacts: Set<Fact> { Set(unanswered.filter { !$0.value.isEmpty }.keys) }

    func holds(_ fact: Fact) -> Bool { bySource[fact]?.values.contains(true) ?? false }
}

/// One source of a fact on the session bus.
protocol AttentionSource: AnyObject {
    /// Names this source in the log and in `AttentionFacts`.
    var id: String { get }
    var fact: AttentionFacts.Fact { get }
    /// The signals it follows.
    var matchRules: [String] { get }
    /// The services whose coming and going it follows (asked again when one appears).
    var busNames: [String] { get }
    var onChange: ((Bool) -> Void)? { get set }
    /// It asked its service and waits for the answer (an `onChange` follows, answered or given up).
    var onAsking: (() -> Void)? { get set }
    /// Asks the service now, without waiting (and sets up what it needs: idle watches), through `bus`.
    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger)
    func handle(_ signal: DBusSignal)
    /// Its service left the bus.
    func vanished()
    func stop()
}

extension AttentionSource {
    var matchRules: [String] { [] }
    var busNames: [String] { [] }
    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {}
    func handle(_ signal: DBusSignal) {}
    func vanished() {}
    func stop() {}
}

extension DBusValue {
    /// The value inside any variants.
    var unwrapped: DBusValue {
        if case .variant(let inner) = self { inner.unwrapped } else { self }
    }
}
