import TOML

/// The settings tables: `[reminders]`, `[rest]`, `[sound]` and `[quiet_hours]`.
enum SettingsDecoding {
    static func decodeReminders(
        _ table: [String: TOMLValue], reader: inout ConfigReader
    ) -> DailyReminderSettings {
        let path: TOMLPath = [.key("reminders")]
        rejectUnknownKeys(of: table, in: "reminders", reader: &reader)
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
        _ table: [String: TOMLValue], into settings: inout DailyReminderSettings, at path: TOMLPath, reader: inout ConfigReader
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
        if let value = table["streak_warning"], let flag = reader.bool(value, at: path.appending("streak_warning")) {
            settings.streakWarning = flag
        }
        if let value = table["streak_warning_time"], let time = reader.timeOfDay(value, at: path.appending("streak_warning_time")) {
            settings.streakWarningTime = time
        }
        if let value = table["weekly_summary"] {
            decodeWeeklySummary(value, at: path.appending("weekly_summary"), into: &settings, reader: &reader)
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

    /// `weekly_summary = "Sun 19:00"` (a weekday and a time of day), `false` (none) or `true` (Sunday 19:00).
    private static func decodeWeeklySummary(
        _ value: TOMLValue, at path: TOMLPath, into settings: inout DailyReminderSettings, reader: inout ConfigReader
    ) {
        switch value {
        case .boolean(let on): settings.weeklySummary = on ? .sundayEvening : nil
        case .string(let text):
            guard let schedule = WeeklySchedule(parsing: text) else {
                reader.reportValue(path, "\(value.literal) is not a weekday and a time; write e.g. \"Sun 19:00\" (mon … sun, HH:MM), or false")
                return
            }
            settings.weeklySummary = schedule
        default: reader.reportWrongType(path, expected: "a weekday and a time like \"Sun 19:00\", or false", got: value)
        }
    }

    /// `[quiet_hours]`: both `start` and `end`, or neither; an empty window is a mistake.
    static func decodeQuietHours(_ table: [String: TOMLValue], reader: inout ConfigReader) -> QuietHours? {
        let path: TOMLPath = [.key("quiet_hours")]
        let misspelt = rejectUnknownKeys(of: table, in: "quiet_hours", reader: &reader)
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

    private static func decodeDays(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> Set<Weekday>? {
        guard case .array(let elements) = value else {
            reader.reportWrongType(path, expected: "a list of weekdays like [\"mon\", \"wed\", \"fri\"]", got: value)
            return nil
        }
        let days = elements.enumerated().map { reader.weekday($0.element, at: path.appending(index: $0.offset)) }
        let valid = days.compactMap { $0 }
        return valid.count == days.count ? Set(valid) : nil
    }

    /// argv: a list of strings whose first (the program) is not empty. An empty list means no command.
    private static func decodeCommand(_ value: TOMLValue, at path: TOMLPath, reader: inout ConfigReader) -> [String]? {
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

    static func decodeRest(_ table: [String: TOMLValue], reader: inout ConfigReader) -> RestSettings {
        let path: TOMLPath = [.key("rest")]
        rejectUnknownKeys(of: table, in: "rest", reader: &reader)
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

    static func decodeSound(_ table: [String: TOMLValue], reader: inout ConfigReader) -> SoundSettings {
        let path: TOMLPath = [.key("sound")]
        rejectUnknownKeys(of: table, in: "sound", reader: &reader)
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
        if let value = table["cues"], let flag = reader.bool(value, at: path.appending("cues")) { settings.cues = flag }
        if let value = table["countdown"], let flag = reader.bool(value, at: path.appending("countdown")) { settings.countdown = flag }
        if let value = table["duck"], let duck = SoundDucking.read(value, at: path.appending("duck"), reader: &reader) {
            settings.duck = duck
        }
        return settings
    }

    /// `[progress]`: personal records and progressive overload.
    static func decodeProgress(_ table: [String: TOMLValue], reader: inout ConfigReader) -> ProgressSettings {
        let path: TOMLPath = [.key("progress")]
        rejectUnknownKeys(of: table, in: "progress", reader: &reader)
        var settings = ProgressSettings()
        if let value = table["records"], let flag = reader.bool(value, at: path.appending("records")) { settings.records = flag }
        if let value = table["record_min_percent"],
           let percent = reader.number(value, at: path.appending("record_min_percent"), in: 0...100,
                                       expected: "a percentage like 2 or 2.5") {
            settings.recordMinPercent = percent
        }
        if let value = table["overload"], let flag = reader.bool(value, at: path.appending("overload")) { settings.overload = flag }
        if let value = table["overload_sessions"],
           let sessions = reader.integer(value, at: path.appending("overload_sessions"), in: 1...20,
                                         expected: "a whole number of sessions like 3") {
            settings.overloadSessions = sessions
        }
        for (key, keyPath) in [("upper_increment", \ProgressSettings.upperIncrement), ("legs_increment", \ProgressSettings.legsIncrement)] {
            if let value = table[key],
               let kilograms = reader.number(value, at: path.appending(key), in: 0.5...50, expected: "a weight in kg like 2.5") {
                settings[keyPath: keyPath] = kilograms
            }
        }
        return settings
    }

    /// Reports the keys `[section]` does not take, naming the table a key of another section belongs in;
    /// returns the keys it suggested.
    @discardableResult
    private static func rejectUnknownKeys(
        of table: [String: TOMLValue], in section: String, reader: inout ConfigReader
    ) -> Set<String> {
        reader.rejectUnknownKeys(of: table, at: [.key(section)], known: ConfigParser.keys(of: section),
                                 elsewhere: ConfigParser.sectionHolding)
    }
}
