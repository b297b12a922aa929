import CDBus

/// The parts of a D-Bus match rule that can be checked on a received signal.
///
/// The bus does the real matching; this drops what it sends for another reason (signals addressed
/// to this connection). Keys it cannot check — a well-known `sender` (the message carries the
/// owner's unique name), `argNpath`, `arg0namespace`, `eavesdrop` — are left to the bus.
struct SignalMatchRule: Equatable {
    var type: String?
    var sender: String?
    var interface: String?
    var member: String?
    var path: String?
    var pathNamespace: String?
    var destination: String?
    /// `argN='…'`: the Nth argument is this string.
    var stringArguments: [Int: String] = [:]

    /// Parses `key='value'` pairs separated by commas (outside quotes, `\'` is an apostrophe).
    init(parsing rule: String) throws(DBusError) {
        for (key, value) in try Self.fields(of: rule) {
            switch key {
            case "type": type = value
            case "sender": sender = value
            case "interface": interface = value
            case "member": member = value
            case "path": path = value
            case "path_namespace": pathNamespace = value
            case "destination": destination = value
            default:
                if key.hasPrefix("arg"), let index = Int(key.dropFirst(3)), (0...63).contains(index) {
                    stringArguments[index] = value
                }
            }
        }
    }

    func matches(_ signal: DBusSignal, destination messageDestination: String?) -> Bool {
        if let type, type != "signal" { return false }
        if let sender, sender.hasPrefix(":") || sender == DBUS_SERVICE_DBUS, sender != signal.sender { return false }
        if let interface, interface != signal.interface { return false }
        if let member, member != signal.member { return false }
        if let path, path != signal.path { return false }
        if let pathNamespace, !Self.path(signal.path, isIn: pathNamespace) { return false }
        if let destination, destination != messageDestination { return false }
        for (index, expected) in stringArguments {
            guard index < signal.arguments.count, signal.arguments[index].string == expected else { return false }
        }
        return true
    }

    private static func path(_ path: String, isIn namespace: String) -> Bool {
        namespace == "/" || path == namespace || path.hasPrefix(namespace + "/")
    }

    private static func fields(of rule: String) throws(DBusError) -> [(key: String, value: String)] {
        var fields: [(key: String, value: String)] = []
        var rest = Substring(rule)
        while !rest.isEmpty {
            guard let equals = rest.firstIndex(of: "=") else {
                throw .invalidArgs("Invalid match rule \"\(rule)\": expected key='value' pairs separated by commas")
            }
            var key = rest[..<equals].drop { $0.isWhitespace }
            while key.last?.isWhitespace == true { key = key.dropLast() }
            guard !key.isEmpty else {
                throw .invalidArgs("Invalid match rule \"\(rule)\": a value without a key")
            }
            rest = rest[rest.index(after: equals)...]
            var value = ""
            var isQuoted = false
            while let character = rest.first {
                rest = rest.dropFirst()
                if character == "'" {
                    isQuoted.toggle()
                } else if !isQuoted, character == "," {
                    break
                } else if !isQuoted, character == "\\", rest.first == "'" {
                    value.append("'")
                    rest = rest.dropFirst()
                } else {
                    value.append(character)
                }
            }
            guard !isQuoted else {
                throw .invalidArgs("Invalid match rule \"\(rule)\": unterminated quote in the value of \(key)")
            }
            fields.append((String(key), value))
        }
        return fields
    }
}
