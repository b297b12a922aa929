import CDBus

/// Writes `DBusValue`s into a message's body.
enum DBusBodyEncoding {
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
            try DBusNames.validate(path: path)
            let appended = path.withCString { characters in
                withUnsafePointer(to: characters) { dbus_message_iter_append_basic(&iterator, GB_DBUS_TYPE_OBJECT_PATH, $0) }
            }
            guard appended != 0 else { throw .outOfMemory }
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
        guard dbus_message_iter_open_container(&iterator, type, signature, &contents) != 0 else { throw .outOfMemory }
        do {
            try fill(&contents)
        } catch {
            dbus_message_iter_abandon_container(&iterator, &contents)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &contents) != 0 else { throw .outOfMemory }
    }

    /// A string as D-Bus carries it. D-Bus strings end at a NUL, so a NUL inside one (a name stored by
    /// an older build, say) is sent as U+FFFD, the replacement character decoders show for what they
    /// cannot represent: one odd character in one name is visible, where refusing the string failed the
    /// whole reply (every `history` and `report` of a history holding it, after restarts too).
    static func carried(_ string: String) -> String {
        string.utf8.contains(0) ? string.replacingNULs() : string
    }

    private static func append(_ string: String, to iterator: inout DBusMessageIter) throws(DBusError) {
        let appended = carried(string).withCString { characters in
            withUnsafePointer(to: characters) { dbus_message_iter_append_basic(&iterator, GB_DBUS_TYPE_STRING, $0) }
        }
        guard appended != 0 else { throw .outOfMemory }
    }

    private static func appendBasic<Number: BitwiseCopyable>(
        _ type: Int32, _ value: Number, to iterator: inout DBusMessageIter
    ) throws(DBusError) {
        let appended = withUnsafePointer(to: value) { dbus_message_iter_append_basic(&iterator, type, $0) }
        guard appended != 0 else { throw .outOfMemory }
    }

    private static func appendArray(of strings: [String], to iterator: inout DBusMessageIter) throws(DBusError) {
        var elements = DBusMessageIter()
        guard dbus_message_iter_open_container(&iterator, GB_DBUS_TYPE_ARRAY, "s", &elements) != 0 else {
            throw .outOfMemory
        }
        do {
            for string in strings {
                try append(string, to: &elements)
            }
        } catch {
            dbus_message_iter_abandon_container(&iterator, &elements)
            throw error
        }
        guard dbus_message_iter_close_container(&iterator, &elements) != 0 else { throw .outOfMemory }
    }
}

extension String {
    fileprivate func replacingNULs() -> String {
        String(String.UnicodeScalarView(unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 }))
    }
}
