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

    /// Reminders from their rows, with one JSON decoder for all of them (start-up reads thousands).
    static func reminders(from rows: [StoreRow]) -> [Reminder] {
        let decoder = JSONDecoder()
        return rows.compactMap { reminder(from: $0, decoder: decoder) }
    }

    static func reminder(from row: StoreRow, decoder: JSONDecoder = JSONDecoder()) -> Reminder? {
        guard let id: String = row["id"], let kindName: String = row["kind"], let kind = ReminderKind(rawValue: kindName),
            let due: Double = row["due"]
        else { return nil }
        // Rows from before v5 whose kind carries values keep the text they were planned with.
        let content = (row["content"] as String?).flatMap { try? decoder.decode(ReminderContent.self, from: Data($0.utf8)) }
            ?? .fixed(title: row["title"] ?? "", body: row["body"] ?? "")
        return Reminder(
            id: ReminderID(id), kind: kind, due: Date(timeIntervalSince1970: due), content: content,
            sessionID: (row["session_id"] as String?).map(SessionID.init))
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
    static func date(_ row: StoreRow, _ column: String) -> Date? {
        (row[column] as Double?).map(Date.init(timeIntervalSince1970:))
    }

    static func encode(_ value: some Encodable) -> String? {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
