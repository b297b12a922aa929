import FoundationEssentials

/// One change to the durable state, as the engine decides it. The engine applies it to its own state
/// (`EngineState.apply`) and hands it to the daemon, which writes it to the database in one
/// transaction (`StateStore.apply`): both sides give the same result.
public enum StoreChange: Equatable, Sendable {
    /// Adds a reminder, or replaces the one with its id.
    case add(Reminder)
    /// Removes reminders (shown or dropped): removing is what makes "never twice" hold across restarts.
    case remove([ReminderID])
    /// Removes every pending reminder of these kinds.
    case removeKinds(Set<ReminderKind>)
    /// Makes the plan's session the running one (`workout`: its `[workouts]` name); the previous one is
    /// recorded as stopped and its reminders are cancelled.
    case start(SessionPlan, workout: String?)
    /// Ends the running session as stopped at the instant, cancelling its reminders.
    case stop(at: Date)
    /// Ends a running session as completed at the instant.
    case finish(SessionID, at: Date)
    /// Ends a running session as abandoned (it ended with its last progress), cancelling its reminders.
    case abandon(SessionID)
    /// Replaces a session's reminders, end, detail and timeline (paused, shifted); with `progressAt` it
    /// showed life then.
    case replan(SessionPlan, progressAt: Date?)
    /// The session showed life (resumed): the pause counts afresh, its paused-workout reminders go.
    case recordProgress(SessionID, at: Date)
    /// How many paused-workout reminders the session has had since its last progress.
    case notePauseReminder(Int, of: SessionID)
    case saveDaily(DailyState)
    /// The server's id of the session's notification.
    case setNoticeID(UInt32, of: SessionID)
    /// A set of a strength workout, as it was done.
    case logSet(LoggedSet)
    /// A logged set corrected (`corrected.id`: its row). The summary of the log cannot take a set
    /// back: the store drops its kept snapshot and the daemon sums the log up again (`Engine.adopt`).
    case correctSet(original: LoggedSet, corrected: LoggedSet)
    /// Plans an exercise's weight from the next workout on, over the config's (replaces its override).
    case setOverride(WeightOverride)
    /// The config's weights again for these exercises.
    case removeOverrides([String])
    /// The overload suggestion of these exercises was dismissed at the instant.
    case dismissOverload([String], at: Date)
}

extension EngineState {
    /// The change as the database makes it, on the state in memory.
    public mutating func apply(_ change: StoreChange) {
        switch change {
        case .add(let reminder):
            agenda.insert(reminder)
        case .remove(let ids):
            let gone = Set(ids)
            agenda.remove(gone)
        case .removeKinds(let kinds):
            agenda.removeKinds(kinds)
        case .start(let plan, let workout):
            endRunning(as: .stopped, at: plan.session.startedAt)
            let s = plan.session
            session = ActiveSession(session: s, workout: workout, lastProgressAt: s.startedAt)
            history.removeAll { $0.id == s.id }
            history.append(HistoryEntry(
                id: s.id, workout: workout, title: s.title, kind: s.kind, startedAt: s.startedAt, endedAt: nil, outcome: .running,
                setsDone: s.setsDone(at: s.startedAt), lastProgressAt: s.startedAt))
            history.sort { ($0.startedAt, $0.id.rawValue) < ($1.startedAt, $1.id.rawValue) }
            plan.reminders.forEach { agenda.insert($0) }
        case .stop(let now):
            endRunning(as: .stopped, at: now)
        case .finish(let id, let now):
            guard let active = running(id) else { return }
            updateEntry(id) {
                $0.outcome = .completed
                $0.endedAt = now
                $0.setsDone = active.session.setsDone(at: now)
            }
            session = nil
        case .abandon(let id):
            guard let active = running(id) else { return }
            agenda.removeSession(id)
            updateEntry(id) {
                $0.outcome = .abandoned
                $0.endedAt = active.lastProgressAt
            }
            session = nil
        case .replan(let plan, let progressAt):
            let id = plan.session.id
            agenda.removeSession(id)
            if session?.session.id == id { session?.session = plan.session }
            updateEntry(id) {
                $0.title = plan.session.title
                $0.setsDone = plan.session.setsDone(at: plan.session.startedAt)
            }
            if let progressAt { recordProgress(id, at: progressAt) }
            plan.reminders.forEach { agenda.insert($0) }
        case .recordProgress(let id, let instant):
            recordProgress(id, at: instant)
        case .notePauseReminder(let number, let id):
            if session?.session.id == id { session?.pauseReminders = number }
        case .saveDaily(let state):
            daily = state
        case .setNoticeID(let noticeID, let id):
            if session?.session.id == id { session?.noticeID = noticeID }
        case .logSet(let set):
            progress.add(set)
        case .correctSet:
            break  // the summary is summed up again from the corrected log and adopted (see the case)
        case .setOverride(let override):
            overrides[override.exercise] = override
        case .removeOverrides(let exercises):
            for exercise in exercises { overrides[exercise] = nil }
        case .dismissOverload(let exercises, let instant):
            for exercise in exercises { overloadDismissed[exercise] = instant }
        }
    }

    private mutating func endRunning(as outcome: HistoryEntry.Outcome, at now: Date) {
        agenda.removeSession(nil)
        guard let active = session else { return }
        updateEntry(active.session.id) {
            $0.outcome = outcome
            $0.endedAt = now
            $0.setsDone = active.session.setsDone(at: now)
        }
        session = nil
    }

    private mutating func recordProgress(_ id: SessionID, at instant: Date) {
        if session?.session.id == id {
            session?.lastProgressAt = instant
            session?.pauseReminders = 0
        }
        updateEntry(id) { $0.lastProgressAt = instant }
        agenda.remove(agenda.of(session: id).filter { $0.kind == .pausedWorkout }.map(\.id))
    }

    private mutating func updateEntry(_ id: SessionID, _ change: (inout HistoryEntry) -> Void) {
        if let index = history.lastIndex(where: { $0.id == id }) { change(&history[index]) }
    }
}
