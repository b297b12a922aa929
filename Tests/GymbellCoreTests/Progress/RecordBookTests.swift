import Foundation
import Testing
@testable import GymbellCore

/// The records timeline in one pass (issue 33) gives what the search of the whole log per session gave.
@Suite("Record book and the records timeline")
struct RecordBookTests {
    /// The records of `session` as they were found before issue 33: every earlier counted set of the
    /// exercise searched for each session. The reference the one-pass timeline is held to.
    static func searchedRecords(of session: SessionID, in sets: [LoggedSet], minPercent: Double) -> [PersonalRecord] {
        let counts = PersonalRecords.counts
        let mine = sets.filter { $0.session == session && counts($0) }
        guard let start = mine.map(\.at).min() else { return [] }
        var exercises: [String] = []
        for set in mine where !exercises.contains(set.exercise) { exercises.append(set.exercise) }
        let factor = 1 + max(0, minPercent) / 100
        let estimate = PersonalRecords.estimate
        return exercises.compactMap { exercise in
            let now = mine.filter { $0.exercise == exercise }
            let before = sets.filter { $0.exercise == exercise && $0.session != session && $0.at < start && counts($0) }
            guard !before.isEmpty else { return nil }
            if let top = now.max(by: PersonalRecords.lighter),
                let best = before.filter({ ($0.reps ?? 0) >= (top.reps ?? 0) }).max(by: PersonalRecords.lighter),
                top.kilograms > best.kilograms, top.kilograms >= best.kilograms * factor - 1e-9
            {
                return PersonalRecord(kind: .heaviest, set: top, previous: best)
            }
            guard let top = now.max(by: PersonalRecords.weaker), let best = before.max(by: PersonalRecords.weaker),
                estimate(top) > estimate(best), estimate(top) >= estimate(best) * factor - 1e-9
            else { return nil }
            return PersonalRecord(kind: .estimatedOneRepMax, set: top, previous: best)
        }
    }

    static func searchedTimeline(_ sets: [LoggedSet], minPercent: Double) -> [PersonalRecord] {
        var sessions: [SessionID] = []
        var seen = Set<SessionID>()
        for set in sets.sorted(by: { $0.at < $1.at }) where seen.insert(set.session).inserted { sessions.append(set.session) }
        return sessions.flatMap { searchedRecords(of: $0, in: sets, minPercent: minPercent) }
    }

    /// A log as a person makes it, sessions one after another, with units, failures, body-weight sets
    /// and repeated loads (ties), from a fixed seed.
    static func log(seed: UInt64, sessions: Int) -> [LoggedSet] {
        var state = seed
        func next(_ n: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(n))
        }
        let exercises = ["Bench Press", "Squat", "Deadlift", "Dips"]
        var sets: [LoggedSet] = []
        for s in 0..<sessions {
            let start = Date(timeIntervalSince1970: 1_750_000_000 + Double(s) * 86_400 * 2)
            var minute = 0
            for exercise in exercises where next(3) > 0 {
                for number in 1...(1 + next(4)) {
                    let unit: WeightUnit = next(5) == 0 ? .lb : .kg
                    let weight: Double? = exercise == "Dips" ? nil : Double(60 + 5 * next(12)) / 2 * 2
                    sets.append(LoggedSet(
                        session: SessionID("s\(s)"), workout: "w", exercise: exercise, setNumber: number, reps: [1, 3, 5, 8, 8, 10][next(6)],
                        plannedReps: 8, weight: weight, unit: unit, failed: next(8) == 0, at: start.addingTimeInterval(Double(minute * 60))))
                    minute += 1 + next(3)
                }
            }
        }
        return sets
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8] as [UInt64])
    func timelineEqualsTheSearch(seed: UInt64) {
        let sets = Self.log(seed: seed, sessions: 60)
        for minPercent in [0.0, 2, 5] {
            #expect(PersonalRecords.timeline(sets, minPercent: minPercent) == Self.searchedTimeline(sets, minPercent: minPercent))
        }
        let last = sets.last!.session
        #expect(PersonalRecords.records(of: last, in: sets, minPercent: 2) == Self.searchedRecords(of: last, in: sets, minPercent: 2))
    }

    /// What the daemon keeps (`ProgressSummary`) gives the report the same records and bests as the
    /// whole log did, for any record_min_percent.
    @Test(arguments: [1, 2, 3, 4] as [UInt64])
    func theSummaryGivesTheTimelineAndTheBestsOfTheLog(seed: UInt64) {
        let sets = Self.log(seed: seed, sessions: 60)
        let (summary, closed) = ProgressSummary.rebuilt(from: sets)
        #expect(summary == ProgressSummary(sets))
        for minPercent in [0.0, 2, 5] {
            #expect(summary.timeline(earlier: closed, minPercent: minPercent) == PersonalRecords.timeline(sets, minPercent: minPercent))
        }
        #expect(summary.bests == PersonalRecords.bests(sets))
    }

    /// The records timeline leaves the summary as sessions close (issue 33): `closing(before:)` tells
    /// what `add` hands out, each closed session's candidates once, in the order logged; what the
    /// summary keeps is bounded by the exercises (`runLength` sessions each), not by the sessions.
    @Test(arguments: [1, 2, 3] as [UInt64])
    func closedSessionsLeaveTheSummary(seed: UInt64) throws {
        let sets = Self.log(seed: seed, sessions: 120)
        var summary = ProgressSummary()
        var handedOut: [RecordCandidate] = []
        for set in sets {
            let told = summary.closing(before: set)
            let added = summary.add(set)
            #expect(told == added)
            if !added.isEmpty { #expect(added.allSatisfy { $0.set?.session != set.session }) }
            handedOut += added
        }
        #expect(handedOut == ProgressSummary.rebuilt(from: sets).closed)
        #expect(summary.timeline(earlier: handedOut, minPercent: 0) == PersonalRecords.timeline(sets, minPercent: 0))
        // Four times the sessions: the summary keeps as many runs and sets as with a quarter of them.
        let kept = { (s: ProgressSummary) in s.runs.values.reduce(0) { $0 + $1.reduce(0) { $0 + $1.count } } }
        let short = ProgressSummary(sets.filter { Int($0.session.rawValue.dropFirst()).map { $0 < 30 } ?? false })
        #expect(kept(summary) <= kept(short) * 2)
        #expect(summary.runs.values.allSatisfy { $0.count <= ProgressSummary.runLength })
    }

    @Test func bookKeepsTheBestsOfTheLog() {
        let sets = Self.log(seed: 42, sessions: 40)
        let book = RecordBook(sets)
        for best in PersonalRecords.bests(sets) {
            #expect(book[best.exercise]?.heaviest == best.heaviest)
            #expect(book[best.exercise]?.bestEstimate.map(PersonalRecords.estimate) == best.estimatedOneRepMaxKilograms)
        }
        #expect(book["Dips"] == nil)
    }

    /// Ten years of a log in well under a second: the report's records no longer search the whole log
    /// per session (it took 104 s with 2 600 sessions before issue 33).
    @Test func timelineIsNotQuadratic() {
        let sets = Self.log(seed: 7, sessions: 2_600)
        let clock = ContinuousClock()
        let took = clock.measure { _ = PersonalRecords.timeline(sets, minPercent: 2) }
        #expect(took < .seconds(5), "timeline of \(sets.count) sets took \(took)")
    }
}
