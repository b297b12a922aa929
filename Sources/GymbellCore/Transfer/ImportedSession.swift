import FoundationEssentials

/// A workout brought in from a log: its history entry and its sets, as the daemon writes them.
public struct ImportedSession: Codable, Equatable, Sendable {
    public var entry: HistoryEntry
    public var sets: [LoggedSet]

    public init(entry: HistoryEntry, sets: [LoggedSet]) {
        self.entry = entry
        self.sets = sets
    }

    /// What the control interface carries (`ImportSessions`): a JSON array, ISO 8601 instants.
    public static func jsonText(_ sessions: [ImportedSession]) -> String { ISO8601.jsonText(sessions, orElse: "[]") }

    public static func decode(jsonText: String) throws -> [ImportedSession] {
        try ISO8601.decode([ImportedSession].self, jsonText: jsonText)
    }

    /// The session with its names cleaned, or the first value out of `RecordBounds` (issue 42: the
    /// bus's `ImportSessions` lets in only what a history may hold). An imported session is an ended
    /// one, and every set is its own.
    public func checked() throws(RecordBounds.Violation) -> ImportedSession {
        var session = ImportedSession(entry: try RecordBounds.checked(entry), sets: [])
        guard entry.outcome != .running, entry.endedAt != nil else {
            throw RecordBounds.Violation(field: "outcome", problem: "is running: an imported session has ended")
        }
        try RecordBounds.checkCount(sets.count, in: RecordBounds.setsPerSession, field: "the number of sets")
        session.sets.reserveCapacity(sets.count)
        for (index, set) in sets.enumerated() {
            do throws(RecordBounds.Violation) {
                guard set.session == entry.id else {
                    throw RecordBounds.Violation(field: "session", problem: "\(TextQuote.quoted(set.session.rawValue)) is not the session's id")
                }
                session.sets.append(try RecordBounds.checked(set))
            } catch {
                throw RecordBounds.Violation(field: "set \(index + 1)'s \(error.field)", problem: error.problem)
            }
        }
        return session
    }
}
