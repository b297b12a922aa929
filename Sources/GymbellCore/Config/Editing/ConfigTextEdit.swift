import FoundationEssentials

/// One change to a config file's text, by key path: what `ConfigEditor` applies.
public enum ConfigTextEdit: Equatable, Sendable {
    /// Gives the key at the path this value: where it is written, or in its table (added when missing).
    case set(ConfigPath, ConfigEditValue)
    /// Removes the key's line; nothing happens when the file does not have the key.
    case remove(ConfigPath)

    public var path: ConfigPath {
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
    /// A strength workout's exercises, one inline table each; rests written as the list it replaces
    /// wrote them (seconds or "2m"), "2m" in a new list.
    case exercises([Exercise])
    /// A TOML local date (`2026-11-02`).
    case date(LocalDay)

    /// The TOML value this writes where the file has `existing` (nil: a key being added).
    func resolved(existing: ConfigValue?) -> ConfigValue {
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
        case .strings(let items): return .array(items.map(ConfigValue.string))
        case .exercises(let exercises):
            let asText = !Self.writesSeconds(existing)
            return .array(exercises.map { $0.configValue(durationsAsText: asText) })
        case .date(let day): return .date(day.description)
        }
    }

    /// Whether a list of exercises writes its rests as numbers of seconds (`rest = 90`).
    private static func writesSeconds(_ existing: ConfigValue?) -> Bool {
        guard case .array(let elements)? = existing, case .table(let first)? = elements.first else { return false }
        switch first["rest"] {
        case .integer?, .float?: return true
        case .array(let rests)?: if case .integer? = rests.first { return true } else { return false }
        default: return false
        }
    }
}

/// Writing values and keys as TOML text, in the style of what they replace where that is possible.
enum TOMLLiteral {
    /// `value` as TOML; `old` is the text of the value it replaces (empty for a new key), whose quotes
    /// and list layout it keeps.
    static func write(_ value: ConfigValue, replacing old: ArraySlice<UInt8>, newline: [UInt8]) -> [UInt8] {
        switch value {
        case .string(let text):
            return Array(string(text, literalQuotes: old.first == .apostrophe && !isMultilineString(old)).utf8)
        case .integer(let number): return Array(String(number).utf8)
        case .float(let number): return Array(float(number).utf8)
        case .boolean(let flag): return Array((flag ? "true" : "false").utf8)
        case .time(let hour, let minute, let second, _):
            let pad = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
            return Array("\(pad(hour)):\(pad(minute)):\(pad(second))".utf8)
        case .array(let elements):
            return array(elements, replacing: old, newline: newline)
        case .date(let text), .dateTime(let text): return Array(text.utf8)
        case .table(let entries): return inlineTable(entries, newline: newline)
        }
    }

    /// The order an inline table's keys are written in: an exercise's as people read it, others sorted.
    static let keyOrder = ["name", "sets", "reps", "weight", "unit", "rest", "body", "compound"]

    /// `{ name = "Squat", sets = 3, rest = "2m" }`
    private static func inlineTable(_ entries: [String: ConfigValue], newline: [UInt8]) -> [UInt8] {
        guard !entries.isEmpty else { return Array("{}".utf8) }
        let ordered = entries.sorted { left, right in
            let l = keyOrder.firstIndex(of: left.key) ?? keyOrder.count
            let r = keyOrder.firstIndex(of: right.key) ?? keyOrder.count
            return l != r ? l < r : left.key < right.key
        }
        let parts = ordered.map { key($0.key) + " = " + String(decoding: write($0.value, replacing: [], newline: newline), as: UTF8.self) }
        return Array(("{ " + parts.joined(separator: ", ") + " }").utf8)
    }

    /// A basic string with TOML's escapes, or a 'literal' one when asked and the text allows it.
    static func string(_ text: String, literalQuotes: Bool = false) -> String {
        let literalPossible = text.unicodeScalars.allSatisfy {
            $0 != "'" && ($0 == "\t" || !($0.value < 0x20 || $0.value == 0x7F)) && !TerminalText.isBidiControl($0)
        }
        if literalQuotes, literalPossible { return "'" + text + "'" }
        return TOMLText.basicString(text) { $0.value < 0x20 || $0.value == 0x7F || TerminalText.isBidiControl($0) }
    }

    /// A key part: bare when TOML allows it, else a basic string.
    static func key(_ name: String) -> String { ConfigPath.isBare(name) ? name : string(name) }

    /// Dotted key parts, or nil when the path has a list index (no key can name a list element).
    static func dottedKey(_ components: ArraySlice<ConfigPath.Component>) -> String? {
        var parts: [String] = []
        for component in components {
            guard case .key(let name) = component else { return nil }
            parts.append(key(name))
        }
        return parts.joined(separator: ".")
    }

    /// A float as TOML writes it: `2.5`, `1e-05`, `inf`, `nan`; a whole number keeps a `.0`.
    static func float(_ number: Double) -> String {
        if number.isNaN { return "nan" }
        if number.isInfinite { return number < 0 ? "-inf" : "inf" }
        let text = "\(number)"
        return text.contains(".") || text.contains("e") ? text : text + ".0"
    }

    private static func isMultilineString(_ old: ArraySlice<UInt8>) -> Bool {
        old.count >= 3 && old.prefix(3).allSatisfy { $0 == old.first }
    }

    /// `[…]` laid out as the old list was: on one line with its spacing, or one element a line with its
    /// indentation, trailing comma and comments (`TOMLListLayout`).
    private static func array(_ elements: [ConfigValue], replacing old: ArraySlice<UInt8>, newline: [UInt8]) -> [UInt8] {
        let blanks: Set<UInt8> = [.space, .tab, .newline, .carriageReturn]
        let literalQuotes = old.dropFirst().first { !blanks.contains($0) } == .apostrophe
        let items = elements.map { element -> [UInt8] in
            if case .string(let text) = element { return Array(string(text, literalQuotes: literalQuotes).utf8) }
            return write(element, replacing: [], newline: newline)
        }
        guard old.first == .openBracket, old.contains(.newline) else {
            let padded = old.dropFirst().first == .space && !items.isEmpty
            let tight = old.contains(.comma) && !old.indices.contains { old[$0] == .comma && $0 + 1 < old.endIndex && old[$0 + 1] == .space }
            let inner = Array(items.joined(separator: tight ? [.comma] : [.comma, .space]))
            return padded ? [.openBracket, .space] + inner + [.space, .closeBracket] : [.openBracket] + inner + [.closeBracket]
        }
        // One element a line: the indentation of the first element's line and of the closing bracket's.
        let lines = old.split(separator: .newline, omittingEmptySubsequences: false)
        let elementLine = lines.dropFirst().first { line in
            guard let first = line.first(where: { $0 != .space && $0 != .tab && $0 != .carriageReturn }) else { return false }
            return first != .hash && first != .closeBracket
        }
        let indent = elementLine.map { Array($0.prefix { $0 == .space || $0 == .tab }) } ?? [.space, .space]
        let closing = Array(lines.last?.prefix { $0 == .space || $0 == .tab } ?? [])
        let layout = TOMLListLayout(Array(old)) ?? TOMLListLayout([.openBracket, .closeBracket])
        return layout?.write(Array(zip(elements, items)).map { (value: $0.0, text: $0.1) }, indent: indent, closingIndent: closing,
                             newline: newline) ?? []
    }
}
