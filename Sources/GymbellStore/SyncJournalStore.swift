import FoundationEssentials
import GymbellCore

/// What the state database does for a synced folder (issue 48; tables in `SyncSchema`): it says what
/// this computer's journal still lacks and marks it written, and merges the lines of the others'
/// journals — each batch one transaction, with how far the file was read, so that a merge cut short
/// (kill -9) goes on where its last batch ended and nothing is merged twice.
public struct SyncJournalStore {
    let connection: StoreConnection

    // MARK: This computer's journal

    /// Lines this computer's journal lacks, and what to mark journaled once they are written.
    public struct Outgoing: Equatable, Sendable {
        public var bytes: [UInt8] = []
        public var count = 0
        var sessions: [String] = []
        var revisions: [Int64] = []
        var weights: [String] = []
        public var isEmpty: Bool { count == 0 && sessions.isEmpty && revisions.isEmpty && weights.isEmpty }
    }

    /// Up to `limit` sessions (ended, done or imported here, oldest first) with their sets, and the
    /// corrections and next-time weights made here, as journal lines written `now` by `device`.
    public func outgoing(device: DeviceID, now: Date, limit: Int = 200) throws(StoreError) -> Outgoing {
        try connection.read { db in
            var out = Outgoing()
            func add(_ event: JournalEvent) {
                out.bytes += JournalEntry(device: device, written: now, event: event).line()
                out.count += 1
            }
            let rows = try db.rows(
                "SELECT * FROM session WHERE journaled = 0 AND origin IS NULL AND outcome != 'running' ORDER BY started_at, id LIMIT ?", [limit])
            for row in rows {
                guard let id: String = row["id"] else { continue }
                out.sessions.append(id)
                guard let entry = StoreRows.historyEntry(from: row) else { continue }
                var sets: [LoggedSet] = []
                try db.forEachRow("SELECT \(StoredProgress.columns) FROM set_log WHERE session_id = ? ORDER BY at, id", [id]) { row in
                    if let set = StoredProgress.loggedSet(row) { sets.append(set) }
                }
                // What the others would refuse is not written (a session of a state file from before the bounds).
                if let session = try? ImportedSession(entry: entry, sets: sets).checked() { add(.session(session)) }
            }
            try db.forEachRow(
                "SELECT id, session_id, at, revised_at, \(StoredProgress.columns) FROM set_log WHERE revision_journaled = 0 ORDER BY id LIMIT ?", [limit]
            ) { row in
                let id = row.int64(at: 0)
                out.revisions.append(id)
                guard let session = row.string(at: 1), !row.isNull(at: 3), let set = StoredProgress.loggedSet(row, from: 4) else { return }
                let at = row.double(at: 2)
                let ordinal = try db.value(
                    "SELECT count(*) FROM set_log WHERE session_id = ? AND (at < ? OR (at = ? AND id <= ?))", [session, at, at, id], as: Int.self) ?? 0
                add(.revision(SetRevision(session: SessionID(session), ordinal: ordinal, of: set, revisedAt: Date(timeIntervalSince1970: row.double(at: 3)))))
            }
            for row in try db.rows("SELECT * FROM weight_override WHERE journaled = 0 AND origin IS NULL ORDER BY exercise") {
                guard let exercise: String = row["exercise"] else { continue }
                out.weights.append(exercise)
                if let weight = StoreRows.weightOverride(from: row) { add(.weight(weight)) }
            }
            return out
        }
    }

    /// Marks `outgoing` journaled, with the journal's size once it was written.
    public func markJournaled(_ outgoing: Outgoing, device: DeviceID, size: Int64) throws(StoreError) {
        try connection.write { db in
            let list = { (values: [String]) in ISO8601.jsonText(values, orElse: "[]") }
            try db.execute("UPDATE session SET journaled = 1 WHERE id IN (SELECT value FROM json_each(?))", [list(outgoing.sessions)])
            try db.execute("UPDATE set_log SET revision_journaled = 1 WHERE id IN (SELECT value FROM json_each(?))",
                           [list(outgoing.revisions.map(String.init))])
            try db.execute("UPDATE weight_override SET journaled = 1 WHERE exercise IN (SELECT value FROM json_each(?))", [list(outgoing.weights)])
            try Self.recordOwn(device: device, size: size, db)
        }
    }

    /// This computer's journal as last written: its device and size; nil before the first.
    public func ownJournal() throws(StoreError) -> (device: String, size: Int64)? {
        try connection.read { db in
            guard let row = try db.row("SELECT device, size FROM sync_own WHERE id = 1"), let device: String = row["device"], let size: Int64 = row["size"]
            else { return nil }
            return (device, size)
        }
    }

    /// Everything done here is to be written again (the journal was deleted, replaced or shortened, or
    /// this computer has a new id): sessions, corrections and weights of this computer.
    public func journalAfresh(device: DeviceID) throws(StoreError) {
        try connection.write { db in
            try db.executeScript("""
                UPDATE session SET journaled = 0 WHERE origin IS NULL AND journaled = 1;
                UPDATE set_log SET revision_journaled = 0 WHERE revised_at IS NOT NULL AND revised_by IS NULL;
                UPDATE weight_override SET journaled = 0 WHERE origin IS NULL;
                """)
            try Self.recordOwn(device: device, size: 0, db)
        }
    }

    private static func recordOwn(device: DeviceID, size: Int64, _ db: StoreDatabase) throws {
        try db.execute("INSERT OR REPLACE INTO sync_own (id, device, size) VALUES (1, ?, ?)", [device.rawValue, size])
    }
}
