import FoundationEssentials
import GymbellCore

/// What `gymbell import` says before it writes anything: how many workouts, sets and exercises, the
/// days they span, what was left out and why (by line), and what it assumed.
extension TrainingImport {
    /// The summary's lines; `zone` gives the days of the range. At most `shownSkips` skipped rows are
    /// listed one by one (a broken export could have thousands), the rest counted. `unitChoice` says
    /// where a person changes an assumed unit: `--unit` on the command line, the choice below in the
    /// window's dialog (which has no flags).
    public func summaryLines(in zone: Zone, shownSkips: Int = 20, unitChoice: UnitChoice = .flag) -> [String] {
        var lines = ["\(format.rawValue) export: \(count(workoutCount, "workout")), \(count(setCount, "set")), "
            + "\(count(exercises.count, "exercise"))."]
        if let first = firstStart, let last = lastStart {
            lines.append("From \(LocalDay(containing: first, in: zone)) to \(LocalDay(containing: last, in: zone)) "
                + "(times read in \(zone.identifier)).")
        }
        if !exercises.isEmpty {
            let shown = exercises.prefix(12).joined(separator: ", ")
            lines.append("Exercises: \(shown)\(exercises.count > 12 ? ", and \(exercises.count - 12) more" : "").")
        }
        if let unitAssumed {
            let other = unitAssumed == .kg ? "lb" : "kg"
            switch unitChoice {
            case .flag: lines.append("Weights read as \(unitAssumed.rawValue): this export does not say (--unit \(other) if your app is set to it).")
            case .below: lines.append("Weights read as \(unitAssumed.rawValue): this export does not say (choose \(other) below if your app is set to it).")
            }
        }
        if timedSets > 0 { lines.append("Timed sets among them: \(timedSets) (a plank, a wall sit: kept with their seconds).") }
        if warmUps > 0 { lines.append("Warm-up sets among them: \(warmUps) (kept as warm-ups: no records, volume or overload from them).") }
        if skippedCount > 0 {
            lines.append("\(count(skippedCount, "row")) skipped:")
            for row in skipped.prefix(shownSkips) { lines.append("  line \(row.line): \(row.reason)") }
            if skippedCount > shownSkips { lines.append("  … and \(skippedCount - min(shownSkips, skipped.count)) more") }
        }
        return lines
    }

    /// Where the summary tells a person to change the unit it assumed.
    public enum UnitChoice: Sendable { case flag, below }

    private func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}
