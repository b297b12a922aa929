import FoundationEssentials
import GymbellCore

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
        let decoder = JSONDecoder()
        // One decoding per distinct text: JSONDecoder costs some 60 000 instructions a row, and a
        // session's reminders say the same few things (a HIIT session's 200 say two), as do held ones.
        // The row before often says the same (rows come in the order they were planned).
        var decoded: [String: ReminderContent] = [:]
        var last: (text: String, content: ReminderContent)?
        // ReminderKind(rawValue:) compares the name with every kind's in turn; rows of one kind come together.
        var lastKind: (name: String, kind: ReminderKind)?
        func kindNamed(_ name: String) -> ReminderKind? {
            if let lastKind, lastKind.name == name { return lastKind.kind }
            let kind = ReminderKind(rawValue: name)
            lastKind = kind.map { (name, $0) }
            return kind
        }
        var reminders: [Reminder] = []
        let sql = "SELECT id, kind, due, content, title, body, session_id FROM reminder"
            + (index.map { " INDEXED BY \($0)" } ?? "") + (condition.map { " WHERE " + $0 } ?? "")
        try db.forEachRow(sql, arguments) { row in
            guard let id = row.string(at: 0), let kind = row.string(at: 1).flatMap(kindNamed), !row.isNull(at: 2) else { return }
            // Rows from before v5 whose kind carries values keep the text they were planned with.
            let content = row.string(at: 3).flatMap { text in
                if let last, last.text == text { return last.content }
                let content = decoded[text] ?? (try? decoder.decode(ReminderContent.self, from: Data(text.utf8)))
                decoded[text] = content
                last = content.map { (text, $0) }
                return content
            } ?? .fixed(title: row.string(at: 4) ?? "", body: row.string(at: 5) ?? "")
            reminders.append(Reminder(
                id: ReminderID(id), kind: kind, due: Date(timeIntervalSince1970: row.double(at: 2)), content: content,
                sessionID: row.string(at: 6).map(SessionID.init)))
        }
        return reminders
    }

    static func session(from row: StoreRow) -> Session? {
        guard let id: String = row["id"], let kindName: String = row["kind"], let kind = SessionKind(rawValue: kindName),
            let title: String = row["title"], let startedAt: Double = row["started_at"], let endsAt: Double = row["ends_at"]
        else { return nil }
        let detail = (row["detail"] as String?).flatMap { try? JSONDecoder().decode(SessionDetail.self, from: Data($0.utf8)) }
        return Session(
            id: SessionID(id), kind: kind, title: title,
            startedAt: Date(timeIntervalSince1970: startedAt), endsAt: Date(timeIntervalSince1970: endsAt),
            detail: detail, pausedAt: date(row, "paused_at"), shift: row["shift"] ?? 0)
    }

    static func historyEntry(from row: StoreRow) -> HistoryEntry? {
        guard let id: String = row["id"], let kindName: String = row["kind"], let kind = SessionKind(rawValue: kindName),
            let outcomeName: String = row["outcome"], let outcome = HistoryEntry.Outcome(rawValue: outcomeName),
            let title: String = row["title"], let started: Double = row["started_at"]
        else { return nil }
        let startedAt = Date(timeIntervalSince1970: started)
        var setsDone: Int = row["sets_done"] ?? 0
        if outcome == .running, let session = session(from: row), case .strength(let progress) = session.detail {
            setsDone = progress.totalSetsDone
        }
        return HistoryEntry(
            id: SessionID(id), workout: row["workout"], title: title, kind: kind, startedAt: startedAt,
            endedAt: date(row, "ended_at"), outcome: outcome, setsDone: setsDone,
            lastProgressAt: date(row, "last_progress_at") ?? startedAt)
    }

    /// A column of seconds since 1970 as an instant; nil when NULL.
    static func loggedSet(from row: StoreRow) -> LoggedSet? {
        guard let session: String = row["session_id"], let exercise: String = row["exercise"], let number: Int = row["set_number"],
            let unitText: String = row["unit"], let unit = WeightUnit(rawValue: unitText), let at = date(row, "at")
        else { return nil }
        return LoggedSet(
            session: SessionID(session), workout: row["workout"], exercise: exercise, setNumber: number, reps: row["reps"],
            plannedReps: row["planned_reps"], weight: row["weight"], unit: unit, failed: (row["failed"] as Int? ?? 0) != 0, at: at)
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
