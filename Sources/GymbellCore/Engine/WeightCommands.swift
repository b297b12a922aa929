import FoundationEssentials

/// `gymbell weights`: the weights the next workouts plan, raised by "Next time" or by hand, and back.
enum WeightCommands {
    static func list(_ t: Turn) -> [PlannedWeight] {
        PlannedWeight.all(workouts: t.config.workouts, overrides: t.state.overrides, kit: t.config.kit)
    }

    /// Plans `name` with `weight` (in its unit) from the next workout on; the running one keeps its plan.
    static func set(_ name: String, to weight: Double, _ t: inout Turn) throws(CommandError) -> String {
        guard weight.isFinite, Limits.weight.contains(weight), weight > 0 else {
            throw .invalidArgument("a planned weight must be more than 0 and at most \(WeightUnit.number(Limits.weight.upperBound)), not \(WeightUnit.number(weight))")
        }
        let planned = try exercise(named: name, in: list(t), t)
        t.write(.setOverride(WeightOverride(exercise: planned.exercise, weight: weight, unit: planned.unit, since: t.now)))
        t.log(.info, "planned weight set", ["exercise": planned.exercise, "weight": planned.unit.text(weight)])
        withdrawSuggestion(of: planned.exercise, &t)
        // Kept as given (a changed kit rounds it anew); said as the kit will load it.
        let loaded = t.config.kit?.rounded(weight, unit: planned.unit, exercise: planned.exercise) ?? weight
        return t.messages.weightSetReply(exercise: planned.exercise, weight: planned.unit.text(loaded), configured: planned.configured.map(planned.unit.text))
    }

    /// A weight set by hand answers the exercise's overload suggestion still to come (the window's finish
    /// page accepts one before its notification's glance is over): it is not asked again; the
    /// suggestion's other exercises still are, and a suggestion left with none goes.
    private static func withdrawSuggestion(of exercise: String, _ t: inout Turn) {
        let waiting = t.state.agenda.filter { $0.kind == .overloadSuggestion && t.state.inFlight[$0.id] == nil }
        for var reminder in waiting {
            guard case .overload(let suggestions) = reminder.content, suggestions.contains(where: { $0.exercise == exercise }) else { continue }
            let others = suggestions.filter { $0.exercise != exercise }
            if others.isEmpty {
                t.write(.remove([reminder.id]))
            } else {
                reminder.content = .overload(others)
                t.write(.add(reminder))
            }
        }
    }

    /// The configured weights again for `names` (every raised one when empty).
    static func reset(_ names: [String], _ t: inout Turn) throws(CommandError) -> String {
        let weights = list(t)
        var exercises: [String] = []
        if names.isEmpty {
            exercises = t.state.overrides.keys.sorted()
        } else {
            for name in names {
                let planned = try exercise(named: name, in: weights, t)
                guard t.state.overrides[planned.exercise] != nil else {
                    throw .invalidArgument("\(CommandError.named(planned.exercise)) is planned as configured already" + raisedList(t))
                }
                exercises.append(planned.exercise)
            }
        }
        guard !exercises.isEmpty else { return t.messages("No weight is raised: every exercise is planned as configured.") }
        t.write(.removeOverrides(exercises))
        t.log(.info, "planned weights reset", ["exercises": exercises.joined(separator: ", ")])
        // A line per exercise: each escaped here, where its line breaks are still told from a name's.
        let lines = exercises.map { name in
            let planned = weights.first { $0.exercise == name }
            return TerminalText.escaped(
                t.messages.weightResetReply(exercise: name, configured: planned.flatMap { p in p.configured.map(p.unit.text) }))
        }
        return lines.joined(separator: "\n")
    }

    /// The exercise a person means by `name`: its exact name, else the one name that matches ignoring case.
    private static func exercise(named name: String, in weights: [PlannedWeight], _ t: Turn) throws(CommandError) -> PlannedWeight {
        if let exact = weights.first(where: { $0.exercise == name }) { return exact }
        let folded = weights.filter { $0.exercise.lowercased() == name.lowercased() }
        if folded.count == 1 { return folded[0] }
        let known = weights.map(\.exercise)
        throw .invalidArgument(
            "no exercise named \(CommandError.named(name)) in the strength workouts of \(t.context.configOrigin)"
                + (known.isEmpty ? "" : "; they have: \(CommandError.listed(known))"))
    }

    private static func raisedList(_ t: Turn) -> String {
        let raised = t.state.overrides.keys.sorted()
        return raised.isEmpty ? "" : "; raised: \(CommandError.listed(raised))"
    }
}
