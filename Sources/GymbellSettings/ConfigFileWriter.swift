import FoundationEssentials
import GymbellCore
import GymbellPlatform
import TOML

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
    /// The file changed each time the edit was made again on it: another program keeps writing it.
    case keptChanging(path: String, attempts: Int)
    /// Another program changed the file in the very instant it was replaced, and its change could not
    /// be put back in place: it is kept in the file `keptAt`.
    case changedWhileWriting(path: String, keptAt: String)

    public var description: String {
        switch self {
        case .changedOnDisk(let path): "\(path) changed on disk since it was read; read it again and redo the change"
        case .invalidOnDisk(let errors), .invalidText(let errors): errors.description
        case .unreadable(let path, let reason): "\(path): cannot read the config file: \(reason)"
        case .cannotWrite(let path, let reason): "cannot write \(path): \(reason)"
        case .keptChanging(let path, let attempts):
            "\(path) kept changing while gymbell edited it (\(attempts) tries): another program is writing it; nothing was changed — try again once it is done"
        case .changedWhileWriting(let path, let kept):
            "\(path) was changed by another program while gymbell replaced it; its version is kept in \(kept) — compare the two and merge by hand"
        }
    }
}

/// The only way gymbell writes a person's config file: edits made by `ConfigEditor` on the text as
/// read, written atomically over the file only while the file is still that text and valid, and the
/// new text only when it is valid. The daemon's watcher sees the rename and applies the file at once.
public enum ConfigFileWriter {
    /// The file at `path` as it is now (no file: a snapshot without text, for a first run).
    public static func read(path: String, limits: TOMLLimits = .standard) throws(ConfigWriteError) -> ConfigFileSnapshot {
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

    /// How many times an edit is made again on a file that changed while it was being written.
    public static let attempts = 20

    /// Writes `text` over the file of `snapshot`, creating its directory on a first run. Refuses when
    /// the file changed since the snapshot, when the file on disk is not a valid config, and when
    /// `text` is not one. The file is compared with the snapshot's text once more immediately before
    /// the new one is swapped in: lines another program appended meanwhile are kept after the edit
    /// (when the whole is still a valid config); any other change, or one made in the instant of the
    /// swap, is put back (with anything appended since) and reported as `changedOnDisk`, so the edit
    /// is made again on it.
    /// Returns the snapshot of the file as written.
    @discardableResult
    public static func write(_ text: String, over snapshot: ConfigFileSnapshot) throws(ConfigWriteError) -> ConfigFileSnapshot {
        let path = snapshot.path
        do {
            _ = try ConfigParser.check(text, path: path)
        } catch {
            throw .invalidText(error)
        }
        // The file as read must be a valid config (the person's to fix otherwise); what changed since is
        // compared right before the swap.
        if let onDisk = snapshot.text {
            do {
                _ = try ConfigParser.check(onDisk, path: path)
            } catch {
                throw .invalidOnDisk(error)
            }
        }
        let bytes = Array(text.utf8)
        let outcome: GuardedReplacement
        do {
            if snapshot.text == nil { try FileReplacement.makeDirectories(FilePath.directory(of: path)) }
            // Lines another program appends meanwhile stay, after the edit, as long as the whole is a valid config.
            outcome = try GuardedFileReplacement.replace(
                path, with: bytes, ifStillHolding: snapshot.text.map { Array($0.utf8) },
                acceptsAppended: { carried in
                    guard let whole = String(validating: carried, as: UTF8.self) else { return false }
                    return (try? ConfigParser.check(whole, path: path)) != nil
                })
        } catch {
            throw .cannotWrite(path: path, reason: error.reason)
        }
        switch outcome {
        case .replaced(let written):
            let writtenText = written.count == bytes.count ? text : String(decoding: written, as: UTF8.self)
            return ConfigFileSnapshot(path: path, text: writtenText, stamp: FileReplacement.stamp(of: path))
        case .changedBefore:
            throw .changedOnDisk(path: path)
        case .changedDuring(let displaced, let written):
            try putBack(displaced, replacedBy: written, at: path)
            throw .changedOnDisk(path: path)
        }
    }

    /// After a swap that displaced another program's change: puts the displaced text back in place of
    /// `written`, with whatever was appended to `written` since, so that no line of either is lost.
    /// When that cannot be done (the new file was itself rewritten meanwhile), the displaced text is
    /// kept in a file beside it, named in the error.
    static func putBack(_ displaced: [UInt8], replacedBy written: [UInt8], at path: String) throws(ConfigWriteError) {
        for _ in 0..<attempts {
            guard let current = try? BoundedFileReader.read(path: path, limit: TOMLLimits.standard.fileBytes),
                  current.starts(with: written) else { break }
            let restored = displaced + current[written.count...]
            let outcome: GuardedReplacement
            do {
                outcome = try GuardedFileReplacement.replace(path, with: restored, ifStillHolding: current, acceptsAppended: { _ in true })
            } catch {
                break
            }
            if case .replaced = outcome { return }
            // Rewritten (not appended to) in that instant: kept aside below.
            if case .changedDuring = outcome { break }
        }
        let kept = path + ".displaced-\(CurrentProcess.id)"
        do {
            _ = try FileReplacement.replace(kept, with: displaced, newFileMode: 0o600)
        } catch {
            throw .cannotWrite(path: kept, reason: error.reason)
        }
        throw .changedWhileWriting(path: path, keptAt: kept)
    }

    /// Reads the file at `path`, applies `edits` and writes it; a file that changes meanwhile (another
    /// program appending a line, an editor saving) is read again and the edits made on the new text,
    /// up to `attempts` times, with a short pause between. A missing file starts as `startingFrom` (the
    /// system's config in force, say), else as the built-in default. Cooperating gymbell processes take
    /// turns (a lock on the file's directory). `retried` hears of each change seen meanwhile.
    @discardableResult
    public static func apply(
        _ edits: [ConfigTextEdit], toFileAt path: String, startingFrom: String? = nil, retried: (Int) -> Void = { _ in }
    ) throws(ConfigFileEditError) -> EditedConfig {
        try DirectoryLock.holding(FilePath.directory(of: path)) { () throws(ConfigFileEditError) -> EditedConfig in
            try applyRetrying(edits, toFileAt: path, startingFrom: startingFrom, retried: retried)
        }
    }

    private static func applyRetrying(
        _ edits: [ConfigTextEdit], toFileAt path: String, startingFrom: String?, retried: (Int) -> Void
    ) throws(ConfigFileEditError) -> EditedConfig {
        var attempt = 0
        while true {
            attempt += 1
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
            do throws(ConfigWriteError) {
                try write(edited.text, over: snapshot)
                return edited
            } catch .changedOnDisk where attempt < attempts {
                retried(attempt)
                pause(beforeAttempt: attempt + 1)
            } catch .changedOnDisk {
                throw .write(.keptChanging(path: path, attempts: attempts))
            } catch {
                throw .write(error)
            }
        }
    }

    /// A short pause, growing and jittered, so that a writer mid-burst finishes first.
    public static func pause(beforeAttempt attempt: Int) {
        CurrentProcess.pause(microseconds: UInt32(min(attempt, 10) * 2_000 + Int.random(in: 0..<2_000)))
    }
}

extension ConfigFileWriter {
    /// `apply` with the typed settings of the window's Preferences.
    @discardableResult
    public static func apply(
        _ edits: [ConfigEdit], toFileAt path: String, startingFrom: String? = nil, retried: (Int) -> Void = { _ in }
    ) throws(ConfigFileEditError) -> EditedConfig {
        try apply(edits.flatMap(\.textEdits), toFileAt: path, startingFrom: startingFrom, retried: retried)
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
