import Foundation
import GRDB
import GymbellCore

/// How the model's values are written to and read from the database's rows.
enum StoreRows {
    static func insert(_ reminder: Reminder, _ db: Database) throws {
        try db.execute(
            sql: "INSERT OR REPLACE INTO reminder (id, kind, due, title, body, content, session_id) VALUES (?, ?, ?, ?, ?, ?, ?)",
            arguments: [
                // title and body in English: for people reading the database, and for older versions.
                reminder.id.rawValue, reminder.kind.rawValue, reminder.due.timeIntervalSince1970,
                reminder.title, reminder.body, encode(reminder.content), reminder.sessionID?.rawValue,
            ])
    }

    static func reminder(from row: Row) -> Reminder? {
        guard let kind = ReminderKind(rawValue: row["kind"]) else { return nil }
        // Rows from before v5 whose kind carries values keep the text they were planned with.
        let content = (row["content"] as String?).flatMap { try? JSONDecoder().decode(ReminderContent.self, from: Data($0.utf8)) }
            ?? .fixed(title: row["title"], body: row["body"])
        return Reminder(
            id: ReminderID(row["id"]), kind: kind, due: Date(timeIntervalSince1970: row["due"]), content: content,
            sessionID: (row["session_id"] as String?).map(SessionID.init))
    }

    static func session(from row: Row) -> Session? {
        guard let kind = SessionKind(rawValue: row["kind"]) else { return nil }
        let detail = (row["detail"] as String?).flatMap { try? JSONDecoder().decode(SessionDetail.self, from: Data($0.utf8)) }
        return Session(
            id: SessionID(row["id"]), kind: kind, title: row["title"],
            startedAt: Date(timeIntervalSince1970: row["started_at"]), endsAt: Date(timeIntervalSince1970: row["ends_at"]),
            detail: detail, pausedAt: (row["paused_at"] as Double?).map(Date.init(timeIntervalSince1970:)),
            shift: (row["shift"] as Double?) ?? 0)
    }

    static func historyEntry(from row: Row) -> HistoryEntry? {
        guard let kind = SessionKind(rawValue: row["kind"]), let outcome = HistoryEntry.Outcome(rawValue: row["outcome"]) else { return nil }
        let startedAt = Date(timeIntervalSince1970: row["started_at"])
        var setsDone: Int = row["sets_done"]
        if outcome == .running, let session = session(from: row), case .strength(let progress) = session.detail {
            setsDone = progress.totalSetsDone
        }
        return HistoryEntry(
            id: SessionID(row["id"]), workout: row["workout"], title: row["title"], kind: kind, startedAt: startedAt,
            endedAt: (row["ended_at"] as Double?).map(Date.init(timeIntervalSince1970:)), outcome: outcome, setsDone: setsDone,
            lastProgressAt: (row["last_progress_at"] as Double?).map(Date.init(timeIntervalSince1970:)) ?? startedAt)
    }

    static func encode(_ value: some Encodable) -> String? {
        (try? JSONEncoder().encode(value)).map { String(decoding: $0, as: UTF8.self) }
    }
}
