import GymbellCore
import GymbellBus

/// One method of `io.github.gymbell.Gymbell1` as data: what the introspection XML says about it.
public struct ControlMethodDescription: Equatable, Sendable {
    public struct Argument: Equatable, Sendable {
        public let name: String
        public let signature: String
    }

    public let name: String
    public let arguments: [Argument]
    public let reply: Argument
    /// One or more sentences for people calling it with gdbus or from a script.
    public let doc: String
    /// The D-Bus errors it can answer besides UnknownMethod/AccessDenied.
    public let errors: [ControlErrorName]

    /// The signature of its arguments, e.g. `"udd"`.
    public var signature: String { arguments.map(\.signature).joined() }
}

/// One method of the control interface with its Swift types: `Arguments` is what the client sends
/// (`Void`, one value, or a tuple), `Reply` what the daemon answers. Both sides code through it.
public struct ControlMethod<Arguments, Reply>: Sendable {
    public let description: ControlMethodDescription
    let encodeArguments: @Sendable (Arguments) -> [DBusValue]
    let decodeArguments: @Sendable ([DBusValue]) throws(CommandError) -> Arguments
    let replyField: ControlField<Reply>

    public var name: String { description.name }

    /// The call's arguments, or InvalidArgs with a sentence when the signature or a value is wrong.
    public func arguments(of call: DBusMethodCall) throws(CommandError) -> Arguments {
        guard call.signature == description.signature else {
            throw .invalidArgument("\(name) takes arguments of type (\(description.signature)), not (\(call.signature))")
        }
        return try decodeArguments(call.arguments)
    }

    public func encode(_ arguments: Arguments) -> [DBusValue] { encodeArguments(arguments) }

    public func encodeReply(_ reply: Reply) -> [DBusValue] { [replyField.encode(reply)] }

    /// The daemon's answer as `Reply`, or nil when it is not what the contract promises.
    public func decodeReply(_ values: [DBusValue]) -> Reply? {
        guard values.count == 1, values[0].signature == replyField.signature else { return nil }
        return replyField.decode(values[0])
    }

    public var replyMeaning: String { replyField.meaning }
}

extension ControlMethod where Arguments == Void {
    init(_ name: String, reply: ControlField<Reply>, doc: String, errors: [ControlErrorName]) {
        description = ControlMethodDescription(
            name: name, arguments: [], reply: .init(name: reply.name, signature: reply.signature), doc: doc, errors: errors)
        encodeArguments = { _ in [] }
        decodeArguments = { _ throws(CommandError) in }
        replyField = reply
    }
}

extension ControlMethod {
    init(_ name: String, _ a: ControlField<Arguments>, reply: ControlField<Reply>, doc: String, errors: [ControlErrorName]) {
        description = ControlMethodDescription(
            name: name, arguments: [.init(name: a.name, signature: a.signature)],
            reply: .init(name: reply.name, signature: reply.signature), doc: doc, errors: errors)
        encodeArguments = { [a.encode($0)] }
        decodeArguments = { values throws(CommandError) in try value(values[0], a) }
        replyField = reply
    }

    init<A, B>(
        _ name: String, _ a: ControlField<A>, _ b: ControlField<B>, reply: ControlField<Reply>, doc: String, errors: [ControlErrorName]
    ) where Arguments == (A, B) {
        description = ControlMethodDescription(
            name: name, arguments: [.init(name: a.name, signature: a.signature), .init(name: b.name, signature: b.signature)],
            reply: .init(name: reply.name, signature: reply.signature), doc: doc, errors: errors)
        encodeArguments = { [a.encode($0.0), b.encode($0.1)] }
        decodeArguments = { values throws(CommandError) in (try value(values[0], a), try value(values[1], b)) }
        replyField = reply
    }

    init<A, B, C>(
        _ name: String, _ a: ControlField<A>, _ b: ControlField<B>, _ c: ControlField<C>, reply: ControlField<Reply>, doc: String,
        errors: [ControlErrorName]
    ) where Arguments == (A, B, C) {
        description = ControlMethodDescription(
            name: name,
            arguments: [.init(name: a.name, signature: a.signature), .init(name: b.name, signature: b.signature),
                .init(name: c.name, signature: c.signature)],
            reply: .init(name: reply.name, signature: reply.signature), doc: doc, errors: errors)
        encodeArguments = { [a.encode($0.0), b.encode($0.1), c.encode($0.2)] }
        decodeArguments = { values throws(CommandError) in
            (try value(values[0], a), try value(values[1], b), try value(values[2], c))
        }
        replyField = reply
    }
}

/// One argument whose D-Bus type the signature check has already confirmed.
private func value<T>(_ value: DBusValue, _ field: ControlField<T>) throws(CommandError) -> T {
    guard let decoded = field.decode(value) else { throw .invalidArgument("\(field.name) must be \(field.meaning)") }
    return decoded
}

extension ControlMethodDescription: CustomStringConvertible {
    /// `Hiit(udd) -> s`, for logs and test names.
    public var description: String { "\(name)(\(signature)) -> \(reply.signature)" }
}
