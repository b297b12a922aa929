import Glibc
import GymbellBus
import GymbellPlatform
import Logging

/// GNOME's screen lock: `org.gnome.ScreenSaver` `GetActive` and its `ActiveChanged` signal (the Shell's
/// lock screen). The freedesktop name is ScreenLockWatch's; GNOME's proxy of it says nothing.
final class GnomeScreenSaverLock: AttentionSource {
    static let busName = "org.gnome.ScreenSaver"
    static let path = "/org/gnome/ScreenSaver"

    let id = "org.gnome.ScreenSaver"
    let fact = AttentionFacts.Fact.locked
    var onChange: ((Bool) -> Void)?
    var onAsking: (() -> Void)?
    var matchRules: [String] { ["type='signal',interface='\(Self.busName)',member='ActiveChanged'"] }
    var busNames: [String] { [Self.busName] }

    private var asking: AttentionQuestion.Asking?
    private var toldWhileAsking = false

    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {
        stop()
        guard bus.nameHasOwner(Self.busName) else { return }
        toldWhileAsking = false
        onAsking?()
        let question = AttentionQuestion(
            destination: Self.busName, path: Self.path, interface: Self.busName, member: "GetActive", what: "GNOME's screen saver")
        asking = question.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            asking = nil
            if !toldWhileAsking { onChange?(reply?.first?.bool ?? false) }
        }
    }

    func vanished() { stop() }

    func stop() {
        asking?.cancel()
        asking = nil
    }

    func handle(_ signal: DBusSignal) {
        guard signal.interface == Self.busName, signal.member == "ActiveChanged", let locked = signal.arguments.first?.bool else { return }
        if asking != nil { toldWhileAsking = true }
        onChange?(locked)
    }
}

/// Away on GNOME: Mutter's idle monitor fires a watch after `awayAfter` without input (AddIdleWatch),
/// then one at the next input (AddUserActiveWatch, once). The watches belong to this connection, and
/// `WatchFired` comes to it alone; nothing polls.
final class MutterIdle: AttentionSource {
    static let busName = "org.gnome.Mutter.IdleMonitor"
    static let path = "/org/gnome/Mutter/IdleMonitor/Core"

    let id = "mutter idle monitor"
    let fact = AttentionFacts.Fact.away
    var onChange: ((Bool) -> Void)?
    var onAsking: (() -> Void)?
    var matchRules: [String] { ["type='signal',interface='\(Self.busName)',member='WatchFired'"] }
    var busNames: [String] { [Self.busName] }

    private var awayAfter: Double
    private weak var bus: DBusSignalListener?
    private var idleWatch: UInt32?
    private var activeWatch: UInt32?

    init(awayAfter: Double) { self.awayAfter = awayAfter }

    private var asking: AttentionQuestion.Asking?
    private var watching: AttentionQuestion.Asking?
    /// A watch fired while the idle time was asked: it is newer than the answer.
    private var firedWhileAsking = false

    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {
        stop()
        self.bus = bus
        activeWatch = nil
        idleWatch = nil
        guard bus.nameHasOwner(Self.busName) else { return }
        // Subscribed already to WatchFired; until the watch is made, whether the person is away is unknown.
        onAsking?()
        let question = AttentionQuestion(
            destination: Self.busName, path: Self.path, interface: Self.busName, member: "AddIdleWatch",
            arguments: [.uint64(UInt64(awayAfter * 1000))], what: "Mutter's idle monitor")
        watching = question.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            watching = nil
            idleWatch = reply?.first?.uint32
            if idleWatch == nil { logger.debug("Mutter's idle monitor took no idle watch") }
        }
        // Whether the person is away already is the idle time so far (a watch Mutter fires at once for
        // it may come before or after this answer).
        firedWhileAsking = false
        let idleTime = AttentionQuestion(
            destination: Self.busName, path: Self.path, interface: Self.busName, member: "GetIdletime", what: "Mutter's idle time")
        asking = idleTime.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            asking = nil
            guard !firedWhileAsking else { return }
            let idleMilliseconds = reply?.first?.uint64 ?? 0
            let away = Double(idleMilliseconds) >= self.awayAfter * 1000
            if away, activeWatch == nil { activeWatch = call("AddUserActiveWatch", []) }
            onChange?(away)
        }
    }

    func vanished() { stop() }

    func stop() {
        asking?.cancel()
        asking = nil
        watching?.cancel()
        watching = nil
    }

    func change(awayAfter seconds: Double, on bus: DBusSignalListener, logger: Logger) {
        guard seconds != awayAfter else { return }
        awayAfter = seconds
        if let idleWatch { _ = call("RemoveWatch", [.uint32(idleWatch)]) }
        // A user-active watch added meanwhile stays: it still says when the person is back.
        idleWatch = call("AddIdleWatch", [.uint64(UInt64(seconds * 1000))])
        logger.info("away after \(seconds) s without input", metadata: ["watch": "\(idleWatch.map(String.init) ?? "none")"])
    }

    func handle(_ signal: DBusSignal) {
        guard signal.member == "WatchFired", let fired = signal.arguments.first?.uint32 else { return }
        if fired == idleWatch || fired == activeWatch { firedWhileAsking = asking != nil }
        if fired == idleWatch {
            guard activeWatch == nil else { return }  // away already (its idle time said so)
            onChange?(true)
            activeWatch = call("AddUserActiveWatch", [])  // fires once, at the next input
        } else if fired == activeWatch {
            activeWatch = nil
            onChange?(false)
        }
    }

    private func call(_ member: String, _ arguments: [DBusValue]) -> UInt32? {
        try? bus?.call(
            destination: Self.busName, path: Self.path, interface: Self.busName, member: member, arguments: arguments,
            timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds
        ).first?.uint32
    }
}

/// logind's `LockedHint` of this login session (what lock screens set), on the system bus: read once,
/// then followed through `PropertiesChanged` on the session's object.
enum LogindLock {
    static let busName = "org.freedesktop.login1"
    static let interface = "org.freedesktop.login1.Session"

    /// The listener (nil without a system bus or a login session), after reporting the hint as it is.
    static func listen(
        loop: MainLoop, address: String?, logger: Logger, onAsking: @escaping () -> Void, onChange: @escaping (Bool) -> Void
    ) -> DBusSignalListener? {
        var toldWhileAsking = false
        var asking = false
        let listener: DBusSignalListener
        do {
            listener = try DBusSignalListener(loop: loop, bus: address.map { .address($0) } ?? .system, matchRules: []) { signal in
                guard signal.arguments.count >= 2, case .dictionary(let changed) = signal.arguments[1].unwrapped,
                      let locked = changed["LockedHint"]?.unwrapped.bool
                else { return }
                if asking { toldWhileAsking = true }
                onChange(locked)
            }
        } catch {
            logger.debug("no system bus for logind's lock hint: \(error)")
            return nil
        }
        guard listener.nameHasOwner(busName), let path = ownSession(listener) else {
            listener.close()
            return nil
        }
        do {
            // This session's object only: other sessions' changes wake nothing here.
            try listener.addMatchRule(
                "type='signal',sender='\(busName)',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',"
                    + "path='\(path)',arg0='\(interface)'")
        } catch {
            logger.debug("cannot follow logind's lock hint: \(error)")
            listener.close()
            return nil
        }
        asking = true
        onAsking()
        let question = AttentionQuestion(
            destination: busName, path: path, interface: "org.freedesktop.DBus.Properties", member: "Get",
            arguments: [.string(interface), .string("LockedHint")], what: "logind's LockedHint")
        question.ask(on: listener, loop: loop, logger: logger) { reply in
            asking = false
            if !toldWhileAsking { onChange(reply?.first?.unwrapped.bool ?? false) }
        }
        return listener
    }

    /// This process's login session, else the one `XDG_SESSION_ID` names (a user service has none of its own).
    private static func ownSession(_ bus: DBusSignalListener) -> String? {
        func call(_ member: String, _ argument: DBusValue) -> String? {
            guard let reply = try? bus.call(
                destination: busName, path: "/org/freedesktop/login1", interface: "org.freedesktop.login1.Manager", member: member,
                arguments: [argument], timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds
            ).first, case .objectPath(let path) = reply else { return nil }
            return path
        }
        if let path = call("GetSessionByPID", .uint32(UInt32(getpid()))) { return path }
        guard let id = getenv("XDG_SESSION_ID").map({ String(cString: $0) }), !id.isEmpty else { return nil }
        return call("GetSession", .string(id))
    }
}
