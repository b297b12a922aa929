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

/// Ids made from content, the same on every machine and run: importing a file twice finds its
/// workouts already there. 64-bit FNV-1a of the UTF-8 text, as 16 hex digits.
enum ContentID {
    static func hex(of text: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let digits = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
