import FoundationEssentials

/// What the state database keeps for a synced folder (issue 48, schema v17).
///
/// - `session.origin`: the device whose journal brought the session (NULL: done on this computer);
///   `session.journaled`: this computer's session is in its journal (every older one is not yet: the
///   first sync carries the whole history to the other computers).
/// - `set_log.revised_at`, `revised_by` (NULL: this computer): the last correction the set took, which
///   a correction from a journal must be later than to win (`SetRevision.wins`); `revision_journaled`:
///   0 while this computer's own correction waits for its journal.
/// - `weight_override.origin`, `journaled`: as the session's.
/// - `sync_journal`: per file of the folder, how far it was read (`offset`, after the last whole line;
///   `tail`: the bytes before it, so a file replaced by other content is read again from its start),
///   the lines before it, the workouts it brought and why a part was not merged.
/// - `sync_waiting`: corrections of sets whose session has not arrived yet (from another journal).
/// - `sync_own`: this computer's journal as last written (its device id and size: a journal found
///   shorter was deleted or replaced, and everything is written to it afresh).
enum SyncSchema {
    static func migrate(_ db: StoreDatabase) throws {
        let added: [(table: String, column: String, type: String)] = [
            ("session", "origin", "TEXT"), ("session", "journaled", "INTEGER NOT NULL DEFAULT 0"),
            ("set_log", "revised_at", "DOUBLE"), ("set_log", "revised_by", "TEXT"),
            ("set_log", "revision_journaled", "INTEGER NOT NULL DEFAULT 1"),
            ("weight_override", "origin", "TEXT"), ("weight_override", "journaled", "INTEGER NOT NULL DEFAULT 0"),
        ]
        for table in Set(added.map(\.table)) {
            let columns = try db.rows("PRAGMA table_info(\"\(table)\")").compactMap { $0["name"] as String? }
            for (_, column, type) in added.filter({ $0.table == table }) where !columns.contains(column) {
                try db.executeScript("ALTER TABLE \"\(table)\" ADD COLUMN \"\(column)\" \(type)")
            }
        }
        try db.executeScript("""
            CREATE INDEX IF NOT EXISTS "session_to_journal" ON "session"("started_at") WHERE "journaled" = 0 AND "origin" IS NULL;
            CREATE INDEX IF NOT EXISTS "set_log_revision_to_journal" ON "set_log"("id") WHERE "revision_journaled" = 0;
            CREATE TABLE IF NOT EXISTS "sync_journal" ("file" TEXT PRIMARY KEY NOT NULL, "offset" INTEGER NOT NULL,
                "lines" INTEGER NOT NULL DEFAULT 0, "tail" TEXT NOT NULL, "sessions" INTEGER NOT NULL DEFAULT 0, "problem" TEXT);
            CREATE TABLE IF NOT EXISTS "sync_waiting" ("seq" INTEGER PRIMARY KEY, "device" TEXT NOT NULL, "line" TEXT NOT NULL);
            CREATE TABLE IF NOT EXISTS "sync_own" ("id" INTEGER PRIMARY KEY CHECK ("id" = 1), "device" TEXT NOT NULL, "size" INTEGER NOT NULL);
            """)
    }
}
