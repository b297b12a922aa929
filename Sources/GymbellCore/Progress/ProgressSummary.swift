import FoundationEssentials

/// What the engine keeps of the set log (issue 33): not every set ever logged, but what its rules
/// decide with — the bests that records are measured against, the latest session's sets, each
/// exercise's last sessions for the overload rule, and the volume lifted: room bounded by the
/// exercises, not by the years. Each set logged is added as it comes (`add`); the state database
/// rebuilds the same from the whole log at start-up by adding its sets in the order they were logged,
/// so the two are equal after any sequence of changes. What each earlier session beat (its
/// `RecordCandidate`s, the records timeline) is not kept here: `add` hands it out as the session's
/// sets close, and it is written to the database (`StoreChange.keepRecords`), where the report reads it.
public struct ProgressSummary: Codable, Equatable, Sendable {
    /// How many sessions per exercise the overload runs keep: the most `overload_sessions` allows.
    public static let runLength = 20

    /// The bests of every set logged before the latest session's.
    public private(set) var book = RecordBook()
    /// The latest session's sets (the end of the log that belongs to one session), in the order logged.
    public private(set) var latest: [LoggedSet] = []
    /// Per exercise, its sets in the last `runLength` sessions that had it, session by session, oldest first.
    public private(set) var runs: [String: [[LoggedSet]]] = [:]
    /// Σ reps × kg of every set, in whole milligrams: integers, so the sum is the same in any order.
    public private(set) var volumeMilligrams: Int64 = 0
    /// Sets logged in all.
    public private(set) var count = 0

    public init() {}

    /// A summary as kept (a snapshot read back; `StoredProgress.saveSnapshot`).
    public init(
        book: RecordBook, latest: [LoggedSet], runs: [String: [[LoggedSet]]], volumeMilligrams: Int64, count: Int
    ) {
        self.book = book
        self.latest = latest
        self.runs = runs
        self.volumeMilligrams = volumeMilligrams
        self.count = count
    }

    /// The summary of a whole log, in the order logged.
    public init(_ log: some Sequence<LoggedSet>) {
        for set in log { add(set) }
    }

    /// The summary of a whole log and what each of its sessions but the latest beat, in the order
    /// logged: what the database's records timeline holds when every set went through `add`.
    public static func rebuilt(from log: some Sequence<LoggedSet>) -> (ProgressSummary, closed: [RecordCandidate]) {
        var summary = ProgressSummary()
        var closed: [RecordCandidate] = []
        for set in log { closed += summary.add(set) }
        return (summary, closed)
    }

    /// What the latest session beat, when `set` closes it (it belongs to another session): what `add`
    /// will hand out for it. Empty while `set` is of the latest session.
    public func closing(before set: LoggedSet) -> [RecordCandidate] {
        guard let first = latest.first, first.session != set.session else { return [] }
        return book.candidates(of: latest)
    }

    /// Adds `set`; when it closes the latest session (it is another's), returns what that session beat
    /// (`closing(before:)`): the summary keeps its bests, the records timeline goes to the database.
    @discardableResult
    public mutating func add(_ set: LoggedSet) -> [RecordCandidate] {
        let closed = closing(before: set)
        if let first = latest.first, first.session != set.session {
            for earlier in latest { book.add(earlier) }
            latest = []
        }
        latest.append(set)
        runs[set.exercise, default: []].addToRun(set, keeping: Self.runLength)  // in place: no copy of the runs per set
        volumeMilligrams += Self.milligrams(set)
        count += 1
        return closed
    }

    /// A set's volume in whole milligrams.
    public static func milligrams(_ set: LoggedSet) -> Int64 { Int64((set.volumeKilograms * 1_000_000).rounded()) }

    /// Kilograms lifted in every set logged.
    public var volumeKilograms: Double { Double(volumeMilligrams) / 1_000_000 }

    /// Kilograms lifted in every set logged before `session`'s, when it is the latest session with sets.
    public func volumeKilograms(before session: SessionID) -> Double {
        guard latest.first?.session == session else { return volumeKilograms }
        return Double(volumeMilligrams - latest.reduce(0) { $0 + Self.milligrams($1) }) / 1_000_000
    }

    /// The records `session` set (`PersonalRecords.records`): it is the latest session with sets when
    /// it has just ended; any other session's records were told when it ended.
    public func records(of session: SessionID, minPercent: Double) -> [PersonalRecord] {
        guard latest.first?.session == session else { return [] }
        return book.records(of: latest, minPercent: minPercent)
    }

    /// Every record in the log, session by session in the order logged (`PersonalRecords.timeline`):
    /// `earlier`, what the sessions before the latest beat (the database's records timeline), then the
    /// latest session's.
    public func timeline(earlier: [RecordCandidate], minPercent: Double) -> [PersonalRecord] {
        (earlier + book.candidates(of: latest)).compactMap { $0.record(minPercent: minPercent) }
    }

    /// The best sets of each exercise logged, by exercise name (`PersonalRecords.bests`).
    public var bests: [ExerciseBest] {
        var all = book
        for set in latest { all.add(set) }
        return all.exercises.keys.sorted().compactMap { exercise in
            guard let bests = all[exercise], let heaviest = bests.heaviest, let best = bests.bestEstimate else { return nil }
            return ExerciseBest(
                exercise: exercise, heaviest: heaviest, bestEstimate: best, estimatedOneRepMaxKilograms: PersonalRecords.estimate(best))
        }
    }

    /// The longest hold of each timed exercise logged, by exercise name (`PersonalRecords.holds`).
    public var holds: [LoggedSet] {
        var all = book
        for set in latest { all.add(set) }
        return all.exercises.keys.sorted().compactMap { all[$0]?.longestHold }
    }

    /// The sets of the last sessions that had each of `exercises`, in the order logged: what the
    /// overload rule reads (it looks at no more than `runLength` sessions of an exercise).
    public func recentSets(of exercises: [String]) -> [LoggedSet] {
        var seen = Set<String>()
        return exercises.filter { seen.insert($0).inserted }.flatMap { (runs[$0] ?? []).flatMap { $0 } }
    }
}

extension Array<[LoggedSet]> {
    /// Adds `set` to its session's run (the last one, as a rule), or as a new run, keeping the last `length` runs.
    fileprivate mutating func addToRun(_ set: LoggedSet, keeping length: Int) {
        if let last = indices.last, self[last].first?.session == set.session {
            self[last].append(set)
        } else if let index = lastIndex(where: { $0.first?.session == set.session }) {
            self[index].append(set)
        } else {
            append([set])
            if count > length { removeFirst(count - length) }
        }
    }
}
