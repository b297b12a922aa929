import CDBus
import Glibc

/// A method call on the service's object, as its handler sees it.
public struct DBusMethodCall: Equatable, Sendable {
    /// The caller's unique bus name (`:1.42`).
    public let sender: String
    public let path: String
    /// Empty when the caller left the optional interface field out.
    public let interface: String
    public let member: String
    /// The body's D-Bus signature, e.g. `"u"` or `"sas"`.
    public let signature: String
    public let arguments: [DBusValue]

    public init(
        sender: String, path: String, interface: String, member: String, signature: String,
        arguments: [DBusValue]
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = signature
        self.arguments = arguments
    }
}

/// What a handler answers to a method call.
public enum DBusReply: Equatable, Sendable {
    case values([DBusValue])
    case error(DBusError)

    public static let empty = DBusReply.values([])

    public static func unknownMethod(_ call: DBusMethodCall) -> DBusReply {
        .error(DBusError(
            name: DBusError.unknownMethod,
            message: "No method \(call.interface).\(call.member) with signature '\(call.signature)'"))
    }
}

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

    /// Connects, registers `objectPath`, hooks the connection into `loop` and requests `name`.
    ///
    /// - Parameters:
    ///   - address: a bus address; nil for the session bus.
    ///   - introspectionXML: returned by `Introspect`; the Introspectable and Peer interfaces are
    ///     added when the document lacks them.
    ///   - handler: called on the loop for every method call on `objectPath` from the same user,
    ///     in the middle of libdbus's dispatch: to close the service from it, use `loop.idle`.
    /// - Throws: `.nameTaken(name)` when another connection owns `name` (the request does not queue).
    public init(
        loop: MainLoop,
        address: String? = nil,
        name: String,
        objectPath: String,
        introspectionXML: String,
        handler: @escaping (DBusMethodCall) -> DBusReply
    ) throws(DBusServiceError) {
        do {
            try DBusMessageCoding.validate(busName: name)
            try DBusMessageCoding.validate(path: objectPath)
        } catch {
            throw .setupFailed(error)
        }
        do {
            connection = try BusConnection(address: address)
        } catch {
            throw .cannotConnect(error)
        }
        self.name = name
        self.objectPath = objectPath
        router = MessageRouter(
            loop: loop, connection: connection, objectPath: objectPath,
            introspectionXML: Self.addingStandardInterfaces(to: introspectionXML), handler: handler)
        integration = BusLoopIntegration(loop: loop, connection: connection)
        do {
            try start()
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
        try requestName()
    }

    private func requestName() throws(DBusServiceError) {
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
        try DBusMessageCoding.append(arguments, to: message)
        guard dbus_connection_send(connection.pointer, message, nil) != 0 else {
            throw .failed("Could not queue signal \(interface).\(member)")
        }
    }

    /// Calls `handler` on the loop each time the owner of `busName` changes, with the new owner's
    /// unique name, or nil when the name was released (its owner exited).
    public func watchNameOwner(_ busName: String, _ handler: @escaping (String?) -> Void) throws(DBusError) {
        try DBusMessageCoding.validate(busName: busName)
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
        guard !missing.isEmpty, let end = xml.ranges(of: "</node>").last else { return xml }
        var completed = xml
        completed.insert(contentsOf: missing, at: end.lowerBound)
        return completed
    }
}

// MARK: - Messages in: the object's method calls and the connection filter

/// Answers method calls on the object path and watches the bus's signals for the service.
/// libdbus holds it (retained) while the path is registered and while the filter is installed.
private final class MessageRouter {
    let loop: MainLoop
    let connection: BusConnection
    let objectPath: String
    let introspectionXML: String
    let handler: (DBusMethodCall) -> DBusReply
    var nameOwnerWatchers: [String: [(String?) -> Void]] = [:]
    var onDisconnect: (() -> Void)?

    private let ownUID = UInt(getuid())
    /// Unique names are never reused on a bus, so a caller's UID can be remembered.
    private var callerUIDs: [String: UInt] = [:]
    private var isPathRegistered = false
    private var isFilterAdded = false

    init(
        loop: MainLoop, connection: BusConnection, objectPath: String, introspectionXML: String,
        handler: @escaping (DBusMethodCall) -> DBusReply
    ) {
        self.loop = loop
        self.connection = connection
        self.objectPath = objectPath
        self.introspectionXML = introspectionXML
        self.handler = handler
    }

    func attach() throws(DBusError) {
        var vtable = DBusObjectPathVTable()  // libdbus copies the two function pointers
        vtable.message_function = routerHandleMethodCall
        vtable.unregister_function = routerPathUnregistered
        let pathData = Unmanaged.passRetained(self).toOpaque()
        do {
            _ = try DBusError.catching { error in
                dbus_connection_try_register_object_path(connection.pointer, objectPath, &vtable, pathData, error)
            }
        } catch {
            Unmanaged<MessageRouter>.fromOpaque(pathData).release()
            throw error
        }
        isPathRegistered = true

        let filterData = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_add_filter(connection.pointer, routerFilter, filterData, routerRelease) != 0 else {
            Unmanaged<MessageRouter>.fromOpaque(filterData).release()
            throw .failed("Could not add a message filter")
        }
        isFilterAdded = true
    }

    /// Undoes `attach()`; libdbus releases its references to the router.
    func detach() {
        if isPathRegistered {
            isPathRegistered = false
            dbus_connection_unregister_object_path(connection.pointer, objectPath)
        }
        if isFilterAdded {
            isFilterAdded = false
            dbus_connection_remove_filter(connection.pointer, routerFilter, Unmanaged.passUnretained(self).toOpaque())
        }
    }

    func handleMethodCall(_ message: OpaquePointer) -> DBusHandlerResult {
        guard dbus_message_get_type(message) == DBUS_MESSAGE_TYPE_METHOD_CALL else {
            return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
        }
        let reply = answer(message)
        if dbus_message_get_no_reply(message) == 0 {
            send(reply, to: message)
        }
        return DBUS_HANDLER_RESULT_HANDLED
    }

    private func answer(_ message: OpaquePointer) -> DBusReply {
        let sender = DBusMessageCoding.sender(of: message)
        if let denial = denial(for: sender) {
            return .error(denial)
        }
        let interface = DBusMessageCoding.interface(of: message) ?? ""
        let member = DBusMessageCoding.member(of: message) ?? ""
        if member == "Introspect", interface == DBUS_INTERFACE_INTROSPECTABLE || interface.isEmpty {
            return .values([.string(introspectionXML)])
        }
        let arguments: [DBusValue]
        do {
            arguments = try DBusMessageCoding.arguments(of: message)
        } catch {
            return .error(error)
        }
        return handler(DBusMethodCall(
            sender: sender ?? "", path: objectPath, interface: interface, member: member,
            signature: DBusMessageCoding.signature(of: message), arguments: arguments))
    }

    /// Nil when `sender` runs as our user; AccessDenied otherwise or when the bus cannot tell.
    private func denial(for sender: String?) -> DBusError? {
        guard let sender else {
            return DBusError(name: DBusError.accessDenied, message: "Calls without a sender are refused")
        }
        let uid: UInt
        if let known = callerUIDs[sender] {
            uid = known
        } else {
            do {
                // Blocks for one round trip to the bus, once per caller.
                uid = try DBusError.catching { dbus_bus_get_unix_user(connection.pointer, sender, $0) }
            } catch {
                return DBusError(
                    name: DBusError.accessDenied, message: "Cannot determine the caller's user: \(error.message)")
            }
            if callerUIDs.count >= 64 { callerUIDs.removeAll() }
            callerUIDs[sender] = uid
        }
        guard uid == ownUID else {
            return DBusError(
                name: DBusError.accessDenied, message: "Only user \(ownUID) may call this service (caller is \(uid))")
        }
        return nil
    }

    private func send(_ reply: DBusReply, to call: OpaquePointer) {
        let message: OpaquePointer
        do {
            message = try replyMessage(reply, to: call)
        } catch {
            // The handler's values could not be encoded: the caller still deserves an answer.
            guard let fallback = try? DBusMessageCoding.errorReply(to: call, error) else { return }
            message = fallback
        }
        defer { dbus_message_unref(message) }
        dbus_connection_send(connection.pointer, message, nil)
    }

    private func replyMessage(_ reply: DBusReply, to call: OpaquePointer) throws(DBusError) -> OpaquePointer {
        switch reply {
        case .error(let error):
            return try DBusMessageCoding.errorReply(to: call, error)
        case .values(let values):
            let message = try DBusMessageCoding.methodReturn(to: call)
            do {
                try DBusMessageCoding.append(values, to: message)
            } catch {
                dbus_message_unref(message)
                throw error
            }
            return message
        }
    }

    func filter(_ message: OpaquePointer) -> DBusHandlerResult {
        if dbus_message_is_signal(message, DBUS_INTERFACE_LOCAL, "Disconnected") != 0 {
            // Later, so that the handler may release the service without pulling the
            // connection out from under this dispatch.
            loop.idle { [weak self] in self?.onDisconnect?() }
        } else if dbus_message_is_signal(message, DBUS_INTERFACE_DBUS, "NameOwnerChanged") != 0,
            DBusMessageCoding.sender(of: message) == DBUS_SERVICE_DBUS
        {
            nameOwnerChanged(message)
        }
        return DBUS_HANDLER_RESULT_NOT_YET_HANDLED
    }

    private func nameOwnerChanged(_ message: OpaquePointer) {
        // (name, old owner, new owner); an empty owner means none.
        guard let arguments = try? DBusMessageCoding.arguments(of: message), arguments.count == 3,
            let name = arguments[0].string, let newOwner = arguments[2].string,
            let watchers = nameOwnerWatchers[name]
        else { return }
        for watcher in watchers {
            watcher(newOwner.isEmpty ? nil : newOwner)
        }
    }
}

private func routerHandleMethodCall(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ data: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    Unmanaged<MessageRouter>.fromOpaque(data!).takeUnretainedValue().handleMethodCall(message!)
}

private func routerFilter(
    _ connection: OpaquePointer?, _ message: OpaquePointer?, _ data: UnsafeMutableRawPointer?
) -> DBusHandlerResult {
    Unmanaged<MessageRouter>.fromOpaque(data!).takeUnretainedValue().filter(message!)
}

private func routerPathUnregistered(_ connection: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    Unmanaged<MessageRouter>.fromOpaque(data!).release()
}

private func routerRelease(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<MessageRouter>.fromOpaque(data!).release()
}

// MARK: - The connection on the GLib main loop

/// Turns libdbus's watches, timeouts and dispatch status into `MainLoop` sources.
///
/// libdbus holds it (retained) through the three `set_*_function` registrations.
/// Shared by `DBusService` and `DBusSignalListener`.
final class BusLoopIntegration {
    let loop: MainLoop
    let connection: BusConnection
    private var watches: [OpaquePointer: SourceToken] = [:]
    private var timeouts: [OpaquePointer: SourceToken] = [:]
    private var pendingDispatch: SourceToken?

    init(loop: MainLoop, connection: BusConnection) {
        self.loop = loop
        self.connection = connection
    }

    func install() throws(DBusError) {
        let watchData = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_set_watch_functions(
            connection.pointer, integrationAddWatch, integrationRemoveWatch, integrationToggleWatch,
            watchData, integrationRelease) != 0
        else {
            Unmanaged<BusLoopIntegration>.fromOpaque(watchData).release()
            throw .failed("Could not watch the bus connection")
        }
        let timeoutData = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_set_timeout_functions(
            connection.pointer, integrationAddTimeout, integrationRemoveTimeout, integrationToggleTimeout,
            timeoutData, integrationRelease) != 0
        else {
            Unmanaged<BusLoopIntegration>.fromOpaque(timeoutData).release()
            throw .failed("Could not add the bus connection's timeouts")
        }
        dbus_connection_set_dispatch_status_function(
            connection.pointer, integrationDispatchStatusChanged, Unmanaged.passRetained(self).toOpaque(),
            integrationRelease)
        // Messages that arrived during the blocking calls of start-up wait in the queue already.
        dispatchStatusChanged(dbus_connection_get_dispatch_status(connection.pointer))
    }

    func uninstall() {
        dbus_connection_set_dispatch_status_function(connection.pointer, nil, nil, nil)
        dbus_connection_set_watch_functions(connection.pointer, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection.pointer, nil, nil, nil, nil, nil)
        for token in Array(watches.values) + Array(timeouts.values) + [pendingDispatch].compactMap({ $0 }) {
            loop.cancel(token)
        }
        watches.removeAll()
        timeouts.removeAll()
        pendingDispatch = nil
    }

    // MARK: Watches: a file descriptor libdbus wants to read or write

    func add(watch: OpaquePointer) -> Bool {
        guard dbus_watch_get_enabled(watch) != 0 else { return true }
        let flags = dbus_watch_get_flags(watch)
        var conditions: IOConditions = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { conditions.insert(.readable) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { conditions.insert(.writable) }
        watches[watch] = loop.watch(fd: dbus_watch_get_unix_fd(watch), for: conditions) { ready in
            dbus_watch_handle(watch, Self.watchFlags(ready))
            return true
        }
        return true
    }

    func remove(watch: OpaquePointer) {
        if let token = watches.removeValue(forKey: watch) {
            loop.cancel(token)
        }
    }

    func toggle(watch: OpaquePointer) {
        remove(watch: watch)
        _ = add(watch: watch)
    }

    private static func watchFlags(_ ready: IOConditions) -> UInt32 {
        var flags: UInt32 = 0
        if ready.contains(.readable) { flags |= DBUS_WATCH_READABLE.rawValue }
        if ready.contains(.writable) { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if ready.contains(.error) { flags |= DBUS_WATCH_ERROR.rawValue }
        if ready.contains(.hangUp) { flags |= DBUS_WATCH_HANGUP.rawValue }
        return flags
    }

    // MARK: Timeouts: e.g. a pending call's reply deadline

    func add(timeout: OpaquePointer) -> Bool {
        guard dbus_timeout_get_enabled(timeout) != 0 else { return true }
        let interval = UInt32(clamping: dbus_timeout_get_interval(timeout))
        timeouts[timeout] = loop.every(milliseconds: interval) {
            dbus_timeout_handle(timeout)
            return true
        }
        return true
    }

    func remove(timeout: OpaquePointer) {
        if let token = timeouts.removeValue(forKey: timeout) {
            loop.cancel(token)
        }
    }

    func toggle(timeout: OpaquePointer) {
        remove(timeout: timeout)
        _ = add(timeout: timeout)
    }

    // MARK: Dispatch: run handlers for queued messages, one per loop iteration

    func dispatchStatusChanged(_ status: DBusDispatchStatus) {
        guard status == DBUS_DISPATCH_DATA_REMAINS, pendingDispatch == nil else { return }
        pendingDispatch = loop.whileIdle(priority: .normal) {
            if dbus_connection_dispatch(self.connection.pointer) == DBUS_DISPATCH_DATA_REMAINS {
                return true
            }
            self.pendingDispatch = nil
            return false
        }
    }
}

private func integration(_ data: UnsafeMutableRawPointer?) -> BusLoopIntegration {
    Unmanaged<BusLoopIntegration>.fromOpaque(data!).takeUnretainedValue()
}

private func integrationAddWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    integration(data).add(watch: watch!) ? 1 : 0
}

private func integrationRemoveWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).remove(watch: watch!)
}

private func integrationToggleWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).toggle(watch: watch!)
}

private func integrationAddTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    integration(data).add(timeout: timeout!) ? 1 : 0
}

private func integrationRemoveTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).remove(timeout: timeout!)
}

private func integrationToggleTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).toggle(timeout: timeout!)
}

private func integrationDispatchStatusChanged(
    _ connection: OpaquePointer?, _ status: DBusDispatchStatus, _ data: UnsafeMutableRawPointer?
) {
    integration(data).dispatchStatusChanged(status)
}

private func integrationRelease(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<BusLoopIntegration>.fromOpaque(data!).release()
}
