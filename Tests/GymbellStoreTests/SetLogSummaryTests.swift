import Foundation
import GymbellCore
import Testing
@testable import GymbellStore

/// The set log stays in the database and the engine keeps its summary (issue 33): what was logged is
/// read back whole after a restart, by time, on a connection of its own, and the summary rebuilt at
/// start-up is the one kept set by set.
@Suite("Set log: read back by time, summary rebuilt at start-up")
struct SetLogSummaryTests {
    static let t0 = Date(timeIntervalSince1970: 1_800_000_000)

    /// `days` days of a workout each, three exercises, four sets each.
    static func log(days: Int) -> [LoggedSet] {
        var sets: [LoggedSet] = []
        for day in 0..<days {
            for k in 0..<12 {
                let exercise = ["Squat", "Bench Press", "Dips"][k / 4]
                let load: Double = 60 + Double((day * 3 + k) % 9) * 2.5
                let at = t0.addingTimeInterval(Double(day) * 86_400 + Double(k) * 150)
                sets.append(LoggedSet(
                    session: SessionID("d\(day)"), workout: "w", exercise: exercise, setNumber: k % 4 + 1, reps: 5 + (day + k) % 4,
                    plannedReps: 8, weight: exercise == "Dips" ? nil : load, unit: (day + k) % 5 == 0 ? .lb : .kg,
                    failed: (day + k) % 11 == 0, at: at))
            }
        }
        return sets
    }

    @Test func theLogIsReadBackAfterARestartByTimeAndOnAConnectionOfItsOwn() throws {
        let path = temporaryDatabasePath("set-log")
        let sets = Self.log(days: 40)
        do {
            let store = try StateStore(path: path)
            for set in sets { try store.apply(.logSet(set)) }
            store.close()
        }
        let store = try StateStore(path: path)
        defer { store.close() }
        // Each read back with the log's number for it (`history --sets` shows it), in the order logged.
        let numbered = sets.enumerated().map { n, set in Self.numbered(set, Int64(n + 1)) }
        #expect(try store.progress.loggedSets(since: .distantPast) == numbered)
        let lastWeek = Self.t0.addingTimeInterval(33 * 86_400)
        #expect(try store.progress.loggedSets(since: lastWeek) == numbered.filter { $0.at >= lastWeek })
        let reader = try #require(store.progress.readerForAnotherThread)
        #expect(try reader.loggedSets(since: lastWeek) == numbered.filter { $0.at >= lastWeek })
        // The summary the engine starts from is the one it would have kept, set by set.
        let loaded = try store.load().progress
        #expect(loaded == ProgressSummary(sets))
        #expect(loaded.count == sets.count)
        #expect(loaded.latest == sets.filter { $0.session == SessionID("d39") })
        #expect(loaded.runs["Squat"]?.count == ProgressSummary.runLength)
        #expect(abs(loaded.volumeKilograms - sets.volumeKilograms) < 0.001)
        // The records of the last workout against the bests before it: as the whole log searched.
        #expect(loaded.records(of: SessionID("d39"), minPercent: 0)
            == PersonalRecords.records(of: SessionID("d39"), in: sets, minPercent: 0))
    }

    /// The summary kept at a clean exit plus the sets logged after it (a crash since, say) is the summary
    /// of the whole log; a snapshot that no longer fits the log is not used.
    @Test func aSnapshotPlusTheSetsAfterItIsTheWholeLogsSummary() throws {
        let path = temporaryDatabasePath("set-log-snapshot")
        let sets = Self.log(days: 30)
        let store = try StateStore(path: path)
        defer { store.close() }
        for set in sets.prefix(200) { try store.apply(.logSet(set)) }
        try store.progress.saveSnapshot(ProgressSummary(sets.prefix(200)))
        for set in sets.dropFirst(200) { try store.apply(.logSet(set)) }
        let reader = try #require(store.progress.readerForAnotherThread)
        #expect(try reader.summary().summary == ProgressSummary(sets))
        #expect(try store.load().progress == ProgressSummary(sets))
        // Kept after the log's end (another build logged nothing, this one kept more): counted again.
        try store.progress.saveSnapshot(ProgressSummary(sets + sets.prefix(3)))
        #expect(try reader.summary().summary == ProgressSummary(sets))
        try store.progress.saveSnapshot(ProgressSummary(sets))
        #expect(try reader.summary().summary == ProgressSummary(sets))
        // A log whose ids have a gap (a set gone from its middle; no path of gymbell's deletes one): the
        // snapshot is checked by counting, and it fits; one more set gone since, and it no longer does.
        let database = try StoreDatabase(path: path)
        defer { database.close() }
        try database.execute("DELETE FROM set_log WHERE id = 7")
        var remaining = sets
        remaining.remove(at: 6)
        try store.progress.saveSnapshot(ProgressSummary(remaining))
        #expect(try reader.summary().summary == ProgressSummary(remaining))
        try database.execute("DELETE FROM set_log WHERE id = 9")
        remaining.remove(at: 7)
        #expect(try reader.summary().summary == ProgressSummary(remaining))
    }

    static func numbered(_ set: LoggedSet, _ id: Int64?) -> LoggedSet {
        var set = set
        set.id = id
        return set
    }

    /// `gymbell history correct` (issue 30): the row is rewritten and the summary kept at the last clean
    /// exit dropped with it, so that the summary read after a restart — or after a crash before the
    /// next clean exit — is the corrected log's, records and volume included.
    @Test func aCorrectedSetIsReadBackAfterAReopenAndTheSummaryFollowsIt() throws {
        let path = temporaryDatabasePath("set-log-correct")
        var sets = Self.log(days: 10)
        do {
            let store = try StateStore(path: path)
            for set in sets { try store.apply(.logSet(set)) }
            store.close(keeping: ProgressSummary(sets))  // a clean exit keeps the summary
        }
        // The heaviest squat of the last day becomes far heavier: a record where there was none.
        let index = try #require(sets.lastIndex { $0.exercise == "Squat" && !$0.failed })
        do {
            let store = try StateStore(path: path)
            let original = try #require(try store.progress.loggedSet(id: Int64(index + 1)))
            #expect(original == Self.numbered(sets[index], Int64(index + 1)))
            #expect(try store.progress.loggedSet(id: Int64(sets.count + 1)) == nil)
            var corrected = original
            corrected.weight = 300
            corrected.reps = 9
            try store.apply(.correctSet(original: original, corrected: corrected))
            sets[index] = Self.numbered(corrected, nil)
            store.close()  // no summary kept: as after a crash
        }
        let store = try StateStore(path: path)
        defer { store.close() }
        let read = try store.progress.loggedSets(since: .distantPast)
        #expect(read.map { Self.numbered($0, nil) } == sets)
        #expect(read[index].weight == 300 && read[index].reps == 9 && read[index].unit == sets[index].unit)
        let summary = try store.load().progress
        #expect(summary == ProgressSummary(sets))
        #expect(try #require(store.progress.readerForAnotherThread).summary().summary == ProgressSummary(sets))
        // What each session beat follows the corrected log (the records timeline made afresh).
        #expect(try store.progress.recordCandidates() == ProgressSummary.rebuilt(from: sets).closed)
        #expect(summary.bests.first { $0.exercise == "Squat" }?.heaviest.weight == 300)
        #expect(abs(summary.volumeKilograms - sets.volumeKilograms) < 0.001)
    }

    @Test func inMemoryThereIsNoReaderForAnotherThread() throws {
        #expect(try StateStore().progress.readerForAnotherThread == nil)
    }
}
