import FoundationEssentials

/// The synced folder as `gymbell status` shows it (issue 48): where it is, whether it is there, and
/// each other computer's journal — how many of its workouts this computer has and, when a line or the
/// file could not be merged, why.
public struct SyncStatus: Codable, Equatable, Sendable {
    public struct Journal: Codable, Equatable, Sendable {
        /// The file's name in the folder.
        public var file: String
        /// Workouts merged from it so far.
        public var sessions: Int
        /// Why some of it was not merged (the first reason, with its line); nil: all of it was.
        public var problem: String?

        public init(file: String, sessions: Int, problem: String? = nil) {
            self.file = file
            self.sessions = sessions
            self.problem = problem
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(file, forKey: .file)
            try container.encode(sessions, forKey: .sessions)
            try container.encode(problem, forKey: .problem)  // `null`, not absent
        }
    }

    /// The folder as the config names it, `~` put in.
    public var folder: String
    /// This computer's id; its journal is `gymbell-<device>.jsonl`.
    public var device: String
    /// Whether the folder is there now (a removable disk may be away: gymbell goes on and merges when it is back).
    public var available: Bool
    /// The other computers' journals, by file name.
    public var journals: [Journal]
    /// When a merge last brought something in; nil: nothing yet since the daemon started.
    public var mergedAt: Date?
    /// Why this computer's own journal could not be written (nil: it is up to date or waits for the folder).
    public var writeProblem: String?

    public init(folder: String, device: String, available: Bool, journals: [Journal] = [], mergedAt: Date? = nil, writeProblem: String? = nil) {
        self.folder = folder
        self.device = device
        self.available = available
        self.journals = journals
        self.mergedAt = mergedAt
        self.writeProblem = writeProblem
    }

    enum CodingKeys: String, CodingKey {
        case folder, device, available, journals
        case mergedAt = "merged_at"
        case writeProblem = "write_problem"
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(folder, forKey: .folder)
        try container.encode(device, forKey: .device)
        try container.encode(available, forKey: .available)
        try container.encode(journals, forKey: .journals)
        try container.encode(mergedAt, forKey: .mergedAt)
        try container.encode(writeProblem, forKey: .writeProblem)
    }

    /// The lines of `gymbell status`: "Sync: ~/Sync/gymbell — 1 other computer, 12 workouts merged…",
    /// then one per journal not wholly merged, with why.
    public var summaryLines: [String] {
        var text = "Sync: \(folder)"
        guard available else { return [text + " — not there now; workouts are kept here and merged when it is back"] }
        let merged = journals.reduce(0) { $0 + $1.sessions }
        let computers = Set(journals.compactMap { JournalName.device(of: $0.file) }).count
        text += computers == 0
            ? " — no other computer's journal yet"
            : " — \(computers) other computer\(computers == 1 ? "" : "s"), \(merged) workout\(merged == 1 ? "" : "s") merged"
        if let mergedAt { text += ", last at \(ISO8601.format(mergedAt))" }
        var lines = [text]
        for journal in journals {
            if let problem = journal.problem { lines.append("  \(journal.file): \(problem)") }
        }
        if let writeProblem { lines.append("  this computer's journal: \(writeProblem)") }
        return lines
    }
}
