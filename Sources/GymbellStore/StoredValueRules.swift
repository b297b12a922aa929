import FoundationEssentials
import GymbellCore

/// The rules `StoredValueAudit` checks, table by table: for each column a person's history lives in,
/// the SQL condition of a value out of `RecordBounds` and what a repair does with such a row.
enum StoredValueRules {
    /// What a repair does with a row whose value is out of bounds.
    enum Fix {
        /// The row leaves its table for `put_aside` (with the session's sets and reminders, for a session).
        case putAside
        /// The column is set to this SQL expression (evaluated on the row).
        case set(String)
        /// A name: control characters made spaces (`RecordBounds.cleaned`); `orElse` when nothing is left.
        case cleanName(orElse: String?)
        /// A reminder's text: NUL bytes dropped (its line breaks are its own).
        case dropNUL
        /// A session id: a new one, everywhere it is named.
        case newSessionID
        /// A derived table: emptied and made afresh from the set log.
        case rebuildCaches
    }

    struct Rule {
        let table: String
        let column: String
        /// SQL that is true for a row whose value is out of bounds (`c` is the column, quoted).
        let bad: String
        let bounds: String
        let fix: Fix
    }

    /// The key each table's rows are named by in a sentence.
    static let keys = [
        "session": "id", "reminder": "id", "daily_state": "id", "set_log": "id", "weight_override": "exercise",
        "overload_dismissal": "exercise", "progress_snapshot": "id", "progress_snapshot_set": "seq", "record_candidate": "seq",
    ]

    // MARK: The conditions

    private static let lastInstant = Int(RecordBounds.instants.upperBound)

    private static func isNumber(_ c: String) -> String { "typeof(\(c)) NOT IN ('integer', 'real')" }

    static func instant(_ c: String, nullable: Bool = false) -> String {
        let bad = "(\(isNumber(c)) OR \(c) < 0 OR \(c) > \(lastInstant))"
        return nullable ? "(\(c) IS NOT NULL AND \(bad))" : bad
    }

    static func whole(_ c: String, _ range: ClosedRange<Int>, nullable: Bool = false) -> String {
        let bad = "(\(isNumber(c)) OR \(c) < \(range.lowerBound) OR \(c) > \(range.upperBound) OR \(c) <> CAST(\(c) AS INTEGER))"
        return nullable ? "(\(c) IS NOT NULL AND \(bad))" : bad
    }

    static func weight(_ c: String) -> String {
        "(\(c) IS NOT NULL AND (\(isNumber(c)) OR \(c) < \(RecordBounds.weight.lowerBound) OR \(c) > \(RecordBounds.weight.upperBound)))"
    }

    static func rpe(_ c: String) -> String {
        "(\(c) IS NOT NULL AND (\(isNumber(c)) OR \(c) < \(RecordBounds.rpe.lowerBound) OR \(c) > \(RecordBounds.rpe.upperBound)))"
    }

    /// The characters `RecordBounds.isControl` names, NUL apart (found in the bytes), as a GLOB set.
    private static let controlSet: String = {
        let scalars = (0x01...0xFFFF).compactMap(Unicode.Scalar.init).filter(RecordBounds.isControl)
        return "[" + String(String.UnicodeScalarView(scalars)) + "]"
    }()

    private static func hasNUL(_ c: String) -> String { "instr(CAST(\(c) AS BLOB), x'00') > 0" }

    /// A name or id: not text, a NUL or another control character, too long, or (`empty`) nothing.
    static func text(_ c: String, length: Int, nullable: Bool = false, emptyIsBad: Bool = true) -> String {
        let glob = "'*\(controlSet.replacingAll("'", with: "''"))*'"
        var bad = "typeof(\(c)) <> 'text' OR \(hasNUL(c)) OR \(c) GLOB \(glob) OR length(\(c)) > \(length)"
        if emptyIsBad { bad += " OR trim(\(c)) = ''" }
        return nullable ? "(\(c) IS NOT NULL AND (\(bad)))" : "(\(bad))"
    }

    static func nul(_ c: String) -> String { "(typeof(\(c)) = 'text' AND \(hasNUL(c)))" }

    private static let unit = "(unit NOT IN ('kg', 'lb'))"
    private static let instants = "1970 to 2199"

    // MARK: The rules, table by table

    static let rules: [Rule] = {
        let name = RecordBounds.nameLength
        let id = RecordBounds.idLength
        var rules: [Rule] = [
            Rule(table: "session", column: "id", bad: text("id", length: id), bounds: "an id without control characters", fix: .newSessionID),
            Rule(table: "session", column: "started_at", bad: instant("started_at"), bounds: instants, fix: .putAside),
            Rule(table: "session", column: "title", bad: text("title", length: name), bounds: "a name", fix: .cleanName(orElse: "Workout")),
            Rule(table: "session", column: "workout", bad: text("workout", length: name, nullable: true), bounds: "a name",
                 fix: .cleanName(orElse: nil)),
            Rule(table: "session", column: "ends_at", bad: instant("ends_at"), bounds: instants, fix: .set("started_at")),
            Rule(table: "session", column: "ended_at", bad: instant("ended_at", nullable: true), bounds: instants, fix: .set("started_at")),
            Rule(table: "session", column: "last_progress_at", bad: instant("last_progress_at", nullable: true), bounds: instants,
                 fix: .set("started_at")),
            Rule(table: "session", column: "paused_at", bad: instant("paused_at", nullable: true), bounds: instants, fix: .set("NULL")),
            Rule(table: "session", column: "shift", bad: "(\(isNumber("shift")) OR abs(shift) > 31536000)", bounds: "a year or less",
                 fix: .set("0")),
            Rule(table: "session", column: "sets_done", bad: whole("sets_done", RecordBounds.setsPerSession), bounds: "0 to 10000",
                 fix: .set("(SELECT count(*) FROM set_log WHERE set_log.session_id = session.id)")),
            Rule(table: "session", column: "pause_reminders", bad: whole("pause_reminders", 0...1000), bounds: "0 to 1000", fix: .set("0")),
            Rule(table: "session", column: "notice_id", bad: whole("notice_id", 0...Int(UInt32.max), nullable: true),
                 bounds: "a notification id", fix: .set("NULL")),
            Rule(table: "session", column: "rounds", bad: whole("rounds", RecordBounds.rounds, nullable: true), bounds: "0 to 10000",
                 fix: .set("NULL")),
            Rule(table: "session", column: "amrap", bad: "(\(whole("amrap", 0...1)) OR (amrap = 1 AND rounds IS NULL))",
                 bounds: "0, or 1 with rounds", fix: .set("0")),
            Rule(table: "reminder", column: "id", bad: text("id", length: id), bounds: "an id without control characters", fix: .putAside),
            Rule(table: "reminder", column: "due", bad: instant("due"), bounds: instants, fix: .putAside),
        ]
        for column in ["title", "body", "content", "session_id"] {
            rules.append(Rule(table: "reminder", column: column, bad: nul(column), bounds: "text without NUL", fix: .dropNUL))
        }
        rules.append(Rule(table: "daily_state", column: "last_handled", bad: instant("last_handled", nullable: true), bounds: instants, fix: .set("NULL")))
        for column in ["quiet_day", "rest_advice_day", "streak_warned_day", "weekly_summary_day"] {
            rules.append(Rule(table: "daily_state", column: column, bad: whole(column, 0...84_000, nullable: true), bounds: "a day of 1970 to 2199",
                              fix: .set("NULL")))
        }
        rules += setRules(table: "set_log", prefix: "", fix: .putAside, nameFix: true)
        rules += [
            Rule(table: "weight_override", column: "exercise", bad: text("exercise", length: name), bounds: "a name", fix: .cleanName(orElse: nil)),
            Rule(table: "weight_override", column: "weight", bad: "(weight IS NULL OR \(weight("weight")))", bounds: "0 to 2000", fix: .putAside),
            Rule(table: "weight_override", column: "unit", bad: unit, bounds: "kg or lb", fix: .putAside),
            Rule(table: "weight_override", column: "since", bad: instant("since"), bounds: instants, fix: .putAside),
            Rule(table: "overload_dismissal", column: "exercise", bad: text("exercise", length: name), bounds: "a name", fix: .cleanName(orElse: nil)),
            Rule(table: "overload_dismissal", column: "at", bad: instant("at"), bounds: instants, fix: .putAside),
            Rule(table: "progress_snapshot", column: "through", bad: whole("through", 0...Int(Int64.max)), bounds: "a set id", fix: .rebuildCaches),
            Rule(table: "progress_snapshot", column: "count", bad: whole("count", 0...Int(Int64.max)), bounds: "a count", fix: .rebuildCaches),
            Rule(table: "progress_snapshot", column: "volume_mg", bad: whole("volume_mg", 0...Int(Int64.max / 2)), bounds: "a volume",
                 fix: .rebuildCaches),
            Rule(table: "record_candidate", column: "session_at", bad: instant("session_at"), bounds: instants, fix: .rebuildCaches),
        ]
        rules += setRules(table: "progress_snapshot_set", prefix: "", fix: .rebuildCaches, nameFix: false)
        rules += setRules(table: "record_candidate", prefix: "", fix: .rebuildCaches, nameFix: false)
        rules += setRules(table: "record_candidate", prefix: "before_", fix: .rebuildCaches, nameFix: false)
        return rules
    }()

    /// A set's columns (the log's, or a cache's copy with `prefix`).
    private static func setRules(table: String, prefix p: String, fix: Fix, nameFix: Bool) -> [Rule] {
        let name = RecordBounds.nameLength
        return [
            Rule(table: table, column: p + "session_id", bad: text(p + "session_id", length: RecordBounds.idLength, emptyIsBad: false),
                 bounds: "an id without control characters", fix: fix),
            Rule(table: table, column: p + "exercise", bad: text(p + "exercise", length: name), bounds: "a name",
                 fix: nameFix ? .cleanName(orElse: nil) : fix),
            Rule(table: table, column: p + "workout", bad: text(p + "workout", length: name, nullable: true), bounds: "a name",
                 fix: nameFix ? .cleanName(orElse: nil) : fix),
            Rule(table: table, column: p + "set_number", bad: whole(p + "set_number", RecordBounds.setNumber), bounds: "1 to 1000", fix: fix),
            Rule(table: table, column: p + "reps", bad: whole(p + "reps", RecordBounds.reps, nullable: true), bounds: "0 to 1000", fix: fix),
            Rule(table: table, column: p + "planned_reps", bad: whole(p + "planned_reps", RecordBounds.reps, nullable: true), bounds: "0 to 1000",
                 fix: fix),
            Rule(table: table, column: p + "weight", bad: weight(p + "weight"), bounds: "0 to 2000", fix: fix),
            Rule(table: table, column: p + "unit", bad: "(\(p)unit NOT IN ('kg', 'lb'))", bounds: "kg or lb", fix: fix),
            Rule(table: table, column: p + "at", bad: instant(p + "at"), bounds: instants, fix: fix),
            // Schema v13: a timed set's seconds, a warm-up, the RPE. An unreadable warm-up mark or RPE
            // in the log itself is dropped (the set stays a working set without RPE); seconds are the set.
            Rule(table: table, column: p + "seconds", bad: whole(p + "seconds", RecordBounds.setSeconds, nullable: true),
                 bounds: "0 to \(RecordBounds.setSeconds.upperBound) seconds", fix: fix),
            Rule(table: table, column: p + "warm_up", bad: whole(p + "warm_up", 0...1), bounds: "0 or 1", fix: nameFix ? .set("0") : fix),
            Rule(table: table, column: p + "rpe", bad: rpe(p + "rpe"), bounds: "an RPE of 0 to 10", fix: nameFix ? .set("NULL") : fix),
        ]
    }
}
