import FoundationEssentials

/// The sentences a command answers with, in the terminal (`gymbell set-done`, `start`, `resume`).
extension Messages {
    public func setRecordedReply(rest: String, next: String) -> String {
        self("Set recorded. Rest {rest}; next: {next}", ["rest": rest, "next": next])
    }

    /// "Logged 6 × 80 kg (failed)."
    public func setLoggedReply(_ set: LoggedSet) -> String {
        let load = set.loadText + (set.rpeText.map { ", " + $0 } ?? "")
        return set.failed ? self("Logged {load} (failed).", ["load": load]) : self("Logged {load}.", ["load": load])
    }

    /// "Bench Press: 102.5 kg from the next workout on (configured: 100 kg)."
    public func weightSetReply(exercise: String, weight: String, configured: String?) -> String {
        guard let configured else {
            return self("{exercise}: {weight} from the next workout on.", ["exercise": exercise, "weight": weight])
        }
        return self("{exercise}: {weight} from the next workout on (configured: {configured}).",
                    ["exercise": exercise, "weight": weight, "configured": configured])
    }

    /// "Bench Press: back to 100 kg as configured."
    public func weightResetReply(exercise: String, configured: String?) -> String {
        guard let configured else { return self("{exercise}: back to its plan as configured.", ["exercise": exercise]) }
        return self("{exercise}: back to {configured} as configured.", ["exercise": exercise, "configured": configured])
    }

    public func workoutCompleteReply(sets: Int, title: String) -> String {
        self("Workout complete: {sets} set of {workout}", plural: "Workout complete: {sets} sets of {workout}", count: sets,
             ["sets": String(sets), "workout": title])
    }

    public func resumedReply(title: String, phase: String) -> String {
        self("Resumed {workout}: {phase}", ["workout": title, "phase": phase])
    }

    public func pausedReply(title: String, phase: String) -> String {
        self("Paused {workout}: {phase}. `gymbell resume` carries on", ["workout": title, "phase": phase])
    }

    public func skippedReply(to what: String) -> String {
        self("Skipped ahead: {what}", ["what": what])
    }

    public func skippedWhilePausedReply(title: String, phase: String) -> String {
        self("Skipped ahead to {phase}; {workout} stays paused. `gymbell resume` carries on", ["workout": title, "phase": phase])
    }

    /// `also`: the other workouts planned today, when the one started was today's first (issue 47).
    public func startedReply(title: String?, also: [AlsoPlanned] = []) -> String {
        guard let title else { return self("No workout is planned today, so none is tracked; no more reminders today") }
        guard !also.isEmpty else { return self("Started {workout}", ["workout": title]) }
        return self("Started {workout}; also planned today: {others} (gymbell start {name})",
                    ["workout": title, "others": also.map(\.title).joined(separator: ", "), "name": also[0].workout])
    }

    public func startCommandFailed(_ reason: String) -> String {
        self("start_command failed: {reason}", ["reason": reason])
    }
}
