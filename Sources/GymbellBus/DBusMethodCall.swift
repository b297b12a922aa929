/// A method call on the service's object, as its handler sees it.
public struct DBusMethodCall: Equatable, Sendable {
    /// The caller's unique bus name (`:1.42`).
    public let sender: String
    public let path: String
    /// Empty when the caller left the optional interface field out.
    public let interface: String
    public let member: String
    /// The body's D-Bus signature, e.g. `"u"` or `"sas"`.
    public let signature: String
    public let arguments: [DBusValue]

    public init(
        sender: String, path: String, interface: String, member: String, signature: String,
        arguments: [DBusValue]
    ) {
        self.sender = sender
        self.path = path
        self.interface = interface
        self.member = member
        self.signature = signature
        self.arguments = arguments
    }
}

/// What a handler answers to a method call.
public enum DBusReply: Equatable, Sendable {
    case values([DBusValue])
    case error(DBusError)
    /// The answer comes later (worked out off the loop): the call is answered when `later` is.
    case later(DBusLaterReply)

    public static let empty = DBusReply.values([])

    public static func unknownMethod(_ call: DBusMethodCall) -> DBusReply {
        .error(DBusError(
            name: DBusError.unknownMethod,
            message: "No method \(call.interface).\(call.member) with signature '\(call.signature)'"))
    }
}

/// A reply a handler gives later: `start` is called at once on the loop with where the answer goes,
/// and that is called once, from any thread, with the reply (values or an error): the reply message is
/// built on that thread (a large one is copied and checked there) and only sent from the loop.
public final class DBusLaterReply: Equatable, @unchecked Sendable {
    let start: (@escaping (DBusReply) -> Void) -> Void

    public init(_ start: @escaping (_ answer: @escaping (DBusReply) -> Void) -> Void) { self.start = start }

    public static func == (a: DBusLaterReply, b: DBusLaterReply) -> Bool { a === b }
}
