import ArgumentParser
import GymbellControl
import GymbellCore

/// `gymbell history correct SET_ID`: a logged set corrected.
struct HistoryCorrect: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "correct",
        abstract: "Correct a logged set: its reps, weight, seconds or RPE, whether it failed or was a warm-up.",
        discussion: """
            SET_ID is the number `gymbell history --sets` shows first on each line (#42; "id" with --json). \
            Say only what was logged wrong; the rest stays as logged, and the weight keeps the set's unit. \
            Changed reps without --failed or --done count as failed when fewer than planned. Personal records, \
            the report and progressive overload follow the corrected log at once. The window's Log page does \
            the same; on the bus it is CorrectSet.

            Examples:
              gymbell history correct 42 --reps 6
              gymbell history correct 42 --weight 82.5 --done
              gymbell history correct 43 --seconds 50
              gymbell history correct 44 --rpe 8.5 --warm-up
            """)

    @Argument(help: "The set's id, as `gymbell history --sets` shows it.", transform: PlainNumber.whole) var setID: UInt32
    @Option(help: "The reps really done (\(SetEdit.reps.lowerBound) to \(SetEdit.reps.upperBound)).", transform: PlainNumber.whole) var reps: Int?
    @Option(help: "The weight really lifted, in the set's unit (0 to 2000).", transform: PlainNumber.decimal) var weight: Double?
    @Flag(help: "The set failed.") var failed = false
    @Flag(help: "The set was done as planned (not failed).") var done = false
    @Option(
        help: "How long a timed set was held or done, in seconds (\(RecordBounds.setSeconds.lowerBound) to \(RecordBounds.setSeconds.upperBound)).",
        transform: PlainNumber.whole) var seconds: Int?
    @Option(help: "The set's RPE (0 to 10, e.g. 8 or 7.5).", transform: PlainNumber.decimal) var rpe: Double?
    @Flag(help: "The set was a warm-up (no records, volume or overload from it).") var warmUp = false
    @Flag(help: "The set was a working set, not a warm-up.") var working = false

    func validate() throws {
        if failed && done { throw ValidationError("say --failed or --done, not both") }
        if warmUp && working { throw ValidationError("say --warm-up or --working, not both") }
        guard !edit.isEmpty else { throw ValidationError("nothing to change: say --reps, --weight, --seconds, --rpe, --failed, --done, --warm-up or --working") }
        if let problem = edit.problem { throw ValidationError(problem) }
    }

    private var edit: SetEdit {
        SetEdit(
            reps: reps, weight: weight, failed: failed ? true : done ? false : nil, seconds: seconds, rpe: rpe,
            warmUp: warmUp ? true : working ? false : nil)
    }

    func run() throws {
        Terminal.line(try withDaemon { client throws(ClientError) in try client.correctSet(id: setID, edit) })
    }
}
