import Foundation
import Testing
@testable import GymbellCore

/// When the sound is kept ready: only near a sound, made ready ahead of one, let go after the last.
@Suite("Sound readiness: held only near a sound")
struct SoundReadinessTests {
    static let start = "2026-03-02T10:00:00+01:00"  // a Monday
    static let noDaily = "[reminders]\nenabled = false\nweekly_summary = false\n"  // no reminder to ring meanwhile

    struct Row: Sendable, CustomTestStringConvertible {
        let name: String
        let next: TimeInterval?
        var enabled = true
        let expected: SoundReadiness
        var testDescription: String { name }
    }

    static let now = Date(timeIntervalSince1970: 1_800_000_000)
    static let rows: [Row] = [
        Row(name: "nothing planned: released", next: nil, expected: .released),
        Row(name: "sound off: released", next: 5, enabled: false, expected: .released),
        Row(name: "due now: ready", next: 0, expected: .ready),
        Row(name: "a session's next reminder in 40 s: ready", next: 40, expected: .ready),
        Row(name: "exactly a minute away: ready", next: 60, expected: .ready),
        Row(name: "90 s away: ready 10 s before it", next: 90, expected: .readyAt(now.addingTimeInterval(80))),
        Row(name: "tomorrow: ready 10 s before it", next: 86_400, expected: .readyAt(now.addingTimeInterval(86_390))),
    ]

    @Test(arguments: rows)
    func decides(_ row: Row) {
        let readiness = SoundReadiness(nextSound: row.next.map { Self.now.addingTimeInterval($0) }, now: Self.now, enabled: row.enabled)
        #expect(readiness == row.expected)
    }

    static func told(_ effects: [Effect]) -> [SoundReadiness] {
        effects.compactMap { if case .sound(let readiness) = $0 { readiness } else { nil } }
    }

    @Test func aDailyReminderHasTheSoundMadeReadyAheadAndLetGoAfter() throws {
        var world = try EngineHarness("[reminders]\ntime = \"18:00\"\n", at: Self.start)
        let six = instant("2026-03-02T18:00:00+01:00")
        #expect(Self.told(world.effects) == [.readyAt(six.addingTimeInterval(-10))])
        let before = world.effects.count
        world.advance(to: six.addingTimeInterval(5))
        let after = Array(world.effects[before...])
        // Shown (its sound played) first; then the next sound is tomorrow's: ready again 10 s before it.
        let shown = try #require(after.firstIndex { if case .present = $0 { true } else { false } })
        let released = try #require(after.firstIndex { if case .sound = $0 { true } else { false } })
        #expect(shown < released)
        #expect(Self.told(after) == [.readyAt(instant("2026-03-03T17:59:50+01:00"))])
        #expect(world.state.soundReadiness == .readyAt(instant("2026-03-03T17:59:50+01:00")))
    }

    @Test func aSessionKeepsTheSoundReadyAndTheLastReminderLetsItGo() throws {
        var world = try EngineHarness(Self.noDaily, at: Self.start)
        #expect(Self.told(world.effects) == [])  // nothing planned: never made ready
        _ = world.command(.hiit(HIITPlan(rounds: 2, work: 40, rest: 20), title: nil, workout: nil))
        #expect(Self.told(world.effects) == [.ready])
        world.advance(by: 119)
        #expect(world.state.soundReadiness == .ready)  // reminders at most 40 s apart
        world.advance(by: 10)
        #expect(world.audible(since: instant(Self.start)).last?.1 == "HIIT session complete 🎉")
        #expect(Self.told(world.effects) == [.ready, .released])
    }

    @Test func aLongRestHasTheSoundReadyOnlyNearItsEnd() throws {
        var world = try EngineHarness(Self.noDaily, at: Self.start)
        _ = world.command(.rest(seconds: 600))
        let end = instant(Self.start).addingTimeInterval(600)
        #expect(Self.told(world.effects) == [.readyAt(end.addingTimeInterval(-10))])
        _ = world.command(.stop)
        #expect(Self.told(world.effects).last == .released)
    }

    @Test func soundOffNeverHoldsIt() throws {
        var world = try EngineHarness(Self.noDaily + "[sound]\nenabled = false\n", at: Self.start)
        _ = world.command(.rest(seconds: 30))
        world.advance(by: 60)
        #expect(Self.told(world.effects) == [])
    }
}
