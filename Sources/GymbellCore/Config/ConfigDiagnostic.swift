/// One problem in a config file, located the way editors and compilers do: `path:line:column: message`,
/// or `path:line:column: warning: message` for what does not stop the file from being used.
public struct ConfigDiagnostic: Equatable, Sendable, CustomStringConvertible {
    public enum Severity: Equatable, Sendable {
        /// The file cannot be used: the config in force stays (or the built-in default is used).
        case error
        /// The file is used; something in it is likely not what was meant.
        case warning
    }

    /// The file as the user named it (or a label such as "(built-in default)").
    public let path: String
    /// 1-based line.
    public let line: Int
    /// 1-based column, counted in Unicode scalars.
    public let column: Int
    /// A sentence naming the key or value and what is wrong with it.
    public let message: String
    public let severity: Severity

    public init(path: String, line: Int, column: Int, message: String, severity: Severity = .error) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.severity = severity
    }

    public var description: String {
        "\(path):\(line):\(column): " + (severity == .warning ? "warning: " : "") + message
    }
}

/// Everything wrong with a config file, in file order: at least one error, and the file's warnings.
public struct ConfigErrors: Error, Equatable, Sendable, CustomStringConvertible {
    /// Sorted by line, then column; problems at the same place keep the order they were found in.
    public let diagnostics: [ConfigDiagnostic]

    public init(diagnostics: [ConfigDiagnostic]) {
        self.diagnostics = diagnostics.enumerated()
            .sorted { ($0.element.line, $0.element.column, $0.offset) < ($1.element.line, $1.element.column, $1.offset) }
            .map(\.element)
    }

    /// One diagnostic per line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
