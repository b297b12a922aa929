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
    /// (k+1)(W+S) for k = 0…R−2, and "complete" at R(W+S) — the last rest's end is the completion. A
    /// session of steps (WorkoutTimeline's), as every workout is; these are the ends of its steps.
    public static func hiit(
        id: SessionID, plan: HIITPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let workout = WorkoutDefinition(
            name: "", title: title ?? messages("HIIT"), kind: .hiit(HIITPlan(rounds: plan.rounds, work: plan.work, rest: plan.rest)))
        return StepPlanner.start(id: id, workout: workout, steps: IntervalPlan.hiit(plan).steps, at: start)
    }

    /// Walk/run with run U, walk V, N repeats: "run done" at k(U+V)+U, "walk done" at (k+1)(U+V)
    /// for k < N−1, and "complete" at N(U+V): the ends of its steps.
    public static func walkRun(
        id: SessionID, plan: WalkRunPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let workout = WorkoutDefinition(name: "", title: title ?? messages("Walk/Run"), kind: .walkRun(plan))
        return StepPlanner.start(id: id, workout: workout, steps: IntervalPlan.walkRun(plan).steps, at: start)
    }
}
