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
        #expect(try store.progress.loggedSets(since: .distantPast) == sets)
        let lastWeek = Self.t0.addingTimeInterval(33 * 86_400)
        #expect(try store.progress.loggedSets(since: lastWeek) == sets.filter { $0.at >= lastWeek })
        let reader = try #require(store.progress.readerForAnotherThread)
        #expect(try reader.loggedSets(since: lastWeek) == sets.filter { $0.at >= lastWeek })
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

    @Test func inMemoryThereIsNoReaderForAnotherThread() throws {
        #expect(try StateStore().progress.readerForAnotherThread == nil)
    }
}
