import FoundationEssentials

/// What the daemon answers to an import, a backup and a restore (the control interface's JSON; the
/// CLI prints them as sentences).

/// Sessions and sets in the state.
public struct StateCounts: Codable, Equatable, Sendable {
    public var sessions: Int
    public var sets: Int

    public init(sessions: Int, sets: Int) {
        self.sessions = sessions
        self.sets = sets
    }

    /// "12 sessions, 80 sets".
    public var text: String { "\(sessions) session\(sessions == 1 ? "" : "s"), \(sets) set\(sets == 1 ? "" : "s")" }
}

/// What an import added, how many of its sessions the history had already (the same file twice), and
/// which it refused and why (a value out of `RecordBounds`: nothing of such a session is stored).
public struct ImportReport: Codable, Equatable, Sendable {
    public var addedSessions: Int
    public var addedSets: Int
    public var alreadyThere: Int
    /// Sessions refused; the first `listedRefusals` are listed in `refused`.
    public var refusedCount: Int
    public var refused: [Refusal]
    public var before: StateCounts
    public var after: StateCounts

    /// A session refused whole: its id (quoted, shortened) and the value that was out of bounds.
    public struct Refusal: Codable, Equatable, Sendable {
        public var id: String
        public var reason: String

        public init(id: String, reason: String) {
            self.id = id
            self.reason = reason
        }
    }

    public static let listedRefusals = 100

    public init(
        addedSessions: Int, addedSets: Int, alreadyThere: Int, refusedCount: Int = 0, refused: [Refusal] = [], before: StateCounts,
        after: StateCounts
    ) {
        self.addedSessions = addedSessions
        self.addedSets = addedSets
        self.alreadyThere = alreadyThere
        self.refusedCount = refusedCount
        self.refused = refused
        self.before = before
        self.after = after
    }

    enum CodingKeys: String, CodingKey {
        case before, after, refused
        case addedSessions = "added_sessions"
        case addedSets = "added_sets"
        case alreadyThere = "already_there"
        case refusedCount = "refused_count"
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        addedSessions = try c.decode(Int.self, forKey: .addedSessions)
        addedSets = try c.decode(Int.self, forKey: .addedSets)
        alreadyThere = try c.decode(Int.self, forKey: .alreadyThere)
        refusedCount = try c.decodeIfPresent(Int.self, forKey: .refusedCount) ?? 0
        refused = try c.decodeIfPresent([Refusal].self, forKey: .refused) ?? []
        before = try c.decode(StateCounts.self, forKey: .before)
        after = try c.decode(StateCounts.self, forKey: .after)
    }

    /// Notes `id` as refused for `reason`.
    public mutating func refuse(_ id: String, _ reason: String) {
        refusedCount += 1
        if refused.count < Self.listedRefusals { refused.append(Refusal(id: TextQuote.quoted(id), reason: reason)) }
    }

    /// This report followed by `next`'s (the batches of one import): the counts added up, `before` the
    /// first's, `after` the last's.
    public func adding(_ next: ImportReport) -> ImportReport {
        var sum = self
        sum.addedSessions += next.addedSessions
        sum.addedSets += next.addedSets
        sum.alreadyThere += next.alreadyThere
        sum.refusedCount += next.refusedCount
        sum.refused += next.refused.prefix(max(0, Self.listedRefusals - sum.refused.count))
        sum.after = next.after
        return sum
    }

    /// "Imported 2 workouts (9 sets). History: 0 sessions, 0 sets before, 2 sessions, 9 sets now."
    public var text: String {
        var sentence = "Imported \(addedSessions) workout\(addedSessions == 1 ? "" : "s") (\(addedSets) set\(addedSets == 1 ? "" : "s"))"
        if alreadyThere > 0 { sentence += "; \(alreadyThere) already in your history, left as they were" }
        if refusedCount > 0 { sentence += "; \(refusedCount) refused (nothing of them stored)" }
        return sentence + ". History: \(before.text) before, \(after.text) now."
    }

    /// The refused sessions, a line each (at most `limit`).
    public func refusalLines(limit: Int = 20) -> [String] {
        var lines = refused.prefix(limit).map { "  session \($0.id): \($0.reason)" }
        if refusedCount > lines.count { lines.append("  … and \(refusedCount - lines.count) more") }
        return lines
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }
    public static func decode(jsonText: String) throws -> ImportReport { try ISO8601.decode(ImportReport.self, jsonText: jsonText) }
}

/// What a backup holds and where it went.
public struct BackupReport: Codable, Equatable, Sendable {
    public var path: String
    public var counts: StateCounts

    public init(path: String, counts: StateCounts) {
        self.path = path
        self.counts = counts
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }
    public static func decode(jsonText: String) throws -> BackupReport { try ISO8601.decode(BackupReport.self, jsonText: jsonText) }
}

/// What a restore replaced, with what, and where the replaced state was kept.
public struct RestoreReport: Codable, Equatable, Sendable {
    public var before: StateCounts
    public var after: StateCounts
    public var keptAside: String
    /// The backup's schema version (older ones are brought up to date).
    public var schemaVersion: Int

    public init(before: StateCounts, after: StateCounts, keptAside: String, schemaVersion: Int) {
        self.before = before
        self.after = after
        self.keptAside = keptAside
        self.schemaVersion = schemaVersion
    }

    enum CodingKeys: String, CodingKey {
        case before, after
        case keptAside = "kept_aside"
        case schemaVersion = "schema_version"
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }
    public static func decode(jsonText: String) throws -> RestoreReport { try ISO8601.decode(RestoreReport.self, jsonText: jsonText) }
}
