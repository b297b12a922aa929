import FoundationEssentials
import GymbellCore

/// What `gymbell import` says before it writes anything: how many workouts, sets and exercises, the
/// days they span, what was left out and why (by line), and what it assumed.
extension TrainingImport {
    /// The summary's lines; `zone` gives the days of the range. At most `shownSkips` skipped rows are
    /// listed one by one (a broken export could have thousands), the rest counted. `unitChoice` says
    /// where a person changes an assumed unit: `--unit` on the command line, the choice below in the
    /// window's dialog (which has no flags).
    /// `messages`: the person's language (the window's); the CLI's English by default.
    public func summaryLines(in zone: Zone, shownSkips: Int = 20, unitChoice: UnitChoice = .flag, messages: Messages = .english) -> [String] {
        var lines = [messages("{format} export: {workouts}, {sets}, {exercises}.", [
            "format": format.rawValue,
            "workouts": messages("{n} workout", plural: "{n} workouts", count: workoutCount, ["n": "\(workoutCount)"]),
            "sets": messages("{n} set", plural: "{n} sets", count: setCount, ["n": "\(setCount)"]),
            "exercises": messages("{n} exercise", plural: "{n} exercises", count: exercises.count, ["n": "\(exercises.count)"])])]
        if let first = firstStart, let last = lastStart {
            lines.append(messages("From {first} to {last} (times read in {zone}).", [
                "first": "\(LocalDay(containing: first, in: zone))", "last": "\(LocalDay(containing: last, in: zone))", "zone": zone.identifier]))
        }
        if !exercises.isEmpty {
            var shown = exercises.prefix(12).joined(separator: ", ")
            if exercises.count > 12 { shown += messages(", and {n} more", ["n": "\(exercises.count - 12)"]) }
            lines.append(messages("Exercises: {list}.", ["list": shown]))
        }
        if let unitAssumed {
            let other = unitAssumed == .kg ? "lb" : "kg"
            switch unitChoice {
            case .flag: lines.append("Weights read as \(unitAssumed.rawValue): this export does not say (--unit \(other) if your app is set to it).")
            case .below: lines.append(messages("Weights read as {unit}: this export does not say (choose {other} below if your app is set to it).", [
                "unit": unitAssumed.rawValue, "other": other]))
            }
        }
        if timedSets > 0 {
            lines.append(messages("Timed sets among them: {n} (a plank, a wall sit: kept with their seconds).", ["n": "\(timedSets)"]))
        }
        if warmUps > 0 {
            lines.append(messages("Warm-up sets among them: {n} (kept as warm-ups: no records, volume or overload from them).", ["n": "\(warmUps)"]))
        }
        if skippedCount > 0 {
            lines.append(messages("{n} row skipped:", plural: "{n} rows skipped:", count: skippedCount, ["n": "\(skippedCount)"]))
            // Each row's reason names its value as the file has it; it stays as the reader said it.
            for row in skipped.prefix(shownSkips) { lines.append(messages("  line {line}: {reason}", ["line": "\(row.line)", "reason": row.reason])) }
            if skippedCount > shownSkips {
                lines.append(messages("  … and {n} more", ["n": "\(skippedCount - min(shownSkips, skipped.count))"]))
            }
        }
        return lines
    }

    /// Where the summary tells a person to change the unit it assumed.
    public enum UnitChoice: Sendable { case flag, below }
}
