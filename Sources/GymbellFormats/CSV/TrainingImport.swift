import FoundationEssentials
import GymbellCore

/// A training log read for `gymbell import`: what it holds — its workouts (each as the session id
/// it will have and its number of sets), the rows left out with their lines and why — and, read whole
/// (`read`), its workouts as gymbell's sessions with their logged sets. Pure: the text, the time zone
/// the log's local times are in, the instant now and the name mapping are arguments.
///
/// One decision for the dry run and the import (issue 42): a row belongs to the workout of its session
/// id, made from the instant its date text means and the workout's title (`6:05:00 PM` and `18:05:00`
/// are one workout). The summary counts what `Scan` decides row by row, and `Assembly` builds the
/// sessions from the very same decisions, so what a dry run says is what an import writes.
///
/// A large export is read twice, a chunk at a time (`Scan`, then `Assembly`): the first reading counts
/// each workout's rows, so that the second hands a workout over as soon as its last row is read. Rows
/// of a workout need not be next to each other for the import to be right; memory stays small when
/// they are (Strong and Hevy write a workout's rows together), as only workouts begun and not yet
/// complete are held.
public struct TrainingImport: Equatable, Sendable {
    public var format: ImportFormat
    /// The workouts, read whole (`read`); empty after a `Scan` alone.
    public var sessions: [ImportedSession]
    /// The first `listedSkips` rows left out (`skippedCount` counts them all).
    public var skipped: [SkippedRow]
    public var skippedCount: Int
    /// Of the sets, warm-up sets (Strong's W, Hevy's warmup): imported marked as warm-ups, which the
    /// records, volume and overload rules leave out.
    public var warmUps: Int
    /// Of the sets, timed ones (a plank: Strong's Seconds, Hevy's duration_seconds).
    public var timedSets: Int
    /// The weights' unit was not in the file but taken from `Options.unit` (Strong's current export).
    public var unitAssumed: WeightUnit?
    /// Each workout's session id and its number of sets.
    public var workouts: [SessionID: Int]
    /// Sets to import.
    public var setCount: Int
    /// The exercises, by name, in the order of the workouts they first appear in.
    public var exercises: [String]
    /// The first and the last workout's start.
    public var firstStart: Date?
    public var lastStart: Date?
    /// The records after the header: what progress counts.
    public var records: Int

    /// Skipped rows listed one by one (a broken export could have a million).
    public static let listedSkips = 1000

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
        /// A field that is not UTF-8, on this line.
        case notText(line: Int)
        /// The file read the second time is not the one read the first time.
        case changed

        public var description: String {
            switch self {
            case .empty: "the file has no header line and no rows"
            case .unknownHeader(let message): message
            case .notText(let line):
                "line \(line) is not UTF-8 text: export it again from the app (Strong and Hevy write UTF-8)"
            case .changed: "the file changed while it was imported: import it again (what was imported stays, and is not imported twice)"
            }
        }
    }

    /// The number of workouts.
    public var workoutCount: Int { workouts.count }

    /// Reads `text` whole; throws only when it is no training log at all (a bad row is skipped, and said).
    public static func read(_ text: String, options: Options) throws(Failure) -> TrainingImport {
        guard let table = CSVText.read(text) else { throw .empty }
        var scan = Scan(options: options)
        let header = CSVText.Record(line: 1, fields: table.header)
        try scan.add(header)
        for record in table.records { try scan.add(record) }
        var log = try scan.finished()
        var assembly = try Assembly(plan: log, options: options)
        var sessions: [ImportedSession] = []
        try assembly.add(header)
        for record in table.records { sessions += try assembly.add(record) }
        sessions += assembly.finish()
        log.sessions = sessions.sorted { ($0.entry.startedAt, $0.entry.id.rawValue) < ($1.entry.startedAt, $1.entry.id.rawValue) }
        return log
    }

    init(format: ImportFormat, unitAssumed: WeightUnit?) {
        self.format = format
        self.sessions = []
        self.skipped = []
        self.skippedCount = 0
        self.warmUps = 0
        self.timedSets = 0
        self.unitAssumed = unitAssumed
        self.workouts = [:]
        self.setCount = 0
        self.exercises = []
        self.records = 0
    }

    mutating func skip(_ line: Int, _ reason: String) {
        skippedCount += 1
        if skipped.count < Self.listedSkips { skipped.append(SkippedRow(line: line, reason: reason)) }
    }

    /// The header's format and what reads its rows; the first record of a file.
    static func reader(header record: CSVText.Record, options: Options) throws(Failure) -> ImportRowReader {
        guard !record.invalidText else { throw .notText(line: record.line) }
        guard let format = ImportFormat.detect(record.fields) else { throw .unknownHeader(ImportFormat.unknownHeaderMessage(record.fields)) }
        return ImportRowReader(
            format: format, columns: ImportFormat.Columns(header: record.fields), timeZone: options.timeZone, unit: options.unit,
            now: options.now, names: options.names)
    }

    /// The first reading: what the log holds, record by record (the header first).
    public struct Scan {
        private let options: Options
        private var reader: ImportRowReader?
        private var log = TrainingImport(format: .strong, unitAssumed: nil)
        /// Each exercise's first appearance: (its workout's start, the workout's id, the line).
        private var firstSeen: [String: (Date, String, Int)] = [:]
        /// Each workout's start (the least of its first row's start and its sets' own times).
        private var starts: [SessionID: Date] = [:]

        public init(options: Options) { self.options = options }

        public mutating func add(_ record: CSVText.Record) throws(Failure) {
            guard let reader else {
                let reader = try TrainingImport.reader(header: record, options: options)
                self.reader = reader
                log = TrainingImport(format: reader.format, unitAssumed: reader.format == .strong ? options.unit : nil)
                return
            }
            log.records += 1
            guard !record.invalidText else { throw .notText(line: record.line) }
            switch reader.decide(record) {
            case .skipped(let reason): log.skip(record.line, reason)
            case .set(let row):
                let id = row.sessionID
                let count = log.workouts[id, default: 0]
                log.workouts[id] = count + 1  // its rows: a row of the session alone (its rounds) too
                let start = count == 0 ? row.start : (starts[id] ?? row.start)
                starts[id] = row.at.map { min($0, start) } ?? start
                guard !row.sessionOnly else { return }
                log.setCount += 1
                if row.warmUp { log.warmUps += 1 }
                if row.seconds != nil { log.timedSets += 1 }
                let seen = (row.start, id.rawValue, record.line)
                if let earlier = firstSeen[row.exercise] {
                    if seen < earlier { firstSeen[row.exercise] = seen }
                } else {
                    firstSeen[row.exercise] = seen
                }
            }
        }

        /// What the log holds; `.empty` when it had no header.
        public func finished() throws(Failure) -> TrainingImport {
            guard reader != nil else { throw .empty }
            var log = log
            log.exercises = firstSeen.sorted { $0.value < $1.value }.map(\.key)
            log.firstStart = starts.values.min()
            log.lastStart = starts.values.max()
            return log
        }
    }

    /// The second reading: the workouts `plan` (the first reading's) found, each handed over once its
    /// last row is read.
    public struct Assembly {
        private let options: Options
        private let plan: [SessionID: Int]
        private var reader: ImportRowReader?
        private var open: [SessionID: [ImportRow]] = [:]
        /// Records read (progress).
        public private(set) var records = 0

        public init(plan: TrainingImport, options: Options) throws(Failure) {
            self.options = options
            self.plan = plan.workouts
        }

        /// The workouts this record completes (none, or the one it belongs to).
        public mutating func add(_ record: CSVText.Record) throws(Failure) -> [ImportedSession] {
            guard let reader else {
                reader = try TrainingImport.reader(header: record, options: options)
                return []
            }
            records += 1
            guard case .set(let row) = reader.decide(record) else { return [] }
            let id = row.sessionID
            guard let expected = plan[id] else { throw .changed }
            open[id, default: []].append(row)
            guard let rows = open[id], rows.count >= expected else { return [] }
            open[id] = nil
            return [TrainingImport.session(of: rows, format: reader.format)]
        }

        /// Workouts still open at the end (none, unless the file changed between the readings).
        public mutating func finish() -> [ImportedSession] {
            guard let reader else { return [] }
            defer { open = [:] }
            return open.values.map { TrainingImport.session(of: $0, format: reader.format) }
        }

        /// Workouts begun and not complete: what is held in memory.
        public var openWorkouts: Int { open.count }
    }

    /// One workout's rows as a completed strength session with its sets (a circuit's, when its rows
    /// give rounds). The apps keep no time per
    /// set: their sets are spread over the workout in the order written (one a minute when it gives no
    /// end), so that the log's order is theirs.
    static func session(of rows: [ImportRow], format: ImportFormat) -> ImportedSession {
        let first = rows[0]
        let id = first.sessionID
        let start = rows.compactMap(\.at).min().map { min($0, first.start) } ?? first.start
        let span = first.end.map { $0.timeIntervalSince(first.start) }
        var numbers: [String: Int] = [:]
        let rounds = rows.compactMap(\.rounds).max()
        let amrap = rounds != nil && rows.contains(where: \.amrap)
        let rows = rows.filter { !$0.sessionOnly }
        let sets = rows.enumerated().map { index, row in
            let number = row.setNumber ?? (numbers[row.exercise, default: 0] + 1)
            numbers[row.exercise] = number
            let at = row.at ?? first.start.addingTimeInterval(
                span.map { $0 * Double(index + 1) / Double(rows.count) } ?? Double(index + 1) * 60)
            return LoggedSet(
                session: id, workout: row.workout, exercise: row.exercise, setNumber: number, reps: row.reps, plannedReps: row.plannedReps,
                weight: row.weight, unit: row.unit, failed: row.failed, at: at, seconds: row.seconds, warmUp: row.warmUp, rpe: row.rpe)
        }
        let end = max(first.end ?? start, sets.map(\.at).max() ?? start)
        let entry = HistoryEntry(
            id: id, workout: first.workout, title: first.title, kind: rounds == nil ? .strength : .circuit, startedAt: start, endedAt: end,
            outcome: .completed, setsDone: sets.count, lastProgressAt: end, rounds: rounds, amrap: amrap)
        return ImportedSession(entry: entry, sets: sets)
    }
}
