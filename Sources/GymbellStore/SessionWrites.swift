import FoundationEssentials
import GymbellCore

/// How a session's life is written: started, replanned, showing life, finished, abandoned, stopped.
/// Each runs inside the caller's transaction.
enum SessionWrites {
    /// Makes `plan` the running session; the previous one is recorded as stopped and its reminders
    /// are cancelled (returned). A plain INSERT: a session already in the history is never replaced
    /// (`StateStore.start` refuses a used or empty id before this runs).
    static func start(_ plan: SessionPlan, workout: String?, _ db: StoreDatabase) throws -> [Reminder] {
        let s = plan.session
        let cancelled = try cancelRunning(as: .stopped, at: s.startedAt, db)
        try db.execute(
            """
            INSERT INTO session
                (id, kind, title, started_at, ends_at, detail, workout, outcome, last_progress_at, paused_at, shift)
            VALUES (?, ?, ?, ?, ?, ?, ?, 'running', ?, ?, ?)
            """,
            [
                s.id.rawValue, s.kind.rawValue, s.title, s.startedAt.timeIntervalSince1970, s.endsAt.timeIntervalSince1970,
                StoreRows.encode(s.detail), workout, s.startedAt.timeIntervalSince1970, s.pausedAt?.timeIntervalSince1970, s.shift,
            ])
        for reminder in plan.reminders { try StoreRows.insert(reminder, db) }
        return cancelled
    }

    static func finish(_ session: SessionID, at now: Date, _ db: StoreDatabase) throws {
        guard let row = try db.row("SELECT * FROM session WHERE id = ? AND outcome = 'running'", [session.rawValue]),
            let running = StoreRows.session(from: row)
        else { return }
        let rounds = running.rounds(at: now)
        try db.execute(
            "UPDATE session SET outcome = 'completed', ended_at = ?, sets_done = ?, rounds = ?, amrap = ? WHERE id = ?",
            [now.timeIntervalSince1970, running.setsDone(at: now), rounds?.count, rounds?.amrap == true ? 1 : 0, session.rawValue])
    }

    static func abandon(_ session: SessionID, _ db: StoreDatabase) throws -> [Reminder] {
        let cancelled = try StoreRows.reminders(db, where: "session_id = ?", [session.rawValue]).sorted(by: Reminder.dueOrder)
        try db.execute("DELETE FROM reminder WHERE session_id = ?", [session.rawValue])
        try db.execute(
            "UPDATE session SET outcome = 'abandoned', ended_at = last_progress_at WHERE id = ? AND outcome = 'running'",
            [session.rawValue])
        return cancelled
    }

    static func replan(_ plan: SessionPlan, progressAt: Date?, _ db: StoreDatabase) throws {
        try db.execute("DELETE FROM reminder WHERE session_id = ?", [plan.session.id.rawValue])
        let rounds = plan.session.rounds(at: plan.session.startedAt)
        try db.execute(
            "UPDATE session SET ends_at = ?, title = ?, detail = ?, sets_done = ?, paused_at = ?, shift = ?, rounds = ?, amrap = ? WHERE id = ?",
            [
                plan.session.endsAt.timeIntervalSince1970, plan.session.title, StoreRows.encode(plan.session.detail),
                plan.session.setsDone(at: plan.session.startedAt), plan.session.pausedAt?.timeIntervalSince1970,
                plan.session.shift, rounds?.count, rounds?.amrap == true ? 1 : 0, plan.session.id.rawValue,
            ])
        if let progressAt { try recordProgress(plan.session.id, at: progressAt, db) }
        for reminder in plan.reminders { try StoreRows.insert(reminder, db) }
    }

    static func recordProgress(_ session: SessionID, at instant: Date, _ db: StoreDatabase) throws {
        try db.execute(
            "UPDATE session SET last_progress_at = ?, pause_reminders = 0 WHERE id = ?",
            [instant.timeIntervalSince1970, session.rawValue])
        try db.execute("DELETE FROM reminder WHERE session_id = ? AND kind = ?", [session.rawValue, ReminderKind.pausedWorkout.rawValue])
    }

    /// Ends the running session(s) with `outcome` at `now` and cancels every session reminder (returned).
    static func cancelRunning(as outcome: HistoryEntry.Outcome, at now: Date, _ db: StoreDatabase) throws -> [Reminder] {
        // Sorted here: ORDER BY due would make SQLite walk the due index over every pending reminder.
        let cancelled = try StoreRows.reminders(db, where: "session_id IS NOT NULL", index: StoreSchema.reminderSessionIndex)
            .sorted(by: Reminder.dueOrder)
        try db.execute("DELETE FROM reminder WHERE session_id IS NOT NULL")
        for row in try db.rows("SELECT * FROM session WHERE outcome = 'running'") {
            let session = StoreRows.session(from: row)
            let rounds = session?.rounds(at: now)
            try db.execute(
                "UPDATE session SET outcome = ?, ended_at = ?, sets_done = ?, rounds = ?, amrap = ? WHERE id = ?",
                [outcome.rawValue, now.timeIntervalSince1970, session?.setsDone(at: now) ?? 0, rounds?.count,
                 rounds?.amrap == true ? 1 : 0, row["id"] as String?])
        }
        return cancelled
    }
}
