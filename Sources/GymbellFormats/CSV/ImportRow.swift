import FoundationEssentials
import GymbellCore

/// One row of a training log as gymbell reads it: a set of a workout (a warm-up set too, marked so), or
/// a row left out for a reason the summary gives with its line.
enum ImportRowReading: Equatable {
    case set(ImportRow)
    case skipped(String)
}

/// A set as a row writes it, and the workout it belongs to.
struct ImportRow: Equatable {
    /// Rows of one session id are one workout. gymbell's own export names the session; Strong's and
    /// Hevy's rows get an id made from the instant their date means and the workout's title.
    var sessionID: SessionID
    var title: String
    var start: Date
    var end: Date?
    var workout: String?
    var exercise: String
    /// gymbell's own; the apps' are numbered afresh per exercise, in the order written (warm-ups too).
    var setNumber: Int?
    var reps: Int?
    var plannedReps: Int?
    var weight: Double?
    var unit: WeightUnit
    var failed: Bool
    /// gymbell's own; Strong and Hevy keep no time per set.
    var at: Date?
    /// A timed set's seconds (Strong's Seconds, Hevy's duration_seconds, gymbell's seconds).
    var seconds: Int? = nil
    /// Strong's Set Order W, Hevy's set_type warmup, gymbell's warm_up.
    var warmUp = false
    /// Strong's RPE, Hevy's rpe, gymbell's rpe.
    var rpe: Double? = nil
    /// gymbell's session_rounds and session_amrap: the session's rounds (issue 44).
    var rounds: Int? = nil
    var amrap = false
    /// A row of the session alone (gymbell's, exercise and set empty): its rounds, no set.
    var sessionOnly = false
}

/// Reads one record of a detected format.
struct ImportRowReader {
    let format: ImportFormat
    let columns: ImportFormat.Columns
    let timeZone: Zone
    /// Strong's current export does not say kg or lb: the person does (`--unit`).
    let unit: WeightUnit
    /// Rows dated after it are left out.
    let now: Date
    /// Exercise names of the log → the config's.
    let names: [String: String]
    /// Each workout's rows repeat its date, title and names: read once.
    private let cache = ReadCache()

    init(format: ImportFormat, columns: ImportFormat.Columns, timeZone: Zone, unit: WeightUnit, now: Date = .distantFuture, names: [String: String] = [:]) {
        self.format = format
        self.columns = columns
        self.timeZone = timeZone
        self.unit = unit
        self.now = now
        self.names = names
    }

    /// What becomes of `record`: the one decision the summary counts and the import writes (issue 42).
    /// A name with control characters is cleaned (a NUL is refused: it is no slip of a keyboard), an
    /// instant must be one the time code handles (1970 to 2199) and not after now.
    func decide(_ record: CSVText.Record) -> ImportRowReading {
        if record.unterminatedQuote { return .skipped("a quote opened here is never closed (the rest of the file is in this row)") }
        let reading = read(record.fields)
        guard case .set(var row) = reading else { return reading }
        if let column = outOfBounds(row) {
            let text = columns.value(column.lowercased(), in: record.fields)
            return .skipped("\(column)\(text.isEmpty ? "" : " " + quoted(text)) is outside 1970 to 2199")
        }
        do throws(RecordBounds.Violation) {
            row.title = try name(row.title, field: "the workout's title") ?? "Workout"
            if row.workout != nil { row.workout = try name(row.workout, field: "workout") }
            let exercise = try name(row.exercise, field: "exercise") ?? ""
            row.exercise = try name(names[exercise] ?? exercise, field: "exercise") ?? ""
            guard !row.exercise.isEmpty || row.sessionOnly else { return .skipped("no exercise name") }
            if format != .gymbell { row.sessionID = madeID(row) }
            try RecordBounds.checkID(row.sessionID.rawValue, field: "session")
            if let number = row.setNumber { try RecordBounds.checkCount(number, in: RecordBounds.setNumber, field: "set") }
            if let planned = row.plannedReps { try RecordBounds.checkCount(planned, in: RecordBounds.reps, field: "planned_reps") }
        } catch {
            return .skipped(error.description)
        }
        if row.start > now || (row.at ?? row.start) > now { return .skipped("dated after now (\(ISO8601.format(row.start)))") }
        return .set(row)
    }

    /// The column of the first instant outside the years the time code handles, or nil.
    private func outOfBounds(_ row: ImportRow) -> String? {
        let bounds = RecordBounds.instants
        if let at = row.at, !bounds.contains(at.timeIntervalSince1970) { return "at" }
        if !bounds.contains(row.start.timeIntervalSince1970) { return format.instantColumns.start }
        if let end = row.end, !bounds.contains(end.timeIntervalSince1970) { return format.instantColumns.end }
        return nil
    }

    /// Strong's and Hevy's workout ids: from the start's second and the title (a workout's rows in a row share it).
    private func madeID(_ row: ImportRow) -> SessionID {
        let second = Int(row.start.timeIntervalSince1970)
        if let last = cache.lastID, last.second == second, last.title == row.title { return last.id }
        let id = SessionID(format.idPrefix + ContentID.hex(of: "\(second)\u{1F}\(row.title)"))
        cache.lastID = (second, row.title, id)
        return id
    }

    /// A name cleaned of control characters (RecordBounds), or why the row is left out: a NUL, too
    /// long. Nil for none. Each text is checked once per file (its rows repeat a few names).
    private func name(_ text: String?, field: String) throws(RecordBounds.Violation) -> String? {
        guard let text else { return nil }
        let key = field + "\u{1F}" + text
        if let known = cache.names[key] { return try known.get() }
        let result = Result { () throws(RecordBounds.Violation) -> String? in
            if text.utf8.contains(0) { throw RecordBounds.Violation(field: field, problem: "\(TextQuote.quoted(text)) holds a NUL character") }
            return try RecordBounds.checkedOptionalName(text, field: field)
        }
        if cache.names.count < 10_000 { cache.names[key] = result }
        return try result.get()
    }

    func read(_ fields: [String]) -> ImportRowReading {
        let value = { (name: String) in columns.value(name, in: fields) }
        switch format {
        case .strongSemicolon, .strong: return strong(value)
        case .hevy: return hevy(value)
        case .gymbell: return gymbell { CSVText.formulaUnguarded(value($0)) }  // its export's formula guard off
        }
    }

    private func strong(_ value: (String) -> String) -> ImportRowReading {
        let dateText = value("date")
        guard let start = instant(dateText) else { return .skipped("Date \(quoted(dateText)) is not a date and time") }
        let exercise = value("exercise name")
        guard !exercise.isEmpty else { return .skipped("no Exercise Name") }
        var failed = false
        var warmUp = false
        let order = value("set order")
        switch order.uppercased() {
        case "W": warmUp = true
        case "F": failed = true
        case "D": break
        default:
            guard Int(order) != nil else { return .skipped("Set Order \(quoted(order)) is not a set (1, 2 …, W, D or F)") }
        }
        var unit = self.unit
        if format == .strongSemicolon, !value("weight unit").isEmpty {
            guard let named = WeightUnit(configured: value("weight unit")) else {
                return .skipped("Weight Unit \(quoted(value("weight unit"))) is neither kg nor lbs")
            }
            unit = named
        }
        let duration = LocalDateText.duration(value(format == .strong ? "duration" : "workout duration"))
        let title = value("workout name")
        return load(
            Load(reps: value("reps"), weight: value("weight"), seconds: value("seconds"), rpe: value("rpe"), distance: value("distance")),
            unit: unit,
            row: ImportRow(
                sessionID: SessionID(""), title: title, start: start,
                end: duration.flatMap { $0 > 0 ? start.addingTimeInterval($0) : nil }, exercise: exercise, unit: unit, failed: failed,
                warmUp: warmUp))
    }

    private func hevy(_ value: (String) -> String) -> ImportRowReading {
        let startText = value("start_time")
        guard let start = instant(startText) else { return .skipped("start_time \(quoted(startText)) is not a date and time") }
        let exercise = value("exercise_title")
        guard !exercise.isEmpty else { return .skipped("no exercise_title") }
        var failed = false
        var warmUp = false
        switch value("set_type").lowercased() {
        case "warmup": warmUp = true
        case "failure": failed = true
        case "normal", "dropset", "": break
        default: return .skipped("set_type \(quoted(value("set_type"))) is not normal, warmup, dropset or failure")
        }
        let pounds = columns.has("weight_lbs")
        let title = value("title")
        let end = instant(value("end_time")).flatMap { $0 > start ? $0 : nil }
        let distance = value(columns.has("distance_miles") ? "distance_miles" : "distance_km")
        return load(
            Load(
                reps: value("reps"), weight: value(pounds ? "weight_lbs" : "weight_kg"), seconds: value("duration_seconds"), rpe: value("rpe"),
                distance: distance),
            unit: pounds ? .lb : .kg,
            row: ImportRow(
                sessionID: SessionID(""), title: title, start: start, end: end,
                exercise: exercise, unit: pounds ? .lb : .kg, failed: failed, warmUp: warmUp))
    }

    private func gymbell(_ value: (String) -> String) -> ImportRowReading {
        let session = value("session")
        guard !session.isEmpty else { return .skipped("no session") }
        guard let at = ISO8601.parse(value("at")) else { return .skipped("at \(quoted(value("at"))) is not an ISO 8601 instant") }
        let roundsText = value("session_rounds")
        var rounds: Int?
        if !roundsText.isEmpty {
            // Digits only: "-3", "1e18", "7.5" or a NUL are no count of rounds.
            guard roundsText.utf8.allSatisfy({ (48...57).contains($0) }), let count = Int(roundsText), RecordBounds.rounds.contains(count) else {
                return .skipped("session_rounds \(quoted(roundsText)) is not a count of rounds (0 to \(RecordBounds.rounds.upperBound))")
            }
            rounds = count
        }
        guard let amrap = Self.flag(value("session_amrap")) else {
            return .skipped("session_amrap \(quoted(value("session_amrap"))) is neither true nor false")
        }
        if amrap, rounds == nil { return .skipped("session_amrap is true without session_rounds") }
        let exercise = value("exercise")
        if exercise.isEmpty, value("set").isEmpty, rounds != nil {
            return sessionRow(session, at: at, rounds: rounds, amrap: amrap, value)
        }
        guard !exercise.isEmpty else { return .skipped("no exercise") }
        guard let setNumber = Int(value("set")), setNumber >= 1 else { return .skipped("set \(quoted(value("set"))) is not a set number") }
        guard let unit = WeightUnit(rawValue: value("unit").lowercased()) else { return .skipped("unit \(quoted(value("unit"))) is neither kg nor lb") }
        guard let failed = Self.flag(value("failed")) else { return .skipped("failed \(quoted(value("failed"))) is neither true nor false") }
        guard let warmUp = Self.flag(value("warm_up")) else { return .skipped("warm_up \(quoted(value("warm_up"))) is neither true nor false") }
        let start = ISO8601.parse(value("session_started_at")) ?? at
        let planned = value("planned_reps")
        guard planned.isEmpty || Int(planned) != nil else { return .skipped("planned_reps \(quoted(planned)) is not a number") }
        let title = value("session_title")
        let workout = value("workout")
        let row = ImportRow(
            sessionID: SessionID(session), title: title.isEmpty ? (workout.isEmpty ? "Workout" : workout) : title,
            start: min(start, at), end: ISO8601.parse(value("session_ended_at")), workout: workout.isEmpty ? nil : workout,
            exercise: exercise, setNumber: setNumber, plannedReps: Int(planned), unit: unit, failed: failed, at: at, warmUp: warmUp,
            rounds: rounds, amrap: amrap)
        return load(
            Load(reps: value("reps"), weight: value("weight"), seconds: value("seconds"), rpe: value("rpe"), distance: ""), unit: unit, row: row,
            repsOptional: true)
    }

    /// A row of a session alone: its rounds (an AMRAP logs no set).
    private func sessionRow(_ session: String, at: Date, rounds: Int?, amrap: Bool, _ value: (String) -> String) -> ImportRowReading {
        let start = ISO8601.parse(value("session_started_at")) ?? at
        let title = value("session_title")
        let workout = value("workout")
        return .set(ImportRow(
            sessionID: SessionID(session), title: title.isEmpty ? (workout.isEmpty ? "Workout" : workout) : title,
            start: min(start, at), end: ISO8601.parse(value("session_ended_at")), workout: workout.isEmpty ? nil : workout,
            exercise: "", unit: .kg, failed: false, at: at, rounds: rounds, amrap: amrap, sessionOnly: true))
    }

    /// true, false, or nil for neither ("" is false: a column an older export lacks).
    static func flag(_ text: String) -> Bool? {
        switch text.lowercased() {
        case "true", "1", "yes": true
        case "false", "0", "no", "": false
        default: nil
        }
    }

    /// `62.5`, or `62,5` as a semicolon export in a decimal-comma language writes it; `-1` (refused
    /// by the bounds, with its value). Plain decimals only, as the command line takes them: what else
    /// Swift's parser reads (`0x10`, `1e3`, `nan`) is no number of a training log.
    static func number(_ text: String) -> Double? {
        let normalized = text.contains(".") ? text : text.replacingAll(",", with: ".")
        let digits = normalized.hasPrefix("-") ? String(normalized.dropFirst()) : normalized
        guard let value = PlainDecimal.value(of: digits) else { return nil }
        return normalized.hasPrefix("-") ? -value : value
    }

    private func instant(_ text: String) -> Date? {
        if let known = cache.dates[text] { return known }
        let date = LocalDateText.parse(text).map { $0.day.instant(at: $0.time, in: timeZone) }
        if cache.dates.count > 100_000 { cache.dates.removeAll() }
        cache.dates[text] = date
        return date
    }

    func quoted(_ text: String) -> String { TextQuote.quoted(text) }
}

/// What the rows of a file repeat, read once (the reader is used on one thread, for one file).
private final class ReadCache {
    /// Date texts read.
    var dates: [String: Date?] = [:]
    /// Names checked (by field and text).
    var names: [String: Result<String?, RecordBounds.Violation>] = [:]
    /// The last workout id made.
    var lastID: (second: Int, title: String, id: SessionID)?
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
