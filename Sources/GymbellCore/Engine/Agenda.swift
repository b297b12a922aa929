import FoundationEssentials

/// The agenda: what falls due is shown (or held, or dropped as too late), the daily reminder is
/// planned, finished sessions are recorded, and the timer is armed for the earliest instant.
enum Agenda {
    /// Shows what is due, plans the next daily reminder and arms the timer. After every event that can
    /// change the agenda: start-up, the timer, a clock jump, a resume, a command, a reload.
    static func reevaluate(_ t: inout Turn) {
        let due = t.state.agenda.due(atOrBefore: t.now).filter { t.state.isWaiting($0) }  // in due order
        let (show, drop) = LatePolicy(dailyGrace: t.config.reminders.lateGrace).partition(due: due, at: t.now)
        for reminder in drop {
            t.log(.info, "skipped late reminder", ["id": "\(reminder.id)", "due": ISO8601.format(reminder.due)])
        }
        // Dropped on purpose (too late, or collapsed into the current one): gone from the agenda now;
        // the ones shown leave it when the server has taken them.
        t.write(.remove(drop.map(\.id)))
        for reminder in show { deliver(reminder, &t) }
        finishSessionIfDone(&t)
        let pauseCheck = SmartRules.checkPausedWorkout(&t)

        var decision = t.planner.decide(at: t.now, state: t.state.daily, in: t.timeZone)
        if let daily = decision.fireNow {
            // Into the durable agenda first: it leaves it when the server has taken it, so a crash
            // before then (or no server on the bus) cannot lose it although the day is marked handled.
            let reminder = daily.reminder()
            t.write(.add(reminder))
            deliver(reminder, &t)
        }
        let streakCheck = SmartRules.checkStreakAtRisk(&t, daily: &decision.state)
        let adviceCheck = SmartRules.checkRestAdvice(&t, daily: &decision.state)
        let weeklyCheck = WeeklySummaryRule.check(&t, daily: &decision.state)
        if decision.state != t.state.daily { t.write(.saveDaily(decision.state)) }
        t.state.nextDaily = decision.next
        t.state.nextSmartCheck = [pauseCheck, streakCheck, adviceCheck, weeklyCheck].compactMap { $0 }.min()
        SmartRules.tellStorage(&t)
        arm(&t)
        refreshSessionNotice(&t)
    }

    /// Arms the timer for the earliest of: the next reminder not already with the server nor paused, the next
    /// daily reminder, the next check of a history rule.
    static func arm(_ t: inout Turn) {
        t.effects.append(.armTimer(t.state.nextInstant))
    }

    /// Shows `reminder` now, or, inside quiet hours, keeps it in the agenda until they end (session
    /// transitions are never held). Private mode and voice apply here, to every reminder.
    static func deliver(_ reminder: Reminder, _ t: inout Turn) {
        if let quiet = t.config.quietHours, QuietHours.holds(reminder.kind), let window = quiet.window(containing: t.now, in: t.timeZone) {
            var held = reminder
            held.due = window.upperBound
            t.write(.add(held))  // the same id: it replaces the one that fell due
            t.log(.info, "reminder held for quiet hours", ["id": "\(reminder.id)", "until": ISO8601.format(held.due)])
            return
        }
        if AttentionRules.hold(reminder, &t) { return }
        let shown = t.config.reminders.privateMode ? PrivateMode.redacted(reminder, messages: t.messages) : reminder
        let late = max(0, t.now.timeIntervalSince(reminder.due))
        guard reminder.kind.isSessionTransition else {
            if case .overload(let suggestions) = reminder.content { t.state.overloadOffers[reminder.id] = suggestions }
            StandaloneNotices.present(shown, late: late, tracked: true, &t)
            return
        }
        // A transition is the session's notification saying what to do now, replaced in place.
        guard let session = t.state.running(reminder.sessionID)?.session else {
            t.write(.remove([reminder.id]))  // its session is over: nothing to say
            return
        }
        let nextDue = t.state.nextDue(of: session.id, besides: reminder.id)
        let ends = SessionNotice.endsSession(shown, of: session, nextDue: nextDue)
        t.state.transition = EngineState.Transition(reminder: shown, endsSession: ends)
        t.state.inFlight[reminder.id] = ends
        showSessionNotice(of: session, nextDue: nextDue, audible: true, late: late, carrying: reminder.id, &t)
        if t.config.reminders.announce, t.context.canSpeak {
            // Seed 001's voice: speech-dispatcher reads the reminder out.
            t.effects.append(.launch(["spd-say", "--", shown.content.spoken(t.messages)], purpose: .voice))
        }
    }

    /// The server took a reminder: it leaves the durable agenda. The session it ended is finished then.
    static func delivered(_ id: ReminderID, _ t: inout Turn) {
        let endsSession = t.state.inFlight.removeValue(forKey: id) ?? false
        t.write(.remove([id]))
        if endsSession { reevaluate(&t) }
    }

    /// A session whose timeline has run out (or whose last set is done) is recorded as completed, and
    /// the milestones it reaches are celebrated.
    static func finishSessionIfDone(_ t: inout Turn) {
        guard let session = t.state.session?.session else { return }
        if let position = session.stepPosition(at: t.now), let progress = session.stepProgress, position.step < progress.steps.count {
            return  // a step waits for Done (or a paused run has more to come)
        }
        guard !t.state.agenda.hasReminders(of: session.id) else { return }
        if let progress = session.stepProgress { StepCommands.logTimedSteps(progress.index..<progress.steps.count, of: session, progress, &t) }
        // Its last reminder, too, was taken by the server. A timeline that ran out while the daemon was
        // away ended at its planned end, not now.
        t.write(.finish(session.id, at: session.intervalPlan == nil ? t.now : min(t.now, session.endsAt)))
        t.log(.info, "session finished", ["session": "\(session.id)", "kind": session.kind.rawValue])
        SmartRules.celebrateMilestones(of: session, &t)
        guard let progress = session.stepProgress else { return }
        // Timed sets and sets by reps of any workout of steps can set records; a strength workout's
        // exercises by reps are weighed for more, at the weights this session planned them with.
        SmartRules.celebrateRecords(of: session.id, &t)
        if case .strength(let exercises)? = t.config.workouts[progress.workoutName]?.kind {
            SmartRules.suggestOverload(after: session.id, exercises: progress.planned(exercises.filter { $0.seconds == nil }), &t)
        }
    }

    // MARK: The session's notification

    /// Shows or updates in place the notification of the running session; after the session, leaves
    /// its completion to expire or takes the notification away. A paused-workout reminder of a session
    /// that is no longer running goes too.
    static func refreshSessionNotice(_ t: inout Turn) {
        let session = t.state.session?.session
        t.close(.pausedWorkoutOutside(session?.id))
        guard let session else {
            // The completion stays with its session's notification until a new session starts.
            t.effects.append(.endSessionNotice(leavingCompletion: t.state.transition?.endsSession ?? false))
            return
        }
        if let transition = t.state.transition, transition.reminder.sessionID != session.id { t.state.transition = nil }
        showSessionNotice(of: session, nextDue: t.state.nextDue(of: session.id), audible: false, late: 0, carrying: nil, &t)
    }

    private static func showSessionNotice(
        of session: Session, nextDue: Date?, audible: Bool, late: TimeInterval, carrying reminder: ReminderID?, _ t: inout Turn
    ) {
        var notice = SessionNotice.make(
            session: session, transition: t.state.transition?.reminder, nextDue: nextDue, now: t.now, timeZone: t.timeZone,
            server: t.state.server, messages: t.messages, privateMode: t.config.reminders.privateMode)
        var audible = audible
        AttentionRules.sessionNotice(&notice, audible: &audible, t)
        t.effects.append(.showSession(
            notice, of: session.id, audible: audible, late: late, carries: reminder, resuming: t.state.session?.noticeID))
    }
}
