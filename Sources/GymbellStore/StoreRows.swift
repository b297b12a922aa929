import FoundationEssentials
import GymbellCore
import GymbellSQLite

/// How the model's values are written to and read from the database's rows. A row that does not hold
/// what its type needs (a kind this version does not know, a NULL where a value belongs) reads as nil.
enum StoreRows {
    static func insert(_ reminder: Reminder, _ db: StoreDatabase) throws {
        try db.execute(
            "INSERT OR REPLACE INTO reminder (id, kind, due, title, body, content, session_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            [
                // title and body in English: for people reading the database, and for older versions.
                reminder.id.rawValue, reminder.kind.rawValue, reminder.due.timeIntervalSince1970,
                reminder.title, reminder.body, encode(reminder.content), reminder.sessionID?.rawValue,
            ])
    }

    /// The pending reminders `condition` (SQL after WHERE, or nil for all) selects, in no particular
    /// order, read column by column (start-up reads thousands). `index` names the
    /// index to search where SQLite, without statistics, would walk the whole table instead (it does
    /// for `session_id IS NOT NULL`: every Rest read all 10 000 pending reminders, issue 16).
    static func reminders(
        _ db: StoreDatabase, where condition: String? = nil, _ arguments: [any StoreValue] = [], index: String? = nil
    ) throws -> [Reminder] {
        var reminders: [Reminder] = []
        try forEachReminder(db, where: condition, arguments, index: index) { reminders.append($0) }
        return reminders
    }

    /// Each reminder `reminders` would return, handed over as it is read.
    static func forEachReminder(
        _ db: StoreDatabase, where condition: String? = nil, _ arguments: [any StoreValue] = [], index: String? = nil,
        _ body: (consuming Reminder) throws -> Void
    ) throws {
        var reader = ReminderRowReader()
        // Title and body (English, for people reading the database) are read only for a row whose
        // content is missing or unreadable: every column read costs at start-up.
        let sql = "SELECT id, kind, due, content, session_id FROM reminder"
            + (index.map { " INDEXED BY \($0)" } ?? "") + (condition.map { " WHERE " + $0 } ?? "")
        try db.forEachRow(sql, arguments) { row in
            guard let id = row.string(at: 0), let kind = reader.kind(of: row, at: 1), !row.isNull(at: 2) else { return }
            // Rows from before v5 whose kind carries values keep the text they were planned with.
            let content = try reader.content(of: row, at: 3) ?? fixedText(db, id: id)
            try body(Reminder(
                id: ReminderID(id), kind: kind, due: Date(timeIntervalSince1970: row.double(at: 2)), content: content,
                sessionID: row.string(at: 4).map(SessionID.init)))
        }
    }

    /// The text a reminder row was planned with, for one whose content cannot be read.
    private static func fixedText(_ db: StoreDatabase, id: String) throws -> ReminderContent {
        let row = try db.row("SELECT title, body FROM reminder WHERE id = ?", [id])
        return .fixed(title: row?["title"] ?? "", body: row?["body"] ?? "")
    }

    static func session(from row: StoreRow) -> Session? {
        guard let id: String = row["id"], let kindName: String = row["kind"], let kind = SessionKind(rawValue: kindName),
            let title: String = row["title"], let startedAt: Double = row["started_at"], let endsAt: Double = row["ends_at"]
        else { return nil }
        let detail = (row["detail"] as String?).flatMap { StoredSessionDetail.decode($0, sessionStart: Date(timeIntervalSince1970: startedAt)) }
        return Session(
            id: SessionID(id), kind: kind, title: title,
            startedAt: Date(timeIntervalSince1970: startedAt), endsAt: Date(timeIntervalSince1970: endsAt),
            detail: detail, pausedAt: date(row, "paused_at"), shift: row["shift"] ?? 0)
    }

    static func history(since: Date?, _ db: StoreDatabase) throws -> [HistoryEntry] {
        try db.rows(
            "SELECT * FROM session WHERE started_at >= ? ORDER BY started_at, id", [since?.timeIntervalSince1970 ?? -Double.greatestFiniteMagnitude]
        ).compactMap(historyEntry(from:))
    }

    /// Every session's mark, as `historyEntry(from:)` would read its row (one it cannot read is left out).
    static func sessionMarks(_ db: StoreDatabase) throws -> SessionMarks {
        var marks: [SessionMarks.Mark] = []
        try db.forEachRow("SELECT started_at, kind, outcome FROM session WHERE title IS NOT NULL ORDER BY started_at") { row in
            guard !row.isNull(at: 0), let kind = row.string(at: 1).flatMap(SessionKind.init(rawValue:)),
                let outcome = row.string(at: 2).flatMap(HistoryEntry.Outcome.init(rawValue:))
            else { return }
            marks.append(SessionMarks.Mark(
                startedAt: Date(timeIntervalSince1970: row.double(at: 0)), completed: outcome == .completed, rest: kind == .rest))
        }
        return SessionMarks(marks)
    }

    static func historyEntry(from row: StoreRow) -> HistoryEntry? {
        guard let id: String = row["id"], let kindName: String = row["kind"], let kind = SessionKind(rawValue: kindName),
            let outcomeName: String = row["outcome"], let outcome = HistoryEntry.Outcome(rawValue: outcomeName),
            let title: String = row["title"], let started: Double = row["started_at"]
        else { return nil }
        let startedAt = Date(timeIntervalSince1970: started)
        var setsDone: Int = row["sets_done"] ?? 0
        var rounds: Int? = row["rounds"]
        var amrap = (row["amrap"] as Int? ?? 0) != 0 && rounds != nil
        if outcome == .running, let session = session(from: row) {
            if let strength = session.strengthView(at: session.startedAt) { setsDone = strength.totalSetsDone }
            if let counted = session.rounds(at: session.startedAt) { (rounds, amrap) = (counted.count, counted.amrap) }
        }
        return HistoryEntry(
            id: SessionID(id), workout: row["workout"], title: title, kind: kind, startedAt: startedAt,
            endedAt: date(row, "ended_at"), outcome: outcome, setsDone: setsDone,
            lastProgressAt: date(row, "last_progress_at") ?? startedAt, recovered: (row["recovered"] as Int? ?? 0) != 0,
            rounds: rounds, amrap: amrap)
    }

    /// Each AMRAP workout's most rounds, from its completed sessions (`RoundsBest.bests`).
    static func roundBests(_ db: StoreDatabase) throws -> [String: RoundsBest] {
        RoundsBest.bests(try db.rows(
            "SELECT * FROM session WHERE amrap = 1 AND outcome = 'completed' AND rounds IS NOT NULL AND workout IS NOT NULL"
        ).compactMap(historyEntry(from:)))
    }

    static func loggedSet(from row: StoreRow) -> LoggedSet? {
        guard let session: String = row["session_id"], let exercise: String = row["exercise"], let number: Int = row["set_number"],
            let unitText: String = row["unit"], let unit = WeightUnit(rawValue: unitText), let at = date(row, "at")
        else { return nil }
        return LoggedSet(
            session: SessionID(session), workout: row["workout"], exercise: exercise, setNumber: number, reps: row["reps"],
            plannedReps: row["planned_reps"], weight: row["weight"], unit: unit, failed: (row["failed"] as Int? ?? 0) != 0, at: at,
            seconds: row["seconds"], warmUp: (row["warm_up"] as Int? ?? 0) != 0, rpe: row["rpe"])
    }

    static func weightOverride(from row: StoreRow) -> WeightOverride? {
        guard let exercise: String = row["exercise"], let weight: Double = row["weight"], let unitText: String = row["unit"],
            let unit = WeightUnit(rawValue: unitText), let since = date(row, "since")
        else { return nil }
        return WeightOverride(exercise: exercise, weight: weight, unit: unit, since: since)
    }

    static func date(_ row: StoreRow, _ column: String) -> Date? {
        (row[column] as Double?).map(Date.init(timeIntervalSince1970:))
    }

    static func encode(_ value: some Encodable) -> String? {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}

/// Reads the kind and content columns of reminder rows, most of which say what the row before said:
/// a row's bytes are compared with the last ones where SQLite holds them, and a String is made, a
/// kind looked up or JSON decoded only for a new text — once per distinct text (JSONDecoder costs
/// some 60 000 instructions a row; a HIIT session's 200 reminders say two things, held ones one).
private struct ReminderRowReader {
    private let decoder = JSONDecoder()
    private var decoded: [String: ReminderContent] = [:]
    private var lastContent: (bytes: [UInt8], content: ReminderContent)?
    private var lastKind: (bytes: [UInt8], kind: ReminderKind)?

    /// The row's content; nil when NULL or not readable by this version.
    mutating func content(of row: SQLiteStatement, at column: Int) -> ReminderContent? {
        if let lastContent, row.text(at: column, equals: lastContent.bytes) { return lastContent.content }
        guard let text = row.string(at: column) else { return nil }
        let content = decoded[text] ?? (try? decoder.decode(ReminderContent.self, from: Data(text.utf8)))
        decoded[text] = content
        lastContent = content.map { (Array(text.utf8), $0) }
        return content
    }

    /// The row's kind; nil for a kind this version does not know.
    mutating func kind(of row: SQLiteStatement, at column: Int) -> ReminderKind? {
        if let lastKind, row.text(at: column, equals: lastKind.bytes) { return lastKind.kind }
        guard let name = row.string(at: column), let kind = ReminderKind(rawValue: name) else { return nil }
        lastKind = (Array(name.utf8), kind)
        return kind
    }
}
