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

/// What an import added, and how many of its sessions the history had already (the same file twice).
public struct ImportReport: Codable, Equatable, Sendable {
    public var addedSessions: Int
    public var addedSets: Int
    public var alreadyThere: Int
    public var before: StateCounts
    public var after: StateCounts

    public init(addedSessions: Int, addedSets: Int, alreadyThere: Int, before: StateCounts, after: StateCounts) {
        self.addedSessions = addedSessions
        self.addedSets = addedSets
        self.alreadyThere = alreadyThere
        self.before = before
        self.after = after
    }

    enum CodingKeys: String, CodingKey {
        case before, after
        case addedSessions = "added_sessions"
        case addedSets = "added_sets"
        case alreadyThere = "already_there"
    }

    /// "Imported 2 workouts (9 sets). History: 0 sessions, 0 sets before, 2 sessions, 9 sets now."
    public var text: String {
        var sentence = "Imported \(addedSessions) workout\(addedSessions == 1 ? "" : "s") (\(addedSets) set\(addedSets == 1 ? "" : "s"))"
        if alreadyThere > 0 { sentence += "; \(alreadyThere) already in your history, left as they were" }
        return sentence + ". History: \(before.text) before, \(after.text) now."
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
