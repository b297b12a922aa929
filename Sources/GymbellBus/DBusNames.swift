import CDBus

/// Bus names, object paths, interfaces, members and error names, checked before libdbus sees them
/// (libdbus aborts the process on an invalid one).
enum DBusNames {
    static func validate(busName: String) throws(DBusError) {
        try validate(busName, "bus name") { dbus_validate_bus_name($0, $1) }
    }

    static func validate(path: String) throws(DBusError) {
        try validate(path, "object path") { dbus_validate_path($0, $1) }
    }

    static func validate(interface: String) throws(DBusError) {
        try validate(interface, "interface name") { dbus_validate_interface($0, $1) }
    }

    static func validate(member: String) throws(DBusError) {
        try validate(member, "member name") { dbus_validate_member($0, $1) }
    }

    static func validate(errorName: String) throws(DBusError) {
        try validate(errorName, "error name") { dbus_validate_error_name($0, $1) }
    }

    private static func validate(
        _ name: String, _ what: String,
        _ check: (UnsafePointer<CChar>, UnsafeMutablePointer<CDBus.DBusError>) -> dbus_bool_t
    ) throws(DBusError) {
        let valid = try DBusError.catching { error in name.withCString { check($0, error) } }
        guard valid != 0, !name.utf8.contains(0) else {
            throw .invalidArgs("'\(name)' is not a valid D-Bus \(what)")
        }
    }

}
