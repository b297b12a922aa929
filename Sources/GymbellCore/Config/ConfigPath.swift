/// Where a value sits in the config document: `reminders.time`, `workouts.push.exercises[1].sets`.
public struct ConfigPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }
    public init(arrayLiteral elements: Component...) { self.components = elements }
    /// `ConfigPath(keys: "reminders", "time")`: named keys only.
    public init(keys: String...) { self.components = keys.map { .key($0) } }

    public static let root = ConfigPath()

    public var isRoot: Bool { components.isEmpty }
    public var parent: ConfigPath { ConfigPath(Array(components.dropLast())) }
    public var lastKey: String? {
        if case .key(let key)? = components.last { return key }
        return nil
    }
    /// True for an element of a list (`exercises[1]`) rather than a named key.
    var isListElement: Bool {
        if case .index? = components.last { return true }
        return false
    }

    public func appending(_ key: String) -> ConfigPath { ConfigPath(components + [.key(key)]) }
    public func appending(index: Int) -> ConfigPath { ConfigPath(components + [.index(index)]) }
    public func appending(_ keys: [String]) -> ConfigPath { ConfigPath(components + keys.map { .key($0) }) }

    /// Whether `prefix`'s components start this path (every path starts with the root).
    func starts(with prefix: ConfigPath) -> Bool { components.starts(with: prefix.components) }

    /// Keys as TOML writes them: bare when possible, quoted otherwise; a long one shortened (and a
    /// long path cut) so that a message never echoes much of the file.
    public var description: String {
        var text = ""
        for component in components {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += Self.isBare(key) ? TOMLText.abbreviated(key) : TOMLText.quoted(key)
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return TOMLText.abbreviated(text, to: TOMLText.echoLimit + 20)
    }

    /// How a message names the table at this path: `[reminders]`, or `workouts.push.exercises[1]` for an
    /// element of a list.
    var tableName: String { isListElement ? description : "[\(description)]" }

    static func isBare(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }
}

/// Writing values back the way a TOML file spells them, for messages: the config's diagnostics, and
/// the control interface's errors that name a workout or an exercise (a name given over D-Bus may be
/// a megabyte long).
public enum TOMLText {
    /// How many characters of a key or value a message repeats; the rest is "…".
    public static let echoLimit = 40

    /// `"text"` with TOML basic-string escapes; a long text shortened to its start. What a terminal
    /// would obey rather than show (`TerminalText.needsEscape`: controls, bidirectional controls) is
    /// written `\uXXXX`, so a message that quotes a value is safe to print and still valid TOML.
    public static func quoted(_ text: String) -> String {
        let count = text.unicodeScalars.count
        guard count <= echoLimit else {
            return quoted(String(String.UnicodeScalarView(text.unicodeScalars.prefix(echoLimit)))).dropLast()
                + "…\" (\(count) characters)"
        }
        return basicString(text, escaping: TerminalText.needsEscape)
    }

    /// `"text"` as a TOML basic string: quote, backslash, newline, tab and carriage return escaped as
    /// TOML spells them, and every other scalar `escaping` picks written `\uXXXX`.
    static func basicString(_ text: String, escaping: (Unicode.Scalar) -> Bool) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case _ where escaping(scalar):
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }

    /// `text`, or its first `limit` characters and "…".
    static func abbreviated(_ text: String, to limit: Int = echoLimit) -> String {
        text.unicodeScalars.count <= limit ? text : String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit))) + "…"
    }
}
