import ArgumentParser
import GymbellControl
import GymbellCore

/// `gymbell history correct SET_ID`: a logged set corrected.
struct HistoryCorrect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct a logged set: its reps, its weight, or whether it failed.",
        discussion: """
            SET_ID is the number `gymbell history --sets` shows first on each line (#42; "id" with --json). \
            Say only what was logged wrong; the rest stays as logged, and the weight keeps the set's unit. \
            Changed reps without --failed or --done count as failed when fewer than planned. Personal records, \
            the report and progressive overload follow the corrected log at once. The window's Log page does \
            the same; on the bus it is CorrectSet.

            Examples:
              gymbell history correct 42 --reps 6
              gymbell history correct 42 --weight 82.5 --done
            """)

    @Argument(help: "The set's id, as `gymbell history --sets` shows it.", transform: PlainNumber.whole) var setID: UInt32
    @Option(help: "The reps really done (\(SetEdit.reps.lowerBound) to \(SetEdit.reps.upperBound)).", transform: PlainNumber.whole) var reps: Int?
    @Option(help: "The weight really lifted, in the set's unit (0 to 2000).", transform: PlainNumber.decimal) var weight: Double?
    @Flag(help: "The set failed.") var failed = false
    @Flag(help: "The set was done as planned (not failed).") var done = false

    func validate() throws {
        if failed && done { throw ValidationError("say --failed or --done, not both") }
        guard !edit.isEmpty else { throw ValidationError("nothing to change: say --reps, --weight, --failed or --done") }
        if let problem = edit.problem { throw ValidationError(problem) }
    }

    private var edit: SetEdit { SetEdit(reps: reps, weight: weight, failed: failed ? true : done ? false : nil) }

    func run() throws {
        Terminal.line(try withDaemon { client throws(ClientError) in try client.correctSet(id: setID, edit) })
    }
}
