import Foundation
import GymbellCore
import Testing
@testable import GymbellStore

@Suite("State store (real SQLite through GRDB)")
struct StateStoreTests {
    let start = Date(timeIntervalSince1970: 1_800_000_000)

    func temporaryPath() -> String {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gymbell-store-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory.appendingPathComponent("state.sqlite").path
    }

    @Test func sessionAndRemindersSurviveReopening() throws {
        let path = temporaryPath()
        let plan = SessionPlanner.hiit(id: SessionID("s1"), plan: HIITPlan(rounds: 2, work: 40, rest: 20), startingAt: start)
        do {
            let store = try StateStore(path: path)
            try store.start(plan)
        }
        let reopened = try StateStore(path: path)
        #expect(try reopened.activeSession() == plan.session)
        #expect(try reopened.pendingReminders() == plan.reminders)
        #expect(try reopened.earliestDue() == start.addingTimeInterval(40))
    }

    @Test func fileIsReadableByItsOwnerOnly() throws {
        let path = temporaryPath()
        _ = try StateStore(path: path)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
        #expect(mode & 0o077 == 0)
    }

    @Test func startingASessionCancelsThePreviousOnesReminders() throws {
        let store = try StateStore()
        let first = SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start)
        try store.start(first)
        let snooze = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: start.addingTimeInterval(3600), title: "t", body: "b")
        try store.add(snooze)
        let second = SessionPlanner.walkRun(id: SessionID("w1"), plan: WalkRunPlan(run: 60, walk: 30, repeats: 1), startingAt: start)
        let cancelled = try store.start(second)
        #expect(cancelled == first.reminders)
        #expect(try store.activeSession()?.id == SessionID("w1"))
        #expect(try store.pendingReminders().map(\.id) == second.reminders.map(\.id) + [snooze.id])
    }

    @Test func stopCancelsOnlySessionReminders() throws {
        let store = try StateStore()
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        let snooze = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: start.addingTimeInterval(3600), title: "t", body: "b")
        try store.add(snooze)
        #expect(try store.stopSession().count == 1)
        #expect(try store.activeSession() == nil)
        #expect(try store.pendingReminders() == [snooze])
    }

    @Test func replanMovesTheRest() throws {
        let store = try StateStore()
        try store.start(SessionPlanner.rest(id: SessionID("r1"), seconds: 90, startingAt: start))
        let adjusted = SessionPlanner.rest(id: SessionID("r1"), seconds: 105, startingAt: start)
        try store.replan(adjusted)
        #expect(try store.pendingReminders().map(\.due) == [start.addingTimeInterval(105)])
        #expect(try store.activeSession()?.endsAt == start.addingTimeInterval(105))
    }

    @Test func dueSelectionAndRemoval() throws {
        let store = try StateStore()
        let plan = SessionPlanner.hiit(id: SessionID("s1"), plan: HIITPlan(rounds: 3, work: 40, rest: 20), startingAt: start)
        try store.start(plan)
        let due = try store.reminders(dueAtOrBefore: start.addingTimeInterval(100))
        #expect(due.map(\.due) == [40, 60, 100].map { start.addingTimeInterval($0) })
        try store.remove(due.map(\.id))
        #expect(try store.pendingReminders().count == 3)
        try store.finish(SessionID("s1"))
        #expect(try store.activeSession() == nil)
    }

    @Test func dailyStateRoundTrips() throws {
        let store = try StateStore()
        #expect(try store.dailyState() == DailyState())
        let state = DailyState(lastHandled: start, quietDay: LocalDay(daysSinceEpoch: 20_000))
        try store.save(state)
        #expect(try store.dailyState() == state)
    }

    @Test func aFileThatIsNotADatabaseIsAnErrorNamingIt() throws {
        let path = temporaryPath()
        try Data("this is not sqlite".utf8).write(to: URL(fileURLWithPath: path))
        #expect {
            _ = try StateStore(path: path)
        } throws: { error in
            (error as? StoreError)?.path == path
        }
    }
}
