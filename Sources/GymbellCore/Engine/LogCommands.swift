import FoundationEssentials

/// `gymbell history correct`: a set of the log corrected. The log lives in the state database; the
/// daemon reads the set named and hands it in, the engine decides, the store rewrites the row and the
/// summary of the log (records, overload) is summed up again from it.
enum LogCommands {
    /// Corrects set `id` (`original`: as the log has it; nil when it has none such) by `edit`.
    static func correct(_ id: Int64, _ edit: SetEdit, original: LoggedSet?, _ t: inout Turn) throws(CommandError) -> String {
        guard !edit.isEmpty else {
            throw .invalidArgument("nothing to change: say --reps, --weight, --seconds, --rpe, --failed, --done, --warm-up or --working")
        }
        if let problem = edit.problem { throw .invalidArgument(problem) }
        guard let original, original.id == id else {
            throw .invalidArgument("no set has the id \(id) in the log; `gymbell history --sets` shows each set's id")
        }
        let corrected = edit.applied(to: original)
        let what = t.messages("{exercise}, set {n}", ["exercise": original.exercise, "n": String(original.setNumber)])
        guard corrected != original else {
            return t.messages("Set {id} ({what}) is {load}{failed} already; nothing changed.", [
                "id": String(id), "what": what, "load": original.loadText, "failed": notes(original, t),
            ])
        }
        t.write(.correctSet(original: original, corrected: corrected))
        t.log(.info, "logged set corrected", [
            "id": String(id), "exercise": original.exercise, "was": describe(original), "now": describe(corrected),
        ])
        return t.messages("Set {id} ({what}) is now {load}{failed} (was {before}).", [
            "id": String(id), "what": what, "load": corrected.loadText, "failed": notes(corrected, t),
            "before": original.loadText + notes(original, t),
        ])
    }

    /// ", warm-up, RPE 8, failed": what a reply says of a set beside its load.
    private static func notes(_ set: LoggedSet, _ t: Turn) -> String {
        (set.warmUp ? t.messages(", warm-up") : "") + (set.rpeText.map { ", " + $0 } ?? "") + (set.failed ? t.messages(", failed") : "")
    }

    private static func describe(_ set: LoggedSet) -> String {
        set.loadText + (set.warmUp ? " warm-up" : "") + (set.rpeText.map { " " + $0 } ?? "") + (set.failed ? " failed" : "")
    }
}
