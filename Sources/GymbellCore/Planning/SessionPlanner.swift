import Foundation

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
        id: SessionID, seconds: TimeInterval, startingAt start: Date, warnBefore: TimeInterval = 0, next: String? = nil,
        messages: Messages = .english
    ) -> SessionPlan {
        let end = start.addingTimeInterval(seconds)
        let session = Session(id: id, kind: .rest, title: messages("Rest"), startedAt: start, endsAt: end, detail: .rest)
        var reminders: [Reminder] = []
        if warnBefore > 0, warnBefore < seconds {
            let text = messages.restWarning(secondsLeft: Int(warnBefore.rounded()))
            reminders.append(Reminder(
                id: ReminderID("\(id)-warn"), kind: .restWarning, due: end.addingTimeInterval(-warnBefore),
                title: text.title, body: text.body, sessionID: id))
        }
        let text = messages.restOver(next: next)
        reminders.append(Reminder(id: ReminderID("\(id)-over"), kind: .restOver, due: end, title: text.title, body: text.body, sessionID: id))
        return SessionPlan(session: session, reminders: reminders)
    }

    /// HIIT with R rounds of work W and rest S: "work done" at k(W+S)+W for k = 0…R−1, "rest over" at
    /// (k+1)(W+S) for k = 0…R−2, and "complete" at R(W+S) — the last rest's end is the completion.
    public static func hiit(
        id: SessionID, plan: HIITPlan, title: String? = nil, startingAt start: Date, messages: Messages = .english
    ) -> SessionPlan {
        let title = title ?? messages("HIIT")
        let cycle = plan.work + plan.rest
        var timeline: [(TimeInterval, ReminderKind, (title: String, body: String))] = []
        for k in 0..<plan.rounds {
            let workEnd = Double(k) * cycle + plan.work
            let roundEnd = Double(k + 1) * cycle
            if k == plan.rounds - 1 {
                if plan.rest > 0 { timeline.append((workEnd, .hiitWorkDone, messages.hiitWorkDone)) }
                timeline.append((roundEnd, .hiitComplete, messages.hiitComplete))
            } else {
                timeline.append((workEnd, .hiitWorkDone, messages.hiitWorkDone))
                if plan.rest > 0 { timeline.append((roundEnd, .hiitRestOver, messages.hiitRestOver)) }
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
        var timeline: [(TimeInterval, ReminderKind, (title: String, body: String))] = []
        for k in 0..<plan.repeats {
            timeline.append((Double(k) * cycle + plan.run, .runDone, messages.runDone))
            if k < plan.repeats - 1 {
                timeline.append((Double(k + 1) * cycle, .walkDone, messages.walkDone))
            } else {
                timeline.append((Double(k + 1) * cycle, .walkRunComplete, messages.walkRunComplete))
            }
        }
        return intervalPlan(
            id: id, kind: .walkrun, detail: .walkRun(plan), title: title, start: start, total: Double(plan.repeats) * cycle,
            timeline: timeline)
    }

    private static func intervalPlan(
        id: SessionID, kind: SessionKind, detail: SessionDetail, title: String, start: Date, total: TimeInterval,
        timeline: [(TimeInterval, ReminderKind, (title: String, body: String))]
    ) -> SessionPlan {
        let reminders = timeline.enumerated().map { index, entry in
            Reminder(
                id: ReminderID("\(id)-\(index + 1)"), kind: entry.1, due: start.addingTimeInterval(entry.0),
                title: entry.2.title, body: entry.2.body, sessionID: id)
        }
        let session = Session(id: id, kind: kind, title: title, startedAt: start, endsAt: start.addingTimeInterval(total), detail: detail)
        return SessionPlan(session: session, reminders: reminders)
    }
}
