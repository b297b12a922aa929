/// Where a value sits in a TOML document: `reminders.time`, `workouts.push.exercises[1].sets`.
public struct TOMLPath: Hashable, Sendable, CustomStringConvertible, ExpressibleByArrayLiteral {
    public enum Component: Hashable, Sendable {
        case key(String)
        case index(Int)
    }

    public var components: [Component]

    public init(_ components: [Component] = []) { self.components = components }
    public init(arrayLiteral elements: Component...) { self.components = elements }
    /// `TOMLPath(keys: "reminders", "time")`: named keys only.
    public init(keys: String...) { self.components = keys.map { .key($0) } }

    public static let root = TOMLPath()

    public var isRoot: Bool { components.isEmpty }
    public var parent: TOMLPath { TOMLPath(Array(components.dropLast())) }
    public var lastKey: String? {
        if case .key(let key)? = components.last { return key }
        return nil
    }
    /// True for an element of a list (`exercises[1]`) rather than a named key.
    var isListElement: Bool {
        if case .index? = components.last { return true }
        return false
    }

    public func appending(_ key: String) -> TOMLPath { TOMLPath(components + [.key(key)]) }
    public func appending(index: Int) -> TOMLPath { TOMLPath(components + [.index(index)]) }
    public func appending(_ keys: [String]) -> TOMLPath { TOMLPath(components + keys.map { .key($0) }) }

    /// Whether `prefix`'s components start this path (every path starts with the root).
    func starts(with prefix: TOMLPath) -> Bool { components.starts(with: prefix.components) }

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
    public var tableName: String { isListElement ? description : "[\(description)]" }

    static func isBare(_ key: String) -> Bool {
        !key.isEmpty && key.unicodeScalars.allSatisfy {
            ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_" || $0 == "-"
        }
    }
}
