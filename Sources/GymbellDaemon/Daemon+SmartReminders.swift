import Foundation
import GymbellCore
import GymbellStore

/// Seed 002's rules on top of the agenda: quiet hours, private mode and voice on every reminder shown,
/// and the reminders the history gives (paused workout, rest-day advice, milestones).
extension Daemon {
    // MARK: Showing

    /// Shows `reminder` now, or, inside quiet hours, keeps it in the agenda until they end (session
    /// transitions are never held). Private mode and voice apply here, to every reminder.
    func deliver(_ reminder: Reminder, at now: Date, in timeZone: TimeZone) throws(StoreError) {
        if let quiet = config.quietHours, QuietHours.holds(reminder.kind), let window = quiet.window(containing: now, in: timeZone) {
            var held = reminder
            held.due = window.upperBound
            try store.add(held)  // the same id: it replaces the row that fell due
            logger.info("reminder held for quiet hours", metadata: ["id": "\(reminder.id)", "until": "\(ISO8601.format(held.due))"])
            return
        }
        let shown = config.reminders.privateMode ? PrivateMode.redacted(reminder, messages: messages) : reminder
        let late = max(0, now.timeIntervalSince(reminder.due))
        if reminder.kind.isSessionTransition {
            // A transition is the session's notification saying what to do now, replaced in place.
            guard let session = try store.activeSession(), session.id == reminder.sessionID else {
                try store.remove([reminder.id])  // its session is over: nothing to say
                return
            }
            let nextDue = try upcoming(of: session.id, besides: reminder.id)
            let ends = SessionNotice.endsSession(shown, of: session, nextDue: nextDue)
            currentTransition = (shown, ends)
            inFlight.insert(reminder.id)
            showSessionNotice(of: session, nextDue: nextDue, at: now, in: timeZone, audible: true, late: late) { [weak self] in
                self?.delivered(reminder.id, endsSession: ends)
            }
            if config.reminders.announce { speak(shown) }
        } else {
            inFlight.insert(reminder.id)
            presenter.present(shown, late: late) { [weak self] in self?.delivered(reminder.id, endsSession: false) }
        }
    }

    /// Seed 001's voice: speech-dispatcher reads the reminder out; without `spd-say` nothing happens.
    private func speak(_ reminder: Reminder) {
        guard environment.isInstalled("spd-say") else { return }
        do {
            try environment.launch(["spd-say", "--", Messages.spoken((reminder.title, reminder.body))])
        } catch {
            logger.debug("spd-say failed: \(error)")
        }
    }

    /// Reminders held until the end of the previous quiet hours wait for the new ones instead (or
    /// come now, when the new config has none or the present is not quiet).
    func rehold(heldBy previous: QuietHours?) {
        guard let previous else { return }
        let now = self.now
        let timeZone = environment.timeZone()
        do {
            for reminder in try store.pendingReminders() where QuietHours.holds(reminder.kind) && reminder.due > now {
                // Held ones are due exactly at the end of a window of the previous quiet hours.
                guard previous.window(containing: reminder.due.addingTimeInterval(-0.001), in: timeZone)?.upperBound == reminder.due
                else { continue }
                var moved = reminder
                moved.due = config.quietHours?.release(for: now, in: timeZone) ?? now
                try store.add(moved)
                logger.info("held reminder moved by the new quiet hours", metadata: ["id": "\(reminder.id)", "due": "\(ISO8601.format(moved.due))"])
            }
        } catch {
            logger.error("state database error: \(error)")
        }
    }

    /// Shows or updates in place the notification of the running session; after the session, leaves
    /// its completion to expire or takes the notification away. A paused-workout reminder of a session
    /// that is no longer running goes too.
    func refreshSessionNotice(at now: Date) {
        let session = try? store.activeSession()
        presenter.close { $0.kind == .pausedWorkout && $0.sessionID != session?.id }
        guard let session else {
            // The completion stays with its session's notification until a new session starts.
            presenter.endSession(leavingCompletion: currentTransition?.endsSession ?? false)
            return
        }
        if let transition = currentTransition, transition.reminder.sessionID != session.id { currentTransition = nil }
        let nextDue = try? upcoming(of: session.id)
        showSessionNotice(of: session, nextDue: nextDue ?? nil, at: now, in: environment.timeZone(), audible: false)
    }

    /// When the session's next reminder falls due: not one with the server, nor `besides`.
    private func upcoming(of session: SessionID, besides: ReminderID? = nil) throws(StoreError) -> Date? {
        try store.reminders(of: session).filter { $0.id != besides && !inFlight.contains($0.id) }.map(\.due).min()
    }

    private func showSessionNotice(
        of session: Session, nextDue: Date?, at now: Date, in timeZone: TimeZone, audible: Bool, late: TimeInterval = 0,
        accepted: Presenter.Delivered? = nil
    ) {
        let notice = SessionNotice.make(
            session: session, transition: currentTransition?.reminder, nextDue: nextDue, now: now, timeZone: timeZone,
            server: presenter.server, messages: messages, privateMode: config.reminders.privateMode)
        presenter.showSession(
            notice, of: session.id, audible: audible, late: late, accepted: accepted, resuming: noticeID(of: session.id))
    }

    /// The server's id of the session's notification from before a restart.
    private func noticeID(of session: SessionID) -> UInt32? {
        if let stored = storedNoticeID, stored.session == session { return stored.id }
        guard let id = try? store.noticeID(of: session) else { return nil }
        storedNoticeID = (session, id)
        return id
    }

    /// Kept with the session, so that a restarted daemon replaces that notification: a reminder the
    /// server took just before a crash is then said again in place, never shown twice.
    func sessionNotice(_ session: SessionID, isShownAs id: UInt32) {
        guard storedNoticeID?.session != session || storedNoticeID?.id != id else { return }
        storedNoticeID = (session, id)
        do {
            try store.setNoticeID(id, of: session)
        } catch {
            logger.error("state database error: \(error)")
        }
    }

    // MARK: Paused workout

    /// A strength workout without progress for `pause_after` gets "Paused workout", once more 24 h after
    /// its last progress, and is then recorded as abandoned. Returns when the rule next has work.
    /// (Interval sessions and rests run by themselves: they cannot pause.)
    func checkPausedWorkout(at now: Date, in timeZone: TimeZone) throws(StoreError) -> Date? {
        guard let (entry, sent) = try store.runningEntry(), entry.kind == .strength, let session = try store.activeSession(),
            session.id == entry.id
        else { return nil }
        let rule = PauseRule(settings: config.reminders)
        var step = rule.next(lastProgressAt: entry.lastProgressAt, alreadySent: sent, now: now)
        if step.abandonAt <= now {
            try store.abandon(session.id)
            presenter.close { $0.sessionID == session.id }
            logger.info("session abandoned", metadata: ["session": "\(session.id)", "last_progress": "\(ISO8601.format(entry.lastProgressAt))"])
            return nil
        }
        if let due = step.reminder, due.due <= now {
            presenter.close { $0.kind == .pausedWorkout }
            try deliver(rule.reminder(due, for: session, messages: messages), at: now, in: timeZone)
            try store.notePauseReminder(due.number, of: session.id)
            step = rule.next(lastProgressAt: entry.lastProgressAt, alreadySent: due.number, now: now)
        }
        return [step.reminder?.due, step.abandonAt].compactMap { $0 }.min()
    }

    /// Carries on with a paused workout: the pause counts afresh from now.
    public func resume() throws(CommandError) -> String {
        let now = self.now
        guard let session = try run({ () throws(StoreError) in try store.activeSession() }) else {
            throw .noSession("no workout is running; start one with `gymbell start`")
        }
        guard session.kind == .strength else {
            throw .noSession("\(session.title) runs by itself and cannot pause; only a strength workout waits for you")
        }
        try run { () throws(StoreError) in try store.recordProgress(session.id, at: now) }
        presenter.close { $0.kind == .pausedWorkout }
        reevaluate()
        let phase = session.phase(at: now, messages: messages)
        return "Resumed \(session.title): \(phase)"
    }

    // MARK: Rest-day advice

    /// "Good rest day! 🌙" after `rest_after_days` days of training in a row, on a day without a session
    /// yet, at `rest_advice_time`; once a day, late within `late_grace`. Returns the next advice's instant.
    func checkRestAdvice(at now: Date, state: inout DailyState, history: [HistoryEntry], in timeZone: TimeZone) throws(StoreError) -> Date? {
        let rule = RestAdviceRule(settings: config.reminders)
        let today = LocalDay(containing: now, in: timeZone)
        if state.restAdviceDay != today, let advice = rule.advice(on: today, history: history, now: now, in: timeZone), advice.due <= now {
            if now.timeIntervalSince(advice.due) <= config.reminders.lateGrace {
                try deliver(advice.reminder(messages: messages), at: now, in: timeZone)
            }
            state.restAdviceDay = today
        }
        guard let next = rule.next(after: now, history: history, in: timeZone), next.day != state.restAdviceDay else { return nil }
        return next.due
    }

    // MARK: What `upcoming` lists

    /// The next rest-day advice and paused-workout reminder as things stand, at the instant they would
    /// be shown (after quiet hours).
    func upcomingSmartReminders(after now: Date, history: [HistoryEntry], state: DailyState, in timeZone: TimeZone) -> [Reminder] {
        var list: [Reminder] = []
        if let advice = RestAdviceRule(settings: config.reminders).next(after: now, history: history, in: timeZone),
            advice.day != state.restAdviceDay
        {
            list.append(advice.reminder(messages: messages))
        }
        if let (entry, sent) = try? store.runningEntry(), entry.kind == .strength, let session = try? store.activeSession(),
            session.id == entry.id
        {
            let rule = PauseRule(settings: config.reminders)
            if let step = rule.next(lastProgressAt: entry.lastProgressAt, alreadySent: sent, now: now).reminder, step.due > now {
                list.append(rule.reminder(step, for: session, messages: messages))
            }
        }
        return list.map { reminder in
            var reminder = reminder
            reminder.due = config.quietHours?.release(for: reminder.due, in: timeZone) ?? reminder.due
            return reminder
        }
    }

    // MARK: Milestones

    /// One celebration right after a session completes, for every milestone it reaches.
    func celebrateMilestones(of session: SessionID, at now: Date, in timeZone: TimeZone) throws(StoreError) {
        guard config.reminders.milestones else { return }
        let reached = MilestoneRule.reached(
            byCompleting: session, history: try store.history(), program: config.program, now: now, timeZone: timeZone)
        guard let reminder = MilestoneRule.reminder(for: reached, session: session, at: now, messages: messages) else { return }
        logger.info("milestone reached", metadata: ["session": "\(session)", "milestones": "\(reached)"])
        try deliver(reminder, at: now, in: timeZone)
    }
}
