import FoundationEssentials

/// The ranges every value a person gives must fall in, defined once: the CLI, the control interface,
/// the engine and the config reader all check against these.
public enum Limits {
    /// `snooze --minutes`, `[reminders] snooze_minutes`.
    public static let snoozeMinutes: ClosedRange<Int> = 1...1440
    /// A rest, given or adjusted (seconds).
    public static let rest: ClosedRange<TimeInterval> = 1...(24 * 3600)
    /// HIIT: rounds, work and rest phases (seconds).
    public static let hiitRounds: ClosedRange<Int> = 1...100
    public static let hiitWork: ClosedRange<TimeInterval> = 1...3600
    public static let hiitRest: ClosedRange<TimeInterval> = 0...3600
    /// Walk/run: repeats, run and walk phases (seconds).
    public static let walkRunRepeats: ClosedRange<Int> = 1...100
    public static let walkRunPhase: ClosedRange<TimeInterval> = 1...(2 * 3600)
    /// Home workouts (issue 44): a timed station or set, the get-ready count, a circuit's rounds and
    /// rests, an AMRAP's cap, and how many stations or named intervals a list may hold.
    public static let stationTime: ClosedRange<TimeInterval> = 1...3600
    public static let getReady: ClosedRange<TimeInterval> = 0...600
    public static let circuitRounds: ClosedRange<Int> = 1...100
    public static let circuitRest: ClosedRange<TimeInterval> = 0...3600
    public static let amrapCap: ClosedRange<TimeInterval> = 60...(2 * 3600)
    public static let stations: ClosedRange<Int> = 1...100
    /// `upcoming --days`, `history --days`, `export-ics --weeks`.
    public static let upcomingDays: ClosedRange<Int> = 1...366
    public static let historyDays: ClosedRange<Int> = 1...3660
    public static let exportWeeks: ClosedRange<Int> = 1...52
    /// A weight lifted or planned, in the exercise's unit (`set-done --weight`, `weights --to`).
    public static let weight: ClosedRange<Double> = 0...2000

    /// Checks what `set-done` says of a set: reps, weight and RPE in range.
    public static func check(_ correction: SetCorrection) throws(CommandError) {
        if let reps = correction.reps, !(0...1000).contains(reps) { throw .invalidArgument("reps must be 0 to 1000, not \(reps)") }
        if let weight = correction.weight, !(weight.isFinite && Limits.weight.contains(weight)) {
            throw .invalidArgument("a weight must be 0 to 2000, not \(WeightUnit.number(weight))")
        }
        if let rpe = correction.rpe, !(rpe.isFinite && RecordBounds.rpe.contains(rpe)) {
            throw .invalidArgument("an RPE must be 0 to 10, not \(WeightUnit.number(rpe))")
        }
    }

    /// Checks a HIIT plan against the ranges; the message names the value and the range.
    public static func check(_ plan: HIITPlan) throws(CommandError) {
        guard hiitRounds.contains(plan.rounds) else { throw .invalidArgument("rounds must be 1 to 100, not \(plan.rounds)") }
        guard hiitWork.contains(plan.work) else { throw .invalidArgument("work must last 1s to 1h, not \(DurationText.format(plan.work))") }
        guard hiitRest.contains(plan.rest) else { throw .invalidArgument("rest must last 0s to 1h, not \(DurationText.format(plan.rest))") }
    }

    public static func check(_ plan: WalkRunPlan) throws(CommandError) {
        guard walkRunRepeats.contains(plan.repeats) else { throw .invalidArgument("repeats must be 1 to 100, not \(plan.repeats)") }
        guard walkRunPhase.contains(plan.run) else { throw .invalidArgument("run must last 1s to 2h, not \(DurationText.format(plan.run))") }
        guard walkRunPhase.contains(plan.walk) else { throw .invalidArgument("walk must last 1s to 2h, not \(DurationText.format(plan.walk))") }
    }

    /// A workout of steps: not empty, not longer than a day of timed steps, not more steps than a
    /// person would walk through (what a config allows stays well inside).
    public static func check(_ steps: [WorkoutStep]) throws(CommandError) {
        guard !steps.isEmpty else { throw .invalidArgument("the workout has no steps") }
        guard steps.count <= 10_000 else { throw .invalidArgument("the workout has \(steps.count) steps; at most 10 000") }
        guard WorkoutTimeline.timedLength(steps) <= 24 * 3600 else { throw .invalidArgument("the workout's timed steps last over 24 hours") }
    }
}
