import Foundation
@testable import GymbellCore

/// The history as the state database keeps it, from the engine's writes: what `gymbell history` would
/// list (the engine keeps only `SessionMarks` of it, issue 33). A test's model of `StateStore`'s
/// session rows, so that engine tests can read the history back.
struct HistoryMirror {
    private(set) var entries: [HistoryEntry]
    private var running: ActiveSession?

    init(_ entries: [HistoryEntry] = [], running: ActiveSession? = nil) {
        self.entries = entries
        self.running = running
    }

    mutating func apply(_ change: StoreChange) {
        switch change {
        case .start(let plan, let workout):
            end(as: .stopped, at: plan.session.startedAt)
            let s = plan.session
            running = ActiveSession(session: s, workout: workout, lastProgressAt: s.startedAt)
            entries.removeAll { $0.id == s.id }
            entries.append(HistoryEntry(
                id: s.id, workout: workout, title: s.title, kind: s.kind, startedAt: s.startedAt, endedAt: nil, outcome: .running,
                setsDone: s.setsDone(at: s.startedAt), lastProgressAt: s.startedAt))
            entries.sort { ($0.startedAt, $0.id.rawValue) < ($1.startedAt, $1.id.rawValue) }
        case .stop(let now):
            end(as: .stopped, at: now)
        case .finish(let id, let now):
            guard let active = running, active.session.id == id else { return }
            update(id) {
                $0.outcome = .completed
                $0.endedAt = now
                $0.setsDone = active.session.setsDone(at: now)
                $0.rounds = active.session.rounds(at: now)?.count
                $0.amrap = active.session.rounds(at: now)?.amrap ?? false
            }
            running = nil
        case .abandon(let id):
            guard running?.session.id == id else { return }
            update(id) { $0 = $0.abandoned() }
            running = nil
        case .replan(let plan, let progressAt):
            let id = plan.session.id
            if running?.session.id == id { running?.session = plan.session }
            update(id) {
                $0.title = plan.session.title
                $0.setsDone = plan.session.setsDone(at: plan.session.startedAt)
            }
            if let progressAt { update(id) { $0.lastProgressAt = progressAt } }
        case .recordProgress(let id, let instant):
            update(id) { $0.lastProgressAt = instant }
        default:
            break
        }
    }

    private mutating func end(as outcome: HistoryEntry.Outcome, at now: Date) {
        guard let active = running else { return }
        update(active.session.id) {
            $0.outcome = outcome
            $0.endedAt = now
            $0.setsDone = active.session.setsDone(at: now)
            $0.rounds = active.session.rounds(at: now)?.count
            $0.amrap = active.session.rounds(at: now)?.amrap ?? false
        }
        running = nil
    }

    private mutating func update(_ id: SessionID, _ change: (inout HistoryEntry) -> Void) {
        if let index = entries.lastIndex(where: { $0.id == id }) { change(&entries[index]) }
    }
}

extension StoredState {
    /// A stored state with this history (the engine gets its marks).
    init(
        agenda: PendingReminders = PendingReminders(), session: ActiveSession? = nil, history: [HistoryEntry],
        daily: DailyState = DailyState(), progress: ProgressSummary = ProgressSummary()
    ) {
        self.init(
            agenda: agenda, session: session, sessions: SessionMarks(entries: history), daily: daily, progress: progress,
            roundBests: RoundsBest.bests(history))
    }
}
