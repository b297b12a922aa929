import CDBus
import GymbellPlatform

/// A signal as a `DBusSignalListener`'s handler sees it.
public struct DBusSignal: Equatable, Sendable {
    /// The emitter's unique bus name (`:1.42`), or `org.freedesktop.DBus` for the bus itself.
    public let sender: String
    public let path: String
    public let interface: String
    public let member: String
    public let arguments: [DBusValue]

    public init(sender: String, path: String, interface: String, member: String, arguments: [DBusValue]) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
    }
}

/// Receives the signals that match one D-Bus match rule, on the `MainLoop`.
///
/// A private libdbus connection of its own whose file descriptors, timeouts and dispatching are
/// sources on the GLib main loop (no reader thread). For logind's suspend notice, for example:
/// `bus: .system, matchRule: "type='signal',interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"`.
///
/// Signals whose arguments `DBusValue` cannot hold (structs, dictionaries, variants, object paths)
/// are dropped. Use it on the loop's thread only. `close()` (or releasing the listener) leaves the bus.
public final class DBusSignalListener {
    public let bus: Bus
    public private(set) var matchRules: [String]
    public var matchRule: String { matchRules.first ?? "" }

    let connection: BusConnection
    private let receiver: SignalReceiver
    private let integration: BusLoopIntegration

    /// Connects to `bus`, asks it for the signals that match `matchRule` and hooks the connection
    /// into `loop`.
    ///
    /// - Parameter handler: called on the loop for each matching signal, in the middle of libdbus's
    ///   dispatch; it may close the listener.
    /// - Throws: a `DBusError` naming the bus and its address when there is no bus to connect to
    ///   (no system bus in a container, for one), and the bus's `MatchRuleInvalid` for a bad rule.
    public convenience init(
        loop: MainLoop, bus: Bus, matchRule: String, handler: @escaping (DBusSignal) -> Void
    ) throws(DBusError) {
        try self.init(loop: loop, bus: bus, matchRules: [matchRule], handler: handler)
    }

    /// One connection for the signals of several rules (a signal matching any of them is handled once).
    public init(
        loop: MainLoop, bus: Bus, matchRules: [String], handler: @escaping (DBusSignal) -> Void
    ) throws(DBusError) {
        var rules: [SignalMatchRule] = []
        for text in matchRules { rules.append(try SignalMatchRule(parsing: text)) }
        let address = try bus.resolvedAddress()
        do {
            connection = try BusConnection(address: address)
        } catch {
            throw DBusError(name: error.name, message: "Cannot connect to the \(bus) (\(address)): \(error.message)")
        }
        self.bus = bus
        self.matchRules = matchRules
        receiver = SignalReceiver(loop: loop, connection: connection, rules: rules, handler: handler)
        integration = BusLoopIntegration(loop: loop, connection: connection)
        do {
            try receiver.attach()
            try addMatch()
            // Last: delivers what arrived during the blocking calls above, filtered by the rule.
            try integration.install()
        } catch {
            close()
            throw error
        }
    }

    deinit {
        close()
    }

    /// Follows the signals of one more rule from now on (for a rule that names what was learned
    /// through this connection: an object path).
    public func addMatchRule(_ matchRule: String) throws(DBusError) {
        let rule = try SignalMatchRule(parsing: matchRule)
        try addMatch([matchRule])
        matchRules.append(matchRule)
        receiver.rules.append(rule)
    }

    private func addMatch() throws(DBusError) { try addMatch(matchRules) }

    private func addMatch(_ matchRules: [String]) throws(DBusError) {
        for matchRule in matchRules {
            do {
                try DBusError.catching { dbus_bus_add_match(connection.pointer, matchRule, $0) }
            } catch {
                throw DBusError(name: error.name, message: "The \(bus) refused the match rule \(matchRule): \(error.message)")
            }
        }
    }

    /// Calls a method from this listener's connection and waits for its reply, as `DBusClient.call`: for
    /// what the other side ties to the caller's connection (an idle watch whose signal comes back here,
    /// an inhibitor that ends when this connection closes). Blocking: keep `timeoutMilliseconds` short.
    public func call(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [],
        timeoutMilliseconds: Int
    ) throws(DBusError) -> [DBusValue] {
        try connection.call(
            destination: destination, path: path, interface: interface, member: member, arguments: arguments,
            timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Whether someone owns `name` on the bus right now (asking never starts a service).
    public func nameHasOwner(_ name: String) -> Bool { connection.nameHasOwner(name) }

    /// Called on the loop once, soon after the bus connection was lost (the bus daemon exited).
    /// The listener is dead then: create a new one to listen again.
    public var onDisconnect: (() -> Void)? {
        get { receiver.onDisconnect }
        set { receiver.onDisconnect = newValue }
    }

    /// This connection's unique name on the bus (`:1.42`).
    public var uniqueName: String { connection.uniqueName }

    public var isConnected: Bool { connection.isConnected }

    /// Leaves the bus: removes the filter and the loop sources, closes the connection.
    /// No handler or `onDisconnect` call follows. Closing twice does nothing.
    public func close() {
        guard connection.isOpen else { return }
        receiver.detach()
        integration.uninstall()
        connection.close()
    }
}

// MARK: - The connection filter

/// Hands matching signals to the handler and reports the loss of the bus.
/// libdbus holds it (retained) while the filter is installed.
private final class SignalReceiver {
    let loop: MainLoop
    let connection: BusConnection
    var rules: [SignalMatchRule]
    let handler: (DBusSignal) -> Void
    var onDisconnect: (() -> Void)?
    private var isAttached = false

    init(loop: MainLoop, connection: BusConnection, rules: [SignalMatchRule], handler: @escaping (DBusSignal) -> Void) {
        self.loop = loop
        self.connection = connection
        self.rules = rules
        self.handler = handler
    }

    func attach() throws(DBusError) {
        let data = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_add_filter(connection.pointer, receiverFilter, data, receiverRelease) != 0 else {
            Unmanaged<SignalReceiver>.fromOpaque(data).release()
            throw .failed("Could not add a message filter")
        }
        isAttached = true
    }

    /// Undoes `attach()`; libdbus releases its reference once no dispatch uses the filter.
    func detach() {
        guard isAttached else { return }
        isAttached = false
        dbus_connection_remove_filter(connection.pointer, receiverFilter, Unmanaged.passUnretained(self).toOpaque())
    }

    func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        guard isAttached, dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_SIGNAL else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        if dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected") != 0 {
            // Later, so that the callback may release the listener outside this dispatch.
            loop.idle { [weak self] in
                guard let self, self.isAttached else { return }
                self.onDisconnect?()
            }
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        // The bus also sends what is addressed to this connection (NameAcquired): check the rule here too.
        guard let arguments = try? DBusBodyDecoding.arguments(of: message) else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let signal = DBusSignal(
            sender: DBusMessageCoding.sender(of: message) ?? "",
            path: DBusMessageCoding.path(of: message) ?? "",
            interface: DBusMessageCoding.interface(of: message) ?? "",
            member: DBusMessageCoding.member(of: message) ?? "",
            arguments: arguments)
        let destination = dbus_message_get_destination(message).map { String(cString: $0) }
        if rules.contains(where: { $0.matches(signal, destination: destination) }) {
            handler(signal)
        }
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }
}

private func receiverFilter(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ data: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    Unmanaged<SignalReceiver>.fromOpaque(data!).takeUnretainedValue().filter(message!)
}

private func receiverRelease(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<SignalReceiver>.fromOpaque(data!).release()
}
