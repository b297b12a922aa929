import CDBus
import Glibc

/// A blocking D-Bus client for the CLI: one private bus connection, one call at a time.
///
/// Not thread-safe; use it from the thread that created it.
public final class DBusClient {
    private let connection: BusConnection

    /// Connects to the bus at `address`, or to the session bus when `address` is nil.
    public init(address: String? = nil) throws(DBusError) {
        connection = try BusConnection(address: address)
    }

    /// This connection's unique name on the bus (`:1.42`).
    public var uniqueName: String { connection.uniqueName }

    /// Calls a method and waits for its reply.
    ///
    /// Throws the error the remote side replied with (its name and message), libdbus's own errors
    /// (`ServiceUnknown` when nobody owns `destination`, `NoReply` after the timeout), and
    /// `InvalidArgs` for invalid names or a reply whose types `DBusValue` cannot hold.
    /// - Parameter timeoutMilliseconds: nil for libdbus's default (25 s).
    public func call(
        destination: String,
        path: String,
        interface: String,
        member: String,
        arguments: [DBusValue] = [],
        timeoutMilliseconds: Int? = nil
    ) throws(DBusError) -> [DBusValue] {
        try connection.call(
            destination: destination, path: path, interface: interface, member: member, arguments: arguments,
            timeoutMilliseconds: timeoutMilliseconds)
    }

    /// Whether someone owns `name` on the bus right now (false also when the bus cannot say).
    public func nameHasOwner(_ name: String) -> Bool { connection.nameHasOwner(name) }
}

extension BusConnection {
    /// Calls a method and waits for its reply (DBusClient.call).
    func call(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue], timeoutMilliseconds: Int?
    ) throws(DBusError) -> [DBusValue] {
        let message = try DBusMessageCoding.methodCall(
            destination: destination, path: path, interface: interface, member: member)
        defer { dbus_message_unref(message) }
        try DBusBodyEncoding.append(arguments, to: message)
        let timeout = timeoutMilliseconds.map { Int32(clamping: $0) } ?? GB_DBUS_TIMEOUT_USE_DEFAULT
        let reply = try DBusError.catching { error in
            dbus_connection_send_with_reply_and_block(pointer, message, timeout, error)
        }
        guard let reply else { throw .failed("No reply from \(destination)") }
        defer { dbus_message_unref(reply) }
        return try DBusBodyDecoding.arguments(of: reply)
    }

    func nameHasOwner(_ name: String) -> Bool {
        do {
            try DBusNames.validate(busName: name)
            return try DBusError.catching { dbus_bus_name_has_owner(pointer, name, $0) } != 0
        } catch {
            return false
        }
    }
}

// MARK: - A private bus connection (shared with DBusService)

/// A private libdbus connection to a message bus, registered (Hello) and closed when released.
///
/// Private, so that closing it is ours to do; `exit_on_disconnect` off, so that losing the bus
/// is an event for the owner instead of `_exit(1)` inside libdbus.
final class BusConnection {
    /// `DBusConnection *`
    let pointer: OpaquePointer

    init(address: String?) throws(DBusError) {
        dbus_threads_init_default()  // no-op since libdbus 1.7; documents that clients may live on other threads
        let address = if let address { address } else { try Self.sessionBusAddress() }
        let opened = try DBusError.catching { dbus_connection_open_private(address, $0) }
        guard let opened else { throw .failed("Could not connect to \(address)") }
        dbus_connection_set_exit_on_disconnect(opened, 0)
        do {
            _ = try DBusError.catching { dbus_bus_register(opened, $0) }
        } catch {
            dbus_connection_close(opened)
            dbus_connection_unref(opened)
            throw error
        }
        pointer = opened
    }

    deinit {
        close()
        dbus_connection_unref(pointer)
    }

    /// Closes the connection now; the pointer stays valid (calls on it fail) until release.
    func close() {
        guard isOpen else { return }
        isOpen = false
        dbus_connection_close(pointer)
    }

    private(set) var isOpen = true

    var uniqueName: String {
        dbus_bus_get_unique_name(pointer).map { String(cString: $0) } ?? ""
    }

    var isConnected: Bool {
        isOpen && dbus_connection_get_is_connected(pointer) != 0
    }

    /// `$DBUS_SESSION_BUS_ADDRESS`, else the systemd user bus socket if there is one.
    static func sessionBusAddress(
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } },
        fileExists: (String) -> Bool = { access($0, F_OK) == 0 }
    ) throws(DBusError) -> String {
        if let address = environment("DBUS_SESSION_BUS_ADDRESS"), !address.isEmpty {
            return address
        }
        if let runtimeDirectory = environment("XDG_RUNTIME_DIR"), !runtimeDirectory.isEmpty,
            fileExists(runtimeDirectory + "/bus")
        {
            return "unix:path=" + runtimeDirectory + "/bus"
        }
        throw DBusError(
            name: DBusError.noServer,
            message: "No D-Bus session bus: DBUS_SESSION_BUS_ADDRESS is not set and there is no "
                + "$XDG_RUNTIME_DIR/bus. Run gymbell inside a desktop session (or under dbus-run-session).")
    }
}
