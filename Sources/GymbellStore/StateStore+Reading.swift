import FoundationEssentials
import GymbellCore

/// What the store reads: the pending reminders, the running session and its notice, the daily state,
/// the history.
extension StateStore {
    public func pendingReminders() throws(StoreError) -> [Reminder] {
        try read { db in try StoreRows.reminders(db) }.sorted(by: Reminder.dueOrder)
    }

    public func activeSession() throws(StoreError) -> Session? {
        try read { db in
            try db.row("SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1").flatMap(StoreRows.session(from:))
        }
    }

    /// The server's id of the notification that shows `session` (nil: none known).
    public func noticeID(of session: SessionID) throws(StoreError) -> UInt32? {
        try read { db in
            try db.value("SELECT notice_id FROM session WHERE id = ?", [session.rawValue], as: Int64.self).map { UInt32(truncatingIfNeeded: $0) }
        }
    }

    public func dailyState() throws(StoreError) -> DailyState {
        try read { db in
            guard let row = try db.row("SELECT * FROM daily_state WHERE id = 1") else { return DailyState() }
            return DailyState(
                lastHandled: StoreRows.date(row, "last_handled"),
                quietDay: (row["quiet_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)),
                restAdviceDay: (row["rest_advice_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)),
                streakWarnedDay: (row["streak_warned_day"] as Int?).map(LocalDay.init(daysSinceEpoch:)))
        }
    }

    /// Sessions started at or after `since` (all of them when nil), oldest first: found by the index on
    /// `started_at`, in time linear in how many they are.
    public func history(since: Date? = nil) throws(StoreError) -> [HistoryEntry] {
        try read { db in try StoreRows.history(since: since, db) }
    }

    /// What the engine keeps of every session (`SessionMarks`): its start and whether it completed.
    public func sessionMarks() throws(StoreError) -> SessionMarks {
        try read { db in try StoreRows.sessionMarks(db) }
    }

    /// The running session's history entry and how many paused-workout reminders it has had.
    public func runningEntry() throws(StoreError) -> (entry: HistoryEntry, pauseReminders: Int)? {
        try read { db in
            guard let row = try db.row("SELECT * FROM session WHERE outcome = 'running' ORDER BY started_at DESC LIMIT 1"),
                let entry = StoreRows.historyEntry(from: row)
            else { return nil }
            return (entry, row["pause_reminders"] as Int? ?? 0)
        }
    }
}
