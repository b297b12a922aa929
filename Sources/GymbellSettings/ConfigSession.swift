import GymbellCore
import GymbellPlatform

/// The user's config file as the window's Preferences edit it: read once, then every change written at once
/// through `ConfigEditor` (comments and layout kept) and `ConfigFileWriter` (atomic, never over a file
/// that changed on disk since it was read, never over a file with mistakes). The daemon watches the
/// file and applies it by itself.
public final class ConfigSession {
    /// What the file holds now, as far as the window knows.
    public enum State {
        /// A valid config (the user's file, or the one in force when the user has none yet).
        case valid(Config)
        /// The file has mistakes: each as `path:line:column: message`. It is the person's to fix.
        case invalid([String])
        case unreadable(String)
    }

    /// What became of one change.
    public enum Outcome {
        case written(Config)
        /// The file changed on disk and the change touches what changed there too: `keepMine` writes it
        /// over the file as it is now, `takeTheirs` drops it.
        case conflict(keys: [String])
        case invalidOnDisk([String])
        case failed(String)
    }

    public let paths: XDGPaths
    public let path: String
    public private(set) var state: State = .unreadable("")
    private var snapshot: ConfigFileSnapshot?
    /// The change that waits for the person's answer to a conflict.
    private var pending = Change.settings([])

    /// A change as the window makes it: Preferences' settings, or the Workouts and Programme pages' edits.
    public enum Change {
        case settings([ConfigEdit])
        case workouts([WorkoutEdit])

        /// The keys it changes, for telling whether an edit on disk touched them too.
        var paths: [ConfigTextEdit] {
            switch self {
            case .settings(let edits): edits.flatMap(\.textEdits)
            case .workouts(let edits): edits.flatMap(\.touchedKeys).map(ConfigTextEdit.remove)
            }
        }

        func apply(to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
            switch self {
            case .settings(let edits): try ConfigEditor.apply(edits, to: text, path: path)
            case .workouts(let edits): try ConfigEditor.apply(edits, to: text, path: path)
            }
        }
    }

    public init(paths: XDGPaths = XDGPaths()) {
        self.paths = paths
        path = paths.userConfigFile
    }

    /// Whether no config file exists at all (the user's or a system one): a first run.
    public var isFirstRun: Bool { ConfigSource.locate(paths) == nil }

    /// Reads the file again; the state says what it holds.
    @discardableResult
    public func reload() -> State {
        do {
            let read = try ConfigFileWriter.read(path: path)
            snapshot = read
            let text = ConfigFileWriter.startingText(of: read, paths: paths)
            do {
                state = .valid(try ConfigParser.parse(text, path: read.text == nil ? (ConfigSource.locate(paths) ?? path) : path))
            } catch {
                state = .invalid(error.diagnostics.map(\.description))
            }
        } catch {
            snapshot = nil
            state = .unreadable(error.description)
        }
        return state
    }

    /// Writes the welcome's config as the user's file; refuses when a file appeared there meanwhile.
    public func writeFirstRun(_ choices: FirstRunChoices) throws {
        let empty = try ConfigFileWriter.read(path: path)
        guard empty.text == nil else { throw ConfigWriteError.changedOnDisk(path: path) }
        snapshot = try ConfigFileWriter.write(try FirstRunConfig.make(choices).text, over: empty)
        reload()
    }

    /// Whether the file on disk is no longer what was read.
    public var changedOnDisk: Bool { snapshot.map { ConfigFileWriter.hasChanged(since: $0) } ?? true }

    /// Applies `edits` to the file. A file changed on disk is read again and the edits applied there
    /// when they touch none of the keys changed on disk; otherwise the outcome is a conflict.
    public func apply(_ edits: [ConfigEdit]) -> Outcome { apply(.settings(edits)) }

    /// Applies workout and programme edits, as `apply(_:)` does settings.
    public func apply(_ edits: [WorkoutEdit]) -> Outcome { apply(.workouts(edits)) }

    public func apply(_ edits: Change) -> Outcome {
        if case .invalid = state, case .invalid(let messages) = reload() {
            return .invalidOnDisk(messages)  // the person's to fix (a file fixed meanwhile is edited)
        }
        guard let snapshot else {
            reload()
            if case .unreadable(let reason) = state { return .failed(reason) }
            return apply(edits)
        }
        let base = ConfigFileWriter.startingText(of: snapshot, paths: paths)
        return DirectoryLock.holding(FilePath.directory(of: path)) { writeRetrying(edits, clashingWith: base) }
    }

    /// Writes `edits` on the file as last read. A file that changes meanwhile (before the write or in the
    /// instant of it) is read again and the edits made there, as long as they touch none of the keys
    /// changed since `base` (the text the person edited; nil: whatever changed), up to
    /// `ConfigFileWriter.attempts` times.
    private func writeRetrying(_ edits: Change, clashingWith base: String?) -> Outcome {
        for attempt in 1...ConfigFileWriter.attempts {
            guard let current = snapshot else { return .failed(stateText) }
            let text = ConfigFileWriter.startingText(of: current, paths: paths)
            if let base, text != base {
                let clashes = ConfigEditor.conflicts(edits.paths, base: base, current: text)
                guard clashes.isEmpty else {
                    pending = edits
                    return .conflict(keys: clashes.map(\.description))
                }
            }
            switch write(edits, startingFrom: text, over: current) {
            case .failure(.write(.changedOnDisk)):
                if attempt > 1 { ConfigFileWriter.pause(beforeAttempt: attempt + 1) }
                reload()
                if case .invalid(let messages) = state { return .invalidOnDisk(messages) }
            case let result:
                return outcome(result)
            }
        }
        return .failed(ConfigWriteError.keptChanging(path: path, attempts: ConfigFileWriter.attempts).description)
    }

    /// After a conflict: writes the waiting change over the file as it is now.
    public func keepMine() -> Outcome {
        let edits = pending
        pending = .settings([])
        reload()
        return DirectoryLock.holding(FilePath.directory(of: path)) { writeRetrying(edits, clashingWith: nil) }
    }

    /// After a conflict: drops the waiting change (the file as changed on disk stays).
    public func takeTheirs() {
        pending = .settings([])
        reload()
    }

    private var stateText: String {
        if case .unreadable(let reason) = state { return reason }
        return ""
    }

    private func write(_ edits: Change, startingFrom text: String, over snapshot: ConfigFileSnapshot)
        -> Result<EditedConfig, ConfigFileEditError>
    {
        let edited: EditedConfig
        do {
            edited = try edits.apply(to: text, path: path)
        } catch {
            return .failure(.edit(error))
        }
        do {
            self.snapshot = try ConfigFileWriter.write(edited.text, over: snapshot)
        } catch {
            return .failure(.write(error))
        }
        state = .valid(edited.config)
        return .success(edited)
    }

    private func outcome(_ result: Result<EditedConfig, ConfigFileEditError>) -> Outcome {
        switch result {
        case .success(let edited): return .written(edited.config)
        case .failure(.write(.invalidOnDisk(let errors))):
            state = .invalid(errors.diagnostics.map(\.description))
            return .invalidOnDisk(errors.diagnostics.map(\.description))
        case .failure(.edit(.invalidResult(let errors))), .failure(.edit(.unreadable(let errors))),
             .failure(.write(.invalidText(let errors))):
            return .failed(errors.diagnostics.map(\.description).joined(separator: "\n"))
        case .failure(let error): return .failed(error.description)
        }
    }
}
