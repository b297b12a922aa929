import FoundationEssentials
import GymbellPlatform

/// The XDG base directories gymbell uses (DESIGN.md §1), from an environment.
public struct XDGPaths: Sendable {
    public let configHome: String
    public let configDirs: [String]
    public let stateHome: String
    public let dataHome: String
    public let dataDirs: [String]
    /// The home directory (`$HOME`), for the `~` of a path in the config.
    public let home: String

    public init(environment: (String) -> String? = CurrentProcess.environmentVariable) {
        let home = environment("HOME").flatMap { $0.isEmpty ? nil : $0 } ?? CurrentProcess.homeDirectory
        self.home = home
        func absolute(_ key: String) -> String? {
            guard let value = environment(key), value.hasPrefix("/") else { return nil }  // relative paths are invalid per spec
            return value
        }
        configHome = absolute("XDG_CONFIG_HOME") ?? home + "/.config"
        configDirs = (environment("XDG_CONFIG_DIRS").map { $0.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") } })
            .flatMap { $0.isEmpty ? nil : $0 } ?? ["/etc/xdg"]
        stateHome = absolute("XDG_STATE_HOME") ?? home + "/.local/state"
        dataHome = absolute("XDG_DATA_HOME") ?? home + "/.local/share"
        dataDirs = (environment("XDG_DATA_DIRS").map { $0.split(separator: ":").map(String.init).filter { $0.hasPrefix("/") } })
            .flatMap { $0.isEmpty ? nil : $0 } ?? ["/usr/local/share", "/usr/share"]
    }

    /// The installed app icon as a file: servers find a themed icon by name only in their own icon
    /// paths (dunst's `icon_path`, a server started before the icon was installed), a file everywhere.
    /// Raster first (every server loads PNG); also beside the executable (`make install PREFIX=/opt/…`).
    public func iconFile(named id: String, executable: String? = nil) -> String? {
        var shares = [dataHome] + dataDirs
        if let executable {
            shares.append(URL(fileURLWithPath: executable).deletingLastPathComponent().deletingLastPathComponent().path + "/share")
        }
        let names = ["128x128/apps/\(id).png", "48x48/apps/\(id).png", "scalable/apps/\(id).svg"]
        for share in shares {
            for name in names where FileManager.default.isReadableFile(atPath: "\(share)/icons/hicolor/\(name)") {
                return "\(share)/icons/hicolor/\(name)"
            }
        }
        return nil
    }

    /// Config files in the order they are looked for; the first that exists is used.
    public var configCandidates: [String] {
        ([configHome] + configDirs).map { $0 + "/gymbell/config.toml" }
    }

    /// Where the user's own config file goes.
    public var userConfigFile: String { configHome + "/gymbell/config.toml" }

    public var stateDirectory: String { stateHome + "/gymbell" }
    public var stateDatabase: String { stateDirectory + "/state.sqlite" }
    /// This computer's id in a synced folder (issue 48), beside the state and not in it.
    public var deviceID: String { stateDirectory + "/device-id" }
    /// The sound helper's journal of other programs' streams it lowered while a sound played (issue 47).
    public var duckJournal: String { stateDirectory + "/ducked" }
    /// Its journal of media players it paused while a sound played (`duck = "pause"`; issue 47).
    public var pauseJournal: String { stateDirectory + "/paused" }
}
