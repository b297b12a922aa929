import CDBus
import GymbellPlatform

/// Copies of the method calls that match its rules, as the bus routes them to someone else: a
/// connection of its own made a monitor (`org.freedesktop.DBus.Monitoring.BecomeMonitor`, dbus-daemon
/// ≥ 1.9.10 and dbus-broker, for a connection of the bus's own user). For a service that says nothing
/// when its state changes but is changed only through its methods (mako 1.7's modes): the bus sends
/// nothing until someone calls them, so nothing wakes meanwhile.
///
/// A monitor may send nothing (the bus drops it if it does): every message it receives is taken here,
/// so that libdbus never answers a copied call ("unknown method") in its name. The handler gets the
/// call as a `DBusSignal` (sender, path, interface, member, arguments), on the loop; calls whose
/// arguments `DBusValue` cannot hold are dropped.
public final class DBusMonitor {
    private let connection: BusConnection
    private let receiver: MonitorReceiver
    private let integration: BusLoopIntegration

    /// - Throws: the bus's error when it refuses to make this connection a monitor (another user's
    ///   bus, a policy), or when there is no bus.
    public init(loop: MainLoop, bus: Bus, matchRules: [String], handler: @escaping (DBusSignal) -> Void) throws(DBusError) {
        connection = try BusConnection(address: try bus.resolvedAddress())
        receiver = MonitorReceiver(loop: loop, handler: handler)
        integration = BusLoopIntegration(loop: loop, connection: connection)
        do throws(DBusError) {
            _ = try connection.call(
                destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus.Monitoring",
                member: "BecomeMonitor", arguments: [.stringArray(matchRules), .uint32(0)], timeoutMilliseconds: 1000)
            let data = Unmanaged.passRetained(receiver).toOpaque()
            guard dbus_connection_add_filter(connection.pointer, monitorFilter, data, monitorRelease) != 0 else {
                Unmanaged<MonitorReceiver>.fromOpaque(data).release()
                throw DBusError.failed("Could not add a message filter")
            }
            receiver.isAttached = true
            try integration.install()
        } catch {
            close()
            throw error
        }
    }

    deinit { close() }

    /// Called on the loop once, soon after the bus connection was lost.
    public var onDisconnect: (() -> Void)? {
        get { receiver.onDisconnect }
        set { receiver.onDisconnect = newValue }
    }

    /// Leaves the bus. No handler call follows. Closing twice does nothing.
    public func close() {
        guard connection.isOpen else { return }
        if receiver.isAttached {
            receiver.isAttached = false
            dbus_connection_remove_filter(connection.pointer, monitorFilter, Unmanaged.passUnretained(receiver).toOpaque())
        }
        integration.uninstall()
        connection.close()
    }
}

private final class MonitorReceiver {
    let loop: MainLoop
    let handler: (DBusSignal) -> Void
    var onDisconnect: (() -> Void)?
    var isAttached = false

    init(loop: MainLoop, handler: @escaping (DBusSignal) -> Void) {
        self.loop = loop
        self.handler = handler
    }

    func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        guard isAttached else { return DBUS_HANDLER_RESULT_HANDLED }
        if dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected") != 0 {
            loop.idle { [weak self] in
                guard let self, self.isAttached else { return }
                self.onDisconnect?()
            }
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL,
              let arguments = try? DBusBodyDecoding.arguments(of: message)
        else { return DBUS_HANDLER_RESULT_HANDLED }  // the bus's NameLost for this connection, ...
        handler(DBusSignal(
            sender: DBusMessageCoding.sender(of: message) ?? "", path: DBusMessageCoding.path(of: message) ?? "",
            interface: DBusMessageCoding.interface(of: message) ?? "", member: DBusMessageCoding.member(of: message) ?? "",
            arguments: arguments))
        return DBUS_HANDLER_RESULT_HANDLED
    }
}

private func monitorFilter(_ connection: OpaquePointer?, _ message: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> DBusHandlerResult {
    Unmanaged<MonitorReceiver>.fromOpaque(data!).takeUnretainedValue().filter(message!)
}

private func monitorRelease(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<MonitorReceiver>.fromOpaque(data!).release()
}
