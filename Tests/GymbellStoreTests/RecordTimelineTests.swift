import Foundation
import GymbellCore
import Testing
@testable import GymbellStore

/// The records timeline lives in the database (issue 33): written as sessions' sets close
/// (`StoreChange.keepRecords`), filled from the whole log when a state file of schema v10 is opened,
/// kept again at start-up for sets that came without the engine, and always the one the whole log gives.
@Suite("Records timeline: kept in the database, migrated, rebuilt")
struct RecordTimelineTests {
    /// What the whole log gives: each session but the latest, what it beat.
    static func expected(_ sets: [LoggedSet]) -> [RecordCandidate] { ProgressSummary.rebuilt(from: sets).closed }

    /// The sets as the engine logs them: each set's `logSet`, after the `keepRecords` of the session it closes.
    static func logAsTheEngine(_ sets: some Sequence<LoggedSet>, into store: StateStore, summary: inout ProgressSummary) throws {
        for set in sets {
            let closed = summary.closing(before: set)
            if !closed.isEmpty { try store.apply(.keepRecords(closed)) }
            try store.apply(.logSet(set))
            summary.add(set)
        }
    }

    /// The mirror test: after any script of logging, restarts (clean or not: snapshot kept or not) and
    /// sets that came from elsewhere (seeded, imported: no `keepRecords`), the timeline read back is the
    /// one the whole log gives, the summary start-up rebuilds is the one kept set by set, and the
    /// timeline made afresh from the database (`RecordTimeline.rebuild`) is the one kept as it went.
    @Test(arguments: [1, 2, 3, 4, 5] as [UInt64])
    func theKeptTimelineIsTheOneTheWholeLogGives(seed: UInt64) throws {
        var random = seed
        func next(_ n: Int) -> Int {
            random = random &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((random >> 33) % UInt64(n))
        }
        let sets = SetLogSummaryTests.log(days: 90)
        let path = temporaryDatabasePath("record-timeline")
        var summary = ProgressSummary()
        var store = try StateStore(path: path)
        var index = 0
        while index < sets.count {
            let chunk = Array(sets[index..<min(sets.count, index + 1 + next(60))])
            index += chunk.count
            switch next(4) {
            case 0:
                // Seeded or imported: the log grows without the engine; start-up keeps what it closed.
                for set in chunk { try store.apply(.logSet(set)) }
                summary = ProgressSummary(sets[..<index])
                store.close()
                store = try StateStore(path: path)
                let loaded = try store.load()
                #expect(loaded.progress == summary)
            case 1:
                try Self.logAsTheEngine(chunk, into: store, summary: &summary)
                store.close(keeping: summary)  // a clean exit
                store = try StateStore(path: path)
                #expect(try store.load().progress == summary)
            case 2:
                try Self.logAsTheEngine(chunk, into: store, summary: &summary)
                store.close()  // a crash: no snapshot of these
                store = try StateStore(path: path)
                // The daemon reads the summary on another thread and keeps what it closed again.
                let reading = try #require(store.progress.readerForAnotherThread).summary()
                #expect(reading.summary == summary)
                try store.apply(.keepRecords(reading.closed))
            default:
                try Self.logAsTheEngine(chunk, into: store, summary: &summary)
            }
            #expect(try store.progress.recordCandidates() == Self.expected(Array(sets[..<index])))
        }
        #expect(summary == ProgressSummary(sets))
        let kept = try store.progress.recordCandidates()
        #expect(!kept.isEmpty)
        #expect(summary.timeline(earlier: kept, minPercent: 0) == PersonalRecords.timeline(sets, minPercent: 0))
        #expect(summary.timeline(earlier: kept, minPercent: 5) == PersonalRecords.timeline(sets, minPercent: 5))
        store.close()
        let database = try StoreDatabase(path: path)
        defer { database.close() }
        #expect(try RecordTimeline.rebuild(database) == summary)
        #expect(try RecordTimeline.read(database) == kept)
    }

    /// A state file of schema v10 (the timeline inside the snapshot, `progress_snapshot_set` parts 5
    /// to 8) opened by this build: the table is made and filled from the whole log, the snapshot's
    /// timeline rows go, the rest of the snapshot is still used, and the sets are all there.
    @Test func aStateFileOfSchemaTenMigrates() throws {
        let path = temporaryDatabasePath("record-timeline-v10")
        let sets = SetLogSummaryTests.log(days: 60)
        do {
            let store = try StateStore(path: path)
            for set in sets { try store.apply(.logSet(set)) }
            store.close(keeping: ProgressSummary(sets))
        }
        // What the v10 build left: no records table, the timeline in the snapshot, user_version 10.
        do {
            let database = try StoreDatabase(path: path)
            defer { database.close() }
            try database.executeScript(#"DROP TABLE "record_candidate"; PRAGMA user_version = 10"#)
            let columns = StoredProgress.columns
            for part in 5...8 {
                try database.execute(
                    "INSERT INTO progress_snapshot_set (part, slot, \(columns)) SELECT ?, 0, \(columns) FROM set_log WHERE id <= 3",
                    [part])
            }
            #expect(try database.value("SELECT COUNT(*) FROM progress_snapshot_set WHERE part >= 5", as: Int.self) == 12)
        }
        let store = try StateStore(path: path)
        defer { store.close() }
        let database = try StoreDatabase(path: path, flags: [.readOnly])
        defer { database.close() }
        #expect(try database.value("PRAGMA user_version", as: Int.self) == StoreSchema.latestVersion)
        #expect(try database.value("SELECT COUNT(*) FROM progress_snapshot_set WHERE part >= 5", as: Int.self) == 0)
        let kept = try store.progress.recordCandidates()
        #expect(kept == Self.expected(sets))
        #expect(!kept.isEmpty)
        #expect(try ProgressSnapshot.read(database)?.0 == ProgressSummary(sets))
        #expect(try store.load().progress == ProgressSummary(sets))
        // Every set kept (read back with the ids the log numbers them by).
        #expect(try store.progress.loggedSets(since: .distantPast).map { SetLogSummaryTests.numbered($0, nil) } == sets)
    }
}
