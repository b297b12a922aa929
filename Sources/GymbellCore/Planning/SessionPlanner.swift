import FoundationEssentials

/// A session and every reminder it will give, planned whole at its start (DESIGN.md §3).
public struct SessionPlan: Hashable, Sendable {
    public let session: Session
    public let reminders: [Reminder]

    public init(session: Session, reminders: [Reminder]) {
        self.session = session
        self.reminders = reminders
    }
}

/// Plans rest timers and interval sessions from a start instant. Pure: the caller supplies ids and `now`.
public enum SessionPlanner {
    /// A rest timer of `seconds` starting at `start`: "Rest over ⏰" at its end, and a warning
    /// `warnBefore` seconds earlier when that is set and shorter than the rest.
    public static func rest(
        id: SessionID, seconds: TimeInterval, startingAt start: Date, warnBefore: TimeInterval = 0, next: NextSet? = nil,
        messages: Messages = .english
    ) -> SessionPlan {
        let end = start.addingTimeInterval(seconds)
        let session = Session(id: id, kind: .rest, title: messages("Rest"), startedAt: start, endsAt: end, detail: .rest)
        var reminders: [Reminder] = []
        if warnBefore > 0, warnBefore < seconds {
            reminders.append(Reminder(
                id: ReminderID("\(id)-warn"), kind: .restWarning, due: end.addingTimeInterval(-warnBefore),
                content: .restWarning(secondsLeft: Int(warnBefore.rounded())), sessionID: id))
        }
        reminders.append(Reminder(id: ReminderID("\(id)-over"), kind: .restOver, due: end, content: .restOver(next: next), sessionID: id))
        return SessionPlan(session: session, reminders: reminders)
    }

    /// HIIT with R rounds of work W and rest S: "work done" at k(W+S)+W for k = 0…R−1, "rest over" at
    /// (k+1)(W+S) for k = 0…R−2, and "complete" at R(W+S) — the last rest's end is the completion. The
    /// instants are the ends of its steps (WorkoutTimeline), as for every workout.
    public static func hiit(
        id: SessionID, plan: HIITPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let steps = WorkoutTimeline.hiit(HIITPlan(rounds: plan.rounds, work: plan.work, rest: plan.rest))
        return intervalPlan(
            id: id, kind: .hiit, detail: .hiit(plan), title: title ?? messages("HIIT"), start: start,
            timeline: said(steps, work: (.hiitWorkDone, .hiitWorkDone), rest: (.hiitRestOver, .hiitRestOver), last: (.hiitComplete, .hiitComplete)))
    }

    /// Walk/run with run U, walk V, N repeats: "run done" at k(U+V)+U, "walk done" at (k+1)(U+V)
    /// for k < N−1, and "complete" at N(U+V): the ends of its steps.
    public static func walkRun(
        id: SessionID, plan: WalkRunPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let steps = WorkoutTimeline.walkRun(plan)
        return intervalPlan(
            id: id, kind: .walkrun, detail: .walkRun(plan), title: title ?? messages("Walk/Run"), start: start,
            timeline: said(steps, work: (.runDone, .runDone), rest: (.walkDone, .walkDone), last: (.walkRunComplete, .walkRunComplete)))
    }

    /// What HIIT and walk/run say at the end of each step (they name no exercise): the end of a work
    /// step, of a rest, and of the last step.
    private static func said(
        _ steps: [WorkoutStep], work: (ReminderKind, ReminderContent), rest: (ReminderKind, ReminderContent),
        last: (ReminderKind, ReminderContent)
    ) -> [(TimeInterval, ReminderKind, ReminderContent)] {
        var offset: TimeInterval = 0
        return steps.enumerated().map { index, step in
            offset += step.seconds ?? 0
            let said = index == steps.count - 1 ? last : step.role == .rest ? rest : work
            return (offset, said.0, said.1)
        }
    }

    private static func intervalPlan(
        id: SessionID, kind: SessionKind, detail: SessionDetail, title: String, start: Date,
        timeline: [(TimeInterval, ReminderKind, ReminderContent)]
    ) -> SessionPlan {
        let total = timeline.last?.0 ?? 0
        let reminders = timeline.enumerated().map { index, entry in
            Reminder(
                id: ReminderID("\(id)-\(index + 1)"), kind: entry.1, due: start.addingTimeInterval(entry.0),
                content: entry.2, sessionID: id)
        }
        let session = Session(id: id, kind: kind, title: title, startedAt: start, endsAt: start.addingTimeInterval(total), detail: detail)
        return SessionPlan(session: session, reminders: reminders)
    }
}
