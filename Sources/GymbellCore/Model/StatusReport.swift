import FoundationEssentials

/// What `gymbell status --json` prints (DESIGN.md §5).
public struct StatusReport: Codable, Equatable, Sendable {
    public struct SessionEntry: Codable, Equatable, Sendable {
        public var id: String
        public var kind: String
        public var title: String
        public var startedAt: Date
        public var endsAt: Date
        /// "work, round 2 of 5", "rest", "Bench Press — set 3 of 4" …
        public var phase: String
        /// 0…100.
        public var percentDone: Int
        /// An interval session's timeline is paused (`gymbell pause`).
        public var paused: Bool

        enum CodingKeys: String, CodingKey {
            case id, kind, title, phase, paused
            case percentDone = "percent_done"
            case startedAt = "started_at"
            case endsAt = "ends_at"
        }
    }

    public struct PendingEntry: Codable, Equatable, Sendable {
        public var id: String
        public var kind: String
        public var due: Date
        public var title: String
        public var body: String
    }

    /// A problem with the state database (StorageProblem), as the user reads it.
    public struct StorageEntry: Codable, Equatable, Sendable {
        /// `no_space`, `read_only`, `locked`, `io_error`, `corrupt`, `symbolic_link`, `foreign_file`.
        public var problem: String
        /// Whether changes are being saved now.
        public var saving: Bool
        /// What happened and what to do, one sentence or two.
        public var message: String
        public var since: Date

        public init(_ problem: StorageProblem, messages: Messages) {
            self.problem = problem.cause.rawValue
            saving = problem.saving
            let text = messages.storageProblem(problem)
            message = "\(text.title): \(text.body)"
            since = problem.since
        }
    }

    public var session: SessionEntry?
    public var pending: [PendingEntry]
    public var nextDaily: Date?
    /// nil while the state is saved as it should be.
    public var storage: StorageEntry?

    enum CodingKeys: String, CodingKey {
        case session, pending, storage
        case nextDaily = "next_daily"
    }

    public init(
        session: Session?, pending: [Reminder], nextDaily: Date?, now: Date, messages: Messages = .english, storage: StorageProblem? = nil
    ) {
        self.session = session.map {
            SessionEntry(
                id: $0.id.rawValue, kind: $0.kind.rawValue, title: $0.title, startedAt: $0.startedAt, endsAt: $0.endsAt,
                phase: $0.phase(at: now, messages: messages), percentDone: $0.percentDone(at: now), paused: $0.pausedAt != nil)
        }
        self.pending = pending.sorted { $0.due < $1.due }.map {
            PendingEntry(id: $0.id.rawValue, kind: $0.kind.rawValue, due: $0.due, title: $0.text(messages).title, body: $0.text(messages).body)
        }
        self.nextDaily = nextDaily
        self.storage = storage.map { StorageEntry($0, messages: messages) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)  // `null`, not absent
        try container.encode(pending, forKey: .pending)
        try container.encode(nextDaily, forKey: .nextDaily)
        try container.encode(storage, forKey: .storage)
    }

    public func jsonText(pretty: Bool = false) -> String {
        ISO8601.jsonText(self, pretty: pretty, orElse: "{}")
    }

    public static func decode(jsonText: String) throws -> StatusReport {
        try ISO8601.decode(StatusReport.self, jsonText: jsonText)
    }
}
