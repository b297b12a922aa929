import FoundationEssentials

/// The session's notification during a workout of steps (issue 44): what to do now in the title
/// ("Mountain climbers — 40 s"), where the workout stands and what comes next in the body, and Done
/// where a step waits for it.
enum StepNotice {
    static func make(
        session: Session, progress: StepProgress, transition: Reminder?, said: Messages.Text?, nextDue: Date?, now: Date, timeZone: Zone, server: ServerProfile,
        messages: Messages, privateMode: Bool
    ) -> Notice {
        let position = session.stepPosition(at: now)
        let current = position.flatMap { $0.step < progress.steps.count ? progress.steps[$0.step] : nil }
        var title: String
        var body: String
        if privateMode {
            title = PrivateMode.sessionTitle(session.kind, messages: messages)
            body = messages(
                "Step {n} of {count}", ["n": String(min((position?.step ?? 0) + 1, progress.steps.count)), "count": String(progress.steps.count)])
        } else if let said {
            (title, body) = said
        } else if let current {
            title = current.label(messages)
            let next = session.nextStep(at: now)
            body = ([session.title, current.position(messages)].compactMap { $0 }
                + [next.map { messages("Next: {step}", ["step": $0.label(messages)]) } ?? messages("Next: done")]).joined(separator: " · ")
        } else {
            title = session.title
            body = messages("complete").capitalizedFirst
        }
        if session.pausedAt != nil { body = messages("Paused: {phase}", ["phase": body]) }
        let waiting = current.map { !$0.isTimed || $0.countsRounds } ?? false
        var buttons: [ReminderAction] = []
        let click: (label: String, sameAs: String?)
        if waiting, let current {
            let done = current.countsRounds ? SessionNotice.roundDone : (current.isWork ? SessionNotice.setDone : SessionNotice.done)
            click = (messages(done.label), SessionNotice.setDoneAction)
            buttons.append(done.translated(messages))
            if current.isWork, current.reps != nil, !current.countsRounds { buttons.append(SessionNotice.fewerReps.translated(messages)) }
            buttons.append(SessionNotice.endWorkout.translated(messages))
        } else {
            click = (messages("Dismiss"), nil)
            buttons.append(SessionNotice.stop.translated(messages))
        }
        if !server.hasActions {
            body += "\n" + (waiting ? messages("When done: gymbell set-done") : messages("To stop: gymbell stop"))
        }
        var notice = Notice(
            title: title, body: body, on: server, actions: server.actions(click: click, buttons: buttons), category: "x-gymbell.session",
            urgency: server.keepsOnlyCriticalBanners ? .critical : .normal, stays: SessionNotice.stays(until: nextDue, now: now),
            progress: server.drawsProgressBeside ? session.percentDone(at: now) : nil,
            plainTitle: PrivateMode.sessionTitle(session.kind, messages: messages))
        notice.cue = cue(of: transition)
        return notice
    }

    /// The sound of the reminder that fell due: work starting, a rest starting, the last seconds.
    static func cue(of transition: Reminder?) -> SoundCue {
        switch transition?.content {
        case .step(let cue)?: cue.next.role == .rest || cue.next.role == .getReady ? .rest : .work
        case .stepEnding?: .countdown
        default: .standard
        }
    }
}
