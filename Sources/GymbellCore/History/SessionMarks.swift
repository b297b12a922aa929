import FoundationEssentials

/// What the engine keeps of the sessions (issue 33): not the history itself — titles, ends, sets
/// done stay in the state database, where `history` reads them — but, per session, when it started
/// and whether it completed a workout: what the streak, the counts, the milestones, the rest-day
/// advice and the learned reminder time decide with. Sixteen bytes a session, kept in start order;
/// zone-free, so a change of time zone or DST needs nothing rebuilt. Each `StoreChange` updates it
/// (`EngineState.apply`); the state database builds the same from its sessions at start-up
/// (`StateStore.sessionMarks()`), so the two are equal after any sequence of changes.
public struct SessionMarks: Equatable, Sendable {
    /// One session: its start, and how it ended so far.
    public struct Mark: Equatable, Sendable, Comparable {
        public var startedAt: Date
        /// It ended completed.
        public var completed: Bool
        /// A rest timer (not a workout: the completed-workouts count leaves it out).
        public var rest: Bool

        public init(startedAt: Date, completed: Bool, rest: Bool) {
            self.startedAt = startedAt
            self.completed = completed
            self.rest = rest
        }

        public init(_ entry: HistoryEntry) {
            self.init(startedAt: entry.startedAt, completed: entry.outcome == .completed, rest: entry.kind == .rest)
        }

        /// A completed workout (rest timers aside): what `workouts_completed` counts.
        public var completedWorkout: Bool { completed && !rest }

        /// By start; at one instant, by outcome (so that any order of arrival gives one order).
        public static func < (a: Mark, b: Mark) -> Bool {
            (a.startedAt, a.completed ? 1 : 0, a.rest ? 1 : 0) < (b.startedAt, b.completed ? 1 : 0, b.rest ? 1 : 0)
        }
    }

    /// Every session, oldest first.
    public private(set) var marks: [Mark] = []
    /// Completed workouts among them (rest timers aside).
    public private(set) var completedWorkouts = 0
    /// The zone `days` are in (nil: none yet).
    public private(set) var zone: Zone?
    /// Each mark's local day in `zone` (days since 1970), beside `marks`: the rules read years of days
    /// without asking the zone about each start again (`use`, once per zone).
    private(set) var days: [Int32] = []

    public init() {}

    /// The marks of these sessions, in any order.
    public init(_ marks: some Sequence<Mark>) {
        self.marks = marks.sorted()
        completedWorkouts = self.marks.count(where: \.completedWorkout)
    }

    /// The same sessions: the days beside them are worked out from them.
    public static func == (a: SessionMarks, b: SessionMarks) -> Bool { a.marks == b.marks }

    /// Keeps each session's local day in `zone` from now on (worked out again only when it changes).
    public mutating func use(_ zone: Zone) {
        guard zone != self.zone else { return }
        self.zone = zone
        days = marks.map { Self.day(of: $0, in: zone) }
    }

    static func day(of mark: Mark, in zone: Zone) -> Int32 {
        Int32(clamping: LocalDay(containing: mark.startedAt, in: zone).daysSinceEpoch)
    }

    /// Each mark's local day in `zone`, when kept in that zone.
    func days(in zone: Zone) -> [Int32]? { zone == self.zone ? days : nil }

    public init(entries: some Sequence<HistoryEntry>) { self.init(entries.map(Mark.init)) }

    public var count: Int { marks.count }
    public var isEmpty: Bool { marks.isEmpty }

    /// A session started (running: not completed yet).
    public mutating func started(at instant: Date, kind: SessionKind) {
        insert(Mark(startedAt: instant, completed: false, rest: kind == .rest))
    }

    /// The session started at `instant` (of `kind`) ended completed.
    public mutating func completed(startedAt instant: Date, kind: SessionKind) {
        guard let index = index(of: Mark(startedAt: instant, completed: false, rest: kind == .rest)) else { return }
        var mark = marks.remove(at: index)
        if zone != nil { days.remove(at: index) }
        mark.completed = true
        insert(mark)
    }

    private mutating func insert(_ mark: Mark) {
        // Sessions start in order: nearly always at the end.
        var index = marks.count
        while index > 0, mark < marks[index - 1] { index -= 1 }
        marks.insert(mark, at: index)
        if let zone { days.insert(Self.day(of: mark, in: zone), at: index) }
        if mark.completedWorkout { completedWorkouts += 1 }
    }

    /// The first index whose mark starts at or after `instant` (`count` when none does).
    public func firstIndex(startingAtOrAfter instant: Date) -> Int {
        var low = 0
        var high = marks.count
        while low < high {
            let middle = (low + high) / 2
            if marks[middle].startedAt < instant { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where `mark` is (one of them, when two sessions started at one instant alike).
    public func index(of mark: Mark) -> Int? {
        var index = firstIndex(startingAtOrAfter: mark.startedAt)
        while index < marks.count, marks[index].startedAt == mark.startedAt {
            if marks[index] == mark { return index }
            index += 1
        }
        return nil
    }

    /// How many marks started at or before `now` (the rules ignore sessions that start later: a clock
    /// set back). Counted from the end: nearly always `count`.
    public func countStarted(atOrBefore now: Date) -> Int {
        var end = marks.count
        while end > 0, marks[end - 1].startedAt > now { end -= 1 }
        return end
    }

    /// Completed workouts started at or before `now`.
    public func completedWorkouts(atOrBefore now: Date) -> Int {
        completedWorkouts - marks[countStarted(atOrBefore: now)...].count(where: \.completedWorkout)
    }

    /// Whether a workout (a rest timer aside) started on `day` in `zone`, before `now`: a day trained
    /// wherever it was trained (issue 48: on another computer, in an import).
    public func trained(on day: LocalDay, in zone: Zone, before now: Date) -> Bool {
        for mark in marks.reversed() {
            if mark.startedAt > now { continue }
            let markDay = LocalDay(containing: mark.startedAt, in: zone)
            if markDay < day { return false }
            if markDay == day, !mark.rest { return true }
        }
        return false
    }
}
