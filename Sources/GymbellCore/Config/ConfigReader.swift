import FoundationEssentials
import TOML

/// Reads typed settings out of parsed TOML values, collecting a located diagnostic for every problem
/// instead of stopping at the first. Each reader returns nil when it reported one.
struct ConfigReader {
    /// Past this many problems a file gets one more line saying so, and reading stops finding more:
    /// a machine-made file could otherwise fill a terminal (and a log) with megabytes.
    static let diagnosticLimit = 100

    let file: String
    private let document: TOMLDocument
    /// Built on the first diagnostic: a valid file never pays for it.
    private var lines: SourceLines?
    private(set) var diagnostics: [ConfigDiagnostic] = []

    init(file: String, document: TOMLDocument) {
        self.file = file
        self.document = document
    }

    /// Whether the diagnostic limit is reached; loops over many keys stop when it is.
    var isFull: Bool { diagnostics.count > Self.diagnosticLimit }

    // MARK: Reporting

    /// A problem with a key itself (unknown, misplaced, repeated): points at the key.
    mutating func reportKey(_ path: TOMLPath, _ message: String) {
        report(message, atOffset: document.keyOffset(of: path))
    }

    /// A problem with a value: points at the value, and the message starts with the key path.
    mutating func reportValue(_ path: TOMLPath, _ message: String) {
        report("\(path): \(message)", atOffset: document.valueOffset(of: path))
    }

    /// A required key the table at `table` leaves out: points at the table. Silent when an unknown key
    /// was already reported as a likely misspelling of it (`misspelt`).
    mutating func reportMissing(_ key: String, in table: TOMLPath, _ hint: String, misspelt: Set<String> = []) {
        guard !misspelt.contains(key) else { return }
        report("\(table.tableName) is missing \"\(key)\"; \(hint)", atOffset: document.keyOffset(of: table))
    }

    mutating func reportWrongType(_ path: TOMLPath, expected: String, got value: TOMLValue) {
        reportValue(path, "expected \(expected), got \(value.summary)")
    }

    /// `message` at a byte offset of the text.
    mutating func report(_ message: String, atOffset offset: Int) {
        guard !isFull else { return }
        let lines = lines ?? SourceLines(document.bytes)
        self.lines = lines
        let position = lines.position(of: offset)
        let message = diagnostics.count == Self.diagnosticLimit
            ? "more problems follow; gymbell stops after \(Self.diagnosticLimit): fix these first" : message
        diagnostics.append(ConfigDiagnostic(path: file, line: position.line, column: position.column, message: message))
    }

    // MARK: Keys

    /// Reports each key of `table` that is not in `known`, suggesting the nearest known key, or else the
    /// table it belongs in (`elsewhere`), or else listing the known keys.
    /// Returns the keys it suggested, so a caller need not also call them missing.
    @discardableResult
    mutating func rejectUnknownKeys(
        of table: [String: TOMLValue], at path: TOMLPath, known: [String],
        elsewhere: (String) -> String? = { _ in nil }
    ) -> Set<String> {
        var suggested: Set<String> = []
        for key in table.keys.sorted() where !known.contains(key) {
            guard !isFull else { break }
            let hint: String
            if let suggestion = KeySuggestion.nearest(to: key, among: known) {
                hint = "did you mean \"\(suggestion)\"?"
                suggested.insert(suggestion)
            } else if let home = elsewhere(key) {
                hint = "it belongs in \(home)"
            } else {
                hint = "valid keys are \(Self.list(known, conjunction: "and"))"
            }
            reportKey(path.appending(key), "unknown key \(TOMLText.quoted(key)) in \(path.tableName); \(hint)")
        }
        return suggested
    }

    /// The keys of the table at `path`, in the order the file writes them.
    func inFileOrder(_ keys: some Collection<String>, in path: TOMLPath) -> [String] {
        keys.map { (key: $0, offset: document.keyOffset(of: path.appending($0))) }
            .sorted { ($0.offset, $0.key) < ($1.offset, $1.key) }
            .map(\.key)
    }

    // MARK: Values

    mutating func bool(_ value: TOMLValue, at path: TOMLPath) -> Bool? {
        guard case .boolean(let flag) = value else {
            reportWrongType(path, expected: "true or false", got: value)
            return nil
        }
        return flag
    }

    /// A string; `whenEmpty` is the complaint about "" (nil accepts it).
    mutating func string(
        _ value: TOMLValue, at path: TOMLPath, expected: String, whenEmpty: String? = nil
    ) -> String? {
        guard case .string(let text) = value else {
            reportWrongType(path, expected: expected, got: value)
            return nil
        }
        if text.isEmpty, let whenEmpty {
            reportValue(path, whenEmpty)
            return nil
        }
        return text
    }

    mutating func integer(
        _ value: TOMLValue, at path: TOMLPath, in range: ClosedRange<Int>, expected: String
    ) -> Int? {
        guard case .integer(let number) = value else {
            reportWrongType(path, expected: expected, got: value)
            return nil
        }
        guard range.contains(number) else {
            reportValue(path, "\(number) is out of range; use \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
        return number
    }

    /// A number, whole or with decimals, within `range`.
    mutating func number(
        _ value: TOMLValue, at path: TOMLPath, in range: ClosedRange<Double>, expected: String
    ) -> Double? {
        let number: Double
        switch value {
        case .integer(let whole): number = Double(whole)
        case .float(let real) where real.isFinite: number = real
        default:
            reportWrongType(path, expected: expected, got: value)
            return nil
        }
        guard range.contains(number) else {
            reportValue(path, "\(value.literal) is out of range; use \(WeightUnit.number(range.lowerBound)) to \(WeightUnit.number(range.upperBound))")
            return nil
        }
        return number
    }

    /// A duration: a string in `DurationText` syntax, or a number of seconds.
    mutating func duration(_ value: TOMLValue, at path: TOMLPath, in range: DurationRange) -> TimeInterval? {
        let seconds: TimeInterval
        switch value {
        case .string(let text):
            guard let parsed = DurationText.parse(text) else {
                reportValue(path, "\(value.literal) is not a duration; "
                    + "write e.g. \"40s\", \"2m\", \"1m30s\", \"2h\" or a number of seconds")
                return nil
            }
            seconds = parsed
        case .integer(let number):
            seconds = TimeInterval(number)
        case .float(let number) where number.isFinite:
            seconds = number
        default:
            reportWrongType(path, expected: "a duration like \"90s\" or a number of seconds", got: value)
            return nil
        }
        guard range.contains(seconds) else {
            reportValue(path, "\(value.literal) is out of range; use \(range)")
            return nil
        }
        return seconds
    }

    /// "HH:MM" or "HH:MM:SS"; an unquoted TOML local time with whole seconds is accepted too.
    /// `keyword` is a word the caller accepts instead of a time (`"auto"`): messages offer it too.
    mutating func timeOfDay(_ value: TOMLValue, at path: TOMLPath, keyword: String? = nil) -> LocalTime? {
        let time: LocalTime?
        switch value {
        case .string(let text):
            time = LocalTime(parsing: text)
        case .time(let hour, let minute, let second, let nanosecond):
            time = nanosecond == 0 ? LocalTime(hour: hour, minute: minute, second: second) : nil
        default:
            let alternative = keyword.map { " or \"\($0)\"" } ?? ""
            reportWrongType(path, expected: "a string like \"18:00\"\(alternative)", got: value)
            return nil
        }
        guard let time else {
            if let keyword, case .string(let text) = value, KeySuggestion.nearest(to: text, among: [keyword]) != nil {
                reportValue(path, "\(value.literal) is not a time of day; did you mean \"\(keyword)\"?")
            } else {
                let alternative = keyword.map { ", or \"\($0)\"" } ?? ""
                reportValue(path, "\(value.literal) is not a time of day; write \"HH:MM\" or \"HH:MM:SS\", e.g. \"18:00\"\(alternative)")
            }
            return nil
        }
        return time
    }

    /// A weekday name, `mon` … `sun`, in any case.
    mutating func weekday(_ value: TOMLValue, at path: TOMLPath) -> Weekday? {
        guard case .string(let text) = value else {
            reportWrongType(path, expected: "a weekday like \"mon\"", got: value)
            return nil
        }
        guard let day = Weekday(configName: text) else {
            if let suggestion = Weekday.suggestion(for: text) {
                reportValue(path, "\(value.literal) is not a weekday; did you mean \"\(suggestion.rawValue)\"?")
            } else {
                reportValue(path, "\(value.literal) is not a weekday; use \(Weekday.namesList)")
            }
            return nil
        }
        return day
    }

    /// "a, b and c" / "a, b or c".
    static func list(_ items: [String], conjunction: String) -> String {
        guard let last = items.last else { return "" }
        let rest = items.dropLast()
        return rest.isEmpty ? last : rest.joined(separator: ", ") + " \(conjunction) " + last
    }
}

/// The allowed span of a duration setting.
struct DurationRange: CustomStringConvertible {
    var lowerBound: TimeInterval
    var upperBound: TimeInterval
    var includesUpperBound = true

    init(lowerBound: TimeInterval, upperBound: TimeInterval, includesUpperBound: Bool = true) {
        self.lowerBound = lowerBound
        self.upperBound = upperBound
        self.includesUpperBound = includesUpperBound
    }

    init(_ range: ClosedRange<TimeInterval>) { self.init(lowerBound: range.lowerBound, upperBound: range.upperBound) }

    func contains(_ seconds: TimeInterval) -> Bool {
        seconds >= lowerBound && (includesUpperBound ? seconds <= upperBound : seconds < upperBound)
    }

    /// How a message says it: "1s to 24h", "at least 0s and less than 24h".
    var description: String {
        let lower = DurationText.format(lowerBound)
        let upper = DurationText.format(upperBound)
        return includesUpperBound ? "\(lower) to \(upper)" : "at least \(lower) and less than \(upper)"
    }
}

extension Weekday {
    /// `mon` … `sun`, ignoring case.
    init?(configName: String) {
        self.init(rawValue: configName.lowercased())
    }

    /// The weekday a misspelt or spelt-out name most likely means ("Wednesday", "tues", "fir").
    static func suggestion(for text: String) -> Weekday? {
        let lowered = text.lowercased()
        if let day = allCases.first(where: { lowered.count > 3 && lowered.hasPrefix($0.rawValue) }) { return day }
        return KeySuggestion.nearest(to: lowered, among: allCases.map(\.rawValue)).flatMap(Weekday.init(rawValue:))
    }

    /// "mon, tue, wed, thu, fri, sat or sun".
    static var namesList: String { ConfigReader.list(allCases.map(\.rawValue), conjunction: "or") }
}
