import CDBus

/// Building libdbus messages and converting their bodies from and to `DBusValue`s;
/// shared by `DBusService` and `DBusClient`.
///
/// libdbus aborts the process on a failed argument check (an invalid name, a string with a NUL),
/// so everything a caller passes in is validated here first and becomes a thrown `DBusError`.
/// Every function that returns a message returns a new reference: the caller unrefs it.
enum DBusMessageCoding {
    // MARK: Messages

    static func methodCall(
        destination: String, path: String, interface: String, member: String
    ) throws(DBusError) -> OpaquePointer {
        try DBusNames.validate(busName: destination)
        try DBusNames.validate(path: path)
        try DBusNames.validate(interface: interface)
        try DBusNames.validate(member: member)
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw .outOfMemory
        }
        return message
    }

    static func signal(path: String, interface: String, member: String) throws(DBusError) -> OpaquePointer {
        try DBusNames.validate(path: path)
        try DBusNames.validate(interface: interface)
        try DBusNames.validate(member: member)
        guard let message = dbus_message_new_signal(path, interface, member) else { throw .outOfMemory }
        return message
    }

    static func methodReturn(to call: OpaquePointer) throws(DBusError) -> OpaquePointer {
        guard let message = dbus_message_new_method_return(call) else { throw .outOfMemory }
        return message
    }

    /// An error reply; a handler's malformed error name becomes `Failed` rather than an abort.
    static func errorReply(to call: OpaquePointer, _ reported: DBusError) throws(DBusError) -> OpaquePointer {
        var sent = reported
        do {
            try DBusNames.validate(errorName: reported.name)
        } catch {
            sent = .failed("\(reported.message) (invalid error name: \(reported.name))")
        }
        guard let message = dbus_message_new_error(call, sent.name, sent.message) else { throw .outOfMemory }
        return message
    }

    // MARK: Header fields

    static func signature(of message: OpaquePointer) -> String {
        dbus_message_get_signature(message).map { String(cString: $0) } ?? ""
    }

    static func sender(of message: OpaquePointer) -> String? {
        dbus_message_get_sender(message).map { String(cString: $0) }
    }

    static func interface(of message: OpaquePointer) -> String? {
        dbus_message_get_interface(message).map { String(cString: $0) }
    }

    static func member(of message: OpaquePointer) -> String? {
        dbus_message_get_member(message).map { String(cString: $0) }
    }

    static func path(of message: OpaquePointer) -> String? {
        dbus_message_get_path(message).map { String(cString: $0) }
    }
}
