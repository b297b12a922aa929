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
    /// What a session beat, as its sets close (`ProgressSummary.closing(before:)`): kept in the
    /// database's records timeline (one per session and exercise: written again, it replaces itself),
    /// not in the engine, whose summary stays the size of the exercises whatever the years.
    case keepRecords([RecordCandidate])
    /// A logged set corrected (`corrected.id`: its row). The summary of the log cannot take a set
    /// back: the store sums the corrected log up in the same transaction (kept as the snapshot, with the records
    /// timeline made afresh) and the daemon reads that and adopts it (`Engine.adopt`).
    case correctSet(original: LoggedSet, corrected: LoggedSet)
    /// Plans an exercise's weight from the next workout on, over the config's (replaces its override).
    case setOverride(WeightOverride)
    /// The config's weights again for these exercises.
    case removeOverrides([String])
    /// The overload suggestion of these exercises was dismissed at the instant.
    case dismissOverload([String], at: Date)
    /// What became of a day's daily reminder (replaces that day's; days older than two years go).
    case keepOutcome(ReminderOutcome)
}

extension StoreChange {
    /// Whether the change is one a synced folder's journal carries to the other computers (issue 48):
    /// a session ended, a set corrected, a next-time weight.
    public var touchesJournal: Bool {
        switch self {
        case .start, .stop, .finish, .abandon, .correctSet, .setOverride: true
        default: false
        }
    }
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
            endRunning()
            let s = plan.session
            session = ActiveSession(session: s, workout: workout, lastProgressAt: s.startedAt)
            sessions.started(at: s.startedAt, kind: s.kind)
            plan.reminders.forEach { agenda.insert($0) }
        case .stop:
            endRunning()
        case .finish(let id, let now):
            guard let active = running(id) else { return }
            sessions.completed(startedAt: active.session.startedAt, kind: active.session.kind)
            if let rounds = active.session.rounds(at: now), rounds.amrap, let workout = active.workout {
                let best = RoundsBest(workout: workout, title: active.session.title, rounds: rounds.count, session: id, startedAt: active.session.startedAt)
                roundBests[workout] = roundBests[workout].map { $0.keeping(best) } ?? best
            }
            session = nil
        case .abandon(let id):
            guard running(id) != nil else { return }
            agenda.removeSession(id)
            session = nil
        case .replan(let plan, let progressAt):
            let id = plan.session.id
            agenda.removeSession(id)
            if session?.session.id == id { session?.session = plan.session }
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
        case .keepRecords:
            break  // the records timeline lives in the database only
        case .correctSet:
            break  // the summary is summed up again from the corrected log and adopted (see the case)
        case .setOverride(let override):
            overrides[override.exercise] = override
        case .removeOverrides(let exercises):
            for exercise in exercises { overrides[exercise] = nil }
        case .dismissOverload(let exercises, let instant):
            for exercise in exercises { overloadDismissed[exercise] = instant }
        case .keepOutcome(let outcome):
            outcomes.keep(outcome)
        }
    }

    /// Ends the running session (stopped: not completed, so its mark stays as it is) and cancels every
    /// session reminder.
    private mutating func endRunning() {
        agenda.removeSession(nil)
        session = nil
    }

    private mutating func recordProgress(_ id: SessionID, at instant: Date) {
        if session?.session.id == id {
            session?.lastProgressAt = instant
            session?.pauseReminders = 0
        }
        agenda.remove(agenda.of(session: id).filter { $0.kind == .pausedWorkout }.map(\.id))
    }
}
