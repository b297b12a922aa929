import Foundation
import Testing
@testable import GymbellCore

/// What each real notification server is sent (Sources/GymbellCore/Presentation): the table of what the
/// servers do (tests/desktops checks it on the real ones) and the rules that read it.
@Suite("Presentation per notification server")
struct PresentationTests {
    static let caps: Set<String> = ["actions", "body"]
    static func server(_ name: String, _ caps: Set<String> = caps) -> ServerProfile { ServerProfile(serverName: name, capabilities: caps) }
    static let gnome = server("gnome-shell")
    static let plasma = server("Plasma")
    static let xfce = server("Xfce Notify Daemon")
    static let nd = server("Notification Daemon")
    static let mako = server("mako")
    static let dunst = server("dunst")
    static let all = [gnome, plasma, xfce, nd, mako, dunst]
    static let start = instant("2026-03-29T18:00:00+02:00")

    @Test("GetServerInformation names map to the servers people run", arguments: [
        ("gnome-shell", ServerProfile.Family.gnomeShell), ("Plasma", .plasma), ("Xfce Notify Daemon", .xfce),
        ("Notification Daemon", .notificationDaemon), ("mako", .mako), ("dunst", .dunst), ("swaync", .other), ("", .other),
    ])
    func families(name: String, family: ServerProfile.Family) {
        #expect(Self.server(name).family == family)
    }

    @Test("what each server does with expiry, value, a labelled default and CloseNotification")
    func table() {
        typealias Row = (ServerProfile, honoursExpiry: Bool, progress: Bool, defaultButton: Bool, closeRemoves: Bool, inPlace: Bool)
        let rows: [Row] = [
            (Self.gnome, false, false, false, true, false), (Self.plasma, true, false, false, true, true),
            (Self.xfce, true, false, true, true, true), (Self.nd, true, false, false, false, true),
            (Self.mako, true, true, false, true, true), (Self.dunst, true, true, false, true, true),
            (Self.server("swaync"), true, false, false, true, true),
        ]
        for row in rows {
            #expect(row.0.updatesInPlace == row.inPlace, "\(row.0.family)")
            #expect(row.0.honoursExpiry == row.honoursExpiry, "\(row.0.family)")
            #expect(row.0.drawsProgressBeside == row.progress, "\(row.0.family)")
            #expect(row.0.showsDefaultAsButton == row.defaultButton, "\(row.0.family)")
            #expect(row.0.closeRemovesBubble == row.closeRemoves, "\(row.0.family)")
        }
    }

    // MARK: Reminders that stand on their own

    static func daily() -> Reminder {
        Reminder(id: ReminderID("daily"), kind: .daily, due: start, title: "Workout Time!", body: "Today: Push Day")
    }

    @Test("the daily reminder: Start Workout and Snooze, the click starts too, it waits for an answer")
    func dailyReminder() {
        for server in Self.all {
            let notice = ReminderNotice.make(for: Self.daily(), server: server, sessionRunning: false, messages: .english)
            #expect(notice.actions.map(\.key) == ["default", "start", "snooze"])
            // xfce4-notifyd draws a labelled default as a second "Start Workout" button.
            #expect(notice.actions[0].label == (server.family == .xfce ? "" : "Start Workout"))
            #expect(notice.urgency == .normal && notice.expireTimeout == 0 && notice.progress == nil)
        }
    }

    @Test("a daily or snoozed reminder during a workout offers no second one")
    func dailyDuringWorkout() {
        var snoozed = Self.daily()
        snoozed = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: Self.start, title: "Workout Reminder", body: "Ready?")
        let notice = ReminderNotice.make(for: snoozed, server: Self.plasma, sessionRunning: true, messages: .english)
        #expect(notice.actions.map(\.key) == ["default", "snooze"])
        #expect(!notice.actions.contains { $0.label == "Start Workout" })
    }

    @Test("without the actions capability: no buttons, the command line in the body")
    func noActions() {
        let bare = Self.server("anything", ["body"])
        let notice = ReminderNotice.make(for: Self.daily(), server: bare, sessionRunning: false, messages: .english)
        #expect(notice.actions.isEmpty && notice.body == "Today: Push Day\nStart: gymbell start · Snooze: gymbell snooze")
    }

    @Test("every other reminder has a default action: a click never closes others by accident", arguments: [
        ReminderKind.restDay, .restAdvice, .milestone, .pausedWorkout,
    ])
    func defaultEverywhere(kind: ReminderKind) {
        let reminder = Reminder(id: ReminderID("r"), kind: kind, due: Self.start, title: "T", body: "B")
        for server in Self.all {
            let notice = ReminderNotice.make(for: reminder, server: server, sessionRunning: false, messages: .english)
            #expect(notice.actions.first?.key == "default", "\(kind) on \(server.family)")
            #expect(notice.expireTimeout == (kind == .pausedWorkout ? 0 : Notice.glanceTimeout))
        }
    }

    // MARK: The session's notification

    static func hiit() -> SessionPlan {
        SessionPlanner.hiit(id: SessionID("h"), plan: HIITPlan(rounds: 3, work: 4, rest: 3), startingAt: start)
    }

    static func notice(_ plan: SessionPlan, after seconds: TimeInterval, on server: ServerProfile, delivered: Int?) -> Notice {
        let now = start.addingTimeInterval(seconds)
        let transition = delivered.map { plan.reminders[$0] }
        let nextDue = plan.reminders.map(\.due).filter { $0 > now }.min()
        return SessionNotice.make(
            session: plan.session, transition: transition, nextDue: nextDue, now: now, timeZone: berlin, server: server,
            messages: .english, privateMode: false)
    }

    @Test("HIIT 3 × 4 s / 3 s: the one notification says each instruction with the phase under it")
    func hiitTimeline() {
        let plan = Self.hiit()
        let expected: [(TimeInterval, String, String)] = [
            (4, "Work phase done ✅", "Time to rest.\nRest, round 1 of 3"),
            (7, "Rest over 💥", "Get moving!\nWork, round 2 of 3"),
            (11, "Work phase done ✅", "Time to rest.\nRest, round 2 of 3"),
            (14, "Rest over 💥", "Get moving!\nWork, round 3 of 3"),
            (18, "Work phase done ✅", "Time to rest.\nRest, round 3 of 3"),
        ]
        for (index, (at, title, body)) in expected.enumerated() {
            let notice = Self.notice(plan, after: at + 0.002, on: Self.plasma, delivered: index)
            #expect((notice.title, notice.body) == (title, body))
            #expect(notice.actions.map(\.key) == ["default", "stop"] && notice.category == "x-gymbell.session")
            #expect(notice.urgency == .normal)
            // Until a little after the phase ends: a daemon that died leaves nothing stale behind.
            let phase: Double = index % 2 == 0 ? 3 : 4
            #expect(abs(Double(notice.expireTimeout ?? 0) - (phase - 0.002 + SessionNotice.staleAfter) * 1000) < 2)
        }
        let last = Self.notice(plan, after: 21.001, on: Self.plasma, delivered: 5)
        #expect((last.title, last.body) == ("HIIT session complete 🎉", "Well done!"))
        #expect(last.actions.map(\.key) == ["default"] && last.expireTimeout == Notice.glanceTimeout && last.urgency == .normal)
    }

    @Test("GNOME Shell ignores expiry: a running session's notification is critical there, and only there")
    func gnomeCritical() {
        let plan = Self.hiit()
        for server in Self.all {
            let running = Self.notice(plan, after: 4.01, on: server, delivered: 0)
            #expect(running.urgency == (server.family == .gnomeShell ? .critical : .normal), "\(server.family)")
            let done = Self.notice(plan, after: 21.01, on: server, delivered: 5)
            #expect(done.urgency == .normal, "the completion goes away by itself on \(server.family)")
        }
    }

    @Test("progress is sent only where it is drawn beside the text (xfce would show a bare gauge)")
    func progress() {
        let plan = Self.hiit()
        for server in Self.all {
            let notice = Self.notice(plan, after: 7.01, on: server, delivered: 1)
            #expect((notice.progress != nil) == [.dunst, .mako].contains(server.family), "\(server.family)")
        }
    }

    @Test("a strength set: Set done is on the notification, as the click and a button; it waits")
    func strengthSet() {
        let workout = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
            Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 80, unit: "kg", rest: [3, 3, 3]),
        ]))
        guard case .strength(let exercises) = workout.kind else { return }
        var (session, progress) = StrengthPlanner.start(id: SessionID("s"), workout: workout, exercises: exercises, at: Self.start)
        let first = SessionNotice.make(
            session: session, transition: nil, nextDue: nil, now: Self.start, timeZone: berlin, server: Self.xfce, messages: .english,
            privateMode: false)
        #expect((first.title, first.body) == ("Push Day", "Now: Bench Press — set 1 of 3, 8 × 80 kg"))
        #expect(first.actions.map(\.key) == ["default", "set-done", "fewer-reps", "stop"] && first.actions[0].label == "")
        #expect(first.actions.map(\.label) == ["", "Set done", "Fewer reps", "End workout"])
        #expect(first.expireTimeout == 0)
        let rest = progress.recordSet()
        progress.restUntil = Self.start.addingTimeInterval(rest ?? 0)
        session.detail = .strength(progress)
        let reminders = StrengthPlanner.afterSet(session: session, progress: progress, rest: rest, warnBefore: 0, at: Self.start)
        let over = reminders.first { $0.kind == .restOver }
        #expect(over != nil)
        let resting = SessionNotice.make(
            session: session, transition: nil, nextDue: over?.due, now: Self.start, timeZone: berlin, server: Self.gnome, messages: .english,
            privateMode: false)
        #expect(resting.body == "Resting until 18:00:03. Next: Bench Press — set 2 of 3, 8 × 80 kg")
        let atOver = over!.due.addingTimeInterval(0.002)
        let said = SessionNotice.make(
            session: session, transition: over, nextDue: nil, now: atOver, timeZone: berlin, server: Self.gnome, messages: .english,
            privateMode: false)
        #expect(said.title == "Rest over ⏰" && said.body == "Time for your next set! Next: Bench Press — set 2 of 3, 8 × 80 kg")
        #expect(said.actions.map(\.key) == ["default", "set-done", "fewer-reps", "stop"] && said.urgency == .critical && said.expireTimeout == 0)
        // A set planned without reps (a plank held) cannot fall short by a rep: no Fewer reps.
        let plank = WorkoutDefinition(name: "core", title: "Core", kind: .strength(exercises: [Exercise(name: "Plank", sets: 2, rest: [30, 30])]))
        guard case .strength(let held) = plank.kind else { return }
        let holding = SessionNotice.make(
            session: StrengthPlanner.start(id: SessionID("p"), workout: plank, exercises: held, at: Self.start).0, transition: nil,
            nextDue: nil, now: Self.start, timeZone: berlin, server: Self.gnome, messages: .english, privateMode: false)
        #expect(holding.actions.map(\.key) == ["default", "set-done", "stop"])
        #expect(!SessionNotice.endsSession(over!, of: session, nextDue: nil), "a strength rest's end is not the workout's")
    }

    @Test("a plain rest's end is its session's last word")
    func plainRest() {
        let plan = SessionPlanner.rest(id: SessionID("r"), seconds: 90, startingAt: Self.start)
        let over = plan.reminders.first { $0.kind == .restOver }!
        #expect(SessionNotice.endsSession(over, of: plan.session, nextDue: nil))
        let notice = SessionNotice.make(
            session: plan.session, transition: over, nextDue: nil, now: over.due, timeZone: berlin, server: Self.dunst,
            messages: .english, privateMode: false)
        #expect(notice.title == "Rest over ⏰" && notice.expireTimeout == Notice.glanceTimeout && notice.actions.map(\.key) == ["default"])
    }
}


@Suite("Plasma: bodies come with their lines broken")
struct PlasmaBodyTests {
    static let plasma = ServerProfile(serverName: "Plasma", capabilities: ["actions", "body"])

    @Test func longLinesAreBrokenBetweenWordsOnlyForPlasma() {
        let body = "Today: Push Day — Bench Press 80 kg, Overhead Press 40 kg, Dips · about 20 min"
        #expect(Self.plasma.fitting(body) == "Today: Push Day — Bench Press 80\nkg, Overhead Press 40 kg, Dips ·\nabout 20 min")
        #expect(Self.plasma.fitting(body).split(separator: "\n").allSatisfy { $0.count <= 34 })
        #expect(ServerProfile(serverName: "gnome-shell", capabilities: ["actions"]).fitting(body) == body)
        // Lines already short, and the breaks a text has, stay; a word longer than a line is not cut.
        #expect(Self.plasma.fitting("Bench Press: 8 × 105 kg\nSquat: 5 × 130 kg") == "Bench Press: 8 × 105 kg\nSquat: 5 × 130 kg")
        #expect(TextWrap.lines(of: "Supercalifragilisticexpialidocious-and-more yes", width: 10)
            == ["Supercalifragilisticexpialidocious-and-more", "yes"])
        #expect(TextWrap.lines(of: "", width: 10) == [""])
    }

    @Test func theOverloadSuggestionKeepsItsButtonsOnPlasma() {
        let reminder = Reminder(
            id: ReminderID("s-overload"), kind: .overloadSuggestion, due: Date(timeIntervalSince1970: 0),
            content: .overload([OverloadSuggestion(exercise: "Bench Press", weight: 100, next: 102.5, unit: .kg, sessions: 3)]))
        let notice = ReminderNotice.make(for: reminder, server: Self.plasma, sessionRunning: false, messages: .english)
        #expect(notice.body == "Bench Press 100 kg: 3× done. Try\n102.5 kg!")
        #expect(notice.actions.map(\.key) == ["next-time", "dismiss"])
    }
}
