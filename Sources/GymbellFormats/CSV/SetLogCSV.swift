import FoundationEssentials
import GymbellCore

/// `gymbell history --sets --csv`: the training log as a spreadsheet reads it, one row a set, and the
/// third format `gymbell import` reads (its session ids come back as they were, so an export imported
/// into the same state adds nothing).
///
/// Columns: session (its id), session_title, session_started_at and session_ended_at (ISO 8601, UTC;
/// empty when the session is not in the listed days), workout (the `[workouts]` name, or empty),
/// exercise, set (1-based), reps, planned_reps, weight (empty: none), unit (kg or lb), failed (true or
/// false), at (ISO 8601, UTC), then seconds (a timed set's; empty: none), warm_up (true or false) and
/// rpe (empty: none) — added by issue 44 after the columns an older export has. A text cell starting like a formula (`=`, `+`, `-`, `@`) starts with a `'`
/// (`CSVText.formulaGuarded`), so that a spreadsheet shows it rather than runs it.
public enum SetLogCSV {
    public static let header = [
        "session", "session_title", "session_started_at", "session_ended_at", "workout", "exercise", "set", "reps", "planned_reps",
        "weight", "unit", "failed", "at", "seconds", "warm_up", "rpe",
    ]

    /// The CSV text (LF line ends, a header line first); `sessions` give the session columns.
    public static func text(_ sets: [LoggedSet], sessions: [HistoryEntry]) -> String {
        let byID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var lines = [CSVText.line(header)]
        lines.reserveCapacity(sets.count + 1)
        for set in sets {
            let session = byID[set.session]
            // Text cells guarded against formulas (gymbell's import takes the guard off again).
            let text = CSVText.formulaGuarded
            lines.append(CSVText.line([
                text(set.session.rawValue), text(session?.title ?? ""), session.map { ISO8601.format($0.startedAt) } ?? "",
                session?.endedAt.map(ISO8601.format) ?? "", text(set.workout ?? ""), text(set.exercise), String(set.setNumber),
                set.reps.map(String.init) ?? "", set.plannedReps.map(String.init) ?? "", set.weight.map(number) ?? "",
                set.unit.rawValue, set.failed ? "true" : "false", ISO8601.format(set.at), set.seconds.map(String.init) ?? "",
                set.warmUp ? "true" : "false", set.rpe.map(number) ?? "",
            ]))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A weight (an RPE) exactly as logged (no rounding: the round trip must give it back).
    static func number(_ weight: Double) -> String {
        weight == weight.rounded() && abs(weight) < 1e15 ? String(Int(weight)) : String(weight)
    }
}
