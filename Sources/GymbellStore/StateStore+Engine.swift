import FoundationEssentials
import GymbellCore
import GymbellPlatform

/// The state database as the engine sees it: read whole at start-up, then changed one `StoreChange`
/// at a time (each one transaction, with the same result as `EngineState.apply`).
extension StateStore {
    /// The later part of a large agenda, offered at start-up to a thread that would otherwise wait
    /// (`load(helpedBy:)`).
    public typealias AgendaReadHelp = SharedWork<Result<PendingReminders.Builder, any Error>>

    public func load() throws(StoreError) -> StoredState { try load(helpedBy: nil) }

    /// Reads the whole state; `helper`: a thread waiting for the state may read the later part of a
    /// large agenda (`help()`); closed when this returns.
    /// `summaryElsewhere`: the set log's summary is read by another thread (`LogReader.summary()`);
    /// the state's `progress` is then empty.
    public func load(helpedBy helper: AgendaReadHelp?, summaryElsewhere: Bool = false) throws(StoreError) -> StoredState {
        defer { helper?.close() }
        var active: ActiveSession?
        if let session = try activeSession(), let (entry, pauses) = try runningEntry(), entry.id == session.id {
            active = ActiveSession(
                session: session, workout: entry.workout, lastProgressAt: entry.lastProgressAt, pauseReminders: pauses,
                noticeID: try noticeID(of: session.id))
        }
        // The rest of the state is read while a helper still reads the later half of a large agenda.
        var state = StoredState(session: active)
        var closed: [RecordCandidate] = []
        state.agenda = try AgendaReading.pendingAgenda(from: connection, helpedBy: helper) { () throws(StoreError) in
            state.sessions = try sessionMarks()
            state.roundBests = try read { db in try StoreRows.roundBests(db) }
            state.outcomes = try read { db in try StoredOutcomes.all(db) }
            state.daily = try dailyState()
            if !summaryElsewhere { (state.progress, closed) = try connection.read { db in try StoredProgress.summary(db) } }
            state.overrides = try progress.weightOverrides()
            state.overloadDismissed = try progress.overloadDismissals()
        }
        try progress.keep(closed)
        return state
    }

    public func apply(_ change: StoreChange) throws(StoreError) {
        switch change {
        case .add(let reminder): try add(reminder)
        case .remove(let ids): try remove(ids)
        case .removeKinds(let kinds): try remove(kinds: kinds)
        case .start(let plan, let workout): try start(plan, workout: workout)
        case .stop(let now): try stopSession(at: now)
        case .finish(let id, let now): try finish(id, at: now)
        case .abandon(let id): try abandon(id)
        case .replan(let plan, let progressAt): try replan(plan, progressAt: progressAt)
        case .recordProgress(let id, let instant): try recordProgress(id, at: instant)
        case .notePauseReminder(let number, let id): try notePauseReminder(number, of: id)
        case .saveDaily(let state): try save(state)
        case .setNoticeID(let noticeID, let id): try setNoticeID(noticeID, of: id)
        case .logSet(let set): try progress.log(set)
        case .keepRecords(let candidates): try progress.keep(candidates)
        case .correctSet(_, let corrected): try progress.correct(corrected)
        case .setOverride(let override): try progress.save(override)
        case .removeOverrides(let exercises): try progress.removeOverrides(exercises)
        case .dismissOverload(let exercises, let instant): try progress.dismissOverload(exercises, at: instant)
        case .keepOutcome(let outcome): try StoredOutcomes.keep(outcome, in: connection)
        }
    }
}
