import GymbellCore

/// A field's problems where the field is (issue 46): its row in the error style, the sentences as the
/// row's subtitle (`usual` when there is none), so a person reads why Save waits next to what to fix.
protocol ProblemRow: Widget {
    var subtitle: String { get set }
}

extension ActionRow: ProblemRow {}
extension ExpanderRow: ProblemRow {}

extension ProblemRow {
    func showProblems(_ sentences: [String], usual: String = "") {
        subtitle = sentences.isEmpty ? usual : sentences.joined(separator: " ")
        if sentences.isEmpty { unstyle(["error"]) } else { style(["error"]) }
    }
}

extension [WorkoutProblem] {
    /// The sentences of the problems at `place`.
    func sentences(at place: WorkoutProblem.Place) -> [String] {
        filter { $0.place == place }.map(\.sentence)
    }

    /// Per exercise or station (from 0), the sentences of its problems.
    var byItem: [Int: [String]] {
        var items: [Int: [String]] = [:]
        for problem in self {
            if case .item(let index, _) = problem.place { items[index, default: []].append(problem.sentence) }
        }
        return items
    }
}
