import CDBus
import Glibc
import GymbellPlatform

public enum DBusServiceError: Error, Equatable, Sendable, CustomStringConvertible {
    /// No bus to talk to (no session bus, socket refused, authentication failed).
    case cannotConnect(DBusError)
    /// Another connection owns the well-known name: another instance is running.
    case nameTaken(String)
    /// The bus refused something else during start-up (a reserved name, an invalid path).
    case setupFailed(DBusError)

    public var description: String {
        switch self {
        case .cannotConnect(let error): "Cannot connect to D-Bus: \(error)"
        case .nameTaken(let name): "The D-Bus name \(name) is already taken; is another instance running?"
        case .setupFailed(let error): "D-Bus setup failed: \(error)"
        }
    }
}

/// One D-Bus object on a bus, served from the `MainLoop`.
///
/// A private libdbus connection whose file descriptors, timeouts and dispatching are sources on
/// the GLib main loop (no reader thread), that owns a well-known name and answers every method
/// call on one object path through `handler`. It answers `Introspectable.Introspect` itself;
/// libdbus answers `Peer.Ping` and `Peer.GetMachineId` before any handler sees them.
/// Callers running as another Unix user get `AccessDenied`.
///
/// Use it on the loop's thread only. `close()` (or releasing the service) leaves the bus.
public final class DBusService {
    public let name: String
    public let objectPath: String

    private let connection: BusConnection
    private let router: MessageRouter
    private let integration: BusLoopIntegration

    /// Connects, registers `objectPath`, hooks the connection into `loop` and requests `name` (with
    /// `requestingName: false`, the caller requests it later with `requestName()`: the daemon connects
    /// while its state is still being read, and offers its name once it can answer).
    ///
    /// - Parameters:
    ///   - address: a bus address; nil for the session bus.
    ///   - introspectionXML: returned by `Introspect`, evaluated at the first one; the Introspectable
    ///     and Peer interfaces are added when the document lacks them.
    ///   - handler: called on the loop for every method call on `objectPath` from the same user,
    ///     in the middle of libdbus's dispatch: to close the service from it, use `loop.idle`.
    /// - Throws: `.nameTaken(name)` when another connection owns `name` (the request does not queue).
    public convenience init(
        loop: MainLoop,
        address: String? = nil,
        name: String,
        objectPath: String,
        introspectionXML: @escaping @autoclosure () -> String,
        requestingName: Bool = true,
        handler: @escaping (DBusMethodCall) -> DBusReply
    ) throws(DBusServiceError) {
        try self.init(
            loop: loop, connection: try Self.connect(address: address), name: name, objectPath: objectPath,
            introspectionXML: introspectionXML(), requestingName: requestingName, handler: handler)
    }

    /// A connection to the bus made ahead, on any thread (`connect`), for a service to serve later
    /// on the loop's thread. The daemon connects on its starting thread while its main thread reads
    /// the state database.
    public final class Connection: @unchecked Sendable {
        fileprivate let bus: BusConnection
        fileprivate init(_ bus: BusConnection) { self.bus = bus }
    }

    /// Connects to the bus at `address` (nil: the session bus) and says Hello; blocks until it has.
    public static func connect(address: String? = nil) throws(DBusServiceError) -> Connection {
        do {
            return Connection(try BusConnection(address: address))
        } catch {
            throw .cannotConnect(error)
        }
    }

    /// As the other `init`, on a connection made ahead with `connect`.
    public init(
        loop: MainLoop,
        connection made: Connection,
        name: String,
        objectPath: String,
        introspectionXML: @escaping @autoclosure () -> String,
        requestingName: Bool = true,
        handler: @escaping (DBusMethodCall) -> DBusReply
    ) throws(DBusServiceError) {
        do {
            try DBusNames.validate(busName: name)
            try DBusNames.validate(path: objectPath)
        } catch {
            throw .setupFailed(error)
        }
        connection = made.bus
        self.name = name
        self.objectPath = objectPath
        router = MessageRouter(
            loop: loop, connection: connection, objectPath: objectPath,
            introspectionXML: { Self.addingStandardInterfaces(to: introspectionXML()) }, handler: handler)
        integration = BusLoopIntegration(loop: loop, connection: connection)
        do {
            try start()
            if requestingName { try requestName() }
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    private func start() throws(DBusServiceError) {
        do {
            try router.attach()
            try integration.install()
        } catch {
            throw .setupFailed(error)
        }
    }

    /// Requests `name` (done by `init` unless told otherwise). Method calls are answered from the
    /// loop, so none reaches `handler` before the loop runs.
    /// - Throws: `.nameTaken(name)` when another connection owns it (the request does not queue).
    public func requestName() throws(DBusServiceError) {
        let result: Int32
        do {
            result = try DBusError.catching { error in
                dbus_bus_request_name(connection.pointer, name, UInt32(DBUS_NAME_FLAG_DO_NOT_QUEUE), error)
            }
        } catch {
            throw .setupFailed(error)
        }
        switch result {
        case DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER, DBUS_REQUEST_NAME_REPLY_ALREADY_OWNER:
            return
        default:  // EXISTS (or IN_QUEUE, which DO_NOT_QUEUE rules out)
            throw .nameTaken(name)
        }
    }

    /// Called on the loop once, soon after the bus connection was lost (the bus daemon exited).
    /// The service is dead then: create a new one to reconnect.
    public var onDisconnect: (() -> Void)? {
        get { router.onDisconnect }
        set { router.onDisconnect = newValue }
    }

    /// This connection's unique name on the bus (`:1.42`).
    public var uniqueName: String { connection.uniqueName }

    public var isConnected: Bool { connection.isConnected }

    /// Broadcasts a signal from `objectPath`.
    public func emitSignal(interface: String, member: String, arguments: [DBusValue] = []) throws(DBusError) {
        guard connection.isConnected else {
            throw DBusError(name: DBusError.disconnected, message: "Not connected to the bus")
        }
        let message = try DBusMessageCoding.signal(path: objectPath, interface: interface, member: member)
        defer { dbus_message_unref(message) }
        try DBusBodyEncoding.append(arguments, to: message)
        guard dbus_connection_send(connection.pointer, message, nil) != 0 else {
            throw .failed("Could not queue signal \(interface).\(member)")
        }
    }

    /// Calls `handler` on the loop each time the owner of `busName` changes, with the new owner's
    /// unique name, or nil when the name was released (its owner exited).
    public func watchNameOwner(_ busName: String, _ handler: @escaping (String?) -> Void) throws(DBusError) {
        try DBusNames.validate(busName: busName)
        if router.nameOwnerWatchers[busName] == nil {
            let rule = "type='signal',sender='\(DBUS_SERVICE_DBUS)',path='\(DBUS_PATH_DBUS)',"
                + "interface='\(DBUS_INTERFACE_DBUS)',member='NameOwnerChanged',arg0='\(busName)'"
            try DBusError.catching { dbus_bus_add_match(connection.pointer, rule, $0) }
        }
        router.nameOwnerWatchers[busName, default: []].append(handler)
    }

    /// Leaves the bus: unregisters the object, removes the loop sources, closes the connection.
    public func close() {
        guard connection.isOpen else { return }
        router.detach()
        integration.uninstall()
        connection.close()
    }

    static func addingStandardInterfaces(to xml: String) -> String {
        var missing = ""
        if !xml.contains("\"\(DBUS_INTERFACE_INTROSPECTABLE)\"") {
            missing += """
                  <interface name="\(DBUS_INTERFACE_INTROSPECTABLE)">
                    <method name="Introspect">
                      <arg name="xml_data" type="s" direction="out"/>
                    </method>
                  </interface>

                """
        }
        if !xml.contains("\"\(DBUS_INTERFACE_PEER)\"") {
            missing += """
                  <interface name="\(DBUS_INTERFACE_PEER)">
                    <method name="Ping"/>
                    <method name="GetMachineId">
                      <arg name="machine_uuid" type="s" direction="out"/>
                    </method>
                  </interface>

                """
        }
        guard !missing.isEmpty, let end = xml.indices.last(where: { xml[$0...].hasPrefix("</node>") }) else { return xml }
        var completed = xml
        completed.insert(contentsOf: missing, at: end)
        return completed
    }
}
