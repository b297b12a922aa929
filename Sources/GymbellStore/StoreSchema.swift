import FoundationEssentials
import GymbellCore

/// The state database's tables, and the migrations that bring a database of any earlier version up to
/// date. The schema version is `PRAGMA user_version`. Databases written before it was (by GRDB's
/// DatabaseMigrator, up to 0.x) list their applied migrations in `grdb_migrations` instead and have a
/// user_version of 0 or 1 (that build wrote 1 to test that the file can be written): their version is
/// read from that table, which is left in place.
enum StoreSchema {
    struct Migration: Sendable {
        let version: Int
        /// The name GRDB's DatabaseMigrator recorded it under in `grdb_migrations`.
        let identifier: String
        let migrate: @Sendable (StoreDatabase) throws -> Void
    }

    /// The index of reminders by session (v1), which queries for every session's reminders name.
    static let reminderSessionIndex = "reminder_on_session_id"

    /// The SQL is what GRDB generated for these steps, so that a database made now has the very
    /// schema of one made then (the schema's text is kept by SQLite: one line per statement).
    static let migrations: [Migration] = [
        Migration(version: 1, identifier: "v1") { db in
            try db.executeScript("""
                CREATE TABLE "session" ("id" TEXT PRIMARY KEY NOT NULL, "kind" TEXT NOT NULL, "title" TEXT NOT NULL, \
                "started_at" DOUBLE NOT NULL, "ends_at" DOUBLE NOT NULL, "active" BOOLEAN NOT NULL DEFAULT 1);
                CREATE TABLE "reminder" ("id" TEXT PRIMARY KEY NOT NULL, "kind" TEXT NOT NULL, "due" DOUBLE NOT NULL, \
                "title" TEXT NOT NULL, "body" TEXT NOT NULL, "session_id" TEXT);
                CREATE INDEX "reminder_on_due" ON "reminder"("due");
                CREATE INDEX "reminder_on_session_id" ON "reminder"("session_id");
                CREATE TABLE "daily_state" ("id" INTEGER PRIMARY KEY, "last_handled" DOUBLE, "quiet_day" INTEGER);
                """)
        },
        Migration(version: 2, identifier: "v2 session detail") { db in
            // The plan (interval parameters) or progress (strength sets) of a session, as JSON.
            try db.executeScript(#"ALTER TABLE "session" ADD COLUMN "detail" TEXT"#)
        },
        Migration(version: 3, identifier: "v3 history") { db in
            // Every session stays as the training history: how it ended, sets done, its last progress.
            try db.executeScript("""
                ALTER TABLE "session" ADD COLUMN "workout" TEXT;
                ALTER TABLE "session" ADD COLUMN "outcome" TEXT NOT NULL DEFAULT 'running';
                ALTER TABLE "session" ADD COLUMN "ended_at" DOUBLE;
                ALTER TABLE "session" ADD COLUMN "sets_done" INTEGER NOT NULL DEFAULT 0;
                ALTER TABLE "session" ADD COLUMN "last_progress_at" DOUBLE;
                ALTER TABLE "session" ADD COLUMN "pause_reminders" INTEGER NOT NULL DEFAULT 0;
                """)
            // Sessions from before: the inactive ones ended at their planned end.
            try db.executeScript("""
                UPDATE session SET outcome = CASE WHEN active THEN 'running' ELSE 'completed' END,
                    ended_at = CASE WHEN active THEN NULL ELSE ends_at END, last_progress_at = started_at
                """)
            try db.executeScript("""
                ALTER TABLE "session" DROP COLUMN "active";
                CREATE INDEX "session_started_at" ON "session"("started_at");
                CREATE INDEX "session_outcome" ON "session"("outcome");
                ALTER TABLE "daily_state" ADD COLUMN "rest_advice_day" INTEGER;
                """)
            // Starting a workout removes pending reminders by kind (snoozes, held daily reminders):
            // with the index that costs the same with 10 000 reminders pending as with none.
            try db.executeScript(#"CREATE INDEX "reminder_kind" ON "reminder"("kind")"#)
        },
        Migration(version: 4, identifier: "v4 notice id") { db in
            // The notification server's id of the session's notification: a restarted daemon replaces
            // that notification instead of showing a reminder a second time.
            try db.executeScript(#"ALTER TABLE "session" ADD COLUMN "notice_id" INTEGER"#)
        },
        Migration(version: 5, identifier: "v5 reminder content") { db in
            // What a reminder says as its kind of message and values (JSON), rendered when shown. Rows
            // from before keep their text, but kinds that carry no values are rendered afresh too.
            try db.executeScript(#"ALTER TABLE "reminder" ADD COLUMN "content" TEXT"#)
            for kind in ReminderKind.allCases {
                guard let content = ReminderContent.withoutValues(kind) else { continue }
                try db.execute("UPDATE reminder SET content = ? WHERE kind = ?", [StoreRows.encode(content), kind.rawValue])
            }
        },
        Migration(version: 6, identifier: "v6 paused timeline") { db in
            // An interval session's timeline can pause (since paused_at) and move (by shift seconds:
            // later by pauses, earlier by skipped phases); a restart keeps both.
            try db.executeScript("""
                ALTER TABLE "session" ADD COLUMN "paused_at" DOUBLE;
                ALTER TABLE "session" ADD COLUMN "shift" DOUBLE NOT NULL DEFAULT 0;
                """)
        },
        Migration(version: 7, identifier: "v7 set log") { db in
            // Each set of a strength workout as it was done (issue 18): the reps and weight lifted,
            // whether it failed. Personal records and progressive overload read it. From here on a
            // migration may find its work done: a GRDB build opened in between stamps user_version = 1,
            // and its grdb_migrations list stops at v6.
            try db.executeScript("""
                CREATE TABLE IF NOT EXISTS "set_log" ("id" INTEGER PRIMARY KEY, "session_id" TEXT NOT NULL, "workout" TEXT, \
                "exercise" TEXT NOT NULL, "set_number" INTEGER NOT NULL, "reps" INTEGER, "planned_reps" INTEGER, \
                "weight" DOUBLE, "unit" TEXT NOT NULL, "failed" INTEGER NOT NULL DEFAULT 0, "at" DOUBLE NOT NULL);
                CREATE INDEX IF NOT EXISTS "set_log_exercise" ON "set_log"("exercise");
                CREATE INDEX IF NOT EXISTS "set_log_session_id" ON "set_log"("session_id");
                """)
        },
        Migration(version: 8, identifier: "v8 planned weights, streak warning") { db in
            // Progressive overload (issue 18): a weight raised by "Next time" or `gymbell weights --set`
            // replaces the config's for that exercise until reset; "Dismiss" is remembered per exercise.
            // The day the streak-at-risk warning was last shown or passed over: once a day.
            let columns = try db.rows(#"PRAGMA table_info("daily_state")"#).compactMap { $0["name"] as String? }
            if !columns.contains("streak_warned_day") {
                try db.executeScript(#"ALTER TABLE "daily_state" ADD COLUMN "streak_warned_day" INTEGER"#)
            }
            try db.executeScript("""
                CREATE TABLE IF NOT EXISTS "weight_override" ("exercise" TEXT PRIMARY KEY NOT NULL, "weight" DOUBLE NOT NULL, \
                "unit" TEXT NOT NULL, "since" DOUBLE NOT NULL);
                CREATE TABLE IF NOT EXISTS "overload_dismissal" ("exercise" TEXT PRIMARY KEY NOT NULL, "at" DOUBLE NOT NULL);
                """)
        },
        Migration(version: 9, identifier: "v9 lost sessions recovered") { db in
            // Issue 27: a workout started from a notification had the id "" and replaced the previous
            // one. The survivor gets an id of its own; the replaced ones are rebuilt from their sets.
            let columns = try db.rows(#"PRAGMA table_info("session")"#).compactMap { $0["name"] as String? }
            if !columns.contains("recovered") {
                try db.executeScript(#"ALTER TABLE "session" ADD COLUMN "recovered" INTEGER NOT NULL DEFAULT 0"#)
            }
            try LostSessionRepair.run(db) { UUID().uuidString.lowercased() }
        },
        Migration(version: 10, identifier: "v10 set log by time") { db in
            // Issue 33: `history --sets --days N` and the report read the last days of the log from the
            // database (the engine keeps only a summary), found by time instead of a scan of years.
            try db.executeScript(#"CREATE INDEX IF NOT EXISTS "set_log_at" ON "set_log"("at")"#)
            // The engine's summary of the log as of set `through` (`count` sets), kept at a clean exit
            // (ProgressSnapshot): the next start-up adds the sets after it instead of summing up years.
            try db.executeScript("""
                CREATE TABLE IF NOT EXISTS "progress_snapshot" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), \
                "through" INTEGER NOT NULL, "count" INTEGER NOT NULL, "volume_mg" INTEGER NOT NULL);
                CREATE TABLE IF NOT EXISTS "progress_snapshot_set" ("seq" INTEGER PRIMARY KEY, "part" INTEGER NOT NULL, \
                "slot" INTEGER NOT NULL, "session_id" TEXT NOT NULL, "workout" TEXT, "exercise" TEXT NOT NULL, \
                "set_number" INTEGER NOT NULL, "reps" INTEGER, "planned_reps" INTEGER, "weight" DOUBLE, "unit" TEXT NOT NULL, \
                "failed" INTEGER NOT NULL DEFAULT 0, "at" DOUBLE NOT NULL);
                """)
        },
        Migration(version: 11, identifier: "v11 records timeline") { db in
            // Issue 33: what each session beat (the records timeline) leaves the engine's summary and
            // its snapshot for a table of its own, written as sessions' sets close; made here from the
            // whole log, once. The snapshot's rows of it (parts 5 to 8) go.
            try db.executeScript(RecordTimeline.schema)
            try db.execute("DELETE FROM progress_snapshot_set WHERE part >= 5")
            // Made from the log by v13, once the log and the table have the columns of today's sets.
        },
        Migration(version: 12, identifier: "v12 set ids for life") { db in
            // Issue 42: a set's id is its name for life — `history correct 42` and the Log page reach the
            // set the person saw, after any import or restore. Imports and restores no longer renumber the
            // log into time order (readers order by time); AUTOINCREMENT keeps an id once given from ever
            // being given again (a restore that replaced the log, a set put aside), as plain rowids would.
            let sql = try db.value("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = 'set_log'", as: String.self) ?? ""
            guard !sql.contains("AUTOINCREMENT") else { return }
            try db.executeScript("""
                CREATE TABLE "set_log_v12" ("id" INTEGER PRIMARY KEY AUTOINCREMENT, "session_id" TEXT NOT NULL, "workout" TEXT, \
                "exercise" TEXT NOT NULL, "set_number" INTEGER NOT NULL, "reps" INTEGER, "planned_reps" INTEGER, \
                "weight" DOUBLE, "unit" TEXT NOT NULL, "failed" INTEGER NOT NULL DEFAULT 0, "at" DOUBLE NOT NULL);
                INSERT INTO "set_log_v12" (id, \(StoredProgress.v12Columns)) SELECT id, \(StoredProgress.v12Columns) FROM "set_log";
                DROP TABLE "set_log";
                ALTER TABLE "set_log_v12" RENAME TO "set_log";
                CREATE INDEX "set_log_exercise" ON "set_log"("exercise");
                CREATE INDEX "set_log_session_id" ON "set_log"("session_id");
                CREATE INDEX "set_log_at" ON "set_log"("at");
                """)
        },
        Migration(version: 13, identifier: "v13 timed and warm-up sets") { db in
            // Issue 44: a timed set's seconds (a plank, a wall sit), whether a set was a warm-up, its RPE —
            // in the log and in the caches' copies of sets (the snapshot, both sets of the records timeline).
            // Sets from before are sets of reps, working sets, without RPE.
            let added = [("seconds", "INTEGER"), ("warm_up", "INTEGER NOT NULL DEFAULT 0"), ("rpe", "DOUBLE")]
            for (table, prefixes) in [("set_log", [""]), ("progress_snapshot_set", [""]), ("record_candidate", ["", "before_"])] {
                let columns = try db.rows("PRAGMA table_info(\"\(table)\")").compactMap { $0["name"] as String? }
                for prefix in prefixes {
                    for (name, type) in added where !columns.contains(prefix + name) {
                        try db.executeScript("ALTER TABLE \"\(table)\" ADD COLUMN \"\(prefix + name)\" \(type)")
                    }
                }
            }
            // A timeline v11 left to be made (its table empty, the log not): made now, from the whole log.
            if try db.value("SELECT 1 FROM record_candidate LIMIT 1", as: Int.self) == nil,
                try db.value("SELECT 1 FROM set_log LIMIT 1", as: Int.self) != nil
            {
                try RecordTimeline.rebuild(db)
            }
        },
        Migration(version: 14, identifier: "v14 rounds") { db in
            // Issue 44: a circuit's completed rounds and an AMRAP's counted rounds (amrap = 1), kept with
            // the session; sessions from before have none.
            let columns = try db.rows(#"PRAGMA table_info("session")"#).compactMap { $0["name"] as String? }
            if !columns.contains("rounds") { try db.executeScript(#"ALTER TABLE "session" ADD COLUMN "rounds" INTEGER"#) }
            if !columns.contains("amrap") {
                try db.executeScript(#"ALTER TABLE "session" ADD COLUMN "amrap" INTEGER NOT NULL DEFAULT 0"#)
            }
        },
        Migration(version: 15, identifier: "v15 reminder outcomes") { db in
            // Issue 47: what became of each day's daily reminder (StoredOutcomes), two years of days.
            try db.executeScript(StoredOutcomes.schema)
        },
        Migration(version: 16, identifier: "v16 weekly summary") { db in
            // Issue 47: the day of the last weekly summary's slot shown or passed over: once a week.
            let columns = try db.rows(#"PRAGMA table_info("daily_state")"#).compactMap { $0["name"] as String? }
            if !columns.contains("weekly_summary_day") {
                try db.executeScript(#"ALTER TABLE "daily_state" ADD COLUMN "weekly_summary_day" INTEGER"#)
            }
        },
        Migration(version: 17, identifier: "v17 synced journals", migrate: SyncSchema.migrate),
    ]

    static var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Brings `db` up to date: every migration it lacks, in order, all in one transaction that holds
    /// the write lock from the start (a second process cannot migrate the same file at once).
    /// Returns the version `db` had before.
    @discardableResult
    static func migrate(_ db: StoreDatabase) throws -> Int {
        try db.transaction { db in
            let current = try version(of: db)
            for migration in migrations where migration.version > current { try migration.migrate(db) }
            if current < latestVersion { try db.executeScript("PRAGMA user_version = \(latestVersion)") }
            return current
        }
    }

    /// The schema version of `db`: user_version, or for a database last migrated by GRDB, the last of
    /// the migrations that `grdb_migrations` lists without a gap. Higher than `latestVersion` when a
    /// newer gymbell wrote the file (its further columns are left alone).
    static func version(of db: StoreDatabase) throws -> Int {
        let stamped = try db.value("PRAGMA user_version", as: Int.self) ?? 0
        guard stamped <= 1,
            try db.value("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'grdb_migrations'", as: Int.self) != nil
        else { return stamped }
        let applied = Set(try db.rows("SELECT identifier FROM grdb_migrations").compactMap { row -> String? in row["identifier"] })
        return migrations.prefix { applied.contains($0.identifier) }.last?.version ?? 0
    }
}
