import FoundationEssentials

/// What gymbell says when training pays off: milestones reached, personal records, a lift ready for
/// more weight.
public struct ProgressTexts: Sendable {
    let messages: Messages

    /// One celebration for everything reached at once, a line each; nil for none.
    public func milestones(_ milestones: [Milestone]) -> Messages.Text? {
        let lines = milestones.map { milestone in
            switch milestone {
            case .streak(let days):
                messages("{n} training day in a row! 🔥", plural: "{n} training days in a row! 🔥", count: days, ["n": String(days)])
            case .workoutsCompleted(let count):
                messages("{n} workout completed! 💪", plural: "{n} workouts completed! 💪", count: count, ["n": String(count)])
            case .volume(let kilograms): messages("{n} kg lifted in total! 🏋️", ["n": Messages.grouped(kilograms)])
            case .consistency(let weeks) where weeks % 52 == 0:
                // One year in words; any other count as the language counts years.
                weeks == 52 ? messages("A year of regular training! 📅")
                    : messages("{n} year of regular training! 📅", plural: "{n} years of regular training! 📅", count: weeks / 52,
                               ["n": String(weeks / 52)])
            case .consistency(let weeks):
                messages("{n} month of regular training! 📅", plural: "{n} months of regular training! 📅", count: weeks * 3 / 13,
                         ["n": String(weeks * 3 / 13)])
            }
        }
        guard !lines.isEmpty else { return nil }
        let title = messages("Milestone reached 🏆", plural: "Milestones reached 🏆", count: lines.count)
        return (title, lines.joined(separator: "\n"))
    }

    /// "New personal record! 🎉" / "Bench Press: 8 × 105 kg (before: 8 × 100 kg)", a line per exercise.
    public func personalRecords(_ records: [PersonalRecord]) -> Messages.Text {
        let title = messages("New personal record! 🎉", plural: "New personal records! 🎉", count: records.count)
        let lines = records.map { record in
            messages("{exercise}: {load} (before: {previous})",
                     ["exercise": record.exercise, "load": record.set.loadText, "previous": record.previous.loadText])
        }
        return (title, lines.joined(separator: "\n"))
    }

    /// "Time for more weight? 💪" / "Bench Press 100 kg: 3× done. Try 102.5 kg!", a line per exercise.
    public func overload(_ suggestions: [OverloadSuggestion]) -> Messages.Text {
        let lines = suggestions.map { suggestion in
            messages("{exercise} {weight}: {sessions}× done. Try {next}!",
                     ["exercise": suggestion.exercise, "weight": suggestion.unit.text(suggestion.weight),
                      "sessions": String(suggestion.sessions), "next": suggestion.unit.text(suggestion.next)])
        }
        return (messages("Time for more weight? 💪"), lines.joined(separator: "\n"))
    }
}
