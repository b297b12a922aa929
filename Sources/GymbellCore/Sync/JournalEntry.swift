import FoundationEssentials

/// One line of a journal in a synced folder (issue 48): what one computer did to its history, for the
/// others to merge. A journal is data, never code: every line is decoded on its own, checked against
/// the bounds every other door keeps (`RecordBounds`), and a line that fails is skipped, never the file.
///
/// `{"journal":1,"device":"…","written":"2026-12-03T18:45:00.000Z","session":{…}}` — one of `session`
/// (an ended workout with its sets, as `gymbell import` takes them), `revision` (a set corrected) or
/// `weight` (a next-time weight accepted).
public struct JournalEntry: Equatable, Sendable {
    /// The format this gymbell writes and reads; a line of a higher one is left for a newer gymbell.
    public static let format = 1
    /// The longest line read (a session of `RecordBounds.setsPerSession` sets fits many times over).
    public static let lineLimit = 4 << 20

    public var device: DeviceID
    /// When the writing computer wrote it, by its clock.
    public var written: Date
    public var event: JournalEvent

    public init(device: DeviceID, written: Date, event: JournalEvent) {
        self.device = device
        self.written = written
        self.event = event
    }
}

public enum JournalEvent: Equatable, Sendable {
    /// A workout that ended, with its sets: merged once, by its id (a session UUID is unique across computers).
    case session(ImportedSession)
    /// A set corrected (`gymbell history correct`, the Log page).
    case revision(SetRevision)
    /// A weight planned from the next workout on (an overload suggestion accepted, `gymbell weight`).
    case weight(WeightOverride)
}

/// A logged set as corrected. Computers number their logs apart, so the set is named by its session
/// and its place in it (1-based, in the order done): the same on every computer that has the session.
/// Two corrections of one set: the later `revisedAt` wins, then the greater device id — every
/// computer picks the same one whatever order they arrive in (clocks that differ by minutes can
/// pick the earlier of two corrections made minutes apart on two computers; both are kept in the journals).
public struct SetRevision: Codable, Equatable, Sendable {
    public var session: SessionID
    public var ordinal: Int
    public var reps: Int?
    public var weight: Double?
    public var failed: Bool
    public var seconds: Int?
    public var warmUp: Bool
    public var rpe: Double?
    public var revisedAt: Date

    public init(session: SessionID, ordinal: Int, of set: LoggedSet, revisedAt: Date) {
        self.session = session
        self.ordinal = ordinal
        reps = set.reps
        weight = set.weight
        failed = set.failed
        seconds = set.seconds
        warmUp = set.warmUp
        rpe = set.rpe
        self.revisedAt = revisedAt
    }

    enum CodingKeys: String, CodingKey {
        case session, ordinal, reps, weight, failed, seconds, rpe
        case warmUp = "warm_up"
        case revisedAt = "revised_at"
    }

    /// Whether this revision, by `device`, wins over the one the set has (`revisedAt`, by `by`; nil: never corrected).
    public func wins(by device: DeviceID, over stamp: (revisedAt: Date, by: DeviceID)?) -> Bool {
        guard let stamp else { return true }
        if revisedAt != stamp.revisedAt { return revisedAt > stamp.revisedAt }
        return device > stamp.by
    }

    /// The set with this revision's values.
    public func applied(to set: LoggedSet) -> LoggedSet {
        var revised = set
        revised.reps = reps
        revised.weight = weight
        revised.failed = failed
        revised.seconds = seconds
        revised.warmUp = warmUp
        revised.rpe = rpe
        return revised
    }
}
