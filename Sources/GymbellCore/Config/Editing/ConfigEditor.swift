import TOML

/// A config file's text after edits, checked by the same reader that reads it at start-up.
public struct EditedConfig: Sendable {
    public let text: String
    /// What the daemon will read from `text`.
    public let config: Config
    /// The edited file's warnings (it is valid with them).
    public let warnings: [ConfigDiagnostic]
}

/// Why edits were not made. No text comes with any of them: the file stays as it is.
public enum ConfigEditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The text is not TOML the reader accepts, so where its keys stand is unknown.
    case unreadable(ConfigErrors)
    /// The edited text would not be a valid config: the reader's `file:line:column` diagnostics of it.
    case invalidResult(ConfigErrors)
    /// The key would have to be added to or removed from an inline table `{ … }` or a list, which the
    /// editor does not rewrite; its value can still be set.
    case insideInlineTable(TOMLPath)
    /// The path names a table or a list of tables, or a list element, not a key with a value.
    case notAKey(TOMLPath)
    /// The edit could not be written so that the file says exactly it (the editor's own check failed):
    /// a layout of dotted keys and tables it does not know how to extend.
    case cannotPlace(TOMLPath)
    /// A workout of that name is already defined.
    case workoutExists(String)
    /// No `[workouts."NAME"]` of that name.
    case noSuchWorkout(String)
    /// The programme trains the workout on these days; deleting it would leave them without one.
    case workoutInUse(String, days: [Weekday])
    /// A workout needs a name.
    case emptyName
    /// A `[programs.NAME]` of that name is already there.
    case programmeExists(String)
    /// No `[programs.NAME]` of that name.
    case noSuchProgramme(String)

    /// The TOML editor's refusal, said of the config.
    init(_ error: TOMLEditError) {
        switch error {
        case .insideInlineTable(let path): self = .insideInlineTable(path)
        case .notAKey(let path): self = .notAKey(path)
        case .cannotPlace(let path): self = .cannotPlace(path)
        }
    }

    public var description: String {
        switch self {
        case .unreadable(let errors), .invalidResult(let errors): errors.description
        case .insideInlineTable(let path):
            "\(path) is inside an inline table { … } or a list; change that value in the file itself"
        case .notAKey(let path): "\(path) is a table or a list of tables, not a setting with a value"
        case .cannotPlace(let path): "\(path) cannot be added where the file's tables are; add it in the file itself"
        case .workoutExists(let name): "a workout named \(TOMLText.quoted(name)) already exists"
        case .noSuchWorkout(let name): "no workout is named \(TOMLText.quoted(name))"
        case .workoutInUse(let name, let days):
            "the programme trains \(TOMLText.quoted(name)) on \(days.map(\.rawValue).joined(separator: ", "))"
        case .emptyName: "a workout needs a name"
        case .programmeExists(let name): "a programme [programs.\(TOMLText.quoted(name))] already exists"
        case .noSuchProgramme(let name): "no programme [programs.\(TOMLText.quoted(name))] is there"
        }
    }
}

/// The config writer: edits a config file's text where its values stand, through the layout-keeping
/// `TOMLEditor` (comments, blank lines, key order, quoting, indentation and line ends stay as the
/// person wrote them). Every edit is checked twice: the edited text must read back as the old document
/// with exactly that change, and the result must be a valid config.
public enum ConfigEditor {
    /// Applies `edits` in order to `text`; `path` names the file in diagnostics.
    public static func apply(_ edits: [ConfigTextEdit], to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
        // A byte-order mark stays where it is, outside what is edited (the reader drops it too).
        let hasMark = text.unicodeScalars.first == "\u{FEFF}"
        var bytes = Array((hasMark ? String(text.unicodeScalars.dropFirst()) : text).utf8)
        for edit in edits {
            bytes = try edited(bytes, by: edit, path: path)
        }
        let edited = (hasMark ? "\u{FEFF}" : "") + String(decoding: bytes, as: UTF8.self)
        do {
            let checked = try ConfigParser.check(edited, path: path)
            return EditedConfig(text: edited, config: checked.config, warnings: checked.warnings)
        } catch {
            throw .invalidResult(error)
        }
    }

    /// The typed settings edits of the window's Preferences.
    public static func apply(_ edits: [ConfigEdit], to text: String, path: String) throws(ConfigEditError) -> EditedConfig {
        try apply(edits.flatMap(\.textEdits), to: text, path: path)
    }

    /// The keys `edits` change that someone else also changed between `base` (the text the edits were
    /// made on) and `current` (the file as it is now): those need a person's choice. When there are
    /// none, the edits can simply be made again on `current` and both changes are kept.
    public static func conflicts(_ edits: [ConfigTextEdit], base: String, current: String) -> [TOMLPath] {
        TOMLEditor.conflicts(edits.map(\.path), base: base, current: current)
    }

    /// The TOML editor with the config's style: an exercise's keys in the order people read them.
    static let toml = TOMLEditor(keyOrder: ["name", "sets", "reps", "weight", "unit", "rest", "body", "compound", "warm_up"])

    /// `bytes` (TOML without a byte-order mark) with one edit, checked as TOML but not as a config.
    static func edited(_ bytes: [UInt8], by edit: ConfigTextEdit, path file: String) throws(ConfigEditError) -> [UInt8] {
        let document = try read(bytes, path: file)
        let change: TOMLEdit
        switch edit {
        case .remove(let path): change = .remove(path)
        case .set(let path, let value): change = .set(path, value.resolved(existing: document.node(at: path)?.value))
        }
        do {
            return try toml.edited(document, by: change)
        } catch {
            throw ConfigEditError(error)
        }
    }

    static func read(_ bytes: [UInt8], path: String) throws(ConfigEditError) -> TOMLDocument {
        do {
            return try ConfigParser.read(String(decoding: bytes, as: UTF8.self), path: path)
        } catch {
            throw .unreadable(error)
        }
    }
}
