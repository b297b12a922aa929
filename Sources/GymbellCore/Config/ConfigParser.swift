import TOML

/// A config read from a valid file, and the file's warnings.
public struct CheckedConfig: Sendable {
    public let config: Config
    /// In file order; none of them kept the file from being used.
    public let warnings: [ConfigDiagnostic]
}

/// Turns the text of a `config.toml` into a validated `Config`, reporting every problem in the file
/// with its line and column.
public enum ConfigParser {
    /// Parses and validates `text`; `path` names the file in diagnostics.
    /// Throws all problems at once, in file order. A syntax error or text beyond `limits` is one
    /// problem, found in time linear in the text's length.
    public static func parse(_ text: String, path: String, limits: TOMLLimits = .standard) throws(ConfigErrors) -> Config {
        try check(text, path: path, limits: limits).config
    }

    /// `parse`, with the warnings of a valid file (`ConfigWarnings`); an invalid file's errors are
    /// thrown with its warnings among them, in file order.
    public static func check(_ text: String, path: String, limits: TOMLLimits = .standard) throws(ConfigErrors) -> CheckedConfig {
        let document = try read(text, path: path, limits: limits)
        var reader = ConfigReader(file: path, document: document)
        let config = decodeConfig(document.values, reader: &reader)
        let warnings = ConfigWarnings.bidiControls(in: document, path: path)
        guard reader.diagnostics.isEmpty else { throw ConfigErrors(diagnostics: reader.diagnostics + warnings) }
        return CheckedConfig(config: config, warnings: warnings)
    }

    /// The TOML document in `text`, or its one syntax error or limit as the config's diagnostic.
    public static func read(_ text: String, path: String, limits: TOMLLimits = .standard) throws(ConfigErrors) -> TOMLDocument {
        // Editors on Windows start UTF-8 files with a byte-order mark; it is not part of the first line.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let byteCount = text.utf8.count
        guard byteCount <= limits.fileBytes else {
            throw ConfigErrors(diagnostics: [fileTooLarge(path: path, byteCount: byteCount, limits: limits)])
        }
        do {
            return try TOMLReader.read(text, limits: limits)
        } catch {
            throw ConfigErrors(diagnostics: [ConfigDiagnostic(
                path: path, line: error.position.line, column: error.position.column, message: error.message)])
        }
    }

    /// The diagnostic for a file of `byteCount` bytes over `limits.fileBytes`, shared by the parser and
    /// by readers that learn the size before reading the text.
    public static func fileTooLarge(path: String, byteCount: Int, limits: TOMLLimits = .standard) -> ConfigDiagnostic {
        ConfigDiagnostic(path: path, line: 1, column: 1, message: "the config file is \(TOMLLimits.size(byteCount)); "
            + "the limit is \(TOMLLimits.size(limits.fileBytes))")
    }

    /// The built-in default config file, which documents every setting.
    public static var defaultText: String {
        String(decoding: PackageResources.default_config_toml, as: UTF8.self)
    }

    /// The built-in default, parsed. (A unit test proves it parses; `Config()` would be the fallback.)
    public static func defaultConfig() -> Config {
        (try? parse(defaultText, path: "(built-in default)")) ?? Config()
    }

    // MARK: Tables

    private static let sectionKeys: KeyValuePairs<String, [String]> = [
        "reminders": [
            "enabled", "time", "days", "rest_days", "snooze_minutes", "late_grace", "start_command",
            "auto_lead", "pause_after", "rest_after_days", "rest_advice_time", "streak_warning", "streak_warning_time", "weekly_summary", "milestones", "private", "announce",
        ],
        "rest": ["default", "warn_before"],
        "sound": ["enabled", "name", "file", "cues", "countdown", "duck"],
        "quiet_hours": ["start", "end"],
        "attention": SettingsDecoding.attentionKeys,
        "mpris": ["enabled"],
        "progress": ["records", "record_min_percent", "overload", "overload_sessions", "upper_increment", "legs_increment"],
        "program": Weekday.allCases.map(\.rawValue) + ProgrammeDecoding.settingKeys,
        "programs": [],
        "workouts": [],
        "exercise_names": [],
        "kit": KitDecoding.keys,
        "sync": SettingsDecoding.syncKeys,
    ]

    /// The table a key of another section belongs in, for "it belongs in [rest]".
    static func sectionHolding(_ key: String) -> String? {
        sectionKeys.first { $0.value.contains(key) }.map { "[\($0.key)]" }
    }

    private static func decodeConfig(_ document: [String: TOMLValue], reader: inout ConfigReader) -> Config {
        var config = Config()
        var tables: [String: [String: TOMLValue]] = [:]
        for key in document.keys.sorted() {
            guard !reader.isFull else { break }
            let path = TOMLPath.root.appending(key)
            let value = document[key] ?? .table([:])
            if sectionKeys.contains(where: { $0.key == key }) {
                guard case .table(let table) = value else {
                    reader.reportWrongType(path, expected: "a table [\(key)]", got: value)
                    continue
                }
                tables[key] = table
            } else {
                reader.reportKey(path, unknownTopLevelMessage(key, value: value))
            }
        }

        if let table = tables["reminders"] { config.reminders = SettingsDecoding.decodeReminders(table, reader: &reader) }
        if let table = tables["rest"] { config.rest = SettingsDecoding.decodeRest(table, reader: &reader) }
        if let table = tables["sound"] { config.sound = SettingsDecoding.decodeSound(table, reader: &reader) }
        if let table = tables["mpris"] {
            let path: TOMLPath = [.key("mpris")]
            reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "mpris"), elsewhere: sectionHolding)
            if let value = table["enabled"], let enabled = reader.bool(value, at: path.appending("enabled")) { config.mprisEnabled = enabled }
        }
        if let table = tables["progress"] { config.progress = SettingsDecoding.decodeProgress(table, reader: &reader) }
        if let table = tables["quiet_hours"] { config.quietHours = SettingsDecoding.decodeQuietHours(table, reader: &reader) }
        if let table = tables["attention"] { config.attention = SettingsDecoding.decodeAttention(table, reader: &reader) }
        if let table = tables["workouts"] { config.workouts = WorkoutDecoding.decodeWorkouts(table, reader: &reader) }
        if let table = tables["kit"] { config.kit = KitDecoding.decode(table, reader: &reader) }
        if let table = tables["sync"] { config.sync = SettingsDecoding.decodeSync(table, reader: &reader) }
        if let table = tables["exercise_names"] { config.exerciseNames = decodeExerciseNames(table, reader: &reader) }
        // Names of workouts the file defines, even ones with errors: those are reported once, there.
        let defined = tables["workouts"].map { $0.keys.sorted() } ?? []
        if let table = tables["program"] {
            ProgrammeDecoding.decodeMain(table, workoutNames: defined, into: &config, reader: &reader)
        }
        if let table = tables["programs"] {
            config.programmes = ProgrammeDecoding.decodeNamed(table, workoutNames: defined, reader: &reader)
        }
        return config
    }

    private static func unknownTopLevelMessage(_ key: String, value: TOMLValue) -> String {
        let tableNames = sectionKeys.map(\.key)
        if case .table = value {
            if let suggestion = KeySuggestion.nearest(to: key, among: tableNames) {
                return "unknown table [\(TOMLPath([.key(key)]))]; did you mean [\(suggestion)]?"
            }
            return "unknown table [\(TOMLPath([.key(key)]))]; the tables are "
                + "[reminders], [rest], [sound], [quiet_hours], [attention], [mpris], [progress], [program], [programs.NAME], [workouts.NAME], [exercise_names], [kit] and [sync]"
        }
        if let home = sectionHolding(key) {
            return "\(TOMLText.quoted(key)) must be inside a table: put it under \(home)"
        }
        return "unknown key \(TOMLText.quoted(key)) at the top of the file; "
            + "settings go in tables such as [reminders]"
    }

    /// `[exercise_names]`: a name an imported log (Strong, Hevy) gives an exercise → the config's name.
    private static func decodeExerciseNames(_ table: [String: TOMLValue], reader: inout ConfigReader) -> [String: String] {
        var names: [String: String] = [:]
        for key in table.keys.sorted() {
            guard let value = table[key] else { continue }
            let path = TOMLPath([.key("exercise_names"), .key(key)])
            if let name = reader.string(value, at: path, expected: "the exercise's name in your workouts", whenEmpty: "an exercise needs a name") {
                names[key] = name
            }
        }
        return names
    }

    /// The keys `[section]` takes.
    static func keys(of section: String) -> [String] {
        sectionKeys.first { $0.key == section }?.value ?? []
    }
}
