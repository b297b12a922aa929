import CDBus
import Glibc
import GymbellPlatform

/// Answers method calls on the object path and watches the bus's signals for the service.
/// libdbus holds it (retained) while the path is registered and while the filter is installed.
final class MessageRouter {
    let loop: MainLoop
    let connection: BusConnection
    let objectPath: String
    /// Built at the first `Introspect`, not at start-up (the control interface's document is
    /// written from its contract: a fifth of an empty start-up's instructions, issue 16).
    private(set) lazy var introspectionXML: String = makeIntrospectionXML()
    private let makeIntrospectionXML: () -> String
    let handler: (DBusMethodCall) -> DBusReply
    var nameOwnerWatchers: [String: [(String?) -> Void]] = [:]
    var onDisconnect: (() -> Void)?

    private let ownUID = UInt(getuid())
    /// Unique names are never reused on a bus, so a caller's UID can be remembered.
    private var callerUIDs: [String: UInt] = [:]
    private var isPathRegistered = false
    private var isFilterAdded = false

    init(
        loop: MainLoop, connection: BusConnection, objectPath: String, introspectionXML: @escaping () -> String,
        handler: @escaping (DBusMethodCall) -> DBusReply
    ) {
        self.loop = loop
        self.connection = connection
        self.objectPath = objectPath
        makeIntrospectionXML = introspectionXML
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
        let wantsReply = dbus_message_get_no_reply(message) == 0
        if case .later(let later) = reply {
            // Kept until answered; the loop goes on meanwhile (other calls, timers, signals).
            dbus_message_ref(message)
            let call = UnsafeSendable(message)
            later.start { [self] reply in
                let built = wantsReply ? UnsafeSendable(builtReply(reply, to: call.value)) : nil
                OffLoopWork.onLoop { [self] in
                    if let built { sendBuilt(built.value) }
                    dbus_message_unref(call.value)
                }
            }
            return DBUS_HANDLER_RESULT_HANDLED
        }
        if wantsReply {
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
            arguments = try DBusBodyDecoding.arguments(of: message)
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
        sendBuilt(builtReply(reply, to: call))
    }

    /// The reply message (any thread: it touches only the call, which no one else uses meanwhile).
    private func builtReply(_ reply: DBusReply, to call: OpaquePointer) -> OpaquePointer? {
        do {
            return try replyMessage(reply, to: call)
        } catch {
            // The handler's values could not be encoded: the caller still deserves an answer.
            return try? DBusMessageCoding.errorReply(to: call, error)
        }
    }

    private func sendBuilt(_ message: OpaquePointer?) {
        guard let message else { return }
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
                try DBusBodyEncoding.append(values, to: message)
            } catch {
                dbus_message_unref(message)
                throw error
            }
            return message
        case .later:
            throw DBusError(name: DBusError.failed, message: "a later reply cannot answer with another later one")
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
        guard let arguments = try? DBusBodyDecoding.arguments(of: message), arguments.count == 3,
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

/// A libdbus message handed between threads, used by one at a time.
private struct UnsafeSendable<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
