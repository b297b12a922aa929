import FoundationEssentials
import GymbellCore
import Testing

@testable import GymbellStore

/// An import or a restore written on another thread through a connection of its own (issue 34): the
/// loop's own changes meanwhile wait in memory instead of waiting for its lock, and are written after it.
@Suite("State transfer elsewhere: held writes")
struct TransferElsewhereTests {
    static let day = Date(timeIntervalSince1970: 1_795_539_600)  // 2026-11-24 17:00 UTC

    func set(_ session: String, _ minutes: Double) -> LoggedSet {
        LoggedSet(session: SessionID(session), exercise: "Bench Press", setNumber: 1, reps: 5, weight: 100, at: Self.day.addingTimeInterval(minutes * 60))
    }

    func imported(_ id: String) -> ImportedSession {
        let logged = [set(id, -600)]
        return ImportedSession(
            entry: HistoryEntry(id: SessionID(id), title: "Imported", kind: .strength, startedAt: logged[0].at, endedAt: logged[0].at,
                                outcome: .completed, setsDone: 1, lastProgressAt: logged[0].at),
            sets: logged)
    }

    @Test func writesMadeWhileAnotherConnectionHoldsTheLockWaitAndAreWrittenAfterIt() throws {
        let path = temporaryDatabasePath("elsewhere")
        let store = try StateStore(path: path)
        let worker = try #require(store.sharing.another())
        store.sharing.holdWrites()
        let before = store.sharing.writeCount
        // The worker's transaction holds the write lock; the loop's change does not wait for it.
        try worker.connection.write { db in
            try db.execute("DELETE FROM weight_override")
            let started = ContinuousClock.now
            try store.progress.log(set("now", 0))
            #expect(ContinuousClock.now - started < .milliseconds(50))
        }
        #expect(try worker.transfer.importSessions([imported("strong-a")]).addedSets == 1)
        worker.sharing.closeAnother()
        #expect(store.sharing.writeCount == before + 1)
        #expect(try store.progress.loggedSets().map(\.session.rawValue) == ["strong-a"])  // held: not written yet
        try store.sharing.releaseHeldWrites()
        #expect(store.sharing.writeCount == before + 1)
        #expect(try store.progress.loggedSets().map(\.session.rawValue) == ["strong-a", "now"])
        // Written at once again, and kept across a restart.
        try store.progress.log(set("now", 1))
        store.close()
        #expect(try StateStore(path: path).progress.loggedSets().map(\.session.rawValue) == ["strong-a", "now", "now"])
    }

    @Test func aStoreInMemoryHasNoOtherConnection() throws {
        #expect(try StateStore().sharing.another() == nil)
    }
}
