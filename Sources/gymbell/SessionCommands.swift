import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore

struct Rest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a rest timer, or move the end of the running one.",
        discussion: """
            Without SECONDS the rest lasts the configured [rest] default (90s unless changed). \
            During a workout the rest belongs to it: before the set or station waiting for you, or \
            instead of the rest running (its end says what comes next, and the workout goes on). \
            Otherwise a new rest replaces a running rest timer, HIIT or walk/run. "Rest over ⏰" appears when it ends.
            """)

    @Argument(help: ArgumentHelp("How long to rest (1s to 24h).", valueName: "SECONDS"), transform: DurationArgument.parsed)
    var duration: DurationArgument?

    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Move the end of the running rest (or timed step: a HIIT phase, a plank) by ±S, e.g. +15 or -15.", valueName: "±S"),
            transform: SignedDurationArgument.parsed)
    var adjust: SignedDurationArgument?

    func validate() throws {
        if duration != nil, adjust != nil { throw ValidationError("give either SECONDS (a new rest) or --adjust (change the running one), not both") }
        if let duration, duration.seconds != duration.seconds.rounded() {
            throw ValidationError("a rest is a whole number of seconds, not \(DurationText.format(duration.seconds))")
        }
        if let duration, duration.seconds > Double(UInt32.max) { throw ValidationError("a rest can last at most 24 hours") }
        if let adjust, abs(adjust.seconds) > 86_400 { throw ValidationError("--adjust can move the rest by at most 24 hours") }
    }

    func run() throws {
        if let adjust {
            let (due, status) = try withDaemon { client throws(ClientError) in
                (try client.adjustRest(by: Int32(adjust.seconds.rounded())), try? client.status())
            }
            Terminal.line("\(Self.ending(status?.session?.step)) ends at \(LocalClock.time(due)) (\(LocalClock.remaining(until: due)) left).")
        } else {
            let due = try withDaemon { client throws(ClientError) in try client.rest(seconds: duration.map { UInt32($0.seconds) }) }
            Terminal.line("Resting until \(LocalClock.time(due)) (\(LocalClock.remaining(until: due))).")
        }
    }

    /// What `--adjust` moved the end of, as the notifications name it ("Rest ends soon", "Plank — 30 s"):
    /// the rest, or in a workout of steps the timed step running ("Plank", "Get ready").
    static func ending(_ step: StatusStep?) -> String {
        guard let step else { return "Rest" }
        switch step.role {
        case WorkoutStep.Role.getReady.rawValue: return "Get ready"
        case WorkoutStep.Role.rest.rawValue: return step.name ?? "Rest"
        default: return step.name ?? "Work"
        }
    }
}

struct Hiit: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start a HIIT session: ROUNDS of WORK then REST, every transition announced.",
        discussion: "Example: gymbell hiit --rounds 5 --work 40s --rest 20s (10 reminders, the last at 5:00).")

    @Option(help: "Number of rounds (1 to 100).", transform: PlainNumber.whole) var rounds: UInt32
    @Option(help: ArgumentHelp("Length of each work phase (1s to 1h).", valueName: "DUR"), transform: DurationArgument.parsed) var work: DurationArgument
    @Option(help: ArgumentHelp("Length of each rest phase (0s to 1h).", valueName: "DUR"), transform: DurationArgument.parsed) var rest: DurationArgument

    func run() throws {
        let ends = try withDaemon { client throws(ClientError) in try client.hiit(rounds: rounds, work: work.seconds, rest: rest.seconds) }
        Terminal.line("HIIT started: \(rounds) × \(DurationText.format(work.seconds)) work / \(DurationText.format(rest.seconds)) rest, ends at \(LocalClock.time(ends)).")
    }
}

struct WalkRun: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "walkrun",
        abstract: "Start a walk/run session: REPEATS of RUN then WALK.",
        discussion: "Example: gymbell walkrun --run 2m --walk 1m --repeats 2 (reminders at 2:00, 3:00, 5:00, 6:00).")

    @Option(name: .customLong("run"), help: ArgumentHelp("Length of each run (1s to 2h).", valueName: "DUR"), transform: DurationArgument.parsed)
    var runDuration: DurationArgument
    @Option(help: ArgumentHelp("Length of each walk (1s to 2h).", valueName: "DUR"), transform: DurationArgument.parsed) var walk: DurationArgument
    @Option(help: "Number of run/walk repeats (1 to 100).", transform: PlainNumber.whole) var repeats: UInt32

    func run() throws {
        let ends = try withDaemon { client throws(ClientError) in try client.walkRun(run: runDuration.seconds, walk: walk.seconds, repeats: repeats) }
        Terminal.line("Walk/run started: \(repeats) × \(DurationText.format(runDuration.seconds)) run / \(DurationText.format(walk.seconds)) walk, ends at \(LocalClock.time(ends)).")
    }
}

struct Start: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Start today's planned workout, or the named one from [workouts].",
        discussion: """
            Runs the configured start_command and counts today as trained: no more daily reminder today.
            Every kind starts: strength, HIIT and walk/run, and the workouts of steps (a circuit, an AMRAP, \
            named intervals, timed sets, supersets, a get-ready, warm-up or cool-down). Each step is \
            announced as it starts ("Plank — 30 s", "Next: Mountain climbers — 40 s"); a timed step ends by \
            itself, a step by reps waits for `gymbell set-done`. `gymbell status` shows the step and round.

            Example: gymbell start seven_minute
            """)

    @Argument(help: "A workout name from the config's [workouts] tables (any kind).") var workout: String?

    func run() throws {
        Terminal.line(try withDaemon { client throws(ClientError) in try client.start(workout: workout) } + ".")
    }
}

struct SetDone: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set-done",
        abstract: "Record a finished set of the running strength workout and start its rest; Done on a step by reps.",
        discussion: """
            The "Rest over ⏰" reminder then says which set comes next. In a workout of steps it is Done on the \
            step waiting for it (a circuit's station by reps, a set by reps): the step is logged and what follows \
            starts now; in an AMRAP it counts a round. A timed step ends by itself (`gymbell skip` ends it early). The session notification's Set done \
            button does the same. Each set goes into the training log (`gymbell history --sets`) as planned, \
            or as you say it was done: --reps for the reps you managed (fewer than planned count as a failed \
            set), --weight for the weight in the exercise's unit, --failed for a set you could not finish. \
            Failed sets never count as personal records and reset the progressive-overload count. \
            --rpe gives the effort (6 to 10 as Strong and Hevy write it, 0 to 10 allowed), or --rir the reps \
            left in reserve (kept as RPE 10 − RIR); a set at RPE 9.5 or more makes a progressive-overload \
            suggestion wait a session.

            Example: gymbell set-done --reps 6 --weight 82.5 --rpe 8
            """)

    @Option(help: "Reps done, when not as planned (0 to 1000).", transform: PlainNumber.whole) var reps: Int?
    @Option(help: "Weight lifted, in the exercise's unit, when not as planned (0 to 2000).", transform: PlainNumber.decimal) var weight: Double?
    @Flag(help: "The set failed (fewer reps than planned; with no --reps, one short).") var failed = false
    @Option(help: "Effort: the rate of perceived exertion (0 to 10).", transform: PlainNumber.decimal) var rpe: Double?
    @Option(help: "Effort: reps in reserve (0 to 10), kept as RPE 10 − RIR.", transform: PlainNumber.decimal) var rir: Double?

    func validate() throws {
        if let reps, !(0...1000).contains(reps) { throw ValidationError("--reps must be 0 to 1000, not \(reps)") }
        if let weight, !(weight.isFinite && (0...2000).contains(weight)) {
            throw ValidationError("--weight must be 0 to 2000, not \(weight)")
        }
        if rpe != nil, rir != nil { throw ValidationError("give --rpe or --rir, not both") }
        if let rpe, !(rpe.isFinite && (0...10).contains(rpe)) { throw ValidationError("--rpe must be 0 to 10, not \(rpe)") }
        if let rir, !(rir.isFinite && (0...10).contains(rir)) { throw ValidationError("--rir must be 0 to 10, not \(rir)") }
    }

    func run() throws {
        let correction = SetCorrection(reps: reps, weight: weight, failed: failed, rpe: rpe ?? rir.map { 10 - $0 })
        let reply = try withDaemon { client throws(ClientError) in
            correction == .asPlanned ? try client.setDone() : try client.setDone(as: correction)
        }
        Terminal.line(reply + ".")
    }
}

struct Pause: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Pause the running HIIT, walk/run session or workout of steps.",
        discussion: """
            Nothing of it falls due while it is paused, even across a restart; `gymbell resume` carries it on \
            where it stood, its reminders moved by the pause. The media player's play/pause does the same.
            """)

    func run() throws {
        Terminal.line(try withDaemon { client throws(ClientError) in try client.pause() } + ".")
    }
}

struct Skip: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Skip to the running session's next phase; during a rest: end it.",
        discussion: """
            In HIIT or walk/run the current phase ends now and the rest of the timeline moves earlier with it. \
            Between sets of a strength workout the rest ends; a set in progress is recorded with `gymbell set-done`. \
            In a workout of steps the current step ends now and the next starts: a timed step (a rest, a plank, \
            an interval) with the rest of its run moved earlier, a step by reps passed over without being logged. \
            The media player's next does the same.
            """)

    func run() throws {
        Terminal.line(try withDaemon { client throws(ClientError) in try client.skip() } + ".")
    }
}

struct Stop: ParsableCommand {
    static let configuration = CommandConfiguration(abstract: "End the active session and cancel its pending reminders.")

    func run() throws {
        let result = try withDaemon { client throws(ClientError) in try client.stop() }
        guard let session = result.session else {
            Terminal.line("No session was running.")
            return
        }
        Terminal.line("Stopped \(session.kind) session \"\(session.title)\".")
        if result.pending.isEmpty {
            Terminal.line("Nothing was pending.")
        } else {
            Terminal.line("Cancelled \(result.pending.count) reminder\(result.pending.count == 1 ? "" : "s"):")
            for entry in result.pending { Terminal.line("  \(LocalClock.time(entry.due))  \(entry.title)") }
        }
    }
}

struct Snooze: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Snooze the daily reminder: show it again later.",
        discussion: "Without --minutes it uses the configured snooze_minutes (60 unless changed).")

    @Option(help: "Minutes until the reminder comes back (1 to 1440).", transform: PlainNumber.whole) var minutes: UInt32?

    func validate() throws {
        if let minutes, !Limits.snoozeMinutes.contains(Int(minutes)) { throw ValidationError("--minutes must be 1 to 1440, not \(minutes)") }
    }

    func run() throws {
        let due = try withDaemon { client throws(ClientError) in try client.snooze(minutes: minutes) }
        Terminal.line("Snoozed: the reminder comes back at \(LocalClock.time(due)).")
    }
}

struct SkipToday: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "skip-today", abstract: "No more daily reminder today.")

    func run() throws {
        let next = try withDaemon { client throws(ClientError) in try client.skipToday() }
        Terminal.line("No more reminders today." + (next.map { " Next: \(LocalClock.dateTime($0))." } ?? ""))
    }
}

struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Make the daemon re-read its config file.",
        discussion: "An invalid file is refused with its errors, and the config in force stays.")

    func run() throws {
        let origin = try withDaemon { client throws(ClientError) in try client.reload() }
        Terminal.line("Reloaded the config from \(origin).")
    }
}
