import FoundationEssentials
import GymbellCore
import GymbellSQLite
import Testing

@testable import GymbellStore

/// Issue 42: what comes in from outside never breaks the history — a set keeps its id through imports
/// and restores, and stored values out of bounds are refused in a backup and repaired in a state file.
@Suite("History doors: set ids for life, values checked")
struct HistoryDoorsTests {
    let transfer = StateTransferTests()
    static let day = StateTransferTests.day

    func ids(_ store: StateStore) throws -> [String: Int64] {
        var found: [String: Int64] = [:]
        for set in try store.progress.loggedSets(since: .distantPast) { found["\(set.session.rawValue)/\(set.setNumber)"] = set.id }
        return found
    }

    @Test func anImportOfOlderWorkoutsLeavesEveryIdWhereItWas() throws {
        let path = temporaryDatabasePath("ids")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([transfer.session("recent", daysAgo: 2, sets: [("Bench Press", 8, 80), ("Bench Press", 8, 80)])])
        let before = try ids(store)
        let benchID = try #require(before["recent/1"])
        _ = try store.transfer.importSessions([transfer.session("older", daysAgo: 40, sets: [("Row", 10, 50), ("Row", 10, 50)])])
        let after = try ids(store)
        for (key, id) in before { #expect(after[key] == id, "\(key) was #\(id), now #\(after[key] ?? -1)") }
        // The log is read in time order all the same; a correction of #1 reaches the Bench set.
        #expect(try store.progress.loggedSets().map(\.exercise) == ["Row", "Row", "Bench Press", "Bench Press"])
        let seen = try #require(try store.progress.loggedSet(id: benchID))
        #expect(seen.exercise == "Bench Press")
        try store.progress.correct(SetEdit(weight: 99).applied(to: seen))
        #expect(try store.progress.loggedSet(id: benchID)?.weight == 99)
        #expect(try store.progress.loggedSets().filter { $0.exercise == "Row" }.allSatisfy { $0.weight == 50 })
        // And after a restart, and a set logged the next day: none of the ids moved, the new one is new.
        store.close(keeping: try store.progress.summary())
        let reopened = try StateStore(path: path)
        #expect(try ids(reopened) == after)
        try reopened.progress.log(LoggedSet(session: SessionID("next-day"), exercise: "Squat", setNumber: 1, reps: 5, weight: 100,
                                            at: Self.day.addingTimeInterval(86_400)))
        let next = try ids(reopened)
        #expect(next.filter { $0.key != "next-day/1" } == after)
        #expect(try #require(next["next-day/1"]) > after.values.max() ?? 0)
        #expect(try reopened.progress.summary() == ProgressSummary(try reopened.progress.loggedSets()))
    }

    @Test func aRestoreKeepsTheBackupsIdsAndNeverGivesAnIdTwice() throws {
        let path = temporaryDatabasePath("restore-ids")
        let directory = FilePath.directory(of: path)
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([transfer.session("a", daysAgo: 3, sets: [("Squat", 5, 100), ("Squat", 5, 100)])])
        _ = try store.transfer.importSessions([transfer.session("old", daysAgo: 30, sets: [("Squat", 5, 90)])])
        let backedUp = try ids(store)
        let backup = FilePath.directory(of: temporaryDatabasePath("restore-ids-backup")) + "/backup.sqlite"  // never in the state directory
        _ = try store.transfer.backup(to: backup)
        _ = try store.transfer.importSessions([transfer.session("b", daysAgo: 1, sets: [("Squat", 5, 105), ("Squat", 5, 105), ("Squat", 5, 105)])])
        let highest = try ids(store).values.max() ?? 0
        _ = try store.transfer.restore(from: backup, keepingAsideIn: directory, at: Self.day)
        #expect(try ids(store) == backedUp)
        // A set logged after the restore gets an id no set of either history had.
        try store.progress.log(LoggedSet(session: SessionID("c"), exercise: "Squat", setNumber: 1, reps: 5, weight: 110, at: Self.day))
        #expect(try #require(try ids(store)["c/1"]) > highest)
    }

    @Test func aStateFileOfSchemaElevenKeepsItsIdsThroughTheMigration() throws {
        let path = temporaryDatabasePath("v11")
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([transfer.session("a", daysAgo: 3, sets: [("Squat", 5, 100), ("Squat", 5, 100)])])
        let before = try ids(store)
        store.close()
        // Back to v11's table: no AUTOINCREMENT.
        let raw = try StoreDatabase(path: path)
        try raw.executeScript("""
            CREATE TABLE s AS SELECT * FROM set_log; DROP TABLE set_log;
            CREATE TABLE "set_log" ("id" INTEGER PRIMARY KEY, "session_id" TEXT NOT NULL, "workout" TEXT, "exercise" TEXT NOT NULL, \
            "set_number" INTEGER NOT NULL, "reps" INTEGER, "planned_reps" INTEGER, "weight" DOUBLE, "unit" TEXT NOT NULL, \
            "failed" INTEGER NOT NULL DEFAULT 0, "at" DOUBLE NOT NULL);
            INSERT INTO set_log SELECT id, session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at FROM s;
            DROP TABLE s; PRAGMA user_version = 11;
            UPDATE set_log SET exercise = 'Squat' || char(0) WHERE id = (SELECT min(id) FROM set_log);
            """)
        raw.close()
        // As the build before closed it: cleanly, with the mark that spares the checks.
        CleanCloseMark.record(path)
        #expect(CleanCloseMark.isUntouched(path))
        let migrated = try StateStore(path: path)
        #expect(try ids(migrated) == before)
        // Checked once all the same, as brought up from an older schema: the NUL it let in is gone.
        #expect(migrated.repairs.count >= 1)
        #expect(try migrated.progress.loggedSets().map(\.exercise) == ["Squat", "Squat"])
        let sql = try StoreDatabase(path: path, flags: [.readOnly]).value("SELECT sql FROM sqlite_master WHERE name = 'set_log'", as: String.self)
        #expect(sql?.contains("AUTOINCREMENT") == true)
    }

    // MARK: Stored values out of bounds

    /// Every column a person's data lives in, filled with values no door lets in.
    static let hostile: [(table: String, column: String, value: String)] = [
        ("session", "started_at", "1e19"), ("session", "ends_at", "-1e308"), ("session", "ended_at", "9e999"),
        ("session", "last_progress_at", "-5"), ("session", "paused_at", "1e300"), ("session", "shift", "9e999"),
        ("session", "sets_done", "9223372036854775807"), ("session", "pause_reminders", "-9223372036854775808"),
        ("session", "notice_id", "99999999999"), ("session", "title", "'Push' || char(0) || 'Day'"),
        ("session", "workout", "char(27) || '[31mred'"), ("set_log", "weight", "1e308"), ("set_log", "reps", "9200000000000000000"),
        ("set_log", "planned_reps", "-1"), ("set_log", "set_number", "0"), ("set_log", "at", "1e19"),
        ("set_log", "exercise", "'Bench' || char(0) || 'Press'"), ("set_log", "workout", "char(8238) || 'evil'"),
        ("set_log", "unit", "'stone'"), ("reminder", "due", "1e19"), ("reminder", "title", "'Rest' || char(0)"),
        ("daily_state", "last_handled", "1e19"), ("daily_state", "quiet_day", "9223372036854775807"),
        ("weight_override", "weight", "-1e308"), ("overload_dismissal", "at", "1e19"),
        ("progress_snapshot", "volume_mg", "-1"), ("progress_snapshot_set", "weight", "1e308"), ("record_candidate", "before_at", "1e19"),
        // Issue 44 (schema v13): a timed set's seconds, the warm-up mark, the RPE.
        ("set_log", "seconds", "86401"), ("set_log", "seconds", "'45s'"), ("set_log", "rpe", "1e308"), ("set_log", "rpe", "-0.5"),
        ("set_log", "warm_up", "7"), ("progress_snapshot_set", "rpe", "11"), ("record_candidate", "before_seconds", "-1"),
        ("record_candidate", "warm_up", "'yes'"),
        // Issue 47 (schema v16): the weekly summary's last day.
        ("daily_state", "weekly_summary_day", "9223372036854775807"), ("daily_state", "weekly_summary_day", "'Sun 19:00'"),
    ]

    /// A state file with one session of two sets, a planned weight, a dismissal, a reminder and a snapshot,
    /// then `column` of `table` set to `value` (SQL) in every row.
    func stateFile(_ purpose: String, setting table: String? = nil, _ column: String? = nil, to value: String? = nil) throws -> String {
        let path = temporaryDatabasePath(purpose)
        let store = try StateStore(path: path)
        _ = try store.transfer.importSessions([
            transfer.session("a", daysAgo: 3, sets: [("Squat", 5, 100), ("Squat", 6, 100)]),
            transfer.session("b", daysAgo: 2, sets: [("Squat", 5, 102.5)]),
            transfer.session("c", daysAgo: 1, sets: [("Squat", 5, 105)]),
        ])
        try store.progress.save(WeightOverride(exercise: "Squat", weight: 105, unit: .kg, since: Self.day))
        try store.progress.dismissOverload(["Squat"], at: Self.day)
        try store.add(Reminder(id: ReminderID("r1"), kind: .snoozed, due: Self.day.addingTimeInterval(3600), title: "Workout Reminder", body: "Ready?"))
        try store.save(DailyState(lastHandled: Self.day, quietDay: LocalDay(daysSinceEpoch: 20_000)))
        store.close(keeping: try store.progress.summary())
        if let table, let column, let value {
            let raw = try StoreDatabase(path: path)
            try raw.executeScript("UPDATE \(table) SET \(column) = \(value)")
            raw.close()
        }
        return path
    }

    @Test(arguments: hostile.indices)
    func aValueOutOfBoundsIsFoundNamedAndRepaired(_ index: Int) throws {
        let (table, column, value) = Self.hostile[index]
        let path = try stateFile("hostile-\(index)", setting: table, column, to: value)
        let raw = try StoreDatabase(path: path)
        let problem = try #require(try StoredValueAudit.firstProblem(in: raw))
        #expect(problem.contains("table \(table)") && problem.contains(column), "\(problem)")
        raw.close()
        // Opened as the daemon opens it: repaired, said, and read without a trap.
        let store = try StateStore(path: path)
        #expect(!store.repairs.isEmpty)
        _ = try store.history()
        _ = try store.progress.loggedSets()
        _ = try store.progress.summary()
        _ = try store.pendingReminders()
        _ = try store.dailyState()
        _ = try store.progress.weightOverrides()
        _ = try store.progress.recordCandidates()
        let after = try StoreDatabase(path: path, flags: [.readOnly])
        #expect(try StoredValueAudit.firstProblem(in: after) == nil)
        // Nothing a person logged is lost: a row that could not be repaired in place is put aside.
        let sets = try after.value("SELECT count(*) FROM set_log", as: Int.self) ?? 0
        let aside = (try? after.value("SELECT count(*) FROM put_aside WHERE from_table = 'set_log'", as: Int.self)) ?? 0
        #expect(sets + (aside ?? 0) == 4)
        after.close()
    }

    @Test func aCleanFileNeedsNoRepairAndNamesAreCleanedNotDropped() throws {
        let clean = try stateFile("clean")
        #expect(try StoredValueAudit.firstProblem(in: try StoreDatabase(path: clean, flags: [.readOnly])) == nil)
        let path = try stateFile("names", setting: "set_log", "exercise", to: "'Bench' || char(0) || char(9) || 'Press'")
        let store = try StateStore(path: path)
        #expect(try store.progress.loggedSets().map(\.exercise) == ["Bench Press", "Bench Press", "Bench Press", "Bench Press"])
    }

    @Test func aSessionIdWithAControlCharacterGetsANewIdItsSetsFollow() throws {
        let path = try stateFile("session-id")
        let raw = try StoreDatabase(path: path)
        try raw.executeScript("UPDATE session SET id = 'a' || char(0) WHERE id = 'a'; UPDATE set_log SET session_id = 'a' || char(0) WHERE session_id = 'a'")
        raw.close()
        let store = try StateStore(path: path)
        let history = try store.history()
        #expect(history.count == 3)
        let renamed = try #require(history.first { !["b", "c"].contains($0.id.rawValue) })
        #expect(!renamed.id.rawValue.unicodeScalars.contains(where: RecordBounds.isControl))
        #expect(try store.progress.loggedSets().filter { $0.session == renamed.id }.count == 2)
    }
}
