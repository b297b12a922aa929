import FoundationEssentials
import GymbellCore
import Testing

@testable import GymbellStore

/// Issue 48: what the state database does for a synced folder — this computer's journal lines, and
/// the others' merged once each, corrections by their time, nothing lost across a restart.
@Suite("Synced journals: written once, merged once")
struct SyncJournalStoreTests {
    let transfer = StateTransferTests()
    static let laptop = DeviceID("1111111111111111")!
    static let desktop = DeviceID("2222222222222222")!
    static let now = StateTransferTests.day

    func lines(_ out: SyncJournalStore.Outgoing) throws -> [JournalEntry] {
        try out.bytes.split(separator: 10).map { line throws in try JournalEntry.decode(line: line) }
    }

    /// What `store` has not journaled yet, as lines, marked journaled.
    func send(_ store: StateStore, as device: DeviceID, at now: Date = now) throws -> [JournalEntry] {
        let out = try store.journal.outgoing(device: device, now: now)
        try store.journal.markJournaled(out, device: device, size: Int64(out.bytes.count))
        return try lines(out)
    }

    func merge(_ entries: [JournalEntry], into store: StateStore, from file: String = "gymbell-1111111111111111.jsonl",
               own: DeviceID = desktop) throws -> MergeCount {
        let count = try store.journal.merge(entries, from: file, reachedAt: JournalProgress(offset: 10, lines: 1, tail: "ab"), afresh: false,
                                            problem: nil, own: own)
        try store.journal.settle(changed: count.sets > 0 || count.revisions > 0)
        return count
    }

    @Test func aSessionDoneHereIsJournaledOnceAndMergedOnceThere() throws {
        let laptop = try StateStore(path: temporaryDatabasePath("sync-laptop"))
        let desktopPath = temporaryDatabasePath("sync-desktop")
        let desktop = try StateStore(path: desktopPath)
        _ = try laptop.transfer.importSessions([transfer.session("a", daysAgo: 1, sets: [("Bench Press", 8, 80), ("Bench Press", 8, 80)])])
        let sent = try send(laptop, as: Self.laptop)
        #expect(sent.count == 1 && sent.allSatisfy { $0.device == Self.laptop })
        #expect(try send(laptop, as: Self.laptop).isEmpty)  // marked: not again
        #expect(try merge(sent, into: desktop).sessions == 1)
        #expect(try merge(sent, into: desktop) == MergeCount())  // the same line twice: nothing more
        #expect(try desktop.history().map(\.id.rawValue) == ["a"])
        #expect(try desktop.progress.loggedSets().map(\.weight) == [80, 80])
        // The desktop does not journal what came from the laptop; the records count the merged sets.
        #expect(try send(desktop, as: Self.desktop).isEmpty)
        #expect(try desktop.progress.summary() == ProgressSummary(try desktop.progress.loggedSets()))
        #expect(try desktop.journal.journals() == [SyncStatus.Journal(file: "gymbell-1111111111111111.jsonl", sessions: 1)])
        #expect(try desktop.journal.progress(of: "gymbell-1111111111111111.jsonl") == JournalProgress(offset: 10, lines: 1, tail: "ab"))
        // After a restart, and the next day: the same history, nothing to journal, the progress kept.
        desktop.close(keeping: try desktop.progress.summary())
        let reopened = try StateStore(path: desktopPath)
        #expect(try reopened.history().map(\.id.rawValue) == ["a"])
        #expect(try send(reopened, as: Self.desktop, at: Self.now.addingTimeInterval(86_400)).isEmpty)
        #expect(try reopened.journal.progress(of: "gymbell-1111111111111111.jsonl")?.offset == 10)
    }

    @Test func aCorrectionReachesTheOtherComputerAndTheLaterOneWins() throws {
        let laptop = try StateStore(path: temporaryDatabasePath("sync-fix-laptop"))
        let desktop = try StateStore(path: temporaryDatabasePath("sync-fix-desktop"))
        _ = try laptop.transfer.importSessions([transfer.session("a", daysAgo: 1, sets: [("Squat", 5, 100), ("Squat", 5, 100)])])
        _ = try merge(try send(laptop, as: Self.laptop), into: desktop)
        // The desktop corrects its second set (its own number for it) at 12:00; the laptop corrected it at 11:00.
        let second = try #require(try desktop.progress.loggedSets(since: .distantPast).last)
        try desktop.progress.correct(SetEdit(reps: 3).applied(to: second), at: Self.now.addingTimeInterval(3600))
        let onLaptop = try #require(try laptop.progress.loggedSets(since: .distantPast).last)
        try laptop.progress.correct(SetEdit(reps: 4).applied(to: onLaptop), at: Self.now)
        let fromDesktop = try send(desktop, as: Self.desktop)
        guard case .revision(let revision) = try #require(fromDesktop.first).event else { Issue.record("no revision"); return }
        #expect(revision.ordinal == 2 && revision.reps == 3)
        #expect(try merge(fromDesktop, into: laptop, from: "gymbell-2222222222222222.jsonl", own: Self.laptop).revisions == 1)
        #expect(try laptop.progress.loggedSets().map(\.reps) == [5, 3])
        // The laptop's earlier correction reaches the desktop: it loses there as it lost here.
        #expect(try merge(try send(laptop, as: Self.laptop), into: desktop).revisions == 0)
        #expect(try desktop.progress.loggedSets().map(\.reps) == [5, 3])
        #expect(try laptop.progress.summary() == ProgressSummary(try laptop.progress.loggedSets()))
    }

    @Test func aCorrectionBeforeItsSessionWaitsForIt() throws {
        let desktop = try StateStore(path: temporaryDatabasePath("sync-wait"))
        let session = transfer.session("late", daysAgo: 2, sets: [("Row", 10, 50)])
        let fix = SetRevision(session: SessionID("late"), ordinal: 1, of: SetEdit(reps: 9).applied(to: session.sets[0]), revisedAt: Self.now)
        let count = try merge([JournalEntry(device: DeviceID("3333333333333333")!, written: Self.now, event: .revision(fix))], into: desktop)
        #expect(count.waiting == 1 && count.revisions == 0)
        let arrived = try merge([JournalEntry(device: Self.laptop, written: Self.now, event: .session(session))], into: desktop)
        #expect(arrived.sessions == 1 && arrived.revisions == 1)
        #expect(try desktop.progress.loggedSets().map(\.reps) == [9])
    }

    @Test func aJournalLostIsWrittenAfreshAndAWeightOnlyOverAnOlderOne() throws {
        let laptop = try StateStore(path: temporaryDatabasePath("sync-afresh"))
        _ = try laptop.transfer.importSessions([transfer.session("a", daysAgo: 1, sets: [("Row", 10, 50)])])
        try laptop.progress.save(WeightOverride(exercise: "Row", weight: 55, unit: .kg, since: Self.now))
        #expect(try send(laptop, as: Self.laptop).count == 2)
        try laptop.journal.journalAfresh(device: Self.laptop)
        #expect(try send(laptop, as: Self.laptop).count == 2)
        #expect(try laptop.journal.ownJournal()?.device == Self.laptop.rawValue)
        let desktop = try StateStore(path: temporaryDatabasePath("sync-weights"))
        try desktop.progress.save(WeightOverride(exercise: "Row", weight: 60, unit: .kg, since: Self.now.addingTimeInterval(60)))
        let older = JournalEntry(device: Self.laptop, written: Self.now, event: .weight(WeightOverride(exercise: "Row", weight: 55, unit: .kg, since: Self.now)))
        #expect(try merge([older], into: desktop).weights == 0)
        let newer = JournalEntry(device: Self.laptop, written: Self.now, event: .weight(WeightOverride(exercise: "Row", weight: 57.5, unit: .kg, since: Self.now.addingTimeInterval(120))))
        #expect(try merge([newer], into: desktop).weights == 1)
        #expect(try desktop.progress.weightOverrides().map(\.weight) == [57.5])
        #expect(try send(desktop, as: Self.desktop).isEmpty)  // the laptop's weight is not the desktop's to journal
    }

    @Test func aRestoreReadsTheJournalsAgainFromTheirStart() throws {
        let path = temporaryDatabasePath("sync-restore")
        let store = try StateStore(path: path)
        let backup = FilePath.directory(of: temporaryDatabasePath("sync-restore-backup")) + "/backup.sqlite"
        _ = try store.transfer.importSessions([transfer.session("mine", daysAgo: 3, sets: [("Row", 10, 50)])])
        _ = try store.transfer.backup(to: backup)
        let theirs = JournalEntry(device: Self.laptop, written: Self.now, event: .session(transfer.session("theirs", daysAgo: 1, sets: [("Row", 10, 52)])))
        #expect(try merge([theirs], into: store).sessions == 1)
        _ = try store.transfer.restore(from: backup, keepingAsideIn: FilePath.directory(of: path), at: Self.now, confirmed: true)
        // The backup lacks what was merged after it: the journal is read again, and it comes back once.
        #expect(try store.history().map(\.id.rawValue) == ["mine"])
        #expect(try store.journal.progress(of: "gymbell-1111111111111111.jsonl") == nil)
        #expect(try merge([theirs], into: store).sessions == 1)
        #expect(try store.history().map(\.id.rawValue) == ["mine", "theirs"])
    }
}
