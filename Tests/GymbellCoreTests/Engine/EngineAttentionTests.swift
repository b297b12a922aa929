import Foundation
import Testing
@testable import GymbellCore

/// Issue 31 through the engine: reminders that can wait are held while the person is busy (Do Not
/// Disturb), has locked the screen or is away, kept across a restart, shown as one notification with
/// its sound when they are back; a session's transitions go through; nothing rings unseen; a running
/// session keeps the screen on.
@Suite("Engine: attention")
struct EngineAttentionTests {
    static let monday = "2026-03-02T17:00:00+01:00"

    /// The standalone reminders presented: (instant, title, body, silent).
    func presented(_ world: EngineHarness) -> [(at: Date, title: String, body: String, silent: Bool)] {
        var now = instant(Self.monday)
        var out: [(Date, String, String, Bool)] = []
        for effect in world.effects {
            if case .present(let reminder, let notice, _, _) = effect {
                now = world.shown.first { $0.title == reminder.title && $0.body == reminder.body }?.at ?? now
                out.append((now, reminder.title, reminder.body, notice.silent))
            }
        }
        return out
    }

    struct Source: Sendable, CustomTestStringConvertible {
        let on: Event
        let off: Event
        let why: String
        var testDescription: String { why }
    }

    static let sources = [
        Source(on: .doNotDisturb(true), off: .doNotDisturb(false), why: "do_not_disturb"),
        Source(on: .screenLocked(true), off: .screenLocked(false), why: "screen_locked"),
        Source(on: .away(true), off: .away(false), why: "away"),
    ]

    @Test(arguments: sources)
    func aDailyReminderDueWhileBusyIsHeldThenShownWithItsSoundWhenBack(_ source: Source) throws {
        var world = try EngineHarness(at: Self.monday)
        world.advance(to: instant("2026-03-02T17:30:00+01:00"))
        world.send(source.on)
        world.advance(to: instant("2026-03-02T18:40:00+01:00"))
        #expect(presented(world).isEmpty, "nothing shown, nothing heard while \(source.why)")
        #expect(world.state.held.map(\.kind) == [.daily])
        #expect(world.state.agenda.count == 1, "held in the agenda: the store has it")
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(status.held?.why == [source.why])
        #expect(status.held?.reminders == world.state.held.map(\.id.rawValue))
        #expect(status.held?.message.hasPrefix("1 reminder held until you are back") == true)
        #expect(world.armed != nil && world.armed! > world.now, "no busy timer for what is held")

        world.send(source.off)
        let shown = presented(world)
        #expect(shown.count == 1)
        #expect(shown.first?.title == "Time to Workout! 💪")
        #expect(shown.first?.body == "Your daily workout awaits.\nDue at 18:00")
        #expect(shown.first?.silent == false, "shown with its sound")
        #expect(world.state.agenda.isEmpty && world.state.held.isEmpty, "taken by the server: gone")
        world.advance(by: 3 * 3600)
        #expect(presented(world).count == 1, "never twice")
    }

    @Test func severalHeldRemindersBecomeOneNotification() throws {
        let held = [
            Reminder(id: ReminderID("m"), kind: .milestone, due: instant("2026-03-02T17:10:00+01:00"), content: .fixed(title: "Milestone reached 🏆", body: "10 workouts")),
            Reminder(id: ReminderID("d"), kind: .daily, due: instant("2026-03-02T17:20:00+01:00"), content: .daily(workout: nil)),
            Reminder(id: ReminderID("r"), kind: .restAdvice, due: instant("2026-03-02T17:30:00+01:00"), content: .restAdvice(trainingDays: 3)),
        ]
        var world = try EngineHarness(
            "[reminders]\ntime = \"21:00\"\n", at: "2026-03-02T17:45:00+01:00", stored: StoredState(agenda: PendingReminders(held)),
            told: [.doNotDisturb(true)])
        #expect(world.state.held.map(\.id.rawValue) == ["m", "d", "r"])
        world.advance(by: 60)
        world.send(.doNotDisturb(false))
        let shown = presented(world)
        #expect(shown.count == 1, "one notification, not a pile: \(shown.map(\.title))")
        #expect(shown.first?.title == "Time to Workout! 💪", "the one that offers the workout leads")
        #expect(shown.first?.body == "Your daily workout awaits.\nDue at 17:20\nAlso: Milestone reached 🏆 (due at 17:10)\nAlso: Good rest day! 🌙 (due at 17:30)")
        #expect(world.state.agenda.isEmpty, "all of them said: none comes again")
    }

    @Test func lateGraceStillAppliesToWhatWasHeld() throws {
        var world = try EngineHarness(at: Self.monday, told: [.screenLocked(true)])
        world.advance(to: instant("2026-03-02T20:01:00+01:00"))  // late_grace 2 h after 18:00
        world.send(.screenLocked(false))
        #expect(presented(world).isEmpty)
        #expect(world.state.agenda.isEmpty, "dropped for good")
        #expect(world.logs.contains { $0.message == "skipped held reminder: too late" })
    }

    @Test func aRestartWhileHeldKeepsItHeld() throws {
        var world = try EngineHarness(at: Self.monday, told: [.doNotDisturb(true)])
        world.advance(to: instant("2026-03-02T18:30:00+01:00"))
        #expect(world.state.held.count == 1)
        // The daemon restarts: the agenda and the day's memory come from the store; the desktop says DND
        // is still on before the first look at the agenda.
        var restarted = try EngineHarness(
            at: "2026-03-02T18:31:00+01:00", stored: StoredState(agenda: world.state.agenda, daily: world.state.daily), told: [.doNotDisturb(true)])
        #expect(presented(restarted).isEmpty)
        #expect(restarted.state.held.map(\.due) == [instant("2026-03-02T18:00:00+01:00")])
        restarted.send(.doNotDisturb(false))
        #expect(presented(restarted).map(\.body) == ["Your daily workout awaits.\nDue at 18:00"])
    }

    @Test func heldOnlyUntilEverySourceIsClear() throws {
        var world = try EngineHarness(at: Self.monday, told: [.doNotDisturb(true), .screenLocked(true)])
        world.advance(to: instant("2026-03-02T18:10:00+01:00"))
        world.send(.doNotDisturb(false))
        #expect(presented(world).isEmpty, "still locked")
        world.send(.screenLocked(false))
        #expect(presented(world).count == 1)
    }

    struct Choice: Sendable, CustomTestStringConvertible {
        let toml: String
        let held: Bool
        var testDescription: String { toml.isEmpty ? "default" : toml }
    }

    @Test(arguments: [
        Choice(toml: "", held: true), Choice(toml: "hold_during_dnd = false", held: false),
    ])
    func holdingDuringDoNotDisturbIsTheirChoice(_ choice: Choice) throws {
        var world = try EngineHarness("[attention]\n\(choice.toml)\n", at: Self.monday, told: [.doNotDisturb(true)])
        world.advance(to: instant("2026-03-02T18:10:00+01:00"))
        #expect(world.state.held.count == (choice.held ? 1 : 0))
        if !choice.held {
            // Sent for the server to keep, but without a sound: Do Not Disturb hides it.
            #expect(presented(world).map(\.silent) == [true])
        }
    }

    @Test func aReloadThatNoLongerHoldsShowsWhatWasHeld() throws {
        var world = try EngineHarness(at: Self.monday, told: [.doNotDisturb(true)])
        world.advance(to: instant("2026-03-02T18:10:00+01:00"))
        #expect(world.state.held.count == 1)
        world.send(.configApplied(try ConfigParser.parse("[attention]\nhold_during_dnd = false\n", path: "config.toml"), origin: "config.toml"))
        #expect(presented(world).map(\.body) == ["Your daily workout awaits.\nDue at 18:00"])
        #expect(presented(world).map(\.silent) == [true], "Do Not Disturb is still on: shown for the server to keep, silent")
    }

    @Test func whatWasTakenBackMeanwhileIsNotShown() throws {
        var world = try EngineHarness(at: Self.monday, told: [.doNotDisturb(true)])
        world.advance(to: instant("2026-03-02T18:10:00+01:00"))
        #expect(world.state.held.count == 1)
        _ = world.command(.skipToday)
        guard case .success(.status(let status)) = world.command(.status) else { Issue.record("no status"); return }
        #expect(status.held?.reminders == [])
        world.send(.doNotDisturb(false))
        #expect(presented(world).isEmpty, "skipped today: nothing comes back")
    }

    struct Transition: Sendable, CustomTestStringConvertible {
        let server: String
        let toml: String
        let urgency: Notice.Urgency
        let audible: Bool
        /// What the server's config says of critical notices during its Do Not Disturb (mako's modes).
        var criticalShown: Bool?? = .none
        var testDescription: String { "\(server) \(toml) \(criticalShown.map { "critical shown: \(String(describing: $0))" } ?? "")" }
    }

    @Test(arguments: [
        Transition(server: "Plasma", toml: "", urgency: .critical, audible: true),
        Transition(server: "gnome-shell", toml: "", urgency: .critical, audible: true),
        Transition(server: "dunst", toml: "", urgency: .critical, audible: false),
        Transition(server: "Plasma", toml: "session_through_dnd = false", urgency: .normal, audible: false),
        Transition(server: "mako", toml: "", urgency: .critical, audible: false),
        Transition(server: "mako", toml: "", urgency: .critical, audible: false, criticalShown: .some(false)),
        Transition(server: "mako", toml: "", urgency: .critical, audible: true, criticalShown: .some(true)),
        Transition(server: "mako", toml: "", urgency: .critical, audible: false, criticalShown: .some(nil)),
    ])
    func aHIITTransitionGoesThroughDoNotDisturb(_ case_: Transition) throws {
        var world = try EngineHarness("[attention]\n\(case_.toml)\n", at: Self.monday)
        world.send(.serverAppeared(ServerProfile(serverName: case_.server, capabilities: ["actions", "body"])))
        if case .some(let shown) = case_.criticalShown { world.send(.criticalShownDuringDoNotDisturb(shown)) }
        world.send(.doNotDisturb(true))
        _ = world.command(.hiit(HIITPlan(rounds: 2, work: 40, rest: 20), title: nil, workout: nil))
        world.advance(by: 41)
        let last = world.effects.compactMap { effect -> (Notice, Bool)? in
            // The one that carries the transition (a refresh after it is silent in any case).
            if case .showSession(let notice, _, let audible, _, let carried?, _) = effect, carried.rawValue.isEmpty == false { (notice, audible) } else { nil }
        }.last
        #expect(last?.0.title == "Work phase done ✅")
        #expect(last?.0.urgency == case_.urgency)
        #expect(last?.1 == case_.audible)
        #expect(world.state.held.isEmpty, "a session's transitions are never held")
    }

    @Test func aRunningSessionKeepsTheScreenOnUntilPausedOrEnded() throws {
        var world = try EngineHarness(at: Self.monday)
        func told() -> [Bool] { world.effects.compactMap { if case .keepScreenOn(let on) = $0 { on } else { nil } } }
        _ = world.command(.hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil))
        #expect(told() == [true])
        _ = world.command(.pause)
        #expect(told() == [true, false])
        _ = world.command(.resume)
        _ = world.command(.stop)
        #expect(told() == [true, false, true, false])
    }

    @Test func aStrengthWorkoutWithoutProgressBeyondPauseAfterLetsTheScreenGo() throws {
        var world = try EngineHarness(
            "[reminders]\npause_after = \"10m\"\n[workouts.push]\nkind = \"strength\"\nexercises = [{ name = \"Bench\", sets = 3, reps = 8, rest = 90 }]\n",
            at: Self.monday)
        _ = world.command(.start(workout: "push"))
        world.advance(by: 11 * 60)
        #expect(world.effects.compactMap { if case .keepScreenOn(let on) = $0 { on } else { nil } } == [true, false])
    }

    @Test func keepScreenOnIsTheirChoice() throws {
        var world = try EngineHarness("[attention]\nkeep_screen_on = false\n", at: Self.monday)
        _ = world.command(.rest(seconds: 60))
        #expect(!world.effects.contains { if case .keepScreenOn = $0 { true } else { false } })
    }
}

@Suite("Config: [attention]")
struct AttentionConfigTests {
    @Test func everyKeyIsRead() throws {
        let config = try ConfigParser.parse(
            "[attention]\nhold_during_dnd = false\nhold_while_locked = false\nhold_while_away = false\naway_after = \"2m\"\nsession_through_dnd = false\nkeep_screen_on = false\n",
            path: "config.toml")
        var expected = AttentionSettings()
        expected.holdDuringDoNotDisturb = false
        expected.holdWhileLocked = false
        expected.holdWhileAway = false
        expected.awayAfter = 120
        expected.sessionThroughDoNotDisturb = false
        expected.keepScreenOn = false
        #expect(config.attention == expected)
        #expect(try ConfigParser.parse("", path: "config.toml").attention == AttentionSettings())
    }

    @Test(arguments: [
        ("[attention]\nhold_durng_dnd = true\n", "config.toml:2:1: unknown key \"hold_durng_dnd\" in [attention]; did you mean \"hold_during_dnd\"?"),
        ("[attention]\naway_after = \"1s\"\n", "config.toml:2:14:"),
        ("[attention]\nkeep_screen_on = \"yes\"\n", "config.toml:2:18:"),
    ])
    func mistakesNameFileLineAndColumn(_ toml: String, _ message: String) throws {
        #expect {
            _ = try ConfigParser.parse(toml, path: "config.toml")
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
