import Foundation
import Testing
@testable import GymbellCore

/// Issue 50 through the engine: a desktop that has not answered yet whether the person is busy (its
/// service asked at start-up, slow under load). What can wait waits until it answers — held if Do Not
/// Disturb (lock, away) holds, shown as it is if not — but at most AttentionRules.unknownWait (10 s)
/// after the silence began; a session's transitions never wait.
@Suite("Engine: a desktop that has not answered yet")
struct EngineAttentionUnknownTests {
    /// The daemon starts at 17:59:58 asking the desktop; the daily reminder is due at 18:00.
    static let start = "2026-03-02T17:59:58+01:00"
    static let due = instant("2026-03-02T18:00:00+01:00")

    struct Case: Sendable, CustomTestStringConvertible {
        let name: String
        let toml: String
        let unknown: Set<HoldReason>
        /// (seconds after 18:00, event) the desktop's answers, in order
        let answers: [(TimeInterval, Event)]
        /// seconds after 18:00 at which the reminder is shown (nil: not by 18:30)
        let shownAt: TimeInterval?
        let body: String
        /// `status`'s held.why at 18:00:01
        let whyAtFirst: [String]?
        var testDescription: String { name }
    }

    static let plain = "Your daily workout awaits."
    static let cases = [
        Case(name: "DND on, answered after 3 s: held until it ends (18:10)", toml: "", unknown: [.doNotDisturb],
             answers: [(3, .doNotDisturb(true)), (3, .attentionUnknown([])), (600, .doNotDisturb(false))],
             shownAt: 600, body: plain + "\nDue at 18:00", whyAtFirst: ["not_yet_known"]),
        Case(name: "DND off, answered after 3 s: shown then, as it is", toml: "", unknown: [.doNotDisturb],
             answers: [(3, .attentionUnknown([]))], shownAt: 3, body: plain, whyAtFirst: ["not_yet_known"]),
        Case(name: "never answered: shown 10 s after the silence began", toml: "", unknown: [.doNotDisturb],
             answers: [], shownAt: 8, body: plain, whyAtFirst: ["not_yet_known"]),
        Case(name: "answered after the wait: DND on holds nothing already shown", toml: "", unknown: [.screenLocked],
             answers: [(20, .screenLocked(true)), (20, .attentionUnknown([]))], shownAt: 8, body: plain, whyAtFirst: ["not_yet_known"]),
        Case(name: "away unknown, not held for away: shown at its instant", toml: "[attention]\nhold_while_away = false\n",
             unknown: [.away], answers: [], shownAt: 0, body: plain, whyAtFirst: nil),
        Case(name: "DND known on, lock unknown: held for DND", toml: "", unknown: [.screenLocked],
             answers: [(1, .screenLocked(false)), (1, .attentionUnknown([])), (120, .doNotDisturb(false))],
             shownAt: 120, body: plain + "\nDue at 18:00", whyAtFirst: ["do_not_disturb"]),
    ]

    @Test(arguments: cases)
    func aDailyReminderWaitsForTheDesktopALittle(_ c: Case) throws {
        var told: [Event] = [.attentionUnknown(c.unknown)]
        if c.name.hasPrefix("DND known on") { told.insert(.doNotDisturb(true), at: 0) }
        var world = try EngineHarness(c.toml, at: Self.start, told: told)
        var shownAt: Date?
        var body: String?
        func look(_ world: EngineHarness) {
            guard shownAt == nil, let first = world.shown.first(where: { $0.kind == .reminder(.daily) }) else { return }
            shownAt = first.at
            body = first.body
        }
        world.advance(to: Self.due.addingTimeInterval(1))
        look(world)
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(status.held?.why == c.whyAtFirst)
        for (after, event) in c.answers {
            world.advance(to: Self.due.addingTimeInterval(after))
            look(world)
            world.send(event)
            look(world)
        }
        world.advance(to: Self.due.addingTimeInterval(1800))
        look(world)
        #expect(shownAt.map { $0.timeIntervalSince(Self.due) } == c.shownAt)
        #expect(body == c.body)
        #expect(world.shown.filter { $0.kind == .reminder(.daily) }.count == 1, "once")
        #expect(world.state.attentionUnknownUntil == nil, "no timer left for the wait")
    }

    @Test func aSessionTransitionNeverWaitsForTheDesktop() throws {
        var world = try EngineHarness(at: "2026-03-02T17:00:00+01:00", told: [.attentionUnknown([.doNotDisturb, .screenLocked])])
        _ = world.command(.hiit(HIITPlan(rounds: 2, work: 4, rest: 2), title: nil, workout: nil))
        world.advance(by: 4)
        #expect(world.shown.last?.title == "Work phase done ✅")
        #expect(world.shown.last?.kind == .session(audible: true), "heard at its instant")
        #expect(world.state.held.isEmpty)
    }

    @Test func aServiceThatComesLaterStartsAWaitOfItsOwn() throws {
        var world = try EngineHarness(at: "2026-03-02T17:00:00+01:00", told: [.attentionUnknown([.doNotDisturb])])
        world.send(.attentionUnknown([]))
        #expect(world.state.attentionUnknownUntil == nil)
        world.advance(to: Self.due.addingTimeInterval(-2))  // the server appears (again) and is asked at 17:59:58
        world.send(.attentionUnknown([.doNotDisturb]))
        #expect(world.state.attentionUnknownUntil == Self.due.addingTimeInterval(8))
        world.advance(to: Self.due.addingTimeInterval(5))
        #expect(world.state.held.map(\.kind) == [.daily])
        world.advance(to: Self.due.addingTimeInterval(9))
        #expect(world.state.held.isEmpty && world.shown.filter { $0.kind == .reminder(.daily) }.count == 1)
        #expect(world.logs.contains { $0.message.hasPrefix("the desktop did not say in time") })
    }
}
