import Foundation
import Testing
@testable import GymbellCore

/// The state read again after an import or a restore (`Event.stateReloaded`): the engine takes it as
/// at start-up and keeps what only this process knows.
@Suite("Engine: the state read again")
struct EngineStateReloadTests {
    static let start = "2026-03-02T10:00:00+01:00"

    static func stored(_ state: EngineState) -> StoredState {
        StoredState(
            agenda: state.agenda, session: state.session, sessions: state.sessions, daily: state.daily, progress: state.progress,
            overrides: Array(state.overrides.values), overloadDismissed: state.overloadDismissed)
    }

    @Test func aRestoredHIITRunsOnWithItsNotificationAndTimeline() throws {
        var harness = try EngineHarness(at: Self.start)
        _ = harness.command(.hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil))
        let backup = Self.stored(harness.state)
        let hiit = try #require(harness.state.session?.session.id)
        _ = harness.command(.stop)
        #expect(harness.state.session == nil)
        harness.advance(by: 5)
        let shownBefore = harness.shown.count
        let outcome = harness.send(.stateReloaded(backup))
        #expect(harness.state.session?.session.id == hiit)
        #expect(outcome.effects.contains { if case .showSession = $0 { true } else { false } })
        #expect(outcome.effects.allSatisfy { if case .store = $0 { false } else { true } }, "the database has it already")
        #expect(harness.armed == instant(Self.start).addingTimeInterval(40))
        harness.advance(by: 300)
        #expect(harness.shown[shownBefore...].filter { $0.kind == .session(audible: true) }.map(\.title).last == "HIIT session complete 🎉")
    }

    @Test func theSameSessionKeepsWhatThisProcessKnowsOfIt() throws {
        var harness = try EngineHarness(at: Self.start, told: [.doNotDisturb(true)])
        _ = harness.command(.rest(seconds: 90))
        var imported = Self.stored(harness.state)
        let strong = HistoryEntry(
            id: SessionID("strong-1"), title: "Push", kind: .strength, startedAt: instant("2025-01-01T18:00:00Z"),
            endedAt: instant("2025-01-01T19:00:00Z"), outcome: .completed, setsDone: 3)
        imported.sessions = SessionMarks(imported.sessions.marks + [SessionMarks.Mark(strong)])
        let before = harness.state
        let outcome = harness.send(.stateReloaded(imported))
        #expect(harness.state.sessions.count == before.sessions.count + 1)
        #expect(harness.state.session == before.session)
        #expect(harness.state.doNotDisturb && harness.state.server == before.server)
        #expect(!outcome.effects.contains { if case .endSessionNotice = $0 { true } else { false } })
        harness.advance(by: 90)
        #expect(harness.shown.last?.title == "Rest over ⏰")
    }

    /// Issue 48: a workout that came in (another computer's journal, an import, a restore) started today
    /// counts today as trained, as one started here does; one of another day, or a rest timer, does not.
    @Test(arguments: [
        ("2026-03-02T08:30:00+01:00", false, true),  // a workout this morning: today is trained
        ("2026-03-01T18:00:00+01:00", false, false),  // yesterday's
        ("2026-03-02T08:30:00+01:00", true, false),  // a rest timer this morning is no workout
    ])
    func aWorkoutOfTodayThatCameInQuietensTodaysReminder(startedAt: String, restTimer: Bool, quiet: Bool) throws {
        var harness = try EngineHarness("[reminders]\ntime = \"18:00\"\n", at: Self.start)
        let today = LocalDay(containing: instant(Self.start), in: berlin)
        #expect(harness.state.nextDaily.map { LocalDay(containing: $0.occurrence, in: berlin) } == today)
        var merged = Self.stored(harness.state)
        merged.sessions = SessionMarks(merged.sessions.marks + [SessionMarks.Mark(startedAt: instant(startedAt), completed: true, rest: restTimer)])
        harness.send(.stateReloaded(merged))
        #expect((harness.state.daily.quietDay == today) == quiet)
        #expect((harness.state.nextDaily.map { LocalDay(containing: $0.occurrence, in: berlin) } == today) == !quiet)
    }
}
