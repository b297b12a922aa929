import FoundationEssentials

/// What a history may hold, defined once (issue 42): every door that lets a session or a set in — a
/// CSV import, the bus's `ImportSessions` and `CorrectSet`, a restored backup, a state file read at
/// start-up — checks against these, so nothing stored can trap the time code or the sums later.
///
/// Names are cleaned rather than refused where a person wrote them (a tab or a line break in an
/// exercise's name becomes a space); what cannot be cleaned — no name at all, a name longer than
/// anyone writes, an instant outside the years the time code handles — is refused with the value.
public enum RecordBounds {
    /// Instants a session or a set can have: 1970 to the end of 2199. The time code works in whole
    /// seconds as `Int`, and sums and offsets of them must never overflow.
    public static let instants: ClosedRange<TimeInterval> = 0...7_258_118_399
    /// Weights: as `Limits.weight` (in the set's own unit).
    public static var weight: ClosedRange<Double> { Limits.weight }
    /// Reps done or planned: as `SetEdit.reps`.
    public static var reps: ClosedRange<Int> { SetEdit.reps }
    /// Which set of an exercise.
    public static let setNumber: ClosedRange<Int> = 1...1000
    /// Sets a session can have (a count kept beside the session).
    public static let setsPerSession: ClosedRange<Int> = 0...10_000
    /// Rounds of a circuit or an AMRAP a session can have done.
    public static let rounds: ClosedRange<Int> = 0...10_000
    /// A held or timed effort, a pause's shift (seconds).
    public static let seconds: ClosedRange<TimeInterval> = 0...(7 * 24 * 3600)
    /// The seconds of a timed set (a plank, a wall sit): up to a day.
    public static let setSeconds: ClosedRange<Int> = 0...86_400
    /// A set's rate of perceived exertion (the apps write 6 to 10 in half steps).
    public static let rpe: ClosedRange<Double> = 0...10
    /// Characters of an exercise, workout or session name, a title.
    public static let nameLength = 200
    /// Characters of an id (a session's: a UUID, or an import's prefix and 16 hex digits).
    public static let idLength = 128

    /// Why a value is refused: what it is, its value and its bounds, in a sentence's words.
    public struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
        public var field: String
        public var problem: String
        public var description: String { "\(field) \(problem)" }

        public init(field: String, problem: String) {
            self.field = field
            self.problem = problem
        }
    }

    // MARK: Text

    /// Whether `scalar` is a control or formatting character a name must not carry: C0 (with NUL),
    /// DEL, C1, the line and paragraph separators, and the bidirectional overrides and isolates that
    /// make a terminal or a page show text in another order than it is.
    public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// `text` with every control character (`isControl`) made a space, runs of spaces made one, and
    /// trimmed: what a person meant by a name typed with a stray tab or line break.
    public static func cleaned(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isControl($0) || $0 == " " }) else { return text }
        var scalars = String.UnicodeScalarView()
        var lastWasSpace = true
        for scalar in text.unicodeScalars {
            let space = isControl(scalar) || scalar == " "
            if space {
                if !lastWasSpace { scalars.append(" ") }
            } else {
                scalars.append(scalar)
            }
            lastWasSpace = space
        }
        var result = String(scalars)
        if result.hasSuffix(" ") { result.removeLast() }
        return result
    }

    /// A name (`field`: "exercise", "title" …) cleaned, or why it cannot be one: empty once cleaned,
    /// or longer than `nameLength` characters.
    public static func checkedName(_ text: String, field: String) throws(Violation) -> String {
        let clean = cleaned(text)
        guard !clean.isEmpty else { throw Violation(field: field, problem: "is empty") }
        guard clean.count <= nameLength else {
            throw Violation(field: field, problem: "is \(clean.count) characters long (at most \(nameLength))")
        }
        return clean
    }

    /// An optional name: nil and an empty one are none.
    public static func checkedOptionalName(_ text: String?, field: String) throws(Violation) -> String? {
        guard let text, !cleaned(text).isEmpty else { return nil }
        return try checkedName(text, field: field)
    }

    /// An id as it is stored and matched: not empty, no control characters (they are refused, not
    /// cleaned: another id would be another session), at most `idLength` characters.
    public static func checkID(_ text: String, field: String = "id") throws(Violation) {
        guard !text.isEmpty else { throw Violation(field: field, problem: "is empty") }
        guard !text.unicodeScalars.contains(where: isControl) else {
            throw Violation(field: field, problem: "\(TextQuote.quoted(text)) holds a control character")
        }
        guard text.count <= idLength else { throw Violation(field: field, problem: "is \(text.count) characters long (at most \(idLength))") }
    }

    // MARK: Numbers and instants

    public static func checkInstant(_ date: Date, field: String) throws(Violation) {
        let seconds = date.timeIntervalSince1970
        guard seconds.isFinite, instants.contains(seconds) else {
            throw Violation(field: field, problem: "\(describe(seconds)) is outside 1970 to 2199")
        }
    }

    public static func checkWeight(_ value: Double, field: String = "weight") throws(Violation) {
        guard value.isFinite, Self.weight.contains(value) else {
            throw Violation(
                field: field,
                problem: "\(WeightUnit.number(value)) is not a weight of \(WeightUnit.number(Self.weight.lowerBound)) to \(WeightUnit.number(Self.weight.upperBound))")
        }
    }

    public static func checkCount(_ value: Int, in range: ClosedRange<Int>, field: String) throws(Violation) {
        guard range.contains(value) else {
            throw Violation(field: field, problem: "\(value) is not \(range.lowerBound) to \(range.upperBound)")
        }
    }

    public static func checkRPE(_ value: Double, field: String = "rpe") throws(Violation) {
        guard value.isFinite, Self.rpe.contains(value) else {
            throw Violation(field: field, problem: "\(WeightUnit.number(value)) is not an RPE of 0 to 10")
        }
    }

    public static func checkSeconds(_ value: Double, field: String) throws(Violation) {
        guard value.isFinite, Self.seconds.contains(value) else {
            throw Violation(field: field, problem: "\(describe(value)) is not 0 to \(Int(Self.seconds.upperBound)) seconds")
        }
    }

    /// A number as a refusal shows it: an instant's seconds as an ISO 8601 instant up to the year
    /// 10 000 either way ("9999-01-01T10:00:00.000Z"), beyond as seconds.
    static func describe(_ seconds: Double) -> String {
        guard seconds.isFinite, abs(seconds) < 1e15 else { return "\(seconds)" }
        if abs(seconds) < 253_402_300_800 { return ISO8601.format(Date(timeIntervalSince1970: seconds)) }
        return seconds == seconds.rounded() ? String(Int64(seconds)) : "\(seconds)"
    }

    // MARK: Records

    /// `set` with its names cleaned, or the first value that is out of bounds.
    public static func checked(_ set: LoggedSet) throws(Violation) -> LoggedSet {
        var set = set
        try checkID(set.session.rawValue, field: "session id")
        set.exercise = try checkedName(set.exercise, field: "exercise")
        set.workout = try checkedOptionalName(set.workout, field: "workout")
        try checkCount(set.setNumber, in: setNumber, field: "set number")
        if let done = set.reps { try checkCount(done, in: reps, field: "reps") }
        if let planned = set.plannedReps { try checkCount(planned, in: reps, field: "planned reps") }
        if let lifted = set.weight { try checkWeight(lifted) }
        if let held = set.seconds { try checkCount(held, in: setSeconds, field: "seconds") }
        if let rpe = set.rpe { try checkRPE(rpe) }
        try checkInstant(set.at, field: "set time")
        return set
    }

    /// `entry` with its names cleaned, or the first value that is out of bounds.
    public static func checked(_ entry: HistoryEntry) throws(Violation) -> HistoryEntry {
        var entry = entry
        try checkID(entry.id.rawValue, field: "session id")
        entry.title = try checkedName(entry.title, field: "title")
        entry.workout = try checkedOptionalName(entry.workout, field: "workout")
        try checkInstant(entry.startedAt, field: "start")
        if let end = entry.endedAt {
            try checkInstant(end, field: "end")
            guard end >= entry.startedAt else { throw Violation(field: "end", problem: "\(ISO8601.format(end)) is before the start") }
        }
        try checkInstant(entry.lastProgressAt, field: "last progress")
        try checkCount(entry.setsDone, in: setsPerSession, field: "sets done")
        if let rounds = entry.rounds { try checkCount(rounds, in: Self.rounds, field: "rounds") }
        if entry.amrap, entry.rounds == nil { throw Violation(field: "amrap", problem: "is true for a session without rounds") }
        return entry
    }
}

/// Quoting a value in a sentence, its control characters shown as escapes so that the sentence itself
/// stays one line of plain text.
public enum TextQuote {
    public static func quoted(_ text: String, limit: Int = 60) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(limit) {
            if RecordBounds.isControl(scalar) {
                out += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            } else if scalar == "\"" || scalar == "\\" {
                out += "\\\(scalar)"
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return "\"\(out)\(text.unicodeScalars.count > limit ? "…" : "")\""
    }
}
