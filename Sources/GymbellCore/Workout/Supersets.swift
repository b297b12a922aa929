import FoundationEssentials

/// A strength workout's supersets as the workout editor shows them (issue 44): each exercise grouped
/// "with the next" or not. The file says it with labels (`superset = "A"` on exercises next to each
/// other); the editor says it with links, and these two turn one into the other.
public enum Supersets {
    /// Whether each exercise is in one superset with the exercise after it.
    public static func links(_ exercises: [Exercise]) -> [Bool] {
        exercises.indices.map { index in
            guard index + 1 < exercises.count, let label = exercises[index].superset else { return false }
            return exercises[index + 1].superset == label
        }
    }

    /// The labels for `links` (one per exercise; a last link is ignored): each run of linked exercises
    /// one label, the first its members had (`previous`) that no earlier run took, else the first free
    /// of A, B, C …; an exercise in no run none.
    public static func labels(links: [Bool], previous: [String?]) -> [String?] {
        let count = previous.count
        let linked = { (index: Int) in index >= 0 && index < count - 1 && index < links.count && links[index] }
        var runs: [Range<Int>] = []
        var index = 0
        while index < count {
            var end = index
            while linked(end) { end += 1 }
            if end > index { runs.append(index..<(end + 1)) }
            index = end + 1
        }
        var labels = [String?](repeating: nil, count: count)
        var taken = Set<String>()
        var chosen: [String?] = runs.map { run in
            guard let label = run.lazy.compactMap({ previous[$0] }).first(where: { !$0.isEmpty && !taken.contains($0) }) else { return nil }
            taken.insert(label)
            return label
        }
        let letters = freeLabels(excluding: taken)
        for (number, run) in runs.enumerated() {
            if chosen[number] == nil { chosen[number] = letters.next() }
            for member in run { labels[member] = chosen[number] }
        }
        return labels
    }

    /// A, B, … Z, then A2, B2 … (none of `taken`).
    private static func freeLabels(excluding taken: Set<String>) -> AnyIterator<String> {
        var number = 0
        return AnyIterator {
            while true {
                let letter = String(UnicodeScalar(UInt8(65 + number % 26)))
                let label = number < 26 ? letter : letter + String(number / 26 + 1)
                number += 1
                if !taken.contains(label) { return label }
            }
        }
    }
}

extension WorkoutSummary {
    /// A strength workout's timeline, a line a group: "3 sets: Squat 5 × 100 kg, rest 2 min" for an
    /// exercise alone, "Superset A, 3 rounds: Push-ups 10 reps, Row 10 × 12 kg, rest 1 min" for exercises
    /// whose sets alternate (a member's own rest after it, the group's last rest after each round).
    public static func strength(_ exercises: [Exercise], messages: Messages = .english) -> [String] {
        var groups: [[Exercise]] = []
        for exercise in exercises {
            if let label = exercise.superset, groups.last?.last?.superset == label {
                groups[groups.count - 1].append(exercise)
            } else {
                groups.append([exercise])
            }
        }
        let rest = { (seconds: TimeInterval) in seconds > 0 ? messages(", rest {rest}", ["rest": DurationText.human(seconds)]) : "" }
        return groups.map { group in
            let members = group.enumerated().map { index, exercise in
                let step = WorkoutStep(.work, name: exercise.name, reps: exercise.reps, seconds: exercise.seconds, weight: exercise.weight,
                                       unit: exercise.weight == nil ? nil : exercise.weightUnit.rawValue)
                let text = step.target(messages).map { "\(exercise.name) \($0)" } ?? exercise.name
                return text + (index < group.count - 1 ? rest(exercise.rest(after: 0)) : "")
            }.joined(separator: ", ") + rest(group.last?.rest(after: 0) ?? 0)
            let rounds = group.map(\.sets).max() ?? 0
            if group.count > 1, let label = group[0].superset {
                return messages("Superset {label}, {rounds} round: {exercises}", plural: "Superset {label}, {rounds} rounds: {exercises}",
                                count: rounds, ["label": label, "rounds": String(rounds), "exercises": members])
            }
            return messages("{sets} set: {exercises}", plural: "{sets} sets: {exercises}", count: rounds,
                            ["sets": String(rounds), "exercises": members])
        }
    }
}
