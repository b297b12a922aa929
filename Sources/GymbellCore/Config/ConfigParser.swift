/// Turns the text of a `config.toml` into a validated `Config`, reporting every problem in the file
/// with its line and column.
public enum ConfigParser {
    /// Parses and validates `text`; `path` names the file in diagnostics.
    /// Throws all problems at once, in file order. A syntax error or text beyond `limits` is one
    /// problem, found in time linear in the text's length.
    public static func parse(_ text: String, path: String, limits: ConfigLimits = .standard) throws(ConfigErrors) -> Config {
        let document = try read(text, path: path, limits: limits)
        var reader = ConfigReader(file: path, document: document)
        let config = decodeConfig(document.values, reader: &reader)
        guard reader.diagnostics.isEmpty else { throw ConfigErrors(diagnostics: reader.diagnostics) }
        return config
    }

    /// The TOML document in `text`, or its one syntax error or limit.
    static func read(_ text: String, path: String, limits: ConfigLimits) throws(ConfigErrors) -> TOMLDocument {
        // Editors on Windows start UTF-8 files with a byte-order mark; it is not part of the first line.
        let text = text.unicodeScalars.first == "\u{FEFF}" ? String(text.unicodeScalars.dropFirst()) : text
        let byteCount = text.utf8.count
        guard byteCount <= limits.fileBytes else {
            throw ConfigErrors(diagnostics: [limits.fileTooLarge(path: path, byteCount: byteCount)])
        }
        do {
            return try TOMLReader.read(text, limits: limits)
        } catch {
            throw ConfigErrors(diagnostics: [ConfigDiagnostic(
                path: path, line: error.position.line, column: error.position.column, message: error.message)])
        }
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
            "auto_lead", "pause_after", "rest_after_days", "rest_advice_time", "milestones", "private", "announce",
        ],
        "rest": ["default", "warn_before"],
        "sound": ["enabled", "name", "file"],
        "quiet_hours": ["start", "end"],
        "mpris": ["enabled"],
        "program": Weekday.allCases.map(\.rawValue),
        "workouts": [],
    ]

    /// The table a key of another section belongs in, for "it belongs in [rest]".
    private static func sectionHolding(_ key: String) -> String? {
        sectionKeys.first { $0.value.contains(key) }.map { "[\($0.key)]" }
    }

    private static func decodeConfig(_ document: [String: ConfigValue], reader: inout ConfigReader) -> Config {
        var config = Config()
        var tables: [String: [String: ConfigValue]] = [:]
        for key in document.keys.sorted() {
            guard !reader.isFull else { break }
            let path = ConfigPath.root.appending(key)
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

        if let table = tables["reminders"] { config.reminders = decodeReminders(table, reader: &reader) }
        if let table = tables["rest"] { config.rest = decodeRest(table, reader: &reader) }
        if let table = tables["sound"] { config.sound = decodeSound(table, reader: &reader) }
        if let table = tables["mpris"] {
            let path: ConfigPath = [.key("mpris")]
            reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "mpris"), elsewhere: sectionHolding)
            if let value = table["enabled"], let enabled = reader.bool(value, at: path.appending("enabled")) { config.mprisEnabled = enabled }
        }
        if let table = tables["quiet_hours"] { config.quietHours = decodeQuietHours(table, reader: &reader) }
        if let table = tables["workouts"] { config.workouts = decodeWorkouts(table, reader: &reader) }
        if let table = tables["program"] {
            // Names of workouts the file defines, even ones with errors: those are reported once, there.
            let defined = tables["workouts"].map { $0.keys.sorted() } ?? []
            config.program = decodeProgram(table, workoutNames: defined, reader: &reader)
        }
        return config
    }

    private static func unknownTopLevelMessage(_ key: String, value: ConfigValue) -> String {
        let tableNames = sectionKeys.map(\.key)
        if case .table = value {
            if let suggestion = KeySuggestion.nearest(to: key, among: tableNames) {
                return "unknown table [\(ConfigPath([.key(key)]))]; did you mean [\(suggestion)]?"
            }
            return "unknown table [\(ConfigPath([.key(key)]))]; the tables are "
                + "[reminders], [rest], [sound], [quiet_hours], [mpris], [program] and [workouts.NAME]"
        }
        if let home = sectionHolding(key) {
            return "\(TOMLText.quoted(key)) must be inside a table: put it under \(home)"
        }
        return "unknown key \(TOMLText.quoted(key)) at the top of the file; "
            + "settings go in tables such as [reminders]"
    }

    private static func decodeReminders(
        _ table: [String: ConfigValue], reader: inout ConfigReader
    ) -> DailyReminderSettings {
        let path: ConfigPath = [.key("reminders")]
        reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "reminders"), elsewhere: sectionHolding)
        var settings = DailyReminderSettings()
        if let value = table["enabled"], let enabled = reader.bool(value, at: path.appending("enabled")) {
            settings.enabled = enabled
        }
        if let value = table["time"] {
            if case .string(let text) = value, text.lowercased() == "auto" {
                settings.autoTime = true
            } else if let time = reader.timeOfDay(value, at: path.appending("time"), keyword: "auto") {
                settings.time = time
            }
        }
        if let value = table["days"], let days = decodeDays(value, at: path.appending("days"), reader: &reader) {
            settings.days = days
        }
        if let value = table["rest_days"], let restDays = reader.bool(value, at: path.appending("rest_days")) {
            settings.restDays = restDays
        }
        if let value = table["snooze_minutes"],
           let minutes = reader.integer(value, at: path.appending("snooze_minutes"), in: Limits.snoozeMinutes,
                                        expected: "a whole number of minutes like 60") {
            settings.snoozeMinutes = minutes
        }
        if let value = table["late_grace"],
           let grace = reader.duration(value, at: path.appending("late_grace"),
                                       in: DurationRange(lowerBound: 0, upperBound: 24 * 3600)) {
            settings.lateGrace = grace
        }
        if let value = table["start_command"],
           let argv = decodeCommand(value, at: path.appending("start_command"), reader: &reader) {
            settings.startCommand = argv
        }
        decodeSmartReminders(table, into: &settings, at: path, reader: &reader)
        return settings
    }

    /// The `[reminders]` keys of seed 002's smart reminders, voice and private mode.
    private static func decodeSmartReminders(
        _ table: [String: ConfigValue], into settings: inout DailyReminderSettings, at path: ConfigPath, reader: inout ConfigReader
    ) {
        let halfDay = DurationRange(lowerBound: 0, upperBound: 12 * 3600)
        if let value = table["auto_lead"], let lead = reader.duration(value, at: path.appending("auto_lead"), in: halfDay) {
            settings.autoLead = lead
        }
        if let value = table["pause_after"], let pause = reader.duration(value, at: path.appending("pause_after"), in: halfDay) {
            settings.pauseAfter = pause
        }
        if let value = table["rest_after_days"],
           let days = reader.integer(value, at: path.appending("rest_after_days"), in: 0...30,
                                     expected: "a whole number of days like 3 (0 turns it off)") {
            settings.restAfterDays = days
        }
        if let value = table["rest_advice_time"], let time = reader.timeOfDay(value, at: path.appending("rest_advice_time")) {
            settings.restAdviceTime = time
        }
        if let value = table["milestones"], let flag = reader.bool(value, at: path.appending("milestones")) {
            settings.milestones = flag
        }
        if let value = table["private"], let flag = reader.bool(value, at: path.appending("private")) {
            settings.privateMode = flag
        }
        if let value = table["announce"], let flag = reader.bool(value, at: path.appending("announce")) {
            settings.announce = flag
        }
    }

    /// `[quiet_hours]`: both `start` and `end`, or neither; an empty window is a mistake.
    private static func decodeQuietHours(_ table: [String: ConfigValue], reader: inout ConfigReader) -> QuietHours? {
        let path: ConfigPath = [.key("quiet_hours")]
        let misspelt = reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "quiet_hours"), elsewhere: sectionHolding)
        let start = table["start"].flatMap { reader.timeOfDay($0, at: path.appending("start")) }
        let end = table["end"].flatMap { reader.timeOfDay($0, at: path.appending("end")) }
        let needs = "quiet hours need both start and end, e.g. start = \"22:00\" and end = \"07:00\""
        switch (table["start"], table["end"]) {
        case (nil, nil): return nil
        case (nil, _): reader.reportMissing("start", in: path, needs, misspelt: misspelt)
        case (_, nil): reader.reportMissing("end", in: path, needs, misspelt: misspelt)
        default: break
        }
        guard let start, let end else { return nil }
        guard start != end else {
            let literal = table["end"]?.literal ?? TOMLText.quoted(end.description)
            reader.reportValue(path.appending("end"), "\(literal) equals start, which leaves no quiet time; "
                + "give a different end, or remove [quiet_hours]")
            return nil
        }
        return QuietHours(start: start, end: end)
    }

    private static func decodeDays(_ value: ConfigValue, at path: ConfigPath, reader: inout ConfigReader) -> Set<Weekday>? {
        guard case .array(let elements) = value else {
            reader.reportWrongType(path, expected: "a list of weekdays like [\"mon\", \"wed\", \"fri\"]", got: value)
            return nil
        }
        let days = elements.enumerated().map { reader.weekday($0.element, at: path.appending(index: $0.offset)) }
        let valid = days.compactMap { $0 }
        return valid.count == days.count ? Set(valid) : nil
    }

    /// argv: a list of strings whose first (the program) is not empty. An empty list means no command.
    private static func decodeCommand(_ value: ConfigValue, at path: ConfigPath, reader: inout ConfigReader) -> [String]? {
        guard case .array(let elements) = value else {
            reader.reportWrongType(path, expected: "a list of strings like [\"xdg-open\", \"https://example.org\"]",
                                   got: value)
            return nil
        }
        var argv: [String] = []
        for (index, element) in elements.enumerated() {
            let elementPath = path.appending(index: index)
            guard let argument = reader.string(element, at: elementPath, expected: "a string") else { continue }
            if index == 0, argument.isEmpty {
                reader.reportValue(elementPath, "the program to run is empty; give its name or path first")
                continue
            }
            argv.append(argument)
        }
        return argv.count == elements.count ? argv : nil
    }

    private static func decodeRest(_ table: [String: ConfigValue], reader: inout ConfigReader) -> RestSettings {
        let path: ConfigPath = [.key("rest")]
        reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "rest"), elsewhere: sectionHolding)
        var settings = RestSettings()
        if let value = table["default"],
           let seconds = reader.duration(value, at: path.appending("default"),
                                         in: DurationRange(Limits.rest)) {
            settings.defaultDuration = seconds
        }
        if let value = table["warn_before"],
           let seconds = reader.duration(value, at: path.appending("warn_before"),
                                         in: DurationRange(lowerBound: 0, upperBound: 24 * 3600, includesUpperBound: false)) {
            settings.warnBefore = seconds
        }
        return settings
    }

    private static func decodeSound(_ table: [String: ConfigValue], reader: inout ConfigReader) -> SoundSettings {
        let path: ConfigPath = [.key("sound")]
        reader.rejectUnknownKeys(of: table, at: path, known: keys(of: "sound"), elsewhere: sectionHolding)
        var settings = SoundSettings()
        if let value = table["enabled"], let enabled = reader.bool(value, at: path.appending("enabled")) {
            settings.enabled = enabled
        }
        if let value = table["name"],
           let name = reader.string(value, at: path.appending("name"), expected: "a sound name like \"complete\"",
                                    whenEmpty: "the sound name is empty; use a freedesktop sound name like \"complete\"") {
            settings.name = name
        }
        if let value = table["file"],
           let file = reader.string(value, at: path.appending("file"), expected: "a file path like \"/path/ting.oga\"",
                                    whenEmpty: "the file path is empty; name a sound file or remove the key") {
            settings.file = file
        }
        return settings
    }

    /// Weekday → workout; every workout named must be defined under `[workouts]`.
    private static func decodeProgram(
        _ table: [String: ConfigValue], workoutNames: [String], reader: inout ConfigReader
    ) -> [Weekday: String] {
        let path: ConfigPath = [.key("program")]
        var program: [Weekday: String] = [:]
        var keyOfDay: [Weekday: String] = [:]
        // File order, so the second spelling of a weekday is the one called a repeat.
        for key in reader.inFileOrder(table.keys, in: path) {
            guard !reader.isFull else { break }
            let keyPath = path.appending(key)
            guard let day = Weekday(configName: key) else {
                let hint = Weekday.suggestion(for: key).map { "did you mean \"\($0.rawValue)\"?" }
                    ?? "use a weekday: \(Weekday.namesList)"
                reader.reportKey(keyPath, "unknown key \(TOMLText.quoted(key)) in [program]; \(hint)")
                continue
            }
            if let earlier = keyOfDay[day] {
                reader.reportKey(keyPath, "\(TOMLText.quoted(key)) repeats \(TOMLText.quoted(earlier)) in [program]; "
                    + "give each weekday one workout")
                continue
            }
            keyOfDay[day] = key
            guard let value = table[key],
                  let name = reader.string(value, at: keyPath, expected: "a workout name like \"push\"")
            else { continue }
            guard workoutNames.contains(name) else {
                let hint: String
                if let suggestion = KeySuggestion.nearest(to: name, among: workoutNames) {
                    hint = "did you mean \(TOMLText.quoted(suggestion))?"
                } else {
                    hint = "define it in a table [\(ConfigPath([.key("workouts"), .key(name)]))]"
                }
                reader.reportValue(keyPath, "no workout is named \(TOMLText.quoted(name)); \(hint)")
                continue
            }
            program[day] = name
        }
        return program
    }

    private static func keys(of section: String) -> [String] {
        sectionKeys.first { $0.key == section }?.value ?? []
    }
}
