import FoundationEssentials

/// What a media player's controls (MPRIS) ask of the running session.
public enum PlayerControl: String, CaseIterable, Equatable, Sendable {
    case playPause, play, pause, next, stop
}

/// What the running session is doing, as a media player's play button sees it: the phase decides
/// what Play, Pause and PlayPause do, and `NowPlaying` shows it as the playback status.
enum PlayerPhase: Equatable, Sendable {
    /// A set in progress: waiting for the user (shown Paused).
    case set
    /// A rest, between sets or on its own (Playing).
    case rest
    /// An interval timeline running (Playing).
    case running
    /// An interval timeline paused (Paused).
    case paused
    /// The session has run its course; its completion is being shown (Stopped).
    case over

    init(of session: Session, at now: Date) {
        switch session.detail {
        case .rest:
            self = now < session.endsAt ? .rest : .over
        case .steps where session.intervalPlan != nil:
            if session.isTimelineOver(at: now) {
                self = .over
            } else {
                self = session.pausedAt == nil ? .running : .paused
            }
        case .steps(let progress):
            if let strength = session.strengthView(at: now) {
                // Sets and rests: a rest between sets plays as a rest timer does.
                self = strength.isComplete ? .over : (strength.restUntil.map { $0 > now } ?? false) ? .rest : .set
                return
            }
            let step = session.stepPosition(at: now)?.step ?? progress.steps.count
            if step >= progress.steps.count {
                self = .over
            } else if !progress.steps[step].isTimed {
                self = .set
            } else {
                self = session.pausedAt == nil ? .running : .paused
            }
        }
    }
}

/// Pausing, resuming and skipping a session's timeline, and the media player's controls on top of them.
enum TimelineCommands {
    /// Stops an interval session's timeline where it is: nothing of it falls due until it resumes.
    static func pause(_ t: inout Turn) throws(CommandError) -> String {
        guard var session = t.state.session?.session else { throw .noSession("no session is running") }
        guard session.isInterval, !session.speaksAsStrength else {
            throw .invalidArgument(
                session.kind == .strength
                    ? "\(CommandError.named(session.title)) waits for you between sets by itself; only HIIT and walk/run can pause"
                    : "a rest timer cannot pause; `gymbell skip` ends it")
        }
        guard session.pausedAt == nil else { throw .invalidArgument("\(CommandError.named(session.title)) is paused already; `gymbell resume` carries on") }
        if let step = session.currentStep(at: t.now), !step.isTimed {
            throw .invalidArgument("\(CommandError.named(session.title)) waits for you at \(step.label(t.messages)) by itself; `gymbell set-done` when it is done")
        }
        guard t.state.nextDue(of: session.id) != nil else { throw .noSession("\(CommandError.named(session.title)) is over") }
        session.pausedAt = t.now
        t.state.transition = nil  // the notification says it is paused
        t.write(.replan(SessionPlan(session: session, reminders: reminders(of: session.id, t)), progressAt: t.now))
        Agenda.reevaluate(&t)
        return t.messages.pausedReply(title: session.title, phase: session.phase(at: t.now, messages: t.messages))
    }

    /// Carries a paused timeline on from where it stood: its end and every reminder still to come move
    /// by the length of the pause. Does nothing when the timeline is not paused.
    static func resumeTimeline(_ t: inout Turn) {
        guard var session = t.state.session?.session, let pausedAt = session.pausedAt else { return }
        let pause = max(0, t.now.timeIntervalSince(pausedAt))
        session.pausedAt = nil
        session.shift += pause
        session.endsAt.addTimeInterval(pause)
        let inFlight = t.state.inFlight
        let moved = reminders(of: session.id, t).map { inFlight[$0.id] != nil ? $0 : $0.moved(by: pause) }
        t.state.transition = nil
        t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now))
    }

    /// Skips to the next phase: the reminder that ends the current one falls due now and the rest of the
    /// timeline moves earlier with it. During a rest (on its own or between sets) this ends the rest. A
    /// paused timeline stays paused at the start of the next phase (`skipPaused`), except that skipping
    /// its last phase completes it now.
    static func skip(_ t: inout Turn) throws(CommandError) -> String {
        guard let current = t.state.session?.session else { throw .noSession("no session is running") }
        if current.speaksAsStrength, current.strengthView(at: t.now)?.restUntil.map({ $0 > t.now }) != true {
            throw .invalidArgument("a set is in progress: `gymbell set-done` records it")
        }
        if current.pausedAt == nil, let reply = try StepCommands.skipWaiting(&t) { return reply }
        if let pausedAt = current.pausedAt, let reply = try skipPaused(current, pausedAt: pausedAt, &t) { return reply }
        resumeTimeline(&t)
        guard var session = t.state.session?.session else { throw .noSession("no session is running") }
        let state = t.state
        let waiting = reminders(of: session.id, t).filter { state.isWaiting($0) }  // in due order
        guard let target = waiting.first(where: { !$0.kind.isWarning }) else { throw .noSession("\(CommandError.named(session.title)) has nothing left to skip") }
        let ahead = max(0, target.due.timeIntervalSince(t.now))
        let moved = reminders(of: session.id, t).compactMap { reminder -> Reminder? in
            guard state.isWaiting(reminder) else { return reminder }
            // A warning of the rest being skipped has nothing left to warn of.
            if reminder.kind.isWarning, reminder.due <= target.due { return nil }
            return reminder.moved(by: -ahead)
        }
        session.endsAt.addTimeInterval(-ahead)
        if session.isInterval { session.shift -= ahead }
        t.state.transition = nil
        t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now))
        Agenda.reevaluate(&t)
        return t.messages.skippedReply(to: target.text(t.messages).title)
    }

    /// Next on a paused timeline: it moves to the start of the next phase and stays paused, as MPRIS
    /// asks of Next ("if playback is paused, it remains that way") and as a person who paused is not yet
    /// ready to go on. The reminder that starts that phase is said when the timeline resumes (its due
    /// instant is the pause's, and resuming moves it to then); one passed over by another Next is not
    /// said at all. nil: the phase skipped is the last, whose end is the completion — the caller
    /// completes the session now, as when it runs.
    private static func skipPaused(_ paused: Session, pausedAt: Date, _ t: inout Turn) throws(CommandError) -> String? {
        var session = paused
        let state = t.state
        let all = reminders(of: session.id, t)
        let timeline = all.filter { state.inFlight[$0.id] == nil && $0.kind.isSessionTransition && !$0.kind.isWarning }
        guard let target = timeline.first(where: { $0.due > pausedAt }) else {
            throw .noSession("\(session.title) has nothing left to skip")
        }
        let completes = target.kind == .hiitComplete || target.kind == .walkRunComplete || target.kind == .workoutComplete
        let ahead = completes ? 0 : target.due.timeIntervalSince(pausedAt)
        let moved = all.compactMap { reminder -> Reminder? in
            guard state.inFlight[reminder.id] == nil else { return reminder }
            if reminder.kind.isSessionTransition, reminder.due <= pausedAt { return nil }  // passed over by an earlier Next
            if reminder.kind.isWarning, reminder.due <= target.due { return nil }
            return reminder.moved(by: -ahead)
        }
        if completes {
            if moved.count < all.count { t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now)) }
            return nil
        }
        session.endsAt.addTimeInterval(-ahead)
        session.shift -= ahead
        t.state.transition = nil  // the notification says it is paused, at the new phase
        t.write(.replan(SessionPlan(session: session, reminders: moved), progressAt: t.now))
        Agenda.reevaluate(&t)
        return t.messages.skippedWhilePausedReply(title: session.title, phase: session.phase(at: t.now, messages: t.messages))
    }

    /// The command a player control means now. Desktops send Play, Pause or PlayPause for "the play
    /// button" (Plasma's togglePlaying and BlueZ send Play or Pause as the status they show asks; GNOME
    /// and playerctl send PlayPause), so all three mean the step the phase offers: a set (shown as
    /// Paused) is done by Play; a rest (Playing) ends by Pause; an interval timeline pauses and resumes.
    /// A control asking for the state already shown (Play while Playing) does nothing, as MPRIS says.
    /// nil: nothing to do.
    static func command(for control: PlayerControl, _ t: Turn) -> Command? {
        guard let session = t.state.session?.session else { return nil }
        let phase = PlayerPhase(of: session, at: t.now)
        switch control {
        case .stop: return .stop
        case .next:
            // A workout of steps: Next on a step by reps — a strength set too — is Done (its CanGoNext is true).
            if phase == .set, session.stepProgress != nil { return .setDone }
            return phase == .set || phase == .over ? nil : .skip
        case .play, .pause, .playPause:
            switch (phase, control) {
            case (.set, .play), (.set, .playPause): return .setDone
            case (.rest, .pause), (.rest, .playPause): return .skip
            case (.running, .pause), (.running, .playPause): return .pause
            case (.paused, .play), (.paused, .playPause): return .resume
            default: return nil
            }
        }
    }

    private static func reminders(of session: SessionID, _ t: Turn) -> [Reminder] {
        t.state.agenda.of(session: session)
    }
}
