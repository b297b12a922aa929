import FoundationEssentials

/// Decides which due reminders are still worth showing (DESIGN.md §3 "Late reminders").
public struct LatePolicy: Sendable {
    /// How late a daily or snoozed reminder may still be shown.
    public var dailyGrace: TimeInterval
    /// A session transition later than this is stale: the workout has moved on without it.
    public var sessionStaleAfter: TimeInterval

    public init(dailyGrace: TimeInterval, sessionStaleAfter: TimeInterval = 15 * 60) {
        self.dailyGrace = dailyGrace
        self.sessionStaleAfter = sessionStaleAfter
    }

    /// Splits the reminders due at `now` into those to show and those to drop.
    /// Overdue transitions of one session collapse into the latest, the one that is current now.
    public func partition(due reminders: [Reminder], at now: Date) -> (show: [Reminder], drop: [Reminder]) {
        var show: [Reminder] = []
        var drop: [Reminder] = []
        var latestOfSession: [SessionID: Reminder] = [:]
        for reminder in reminders.sorted(by: { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) }) {
            if let session = reminder.sessionID, reminder.kind.isSessionTransition {
                if let previous = latestOfSession[session] { drop.append(previous) }
                latestOfSession[session] = reminder
            } else if now.timeIntervalSince(reminder.due) <= dailyGrace {
                show.append(reminder)
            } else {
                drop.append(reminder)
            }
        }
        for reminder in latestOfSession.values.sorted(by: { $0.due < $1.due }) {
            if now.timeIntervalSince(reminder.due) <= sessionStaleAfter { show.append(reminder) } else { drop.append(reminder) }
        }
        return (show.sorted { $0.due < $1.due }, drop)
    }
}
