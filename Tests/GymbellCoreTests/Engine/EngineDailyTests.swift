import Foundation
import Testing
@testable import GymbellCore

/// The daily reminder through the engine: on time, snoozed, skipped, trained today, late, quiet hours,
/// DST, and the clicks on it.
@Suite("Engine: the daily reminder")
struct EngineDailyTests {
    static let monday = "2026-03-02T17:00:00+01:00"

    func dailies(_ world: EngineHarness) -> [(Date, String)] {
        world.shown.filter { $0.kind == .reminder(.daily) || $0.kind == .reminder(.snoozed) }.map { ($0.at, $0.title) }
    }

    @Test func firesAtItsTimeWithItsTextAndOnlyOnce() throws {
        var world = try EngineHarness("[reminders]\nweekly_summary = false\n[program]\nmon = \"push\"\n[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench\", sets = 2, reps = 8, rest = 90 }]\n", at: Self.monday)
        world.send(.tick)
        #expect(world.armed == instant("2026-03-02T18:00:00+01:00"))
        world.advance(to: instant("2026-03-02T23:00:00+01:00"))
        #expect(dailies(world).map(\.0) == [instant("2026-03-02T18:00:00+01:00")])
        #expect(world.shown.first?.title == "Workout Time!")
        #expect(world.shown.first?.body == "Today: Push Day — Bench · about 5 min")
        // Handled: the day is remembered, the reminder left the agenda once the server took it.
        #expect(world.state.daily.lastHandled == instant("2026-03-02T18:00:00+01:00"))
        #expect(world.state.agenda.isEmpty)
        // The program trains on Mondays only: the next reminder is next Monday's.
        #expect(world.armed == instant("2026-03-09T18:00:00+01:00"), "armed: \(String(describing: world.armed))")
    }

    @Test func snoozeShowsItAgainAfterTheConfiguredMinutes() throws {
        var world = try EngineHarness("[reminders]\nsnooze_minutes = 15\n", at: Self.monday)
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        let reply = world.command(.snooze(minutes: nil))
        guard case .success(.snoozed(let reminder)) = reply else { Issue.record("\(reply)"); return }
        #expect(reminder.due == instant("2026-03-02T18:15:00+01:00"))
        #expect(world.effects.contains(.close(.offeringWorkout)))
        world.advance(to: instant("2026-03-02T19:00:00+01:00"))
        #expect(dailies(world).map(\.1) == ["Time to Workout! 💪", "Workout Reminder"])
        #expect(dailies(world).last?.0 == instant("2026-03-02T18:15:00+01:00"))
    }

    @Test func skipTodayQuietensTodayAndAnswersTheNextOne() throws {
        var world = try EngineHarness(at: Self.monday)
        _ = world.command(.snooze(minutes: 30))
        #expect(world.command(.skipToday) == .success(.nextDaily(instant("2026-03-03T18:00:00+01:00"))))
        world.advance(to: instant("2026-03-03T17:59:59+01:00"))
        #expect(dailies(world).isEmpty)
        world.advance(to: instant("2026-03-03T18:00:00+01:00"))
        #expect(dailies(world).count == 1)
    }

    @Test func aWorkoutStartedTodayMeansNoReminderToday() throws {
        var world = try EngineHarness(at: "2026-03-02T12:00:00+01:00")
        _ = world.command(.rest(seconds: 60))
        world.advance(to: instant("2026-03-02T23:59:00+01:00"))
        #expect(dailies(world).isEmpty)
        #expect(world.state.daily.quietDay == LocalDay(containing: world.now, in: berlin))
    }

    struct Late: Sendable, CustomTestStringConvertible {
        let back: String
        let shown: Bool
        var testDescription: String { "back at \(back): \(shown ? "shown late" : "too late")" }
    }

    @Test(arguments: [Late(back: "2026-03-02T19:59:00+01:00", shown: true), Late(back: "2026-03-02T20:01:00+01:00", shown: false)])
    func aMissedReminderComesLateOnlyWithinTheGrace(_ late: Late) throws {
        var world = try EngineHarness(at: Self.monday)
        world.send(.tick)
        world.jump(to: instant(late.back))  // asleep over 18:00; late_grace is 2 h
        #expect(dailies(world).count == (late.shown ? 1 : 0))
        world.advance(by: 3 * 3600)
        #expect(dailies(world).count == (late.shown ? 1 : 0))  // never twice
    }

    @Test func quietHoursHoldItUntilTheyEnd() throws {
        var world = try EngineHarness("[reminders]\ntime = \"23:00\"\n[quiet_hours]\nstart = \"22:00\"\nend = \"07:00\"\n", at: Self.monday)
        world.advance(to: instant("2026-03-03T12:00:00+01:00"))
        #expect(dailies(world).map(\.0) == [instant("2026-03-03T07:00:00+01:00")])
        #expect(world.logs.contains { $0.message == "reminder held for quiet hours" })
    }

    @Test func aTimeThatDoesNotExistOnSpringForwardComesRightAfterTheGap() throws {
        var world = try EngineHarness("[reminders]\ntime = \"02:30\"\n", at: "2026-03-29T00:00:00+01:00")
        world.advance(to: instant("2026-03-29T12:00:00+02:00"))
        #expect(dailies(world).map(\.0) == [instant("2026-03-29T03:00:00+02:00")])
    }

    @Test func aTimeThatOccursTwiceOnFallBackFiresOnceTheFirstTime() throws {
        var world = try EngineHarness("[reminders]\ntime = \"02:30\"\n", at: "2026-10-25T00:00:00+02:00")
        world.advance(to: instant("2026-10-25T12:00:00+01:00"))
        #expect(dailies(world).map(\.0) == [instant("2026-10-25T02:30:00+02:00")])
    }

    @Test func aTimeZoneChangeReplansInTheNewZone() throws {
        var world = try EngineHarness(at: Self.monday)
        world.send(.tick)
        #expect(world.armed == instant("2026-03-02T18:00:00+01:00"))
        var moved = try EngineHarness(at: Self.monday, in: newYork, stored: StoredState(daily: world.state.daily))
        moved.send(.tick)
        #expect(moved.armed == instant("2026-03-02T18:00:00-05:00"))
    }

    // MARK: Clicks

    struct Click: Sendable, CustomTestStringConvertible {
        let key: String
        let startsSession: Bool
        let snoozes: Bool
        var testDescription: String { key }
    }

    @Test(arguments: [
        Click(key: "start", startsSession: true, snoozes: false), Click(key: "default", startsSession: true, snoozes: false),
        Click(key: "snooze", startsSession: false, snoozes: true),
    ])
    func aClickOnTheDailyReminder(_ click: Click) throws {
        var world = try EngineHarness(
            "[reminders]\nstart_command = [\"xdg-open\", \"https://example.org\"]\n[program]\nmon = \"hiit\"\n[workouts.hiit]\ntitle = \"HIIT\"\nkind = \"hiit\"\nrounds = 2\nwork = \"10s\"\nrest = \"5s\"\n",
            at: Self.monday)
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        let daily = try #require(world.shown.first)
        #expect(daily.title == "Workout Time!")
        let reminder = Reminder(id: ReminderID("daily-2026-03-02"), kind: .daily, due: world.now, title: daily.title, body: daily.body)
        world.send(.action(on: .reminder(reminder), key: click.key))
        #expect((world.state.session?.session.title == "HIIT") == click.startsSession)
        #expect(world.effects.contains(.launch(["xdg-open", "https://example.org"], purpose: .startCommand)) == click.startsSession)
        #expect(world.state.agenda.contains { $0.kind == .snoozed } == click.snoozes)
        #expect(world.effects.last { if case .close = $0 { true } else { false } } == .close(.reminder(reminder.id)))
    }

    /// Where the server draws Start Workout as a button of its own, a click on the reminder's body opens
    /// the window on Today and starts nothing; on mako and dunst (no buttons) it is how a workout starts.
    @Test(arguments: [
        ("gnome-shell", "GNOME", true), ("Plasma", "KDE", true), ("Xfce Notify Daemon", "Xfce", true),
        ("Notification Daemon", "GNOME", true), ("Notification Daemon", "MATE", true), ("cinnamon", "GNOME", true),
        ("lxqt-notificationd", "lxqt.org", true), ("Budgie Notification Server", "Budgie Desktop Developers", true),
        ("SwayNotificationCenter", "ErikReider", true), ("mako", "emersion", false), ("dunst", "knopwob", false),
        ("some-server", "", false),
    ])
    func aClickOnTheBodyPerServer(name: String, vendor: String, opens: Bool) throws {
        var world = try EngineHarness("[program]\nmon = \"push\"\n[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench Press\", sets = 2, reps = 8, rest = 60 }]\n", at: Self.monday)
        world.send(.serverAppeared(ServerProfile(serverName: name, vendor: vendor, capabilities: ["actions", "body"])))
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        let daily = try #require(world.shown.last)
        let reminder = Reminder(id: ReminderID("daily-2026-03-02"), kind: .daily, due: world.now, title: daily.title, body: daily.body)
        world.send(.action(on: .reminder(reminder), key: "default"))
        #expect(world.effects.contains(.openWindow(.today)) == opens)
        #expect((world.state.session != nil) == !opens)
        // Its Start Workout button starts the workout everywhere, as before.
        var button = try EngineHarness("[program]\nmon = \"push\"\n[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench Press\", sets = 2, reps = 8, rest = 60 }]\n", at: Self.monday)
        button.send(.serverAppeared(ServerProfile(serverName: name, vendor: vendor, capabilities: ["actions", "body"])))
        button.advance(to: instant("2026-03-02T18:00:00+01:00"))
        button.send(.action(on: .reminder(reminder), key: "start"))
        #expect(button.state.session?.session.title == "Push Day" && !button.effects.contains(.openWindow(.today)))
    }

    /// Without gymbell-window (a package of its own) no server is offered "Open gymbell": a click on the
    /// daily reminder's body starts the workout everywhere, as on mako and dunst; during a workout it
    /// only dismisses.
    @Test(arguments: [
        ("gnome-shell", "GNOME"), ("Plasma", "KDE"), ("Xfce Notify Daemon", "Xfce"), ("Notification Daemon", "MATE"),
        ("cinnamon", "GNOME"), ("lxqt-notificationd", "lxqt.org"), ("Budgie Notification Server", "Budgie Desktop Developers"),
        ("SwayNotificationCenter", "ErikReider"), ("mako", "emersion"), ("dunst", "knopwob"), ("some-server", ""),
    ])
    func aClickOnTheBodyWithoutTheWindow(name: String, vendor: String) throws {
        var world = try EngineHarness(
            "[program]\nmon = \"push\"\n[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench Press\", sets = 2, reps = 8, rest = 60 }]\n",
            at: Self.monday, windowInstalled: false)
        world.send(.serverAppeared(ServerProfile(serverName: name, vendor: vendor, capabilities: ["actions", "body"])))
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        let daily = try #require(world.shown.last)
        let reminder = Reminder(id: ReminderID("daily-2026-03-02"), kind: .daily, due: world.now, title: daily.title, body: daily.body)
        let notice = try #require(world.effects.lazy.compactMap { if case .present(_, let notice, _, _) = $0 { notice } else { nil } }.last)
        #expect(!notice.actions.contains { $0.label == "Open gymbell" || $0.label == "Open" }, "\(name)")
        #expect(notice.actions.contains { $0.key == "snooze" })
        world.send(.action(on: .reminder(reminder), key: "default"))
        #expect(!world.effects.contains { if case .openWindow = $0 { true } else { false } })
        #expect(world.state.session?.session.title == "Push Day")
        // A snoozed reminder during that workout: its click only dismisses, it opens nothing.
        world.send(.action(on: .reminder(Reminder(id: ReminderID("snoozed"), kind: .snoozed, due: world.now, title: "", body: "")), key: "default"))
        #expect(!world.effects.contains { if case .openWindow = $0 { true } else { false } })
    }

    /// Budgie 10.7 follows a button's action with `default` for the same click: that answers nothing more.
    @Test(arguments: ["start", "snooze"])
    func budgiesClickAfterAButtonAnswersNothing(button: String) throws {
        var world = try EngineHarness("[program]\nmon = \"push\"\n[workouts.push]\ntitle = \"Push Day\"\nkind = \"strength\"\nexercises = [{ name = \"Bench Press\", sets = 2, reps = 8, rest = 60 }]\n", at: Self.monday)
        world.send(.serverAppeared(ServerProfile(serverName: "Budgie Notification Server", capabilities: ["actions", "body"])))
        world.advance(to: instant("2026-03-02T18:00:00+01:00"))
        let daily = try #require(world.shown.last)
        let reminder = Reminder(id: ReminderID("daily-2026-03-02"), kind: .daily, due: world.now, title: daily.title, body: daily.body)
        world.send(.action(on: .reminder(reminder), key: button))
        let session = world.state.session?.session.id
        world.send(.action(on: .reminder(reminder), key: "default"))
        #expect(!world.effects.contains(.openWindow(.today)))
        #expect(world.state.session?.session.id == session, "Snooze starts nothing, Start starts one workout")
        #expect((session != nil) == (button == "start"))
    }
}
