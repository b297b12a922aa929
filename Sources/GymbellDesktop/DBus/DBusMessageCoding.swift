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
        try validate(busName: destination)
        try validate(path: path)
        try validate(interface: interface)
        try validate(member: member)
        guard let message = dbus_message_new_method_call(destination, path, interface, member) else {
            throw outOfMemory
        }
        return message
    }

    static func signal(path: String, interface: String, member: String) throws(DBusError) -> OpaquePointer {
        try validate(path: path)
        try validate(interface: interface)
        try validate(member: member)
        guard let message = dbus_message_new_signal(path, interface, member) else { throw outOfMemory }
        return message
    }

    static func methodReturn(to call: OpaquePointer) throws(DBusError) -> OpaquePointer {
        guard let message = dbus_message_new_method_return(call) else { throw outOfMemory }
        return message
    }

    /// An error reply; a handler's malformed error name becomes `Failed` rather than an abort.
    static func errorReply(to call: OpaquePointer, _ reported: DBusError) throws(DBusError) -> OpaquePointer {
        var sent = reported
        do {
            try validate(errorName: reported.name)
        } catch {
            sent = .failed("\(reported.message) (invalid error name: \(reported.name))")
        }
        guard let message = dbus_message_new_error(call, sent.name, sent.message) else { throw outOfMemory }
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

    // MARK: Body: DBusValue → message

    static func append(_ values: [DBusValue], to message: OpaquePointer) throws(DBusError) {
        var iterator = DBusMessageIter()
        dbus_message_iter_init_append(message, &iterator)
        for value in values {
            try append(value, to: &iterator)
        }
    }

    private static func append(_ value: DBusValue, to iterator: inout DBusMessageIter) throws(DBusError) {
        switch value {
        case .string(let string):
            try append(string, to: &iterator)
        case .bool(let bool):
            try appendBasic(GB_DBUS_TYPE_BOOLEAN, dbus_bool_t(bool ? 1 : 0), to: &iterator)
        case .int32(let number):
            try appendBasic(GB_DBUS_TYPE_INT32, number, to: &iterator)
        case .uint32(let number):
            try appendBasic(GB_DBUS_TYPE_UINT32, number, to: &iterator)
        case .int64(let number):
            try appendBasic(GB_DBUS_TYPE_INT64, number, to: &iterator)
        case .uint64(let number):
            try appendBasic(GB_DBUS_TYPE_UINT64, number, to: &iterator)
        case .double(let number):
            try appendBasic(GB_DBUS_TYPE_DOUBLE, number, to: &iterator)
        case .stringArray(let strings):
            try appendArray(of: strings, to: &iterator)
        case .objectPath(let path):
            try validate(path: path)
            let appended = path.withCString { characters in
                withUnsafePointer(to: characters) { dbus_message_iter_append_basic(&iterator, GB_DBUS_TYPE_OBJECT_PATH, $0) }
            }
            guard appended != 0 else { throw outOfMemory }
        case .variant(let inner):
            try inContainer(GB_DBUS_TYPE_VARIANT, inner.signature, of: &iterator) { (contents) throws(DBusError) in
                try append(inner, to: &contents)
            }
        case .dictionary(let entries):
            try inContainer(GB_DBUS_TYPE_ARRAY, "{sv}", of: &iterator) { (elements) throws(DBusError) in
                for (key, value) in entries.sorted(by: { $0.key < $1.key }) {
                    try inContainer(GB_DBUS_TYPE_DICT_ENTRY, nil, of: &elements) { (entry) throws(DBusError) in
                        try append(key, to: &entry)
                        try append(.variant(value), to: &entry)
                    }
                }
            }
        }
    }

    /// Opens a container, fills it, closes it (abandons it when filling fails).
    private static func inContainer(
        _ type: Int32, _ signature: String?, of iterator: inout DBusMessageIter,
        _ fill: (inout DBusMessageIter) throws(DBusError) -> Void
    ) throws(DBusError) {
        var contents = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, type, signature, &contents) != 0 else { throw outOfMemory }
        do {
            try fill(&contents)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &contents)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &contents) != 0 else { throw outOfMemory }
    }

    private static func append(_ string: String, to iterator: inout DBusMessageIter) throws(DBusError) {
        guard !string.utf8.contains(0) else { throw .invalidArgs("D-Bus strings cannot contain NUL bytes") }
        let appended = string.withCString { characters in
            withUnsafePointer(to: characters) { dbus_message_iter_append_basic(&iterator, GB_DBUS_TYPE_STRING, $0) }
        }
        guard appended != 0 else { throw outOfMemory }
    }

    private static func appendBasic<Number: BitwiseCopyable>(
        _ type: Int32, _ value: Number, to iterator: inout DBusMessageIter
    ) throws(DBusError) {
        let appended = withUnsafePointer(to: value) { dbus_message_iter_append_basic(&iterator, type, $0) }
        guard appended != 0 else { throw outOfMemory }
    }

    private static func appendArray(of strings: [String], to iterator: inout DBusMessageIter) throws(DBusError) {
        var elements = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, GB_DBUS_TYPE_ARRAY, "s", &elements) != 0 else {
            throw outOfMemory
        }
        do {
            for string in strings {
                try append(string, to: &elements)
            }
        } catch {
            dbus_message_iter_abandon_container(&iterator, &elements)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &elements) != 0 else { throw outOfMemory }
    }

    // MARK: Body: message → DBusValue

    /// The message's arguments, or `InvalidArgs` naming the signature when one has a type
    /// `DBusValue` cannot hold.
    static func arguments(of message: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            guard let value = value(at: &iterator) else {
                throw .invalidArgs(
                    "Unsupported argument type in signature '\(signature(of: message))'; "
                        + "supported are s, b, i, u, x, t, d, as, o, v and a{sv}")
            }
            values.append(value)
        } while dbus_message_iter_next(&iterator) != 0
        return values
    }

    private static func value(at iterator: inout DBusMessageIter) -> DBusValue? {
        switch dbus_message_iter_get_arg_type(&iterator) {
        case GB_DBUS_TYPE_STRING: .string(string(at: &iterator))
        case GB_DBUS_TYPE_BOOLEAN: .bool(basic(at: &iterator, default: dbus_bool_t(0)) != 0)
        case GB_DBUS_TYPE_INT32: .int32(basic(at: &iterator, default: 0))
        case GB_DBUS_TYPE_UINT32: .uint32(basic(at: &iterator, default: 0))
        case GB_DBUS_TYPE_INT64: .int64(basic(at: &iterator, default: 0))
        case GB_DBUS_TYPE_UINT64: .uint64(basic(at: &iterator, default: 0))
        case GB_DBUS_TYPE_DOUBLE: .double(basic(at: &iterator, default: 0))
        case GB_DBUS_TYPE_ARRAY where dbus_message_iter_get_element_type(&iterator) == GB_DBUS_TYPE_STRING:
            .stringArray(strings(at: &iterator))
        case GB_DBUS_TYPE_OBJECT_PATH: .objectPath(string(at: &iterator))
        case GB_DBUS_TYPE_VARIANT: variant(at: &iterator)
        case GB_DBUS_TYPE_ARRAY where dbus_message_iter_get_element_type(&iterator) == GB_DBUS_TYPE_DICT_ENTRY:
            dictionary(at: &iterator)
        default: nil
        }
    }

    private static func variant(at iterator: inout DBusMessageIter) -> DBusValue? {
        var contents = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &contents)
        return value(at: &contents).map { .variant($0) }
    }

    /// `a{sv}` only; nil for any other dictionary.
    private static func dictionary(at iterator: inout DBusMessageIter) -> DBusValue? {
        var elements = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &elements)
        var entries: [String: DBusValue] = [:]
        while dbus_message_iter_get_arg_type(&elements) == GB_DBUS_TYPE_DICT_ENTRY {
            var entry = DBusMessageIter()
            dbus_message_iter_recurse(&elements, &entry)
            guard dbus_message_iter_get_arg_type(&entry) == GB_DBUS_TYPE_STRING else { return nil }
            let key = string(at: &entry)
            guard dbus_message_iter_next(&entry) != 0, case .variant(let value)? = value(at: &entry) else { return nil }
            entries[key] = value
            dbus_message_iter_next(&elements)
        }
        return .dictionary(entries)
    }

    private static func basic<Number: BitwiseCopyable>(
        at iterator: inout DBusMessageIter, default zero: Number
    ) -> Number {
        var value = zero
        withUnsafeMutablePointer(to: &value) { dbus_message_iter_get_basic(&iterator, $0) }
        return value
    }

    private static func string(at iterator: inout DBusMessageIter) -> String {
        var characters: UnsafePointer<CChar>?
        dbus_message_iter_get_basic(&iterator, &characters)
        return characters.map { String(cString: $0) } ?? ""
    }

    private static func strings(at iterator: inout DBusMessageIter) -> [String] {
        var elements = DBusMessageIter()
        dbus_message_iter_recurse(&iterator, &elements)
        var strings: [String] = []
        while dbus_message_iter_get_arg_type(&elements) == GB_DBUS_TYPE_STRING {
            strings.append(string(at: &elements))
            dbus_message_iter_next(&elements)
        }
        return strings
    }

    // MARK: Names (checked here because libdbus aborts on invalid ones)

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

    private static let outOfMemory = DBusError(name: "org.freedesktop.DBus.Error.NoMemory", message: "Out of memory")
}
