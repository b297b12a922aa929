import CDBus

/// Reads a message's body as `DBusValue`s.
enum DBusBodyDecoding {
    /// The message's arguments, or `InvalidArgs` naming the signature when one has a type
    /// `DBusValue` cannot hold.
    static func arguments(of message: OpaquePointer) throws(DBusError) -> [DBusValue] {
        var iterator = DBusMessageIter()
        guard dbus_message_iter_init(message, &iterator) != 0 else { return [] }
        var values: [DBusValue] = []
        repeat {
            guard let value = value(at: &iterator) else {
                throw .invalidArgs(
                    "Unsupported argument type in signature '\(DBusMessageCoding.signature(of: message))'; "
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
}
