import FoundationEssentials
import GymbellCore
import GymbellBus

/// One argument or reply of a control method: its name, its D-Bus type, what it means, and how a
/// Swift value travels as that type. The constructors in `Field` are the only kinds the contract uses.
public struct ControlField<Value>: Sendable {
    public let name: String
    /// The D-Bus signature: `u`, `i`, `d`, `s`, `as`.
    public let signature: String
    /// What a value must be, for the "must be …" sentence of InvalidArgs and for the docs.
    public let meaning: String
    let encode: @Sendable (Value) -> DBusValue
    /// Nil when the value has the right D-Bus type but not an acceptable value (NaN seconds).
    let decode: @Sendable (DBusValue) -> Value?
}

/// The kinds of values the control interface carries.
public enum Field {
    public static func uint32(_ name: String) -> ControlField<UInt32> {
        ControlField(name: name, signature: "u", meaning: "an unsigned integer", encode: { .uint32($0) }, decode: { $0.uint32 })
    }

    public static func int32(_ name: String) -> ControlField<Int32> {
        ControlField(name: name, signature: "i", meaning: "an integer", encode: { .int32($0) }, decode: { $0.int32 })
    }

    /// A duration in seconds, as a double; NaN and infinities are refused.
    public static func seconds(_ name: String) -> ControlField<Double> {
        ControlField(
            name: name, signature: "d", meaning: "a finite number of seconds", encode: { .double($0) },
            decode: { value in value.double.flatMap { $0.isFinite ? $0 : nil } })
    }

    /// A number (a weight), as a double; NaN and infinities are refused.
    public static func number(_ name: String) -> ControlField<Double> {
        ControlField(
            name: name, signature: "d", meaning: "a finite number", encode: { .double($0) },
            decode: { value in value.double.flatMap { $0.isFinite ? $0 : nil } })
    }

    public static func flag(_ name: String) -> ControlField<Bool> {
        ControlField(name: name, signature: "b", meaning: "a boolean", encode: { .bool($0) }, decode: { $0.bool })
    }

    public static func textArray(_ name: String) -> ControlField<[String]> {
        ControlField(name: name, signature: "as", meaning: "an array of strings", encode: { .stringArray($0) }, decode: { $0.stringArray })
    }

    public static func text(_ name: String) -> ControlField<String> {
        ControlField(name: name, signature: "s", meaning: "a string", encode: { .string($0) }, decode: { $0.string })
    }

    /// A JSON document as a string; its shape is in the method's doc.
    public static func json(_ name: String) -> ControlField<String> {
        ControlField(name: name, signature: "s", meaning: "a JSON text", encode: { .string($0) }, decode: { $0.string })
    }

    /// An instant as an ISO 8601 string in UTC with milliseconds ("2026-11-22T18:00:00.000Z").
    public static func instant(_ name: String) -> ControlField<Date> {
        ControlField(
            name: name, signature: "s", meaning: "an ISO 8601 instant", encode: { .string(ISO8601.format($0)) },
            decode: { value in value.string.flatMap(ISO8601.parse) })
    }

    /// No instant or one: an array of zero or one ISO 8601 strings (no "" sentinel).
    public static func optionalInstant(_ name: String) -> ControlField<Date?> {
        ControlField(
            name: name, signature: "as", meaning: "an array of zero or one ISO 8601 instant",
            encode: { .stringArray($0.map { [ISO8601.format($0)] } ?? []) },
            decode: { value in
                switch value.stringArray {
                case .some([]): .some(nil)
                case .some(let texts) where texts.count == 1: ISO8601.parse(texts[0]).map { .some($0) }
                default: nil
                }
            })
    }
}
