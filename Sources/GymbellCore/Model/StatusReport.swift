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
        /// A workout of steps: the step now, its round and the next (nil for other sessions; absent
        /// from daemons before issue 44).
        public var step: StatusStep?

        enum CodingKeys: String, CodingKey {
            case id, kind, title, phase, paused, step
            case percentDone = "percent_done"
            case startedAt = "started_at"
            case endsAt = "ends_at"
        }

        /// Every key written: `step` is `null` for a session that is not a workout of steps.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(title, forKey: .title)
            try container.encode(startedAt, forKey: .startedAt)
            try container.encode(endsAt, forKey: .endsAt)
            try container.encode(phase, forKey: .phase)
            try container.encode(percentDone, forKey: .percentDone)
            try container.encode(paused, forKey: .paused)
            try container.encode(step, forKey: .step)
        }
    }

    public struct PendingEntry: Codable, Equatable, Sendable {
        public var id: String
        public var kind: String
        /// When it falls due. A paused session's reminder falls due only after the session resumes:
        /// its `due` is then when it would if resumed now (it moves on while the pause lasts).
        public var due: Date
        public var title: String
        public var body: String
        /// It belongs to a paused session's timeline and waits for it to resume.
        public var paused: Bool
        /// For a paused one: how long after the resume it falls due, in seconds; nil otherwise.
        public var afterResume: TimeInterval?
        /// An `overload_suggestion`'s suggestions, each exercise's weight and the one suggested (the
        /// window's finish page offers them); absent for every other kind.
        public var overload: [OverloadSuggestion]?

        public init(
            id: String, kind: String, due: Date, title: String, body: String, paused: Bool = false, afterResume: TimeInterval? = nil,
            overload: [OverloadSuggestion]? = nil
        ) {
            self.id = id
            self.kind = kind
            self.due = due
            self.title = title
            self.body = body
            self.paused = paused
            self.afterResume = afterResume
            self.overload = overload
        }

        enum CodingKeys: String, CodingKey {
            case id, kind, due, title, body, paused, overload
            case afterResume = "after_resume"
        }

        /// Reads what daemons before `paused` and `after_resume` sent too.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            id = try container.decode(String.self, forKey: .id)
            kind = try container.decode(String.self, forKey: .kind)
            due = try container.decode(Date.self, forKey: .due)
            title = try container.decode(String.self, forKey: .title)
            body = try container.decode(String.self, forKey: .body)
            paused = try container.decodeIfPresent(Bool.self, forKey: .paused) ?? false
            afterResume = try container.decodeIfPresent(TimeInterval.self, forKey: .afterResume)
            overload = try container.decodeIfPresent([OverloadSuggestion].self, forKey: .overload)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(id, forKey: .id)
            try container.encode(kind, forKey: .kind)
            try container.encode(due, forKey: .due)
            try container.encode(title, forKey: .title)
            try container.encode(body, forKey: .body)
            try container.encode(paused, forKey: .paused)
            try container.encode(afterResume, forKey: .afterResume)  // `null`, not absent
            try container.encodeIfPresent(overload, forKey: .overload)
        }
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
    /// What holds reminders now and which are held (AttentionRules); nil when nothing holds them.
    public var held: HeldEntry?
    public var nextDaily: Date?
    /// nil while the state is saved as it should be.
    public var storage: StorageEntry?
    /// The synced folder (issue 48); nil without `[sync]` (and from daemons before it).
    public var sync: SyncStatus?

    enum CodingKeys: String, CodingKey {
        case session, pending, storage, held, sync
        case nextDaily = "next_daily"
    }

    public init(
        session: Session?, pending: [Reminder], nextDaily: Date?, now: Date, messages: Messages = .english, storage: StorageProblem? = nil,
        held: HeldEntry? = nil, sync: SyncStatus? = nil
    ) {
        self.held = held
        self.sync = sync
        self.session = session.map {
            SessionEntry(
                id: $0.id.rawValue, kind: $0.kind.rawValue, title: $0.title, startedAt: $0.startedAt, endsAt: $0.endsAt,
                phase: $0.phase(at: now, messages: messages), percentDone: $0.percentDone(at: now), paused: $0.pausedAt != nil,
                step: StatusStep($0, at: now, messages: messages))
        }
        // A paused session's reminders wait, unshifted, until it resumes (EngineState.isWaiting): what is
        // left of each is counted from the pause.
        let pausedAt = session?.pausedAt
        self.pending = pending.sorted { $0.due < $1.due }.map { reminder -> PendingEntry in
            let text = reminder.text(messages)
            guard let pausedAt, reminder.sessionID == session?.id else {
                var overload: [OverloadSuggestion]?
                if case .overload(let suggestions) = reminder.content { overload = suggestions }
                return PendingEntry(
                    id: reminder.id.rawValue, kind: reminder.kind.rawValue, due: reminder.due, title: text.title, body: text.body, overload: overload)
            }
            let left = max(0, reminder.due.timeIntervalSince(pausedAt))
            return PendingEntry(
                id: reminder.id.rawValue, kind: reminder.kind.rawValue, due: max(now, pausedAt).addingTimeInterval(left), title: text.title,
                body: text.body, paused: true, afterResume: left)
        }.sorted { $0.due < $1.due }
        self.nextDaily = nextDaily
        self.storage = storage.map { StorageEntry($0, messages: messages) }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(session, forKey: .session)  // `null`, not absent
        try container.encode(pending, forKey: .pending)
        try container.encode(nextDaily, forKey: .nextDaily)
        try container.encode(storage, forKey: .storage)
        try container.encode(held, forKey: .held)
        try container.encode(sync, forKey: .sync)
    }

    public func jsonText(pretty: Bool = false) -> String {
        ISO8601.jsonText(self, pretty: pretty, orElse: "{}")
    }

    public static func decode(jsonText: String) throws -> StatusReport {
        try ISO8601.decode(StatusReport.self, jsonText: jsonText)
    }
}
