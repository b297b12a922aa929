import FoundationEssentials

/// The one notification a running session has, replaced in place at every transition: it always says
/// what to do now, so no superseded instruction can be left on screen, nothing piles up, and the
/// buttons that drive the workout (Set done) are on the notification the user is looking at.
public enum SessionNotice {
    /// Action keys of the session's notification.
    public static let setDoneAction = "set-done"
    public static let stopAction = "stop"
    /// The set just done fell short: logged as failed, one rep under the plan (`SetCorrection.fewerReps`).
    public static let fewerRepsAction = "fewer-reps"

    /// What the notification of `session` says at `now`.
    /// - transition: the session's latest reminder that fell due and has not been superseded by a
    ///   command (a set done, a new rest); nil shows the session's phase.
    /// - nextDue: when the session's next reminder falls due; nil when none is planned (a set in
    ///   progress, or the session's timeline has run out).
    public static func make(
        session: Session, transition: Reminder?, nextDue: Date?, now: Date, timeZone: Zone, server: ServerProfile,
        messages: Messages, privateMode: Bool
    ) -> Notice {
        let said = transition?.text(messages)
        if let transition, let said, endsSession(transition, of: session, nextDue: nextDue) {
            return Notice(
                title: said.title, body: said.body, on: server, actions: server.actions(click: (messages("Dismiss"), nil), buttons: []),
                category: transition.kind.category, urgency: .normal, stays: Notice.glanceTimeout, transient: true)
        }
        let strength = session.strengthView(at: now)
        if strength == nil, session.intervalPlan == nil, let progress = session.stepProgress {
            return StepNotice.make(
                session: session, progress: progress, transition: transition, said: said, nextDue: nextDue, now: now, timeZone: timeZone, server: server,
                messages: messages, privateMode: privateMode)
        }
        var title = privateMode ? PrivateMode.sessionTitle(session.kind, messages: messages) : session.title
        var body: String
        if let said {
            title = said.title
            body = said.body
            if strength == nil, session.kind != .rest { body += "\n" + session.phase(at: now, messages: messages).capitalizedFirst }
        } else if let strength {
            body = strengthLine(strength, at: now, timeZone: timeZone, messages: messages, privateMode: privateMode)
        } else if session.pausedAt != nil {
            body = messages("Paused: {phase}", ["phase": session.phase(at: now, messages: messages)])
        } else {
            body = messages(
                "{phase} · ends at {time}",
                ["phase": session.phase(at: now, messages: messages).capitalizedFirst, "time": clockTime(session.endsAt, in: timeZone)])
        }
        let click: (label: String, sameAs: String?)
        var buttons: [ReminderAction]
        if strength != nil {
            click = (messages("Set done"), setDoneAction)
            buttons = [Self.setDone.translated(messages)]
            // A set planned with reps can fall short: the quick correction, offered again on every set.
            if strength?.nextSet?.reps != nil { buttons.append(Self.fewerReps.translated(messages)) }
            buttons.append(Self.endWorkout.translated(messages))
        } else {
            click = (messages("Dismiss"), nil)
            buttons = [Self.stop.translated(messages)]
        }
        if !server.hasActions {
            body += "\n" + (strength != nil ? messages("After each set: gymbell set-done (short: --reps N)") : messages("To stop: gymbell stop"))
        }
        // Until replaced: while waiting for the user, until taken away; during a timed phase until a
        // little after it ends, so that a daemon that died leaves nothing stale behind.
        let stays = stays(until: nextDue, now: now)
        return Notice(
            title: title, body: body, on: server, actions: server.actions(click: click, buttons: buttons), category: "x-gymbell.session",
            // Where a normal banner leaves the screen on its own (GNOME, Cinnamon), only a critical one stays.
            urgency: server.keepsOnlyCriticalBanners ? .critical : .normal,
            stays: stays, progress: server.drawsProgressBeside ? session.percentDone(at: now) : nil,
            plainTitle: PrivateMode.sessionTitle(session.kind, messages: messages))
    }

    /// The session's buttons.
    static let done = ReminderAction(key: setDoneAction, label: "Done")
    static let roundDone = ReminderAction(key: setDoneAction, label: "Round done", shortLabel: "Round")
    static let setDone = ReminderAction(key: setDoneAction, label: "Set done", shortLabel: "Done")
    static let fewerReps = ReminderAction(key: fewerRepsAction, label: "Fewer reps", shortLabel: "−1 rep", isSecondary: true)
    static let endWorkout = ReminderAction(key: stopAction, label: "End workout", shortLabel: "End")
    static let stop = ReminderAction(key: stopAction, label: "Stop")

    /// How long the notification stays: while waiting for the user, until taken away; during a timed
    /// phase until a little after it ends, so that a daemon that died leaves nothing stale behind.
    static func stays(until nextDue: Date?, now: Date) -> Int32 {
        nextDue.map { Int32(clamping: Int64((max(0, $0.timeIntervalSince(now)) + staleAfter) * 1000)) } ?? 0
    }

    /// How long past its phase a session's notification may stay when nothing replaced it.
    static let staleAfter: TimeInterval = 5

    /// The reminder is the session's last word: its timeline has run out, or its last set is done.
    public static func endsSession(_ transition: Reminder, of session: Session, nextDue: Date?) -> Bool {
        switch transition.kind {
        case .hiitComplete, .walkRunComplete, .workoutComplete: true
        case .restOver: session.kind == .rest && nextDue == nil
        default: false
        }
    }

    private static func strengthLine(
        _ progress: StrengthView, at now: Date, timeZone: Zone, messages: Messages, privateMode: Bool
    ) -> String {
        if privateMode {
            // No exercise names or weights on a shared screen: only how far along.
            return messages(
                "Set {n} of {count}",
                ["n": String(min(progress.totalSetsDone + 1, progress.totalSets)), "count": String(progress.totalSets)])
        }
        guard let next = progress.nextSetDescription(messages) else { return messages("complete") }
        if let restUntil = progress.restUntil, restUntil > now {
            return messages("Resting until {time}. Next: {next}", ["time": clockTime(restUntil, in: timeZone), "next": next])
        }
        return messages("Now: {next}", ["next": next])
    }

    /// "14:05:30" in `timeZone`.
    static func clockTime(_ date: Date, in timeZone: Zone) -> String {
        LocalTime(of: date, in: timeZone).text(seconds: true)
    }
}

extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
