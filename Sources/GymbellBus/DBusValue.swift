/// One D-Bus argument of a type gymbell's interfaces use (the MPRIS player's properties need object
/// paths, variants and `a{sv}` dictionaries).
///
/// Anything else on the wire (structs, other dictionaries, bytes) is rejected with `InvalidArgs` by
/// `DBusService` and with a decoding error by `DBusClient`.
public indirect enum DBusValue: Equatable, Sendable {
    case string(String)
    case bool(Bool)
    case int32(Int32)
    case uint32(UInt32)
    case int64(Int64)
    case uint64(UInt64)
    case double(Double)
    case stringArray([String])
    case objectPath(String)
    case variant(DBusValue)
    /// `a{sv}`: each value goes on the wire in a variant.
    case dictionary([String: DBusValue])

    /// The D-Bus type signature of this value (`s`, `b`, `i`, `u`, `x`, `t`, `d`, `as`, `o`, `v`, `a{sv}`).
    public var signature: String {
        switch self {
        case .string: "s"
        case .bool: "b"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .stringArray: "as"
        case .objectPath: "o"
        case .variant: "v"
        case .dictionary: "a{sv}"
        }
    }

    public var string: String? {
        if case .string(let value) = self { value } else { nil }
    }

    public var bool: Bool? {
        if case .bool(let value) = self { value } else { nil }
    }

    public var int32: Int32? {
        if case .int32(let value) = self { value } else { nil }
    }

    public var uint32: UInt32? {
        if case .uint32(let value) = self { value } else { nil }
    }

    public var int64: Int64? {
        if case .int64(let value) = self { value } else { nil }
    }

    public var uint64: UInt64? {
        if case .uint64(let value) = self { value } else { nil }
    }

    public var double: Double? {
        if case .double(let value) = self { value } else { nil }
    }

    public var stringArray: [String]? {
        if case .stringArray(let value) = self { value } else { nil }
    }

    /// Any integer case widened to `Int64`, or nil when it does not fit or is not an integer.
    public var integer: Int64? {
        switch self {
        case .int32(let value): Int64(value)
        case .uint32(let value): Int64(value)
        case .int64(let value): value
        case .uint64(let value): Int64(exactly: value)
        default: nil
        }
    }
}

extension DBusValue: CustomStringConvertible {
    /// Roughly how `dbus-send --print-reply` shows a value; for logs and test failures.
    public var description: String {
        switch self {
        case .string(let value): "string \"\(value)\""
        case .bool(let value): "boolean \(value)"
        case .int32(let value): "int32 \(value)"
        case .uint32(let value): "uint32 \(value)"
        case .int64(let value): "int64 \(value)"
        case .uint64(let value): "uint64 \(value)"
        case .double(let value): "double \(value)"
        case .stringArray(let value): "array [\(value.map { "\"\($0)\"" }.joined(separator: ", "))]"
        case .objectPath(let value): "object path \"\(value)\""
        case .variant(let value): "variant \(value)"
        case .dictionary(let entries):
            "dict {\(entries.sorted { $0.key < $1.key }.map { "\"\($0.key)\": \($0.value)" }.joined(separator: ", "))}"
        }
    }
}

extension Array where Element == DBusValue {
    /// The concatenated signature of a message body, e.g. `"sui"`.
    public var dbusSignature: String { map(\.signature).joined() }
}
