import FoundationEssentials
import GymbellCore

/// The local date and time texts the logging apps export, read as a wall-clock time (the zone is the
/// importer's to say): Strong's `2024-03-05 18:07:42` and, in newer exports, `2024-03-05 6:07:42 PM`
/// (iOS puts a narrow no-break space before the AM/PM); Hevy's `12 Nov 2023, 18:04`; gymbell's own
/// instants are ISO 8601 (`ISO8601.parse`).
public enum LocalDateText {
    /// The day and the time of day `text` writes; nil when it is none of the forms above.
    public static func parse(_ text: String) -> (day: LocalDay, time: LocalTime)? {
        let trimmed = text.trimmingWhitespace()
        if let first = trimmed.first, first.isNumber, trimmed.count >= 10,
            trimmed[trimmed.index(trimmed.startIndex, offsetBy: 4)] == "-"
        {
            return isoLike(trimmed)
        }
        return dayMonthYear(trimmed)
    }

    /// `2024-03-05 18:07:42`, `2024-03-05T18:07`, `2024-03-05 6:07:42 pm`.
    private static func isoLike(_ text: String) -> (day: LocalDay, time: LocalTime)? {
        let date = String(text.prefix(10))
        guard let day = LocalDay(isoDate: date) else { return nil }
        var rest = String(text.dropFirst(10))
        guard let separator = rest.first, separator == " " || separator == "T" else { return nil }
        rest.removeFirst()
        guard let time = clockTime(rest) else { return nil }
        return (day, time)
    }

    /// `12 Nov 2023, 18:04` (Hevy), also with a full month name or without the comma.
    private static func dayMonthYear(_ text: String) -> (day: LocalDay, time: LocalTime)? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
        guard words.count >= 4, let dayNumber = Int(words[0]), let month = month(named: words[1]), let year = Int(words[2]),
            let day = LocalDay(year: year, month: month, day: dayNumber), day.civil == (year, month, dayNumber),
            let time = clockTime(words[3...].joined(separator: " "))
        else { return nil }
        return (day, time)
    }

    /// `18:07`, `18:07:42`, `6:07:42 PM` (any case, any space before it, `a.m.` too).
    static func clockTime(_ text: String) -> LocalTime? {
        let spaces: Set<Character> = [" ", "\u{202F}", "\u{00A0}"]
        var clock = text.trimmingWhitespace().filter { !spaces.contains($0) }.lowercased()
        clock = clock.replacingAll(".", with: "")
        var meridiem: String?
        for suffix in ["am", "pm"] where clock.hasSuffix(suffix) {
            meridiem = suffix
            clock.removeLast(2)
        }
        let parts = clock.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.count <= 2 && $0.allSatisfy(\.isASCII) }),
            var hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        let second = parts.count == 3 ? Int(parts[2]) : 0
        if let meridiem {
            guard (1...12).contains(hour) else { return nil }
            hour = hour % 12 + (meridiem == "pm" ? 12 : 0)
        }
        return second.flatMap { LocalTime(hour: hour, minute: minute, second: $0) }
    }

    private static let months = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"]

    private static func month(named word: String) -> Int? {
        let lowered = word.lowercased()
        guard lowered.count >= 3 else { return nil }
        return months.firstIndex { lowered.hasPrefix($0) }.map { $0 + 1 }
    }

    /// `1h 5m`, `45m`, `1h`, `30s`, `1:05:00` or plain seconds (Strong's Duration; its exports have
    /// written each); nil for anything else or nothing.
    public static func duration(_ text: String) -> TimeInterval? {
        let trimmed = text.trimmingWhitespace().lowercased()
        guard !trimmed.isEmpty else { return nil }
        if let seconds = Double(trimmed), seconds >= 0 { return seconds }
        if trimmed.contains(":") {
            let parts = trimmed.split(separator: ":").map { Int($0) }
            guard parts.count == 3, let h = parts[0], let m = parts[1], let s = parts[2] else { return nil }
            return TimeInterval(h * 3600 + m * 60 + s)
        }
        var total: TimeInterval = 0
        var number = ""
        var matched = false
        for character in trimmed where character != " " {
            if character.isNumber {
                number.append(character)
                continue
            }
            guard let value = Double(number) else { return nil }
            switch character {
            case "h": total += value * 3600
            case "m": total += value * 60
            case "s": total += value
            default: return nil
            }
            number = ""
            matched = true
        }
        return matched && number.isEmpty ? total : nil
    }
}
