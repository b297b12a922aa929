import Foundation
import Testing
@testable import GymbellCore

/// The reminders that stand on their own, as the engine decides them (issue 28): rendered for the
/// server on the bus, one daily-type reminder at a time, those no server took kept in the engine
/// (bounded) and shown when one appears, and the storage retry armed like any other instant.
@Suite("Engine: standalone notices")
struct EngineStandaloneNoticeTests {
    static let monday = "2026-03-02T17:00:00+01:00"
    static let sixPM = instant("2026-03-02T18:00:00+01:00")
    static let dunstWithoutActions = ServerProfile(serverName: "dunst", vendor: "knopwob", capabilities: ["body"])
    static let gnome = ServerProfile(serverName: "gnome-shell", vendor: "GNOME", capabilities: ["actions", "body", "persistence"])

    func presents(_ effects: [Effect]) -> [(reminder: Reminder, notice: Notice, tracked: Bool)] {
        effects.compactMap { if case .present(let r, let n, _, let tracked) = $0 { (r, n, tracked) } else { nil } }
    }

    @Test func theDailyReminderIsRenderedForTheServerOnTheBus() throws {
        var world = try EngineHarness(at: Self.monday)
        world.send(.serverAppeared(Self.dunstWithoutActions))
        world.advance(to: Self.sixPM)
        let shown = try #require(presents(world.effects).last)
        #expect(shown.reminder.kind == .daily)
        // No buttons on this server: the body says how to answer from the terminal.
        #expect(shown.notice.body.hasSuffix("Start: gymbell start · Snooze: gymbell snooze"))

        // It waited for a server while a workout began: the workout answered it, it is not shown.
        var waiting = try EngineHarness(at: Self.monday)
        waiting.serverTakes = false
        waiting.advance(to: Self.sixPM)
        let daily = try #require(waiting.presented.last)
        waiting.send(.notShown(daily))
        _ = waiting.command(.rest(seconds: 7200))
        #expect(waiting.state.awaitingServer.isEmpty && waiting.state.agenda[daily.id] == nil)
        let outcome = waiting.send(.serverAppeared(Self.gnome))
        #expect(presents(outcome.effects).isEmpty)
    }

    @Test func aNewReminderOfferingAWorkoutReplacesTheOldOne() throws {
        var world = try EngineHarness("[reminders]\nsnooze_minutes = 15\n", at: Self.monday)
        world.advance(to: Self.sixPM)
        _ = world.command(.snooze(minutes: nil))
        let before = world.effects.count
        world.advance(to: instant("2026-03-02T18:15:00+01:00"))
        let effects = Array(world.effects[before...])
        let present = try #require(effects.firstIndex { if case .present = $0 { true } else { false } })
        #expect(present > 0 && effects[present - 1] == .close(.offeringWorkout))
        // A reminder that offers none replaces nothing.
        let advice = Reminder(id: ReminderID("advice"), kind: .restDay, due: instant(Self.monday), content: .restDay)
        let turnWorld = try EngineHarness(at: Self.monday, stored: StoredState(agenda: PendingReminders([advice])))
        #expect(!turnWorld.effects.contains(.close(.offeringWorkout)))
        #expect(presents(turnWorld.effects).map(\.reminder.id) == [ReminderID("advice")])
    }

    @Test func aReminderNoServerTookWaitsInTheEngineAndIsShownAsTheNextServerShowsIt() throws {
        var world = try EngineHarness(at: Self.monday)
        world.serverTakes = false
        world.advance(to: Self.sixPM)
        let daily = try #require(world.presented.last)
        #expect(world.state.inFlight[daily.id] == false)
        world.send(.notShown(daily))
        #expect(world.state.inFlight.isEmpty)  // nothing in flight that no server holds
        #expect(world.state.awaitingServer.map(\.reminder.id) == [daily.id])
        #expect(world.state.agenda[daily.id] != nil)  // a restart still shows it
        // Not due again in this process, and status still lists it as pending.
        let count = world.presented.count
        world.advance(to: instant("2026-03-02T18:30:00+01:00"))
        #expect(world.presented.count == count)
        guard case .success(.status(let report)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(report.pending.map(\.id).contains(daily.id.rawValue))
        // A server appears: shown at once, rendered for it, and once taken it leaves the agenda.
        world.serverTakes = true
        let outcome = world.send(.serverAppeared(Self.dunstWithoutActions))
        let shown = try #require(presents(outcome.effects).first)
        #expect(shown.reminder.id == daily.id && shown.tracked)
        #expect(shown.notice.body.hasSuffix("Start: gymbell start · Snooze: gymbell snooze"))
        #expect(world.state.awaitingServer.isEmpty)
        #expect(world.state.agenda[daily.id] == nil)
    }

    @Test func atMostFiftyWaitAndTheOldestDroppedLeavesTheAgendaToo() throws {
        let start = instant(Self.monday)
        let reminders = (0..<51).map {
            Reminder(id: ReminderID("r\($0)"), kind: .restDay, due: start.addingTimeInterval(Double($0)), content: .restDay)
        }
        var world = try EngineHarness(at: Self.monday, stored: StoredState(agenda: PendingReminders(reminders)))
        world.serverTakes = false
        world.advance(by: 60)
        #expect(world.presented.count == 51)
        for reminder in world.presented { world.send(.notShown(reminder)) }
        #expect(world.state.awaitingServer.count == EngineState.maximumAwaitingServer)
        #expect(world.state.awaitingServer.first?.reminder.id == ReminderID("r1"))
        #expect(world.state.agenda[ReminderID("r0")] == nil)
        #expect(world.writes.contains(.remove([ReminderID("r0")])))
        #expect(world.logs.contains { $0.message == "dropped a reminder that waited too long for a notification server" })
        #expect(world.state.agenda.count == 50 && world.state.inFlight.isEmpty)
    }

    @Test func closingDropsWhatWaitsForAServer() throws {
        var world = try EngineHarness(at: Self.monday)
        world.serverTakes = false
        world.advance(to: Self.sixPM)
        let daily = try #require(world.presented.last)
        world.send(.notShown(daily))
        _ = world.command(.skipToday)
        #expect(world.state.awaitingServer.isEmpty)
        #expect(world.state.agenda[daily.id] == nil)
        world.serverTakes = true
        let outcome = world.send(.serverAppeared(Self.gnome))
        #expect(presents(outcome.effects).isEmpty)
    }

    @Test func anUntrackedReminderWaitsTooButNeverTouchesTheAgenda() throws {
        var world = try EngineHarness(at: Self.monday)
        world.serverTakes = false
        let problem = StorageProblem(cause: .noSpace, database: "/s/state.db", saving: false, since: world.now, detail: "full")
        world.send(.storageChanged(problem, retryAt: nil))
        let told = try #require(presents(world.effects).last)
        #expect(!told.tracked && told.reminder.kind == .storageProblem)
        world.send(.notShown(told.reminder))
        #expect(world.state.awaitingServer == [EngineState.AwaitingServer(reminder: told.reminder, tracked: false)])
        let outcome = world.send(.serverAppeared(Self.gnome))
        #expect(presents(outcome.effects).map(\.reminder.kind) == [.storageProblem])
    }

    @Test("the storage retry instant is the engine's: armed, and asked for when it comes", arguments: [5.0, 300.0])
    func theStorageRetryIsArmedAndAskedFor(after seconds: Double) throws {
        var world = try EngineHarness(at: Self.monday)
        let retry = world.now.addingTimeInterval(seconds)
        let problem = StorageProblem(cause: .readOnly, database: "/s/state.db", saving: false, since: world.now, detail: "ro")
        world.send(.storageChanged(problem, retryAt: retry))
        #expect(world.armed == retry)
        #expect(!world.effects.contains(.retrySaving))
        world.advance(to: retry)
        #expect(world.effects.filter { $0 == .retrySaving }.count == 1)
        world.send(.storageChanged(nil, retryAt: nil))  // saved
        #expect(world.armed == Self.sixPM)
    }
}
