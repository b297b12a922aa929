import GymbellBus
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
    var matchRules: [String] {
        ["type='signal',interface='org.freedesktop.DBus.Properties',member='PropertiesChanged',path='\(Self.path)'"]
    }
    var busNames: [String] { [Self.busName] }

    func start(on bus: DBusSignalListener, logger: Logger) {
        guard bus.nameHasOwner(Self.busName) else { return }  // asking would start one
        var on = false
        for (interface, property) in Self.properties {
            if let value = try? bus.call(
                destination: Self.busName, path: Self.path, interface: "org.freedesktop.DBus.Properties", member: "Get",
                arguments: [.string(interface), .string(property)], timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds
            ).first?.unwrapped.bool {
                on = on || value
            }
        }
        onChange?(on)
    }

    func handle(_ signal: DBusSignal) {
        guard signal.member == "PropertiesChanged", signal.path == Self.path, signal.arguments.count >= 2,
              let interface = signal.arguments[0].string, case .dictionary(let changed) = signal.arguments[1].unwrapped
        else { return }
        for (name, property) in Self.properties where name == interface {
            if let value = changed[property]?.unwrapped.bool { onChange?(value) }
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
    var matchRules: [String] {
        ["type='signal',interface='org.xfce.Xfconf',path='/org/xfce/Xfconf',arg0='\(Self.channel)',arg1='\(Self.property)'"]
    }
    var busNames: [String] { [Self.busName] }

    func start(on bus: DBusSignalListener, logger: Logger) {
        guard bus.nameHasOwner(Self.busName) else { return }  // asking would start xfconfd on any desktop
        let value = try? bus.call(
            destination: Self.busName, path: "/org/xfce/Xfconf", interface: "org.xfce.Xfconf", member: "GetProperty",
            arguments: [.string(Self.channel), .string(Self.property)], timeoutMilliseconds: AttentionWatch.askTimeoutMilliseconds)
        onChange?(value?.first?.unwrapped.bool ?? false)
    }

    func handle(_ signal: DBusSignal) {
        guard signal.interface == "org.xfce.Xfconf", signal.arguments.first?.string == Self.channel,
              signal.arguments.dropFirst().first?.string == Self.property
        else { return }
        switch signal.member {
        case "PropertyChanged": onChange?(signal.arguments.dropFirst(2).first?.unwrapped.bool ?? false)
        case "PropertyRemoved": onChange?(false)
        default: break
        }
    }
}
