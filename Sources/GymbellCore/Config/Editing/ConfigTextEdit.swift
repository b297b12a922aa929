import FoundationEssentials
import TOML

/// One change to a config file's text, by key path: what `ConfigEditor` applies.
public enum ConfigTextEdit: Equatable, Sendable {
    /// Gives the key at the path this value: where it is written, or in its table (added when missing).
    case set(TOMLPath, ConfigEditValue)
    /// Removes the key's line; nothing happens when the file does not have the key.
    case remove(TOMLPath)

    public var path: TOMLPath {
        switch self {
        case .set(let path, _), .remove(let path): path
        }
    }
}

/// A value to write, as the config's settings take it. Times of day and durations follow the way the
/// file already writes that key: an unquoted local time stays one, a number of seconds stays a number.
public enum ConfigEditValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    /// Written without a fraction when it is whole (`5`), else as a float (`2.5`).
    case number(Double)
    case float(Double)
    case boolean(Bool)
    /// "HH:MM" (or "HH:MM:SS" with seconds).
    case timeOfDay(LocalTime)
    /// "1m30s", as `DurationText.format` writes it.
    case duration(TimeInterval)
    /// A list of strings: weekdays, a command's arguments.
    case strings([String])
    /// A list of numbers, each written as `.number` writes one: a kit's weights.
    case numbers([Double])
    /// A strength workout's exercises, one inline table each; rests written as the list it replaces
    /// wrote them (seconds or "2m"), "2m" in a new list.
    case exercises([Exercise])
    /// Stations of a circuit or an AMRAP, movements of a warm-up or cool-down, a HIIT's named
    /// exercises: one inline table each (a name alone as a string where `names`).
    case stations([Station], names: Bool)
    /// A TOML local date (`2026-11-02`).
    case date(LocalDay)

    /// The TOML value this writes where the file has `existing` (nil: a key being added).
    func resolved(existing: TOMLValue?) -> TOMLValue {
        switch self {
        case .string(let text): return .string(text)
        case .integer(let number): return .integer(number)
        case .float(let number): return .float(number)
        case .number(let number):
            if number.rounded() == number, abs(number) < 1e15, existing.map({ if case .float = $0 { false } else { true } }) ?? true {
                return .integer(Int(number))
            }
            return .float(number)
        case .boolean(let flag): return .boolean(flag)
        case .timeOfDay(let time):
            if case .time? = existing { return .time(hour: time.hour, minute: time.minute, second: time.second, nanosecond: 0) }
            return .string(time.text(seconds: time.second != 0))
        case .duration(let seconds):
            switch existing {
            case .integer? where seconds.rounded() == seconds && abs(seconds) < 1e15: return .integer(Int(seconds))
            case .integer?, .float?: return .float(seconds)
            default: return .string(DurationText.format(seconds))
            }
        case .strings(let items): return .array(items.map(TOMLValue.string))
        case .numbers(let items): return .array(items.map { ConfigEditValue.number($0).resolved(existing: nil) })
        case .exercises(let exercises):
            let asText = !Self.writesSeconds(existing)
            return .array(exercises.map { $0.configValue(durationsAsText: asText) })
        case .stations(let stations, let names): return .array(stations.map { $0.configValue(nameAlone: names) })
        case .date(let day): return .date(day.description)
        }
    }

    /// Whether a list of exercises writes its rests as numbers of seconds (`rest = 90`).
    private static func writesSeconds(_ existing: TOMLValue?) -> Bool {
        guard case .array(let elements)? = existing, case .table(let first)? = elements.first else { return false }
        switch first["rest"] {
        case .integer?, .float?: return true
        case .array(let rests)?: if case .integer? = rests.first { return true } else { return false }
        default: return false
        }
    }
}
