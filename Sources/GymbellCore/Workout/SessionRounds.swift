import FoundationEssentials

/// The rounds of a circuit or an AMRAP as the log keeps them (issue 44): a circuit's rounds completed,
/// an AMRAP's rounds counted with Done; and an AMRAP workout's most rounds, its record.
extension Session {
    /// Rounds done by `now`: an AMRAP's counted rounds, or a circuit's rounds whose every station has
    /// been done (or passed over); nil for a session without rounds.
    public func rounds(at now: Date) -> (count: Int, amrap: Bool)? {
        guard kind == .circuit, let progress = stepProgress else { return nil }
        if progress.countsRounds { return (progress.roundsCounted, true) }
        let position = stepPosition(at: now)?.step ?? progress.index
        var lastStep: [Int: Int] = [:]  // round → its last station's step
        for (index, step) in progress.steps.enumerated() where step.isWork {
            if let round = step.round { lastStep[round] = index }
        }
        guard !lastStep.isEmpty else { return nil }
        return (lastStep.values.count { $0 < position }, false)
    }
}

extension StepProgress {
    /// An AMRAP: its one work step counts rounds with Done.
    public var countsRounds: Bool { steps.contains(where: \.countsRounds) }

    /// The rounds counted, and the record they beat: `roundsToBeat` when more than it (nil otherwise).
    var roundsBeaten: Int? { roundsToBeat.flatMap { roundsCounted > $0 ? $0 : nil } }
}

/// An AMRAP workout's most rounds (a record, like a lift's heaviest set): the completed session that
/// counted them, the first of equals.
public struct RoundsBest: Codable, Hashable, Sendable {
    /// The `[workouts]` name.
    public var workout: String
    /// The session's title.
    public var title: String
    public var rounds: Int
    public var session: SessionID
    public var startedAt: Date

    public init(workout: String, title: String, rounds: Int, session: SessionID, startedAt: Date) {
        self.workout = workout
        self.title = title
        self.rounds = rounds
        self.session = session
        self.startedAt = startedAt
    }

    enum CodingKeys: String, CodingKey {
        case workout, title, rounds, session
        case startedAt = "started_at"
    }

    /// Each workout's best of `entries` (completed AMRAP sessions of a `[workouts]` name; more rounds
    /// win, then the earlier), by workout name.
    public static func bests(_ entries: some Sequence<HistoryEntry>) -> [String: RoundsBest] {
        var bests: [String: RoundsBest] = [:]
        for entry in entries {
            guard let best = RoundsBest(entry) else { continue }
            bests[best.workout] = bests[best.workout].map { $0.keeping(best) } ?? best
        }
        return bests
    }

    /// The record `entry` holds for its workout, if it is a completed AMRAP with a name.
    public init?(_ entry: HistoryEntry) {
        guard entry.amrap, entry.outcome == .completed, let workout = entry.workout, let rounds = entry.rounds else { return nil }
        self.init(workout: workout, title: entry.title, rounds: rounds, session: entry.id, startedAt: entry.startedAt)
    }

    /// The better of this and `other`: more rounds, then the earlier start, then the smaller id.
    public func keeping(_ other: RoundsBest) -> RoundsBest {
        if other.rounds != rounds { return other.rounds > rounds ? other : self }
        return (other.startedAt, other.session.rawValue) < (startedAt, session.rawValue) ? other : self
    }
}
