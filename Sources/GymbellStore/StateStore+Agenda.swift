import FoundationEssentials
import GymbellCore

/// The agenda in the store: the pending reminders (removing a shown one is what makes "never twice"
/// hold across restarts) and the daily state.
extension StateStore {
    public func pendingReminders() throws(StoreError) -> [Reminder] {
        try read { db in try StoreRows.reminders(db) }.sorted(by: Reminder.dueOrder)
    }

    /// Adds or replaces one reminder.
    public func add(_ reminder: Reminder) throws(StoreError) {
        try write { db in try StoreRows.insert(reminder, db) }
    }

    /// Removes reminders (shown or dropped). Removing is what makes "never twice" hold across restarts.
    public func remove(_ ids: [ReminderID]) throws(StoreError) {
        guard !ids.isEmpty else { return }
        try write { db in
            for id in ids { try db.execute("DELETE FROM reminder WHERE id = ?", [id.rawValue]) }
        }
    }

    /// Removes every pending reminder of the given kinds; returns them.
    @discardableResult
    public func remove(kinds: Set<ReminderKind>) throws(StoreError) -> [Reminder] {
        try write { db in
            let names: [any StoreValue] = kinds.map(\.rawValue).sorted()
            let list = Array(repeating: "?", count: names.count).joined(separator: ", ")
            let matching = try StoreRows.reminders(db, where: "kind IN (\(list))", names)
            try db.execute("DELETE FROM reminder WHERE kind IN (\(list))", names)
            return matching
        }
    }

    public func dailyState() throws(StoreError) -> DailyState {
        try read { db in
            guard let row = try db.row("SELECT * FROM daily_state WHERE id = 1") else { return DailyState() }
            func day(_ column: String) -> LocalDay? { (row[column] as Int?).map(LocalDay.init(daysSinceEpoch:)) }
            return DailyState(
                lastHandled: StoreRows.date(row, "last_handled"), quietDay: day("quiet_day"), restAdviceDay: day("rest_advice_day"),
                streakWarnedDay: day("streak_warned_day"), weeklySummaryDay: day("weekly_summary_day"))
        }
    }

    public func save(_ state: DailyState) throws(StoreError) {
        try write(key: "daily_state") { db in
            let days = [state.quietDay, state.restAdviceDay, state.streakWarnedDay, state.weeklySummaryDay].map { $0?.daysSinceEpoch as any StoreValue }
            try db.execute(
                "INSERT OR REPLACE INTO daily_state (id, last_handled, quiet_day, rest_advice_day, streak_warned_day, weekly_summary_day) "
                    + "VALUES (1, ?, ?, ?, ?, ?)", [state.lastHandled?.timeIntervalSince1970 as any StoreValue] + days)
        }
    }
}
