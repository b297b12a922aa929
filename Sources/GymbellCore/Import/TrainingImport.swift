import FoundationEssentials

/// A training log read for `gymbell import`: its workouts as gymbell's sessions with their logged
/// sets, and the rows left out with their lines and why. Pure: the text, the time zone the log's
/// local times are in, the instant now and the name mapping are arguments.
public struct TrainingImport: Equatable, Sendable {
    public var format: ImportFormat
    public var sessions: [ImportedSession]
    public var skipped: [SkippedRow]
    /// Warm-up sets left out (gymbell logs working sets only: the records, volume and overload rules
    /// would otherwise count sets no gymbell workout logs).
    public var warmUps: Int
    /// The weights' unit was not in the file but taken from `Options.unit` (Strong's current export).
    public var unitAssumed: WeightUnit?

    public struct Options: Sendable {
        public var timeZone: Zone
        public var now: Date
        /// Exercise names of the log → the names of the config (`[exercise_names]`, then `--map`).
        public var names: [String: String]
        /// kg or lb, for Strong's current export, which does not say.
        public var unit: WeightUnit

        public init(timeZone: Zone, now: Date, names: [String: String] = [:], unit: WeightUnit = .kg) {
            self.timeZone = timeZone
            self.now = now
            self.names = names
            self.unit = unit
        }
    }

    public struct SkippedRow: Equatable, Sendable {
        public var line: Int
        public var reason: String
    }

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case empty
        case unknownHeader(String)

        public var description: String {
            switch self {
            case .empty: "the file has no header line and no rows"
            case .unknownHeader(let message): message
            }
        }
    }

    /// Reads `text`; throws only when it is no training log at all (a bad row is skipped, and said).
    public static func read(_ text: String, options: Options) throws(Failure) -> TrainingImport {
        guard let table = CSVText.read(text) else { throw .empty }
        guard let format = ImportFormat.detect(table.header) else { throw .unknownHeader(ImportFormat.unknownHeaderMessage(table.header)) }
        let columns = ImportFormat.Columns(header: table.header)
        let reader = ImportRowReader(format: format, columns: columns, timeZone: options.timeZone, unit: options.unit)
        var result = TrainingImport(
            format: format, sessions: [], skipped: [], warmUps: 0, unitAssumed: format == .strong ? options.unit : nil)
        var groups: [String: Int] = [:]
        var rows: [[ImportRow]] = []
        for record in table.records {
            if record.unterminatedQuote {
                result.skip(record.line, "a quote opened here is never closed (the rest of the file is in this row)")
                continue
            }
            switch reader.read(record.fields) {
            case .warmUp:
                result.warmUps += 1
            case .skipped(let reason):
                result.skip(record.line, reason)
            case .set(var row):
                if row.start > options.now || (row.at ?? row.start) > options.now {
                    result.skip(record.line, "dated after now (\(ISO8601.format(row.start)))")
                    continue
                }
                row.exercise = options.names[row.exercise] ?? row.exercise
                if let index = groups[row.group] {
                    rows[index].append(row)
                } else {
                    groups[row.group] = rows.count
                    rows.append([row])
                }
            }
        }
        result.sessions = rows.map { session(of: $0, format: format) }.sorted { ($0.entry.startedAt, $0.entry.id.rawValue) < ($1.entry.startedAt, $1.entry.id.rawValue) }
        return result
    }

    private mutating func skip(_ line: Int, _ reason: String) { skipped.append(SkippedRow(line: line, reason: reason)) }

    /// One workout's rows as a completed strength session with its sets. The apps keep no time per
    /// set: their sets are spread over the workout in the order written (one a minute when it gives no
    /// end), so that the log's order is theirs.
    static func session(of rows: [ImportRow], format: ImportFormat) -> ImportedSession {
        let first = rows[0]
        let id = first.sessionID ?? SessionID(format.idPrefix + ContentID.hex(of: "\(Int(first.start.timeIntervalSince1970))\u{1F}\(first.title)"))
        let start = rows.compactMap(\.at).min().map { min($0, first.start) } ?? first.start
        let span = first.end.map { $0.timeIntervalSince(first.start) }
        var numbers: [String: Int] = [:]
        let sets = rows.enumerated().map { index, row in
            let number = row.setNumber ?? (numbers[row.exercise, default: 0] + 1)
            numbers[row.exercise] = number
            let at = row.at ?? first.start.addingTimeInterval(
                span.map { $0 * Double(index + 1) / Double(rows.count) } ?? Double(index + 1) * 60)
            return LoggedSet(
                session: id, workout: row.workout, exercise: row.exercise, setNumber: number, reps: row.reps, plannedReps: row.plannedReps,
                weight: row.weight, unit: row.unit, failed: row.failed, at: at)
        }
        let end = max(first.end ?? start, sets.map(\.at).max() ?? start)
        let entry = HistoryEntry(
            id: id, workout: first.workout, title: first.title, kind: .strength, startedAt: start, endedAt: end, outcome: .completed,
            setsDone: sets.count, lastProgressAt: end)
        return ImportedSession(entry: entry, sets: sets)
    }
}

/// A workout brought in from a log: its history entry and its sets, as the daemon writes them.
public struct ImportedSession: Codable, Equatable, Sendable {
    public var entry: HistoryEntry
    public var sets: [LoggedSet]

    public init(entry: HistoryEntry, sets: [LoggedSet]) {
        self.entry = entry
        self.sets = sets
    }

    /// What the control interface carries (`ImportSessions`): a JSON array, ISO 8601 instants.
    public static func jsonText(_ sessions: [ImportedSession]) -> String { ISO8601.jsonText(sessions, orElse: "[]") }

    public static func decode(jsonText: String) throws -> [ImportedSession] {
        try ISO8601.decode([ImportedSession].self, jsonText: jsonText)
    }
}

/// Ids made from content, the same on every machine and run: importing a file twice finds its
/// workouts already there. 64-bit FNV-1a of the UTF-8 text, as 16 hex digits.
enum ContentID {
    static func hex(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
