import FoundationEssentials

/// What the reminders of a running session say: the rest over or ending soon, the phases of HIIT and
/// walk/run, the workout complete or paused.
public struct SessionTexts: Sendable {
    let messages: Messages

    public func restOver(next: String?) -> Messages.Text {
        let body = next.map { messages("Time for your next set! Next: {next}", ["next": $0]) } ?? messages("Time for your next set!")
        return (messages("Rest over ⏰"), body)
    }

    public func restWarning(secondsLeft: Int) -> Messages.Text {
        let body = messages(
            "{seconds} second left. Get ready for your next set.", plural: "{seconds} seconds left. Get ready for your next set.",
            count: secondsLeft, ["seconds": String(secondsLeft)])
        return (messages("Rest ends soon"), body)
    }

    public var hiitWorkDone: Messages.Text { (messages("Work phase done ✅"), messages("Time to rest.")) }
    public var hiitRestOver: Messages.Text { (messages("Rest over 💥"), messages("Get moving!")) }
    public var hiitComplete: Messages.Text { (messages("HIIT session complete 🎉"), messages("Well done!")) }
    public var runDone: Messages.Text { (messages("Run done 🏃"), messages("Switch to walking.")) }
    public var walkDone: Messages.Text { (messages("Walk done 🚶"), messages("Time to run!")) }
    public var walkRunComplete: Messages.Text { (messages("Walk/Run session complete 🎉"), messages("Great job!")) }

    public func workoutComplete(title: String, sets: Int) -> Messages.Text {
        let body = messages("{workout}: {sets} set done. Great work!", plural: "{workout}: {sets} sets done. Great work!", count: sets,
                            ["workout": title, "sets": String(sets)])
        return (messages("Workout complete 🎉"), body)
    }

    /// An AMRAP's end: "AMRAP: 7 rounds. Great work!"; more than its workout's most rounds before:
    /// "AMRAP: New record: 7 rounds (before: 6). Great work!".
    public func roundsComplete(title: String, rounds: Int, before: Int? = nil) -> Messages.Text {
        let values = ["workout": title, "rounds": String(rounds), "before": before.map(String.init) ?? ""]
        let body = before == nil
            ? messages("{workout}: {rounds} round. Great work!", plural: "{workout}: {rounds} rounds. Great work!", count: rounds, values)
            : messages("{workout}: New record: {rounds} round (before: {before}). Great work!",
                       plural: "{workout}: New record: {rounds} rounds (before: {before}). Great work!", count: rounds, values)
        return (messages("Workout complete 🎉"), body)
    }

    /// "Paused workout: Push Day" / "You stopped at exercise 3 of 8. Resume?"; sessions without exercises
    /// get a body without a position.
    public func pausedWorkout(workout: String, position: Int?, of count: Int?) -> Messages.Text {
        let title = messages("Paused workout: {workout}", ["workout": workout])
        guard let position, let count else { return (title, messages("Your workout is still open. Resume?")) }
        return (title, messages("You stopped at exercise {n} of {count}. Resume?", ["n": String(position), "count": String(count)]))
    }
}
