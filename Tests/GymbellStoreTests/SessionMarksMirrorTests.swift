import FoundationEssentials
import GymbellCore
import Testing
@testable import GymbellStore

/// The engine keeps of the sessions only their marks (`SessionMarks`, issue 33), changed by the same
/// `StoreChange`s the database is: after any (seeded random) script of starts, stops, completions,
/// abandons and restarts, across midnight and both DST changes, the marks the database rebuilds equal
/// the ones kept change by change — and the streaks, counts and learned times read from them equal
/// those counted the plain way from the whole history the database lists.
@Suite("SessionMarks: the engine's summary of the sessions and SQLite agree")
struct SessionMarksMirrorTests {
    /// Central Europe: DST from the last Sunday of March to the last of October.
    static let cet = Zone(PosixTimeZoneRule(parsing: "CET-1CEST,M3.5.0,M10.5.0/3")!)
    static let newYork = Zone(PosixTimeZoneRule(parsing: "EST5EDT,M3.2.0,M11.1.0")!)
    static let zones = [cet, newYork, Zone.utc, Zone.fixed(secondsFromGMT: 5 * 3600 + 1800)]
    /// 2026-03-01T00:00:00Z: the scripts run over March (spring forward on the 29th) into November.
    static let t0 = Date(timeIntervalSince1970: 1_772_323_200)

    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {  // SplitMix64
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let push = WorkoutDefinition(
        name: "push", title: "Push Day",
        kind: .strength(exercises: [Exercise(name: "Bench Press", sets: 2, reps: 8, weight: 80, unit: "kg", rest: [60, 60])]))

    static func plan(_ id: SessionID, kind: Int, at start: Date) -> SessionPlan {
        switch kind {
        case 0: return SessionPlanner.rest(id: id, seconds: 90, startingAt: start)
        case 1: return SessionPlanner.hiit(id: id, plan: HIITPlan(rounds: 2, work: 40, rest: 20), startingAt: start)
        default:
            return StepPlanner.start(id: id, workout: push, steps: WorkoutTimeline.steps(of: push), at: start)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func marksRebuiltFromTheDatabaseEqualTheKeptOnes(seed: UInt64) throws {
        var random = Generator(state: seed)
        let store = try StateStore()
        var state = EngineState(stored: try store.load())
        state.sessions.use(Self.cet)  // as the engine does: each start's local day kept beside it
        var clock = Self.t0
        var number = 0
        func write(_ change: StoreChange) throws {
            state.apply(change)
            try store.apply(change)
        }
        for _ in 0..<160 {
            switch Int.random(in: 0..<10, using: &random) {
            case 0...3:  // a session starts, sometimes at the very instant of the last one
                if Int.random(in: 0..<12, using: &random) > 0 {
                    clock = clock.addingTimeInterval(Double(Int.random(in: 60...(3 * 86_400), using: &random)))
                }
                number += 1
                try write(.start(Self.plan(SessionID("s\(number)"), kind: Int.random(in: 0..<3, using: &random), at: clock), workout: nil))
            case 4...5:
                if let running = state.session { try write(.finish(running.session.id, at: clock.addingTimeInterval(600))) }
            case 6:
                try write(.stop(at: clock.addingTimeInterval(300)))
            case 7:
                if let running = state.session { try write(.abandon(running.session.id)) }
            case 8:  // the daemon restarts: its state read back
                let loaded = try store.load()
                #expect(loaded.sessions == state.sessions)
                state = EngineState(stored: loaded)
                state.sessions.use(Self.cet)
            default:  // sessions around midnight and the DST changes (01:00 UTC)
                clock = Self.t0.addingTimeInterval(Double(Int(clock.timeIntervalSince(Self.t0) / 86_400) + 1) * 86_400 - 1800)
                number += 1
                try write(.start(Self.plan(SessionID("s\(number)"), kind: 2, at: clock), workout: nil))
                try write(.finish(SessionID("s\(number)"), at: clock.addingTimeInterval(3600)))
                clock = clock.addingTimeInterval(Double(Int.random(in: 0...3, using: &random)) * 1800)
            }
        }
        let loaded = try store.load()
        #expect(loaded.sessions == state.sessions)
        #expect(loaded.sessions.count == number)

        // What the rules read from the marks equals what the plain count of the whole history gives.
        let history = try store.history()
        for zone in Self.zones {
            for offset in [-40.0, -3, 0, 0.5, 1, 30] {
                let now = clock.addingTimeInterval(offset * 86_400)
                for days in [[:], [Weekday.mon: "a", .wed: "b", .fri: "c", .sat: "d"]] {
                    let program = ProgrammePlan(main: days)
                    let kept = StatsReport(sessions: state.sessions, program: program, now: now, timeZone: zone, volumeKilograms: 0)
                    let read = StatsReport(sessions: loaded.sessions, program: program, now: now, timeZone: zone, volumeKilograms: 0)
                    #expect(kept == PlainCount.stats(history, program: days, now: now, zone: zone), "\(zone) \(now)")
                    #expect(read == kept, "\(zone) \(now)")
                }
                let starts = LearnedTime().latestStarts(state.sessions, now: now, in: zone)
                #expect(starts == PlainCount.latestStarts(history, now: now, zone: zone), "\(zone) \(now)")
            }
        }
    }
}

/// The streaks, counts and learned starts counted the plain way: a set of every day with a session
/// (as the engine did while it kept the whole history).
enum PlainCount {
    static func days(_ history: [HistoryEntry], now: Date, zone: Zone) -> Set<LocalDay> {
        Set(history.filter { $0.startedAt <= now }.map { LocalDay(containing: $0.startedAt, in: zone) })
    }

    static func stats(_ history: [HistoryEntry], program: [Weekday: String], now: Date, zone: Zone) -> StatsReport {
        let days = days(history, now: now, zone: zone)
        let today = LocalDay(containing: now, in: zone)
        let training = { (day: LocalDay) in program.isEmpty || program[day.weekday] != nil }
        var streak = 0
        if let earliest = days.min() {
            var day = today
            while day >= earliest {
                if training(day) {
                    if days.contains(day) { streak += 1 } else if day != today { break }
                }
                day = day.adding(days: -1)
            }
        }
        var run = 0
        var day = days.contains(today) ? today : today.adding(days: -1)
        while days.contains(day) {
            run += 1
            day = day.adding(days: -1)
        }
        let monday = today.adding(days: -(Weekday.allCases.firstIndex(of: today.weekday) ?? 0))
        let (year, month, _) = today.civil
        let started = history.filter { $0.startedAt <= now }.map { LocalDay(containing: $0.startedAt, in: zone) }
        var weeks = 0
        var week = monday
        let regular = { (monday: LocalDay) in (0..<7).count { days.contains(monday.adding(days: $0)) } >= 2 }
        if !regular(week) { week = week.adding(days: -7) }
        while let earliest = days.min(), week.adding(days: 6) >= earliest, regular(week) {
            weeks += 1
            week = week.adding(days: -7)
        }
        return StatsReport(
            streak: streak, sessionsThisWeek: started.count { (monday...monday.adding(days: 6)).contains($0) },
            sessionsThisMonth: started.count { $0.civil.year == year && $0.civil.month == month }, consecutiveTrainingDays: run,
            workoutsCompleted: history.count { $0.outcome == .completed && $0.kind != .rest && $0.startedAt <= now },
            volumeKilograms: 0, regularWeeks: weeks)
    }

    static func latestStarts(_ history: [HistoryEntry], now: Date, zone: Zone) -> [Weekday: [Int]] {
        var first: [LocalDay: Date] = [:]
        for entry in history where entry.startedAt <= now {
            let day = LocalDay(containing: entry.startedAt, in: zone)
            if let earlier = first[day], earlier <= entry.startedAt { continue }
            first[day] = entry.startedAt
        }
        var starts: [Weekday: [Int]] = [:]
        for (day, start) in first.sorted(by: { $0.key > $1.key }) where starts[day.weekday, default: []].count < 8 {
            starts[day.weekday, default: []].append(LocalTime(of: start, in: zone).secondsSinceMidnight)
        }
        return starts
    }
}
