import FoundationEssentials

/// A set that beat everything logged for its exercise before it (GymBo: "Bench Press: 105 kg × 8
/// (before: 100 kg × 8)").
public struct PersonalRecord: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        /// The heaviest weight lifted for at least this set's reps.
        case heaviest
        /// The best estimated one-rep maximum (Epley).
        case estimatedOneRepMax = "estimated_1rm"
        /// The longest hold of a timed exercise (a plank held 1 min 30 s).
        case longestHold = "longest_hold"
    }

    public var kind: Kind
    public var set: LoggedSet
    /// The set it beat.
    public var previous: LoggedSet

    public init(kind: Kind, set: LoggedSet, previous: LoggedSet) {
        self.kind = kind
        self.set = set
        self.previous = previous
    }

    public var exercise: String { self.set.exercise }
}

/// The best sets of an exercise, for the report.
public struct ExerciseBest: Codable, Hashable, Sendable {
    public var exercise: String
    /// The heaviest set (most reps among equally heavy ones).
    public var heaviest: LoggedSet
    /// The set with the best estimated one-rep maximum, and that estimate in kg.
    public var bestEstimate: LoggedSet
    public var estimatedOneRepMaxKilograms: Double

    public init(exercise: String, heaviest: LoggedSet, bestEstimate: LoggedSet, estimatedOneRepMaxKilograms: Double) {
        self.exercise = exercise
        self.heaviest = heaviest
        self.bestEstimate = bestEstimate
        self.estimatedOneRepMaxKilograms = estimatedOneRepMaxKilograms
    }

    enum CodingKeys: String, CodingKey {
        case exercise, heaviest
        case bestEstimate = "best_estimate"
        case estimatedOneRepMaxKilograms = "estimated_1rm_kg"
    }
}

/// Personal records (docs/progress.md): only sets that were not failed, not warm-ups, and carry both
/// reps and weight count; weights are compared in kilograms, so a change of unit neither makes nor
/// hides a record. A timed set (not a warm-up) counts for its exercise's longest hold.
/// A record must beat the previous best by at least `minPercent` per cent (the `[progress]` key
/// `record_min_percent`, default 2): 100 → 101 kg is noise, 100 → 102.5 kg is a record. An exercise
/// logged for the first time has nothing to beat and sets no record.
public enum PersonalRecords {
    /// Epley's estimate of the one-rep maximum: w × (1 + reps / 30); a single is its own weight.
    public static func estimatedOneRepMax(kilograms weight: Double, reps: Int) -> Double {
        guard reps > 0 else { return 0 }
        return reps == 1 ? weight : weight * (1 + Double(reps) / 30)
    }

    public static func estimate(_ set: LoggedSet) -> Double { estimatedOneRepMax(kilograms: set.kilograms, reps: set.reps ?? 0) }

    /// Lighter than `b`: less weight, or as much for fewer reps.
    public static func lighter(_ a: LoggedSet, _ b: LoggedSet) -> Bool { (a.kilograms, a.reps ?? 0) < (b.kilograms, b.reps ?? 0) }

    /// A lower estimated one-rep maximum than `b`.
    public static func weaker(_ a: LoggedSet, _ b: LoggedSet) -> Bool { estimate(a) < estimate(b) }

    public static func counts(_ set: LoggedSet) -> Bool { !set.failed && !set.warmUp && (set.reps ?? 0) > 0 && (set.weight ?? 0) > 0 }

    /// A timed set that counts for the longest hold: held some seconds, not a warm-up.
    public static func isHold(_ set: LoggedSet) -> Bool { !set.warmUp && (set.seconds ?? 0) > 0 }

    /// Held for less time than `b`.
    public static func shorter(_ a: LoggedSet, _ b: LoggedSet) -> Bool { (a.seconds ?? 0) < (b.seconds ?? 0) }

    /// A set that enters the record book: a counted lift or a hold.
    public static func entersBook(_ set: LoggedSet) -> Bool { counts(set) || isHold(set) }

    /// The records `session` set, one per exercise in the order first done: the heaviest weight for
    /// a rep count where that beat the past, else the best estimated one-rep maximum. `sets` is the
    /// whole log (sets of later sessions are ignored).
    public static func records(of session: SessionID, in sets: [LoggedSet], minPercent: Double) -> [PersonalRecord] {
        let mine = sets.filter { $0.session == session && entersBook($0) }
        guard let start = mine.map(\.at).min() else { return [] }
        let book = RecordBook(sets.lazy.filter { $0.session != session && $0.at < start })
        return book.records(of: mine, minPercent: minPercent)
    }

    /// Every record in the log, session by session in time order: what the report lists per exercise.
    /// One pass over the log in time order (each session measured against a `RecordBook` of the sets
    /// before its first counted one): O(n log n), not a search of the whole log per session.
    public static func timeline(_ sets: [LoggedSet], minPercent: Double) -> [PersonalRecord] {
        let ordered = sets.enumerated().sorted { ($0.element.at, $0.offset) < ($1.element.at, $1.offset) }.map(\.element)
        var sessions: [SessionID] = []
        var seen = Set<SessionID>()
        for set in ordered where seen.insert(set.session).inserted { sessions.append(set.session) }
        // Each session's counted sets in log order, and the instant of its first counted set.
        var counted: [SessionID: [LoggedSet]] = [:]
        for set in sets where entersBook(set) { counted[set.session, default: []].append(set) }
        let starts = counted.compactMap { id, sets in sets.map(\.at).min().map { (id, $0) } }.sorted { $0.1 < $1.1 }
        var book = RecordBook()
        var next = 0
        let log = ordered.filter(entersBook)
        var found: [SessionID: [PersonalRecord]] = [:]
        for (id, start) in starts {
            while next < log.count, log[next].at < start {
                book.add(log[next])
                next += 1
            }
            found[id] = book.records(of: counted[id] ?? [], minPercent: minPercent)
        }
        return sessions.flatMap { found[$0] ?? [] }
    }

    /// The best sets of each exercise logged, by exercise name.
    public static func bests(_ sets: [LoggedSet]) -> [ExerciseBest] {
        var byExercise: [String: [LoggedSet]] = [:]
        for set in sets where counts(set) { byExercise[set.exercise, default: []].append(set) }
        return byExercise.keys.sorted().compactMap { exercise in
            let all = byExercise[exercise] ?? []
            guard let heaviest = all.max(by: lighter),
                let best = all.max(by: weaker)
            else { return nil }
            return ExerciseBest(exercise: exercise, heaviest: heaviest, bestEstimate: best, estimatedOneRepMaxKilograms: estimate(best))
        }
    }

    /// The longest hold of each timed exercise logged, by exercise name (the first of equals).
    public static func holds(_ sets: [LoggedSet]) -> [LoggedSet] {
        var longest: [String: LoggedSet] = [:]
        for set in sets where isHold(set) {
            if let known = longest[set.exercise], !shorter(known, set) { continue }
            longest[set.exercise] = set
        }
        return longest.keys.sorted().compactMap { longest[$0] }
    }
}

/// Every exercise's best sets and every record in the log (the D-Bus `Records` method answers it as
/// JSON): what the report shows of all the training, from the summary the daemon keeps, so that the
/// report reads the set log only for the weeks it draws (issue 33).
public struct RecordsReport: Codable, Hashable, Sendable {
    public var bests: [ExerciseBest]
    public var records: [PersonalRecord]
    /// The longest hold of each timed exercise, by exercise name (`PersonalRecords.holds`).
    public var holds: [LoggedSet]
    /// Each AMRAP workout's most rounds, by workout name (issue 44).
    public var rounds: [RoundsBest]

    public init(bests: [ExerciseBest], records: [PersonalRecord], holds: [LoggedSet] = [], rounds: [RoundsBest] = []) {
        self.bests = bests
        self.records = records
        self.holds = holds
        self.rounds = rounds
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        bests = try c.decode([ExerciseBest].self, forKey: .bests)
        records = try c.decode([PersonalRecord].self, forKey: .records)
        holds = try c.decodeIfPresent([LoggedSet].self, forKey: .holds) ?? []
        rounds = try c.decodeIfPresent([RoundsBest].self, forKey: .rounds) ?? []
    }

    public func jsonText() -> String { ISO8601.jsonText(self, orElse: "{}") }

    public static func decode(jsonText: String) throws -> RecordsReport { try ISO8601.decode(RecordsReport.self, jsonText: jsonText) }
}
