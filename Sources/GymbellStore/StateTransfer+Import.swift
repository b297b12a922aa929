import FoundationEssentials
import GymbellCore

/// What a dry run of `gymbell import` asks before anything is written (issue 42: it says what the
/// import would write, the workouts already in the history included).
extension StateTransfer {
    /// Which of `ids` the history has.
    public func knownSessions(_ ids: [SessionID]) throws(StoreError) -> [SessionID] {
        guard !ids.isEmpty else { return [] }
        let list = ISO8601.jsonText(ids.map(\.rawValue), orElse: "[]")
        return try read { db in
            var known: [SessionID] = []
            try db.forEachRow("SELECT id FROM main.session WHERE id IN (SELECT value FROM json_each(?))", [list]) { row in
                if let id = row.string(at: 0) { known.append(SessionID(id)) }
            }
            return known
        }
    }
}
