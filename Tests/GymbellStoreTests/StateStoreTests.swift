import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellSQLite
import Testing

@testable import GymbellStore

@Suite("State store (real SQLite)")
struct StateStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String { temporaryDatabasePath("store") }

    @Test func sessionAndRemindersSurviveReopening() throws {
        let path = temporaryPath()
        let plan = SessionPlanner.hiit(id: SessionID("s1"), plan: HIITPlan(rounds: 2, work: 40, rest: 20), startingAt: start)
        do {
            let store = try StateStore(path: path)
            try store.start(plan)
        }
        let reopened = try StateStore(path: path)
        #expect(try reopened.activeSession() == plan.session)
        #expect(try reopened.pendingReminders() == plan.reminders)
    }

    @Test func filesAreReadableByTheirOwnerOnly() throws {
        let path = temporaryPath()
        let store = try StateStore(path: path)
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        // While it is open, the write-ahead log and its index are there too.
        for file in [path, path + "-wal", path + "-shm"] {
            let mode = try #require(try FileManager.default.attributesOfItem(atPath: file)[.posixPermissions] as? Int, "\(file)")
            #expect(mode & 0o077 == 0, "\(file)")
        }
        #expect(try StoreDatabase(path: path, flags: [.readOnly]).value("PRAGMA journal_mode", as: String.self) == "wal")
    }

    @Test func startingASessionCancelsThePreviousOnesReminders() throws {
        let store = try StateStore()
        let first = SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start)
        try store.start(first)
        let snooze = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: start.addingTimeInterval(3600), title: "t", body: "b")
        try store.add(snooze)
        let second = SessionPlanner.walkRun(id: SessionID("w1"), plan: WalkRunPlan(run: 60, walk: 30, repeats: 1), startingAt: start)
        let cancelled = try store.start(second)
        #expect(cancelled == first.reminders)
        #expect(try store.activeSession()?.id == SessionID("w1"))
        #expect(try store.pendingReminders().map(\.id) == second.reminders.map(\.id) + [snooze.id])
    }

    /// What a command writes searches indexes: with 5 000 milestones held for later it costs SQLite
    /// what it costs with 10 (counted in SQLite's own instructions, the same on every machine). Every
    /// Rest once read all pending reminders for the previous session's (issue 16).
    @Test func sessionChangesCostTheSameWithThousandsOfHeldReminders() throws {
        func cost(held: Int) throws -> [String: Int] {
            let store = try StateStore()
            for i in 0..<held {
                try store.add(Reminder(
                    id: ReminderID("held-\(i)"), kind: .milestone, due: start.addingTimeInterval(86_400 + Double(i) * 60),
                    content: .milestones([.streak(7)])))
            }
            try store.start(SessionPlanner.rest(id: SessionID("r0"), seconds: 90, startingAt: start))
            var costs: [String: Int] = [:]
            costs["start"] = try store.countingSQLiteInstructions {
                try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
            }
            costs["stop"] = try store.countingSQLiteInstructions { try store.stopSession(at: start.addingTimeInterval(5)) }
            try store.start(SessionPlanner.rest(id: SessionID("r2"), seconds: 90, startingAt: start))
            costs["abandon"] = try store.countingSQLiteInstructions { try store.abandon(SessionID("r2")) }
            costs["remove kinds"] = try store.countingSQLiteInstructions { try store.remove(kinds: [.snoozed, .daily]) }
            #expect(try store.pendingReminders().count == held)
            return costs
        }
        let few = try cost(held: 10)
        let many = try cost(held: 5_000)
        for (change, instructions) in many {
            #expect(instructions <= 2 * (few[change] ?? 0) + 2, "\(change): \(instructions) thousand SQLite instructions with 5 000 held, \(few[change] ?? 0) with 10")
        }
    }

    @Test func stopCancelsOnlySessionReminders() throws {
        let store = try StateStore()
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        let snooze = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: start.addingTimeInterval(3600), title: "t", body: "b")
        try store.add(snooze)
        #expect(try store.stopSession(at: start.addingTimeInterval(10)).count == 1)
        #expect(try store.activeSession() == nil)
        #expect(try store.pendingReminders() == [snooze])
    }

    @Test func replanMovesTheRest() throws {
        let store = try StateStore()
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        let adjusted = SessionPlanner.rest(id: SessionID("r1"), seconds: 105, startingAt: start)
        try store.replan(adjusted)
        #expect(try store.pendingReminders().map(\.due) == [start.addingTimeInterval(105)])
        #expect(try store.activeSession()?.endsAt == start.addingTimeInterval(105))
    }

    @Test func dueSelectionAndRemoval() throws {
        let store = try StateStore()
        let plan = SessionPlanner.hiit(id: SessionID("s1"), plan: HIITPlan(rounds: 3, work: 40, rest: 20), startingAt: start)
        try store.start(plan)
        let due = try store.pendingReminders().filter { $0.due <= start.addingTimeInterval(100) }
        #expect(due.map(\.due) == [40, 60, 100].map { start.addingTimeInterval($0) })
        try store.remove(due.map(\.id))
        #expect(try store.pendingReminders().count == 3)
        try store.finish(SessionID("s1"), at: start.addingTimeInterval(100))
        #expect(try store.activeSession() == nil)
    }

    @Test func dailyStateRoundTrips() throws {
        let store = try StateStore()
        #expect(try store.dailyState() == DailyState())
        let state = DailyState(lastHandled: start, quietDay: LocalDay(daysSinceEpoch: 20_000), restAdviceDay: LocalDay(daysSinceEpoch: 19_999))
        try store.save(state)
        #expect(try store.dailyState() == state)
    }

    @Test func aFileThatIsNotADatabaseIsAnErrorNamingIt() throws {
        let path = temporaryPath()
        try Data("this is not sqlite".utf8).write(to: URL(filePath: path))
        #expect {
            _ = try StateStore(path: path)
        } throws: { error in
            (error as? StoreError)?.path == path
        }
    }

    // MARK: History

    @Test func everySessionIsRecordedWithHowItEnded() throws {
        let store = try StateStore()
        let hiit = SessionPlanner.hiit(id: SessionID("h"), plan: HIITPlan(rounds: 3, work: 40, rest: 20), startingAt: start)
        try store.start(hiit, workout: "hiit20")
        // 130 s in: rounds 1 and 2 worked (work ends at 40 and 100), round 3 under way.
        try store.stopSession(at: start.addingTimeInterval(130))
        let rest = SessionPlanner.rest(id: SessionID("r"), seconds: 90, startingAt: start.addingTimeInterval(200))
        try store.start(rest)
        try store.finish(SessionID("r"), at: start.addingTimeInterval(290))
        let walk = SessionPlanner.walkRun(id: SessionID("w"), plan: WalkRunPlan(run: 60, walk: 30, repeats: 2), startingAt: start.addingTimeInterval(300))
        try store.start(walk)
        // A new session replaces the running one: that one is recorded as stopped when the new one starts.
        try store.start(SessionPlanner.rest(id: SessionID("r2"), seconds: 60, startingAt: start.addingTimeInterval(400)))

        let history = try store.history()
        #expect(history.map(\.id.rawValue) == ["h", "r", "w", "r2"])
        #expect(history.map(\.outcome) == [.stopped, .completed, .stopped, .running])
        #expect(history[0].workout == "hiit20" && history[0].kind == .hiit && history[0].setsDone == 2)
        #expect(history[0].endedAt == start.addingTimeInterval(130))
        #expect(history[1].endedAt == start.addingTimeInterval(290) && history[1].setsDone == 0)
        #expect(history[2].endedAt == start.addingTimeInterval(400) && history[2].setsDone == 1)
        #expect(history[3].endedAt == nil)
        #expect(try store.history(since: start.addingTimeInterval(250)).map(\.id.rawValue) == ["w", "r2"])
    }

    @Test func strengthProgressAndPauseBookkeeping() throws {
        let store = try StateStore()
        let exercises = [Exercise(name: "Squat", sets: 2, reps: 5, rest: [60, 60])]
        let workout = WorkoutDefinition(name: "legs", title: "Leg Day", kind: .strength(exercises: exercises))
        var session = StepPlanner.start(id: SessionID("s"), workout: workout, steps: WorkoutTimeline.steps(of: workout), at: start).session
        try store.start(SessionPlan(session: session, reminders: []), workout: "legs")
        try store.notePauseReminder(1, of: session.id)
        let held = Reminder(id: ReminderID("s-paused-1"), kind: .pausedWorkout, due: start.addingTimeInterval(9000), title: "t", body: "b",
                            sessionID: session.id)
        try store.add(held)
        #expect(try store.runningEntry()?.pauseReminders == 1)

        var progress = try #require(session.stepProgress)
        progress.setsDone = 1
        progress.index = 1
        session.detail = .steps(progress)
        try store.replan(SessionPlan(session: session, reminders: []), progressAt: start.addingTimeInterval(600))
        let running = try #require(try store.runningEntry())
        #expect(running.pauseReminders == 0)
        #expect(running.entry.lastProgressAt == start.addingTimeInterval(600))
        #expect(running.entry.setsDone == 1 && running.entry.workout == "legs")
        #expect(try store.pendingReminders().isEmpty)  // the held paused reminder went with the progress

        try store.add(held)
        let cancelled = try store.abandon(session.id)
        #expect(cancelled == [held])
        let entry = try #require(try store.history().first)
        #expect(entry.outcome == .abandoned)
        #expect(entry.endedAt == start.addingTimeInterval(600))  // it really ended with its last progress
        #expect(try store.activeSession() == nil)
    }

    @Test func aVersion2DatabaseMigratesItsSessionsIntoTheHistory() throws {
        let path = temporaryPath()
        do {
            // The schema as the first release left it: sessions with an `active` flag, migrations
            // recorded by GRDB's DatabaseMigrator.
            let connection = try SQLiteConnection(path: path)
            try connection.execute("""
                    CREATE TABLE grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY);
                    INSERT INTO grdb_migrations VALUES ('v1'), ('v2 session detail');
                    CREATE TABLE session (id TEXT PRIMARY KEY, kind TEXT NOT NULL, title TEXT NOT NULL, started_at DOUBLE NOT NULL,
                        ends_at DOUBLE NOT NULL, active BOOLEAN NOT NULL DEFAULT 1, detail TEXT);
                    CREATE TABLE reminder (id TEXT PRIMARY KEY, kind TEXT NOT NULL, due DOUBLE NOT NULL, title TEXT NOT NULL,
                        body TEXT NOT NULL, session_id TEXT);
                    CREATE TABLE daily_state (id INTEGER PRIMARY KEY, last_handled DOUBLE, quiet_day INTEGER);
                    INSERT INTO session VALUES ('old', 'rest', 'Rest', 1800000000, 1800000090, 0, NULL);
                    INSERT INTO session VALUES ('now', 'hiit', 'HIIT', 1800001000, 1800001300, 1, NULL);
                    INSERT INTO daily_state VALUES (1, 1800000500, NULL);
                    """)
        }
        let store = try StateStore(path: path)
        let history = try store.history()
        #expect(history.map(\.outcome) == [.completed, .running])
        #expect(history[0].endedAt == Date(timeIntervalSince1970: 1_800_000_090))
        #expect(try store.activeSession()?.id == SessionID("now"))
        #expect(try store.dailyState() == DailyState(lastHandled: Date(timeIntervalSince1970: 1_800_000_500)))
    }

    @Test func aVersion4DatabaseKeepsItsRemindersAndRendersTheOnesWithoutValuesAfresh() throws {
        let path = temporaryPath()
        do {
            // A database as version 4 wrote it: texts frozen into the rows, in the language of the day.
            let store = try StateStore(path: path)
            try store.start(SessionPlanner.hiit(id: SessionID("h"), plan: HIITPlan(rounds: 1, work: 10, rest: 0), startingAt: start))
            store.close()
            let connection = try SQLiteConnection(path: path)
            try connection.execute("""
                ALTER TABLE reminder DROP COLUMN content;
                ALTER TABLE session DROP COLUMN paused_at;
                ALTER TABLE session DROP COLUMN shift;
                PRAGMA user_version = 4;
                UPDATE reminder SET title = 'HIIT-Einheit geschafft 🎉', body = 'Gut gemacht!';
                INSERT INTO reminder (id, kind, due, title, body) VALUES ('daily-x', 'daily', 1800000100, 'Trainingszeit!', 'Heute: Push');
                """)
        }
        let store = try StateStore(path: path)
        let pending = try store.pendingReminders()
        // A kind without values is said in the language of whoever shows it now; a daily reminder keeps its text.
        #expect(pending.map(\.content) == [.hiitComplete, .fixed(title: "Trainingszeit!", body: "Heute: Push")])
    }

    /// A row whose content this version cannot read (a later version's kind of message) is shown with
    /// the text written beside it; the rows around it, of the same content as each other, are read as usual.
    @Test func aReminderWhoseContentCannotBeReadKeepsItsWrittenText() throws {
        let path = temporaryPath()
        do {
            let store = try StateStore(path: path)
            try store.add(Reminder(id: ReminderID("a"), kind: .snoozed, due: start, content: .snoozed))
            try store.add(Reminder(id: ReminderID("c"), kind: .snoozed, due: start.addingTimeInterval(2), content: .snoozed))
            store.close()
            let connection = try SQLiteConnection(path: path)
            try connection.execute("""
                INSERT INTO reminder (id, kind, due, title, body, content)
                VALUES ('b', 'snoozed', \(start.timeIntervalSince1970 + 1), 'Later', 'From a newer gymbell', '{"fromTheFuture":{}}');
                """)
        }
        let store = try StateStore(path: path)
        #expect(try store.pendingReminders().map(\.content) == [.snoozed, .fixed(title: "Later", body: "From a newer gymbell"), .snoozed])
    }

    /// Many pending reminders (more than `parallelReadCount`) are read in two halves on two connections,
    /// the later one by a helping thread if there is one: the agenda is the one the ordered read gives,
    /// whatever half a reminder lies in — session and kind groups, contents decoded, and the written
    /// texts of rows without readable content.
    @Test func manyPendingRemindersReadInTwoPartsMakeTheSameAgenda() throws {
        let path = temporaryPath()
        let count = AgendaReading.parallelReadCount + 501
        do {
            let store = try StateStore(path: path)
            store.close()
            let connection = try SQLiteConnection(path: path)
            var script = "BEGIN;"
            let contents = [#"{"snoozed":{}}"#, #"{"restWarning":{"secondsLeft":10}}"#, #"{"fromTheFuture":{}}"#]
            for number in 0..<count {
                let kind = ["snoozed", "rest_warning", "milestone"][(number / 7) % 3]
                let session = number % 5 == 0 ? "'s\(number % 3)'" : "NULL"
                let content = number % 11 == 0 ? "NULL" : "'\(contents[(number / 7) % 3])'"
                script += """
                    INSERT INTO reminder (id, kind, due, title, body, content, session_id)
                    VALUES ('r\(number)', '\(kind)', \(1_800_000_000 + (number * 7919) % count), 'Title \(number)', 'Body', \(content), \(session));
                    """
            }
            try connection.execute(script + "COMMIT;")
        }
        let store = try StateStore(path: path)
        let ordered = try store.pendingReminders()
        #expect(ordered.count == count)
        // Read by this thread alone, then with another thread helping (the daemon's main thread).
        let alone = try store.load().agenda
        let help = StateStore.AgendaReadHelp()
        let helper = BackgroundWork(name: "gymbell-test") { help.help() }
        let helped = try store.load(helpedBy: help).agenda
        helper.wait()
        for loaded in [alone, helped] {
            #expect(Array(loaded) == ordered)
            #expect(loaded == PendingReminders(ordered))
            for session in ["s0", "s1", "s2"].map(SessionID.init) {
                #expect(loaded.of(session: session) == ordered.filter { $0.sessionID == session })
            }
            for kind in [ReminderKind.snoozed, .restWarning, .milestone] {
                #expect(loaded.contains(kindIn: [kind]))
            }
        }
        #expect(ordered.contains { $0.content == .fixed(title: "Title 22", body: "Body") })  // NULL content, kept text
        #expect(ordered.contains { $0.content == .fixed(title: "Title 2261", body: "Body") })  // unreadable, in the later part
    }
}
