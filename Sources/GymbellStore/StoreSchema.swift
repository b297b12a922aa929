import Foundation
import GRDB
import GymbellCore

/// The state database's tables, and the migrations that bring a database of any earlier version up to
/// date (each runs once, in one transaction).
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("v1") { db in
            try db.create(table: "session") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("title", .text).notNull()
                t.column("started_at", .double).notNull()
                t.column("ends_at", .double).notNull()
                t.column("active", .boolean).notNull().defaults(to: true)
            }
            try db.create(table: "reminder") { t in
                t.primaryKey("id", .text)
                t.column("kind", .text).notNull()
                t.column("due", .double).notNull().indexed()
                t.column("title", .text).notNull()
                t.column("body", .text).notNull()
                t.column("session_id", .text).indexed()
            }
            try db.create(table: "daily_state") { t in
                t.primaryKey("id", .integer)
                t.column("last_handled", .double)
                t.column("quiet_day", .integer)
            }
        }
        migrator.registerMigration("v2 session detail") { db in
            // The plan (interval parameters) or progress (strength sets) of a session, as JSON.
            try db.alter(table: "session") { t in t.add(column: "detail", .text) }
        }
        migrator.registerMigration("v3 history") { db in
            // Every session stays as the training history: how it ended, sets done, its last progress.
            try db.alter(table: "session") { t in
                t.add(column: "workout", .text)
                t.add(column: "outcome", .text).notNull().defaults(to: "running")
                t.add(column: "ended_at", .double)
                t.add(column: "sets_done", .integer).notNull().defaults(to: 0)
                t.add(column: "last_progress_at", .double)
                t.add(column: "pause_reminders", .integer).notNull().defaults(to: 0)
            }
            // Sessions from before: the inactive ones ended at their planned end.
            try db.execute(sql: """
                UPDATE session SET outcome = CASE WHEN active THEN 'running' ELSE 'completed' END,
                    ended_at = CASE WHEN active THEN NULL ELSE ends_at END, last_progress_at = started_at
                """)
            try db.alter(table: "session") { t in t.drop(column: "active") }
            try db.create(index: "session_started_at", on: "session", columns: ["started_at"])
            try db.create(index: "session_outcome", on: "session", columns: ["outcome"])
            try db.alter(table: "daily_state") { t in t.add(column: "rest_advice_day", .integer) }
            // Starting a workout removes pending reminders by kind (snoozes, held daily reminders):
            // with the index that costs the same with 10 000 reminders pending as with none.
            try db.create(index: "reminder_kind", on: "reminder", columns: ["kind"])
        }
        migrator.registerMigration("v4 notice id") { db in
            // The notification server's id of the session's notification: a restarted daemon replaces
            // that notification instead of showing a reminder a second time.
            try db.alter(table: "session") { t in t.add(column: "notice_id", .integer) }
        }
        migrator.registerMigration("v5 reminder content") { db in
            // What a reminder says as its kind of message and values (JSON), rendered when shown. Rows
            // from before keep their text, but kinds that carry no values are rendered afresh too.
            try db.alter(table: "reminder") { t in t.add(column: "content", .text) }
            for kind in ReminderKind.allCases {
                guard let content = ReminderContent.withoutValues(kind) else { continue }
                try db.execute(
                    sql: "UPDATE reminder SET content = ? WHERE kind = ?", arguments: [StoreRows.encode(content), kind.rawValue])
            }
        }
        migrator.registerMigration("v6 paused timeline") { db in
            // An interval session's timeline can pause (since paused_at) and move (by shift seconds:
            // later by pauses, earlier by skipped phases); a restart keeps both.
            try db.alter(table: "session") { t in
                t.add(column: "paused_at", .double)
                t.add(column: "shift", .double).notNull().defaults(to: 0)
            }
        }
        return migrator
    }
}
