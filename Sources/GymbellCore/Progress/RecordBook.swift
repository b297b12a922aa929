import FoundationEssentials

/// The best counted sets of one exercise: the heaviest per rep count, the best estimated one-rep
/// maximum and the longest hold. What a new session must beat for a record, in room that grows with the rep counts used,
/// not with the sets logged. Among equals the first one added stays.
public struct ExerciseBests: Codable, Equatable, Sendable {
    /// The heaviest counted set per rep count.
    public private(set) var heaviestByReps: [Int: LoggedSet] = [:]
    /// The counted set with the best estimated one-rep maximum.
    public private(set) var bestEstimate: LoggedSet?
    /// The timed set held longest (`PersonalRecords.isHold`).
    public private(set) var longestHold: LoggedSet?

    public init() {}

    /// Bests as kept (a snapshot read back).
    public init(heaviestByReps: [Int: LoggedSet], bestEstimate: LoggedSet?, longestHold: LoggedSet? = nil) {
        self.heaviestByReps = heaviestByReps
        self.bestEstimate = bestEstimate
        self.longestHold = longestHold
    }

    /// Takes in a set if it counts (`PersonalRecords.counts`) or is a hold (`PersonalRecords.isHold`).
    public mutating func add(_ set: LoggedSet) {
        if PersonalRecords.isHold(set) {
            if let known = longestHold {
                if PersonalRecords.shorter(known, set) { longestHold = set }
            } else {
                longestHold = set
            }
        }
        guard PersonalRecords.counts(set) else { return }
        let reps = set.reps ?? 0
        if let known = heaviestByReps[reps] {
            if PersonalRecords.lighter(known, set) { heaviestByReps[reps] = set }
        } else {
            heaviestByReps[reps] = set
        }
        if let known = bestEstimate {
            if PersonalRecords.weaker(known, set) { bestEstimate = set }
        } else {
            bestEstimate = set
        }
    }

    /// The heaviest set of at least `reps` reps (most reps among equally heavy ones).
    public func heaviest(atLeast reps: Int) -> LoggedSet? {
        // (kilograms, reps) never tie across rep counts, so the order of the counts does not matter.
        heaviestByReps.lazy.filter { $0.key >= reps }.map(\.value).max(by: PersonalRecords.lighter)
    }

    /// The heaviest set of all (most reps among equally heavy ones).
    public var heaviest: LoggedSet? { heaviest(atLeast: 0) }

    public var isEmpty: Bool { bestEstimate == nil && longestHold == nil }
}

/// Every exercise's bests (`ExerciseBests`), by exercise name: what the records of a new session are
/// measured against, kept as sets are logged instead of searching the whole log.
public struct RecordBook: Codable, Equatable, Sendable {
    public private(set) var exercises: [String: ExerciseBests] = [:]

    public init() {}

    /// A book as kept (a snapshot read back).
    public init(exercises: [String: ExerciseBests]) { self.exercises = exercises }

    public init(_ sets: some Sequence<LoggedSet>) {
        for set in sets { add(set) }
    }

    public mutating func add(_ set: LoggedSet) {
        guard PersonalRecords.entersBook(set) else { return }
        exercises[set.exercise, default: ExerciseBests()].add(set)
    }

    public subscript(exercise: String) -> ExerciseBests? { exercises[exercise] }

    /// The records a session's sets (`mine`, in the order done) set against this book, which holds
    /// what was logged before them: one per exercise in the order first done (`PersonalRecords.records`).
    public func records(of mine: [LoggedSet], minPercent: Double) -> [PersonalRecord] {
        candidates(of: mine).compactMap { $0.record(minPercent: minPercent) }
    }

    /// What a session's sets beat in this book, per exercise in the order first done: enough to tell
    /// its records for any `record_min_percent` later (the summary keeps these, not the sets).
    public func candidates(of mine: [LoggedSet]) -> [RecordCandidate] {
        let counted = mine.filter(PersonalRecords.entersBook)
        var exercises: [String] = []
        var seen = Set<String>()
        for set in counted where seen.insert(set.exercise).inserted { exercises.append(set.exercise) }
        return exercises.compactMap { exercise in
            guard let before = self.exercises[exercise], !before.isEmpty else { return nil }
            let entered = counted.filter { $0.exercise == exercise }
            let now = entered.filter(PersonalRecords.counts)
            // Heaviest for its reps: this session's heaviest set against the heaviest earlier set of at
            // least as many reps; the best estimated one-rep maximum against the best before.
            var candidate = RecordCandidate()
            if let top = now.max(by: PersonalRecords.lighter), let best = before.heaviest(atLeast: top.reps ?? 0),
                top.kilograms > best.kilograms
            {
                candidate.heaviest = PersonalRecord(kind: .heaviest, set: top, previous: best)
            }
            if let top = now.max(by: PersonalRecords.weaker), let best = before.bestEstimate,
                PersonalRecords.estimate(top) > PersonalRecords.estimate(best)
            {
                candidate.estimate = PersonalRecord(kind: .estimatedOneRepMax, set: top, previous: best)
            }
            if let top = entered.filter(PersonalRecords.isHold).max(by: PersonalRecords.shorter), let best = before.longestHold,
                PersonalRecords.shorter(best, top)
            {
                candidate.hold = PersonalRecord(kind: .longestHold, set: top, previous: best)
            }
            return candidate.heaviest == nil && candidate.estimate == nil && candidate.hold == nil ? nil : candidate
        }
    }
}

/// A session's exercise that beat the book: its heaviest set over the heaviest before (for at least
/// as many reps), its best estimated one-rep maximum over the best before, its longest hold over the
/// longest before — each when it is more.
public struct RecordCandidate: Codable, Hashable, Sendable {
    public var heaviest: PersonalRecord?
    public var estimate: PersonalRecord?
    public var hold: PersonalRecord?

    public init(heaviest: PersonalRecord? = nil, estimate: PersonalRecord? = nil, hold: PersonalRecord? = nil) {
        self.heaviest = heaviest
        self.estimate = estimate
        self.hold = hold
    }

    /// The set that beat the book (the records, when there are more, are of the same session and exercise).
    public var set: LoggedSet? { heaviest?.set ?? estimate?.set ?? hold?.set }

    /// The record it is when a record must beat the old best by `minPercent` per cent: the heaviest
    /// weight where that did, else the estimate.
    public func record(minPercent: Double) -> PersonalRecord? {
        let factor = 1 + max(0, minPercent) / 100
        if let heaviest, heaviest.set.kilograms >= heaviest.previous.kilograms * factor - 1e-9 { return heaviest }
        let value = PersonalRecords.estimate
        if let estimate, value(estimate.set) >= value(estimate.previous) * factor - 1e-9 { return estimate }
        let held = { (set: LoggedSet) in Double(set.seconds ?? 0) }
        if let hold, held(hold.set) >= held(hold.previous) * factor - 1e-9 { return hold }
        return nil
    }
}
