import FoundationEssentials
import TOML

/// `[sync]`: the folder a sync engine (Syncthing) keeps in step across the person's computers (issue 48).
/// Each computer writes its own journal there and merges the others'.
public struct SyncSettings: Equatable, Sendable {
    /// As written: an absolute path, or `~/…` (the daemon puts the home directory in).
    public var folder: String

    public init(folder: String) { self.folder = folder }

    /// The folder with `~` replaced by `home`.
    public func path(home: String) -> String {
        if folder == "~" { return home }
        guard folder.hasPrefix("~/") else { return folder }
        return (home.hasSuffix("/") ? String(home.dropLast()) : home) + folder.dropFirst()
    }

    /// A chosen folder as the config writes it: `~/…` under `home` (the same on each computer), else as is.
    public static func written(_ path: String, home: String) -> String {
        let home = home.hasSuffix("/") ? String(home.dropLast()) : home
        if home.isEmpty || !path.hasPrefix("/") { return path }
        if path == home { return "~" }
        return path.hasPrefix(home + "/") ? "~" + path.dropFirst(home.count) : path
    }
}

extension SyncSettings {
    /// Why a folder cannot be the synced folder: the config reader, `config set` and the window say it.
    public enum FolderProblem: Equatable, Sendable {
        case empty, notAbsolute, controlOrTooLong

        /// The reader's sentence (`config set` puts the key before it).
        public func sentence(folder: String) -> String {
            switch self {
            case .empty: "the folder is empty; name the synced folder or remove [sync]"
            case .notAbsolute: "\(TOMLText.quoted(folder)) is not an absolute path; write it from / or from ~/ (\"~/Sync/gymbell\")"
            case .controlOrTooLong: "the folder's path holds a control character or is longer than 4096 bytes"
            }
        }
    }

    /// What is wrong with `folder` as `[sync] folder`; nil: nothing.
    public static func problem(with folder: String) -> FolderProblem? {
        if folder.isEmpty { return .empty }
        guard folder.hasPrefix("/") || folder == "~" || folder.hasPrefix("~/") else { return .notAbsolute }
        guard !folder.unicodeScalars.contains(where: RecordBounds.isControl), folder.utf8.count <= 4096 else { return .controlOrTooLong }
        return nil
    }
}

extension SettingsDecoding {
    static let syncKeys = ["folder"]

    /// `[sync] folder`: absolute or under `~`; nil (no syncing) when the table has no valid folder.
    static func decodeSync(_ table: [String: TOMLValue], reader: inout ConfigReader) -> SyncSettings? {
        let path: TOMLPath = [.key("sync")]
        reader.rejectUnknownKeys(of: table, at: path, known: syncKeys, elsewhere: ConfigParser.sectionHolding)
        guard let value = table["folder"] else {
            reader.reportKey(path, "[sync] needs folder = \"~/Sync/gymbell\": the folder your sync engine shares between your computers")
            return nil
        }
        let key = path.appending("folder")
        guard let folder = reader.string(value, at: key, expected: "a folder like \"~/Sync/gymbell\"", whenEmpty: SyncSettings.FolderProblem.empty.sentence(folder: ""))
        else { return nil }
        if let problem = SyncSettings.problem(with: folder) {
            reader.reportValue(key, problem.sentence(folder: folder))
            return nil
        }
        return SyncSettings(folder: folder)
    }
}
