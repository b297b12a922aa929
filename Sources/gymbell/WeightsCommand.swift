import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore

struct Weights: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show, raise or reset the weight each exercise is planned with.",
        discussion: """
            After a strength workout gymbell may suggest more weight ("Time for more weight? 💪") when an \
            exercise was done with every planned set and rep at its planned weight in the last sessions \
            ([progress] overload_sessions). "Next time" on that notification raises the exercise's planned \
            weight from the next workout on, over the config's weight: the session's notification, \
            `gymbell upcoming` and the daily reminder show the new weight. This command lists those weights, \
            sets one by hand, and goes back to the config's.

            Examples:
              gymbell weights                               every exercise, its planned and configured weight
              gymbell weights --set "Bench Press" --to 102.5   plan 102.5 (the exercise's unit) from now on
              gymbell weights --reset "Bench Press"         back to the config's weight
              gymbell weights --reset                       every raised weight back to the config's

            --json prints the daemon's array: [{"exercise", "workouts": ["<[workouts] name>", …], \
            "configured", "weight", "unit": "kg" | "lb", "raised_at": null | "<ISO 8601>"}]; weight and \
            configured are null for an exercise planned without weight.
            """)

    @Option(name: .customLong("set"), help: ArgumentHelp("The exercise to plan a weight for, as named in the config.", valueName: "exercise"))
    var exercise: String?
    @Option(help: ArgumentHelp("With --set: the weight, in the exercise's unit (more than 0, at most 2000).", valueName: "weight"), transform: PlainNumber.decimal)
    var to: Double?
    @Flag(help: "Plan the exercises named after it (every raised one when none is named) with the config's weights again.")
    var reset = false
    @Argument(help: ArgumentHelp("With --reset: the exercises to reset.", valueName: "exercise"))
    var names: [String] = []
    @Flag(help: "Print the planned weights as the daemon's JSON array.") var json = false

    func validate() throws {
        if reset, exercise != nil || to != nil { throw ValidationError("--reset cannot go with --set/--to") }
        if exercise != nil, to == nil { throw ValidationError("--set \"\(exercise ?? "")\" needs --to WEIGHT, e.g. --to 102.5") }
        if to != nil, exercise == nil { throw ValidationError("--to needs --set EXERCISE: which exercise to plan that weight for") }
        if let to, !(to.isFinite && to > 0 && Limits.weight.contains(to)) {
            throw ValidationError("--to must be more than 0 and at most \(WeightUnit.number(Limits.weight.upperBound)), not \(to)")
        }
        if !names.isEmpty, !reset {
            throw ValidationError("exercise names go with --reset; to raise one: --set \"\(names[0])\" --to WEIGHT")
        }
        if json, reset || exercise != nil { throw ValidationError("--json goes with the list, not with --set or --reset") }
    }

    func run() throws {
        if let exercise, let to {
            Terminal.line(try withDaemon { client throws(ClientError) in try client.setWeight(exercise: exercise, weight: to) })
        } else if reset {
            // One line per exercise, each escaped where the daemon formed it (WeightCommands.reset).
            let reply = try withDaemon { client throws(ClientError) in try client.resetWeights(names) }
            Terminal.lines(reply.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
        } else if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.weightsJSON() })
        } else {
            Terminal.lines(WeightsText.render(try withDaemon { client throws(ClientError) in try client.weights() }, now: Date()))
        }
    }
}

/// The human-readable `gymbell weights`: one aligned line per exercise.
enum WeightsText {
    static func render(_ weights: [PlannedWeight], now: Date) -> [String] {
        guard !weights.isEmpty else {
            return ["No strength workout in the config: add one under [workouts.NAME] with kind = \"strength\" and its exercises "
                + "(`gymbell config default` shows an example)."]
        }
        var rows = [["Exercise", "Planned", "Configured", "Workouts"]]
        for weight in weights {
            let planned = weight.weight.map(weight.unit.text) ?? "body weight"
            let configured = weight.configured.map(weight.unit.text) ?? "—"
            let raised = weight.raisedAt.map { " (raised \(LocalClock.dayAndTime($0, now: now)))" } ?? ""
            rows.append([weight.exercise, planned + raised, configured, weight.workouts.joined(separator: ", ")])
        }
        return alignedColumns(rows)
    }
}
