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
    /// (k+1)(W+S) for k = 0…R−2, and "complete" at R(W+S) — the last rest's end is the completion.
    public static func hiit(
        id: SessionID, plan: HIITPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let title = title ?? messages("HIIT")
        let cycle = plan.work + plan.rest
        var timeline: [(TimeInterval, ReminderKind, ReminderContent)] = []
        for k in 0..<plan.rounds {
            let workEnd = Double(k) * cycle + plan.work
            let roundEnd = Double(k + 1) * cycle
            if k == plan.rounds - 1 {
                if plan.rest > 0 { timeline.append((workEnd, .hiitWorkDone, .hiitWorkDone)) }
                timeline.append((roundEnd, .hiitComplete, .hiitComplete))
            } else {
                timeline.append((workEnd, .hiitWorkDone, .hiitWorkDone))
                if plan.rest > 0 { timeline.append((roundEnd, .hiitRestOver, .hiitRestOver)) }
            }
        }
        return intervalPlan(
            id: id, kind: .hiit, detail: .hiit(plan), title: title, start: start, total: Double(plan.rounds) * cycle, timeline: timeline)
    }

    /// Walk/run with run U, walk V, N repeats: "run done" at k(U+V)+U, "walk done" at (k+1)(U+V)
    /// for k < N−1, and "complete" at N(U+V).
    public static func walkRun(
        id: SessionID, plan: WalkRunPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let title = title ?? messages("Walk/Run")
        let cycle = plan.run + plan.walk
        var timeline: [(TimeInterval, ReminderKind, ReminderContent)] = []
        for k in 0..<plan.repeats {
            timeline.append((Double(k) * cycle + plan.run, .runDone, .runDone))
            if k < plan.repeats - 1 {
                timeline.append((Double(k + 1) * cycle, .walkDone, .walkDone))
            } else {
                timeline.append((Double(k + 1) * cycle, .walkRunComplete, .walkRunComplete))
            }
        }
        return intervalPlan(
            id: id, kind: .walkrun, detail: .walkRun(plan), title: title, start: start, total: Double(plan.repeats) * cycle,
            timeline: timeline)
    }

    private static func intervalPlan(
        id: SessionID, kind: SessionKind, detail: SessionDetail, title: String, start: Date, total: TimeInterval,
        timeline: [(TimeInterval, ReminderKind, ReminderContent)]
    ) -> SessionPlan {
        let reminders = timeline.enumerated().map { index, entry in
            Reminder(
                id: ReminderID("\(id)-\(index + 1)"), kind: entry.1, due: start.addingTimeInterval(entry.0),
                content: entry.2, sessionID: id)
        }
        let session = Session(id: id, kind: kind, title: title, startedAt: start, endsAt: start.addingTimeInterval(total), detail: detail)
        return SessionPlan(session: session, reminders: reminders)
    }
}
