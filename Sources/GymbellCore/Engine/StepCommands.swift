import FoundationEssentials

/// The commands on a workout of steps (issue 44): Done on a step by reps (or an AMRAP's round), skip
/// past a step waiting for Done, and ±15 s on a timed step. Pausing, resuming and skipping within a
/// run of timed steps are the timeline's (TimelineCommands), as for HIIT.
enum StepCommands {
    /// Done: records the step waiting for Done as `correction` says (or an AMRAP's round) and starts
    /// what follows it from now.
    static func done(_ correction: SetCorrection, _ t: inout Turn) throws(CommandError) -> String {
        guard let session = t.state.session?.session, let progress = session.stepProgress,
              var position = session.stepPosition(at: t.now) else { throw .noSession("no workout is running") }
        guard position.step < progress.steps.count else { throw .noSession("\(CommandError.named(session.title)) is complete") }
        if session.speaksAsStrength, progress.steps[position.step].role == .rest,
           let set = progress.steps[position.step...].firstIndex(where: \.isWork) {
            position.step = set  // Set done during a rest: the set after it was begun early (the rest ends now)
        }
        let step = progress.steps[position.step]
        if step.countsRounds { return try countRound(session, progress, &t) }
        guard !step.isTimed else {
            throw .invalidArgument("\(step.label(t.messages)) is timed and ends by itself; `gymbell skip` moves on now")
        }
        try Limits.check(correction)
        logTimedSteps(progress.index..<position.step, of: session, progress, &t)  // in the order they were done
        // A weighted warm-up set (the kit's ramp) is logged too, as warm-up: no record, no volume, no overload.
        let logged = step.isWork || (step.role == .warmUp && step.weight != nil) ? loggedSet(step, correction, session, at: t.now, &t) : nil
        let next = advance(past: position.step, session, progress, &t)
        let noted = correction == .asPlanned ? "" : logged.map { t.messages.setLoggedReply($0) + " " } ?? ""
        guard session.speaksAsStrength else { return noted + reply(done: step, next: next, t) }
        // A plain strength workout: "Set recorded. Rest 1m30s, then Bench Press — set 2 of 3, 8 × 80 kg".
        guard let set = t.state.session?.session.strengthView(at: t.now)?.nextSetDescription(t.messages) else {
            let sets = progress.setsDone + progress.workSteps(progress.index..<position.step + 1)
            return noted + t.messages.workoutCompleteReply(sets: sets, title: session.title)
        }
        let rest = next?.role == .rest ? next?.seconds ?? 0 : 0
        return noted + t.messages.setRecordedReply(rest: DurationText.format(rest), next: set)
    }

    /// `gymbell rest N` during a workout of steps: a rest of `seconds` from now that belongs to it. In a
    /// rest, that rest lasts `seconds` from now instead; at a step waiting for Done, the rest comes
    /// before it (a strength workout's "Rest over" then names that set again). A timed exercise running
    /// now ends by itself or by `gymbell skip`.
    static func rest(seconds: TimeInterval, _ t: inout Turn) throws(CommandError) -> Date {
        guard var session = t.state.session?.session, var progress = session.stepProgress,
              let position = session.stepPosition(at: t.now) else { throw .noSession("no workout is running") }
        guard position.step < progress.steps.count else { throw .noSession("\(CommandError.named(session.title)) is complete") }
        let step = progress.steps[position.step]
        guard !step.isTimed || step.role == .rest || step.role == .getReady else {
            throw .invalidArgument("\(step.label(t.messages)) is timed and ends by itself; `gymbell skip` ends it now")
        }
        t.state.transition = nil  // a new rest supersedes whatever the last one said
        logTimedSteps(progress.index..<position.step, of: session, progress, &t)
        progress.setsDone += progress.workSteps(progress.index..<position.step)
        let rest = WorkoutStep(.rest, seconds: seconds)
        if step.isTimed {
            progress.steps[position.step] = rest
        } else {
            progress.steps.insert(rest, at: position.step)
        }
        progress.index = position.step
        progress.startedAt = t.now
        session.shift = 0
        session.pausedAt = nil
        session.detail = .steps(progress)
        session.endsAt = StepPlanner.estimatedEnd(progress, at: t.now)
        let reminders = StepPlanner.reminders(of: session, progress, countdown: t.config.sound.countdown, warnBefore: t.config.rest.warnBefore)
        t.write(.replan(SessionPlan(session: session, reminders: reminders), progressAt: t.now))
        Agenda.reevaluate(&t)
        return t.now.addingTimeInterval(seconds)
    }

    /// Skip on a step waiting for Done: it is passed over, not logged, and what follows starts now.
    static func skipWaiting(_ t: inout Turn) throws(CommandError) -> String? {
        guard let session = t.state.session?.session, let progress = session.stepProgress,
              let position = session.stepPosition(at: t.now), position.step < progress.steps.count,
              !progress.steps[position.step].isTimed else { return nil }
        let step = progress.steps[position.step]
        logTimedSteps(progress.index..<position.step, of: session, progress, &t)
        let next = advance(past: position.step, session, progress, &t)
        return t.messages("Skipped {step}.", ["step": step.label(t.messages)]) + " " + reply(done: nil, next: next, t)
    }

    /// ±`delta` on the timed step running now: it and everything after it move.
    static func adjust(by delta: TimeInterval, _ t: inout Turn) throws(CommandError) -> Date {
        guard var session = t.state.session?.session, let progress = session.stepProgress,
              let position = session.stepPosition(at: t.now) else { throw .noSession("no workout is running") }
        guard position.step < progress.runEnd, session.pausedAt == nil else {
            if session.speaksAsStrength { throw .noSession("no rest is running; start one with `gymbell rest`") }
            throw .invalidArgument("no timed step is running now; only a running timed step can be made longer or shorter")
        }
        let end = position.began.addingTimeInterval(progress.steps[position.step].seconds ?? 0)
        let newEnd = end.addingTimeInterval(delta)
        guard newEnd.timeIntervalSince(t.now) >= 1 else {
            throw .invalidArgument(
                "\(progress.steps[position.step].label(t.messages)) ends in \(DurationText.format(end.timeIntervalSince(t.now).rounded())); "
                    + "it cannot be shortened by \(DurationText.format(-delta))")
        }
        if position.step > progress.index {
            // The running part begins again at this step (those before it run through, logged): moving
            // the part's start would put the clock back in the step before.
            var rebased = progress
            logTimedSteps(progress.index..<position.step, of: session, progress, &t)
            rebased.setsDone += progress.workSteps(progress.index..<position.step)
            rebased.index = position.step
            rebased.startedAt = position.began
            session.shift = 0
            session.detail = .steps(rebased)
        }
        let state = t.state
        let moved = state.agenda.of(session: session.id).compactMap { reminder -> Reminder? in
            guard state.isWaiting(reminder) else { return reminder }
            let moved = reminder.moved(by: delta)
            // Its last seconds have begun, or a rest's warning would now fall before the present.
            return (moved.kind == .stepEnding || moved.kind == .restWarning) && moved.due <= t.now ? nil : moved
        }
        if session.speaksAsStrength, var lengthened = session.stepProgress {
            // A rest between sets is as long as it was made: it began when it began (the player's length follows).
            lengthened.steps[position.step].seconds = (lengthened.steps[position.step].seconds ?? 0) + delta
            session.detail = .steps(lengthened)
        } else {
            session.shift += delta
        }
        session.endsAt.addTimeInterval(delta)
        // A strength rest's notification keeps saying its phase; a warning's count is wrong now.
        if !session.speaksAsStrength || t.state.transition?.reminder.kind == .restWarning { t.state.transition = nil }
        t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now))
        Agenda.reevaluate(&t)
        return newEnd
    }

    /// Moves on from `step` (done or skipped) at `now`: the timed steps of the run before it count as
    /// done (the caller has logged them), and the next part starts now. Returns the step now current (nil: the workout is through).
    private static func advance(past step: Int, _ session: Session, _ progress: StepProgress, _ t: inout Turn) -> WorkoutStep? {
        var session = session
        var progress = progress
        progress.setsDone += progress.workSteps(progress.index..<step) + (progress.steps[step].isWork ? 1 : 0)
        progress.index = step + 1
        progress.startedAt = t.now
        session.shift = 0
        session.pausedAt = nil
        session.detail = .steps(progress)
        session.endsAt = StepPlanner.estimatedEnd(progress, at: t.now)
        t.close(.kind(.pausedWorkout))
        let reminders = StepPlanner.reminders(of: session, progress, countdown: t.config.sound.countdown, warnBefore: t.config.rest.warnBefore)
        t.write(.replan(SessionPlan(session: session, reminders: reminders), progressAt: t.now))
        // The step begun now says what its reminder says when the clock reaches it (a rest after Done
        // reads as a rest after a plank), silently: the person just did something. A plain strength
        // workout's notification says its phase ("Resting until …. Next: …"), as it always has.
        t.state.transition = session.speaksAsStrength ? nil : StepPlanner.stepReminder(of: session, progress, starting: progress.index, at: t.now)
            .map { EngineState.Transition(reminder: $0, endsSession: false) }
        Agenda.reevaluate(&t)
        return progress.index < progress.steps.count ? progress.steps[progress.index] : nil
    }

    /// An AMRAP's Done: one more round, said by the completion when the cap ends it.
    private static func countRound(_ session: Session, _ progress: StepProgress, _ t: inout Turn) throws(CommandError) -> String {
        guard session.pausedAt == nil else { throw .invalidArgument("\(CommandError.named(session.title)) is paused; `gymbell resume` carries on") }
        var session = session
        var progress = progress
        progress.roundsCounted += 1
        session.detail = .steps(progress)
        let state = t.state
        let reminders = state.agenda.of(session: session.id).map { reminder -> Reminder in
            guard reminder.kind == .workoutComplete, state.isWaiting(reminder) else { return reminder }
            var counted = reminder
            counted.content = StepPlanner.roundsComplete(session, progress)
            return counted
        }
        t.write(.replan(SessionPlan(session: session, reminders: reminders), progressAt: t.now))
        Agenda.reevaluate(&t)
        return t.messages("Round {n} done.", ["n": String(progress.roundsCounted)])
    }

    /// The timed steps of the running part in `range`, run through: each work step is logged as a timed
    /// set with its seconds at the instant it ended, a warm-up's as a warm-up set (an AMRAP's cap is
    /// its rounds, not a set).
    static func logTimedSteps(_ range: Range<Int>, of session: Session, _ progress: StepProgress, _ t: inout Turn) {
        guard session.intervalPlan == nil else { return }  // plain HIIT and walk/run log no sets, as ever
        var end = progress.startedAt.addingTimeInterval(session.shift)
        for index in progress.index..<min(range.upperBound, progress.runEnd) {
            let step = progress.steps[index]
            end.addTimeInterval(step.seconds ?? 0)
            guard range.contains(index), step.role == .work || step.role == .warmUp, !step.countsRounds, let name = step.name,
                  let seconds = step.seconds else { continue }
            let logged = LoggedSet(
                session: session.id, workout: t.state.session?.workout, exercise: name, setNumber: step.set ?? step.round ?? 1,
                reps: step.reps, plannedReps: step.reps, weight: step.weight, unit: WeightUnit(configured: step.unit) ?? .kg,
                at: min(end, t.now), seconds: Int(seconds.rounded()), warmUp: step.role == .warmUp)
            let closed = t.state.progress.closing(before: logged)
            if !closed.isEmpty { t.write(.keepRecords(closed)) }
            t.write(.logSet(logged))
        }
    }

    private static func loggedSet(
        _ step: WorkoutStep, _ correction: SetCorrection, _ session: Session, at now: Date, _ t: inout Turn
    ) -> LoggedSet {
        let logged = LoggedSet(
            session: session.id, workout: t.state.session?.workout, exercise: step.name ?? session.title,
            setNumber: step.set ?? step.round ?? 1, reps: correction.reps(planned: step.reps), plannedReps: step.reps,
            weight: correction.weight ?? step.weight, unit: WeightUnit(configured: step.unit) ?? .kg,
            failed: correction.failed(planned: step.reps), at: now, warmUp: step.role == .warmUp, rpe: correction.rpe)
        let closed = t.state.progress.closing(before: logged)
        if !closed.isEmpty { t.write(.keepRecords(closed)) }
        t.write(.logSet(logged))
        return logged
    }

    private static func reply(done: WorkoutStep?, next: WorkoutStep?, _ t: Turn) -> String {
        let said = done.map { t.messages("{step} done.", ["step": $0.name ?? $0.label(t.messages)]) + " " } ?? ""
        guard let next else { return said + t.messages("Workout complete.") }
        return said + t.messages("Next: {step}", ["step": next.label(t.messages)])
    }
}
