import FoundationEssentials
import GymbellCore

/// The history as the store reads it for the engine and the commands.
extension StateStore {
    /// Sessions started at or after `since` (all of them when nil), oldest first: found by the index on
    /// `started_at`, in time linear in how many they are.
    public func history(since: Date? = nil) throws(StoreError) -> [HistoryEntry] {
        try read { db in try StoreRows.history(since: since, db) }
    }

    /// What the engine keeps of every session (`SessionMarks`): its start and whether it completed.
    public func sessionMarks() throws(StoreError) -> SessionMarks {
        try read { db in try StoreRows.sessionMarks(db) }
    }
}
