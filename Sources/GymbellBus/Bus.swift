import Glibc

/// A message bus to connect to.
public enum Bus: Equatable, Sendable, CustomStringConvertible {
    /// `$DBUS_SESSION_BUS_ADDRESS`, else `$XDG_RUNTIME_DIR/bus`.
    case session
    /// `$DBUS_SYSTEM_BUS_ADDRESS`, else `unix:path=/run/dbus/system_bus_socket`.
    case system
    /// A bus address such as `unix:path=/tmp/bus` (a private bus in tests).
    case address(String)

    static let defaultSystemBusAddress = "unix:path=/run/dbus/system_bus_socket"

    /// The address to connect to, read from the environment for `.session` and `.system`.
    func resolvedAddress(
        environment: (String) -> String? = { getenv($0).map { String(cString: $0) } }
    ) throws(DBusError) -> String {
        switch self {
        case .session:
            return try BusConnection.sessionBusAddress(environment: environment)
        case .system:
            if let address = environment("DBUS_SYSTEM_BUS_ADDRESS"), !address.isEmpty { return address }
            return Self.defaultSystemBusAddress
        case .address(let address):
            return address
        }
    }

    public var description: String {
        switch self {
        case .session: "session bus"
        case .system: "system bus"
        case .address(let address): "bus at \(address)"
        }
    }
}
