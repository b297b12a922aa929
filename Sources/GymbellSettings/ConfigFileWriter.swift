import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// The config file as it was read for editing: what an edit starts from, and what the file must
/// still be when the edit is written.
public struct ConfigFileSnapshot: Equatable, Sendable {
    public let path: String
    /// The text read; nil when there was no file (a first run).
    public let text: String?
    /// The file's status when read; nil when there was no file.
    public let stamp: FileStamp?

    public init(path: String, text: String?, stamp: FileStamp?) {
        self.path = path
        self.text = text
        self.stamp = stamp
    }
}

/// Why a config file was not written. The file on disk is as it was with every one of them.
public enum ConfigWriteError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file changed on disk (another editor, a sync) since it was read: read it again and redo the
    /// edit there, so that neither change is lost.
    case changedOnDisk(path: String)
    /// The file on disk is not a valid config: it is the person's to fix, never overwritten.
    case invalidOnDisk(ConfigErrors)
    /// The text to write is not a valid config.
    case invalidText(ConfigErrors)
    case unreadable(path: String, reason: String)
    case cannotWrite(path: String, reason: String)

    public var description: String {
        switch self {
        case .changedOnDisk(let path): "\(path) changed on disk since it was read; read it again and redo the change"
        case .invalidOnDisk(let errors), .invalidText(let errors): errors.description
        case .unreadable(let path, let reason): "\(path): cannot read the config file: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        }
    }
}

/// The only way gymbell writes a person's config file: edits made by `ConfigEditor` on the text as
/// read, written atomically over the file only while the file is still that text and valid, and the
/// new text only when it is valid. The daemon's watcher sees the rename and applies the file at once.
public enum ConfigFileWriter {
    /// The file at `path` as it is now (no file: a snapshot without text, for a first run).
    public static func read(path: String, limits: ConfigLimits = .standard) throws(ConfigWriteError) -> ConfigFileSnapshot {
        let stamp = FileReplacement.stamp(of: path)
        let bytes: [UInt8]
        do {
            bytes = try BoundedFileReader.read(path: path, limit: limits.fileBytes)
        } catch .missing {
            guard !BoundedFileReader.entryExists(atPath: path) else {
                throw .unreadable(path: path, reason: BoundedFileReader.Failure.missing.description)
            }
            return ConfigFileSnapshot(path: path, text: nil, stamp: nil)
        } catch {
            throw .unreadable(path: path, reason: error.description)
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw .unreadable(path: path, reason: "the file is not valid UTF-8 text")
        }
        return ConfigFileSnapshot(path: path, text: text, stamp: stamp)
    }

    /// The text edits of the snapshot's file start from: the file, else the config in force for `paths`
    /// (a system-wide file), else the built-in default.
    public static func startingText(of snapshot: ConfigFileSnapshot, paths: XDGPaths) -> String {
        if let text = snapshot.text { return text }
        if let inForce = ConfigSource.locate(paths), inForce != snapshot.path, let text = try? read(path: inForce).text {
            return text
        }
        return ConfigParser.defaultText
    }

    /// Whether the file at the snapshot's path is no longer what was read (compared by content, so a
    /// save of the same text is not a change).
    public static func hasChanged(since snapshot: ConfigFileSnapshot) -> Bool {
        if FileReplacement.stamp(of: snapshot.path) == snapshot.stamp, snapshot.stamp != nil { return false }
        guard let current = try? read(path: snapshot.path) else { return true }
        return current.text != snapshot.text
    }

    /// Writes `text` over the file of `snapshot`, creating its directory on a first run. Refuses when
    /// the file changed since the snapshot, when the file on disk is not a valid config, and when
    /// `text` is not one. Returns the snapshot of the file as written.
    @discardableResult
    public static func write(_ text: String, over snapshot: ConfigFileSnapshot) throws(ConfigWriteError) -> ConfigFileSnapshot {
        let path = snapshot.path
        do {
            _ = try ConfigParser.check(text, path: path)
        } catch {
            throw .invalidText(error)
        }
        let current = try read(path: path)
        guard current.text == snapshot.text else { throw .changedOnDisk(path: path) }
        if let onDisk = current.text {
            do {
                _ = try ConfigParser.check(onDisk, path: path)
            } catch {
                throw .invalidOnDisk(error)
            }
        }
        do {
            if current.text == nil { try FileReplacement.makeDirectories(FilePath.directory(of: path)) }
            try FileReplacement.replace(path, with: Array(text.utf8))
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        return ConfigFileSnapshot(path: path, text: text, stamp: FileReplacement.stamp(of: path))
    }

    /// Reads the file at `path`, applies `edits` and writes it. A missing file starts as `startingFrom`
    /// (the system's config in force, say), else as the built-in default.
    @discardableResult
    public static func apply(
        _ edits: [ConfigTextEdit], toFileAt path: String, startingFrom: String? = nil
    ) throws(ConfigFileEditError) -> EditedConfig {
        let snapshot: ConfigFileSnapshot
        do {
            snapshot = try read(path: path)
        } catch {
            throw .write(error)
        }
        let edited: EditedConfig
        do {
            edited = try ConfigEditor.apply(edits, to: snapshot.text ?? startingFrom ?? ConfigParser.defaultText, path: path)
        } catch {
            throw .edit(error)
        }
        do {
            try write(edited.text, over: snapshot)
        } catch {
            throw .write(error)
        }
        return edited
    }
}

extension ConfigFileWriter {
    /// `apply` with the typed settings of the window's Preferences.
    @discardableResult
    public static func apply(_ edits: [ConfigEdit], toFileAt path: String, startingFrom: String? = nil) throws(ConfigFileEditError) -> EditedConfig {
        try apply(edits.flatMap(\.textEdits), toFileAt: path, startingFrom: startingFrom)
    }
}

/// Why editing the file on disk failed: the edit itself, or reading and writing the file.
public enum ConfigFileEditError: Error, Equatable, Sendable, CustomStringConvertible {
    case edit(ConfigEditError)
    case write(ConfigWriteError)

    public var description: String {
        switch self {
        case .edit(let error): error.description
        case .write(let error): error.description
        }
    }
}
