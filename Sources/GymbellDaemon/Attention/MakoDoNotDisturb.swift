import Glibc
import GymbellBus
import GymbellCore
import GymbellFormats
import GymbellPlatform
import Logging

/// mako's Do Not Disturb: a mode the person names (`makoctl mode -a do-not-disturb`) that hides what its
/// config file's sections say (`[mode=do-not-disturb]` `invisible=1`); MakoConfig decides what the
/// active modes mean for gymbell. mako 1.7.1 (Debian 12) tells nobody when its modes change: it has
/// `ListModes`, `SetMode`, `SetModes` and `Reload` on `fr.emersion.Mako`, no property, no signal. So
/// the bus tells: while mako is on the bus (as `org.freedesktop.Notifications`; the methods are on its
/// object `/fr/emersion/Mako`), a monitor connection (DBusMonitor) receives a copy of each
/// call of `SetMode`/`SetModes` (whose arguments are the new modes: makoctl sends the whole list) and
/// `Reload` (the file read again); nothing arrives, and nothing wakes, until someone calls them. mako
/// ≥ 1.10 has a `Modes` property announced by `PropertiesChanged`, followed too.
final class MakoDoNotDisturb: AttentionSource {
    /// mako owns no name of its own: its interface is on the notification server's object.
    static let busName = "org.freedesktop.Notifications"
    static let interface = "fr.emersion.Mako"
    static let path = "/fr/emersion/Mako"
    static let monitorRules = ["SetModes", "SetMode", "Reload"].map {
        "type='method_call',interface='\(interface)',path='\(path)',member='\($0)'"
    }

    let id = "mako modes"
    let fact = AttentionFacts.Fact.doNotDisturb
    var onChange: ((Bool) -> Void)?
    var onAsking: (() -> Void)?
    /// Whether a critical notice is still shown during its Do Not Disturb (nil: mako is gone).
    var onCriticalShown: ((Bool?) -> Void)?
    var matchRules: [String] {
        ["type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(Self.path)',arg0='\(Self.interface)'"]
    }
    var busNames: [String] { [Self.busName] }

    private let loop: MainLoop
    private let monitorBus: Bus
    private var monitor: DBusMonitor?
    private weak var bus: DBusSignalListener?
    private var logger: Logger?
    private var modes: [String] = []
    private var config = MakoConfig(parsing: "")

    init(loop: MainLoop, bus: Bus) {
        self.loop = loop
        monitorBus = bus
    }

    private var asking: AttentionQuestion.Asking?
    /// The monitor saw a call while ListModes was out: its modes are newer than the answer.
    private var toldWhileAsking = false
    private static let listModesQuestion = AttentionQuestion(
        destination: busName, path: path, interface: interface, member: "ListModes", what: "mako's modes")

    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {
        asking?.cancel()
        self.bus = bus
        self.logger = logger
        guard bus.nameHasOwner(Self.busName) else { return vanished() }
        onAsking?()
        asking = Self.listModesQuestion.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            asking = nil
            // Another server answers that it has no such object: then nothing is followed.
            guard case .stringArray = reply?.first else {
                vanished()
                onChange?(false)
                return
            }
            followCalls(logger: logger)
            // Read again now that its calls are followed: a mode set between the two is not lost.
            toldWhileAsking = false
            asking = Self.listModesQuestion.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
                guard let self else { return }
                asking = nil
                readConfig()
                if !toldWhileAsking, case .stringArray(let modes)? = reply?.first { self.modes = modes }
                logger.debug("mako's modes", metadata: ["modes": "\(self.modes)"])
                evaluate()
            }
        }
    }

    private func followCalls(logger: Logger) {
        guard monitor == nil else { return }
        do {
            monitor = try DBusMonitor(loop: loop, bus: monitorBus, matchRules: Self.monitorRules) { [weak self] call in
                self?.called(call)
            }
        } catch {
            logger.warning("cannot follow mako's modes (they are read when mako appears): \(error)")
        }
    }

    func vanished() {
        asking?.cancel()
        asking = nil
        monitor?.close()
        monitor = nil
        onCriticalShown?(nil)
    }

    func stop() { vanished() }

    func handle(_ signal: DBusSignal) {
        guard signal.member == "PropertiesChanged", signal.path == Self.path, signal.arguments.first?.string == Self.interface else { return }
        modes = listModes() ?? modes
        evaluate()
    }

    /// A copy of a call to mako (the monitor's).
    private func called(_ call: DBusSignal) {
        switch call.member {
        case "SetModes": if case .stringArray(let new) = call.arguments.first { modes = new }
        case "SetMode": if let new = call.arguments.first?.string { modes = [new] }
        case "Reload": readConfig()
        default: return
        }
        if asking != nil { toldWhileAsking = true }
        logger?.debug("mako's modes", metadata: ["modes": "\(modes)", "call": "\(call.member)"])
        evaluate()
    }

    private func evaluate() {
        let attention = config.attention(modes: modes)
        onCriticalShown?(attention.criticalShown)
        onChange?(attention.doNotDisturb)
    }

    private func listModes() -> [String]? {
        guard let reply = try? bus?.call(
            destination: Self.busName, path: Self.path, interface: Self.interface, member: "ListModes",
            timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds
        ).first, case .stringArray(let modes) = reply else { return nil }
        return modes
    }

    /// The file the running mako read: its `-c`/`--config`, else the first of `$HOME/.mako/config`,
    /// `$XDG_CONFIG_HOME/mako/config` (`~/.config`) in mako's own environment (config.c).
    private func readConfig() {
        let process = makoProcess()
        let path = MakoProcess.configPath(arguments: process.arguments, environment: process.environment) { path in
            BoundedFileReader.entryExists(atPath: path)
        }
        guard let path, let bytes = try? BoundedFileReader.read(path: path, limit: 1 << 20) else {
            config = MakoConfig(parsing: "")
            logger?.debug("mako has no config file: its modes hide nothing")
            return
        }
        config = MakoConfig(parsing: String(decoding: bytes, as: UTF8.self))
        logger?.debug("read mako's config", metadata: ["path": "\(path)"])
    }

    private func makoProcess() -> (arguments: [String], environment: [String: String]) {
        guard let pid = try? bus?.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetConnectionUnixProcessID", arguments: [.string(Self.busName)], timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds
        ).first?.uint32 else { return ([], MakoProcess.ownEnvironment()) }
        func fields(_ name: String) -> [String]? {
            guard let bytes = try? BoundedFileReader.read(path: "/proc/\(pid)/\(name)", limit: 1 << 20) else { return nil }
            return bytes.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
        }
        let environment = fields("environ").map(MakoProcess.environment) ?? MakoProcess.ownEnvironment()
        return (Array((fields("cmdline") ?? []).dropFirst()), environment)
    }
}

/// Where a mako process finds its config file (mako 1.7.1's config.c).
enum MakoProcess {
    static func configPath(arguments: [String], environment: [String: String], exists: (String) -> Bool) -> String? {
        var index = arguments.startIndex
        while index < arguments.endIndex {
            let argument = arguments[index]
            if argument == "-c" || argument == "--config", index + 1 < arguments.endIndex { return arguments[index + 1] }
            if argument.hasPrefix("--config=") { return String(argument.dropFirst("--config=".count)) }
            index += 1
        }
        guard let home = environment["HOME"], !home.isEmpty else { return nil }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        return [home + "/.mako/config", configHome + "/mako/config"].first(where: exists)
    }

    static func environment(_ entries: [String]) -> [String: String] {
        var environment: [String: String] = [:]
        for entry in entries {
            guard let equals = entry.firstIndex(of: "=") else { continue }
            environment[String(entry[..<equals])] = String(entry[entry.index(after: equals)...])
        }
        return environment
    }

    static func ownEnvironment() -> [String: String] {
        var entries: [String] = []
        var pointer = environ
        while let entry = pointer.pointee {
            entries.append(String(cString: entry))
            pointer += 1
        }
        return environment(entries)
    }
}
