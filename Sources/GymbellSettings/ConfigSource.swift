import FoundationEssentials
import GymbellCore
import GymbellPlatform
import TOML

/// A config in force and where it came from.
public struct LoadedConfig: Sendable {
    public let config: Config
    /// The file it was read from; nil for the built-in default.
    public let path: String?
    /// What in the file is likely not what was meant (`ConfigWarnings`); it is in use all the same.
    public var warnings: [ConfigDiagnostic] = []

    public var origin: String { path ?? "built-in default" }

    public init(config: Config, path: String?, warnings: [ConfigDiagnostic] = []) {
        self.config = config
        self.path = path
        self.warnings = warnings
    }
}

/// Why a config file could not be used: unreadable, or its diagnostics.
public enum ConfigLoadError: Error, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case invalid(ConfigErrors)

    public var description: String {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the config file: \(reason)"
        case .invalid(let errors): errors.description
        }
    }
}

/// Finds and reads the config file (XDG order, then the built-in default).
public enum ConfigSource {
    /// The first config file that exists, or nil when the built-in default applies. A path that is
    /// there but cannot be read (a dangling or looping symbolic link, a directory) counts as existing,
    /// so loading it says why instead of silently passing on to the next one or the default.
    public static func locate(_ paths: XDGPaths) -> String? {
        paths.configCandidates.first { BoundedFileReader.entryExists(atPath: $0) }
    }

    /// Reads and validates the file at `path`. Only a regular file within `limits.fileBytes` is read.
    public static func load(path: String, limits: TOMLLimits = .standard) throws(ConfigLoadError) -> LoadedConfig {
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: limits.fileBytes)
        } catch .tooLarge(let byteCount) {
            throw .invalid(ConfigErrors(diagnostics: [ConfigParser.fileTooLarge(path: path, byteCount: byteCount, limits: limits)]))
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let (line, column) = firstInvalidUTF8(in: bytes)
            throw .invalid(ConfigErrors(diagnostics: [ConfigDiagnostic(
                path: path, line: line, column: column, message: "the file is not valid UTF-8 text; save it as UTF-8")]))
        }
        do {
            let checked = try ConfigParser.check(text, path: path, limits: limits)
            return LoadedConfig(config: checked.config, path: path, warnings: checked.warnings)
        } catch {
            throw .invalid(error)
        }
    }

    /// Line and column (in characters) of the first byte that is not valid UTF-8.
    static func firstInvalidUTF8(in bytes: [UInt8]) -> (Int, Int) {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var line = 1
        var column = 1
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                // A byte-order mark is not a column: the parser drops it too.
                if scalar == "\n" { line += 1; column = 1 } else if !(line == 1 && column == 1 && scalar == "\u{FEFF}") { column += 1 }
            case .emptyInput, .error:
                return (line, column)
            }
        }
    }

    /// The config in force for `paths`: the first existing file, or the built-in default.
    public static func load(_ paths: XDGPaths) throws(ConfigLoadError) -> LoadedConfig {
        guard let path = locate(paths) else { return LoadedConfig(config: ConfigParser.defaultConfig(), path: nil) }
        return try load(path: path)
    }
}
