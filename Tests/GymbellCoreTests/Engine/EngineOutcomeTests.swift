import Foundation
import Testing
@testable import GymbellCore

/// Issue 47 through the engine: what becomes of each daily reminder is written as it happens (shown,
/// snoozed, started, skipped, held) and counted by `stats`; `time = "auto"` follows a snoozed weekday.
@Suite("Engine: reminder outcomes")
struct EngineOutcomeTests {
    static let program = "[program]\nmon = \"push\"\ntue = \"push\"\nwed = \"push\"\nthu = \"push\"\nfri = \"push\"\nsat = \"push\"\nsun = \"push\"\n"
        + "[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench\", sets = 2, reps = 8, rest = 90 }]\n"

    func kept(_ world: EngineHarness) -> [ReminderOutcome] {
        world.effects.compactMap { if case .store(.keepOutcome(let outcome)) = $0 { outcome } else { nil } }
    }

    func click(_ key: String, _ world: inout EngineHarness) {
        guard let reminder = world.presented.last else { Issue.record("nothing presented"); return }
        world.send(.action(on: .reminder(reminder), key: key))
    }

    func stats(_ world: inout EngineHarness) -> ReminderStats? {
        guard case .success(.stats(let report)) = world.command(.stats) else { return nil }
        return report.reminders
    }

    @Test func snoozeThenStartIsWrittenAndCounted() throws {
        var world = try EngineHarness(Self.program, at: "2026-03-02T17:00:00+01:00")
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        click("snooze", &world)
        world.advance(to: instant("2026-03-02T19:00:00+01:00"))
        click("start", &world)
        let monday = LocalDay(year: 2026, month: 3, day: 2)!
        let at18 = instant("2026-03-02T18:00:00+01:00")
        #expect(kept(world) == [
            ReminderOutcome(day: monday, shownAt: at18),
            ReminderOutcome(day: monday, shownAt: at18, answer: .snoozed, snoozes: 1),
            ReminderOutcome(day: monday, shownAt: at18, answer: .started, snoozes: 1),
        ])
        #expect(world.state.outcomes[monday]?.answer == .started)
        #expect(stats(&world) == ReminderStats(days: 30, reminders: 1, started: 1))
    }

    @Test func ignoredAndSkippedDays() throws {
        var world = try EngineHarness(Self.program, at: "2026-03-02T17:00:00+01:00")
        world.advance(to: instant("2026-03-03T17:00:00+01:00"))  // Monday's shown, no answer
        world.advance(to: instant("2026-03-03T18:05:00+01:00"))
        _ = world.command(.skipToday)
        world.advance(to: instant("2026-03-04T12:00:00+01:00"))
        #expect(stats(&world) == ReminderStats(days: 30, reminders: 2, skipped: 1, ignored: 1))
    }

    @Test func heldByDoNotDisturbIsKeptAsHeld() throws {
        var world = try EngineHarness(Self.program, at: "2026-03-02T17:00:00+01:00")
        world.send(.doNotDisturb(true))
        world.advance(to: instant("2026-03-02T18:30:00+01:00"))
        #expect(kept(world).isEmpty, "not shown yet: nothing to count")
        world.send(.doNotDisturb(false))
        #expect(kept(world).map(\.held) == [true])
        #expect(kept(world).first?.shownAt == instant("2026-03-02T18:30:00+01:00"))
        #expect(stats(&world)?.held == 1)
    }

    @Test func autoTimeFollowsMostlySnoozedMondays() throws {
        var stored = StoredState()
        var marks: [SessionMarks.Mark] = []
        for (index, date) in ["2026-02-09", "2026-02-16", "2026-02-23"].enumerated() {
            let shown = instant("\(date)T18:00:00+01:00")
            stored.outcomes.keep(ReminderOutcome(day: LocalDay(containing: shown, in: berlin), shownAt: shown, answer: .started, snoozes: 1))
            marks.append(SessionMarks.Mark(startedAt: instant("\(date)T19:\(10 + index * 10):00+01:00"), completed: true, rest: false))
        }
        stored.sessions = SessionMarks(marks)
        var world = try EngineHarness("[reminders]\ntime = \"auto\"\n" + Self.program, at: "2026-03-01T12:00:00+01:00", stored: stored)
        guard case .success(.suggest(let report)) = world.command(.suggest) else { Issue.record("no suggest"); return }
        #expect(report.weekdays[0].snoozedStart == "19:20")
        #expect(report.weekdays[0].reminderTime == "19:20", "3 Mondays learned 19:20 - 30 min = 18:50; the snoozes move it to 19:20")
        world.advance(to: instant("2026-03-02T19:25:00+01:00"))
        #expect(world.presented.last { $0.kind == .daily }?.due == instant("2026-03-02T19:20:00+01:00"), "Sunday's at 18:00, Monday's moved")
    }
}
