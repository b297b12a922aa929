import FoundationEssentials

/// The commands of the control interface that drive a session: rest, sets, intervals, stop, resume.
enum Commands {
    static func run(_ command: Command, _ t: inout Turn) throws(CommandError) -> CommandReply {
        switch command {
        case .rest(let seconds): return .until(try rest(seconds: seconds, &t))
        case .adjustRest(let delta): return .until(try adjustRest(by: delta, &t))
        case .setDone: return .text(try setDone(.asPlanned, &t))
        case .setDoneAs(let correction): return .text(try setDone(correction, &t))
        case .hiit(let plan, let title, let workout):
            try Limits.check(plan)
            return .session(start(SessionPlanner.hiit(
                id: try t.freshSessionID(), plan: plan, title: title, startingAt: t.now, messages: t.messages), workout: workout, &t))
        case .walkRun(let plan, let title, let workout):
            try Limits.check(plan)
            return .session(start(SessionPlanner.walkRun(
                id: try t.freshSessionID(), plan: plan, title: title, startingAt: t.now, messages: t.messages), workout: workout, &t))
        case .start(let workout): return .text(try DailyRules.startWorkout(named: workout, &t))
        case .stop: return .stopped(stop(&t))
        case .resume: return .text(try resume(&t))
        case .pause: return .text(try TimelineCommands.pause(&t))
        case .skip: return .text(try TimelineCommands.skip(&t))
        case .player(let control):
            guard let meant = TimelineCommands.command(for: control, t) else {
                throw .noSession(t.state.session == nil ? "no session is running" : "\(control.rawValue) has nothing to do now")
            }
            return try run(meant, &t)
        case .snooze(let minutes): return .snoozed(try DailyRules.snooze(minutes: minutes, &t))
        case .skipToday:
            t.keep(OutcomeNoting.skipped(on: t.today, t.state.outcomes))
            DailyRules.quietenToday(&t)
            Agenda.reevaluate(&t)
            return .nextDaily(t.state.nextDaily?.occurrence)
        case .upcoming, .status, .history, .setLog, .stats, .records, .suggest, .exportICS, .weights:
            return try Queries.answer(command, t)
        case .setWeight(let exercise, let weight): return .text(try WeightCommands.set(exercise, to: weight, &t))
        case .resetWeights(let exercises): return .text(try WeightCommands.reset(exercises, &t))
        case .correctSet(let id, let edit, let original): return .text(try LogCommands.correct(id, edit, original: original, &t))
        }
    }

    /// Starts a rest timer of `seconds` (the configured default when nil), replacing a rest timer or an
    /// interval session. During a workout of steps (a strength workout) the rest belongs to it and its
    /// end says what comes next (`StepCommands.rest`).
    static func rest(seconds: TimeInterval?, _ t: inout Turn) throws(CommandError) -> Date {
        let seconds = seconds ?? t.config.rest.defaultDuration
        guard seconds >= Limits.rest.lowerBound else {
            throw .invalidArgument("a rest must last at least 1 second, not \(DurationText.format(seconds))")
        }
        guard seconds <= Limits.rest.upperBound else {
            throw .invalidArgument("a rest can last at most 24 hours, not \(DurationText.format(seconds))")
        }
        if let session = t.state.session?.session, session.stepProgress != nil, session.intervalPlan == nil {
            return try StepCommands.rest(seconds: seconds, &t)
        }
        t.state.transition = nil  // a new rest supersedes whatever the last one said
        let plan = SessionPlanner.rest(
            id: try t.freshSessionID(), seconds: seconds, startingAt: t.now, warnBefore: t.config.rest.warnBefore, messages: t.messages)
        return start(plan, workout: nil, &t).session.endsAt
    }

    /// Moves the end of the running rest (and its warning) by `delta` seconds.
    static func adjustRest(by delta: TimeInterval, _ t: inout Turn) throws(CommandError) -> Date {
        if t.state.session?.session.stepProgress != nil { return try StepCommands.adjust(by: delta, &t) }
        let pending = t.state.session.map { t.state.agenda.of(session: $0.session.id) } ?? []
        guard var session = t.state.session?.session, let over = pending.first(where: { $0.kind == .restOver }) else {
            throw .noSession("no rest is running; start one with `gymbell rest`")
        }
        let newEnd = over.due.addingTimeInterval(delta)
        guard newEnd.timeIntervalSince(t.now) >= Limits.rest.lowerBound else {
            throw .invalidArgument(
                "the rest ends in \(DurationText.format(over.due.timeIntervalSince(t.now).rounded())); "
                    + "it cannot be shortened by \(DurationText.format(-delta))")
        }
        guard newEnd.timeIntervalSince(t.now) <= Limits.rest.upperBound else { throw .invalidArgument("a rest can last at most 24 hours") }
        let moved = pending.compactMap { reminder -> Reminder? in
            guard reminder.kind == .restOver || reminder.kind == .restWarning else { return reminder }
            let reminder = reminder.moved(by: delta)
            // A warning that would now fall before the present is dropped.
            return reminder.kind == .restWarning && reminder.due <= t.now ? nil : reminder
        }
        session.endsAt = newEnd
        t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now))
        if t.state.transition?.reminder.kind == .restWarning { t.state.transition = nil }  // its count is wrong now
        Agenda.reevaluate(&t)
        return newEnd
    }

    /// Records the step waiting for Done of the running workout (a set of a strength workout) — as
    /// planned, or as `correction` says it was done — and starts what follows it (StepCommands.done).
    static func setDone(_ correction: SetCorrection, _ t: inout Turn) throws(CommandError) -> String {
        guard t.state.session?.session.stepProgress != nil else {
            throw .noSession("no strength workout is running; start one with `gymbell start WORKOUT`")
        }
        return try StepCommands.done(correction, &t)
    }

    /// Makes `plan` the running session (a rest, or an interval session planned whole from now);
    /// today counts as trained.
    static func start(_ plan: SessionPlan, workout: String?, _ t: inout Turn) -> SessionPlan {
        t.write(.start(plan, workout: workout))
        t.state.transition = nil
        DailyRules.quietenToday(&t)
        Agenda.reevaluate(&t)
        return plan
    }

    /// Ends the running session; returns it and the reminders that were cancelled.
    static func stop(_ t: inout Turn) -> StatusReport {
        let session = t.state.session?.session
        let cancelled = t.state.agenda.of(session: nil)
        if let session, let progress = session.stepProgress, let position = session.stepPosition(at: t.now) {
            // The timed steps run through before the stop are logged; the one it cut short is not.
            StepCommands.logTimedSteps(progress.index..<position.step, of: session, progress, &t)
        }
        t.write(.stop(at: t.now))
        t.state.transition = nil
        t.close(.anySession)
        Agenda.reevaluate(&t)
        return StatusReport(session: session, pending: cancelled, nextDaily: nil, now: t.now, messages: t.messages)
    }

    /// Carries on with a paused workout: a strength workout's pause counts afresh from now; a paused
    /// interval timeline carries on where it stood.
    static func resume(_ t: inout Turn) throws(CommandError) -> String {
        guard let session = t.state.session?.session else { throw .noSession("no workout is running; start one with `gymbell start`") }
        if session.pausedAt != nil {
            TimelineCommands.resumeTimeline(&t)
            Agenda.reevaluate(&t)
            return t.messages.resumedReply(title: session.title, phase: session.phase(at: session.pausedAt ?? t.now, messages: t.messages))
        }
        let waitsForDone = session.currentStep(at: t.now).map { !$0.isTimed } ?? false
        if session.isInterval, !waitsForDone {
            throw .invalidArgument("\(CommandError.named(session.title)) is not paused; `gymbell pause` pauses it")
        }
        guard session.kind == .strength || waitsForDone else {
            throw .noSession("\(CommandError.named(session.title)) runs by itself and cannot pause; only a strength workout waits for you")
        }
        t.write(.recordProgress(session.id, at: t.now))
        t.close(.kind(.pausedWorkout))
        Agenda.reevaluate(&t)
        return t.messages.resumedReply(title: session.title, phase: session.phase(at: t.now, messages: t.messages))
    }
}
