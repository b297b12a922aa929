import Foundation
import Testing
@testable import GymbellCore

/// What each real notification server is sent (Sources/GymbellCore/Presentation): the table of what the
/// servers do (tests/desktops checks it on the real ones) and the rules that read it.
@Suite("Presentation per notification server")
struct PresentationTests {
    static let caps: Set<String> = ["actions", "body"]
    static func server(_ name: String, vendor: String = "", version: String = "", _ caps: Set<String> = caps) -> ServerProfile {
        ServerProfile(serverName: name, vendor: vendor, version: version, capabilities: caps)
    }
    // GetServerInformation (name, vendor, version) as each real server answers it
    static let gnome = server("gnome-shell", vendor: "GNOME", version: "43.9")
    static let plasma = server("Plasma", vendor: "KDE", version: "5.27.5")
    static let xfce = server("Xfce Notify Daemon", vendor: "Xfce", version: "0.7.3")
    static let nd = server("Notification Daemon", vendor: "GNOME", version: "3.20.0")
    static let mako = server("mako", vendor: "emersion", version: "1.7.1")
    static let dunst = server("dunst", vendor: "knopwob", version: "1.9.0")
    static let cinnamon = server("cinnamon", vendor: "GNOME", version: "5.6.8")
    static let mate = server("Notification Daemon", vendor: "MATE", version: "1.26.0")
    static let lxqt = server("lxqt-notificationd", vendor: "lxqt.org", version: "1.2.0")
    static let budgie = server("Budgie Notification Server", vendor: "Budgie Desktop Developers", version: "10.7.1")
    static let swaync = server("SwayNotificationCenter", vendor: "ErikReider", version: "0.7.3")
    static let all = [gnome, plasma, xfce, nd, mako, dunst, cinnamon, mate, lxqt, budgie, swaync]
    static let start = instant("2026-03-29T18:00:00+02:00")

    /// German as po/de.po has it: labels there are longer than the English ones.
    static let german: Messages = (try? TranslationCatalogTests.messages("de.po")) ?? Messages { $0 }

    @Test("GetServerInformation's name and vendor map to the servers people run; MATE's daemon is not GNOME's", arguments: [
        ("gnome-shell", "GNOME", ServerProfile.Family.gnomeShell), ("Plasma", "KDE", .plasma), ("Xfce Notify Daemon", "Xfce", .xfce),
        ("Notification Daemon", "GNOME", .notificationDaemon), ("Notification Daemon", "MATE", .mate), ("mako", "emersion", .mako),
        ("dunst", "knopwob", .dunst), ("cinnamon", "GNOME", .cinnamon), ("lxqt-notificationd", "lxqt.org", .lxqt),
        ("Budgie Notification Server", "Budgie Desktop Developers", .budgie), ("SwayNotificationCenter", "ErikReider", .swaync),
        ("swaync", "", .other), ("", "", .other), ("Notification Daemon", "", .notificationDaemon),
    ])
    func families(name: String, vendor: String, family: ServerProfile.Family) {
        #expect(Self.server(name, vendor: vendor).family == family)
    }

    @Test func theVersionIsKept() {
        #expect(Self.cinnamon.version == "5.6.8" && Self.budgie.version == "10.7.1")
        #expect(Set(Self.all.map(\.family)).count == Self.all.count, "every server of the matrix is a family of its own")
    }

    @Test("what each server does with a click, buttons, expiry, urgency, value, updates and CloseNotification")
    func table() {
        typealias Row = (
            ServerProfile, click: ServerProfile.ClickPlacement, buttons: Int?, expiry: ServerProfile.Expiry, onlyCritical: Bool,
            progress: Bool, inPlace: Bool, buttonsInPlace: Bool, closeRemoves: Bool
        )
        let rows: [Row] = [
            (Self.gnome, .first, nil, .ignored, true, false, false, false, true),
            (Self.plasma, .first, nil, .honoured, false, false, true, true, true),
            (Self.xfce, .onButton, nil, .honoured, false, false, true, true, true),
            (Self.nd, .first, nil, .honoured, false, false, true, true, false),
            (Self.mako, .first, nil, .honoured, false, true, true, true, true),
            (Self.dunst, .first, nil, .honoured, false, true, true, true, true),
            (Self.cinnamon, .first, nil, .never, true, false, true, true, true),
            (Self.mate, .first, nil, .honoured, false, false, true, true, true),
            (Self.lxqt, .onButton, 3, .endsEarly, false, false, true, false, true),
            (Self.budgie, .last, nil, .clamped(6_000...12_000), false, false, true, true, true),
            (Self.swaync, .first, nil, .honoured, true, false, true, true, true),  // 0 is 10 s there unless critical
            (Self.server("other"), .first, nil, .honoured, false, false, true, true, true),
        ]
        for row in rows {
            let name = row.0.family.rawValue
            #expect(row.0.clickPlacement == row.click, "\(name)")
            #expect(row.0.buttonLimit == row.buttons, "\(name)")
            #expect(row.0.expiry == row.expiry, "\(name)")
            #expect(row.0.keepsOnlyCriticalBanners == row.onlyCritical, "\(name)")
            #expect(row.0.drawsProgressBeside == row.progress, "\(name)")
            #expect(row.0.updatesInPlace == row.inPlace && row.0.updatesInPlace(changingButtons: false) == row.inPlace, "\(name)")
            #expect(row.0.updatesInPlace(changingButtons: true) == row.buttonsInPlace, "\(name)")
            #expect(row.0.closeRemovesBubble == row.closeRemoves, "\(name)")
        }
    }

    @Test("how long a notice stays, per server: sent, closed by gymbell, renewed by gymbell", arguments: [
        // (server, meant to stay ms, expire_timeout sent, gymbell closes after, gymbell renews after)
        (gnome, 0, 0, nil, nil), (gnome, 10_000, 10_000, nil, nil), (plasma, 9_000, 9_000, nil, nil), (swaync, 0, 0, nil, nil),
        // Cinnamon expires nothing (remove-old off): gymbell closes what is to go
        (cinnamon, 0, 0, nil, nil), (cinnamon, 10_000, 0, 10_000, nil),
        // lxqt-notificationd ends a countdown when the pointer leaves: none is sent, gymbell closes
        (lxqt, 0, 0, nil, nil), (lxqt, 10_000, 0, 10_000, nil), (lxqt, 9_000, 0, 9_000, nil),
        // Budgie clamps to 6–12 s and keeps what expired in Raven: the longest, closed or renewed before
        (budgie, 0, 12_000, nil, 10_000), (budgie, 10_000, 12_000, 10_000, nil), (budgie, 9_000, 12_000, 9_000, nil),
        (budgie, 95_000, 12_000, 95_000, 10_000), (budgie, 3_000, 12_000, 3_000, nil),
    ] as [(ServerProfile, Int32, Int32, Int32?, Int32?)])
    func lifetimes(server: ServerProfile, meant: Int32, sent: Int32, closes: Int32?, renews: Int32?) {
        #expect(server.lifetime(meant) == Notice.Lifetime(expireTimeout: sent, closeAfter: closes, renewAfter: renews))
    }

    // MARK: Reminders that stand on their own

    static func daily() -> Reminder {
        Reminder(id: ReminderID("daily"), kind: .daily, due: start, title: "Workout Time!", body: "Today: Push Day")
    }

    static func actions(_ notice: Notice) -> [String] { notice.actions.flatMap { [$0.key, $0.label] } }

    @Test("the daily reminder: Start Workout and Snooze as buttons every server keeps; the click opens the window where they are buttons")
    func dailyReminder() {
        // Start Workout is a button of its own: a click on the body opens the window on Today, last (Budgie
        // drops the action after `default`); xfce4-notifyd and LXQt draw it as a third button
        let opens = ["start", "Start Workout", "snooze", "Snooze 1 hour", "default", "Open gymbell"]
        let expected: [ServerProfile.Family: [String]] = [
            // no buttons at all: the click is how the workout starts (dunst's menu lists it first)
            .mako: ["default", "Start Workout", "start", "Start Workout", "snooze", "Snooze 1 hour"],
            .dunst: ["default", "Start Workout", "start", "Start Workout", "snooze", "Snooze 1 hour"],
            // lxqt-notificationd cuts labels over 6 characters when three buttons share the row
            .lxqt: ["start", "Start", "snooze", "Snooze", "default", "Open"],
        ]
        for server in Self.all {
            let notice = ReminderNotice.make(for: Self.daily(), server: server, sessionRunning: false, windowInstalled: true, messages: .english)
            #expect(Self.actions(notice) == expected[server.family] ?? opens, "\(server.family)")
            #expect(notice.urgency == .normal && notice.progress == nil && !notice.transient)
        }
        let german = ReminderNotice.make(for: Self.daily(), server: Self.lxqt, sessionRunning: false, windowInstalled: true, messages: Self.german)
        #expect(Self.actions(german) == ["start", "Start", "snooze", "Später", "default", "Öffnen"])
        let xfce = ReminderNotice.make(for: Self.daily(), server: Self.xfce, sessionRunning: false, windowInstalled: true, messages: Self.german)
        #expect(Self.actions(xfce) == ["start", "Training starten", "snooze", "In 1 Stunde erinnern", "default", "gymbell öffnen"])
        // a server gymbell does not know keeps the click on Start Workout: whether it draws buttons is unknown
        let unknown = ReminderNotice.make(for: Self.daily(), server: .unknown, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(Self.actions(unknown) == expected[.mako])
    }

    @Test("without gymbell-window the daily reminder offers no window: the click starts the workout, on the button where it is one")
    func dailyReminderWithoutTheWindow() {
        for server in Self.all {
            let notice = ReminderNotice.make(for: Self.daily(), server: server, sessionRunning: false, windowInstalled: false, messages: .english)
            #expect(!notice.actions.contains { $0.label == "Open gymbell" || $0.label == "Open" }, "\(server.family)")
            // the click is Start Workout: a labelled `default` first (mako, dunst), last, or Start's own button
            let clicks = notice.actions.filter { $0.key == "default" }
            #expect(clicks.count == 1 && clicks.allSatisfy { $0.label == "Start Workout" || $0.label == "Start" }, "\(server.family)")
            #expect(notice.actions.contains { $0.key == "snooze" }, "\(server.family)")
        }
    }

    @Test("which servers open the window on a click on the daily reminder's body", arguments: ServerProfile.Family.allCases)
    func clickOpensWindow(family: ServerProfile.Family) {
        let server = Self.all.first { $0.family == family } ?? Self.server("anything")
        let opens: Set<ServerProfile.Family> = [.gnomeShell, .plasma, .xfce, .notificationDaemon, .mate, .cinnamon, .lxqt, .budgie, .swaync]
        #expect(server.clickOpensWindow == opens.contains(family))
        // without the actions capability there is no click to send at all
        #expect(!ServerProfile(serverName: "gnome-shell", capabilities: ["body"]).clickOpensWindow)
    }

    @Test("a daily reminder is never gone unseen: it waits until answered, renewed where the server would drop it")
    func dailyStays() {
        for server in Self.all {
            let notice = ReminderNotice.make(for: Self.daily(), server: server, sessionRunning: false, windowInstalled: true, messages: .english)
            let lifetime = try! #require(notice.lifetime)
            #expect(lifetime.closeAfter == nil, "\(server.family): nobody closes it but an answer")
            if case .clamped(let range) = server.expiry {
                #expect(lifetime.expireTimeout == range.upperBound && lifetime.renewAfter! < range.upperBound, "\(server.family)")
            } else {
                #expect(lifetime == Notice.Lifetime(expireTimeout: 0), "\(server.family)")
            }
        }
    }

    @Test("a daily or snoozed reminder during a workout offers no second one")
    func dailyDuringWorkout() {
        let snoozed = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: Self.start, title: "Workout Reminder", body: "Ready?")
        for server in Self.all {
            let notice = ReminderNotice.make(for: snoozed, server: server, sessionRunning: true, windowInstalled: true, messages: .english)
            #expect(!notice.actions.contains { $0.label == "Start Workout" || $0.key == "start" }, "\(server.family)")
            #expect(notice.actions.contains { $0.key == "snooze" })
            // the click opens the window (its running workout) where Snooze is a button of its own; where
            // it only dismisses and a labelled default would be a button, there is no default at all
            #expect(notice.actions.contains { $0.key == "default" } == (server.clickOpensWindow || server.clickPlacement != .onButton),
                    "\(server.family)")
            #expect(notice.actions.contains { $0.label == "Open gymbell" || $0.label == "Open" } == server.clickOpensWindow, "\(server.family)")
        }
    }

    @Test("without the actions capability: no buttons, the command line in the body")
    func noActions() {
        let bare = Self.server("anything", ["body"])
        let notice = ReminderNotice.make(for: Self.daily(), server: bare, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.actions.isEmpty && notice.body == "Today: Push Day\nStart: gymbell start · Snooze: gymbell snooze")
    }

    @Test("every other reminder has a default action where a click on it cannot be a second button", arguments: [
        ReminderKind.restDay, .restAdvice, .milestone, .pausedWorkout,
    ])
    func defaultEverywhere(kind: ReminderKind) {
        let reminder = Reminder(id: ReminderID("r"), kind: kind, due: Self.start, title: "T", body: "B")
        for server in Self.all {
            let notice = ReminderNotice.make(for: reminder, server: server, sessionRunning: false, windowInstalled: true, messages: .english)
            let hasDefault = notice.actions.contains { $0.key == "default" }
            #expect(hasDefault == (server.clickPlacement != .onButton || kind == .pausedWorkout), "\(kind) on \(server.family)")
            #expect(notice.transient == (kind != .pausedWorkout), "what goes by itself leaves nothing behind")
            if kind == .pausedWorkout { #expect(notice.lifetime?.closeAfter == nil) } else {
                #expect([10_000, nil].contains(notice.lifetime?.closeAfter) && notice.lifetime != nil)
            }
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
            #expect(notice.urgency == .normal && !notice.transient)
            // Until a little after the phase ends: a daemon that died leaves nothing stale behind.
            let phase: Double = index % 2 == 0 ? 3 : 4
            #expect(abs(Double(notice.expireTimeout ?? 0) - (phase - 0.002 + SessionNotice.staleAfter) * 1000) < 2)
        }
        let last = Self.notice(plan, after: 21.001, on: Self.plasma, delivered: 5)
        #expect((last.title, last.body) == ("HIIT session complete 🎉", "Well done!"))
        #expect(last.actions.map(\.key) == ["default"] && last.expireTimeout == Notice.glanceTimeout && last.urgency == .normal)
    }

    @Test("a running session's notification is critical where only critical banners stay (GNOME, Cinnamon, swaync), and only there")
    func onlyCriticalStays() {
        let plan = Self.hiit()
        for server in Self.all {
            let running = Self.notice(plan, after: 4.01, on: server, delivered: 0)
            #expect(running.urgency == ([.gnomeShell, .cinnamon, .swaync].contains(server.family) ? .critical : .normal), "\(server.family)")
            let done = Self.notice(plan, after: 21.01, on: server, delivered: 5)
            #expect(done.urgency == .normal, "the completion goes away by itself on \(server.family)")
        }
    }

    @Test("after the session only the completion, which goes by itself and leaves nothing behind, on every server")
    func completionGoes() {
        let plan = Self.hiit()
        for server in Self.all {
            let done = Self.notice(plan, after: 21.01, on: server, delivered: 5)
            let lifetime = try! #require(done.lifetime)
            #expect(done.transient, "\(server.family): not kept in a message list, history or control centre")
            #expect(!done.actions.contains { $0.key == "stop" }, "\(server.family): no Stop on a finished session")
            switch server.expiry {
            case .honoured, .ignored: #expect(lifetime == Notice.Lifetime(expireTimeout: 10_000), "\(server.family)")
            case .never, .endsEarly: #expect(lifetime == Notice.Lifetime(expireTimeout: 0, closeAfter: 10_000), "\(server.family)")
            case .clamped(let range):
                #expect(lifetime.closeAfter == 10_000 && lifetime.expireTimeout > 10_000 && range.contains(lifetime.expireTimeout))
            }
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

    static func strength() -> StrengthWalk {
        let workout = WorkoutDefinition(name: "push", title: "Push Day", kind: .strength(exercises: [
            Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 80, unit: "kg", rest: [3, 3, 3]),
        ]))
        return StrengthWalk(workout: workout, at: start)
    }

    static func firstSet(on server: ServerProfile, messages: Messages = .english) -> Notice {
        SessionNotice.make(
            session: strength().session, transition: nil, nextDue: nil, now: start, timeZone: berlin, server: server, messages: messages,
            privateMode: false)
    }

    @Test("a strength set: Set done on the notification, as the click and a button, with every server's labels whole")
    func strengthButtons() {
        let first = ["default", "Set done", "set-done", "Set done", "fewer-reps", "Fewer reps", "stop", "End workout"]
        let expected: [ServerProfile.Family: [String]] = [
            .budgie: ["set-done", "Set done", "fewer-reps", "Fewer reps", "stop", "End workout", "default", "Set done"],
            .xfce: ["default", "Set done", "fewer-reps", "Fewer reps", "stop", "End workout"],
            // three buttons share lxqt-notificationd's row: 6 characters each
            .lxqt: ["default", "Done", "fewer-reps", "−1 rep", "stop", "End"],
        ]
        for server in Self.all {
            #expect(Self.actions(Self.firstSet(on: server)) == expected[server.family] ?? first, "\(server.family)")
        }
        #expect(Self.actions(Self.firstSet(on: Self.lxqt, messages: Self.german)) == ["default", "Fertig", "fewer-reps", "−1 Wdh", "stop", "Ende"])
    }

    @Test("a strength set waits for Set done")
    func strengthSet() throws {
        var walk = Self.strength()
        let first = Self.firstSet(on: Self.xfce)
        #expect((first.title, first.body) == ("Push Day", "Now: Bench Press — set 1 of 3, 8 × 80 kg"))
        #expect(first.expireTimeout == 0)
        let reminders = walk.recordSet(at: Self.start)
        let session = walk.session
        let over = try #require(reminders.first { $0.kind == .restOver })
        let resting = SessionNotice.make(
            session: session, transition: nil, nextDue: over.due, now: Self.start, timeZone: berlin, server: Self.gnome, messages: .english,
            privateMode: false)
        #expect(resting.body == "Resting until 18:00:03. Next: Bench Press — set 2 of 3, 8 × 80 kg")
        let atOver = over.due.addingTimeInterval(0.002)
        for server in Self.all {
            let said = SessionNotice.make(
                session: session, transition: over, nextDue: nil, now: atOver, timeZone: berlin, server: server, messages: .english,
                privateMode: false)
            #expect(said.title == "Rest over ⏰" && said.body == server.body("Time for your next set! Next: Bench Press — set 2 of 3, 8 × 80 kg"))
            // Set done one click away at Rest over, on every server, for as long as it takes
            #expect(said.actions.contains { $0.key == "set-done" || ($0.key == "default" && server.clickPlacement == .onButton) })
            #expect(said.lifetime?.closeAfter == nil && !said.transient)
            if server.family == .budgie { #expect(said.lifetime?.renewAfter == 10_000) }
        }
        // A set planned without reps (a plank held) cannot fall short by a rep: no Fewer reps.
        let plank = WorkoutDefinition(name: "core", title: "Core", kind: .strength(exercises: [Exercise(name: "Plank", sets: 2, rest: [30, 30])]))
        let holding = SessionNotice.make(
            session: StrengthWalk(id: SessionID("p"), workout: plank, at: Self.start).session, transition: nil,
            nextDue: nil, now: Self.start, timeZone: berlin, server: Self.gnome, messages: .english, privateMode: false)
        #expect(holding.actions.map(\.key) == ["default", "set-done", "stop"])
        #expect(!SessionNotice.endsSession(over, of: session, nextDue: nil), "a strength rest's end is not the workout's")
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

    @Test("Budgie shows a summary escaped: a name with & or < opens the body there, under a plain title")
    func budgieSummary() {
        let workout = WorkoutDefinition(name: "push", title: "Push & Pull <Heavy>", kind: .strength(exercises: [
            Exercise(name: "Bench Press", sets: 3, reps: 8, weight: 80, unit: "kg", rest: [3, 3, 3]),
        ]))
        let session = StrengthWalk(workout: workout, at: Self.start).session
        for server in Self.all {
            let notice = SessionNotice.make(
                session: session, transition: nil, nextDue: nil, now: Self.start, timeZone: berlin, server: server, messages: .english,
                privateMode: false)
            if server.family == .budgie {
                #expect(notice.title == "Workout" && notice.body == server.body("Push & Pull <Heavy>\nNow: Bench Press — set 1 of 3, 8 × 80 kg"))
            } else {
                #expect(notice.title == "Push & Pull <Heavy>", "\(server.family)")
            }
        }
        #expect(Self.budgie.showsSummaryAsTyped("Push Day") && Self.budgie.showsSummaryAsTyped("Rest over ⏰"))
        #expect(!Self.budgie.showsSummaryAsTyped("R&D") && !Self.budgie.showsSummaryAsTyped("<b>x</b>"))
        #expect(Self.all.filter { $0.family != .budgie }.allSatisfy { $0.showsSummaryAsTyped("R&D <x>") })
    }

    // MARK: Rules over every notice, every server, both languages

    /// Every notice gymbell shows, on `server`.
    static func everyNotice(on server: ServerProfile, messages: Messages) -> [Notice] {
        let kinds: [(ReminderKind, Bool)] = [
            (.daily, false), (.daily, true), (.snoozed, false), (.streakAtRisk, false), (.restDay, false), (.restAdvice, false),
            (.milestone, false), (.pausedWorkout, false), (.personalRecord, false),
        ]
        var notices = kinds.map { kind, running in
            ReminderNotice.make(
                for: Reminder(id: ReminderID("r"), kind: kind, due: start, title: "T", body: "B"), server: server, sessionRunning: running, windowInstalled: true,
                messages: messages)
        }
        notices.append(ReminderNotice.make(
            for: Reminder(id: ReminderID("o"), kind: .overloadSuggestion, due: start, content: .overload([
                OverloadSuggestion(exercise: "Bench Press", weight: 100, next: 102.5, unit: .kg, sessions: 3),
            ])), server: server, sessionRunning: false, windowInstalled: true, messages: messages))
        let plan = hiit()
        notices += (0..<6).map { notice(plan, after: plan.reminders[$0].due.timeIntervalSince(start) + 0.01, on: server, delivered: $0) }
        notices.append(firstSet(on: server, messages: messages))
        return notices
    }

    @Test("on every server: no empty label (libnotify refuses one), none cut, no more buttons than are drawn, no action lost")
    func everyNoticeEveryServer() {
        for messages in [Messages.english, Self.german] {
            for server in Self.all {
                for notice in Self.everyNotice(on: server, messages: messages) {
                    let what = "\(notice.title) on \(server.family.rawValue): \(Self.actions(notice))"
                    #expect(notice.actions.allSatisfy { !$0.label.isEmpty }, "\(what)")
                    let buttons = server.clickPlacement == .onButton ? notice.actions : notice.actions.filter { $0.key != "default" }
                    if let limit = server.buttonLimit { #expect(buttons.count <= limit, "\(what)") }
                    if let limit = server.labelLimit(buttons: buttons.count) {
                        #expect(buttons.allSatisfy { $0.label.count <= limit }, "\(what)")
                    }
                    // Budgie skips what follows `default`; xfce and LXQt would draw a labelled one twice
                    if server.clickPlacement == .last, let click = notice.actions.firstIndex(where: { $0.key == "default" }) {
                        #expect(click == notice.actions.count - 1, "\(what)")
                    }
                    if server.clickPlacement == .onButton {
                        #expect(Set(notice.actions.map(\.label)).count == notice.actions.count, "no button twice: \(what)")
                    }
                }
            }
        }
    }

    @Test("every server gets the same answers: the keys of one server's buttons are another's, the click aside")
    func sameAnswersEverywhere() {
        let reference = Self.everyNotice(on: Self.plasma, messages: .english)
        for server in Self.all {
            for (notice, plasma) in zip(Self.everyNotice(on: server, messages: .english), reference) {
                let keys = Set(notice.actions.map(\.key)).subtracting(["default"])
                let expected = Set(plasma.actions.map(\.key)).subtracting(["default"])
                // on xfce and LXQt the button that does what the click does is sent as the click itself
                let merged = expected.subtracting(keys)
                #expect(keys.isSubset(of: expected), "\(notice.title) on \(server.family)")
                #expect(merged.count <= 1 && (merged.isEmpty || notice.actions.contains { $0.key == "default" }), "\(notice.title) on \(server.family)")
            }
        }
    }
}


@Suite("Plasma: bodies come with their lines broken")
struct PlasmaBodyTests {
    static let plasma = ServerProfile(serverName: "Plasma", capabilities: ["actions", "body"])

    @Test func lxqtGetsItsLinesBrokenToo() {
        let lxqt = ServerProfile(serverName: "lxqt-notificationd", capabilities: ["actions", "body"])
        #expect(lxqt.fitting("Time for your next set! Next: Bench Press — set 2 of 3, 8 × 80 kg")
            == "Time for your next set!\nNext: Bench Press — set 2\nof 3, 8 × 80 kg")
        let swaync = ServerProfile(serverName: "SwayNotificationCenter", capabilities: ["actions", "body"])
        #expect(swaync.fitting("Today: Push & Pull <Heavy> — <b>Bench</b> 80 kg · about 5 min")
            == "Today: Push & Pull <Heavy> —\n<b>Bench</b> 80 kg · about 5 min")
        let budgie = ServerProfile(serverName: "Budgie Notification Server", capabilities: ["actions", "body"])
        #expect(budgie.fitting("Today: Push & Pull <Heavy> — <b>Bench</b> 80 kg · about 5 min")
            == "Today: Push & Pull <Heavy> —\n<b>Bench</b> 80 kg · about 5 min")
    }

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
        let notice = ReminderNotice.make(for: reminder, server: Self.plasma, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.body == "Bench Press 100 kg: 3× done. Try\n102.5 kg!")
        #expect(notice.actions.map(\.key) == ["next-time", "dismiss"])
    }
}
