import CDBus

/// A D-Bus error: a reverse-DNS error name and a human-readable message.
///
/// Handlers of `DBusService` return it to callers; `DBusClient` throws it with the name and message
/// the remote side sent.
public struct DBusError: Error, Equatable, Sendable, CustomStringConvertible {
    public let name: String
    public let message: String

    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    public var description: String { "\(name): \(message)" }

    public static let invalidArgs = "org.freedesktop.DBus.Error.InvalidArgs"
    public static let unknownMethod = "org.freedesktop.DBus.Error.UnknownMethod"
    public static let accessDenied = "org.freedesktop.DBus.Error.AccessDenied"
    public static let serviceUnknown = "org.freedesktop.DBus.Error.ServiceUnknown"
    public static let noReply = "org.freedesktop.DBus.Error.NoReply"
    public static let failed = "org.freedesktop.DBus.Error.Failed"
    /// There is no bus to connect to (no session bus address, or nobody listening on it).
    public static let noServer = "org.freedesktop.DBus.Error.NoServer"
    /// The connection to the bus was lost.
    public static let disconnected = "org.freedesktop.DBus.Error.Disconnected"

    public static func invalidArgs(_ message: String) -> DBusError {
        DBusError(name: invalidArgs, message: message)
    }

    public static func failed(_ message: String) -> DBusError {
        DBusError(name: failed, message: message)
    }
}

// MARK: - libdbus's DBusError out-parameter

extension DBusError {
    /// Runs `body` with a fresh libdbus error out-parameter and returns what `body` returned,
    /// or throws the error libdbus reported through it.
    static func catching<Result>(
        _ body: (UnsafeMutablePointer<CDBus.DBusError>) -> Result
    ) throws(DBusError) -> Result {
        var cError = CDBus.DBusError()
        dbus_error_init(&cError)
        defer { dbus_error_free(&cError) }
        let result = body(&cError)
        if dbus_error_is_set(&cError) != 0 {
            throw DBusError(
                name: cError.name.map { String(cString: $0) } ?? failed,
                message: cError.message.map { String(cString: $0) } ?? ""
            )
        }
        return result
    }

    static let outOfMemory = DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "Out of memory")
}
