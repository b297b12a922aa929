import FoundationEssentials

/// One recorded workout session, as `gymbell history` lists it and the smart rules read it.
public struct HistoryEntry: Codable, Hashable, Sendable {
    /// How a session ended; `running` while it has not.
    public enum Outcome: String, Codable, Sendable, CaseIterable {
        case completed, stopped, abandoned, running
    }

    public var id: SessionID
    /// The `[workouts]` name, for a program or named workout; nil for ad-hoc rest/HIIT/walk-run sessions.
    public var workout: String?
    public var title: String
    public var kind: SessionKind
    public var startedAt: Date
    public var endedAt: Date?
    public var outcome: Outcome
    public var setsDone: Int
    /// The last sign of life: the start, a finished set, a resume. The paused-workout rule counts from it.
    public var lastProgressAt: Date
    /// Rebuilt from its logged sets by the schema upgrade that repaired issue 27's lost sessions: its
    /// start and end are its first and last set's.
    public var recovered: Bool
    /// Rounds done (issue 44): a circuit's completed rounds, an AMRAP's rounds counted with Done; nil
    /// for a session without rounds.
    public var rounds: Int?
    /// The rounds were counted against a time cap (an AMRAP): its workout's most rounds is a record.
    public var amrap: Bool

    public init(
        id: SessionID, workout: String? = nil, title: String, kind: SessionKind, startedAt: Date, endedAt: Date? = nil,
        outcome: Outcome, setsDone: Int = 0, lastProgressAt: Date? = nil, recovered: Bool = false, rounds: Int? = nil,
        amrap: Bool = false
    ) {
        self.id = id
        self.workout = workout
        self.title = title
        self.kind = kind
        self.startedAt = startedAt
        self.endedAt = endedAt
        self.outcome = outcome
        self.setsDone = setsDone
        self.lastProgressAt = lastProgressAt ?? startedAt
        self.recovered = recovered
        self.rounds = rounds
        self.amrap = amrap
    }

    /// This session recorded as abandoned. It really ended with its last progress, so that is its end.
    public func abandoned() -> HistoryEntry {
        var entry = self
        entry.outcome = .abandoned
        entry.endedAt = lastProgressAt
        return entry
    }

    // `history --json` spells keys like `status --json` and writes the id as a plain string.
    enum CodingKeys: String, CodingKey {
        case id, workout, title, kind, outcome, recovered, rounds, amrap
        case startedAt = "started_at"
        case endedAt = "ended_at"
        case setsDone = "sets_done"
        case lastProgressAt = "last_progress_at"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = SessionID(try container.decode(String.self, forKey: .id))
        workout = try container.decodeIfPresent(String.self, forKey: .workout)
        title = try container.decode(String.self, forKey: .title)
        kind = try container.decode(SessionKind.self, forKey: .kind)
        startedAt = try container.decode(Date.self, forKey: .startedAt)
        endedAt = try container.decodeIfPresent(Date.self, forKey: .endedAt)
        outcome = try container.decode(Outcome.self, forKey: .outcome)
        setsDone = try container.decode(Int.self, forKey: .setsDone)
        lastProgressAt = try container.decode(Date.self, forKey: .lastProgressAt)
        recovered = try container.decodeIfPresent(Bool.self, forKey: .recovered) ?? false
        rounds = try container.decodeIfPresent(Int.self, forKey: .rounds)
        amrap = try container.decodeIfPresent(Bool.self, forKey: .amrap) ?? false
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id.rawValue, forKey: .id)
        try container.encode(workout, forKey: .workout)  // `null`, not absent
        try container.encode(title, forKey: .title)
        try container.encode(kind, forKey: .kind)
        try container.encode(startedAt, forKey: .startedAt)
        try container.encode(endedAt, forKey: .endedAt)
        try container.encode(outcome, forKey: .outcome)
        try container.encode(setsDone, forKey: .setsDone)
        try container.encode(lastProgressAt, forKey: .lastProgressAt)
        try container.encode(recovered, forKey: .recovered)
        try container.encode(rounds, forKey: .rounds)  // `null` for a session without rounds
        try container.encode(amrap, forKey: .amrap)
    }

    /// What `gymbell history --json` prints: an array, ISO 8601 instants, sorted keys.
    public static func jsonText(_ entries: [HistoryEntry]) -> String {
        ISO8601.jsonText(entries, orElse: "[]")
    }

    public static func decode(jsonText: String) throws -> [HistoryEntry] {
        try ISO8601.decode([HistoryEntry].self, jsonText: jsonText)
    }
}
