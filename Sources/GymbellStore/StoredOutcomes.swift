import FoundationEssentials
import GymbellCore

/// What became of each day's daily reminder (issue 47), one row per local day: kept for
/// `ReminderOutcome.keptDays` days (two years), older rows go as a new day's is written. Read whole at
/// start-up (at most ~730 rows).
enum StoredOutcomes {
    static let schema = """
        CREATE TABLE IF NOT EXISTS "reminder_outcome" ("day" INTEGER PRIMARY KEY NOT NULL, "shown_at" DOUBLE NOT NULL, \
        "answer" TEXT NOT NULL, "snoozes" INTEGER NOT NULL DEFAULT 0, "held" INTEGER NOT NULL DEFAULT 0);
        """

    /// Every kept outcome, in day order. A row whose values are out of bounds (another program's, a
    /// hand-edited file) is read within them or passed over: it never stops the start-up.
    static func all(_ db: StoreDatabase) throws -> ReminderOutcomes {
        guard try db.value("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'reminder_outcome'", as: Int.self) != nil
        else { return ReminderOutcomes() }
        let rows = try db.rows("SELECT day, shown_at, answer, snoozes, held FROM reminder_outcome ORDER BY day")
        return ReminderOutcomes(rows.compactMap { row -> ReminderOutcome? in
            guard let shownAt = row["shown_at"] as Double?, RecordBounds.instants.contains(shownAt), let day = row["day"] as Int?,
                abs(day) <= Int(RecordBounds.instants.upperBound / 86_400)
            else { return nil }
            let answer = (row["answer"] as String?).flatMap(ReminderOutcome.Answer.init(rawValue:)) ?? .shown
            return ReminderOutcome(
                day: LocalDay(daysSinceEpoch: day), shownAt: Date(timeIntervalSince1970: shownAt), answer: answer,
                snoozes: row["snoozes"] as Int? ?? 0, held: (row["held"] as Int? ?? 0) != 0)
        })
    }

    /// Writes a day's outcome (replacing that day's) and drops those older than two years before it.
    static func keep(_ outcome: ReminderOutcome, in connection: StoreConnection) throws(StoreError) {
        try connection.write(key: "reminder_outcome \(outcome.day.daysSinceEpoch)") { db in
            try db.execute(
                "INSERT OR REPLACE INTO reminder_outcome (day, shown_at, answer, snoozes, held) VALUES (?, ?, ?, ?, ?)",
                [outcome.day.daysSinceEpoch, outcome.shownAt.timeIntervalSince1970, outcome.answer.rawValue, outcome.snoozes,
                 outcome.held ? 1 : 0])
            try db.execute(
                "DELETE FROM reminder_outcome WHERE day < ?", [ReminderOutcomes.oldestKept(for: outcome.day).daysSinceEpoch])
        }
    }
}
