import TOML

/// `[program]` and `[programs.NAME]` (issue 47): each names a workout for some weekdays, and may have
/// a span (`start`, `weeks`), a `priority` and (`[programs.NAME]`) a `title`.
enum ProgrammeDecoding {
    /// The keys of a programme's table besides the weekdays.
    static let settingKeys = ["start", "weeks", "priority"]
    static let namedKeys = settingKeys + ["title"]

    /// `[program]`: its days, span and priority into `config`.
    static func decodeMain(_ table: [String: TOMLValue], workoutNames: [String], into config: inout Config, reader: inout ConfigReader) {
        let path: TOMLPath = [.key(Programme.mainName)]
        config.program = decodeDays(table.filter { !settingKeys.contains($0.key) }, at: path, workoutNames: workoutNames, reader: &reader)
        config.programSpan = decodeSpan(table, at: path, reader: &reader)
        config.programPriority = decodePriority(table, at: path, reader: &reader) ?? 1
    }

    /// `[programs.NAME]` tables, in the file's order.
    static func decodeNamed(_ table: [String: TOMLValue], workoutNames: [String], reader: inout ConfigReader) -> [Programme] {
        let path: TOMLPath = [.key("programs")]
        var programmes: [Programme] = []
        for name in reader.inFileOrder(table.keys, in: path) {
            guard !reader.isFull, let value = table[name] else { break }
            let programmePath = path.appending(name)
            guard case .table(let days) = value else {
                reader.reportWrongType(programmePath, expected: "a table [\(programmePath)] with a workout for some weekdays", got: value)
                continue
            }
            var title: String?
            if let value = days["title"] {
                title = reader.string(value, at: programmePath.appending("title"), expected: "a title like \"Running plan\"", whenEmpty: "a title cannot be empty")
            }
            let weekdays = decodeDays(
                days.filter { !namedKeys.contains($0.key) }, at: programmePath, workoutNames: workoutNames, reader: &reader)
            // No weekday is no mistake: a programme just added, or whose last day was removed, plans nothing.
            programmes.append(Programme(
                name: name, title: title, days: weekdays, span: decodeSpan(days, at: programmePath, reader: &reader),
                priority: decodePriority(days, at: programmePath, reader: &reader) ?? 1))
        }
        return programmes
    }

    /// `priority = 1` (first) to 9.
    static func decodePriority(_ table: [String: TOMLValue], at path: TOMLPath, reader: inout ConfigReader) -> Int? {
        table["priority"].flatMap { reader.integer($0, at: path.appending("priority"), in: 1...9, expected: "a priority from 1 (first) to 9") }
    }

    /// Weekday → workout; every workout named must be defined under `[workouts]`.
    static func decodeDays(
        _ table: [String: TOMLValue], at path: TOMLPath, workoutNames: [String], reader: inout ConfigReader
    ) -> [Weekday: String] {
        var program: [Weekday: String] = [:]
        var keyOfDay: [Weekday: String] = [:]
        // File order, so the second spelling of a weekday is the one called a repeat.
        for key in reader.inFileOrder(table.keys, in: path) {
            guard !reader.isFull else { break }
            let keyPath = path.appending(key)
            guard let day = Weekday(configName: key) else {
                let hint = Weekday.suggestion(for: key).map { "did you mean \"\($0.rawValue)\"?" }
                    ?? "use a weekday: \(Weekday.namesList)"
                reader.reportKey(keyPath, "unknown key \(TOMLText.quoted(key)) in [\(path)]; \(hint)")
                continue
            }
            if let earlier = keyOfDay[day] {
                reader.reportKey(keyPath, "\(TOMLText.quoted(key)) repeats \(TOMLText.quoted(earlier)) in [\(path)]; "
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
                    hint = "define it in a table [\(TOMLPath([.key("workouts"), .key(name)]))]"
                }
                reader.reportValue(keyPath, "no workout is named \(TOMLText.quoted(name)); \(hint)")
                continue
            }
            program[day] = name
        }
        return program
    }

    /// `start` (a date: `2026-11-02` or "2026-11-02") and `weeks` (1 to 104) of a programme: both or neither.
    static func decodeSpan(_ table: [String: TOMLValue], at path: TOMLPath, reader: inout ConfigReader) -> ProgramSpan? {
        var start: LocalDay?
        var weeks: Int?
        if let value = table["start"] {
            let keyPath = path.appending("start")
            switch value {
            case .date(let text), .string(let text):
                start = LocalDay(isoDate: text)
                if start == nil { reader.reportValue(keyPath, "\(TOMLText.quoted(text)) is not a date; write the first day like 2026-11-02") }
            default:
                reader.reportWrongType(keyPath, expected: "a date like 2026-11-02", got: value)
            }
        }
        if let value = table["weeks"] {
            weeks = reader.integer(value, at: path.appending("weeks"), in: 1...104, expected: "a number of weeks like 8")
        }
        switch (table["start"], table["weeks"]) {
        case (nil, nil): return nil
        case (_?, nil): reader.reportValue(path.appending("start"), "a programme with a start needs its length too: add weeks = 8 (say) to [\(path)]")
        case (nil, _?): reader.reportValue(path.appending("weeks"), "a programme with a length needs its first day too: add start = 2026-11-02 (say) to [\(path)]")
        default: break
        }
        guard let start, let weeks else { return nil }
        return ProgramSpan(start: start, weeks: weeks)
    }
}
