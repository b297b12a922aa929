import Foundation
import Testing
@testable import GymbellCore

/// Issue 27: a workout started from a notification got the id "" and replaced the previous one in
/// the history. Every start, whoever causes it, gets the event's fresh id; without one it is refused.
@Suite("Engine: every session its own id")
struct EngineSessionIDTests {
    /// Every day a strength workout of two sets; the daily reminder at 18:00, a snooze of 15 minutes,
    /// the streak warning at 21:00.
    static let config = """
        [reminders]
        time = "18:00"
        snooze_minutes = 15
        streak_warning_time = "21:00"

        [program]
        mon = "push"
        tue = "push"
        wed = "push"
        thu = "push"
        fri = "push"
        sat = "push"
        sun = "push"

        [workouts.push]
        title = "Push Day"
        kind = "strength"
        exercises = [{ name = "Bench", sets = 2, reps = 8, weight = 60, rest = 60 }]

        """

    /// How a day's workout is started from a notification.
    enum Start: CaseIterable, CustomTestStringConvertible {
        case dailyStartButton, dailyClick, snoozedStartButton, snoozedClick, streakWarningStartButton
        var testDescription: String { "\(self)" }
    }

    /// On `day` (March 2026, Berlin): the notification `start` names, clicked; then both sets done
    /// from the session notification. Returns the session's id.
    static func train(_ world: inout EngineHarness, day: Int, _ start: Start) throws -> SessionID {
        try click(&world, day: day, start)
        let session = try #require(world.state.session?.session.id)
        for _ in 0..<2 { world.send(.action(on: .session(session), key: SessionNotice.setDoneAction)) }
        #expect(world.state.session == nil, "the workout of day \(day) is complete")
        return session
    }

    /// On `day`: the notification `start` names comes, and its button (or body) is clicked.
    static func click(_ world: inout EngineHarness, day: Int, _ start: Start) throws {
        let at = { (time: String) in instant(String(format: "2026-03-%02dT\(time):00+01:00", day)) }
        world.advance(to: at("18:00"))
        let daily = try #require(world.presented.last { $0.kind == .daily })
        var clicked = daily
        var key = ReminderAction.start.key
        switch start {
        case .dailyStartButton: break
        case .dailyClick: key = ReminderAction.defaultClick.key
        case .snoozedStartButton, .snoozedClick:
            world.send(.action(on: .reminder(daily), key: ReminderAction.snooze.key))
            world.advance(to: at("18:15"))
            clicked = try #require(world.presented.last { $0.kind == .snoozed && $0.due == at("18:15") })
            if start == .snoozedClick { key = ReminderAction.defaultClick.key }
        case .streakWarningStartButton:
            world.advance(to: at("21:00"))
            clicked = try #require(world.presented.last { $0.kind == .streakAtRisk && $0.due == at("21:00") })
        }
        world.send(.action(on: .reminder(clicked), key: key))
    }

    @Test func everyWorkoutStartedFromANotificationStaysInTheHistory() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-02T12:00:00+01:00")
        // Three days in a row first, so that the fifth day's evening warns that the streak is at risk.
        let starts: [Start] = [.dailyStartButton, .dailyClick, .snoozedStartButton, .snoozedClick, .streakWarningStartButton, .dailyStartButton]
        var ids: [SessionID] = []
        for (offset, start) in starts.enumerated() { ids.append(try Self.train(&world, day: 2 + offset, start)) }
        #expect(Set(ids).count == starts.count, "ids: \(ids)")
        #expect(!ids.contains(SessionID("")))
        let history = world.history
        #expect(history.map(\.id) == ids)
        #expect(history.allSatisfy { $0.outcome == .completed && $0.setsDone == 2 && $0.title == "Push Day" })
        // Each day's sets under that day's session.
        for id in ids { #expect(world.sets.filter { $0.session == id }.count == 2) }
        // The store is told to start each of them once, each under its own id.
        let started = world.writes.compactMap { if case .start(let plan, _) = $0 { plan.session.id } else { nil } }
        #expect(started == ids)
    }

    @Test(arguments: Start.allCases)
    func aStartWithoutAFreshIDIsRefusedAndWritesNothing(_ start: Start) throws {
        var world = try EngineHarness(Self.config, at: "2026-03-02T12:00:00+01:00")
        if start == .streakWarningStartButton {
            for day in 2...4 { _ = try Self.train(&world, day: day, .dailyStartButton) }
        }
        let day = start == .streakWarningStartButton ? 5 : 2
        let before = world.history
        world.givesIDs = false
        try Self.click(&world, day: day, start)
        #expect(world.state.session == nil)
        #expect(world.history == before)
        #expect(world.logs.contains { $0.level == .warning && $0.message == "action not carried out" && ($0.metadata["reason"] ?? "").contains("no fresh id") })
        #expect(!world.writes.contains { if case .start(let plan, _) = $0 { plan.session.id.rawValue.isEmpty } else { false } })
        // With an id, the same click starts the workout.
        world.givesIDs = true
        guard case .success = world.command(.start(workout: "push")) else { Issue.record("not started"); return }
        #expect(world.state.session?.session.id.rawValue.isEmpty == false)
    }

    @Test func commandsWithoutAFreshIDAreRefusedWithAnError() throws {
        var world = try EngineHarness(Self.config, at: "2026-03-02T12:00:00+01:00")
        world.givesIDs = false
        for command in [Command.start(workout: "push"), .rest(seconds: 30), .hiit(HIITPlan(rounds: 1, work: 10, rest: 5), title: nil, workout: nil)] {
            guard case .failure(.failed(let message)) = world.command(command) else { Issue.record("\(command) was not refused"); continue }
            #expect(message.contains("no fresh id"))
        }
        #expect(world.state.session == nil && world.history.isEmpty)
        #expect(!world.writes.contains { if case .start = $0 { true } else { false } })
    }
}
