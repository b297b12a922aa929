import GymbellBus
import GymbellPlatform
import Logging

/// Do Not Disturb as the notification server itself has it, as a property of its object
/// `/org/freedesktop/Notifications` announced by `PropertiesChanged`: Plasma's `Inhibited` on
/// `org.freedesktop.Notifications`, dunst's `paused` on `org.dunstproject.cmd0` (`dunstctl set-paused`).
final class NotificationsDoNotDisturb: AttentionSource {
    static let busName = "org.freedesktop.Notifications"
    static let path = "/org/freedesktop/Notifications"
    /// (interface, property) pairs that mean "Do Not Disturb".
    static let properties = [("org.freedesktop.Notifications", "Inhibited"), ("org.dunstproject.cmd0", "paused")]

    let id = "notification server"
    let fact = AttentionFacts.Fact.doNotDisturb
    var onChange: ((Bool) -> Void)?
    var onAsking: (() -> Void)?
    var matchRules: [String] {
        ["type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(Self.path)'"]
    }
    var busNames: [String] { [Self.busName] }

    /// What each property last said (a Get's answer or a change), by property; the fact is their "or".
    private var values: [String: Bool] = [:]
    private var asking: [AttentionQuestion.Asking] = []

    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {
        stop()
        guard bus.nameHasOwner(Self.busName) else { return }  // asking would start one
        // Subscribed already (the listener's rules): a change while asking is told by its signal.
        values = [:]
        var unanswered = Set(Self.properties.map(\.1))
        onAsking?()
        for (interface, property) in Self.properties {
            let question = AttentionQuestion(
                destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string(interface), .string(property)], what: "the notification server's \(property)")
            asking.append(question.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
                guard let self else { return }
                unanswered.remove(property)
                if values[property] == nil { values[property] = reply?.first?.unwrapped.bool ?? false }
                if unanswered.isEmpty { onChange?(values.values.contains(true)) }
            })
        }
    }

    func vanished() { stop() }

    func stop() {
        for one in asking { one.cancel() }
        asking = []
    }

    func handle(_ signal: DBusSignal) {
        guard signal.member == "PropertiesChanged", signal.path == Self.path, signal.arguments.count >= 2,
              let interface = signal.arguments[0].string, case .dictionary(let changed) = signal.arguments[1].unwrapped
        else { return }
        for (name, property) in Self.properties where name == interface {
            if let value = changed[property]?.unwrapped.bool {
                values[property] = value
                onChange?(values.values.contains(true))
            }
        }
    }
}

/// xfce4-notifyd's Do Not Disturb: `/do-not-disturb` in its Xfconf channel, announced by
/// `org.xfce.Xfconf` `PropertyChanged` / `PropertyRemoved` (`xfconf-query -c xfce4-notifyd -p /do-not-disturb -s true`).
final class XfconfDoNotDisturb: AttentionSource {
    static let busName = "org.xfce.Xfconf"
    static let channel = "xfce4-notifyd"
    static let property = "/do-not-disturb"

    let id = "xfconf"
    let fact = AttentionFacts.Fact.doNotDisturb
    var onChange: ((Bool) -> Void)?
    var onAsking: (() -> Void)?
    var matchRules: [String] {
        ["type='signal',interface='org.xfce.Xfconf',path='/org/xfce/Xfconf',arg0='\(Self.channel)',arg1='\(Self.property)'"]
    }
    var busNames: [String] { [Self.busName] }

    private var asking: AttentionQuestion.Asking?
    /// A change was told while the question was out: it is newer than the answer.
    private var toldWhileAsking = false

    func start(on bus: DBusSignalListener, loop: MainLoop, logger: Logger) {
        stop()
        guard bus.nameHasOwner(Self.busName) else { return }  // asking would start xfconfd on any desktop
        toldWhileAsking = false
        onAsking?()
        let question = AttentionQuestion(
            destination: Self.busName, path: "/org/xfce/Xfconf", interface: "org.xfce.Xfconf", member: "GetProperty",
            arguments: [.string(Self.channel), .string(Self.property)], what: "xfconf's \(Self.channel) \(Self.property)")
        asking = question.ask(on: bus, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            asking = nil
            if !toldWhileAsking { onChange?(reply?.first?.unwrapped.bool ?? false) }
        }
    }

    func vanished() { stop() }

    func stop() {
        asking?.cancel()
        asking = nil
    }

    func handle(_ signal: DBusSignal) {
        guard signal.interface == "org.xfce.Xfconf", signal.arguments.first?.string == Self.channel,
              signal.arguments.dropFirst().first?.string == Self.property
        else { return }
        switch signal.member {
        case "PropertyChanged": onChange?(signal.arguments.dropFirst(2).first?.unwrapped.bool ?? false)
        case "PropertyRemoved": onChange?(false)
        default: return
        }
        if asking != nil { toldWhileAsking = true }
    }
}
