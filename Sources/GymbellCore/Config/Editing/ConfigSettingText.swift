import FoundationEssentials
import TOML

/// `gymbell config set KEY VALUE…`: a setting's key as `table.key` and its value as a person types it
/// (`19:30`, `90s`, `mon wed fri`, `true`), turned into the edit of that key with the right TOML type.
public enum ConfigSettingText {
    /// What a setting's value is.
    enum Kind {
        case boolean, integer, number, duration, timeOfDay, timeOrAuto, weekdays, text, command, weights, weeklyTime, date, folder

        var example: String {
            switch self {
            case .boolean: "true or false"
            case .integer: "a whole number like 60"
            case .number: "a number like 2.5"
            case .duration: "a duration like 90s, 2m, 1m30s or 2h"
            case .timeOfDay: "a time of day like 19:30"
            case .timeOrAuto: "a time of day like 19:30, or auto"
            case .weekdays: "weekdays like mon wed fri (or none)"
            case .text: "one text"
            case .command: "a program and its arguments (none: no command)"
            case .weights: "weights like 20 10 5 2.5 (none: an empty list)"
            case .weeklyTime: "a weekday and a time like sun 19:00 (off: none)"
            case .date: "a date like 2026-11-02"
            case .folder: "a folder from / or ~/ like ~/Sync/gymbell"
            }
        }
    }

    /// The settings `config set` takes, by `table.key`.
    static let kinds: [String: Kind] = {
        var kinds: [String: Kind] = [
            "reminders.enabled": .boolean, "reminders.time": .timeOrAuto, "reminders.days": .weekdays,
            "reminders.rest_days": .boolean, "reminders.snooze_minutes": .integer, "reminders.late_grace": .duration,
            "reminders.start_command": .command, "reminders.auto_lead": .duration, "reminders.pause_after": .duration,
            "reminders.rest_after_days": .integer, "reminders.rest_advice_time": .timeOfDay,
            "reminders.streak_warning": .boolean, "reminders.streak_warning_time": .timeOfDay,
            "reminders.weekly_summary": .weeklyTime,
            "reminders.milestones": .boolean, "reminders.private": .boolean, "reminders.announce": .boolean,
            "rest.default": .duration, "rest.warn_before": .duration,
            "sound.enabled": .boolean, "sound.name": .text, "sound.file": .text, "sound.cues": .boolean, "sound.countdown": .boolean,
            "quiet_hours.start": .timeOfDay, "quiet_hours.end": .timeOfDay,
            "mpris.enabled": .boolean,
            "progress.records": .boolean, "progress.record_min_percent": .number, "progress.overload": .boolean,
            "progress.overload_sessions": .integer, "progress.upper_increment": .number, "progress.legs_increment": .number,
            "program.weeks": .integer, "program.start": .date, "program.priority": .integer,
            "kit.unit": .text, "kit.bars": .weights, "kit.plates": .weights, "kit.dumbbells": .weights, "kit.dumbbell_handle": .number,
            "kit.dumbbell_plates": .weights, "kit.dumbbell_step": .number, "kit.dumbbell_max": .number, "kit.kettlebells": .weights,
            "kit.warm_up": .boolean,
            "sync.folder": .folder,
        ]
        for day in Weekday.allCases { kinds["program.\(day.rawValue)"] = .text }
        return kinds
    }()

    /// A `[programs.NAME]` key (issue 47): `programs.NAME.mon` … `sun`, `title`, `start`, `weeks`, `priority`.
    public static let programmeKeys = "programs.NAME.mon … programs.NAME.sun, programs.NAME.title, programs.NAME.start, programs.NAME.weeks, programs.NAME.priority"

    /// What `key`'s value is; nil for a key `config set` does not take.
    static func kind(of key: String) -> Kind? {
        if let kind = kinds[key] { return kind }
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 3, parts[0] == "programs", !parts[1].isEmpty else { return nil }
        switch parts[2] {
        case "title": return .text
        case "start": return .date
        case "weeks", "priority": return .integer
        default: return Weekday(rawValue: parts[2]) == nil ? nil : .text
        }
    }

    /// Every key `config set` takes, sorted.
    public static var keys: [String] { (kinds.keys.filter { !$0.hasPrefix("quiet_hours.") } + [quietHours]).sorted() }

    /// Why a key or value was not taken, as a sentence.
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
    }

    /// The key's path; throws for a key `config set` does not take.
    static func path(of key: String) throws(Failure) -> TOMLPath {
        guard kind(of: key) != nil else {
            let hint = KeySuggestion.nearest(to: key, among: keys).map { "did you mean \($0)?" }
                ?? "the keys are listed by gymbell config set --help"
            throw Failure(description: "\(key) is not a setting gymbell config set can change; \(hint)")
        }
        return TOMLPath(key.split(separator: ".").map { .key(String($0)) })
    }

    /// `quiet_hours START END`: the window is set (and removed) whole, as the config needs both.
    public static let quietHours = "quiet_hours"

    /// The edits that give `key` the value typed as `values` (one word, or several for lists).
    public static func edits(key: String, values: [String]) throws(Failure) -> [ConfigTextEdit] {
        guard key == quietHours else { return [try edit(key: key, values: values)] }
        if values == ["none"] { return try removal(of: key) }
        guard values.count == 2, let start = LocalTime(parsing: values[0]), let end = LocalTime(parsing: values[1]) else {
            throw Failure(description: "quiet_hours takes a start and an end like 22:00 07:00 (none: no quiet hours)")
        }
        return [.set(TOMLPath(keys: quietHours, "start"), .timeOfDay(start)), .set(TOMLPath(keys: quietHours, "end"), .timeOfDay(end))]
    }

    /// The edits that remove `key` (`quiet_hours`: both its keys).
    public static func removal(of key: String) throws(Failure) -> [ConfigTextEdit] {
        if key == quietHours { return ["start", "end"].map { .remove(TOMLPath(keys: quietHours, $0)) } }
        return [.remove(try path(of: key))]
    }

    /// The edit that gives `key` the value typed as `values` (one word, or several for lists).
    static func edit(key: String, values: [String]) throws(Failure) -> ConfigTextEdit {
        let path = try path(of: key)
        guard let kind = kind(of: key) else { throw Failure(description: "\(key) is not a setting") }
        let bad = Failure(description: "\(key): \(TOMLText.quoted(values.joined(separator: " "))) is not \(kind.example)")
        let words = values.flatMap { $0.split(whereSeparator: { $0 == "," || $0 == " " }).map(String.init) }
        let single: String
        switch kind {
        case .weekdays:
            if words == ["none"] { return .set(path, .strings([])) }
            var days: [Weekday] = []
            for word in words {
                guard let day = Weekday(configName: word) else { throw bad }
                days.append(day)
            }
            return .set(path, .strings(Set(days).sorted().map(\.rawValue)))
        case .command:
            return .set(path, .strings(values == ["none"] ? [] : values))
        case .weeklyTime:
            // "sun 19:00" as one word or two; off/false/none: no summary.
            if words.count == 1, ["off", "false", "no", "none"].contains(words[0].lowercased()) { return .set(path, .boolean(false)) }
            guard let schedule = WeeklySchedule(parsing: words.joined(separator: " ")) else { throw bad }
            return .set(path, .string(schedule.description))
        case .weights:
            if words == ["none"] { return .set(path, .numbers([])) }
            let weights = words.compactMap(PlainDecimal.value(of:))
            guard !words.isEmpty, weights.count == words.count else { throw bad }
            return .set(path, .numbers(weights))
        default:
            guard values.count == 1 else {
                throw Failure(description: "\(key) takes one value, \(kind.example); got \(values.count)")
            }
            single = values[0]
        }
        let value: ConfigEditValue?
        switch kind {
        case .boolean:
            value = ["true", "on", "yes"].contains(single.lowercased()) ? .boolean(true)
                : ["false", "off", "no"].contains(single.lowercased()) ? .boolean(false) : nil
        // Typed like the command line's numbers (plain decimals), not as TOML or Swift would read them.
        case .integer: value = PlainDecimal.whole(single, as: Int.self).map(ConfigEditValue.integer)
        case .number: value = PlainDecimal.value(of: single).map(ConfigEditValue.number)
        case .duration: value = DurationText.parse(single).map(ConfigEditValue.duration)
        case .timeOfDay: value = LocalTime(parsing: single).map(ConfigEditValue.timeOfDay)
        case .date: value = LocalDay(isoDate: single).map(ConfigEditValue.date)
        case .timeOrAuto:
            value = single.lowercased() == "auto" ? .string("auto") : LocalTime(parsing: single).map(ConfigEditValue.timeOfDay)
        case .folder:
            // The reader's sentence; an empty folder is no folder: unset stops syncing.
            if let problem = SyncSettings.problem(with: single) {
                let hint = problem == .empty ? "; gymbell config unset \(key) stops syncing" : ""
                throw Failure(description: "\(key): \(problem == .empty ? "the folder is empty" : problem.sentence(folder: single))\(hint)")
            }
            value = .string(single)
        case .text, .weekdays, .command, .weights, .weeklyTime: value = .string(single)
        }
        guard let value else { throw bad }
        return .set(path, value)
    }
}
