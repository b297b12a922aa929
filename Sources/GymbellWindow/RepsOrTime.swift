import GymbellCore

/// A movement's target in the workout editor: by reps, or "Timed" (a plank, a wall sit) by a time in
/// seconds — the switch and its two rows, one of them shown at a time. A strength exercise's
/// (ExerciseList) and a circuit station's (StationList).
struct RepsOrTime {
    let timed: Switch
    let reps: SpinButton
    let seconds: SpinButton
    /// The rows in order: Timed, the reps, the time.
    let rows: [Widget]

    /// `names`: the three controls' accessible names (with the movement's number); `repsLabel` and
    /// `repsRange`: how the reps row reads and what it takes; `changed` runs on every change.
    init(messages: Messages, names: (timed: String, reps: String, seconds: String), repsLabel: String,
         repsRange: ClosedRange<Int>, reps: Int, seconds: Int, isTimed: Bool, changed: @escaping () -> Void) {
        timed = Switch(accessibleName: names.timed, on: isTimed)
        self.reps = SpinButton(names.reps, repsRange)
        if repsRange.lowerBound == 0 { _ = self.reps.namingZero(messages("None")) }  // no reps: the set waits for Done
        self.seconds = SpinButton(names.seconds, 1...3600)
        self.reps.show(reps)
        self.seconds.show(seconds)
        let repsRow = ActionRow(repsLabel, suffixes: [self.reps])
        let secondsRow = ActionRow(messages("Time in seconds"), suffixes: [self.seconds])
        let showTarget = { (timed: Bool) in
            repsRow.isVisible = !timed
            secondsRow.isVisible = timed
        }
        showTarget(isTimed)
        // Not the row's activatable widget: the row would name the switch "Timed" in every movement.
        timed.verticallyCentered()
        timed.onToggled { on in
            showTarget(on)
            changed()
        }
        for spin in [self.reps, self.seconds] { spin.onChanged(changed) }
        rows = [ActionRow(messages("Timed"), subtitle: messages("Ends by itself; off: done by reps"), suffixes: [timed]), repsRow, secondsRow]
    }

    var isTimed: Bool { timed.isOn }
}
