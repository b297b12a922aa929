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
/// rpe (empty: none) — added by issue 44 after the columns an older export has — and session_rounds
/// (a circuit's completed rounds, an AMRAP's counted ones; empty: none) and session_amrap (true or
/// false). A session with rounds and no set among those listed (an AMRAP) has a row of its own, its
/// exercise and set columns empty, at its end. A text cell starting like a formula (`=`, `+`, `-`, `@`) starts with a `'`
/// (`CSVText.formulaGuarded`), so that a spreadsheet shows it rather than runs it.
public enum SetLogCSV {
    public static let header = [
        "session", "session_title", "session_started_at", "session_ended_at", "workout", "exercise", "set", "reps", "planned_reps",
        "weight", "unit", "failed", "at", "seconds", "warm_up", "rpe", "session_rounds", "session_amrap",
    ]

    /// The CSV text (LF line ends, a header line first); `sessions` give the session columns.
    public static func text(_ sets: [LoggedSet], sessions: [HistoryEntry]) -> String {
        let byID = Dictionary(sessions.map { ($0.id, $0) }, uniquingKeysWith: { _, last in last })
        var lines = [CSVText.line(header)]
        lines.reserveCapacity(sets.count + 1)
        // Text cells guarded against formulas (gymbell's import takes the guard off again).
        let text = CSVText.formulaGuarded
        func sessionCells(_ session: HistoryEntry?) -> [String] {
            [text(session?.title ?? ""), session.map { ISO8601.format($0.startedAt) } ?? "", session?.endedAt.map(ISO8601.format) ?? ""]
        }
        func roundCells(_ session: HistoryEntry?) -> [String] {
            [session?.rounds.map(String.init) ?? "", session?.amrap == true ? "true" : "false"]
        }
        // Sessions with rounds whose sets are not listed: a row each, in time order among the sets.
        let listed = Set(sets.map(\.session))
        var roundsOnly = sessions.filter { $0.rounds != nil && !listed.contains($0.id) }.sorted { ($0.end, $0.id.rawValue) < ($1.end, $1.id.rawValue) }[...]
        func sessionRows(through instant: Date?) {
            while let session = roundsOnly.first, instant.map({ session.end <= $0 }) ?? true {
                roundsOnly.removeFirst()
                lines.append(CSVText.line(
                    [text(session.id.rawValue)] + sessionCells(session)
                        + [text(session.workout ?? ""), "", "", "", "", "", "", "", ISO8601.format(session.end), "", "", ""] + roundCells(session)))
            }
        }
        for set in sets {
            sessionRows(through: set.at)
            let session = byID[set.session]
            lines.append(CSVText.line(
                [text(set.session.rawValue)] + sessionCells(session) + [
                    text(set.workout ?? ""), text(set.exercise), String(set.setNumber),
                    set.reps.map(String.init) ?? "", set.plannedReps.map(String.init) ?? "", set.weight.map(number) ?? "",
                    set.unit.rawValue, set.failed ? "true" : "false", ISO8601.format(set.at), set.seconds.map(String.init) ?? "",
                    set.warmUp ? "true" : "false", set.rpe.map(number) ?? "",
                ] + roundCells(session)))
        }
        sessionRows(through: nil)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A weight (an RPE) exactly as logged (no rounding: the round trip must give it back).
    static func number(_ weight: Double) -> String {
        weight == weight.rounded() && abs(weight) < 1e15 ? String(Int(weight)) : String(weight)
    }
}

extension HistoryEntry {
    /// Its end, or its start while it has none: where a row of the session alone goes.
    fileprivate var end: Date { endedAt ?? startedAt }
}
