import Foundation

/// The XDG base directories gymbell uses (DESIGN.md §1), from an environment.
public struct XDGPaths: Sendable {
    public let configHome: String
    public let configDirs: [String]
    public let stateHome: String

    public init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        func absolute(_ key: String) -> String? {
            guard let value = environment[key], value.hasPrefix("/") else { return nil }  // relative paths are invalid per spec
            return value
        }
        configHome = absolute("XDG_CONFIG_HOME") ?? home + "/.config"
        configDirs = (environment["XDG_CONFIG_DIRS"].map { $0.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") } })
            .flatMap { $0.isEmpty ? nil : $0 } ?? ["/etc/xdg"]
        stateHome = absolute("XDG_STATE_HOME") ?? home + "/.local/state"
    }

    /// Config files in the order they are looked for; the first that exists is used.
    public var configCandidates: [String] {
        ([configHome] + configDirs).map { $0 + "/gymbell/config.toml" }
    }

    /// Where the user's own config file goes.
    public var userConfigFile: String { configHome + "/gymbell/config.toml" }

    public var stateDirectory: String { stateHome + "/gymbell" }
    public var stateDatabase: String { stateDirectory + "/state.sqlite" }
}
