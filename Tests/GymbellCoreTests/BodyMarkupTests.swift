import Foundation
import Testing
@testable import GymbellCore

/// Issue 27: a name reaches every screen as it was typed. Servers that announce `body-markup` read the
/// body as markup, so there `&`, `<` and `>` are escaped; the others are sent the text as it is; a
/// summary is plain text everywhere (Sources/GymbellCore/Presentation/ServerProfile.swift `body`).
@Suite("Notification bodies: escaped for markup servers, plain for the others")
struct BodyMarkupTests {
    static let markup: Set<String> = ["actions", "body", "body-markup"]
    static let plain: Set<String> = ["actions", "body"]
    static let names = [
        "gnome-shell", "Plasma", "Xfce Notify Daemon", "Notification Daemon", "mako", "dunst", "cinnamon", "lxqt-notificationd",
        "Budgie Notification Server", "SwayNotificationCenter", "other",
    ]
    static let start = instant("2026-03-29T18:00:00+02:00")
    static let workout = "Push & Pull <Heavy>"
    static let exercise = "Bench & Dips <b>wide</b>"

    @Test("what a server is sent for a body", arguments: [
        // (server name, announces body-markup, body text, what is sent)
        ("dunst", true, "Today: Push & Pull <Heavy>", "Today: Push &amp; Pull &lt;Heavy&gt;"),
        ("dunst", false, "Today: Push & Pull <Heavy>", "Today: Push & Pull <Heavy>"),
        ("gnome-shell", true, "<b>Bench</b>", "&lt;b&gt;Bench&lt;/b&gt;"),
        ("gnome-shell", false, "<b>Bench</b>", "<b>Bench</b>"),
        ("mako", true, "R&D &amp; more", "R&amp;D &amp;amp; more"),  // an entity typed is text too
        ("Notification Daemon", true, "Tom's \"heavy\" day", "Tom's \"heavy\" day"),  // quotes need nothing in text
        ("Xfce Notify Daemon", true, "a\n<b>\n&", "a\n&lt;b&gt;\n&amp;"),
        ("swaync", true, "", ""),
        ("swaync", false, "1 < 2 > 0 & ok", "1 < 2 > 0 & ok"),
        // Plasma: lines broken by the characters a person sees, then escaped (an entity is never split)
        ("Plasma", true, "Today: Push & Pull <Heavy> — Bench & Dips, Squat & Lunge",
         "Today: Push &amp; Pull &lt;Heavy&gt; — Bench\n&amp; Dips, Squat &amp; Lunge"),
        ("Plasma", false, "Today: Push & Pull <Heavy> — Bench & Dips, Squat & Lunge",
         "Today: Push & Pull <Heavy> — Bench\n& Dips, Squat & Lunge"),
    ])
    func body(server name: String, markup: Bool, text: String, sent: String) {
        let server = ServerProfile(serverName: name, capabilities: markup ? Self.markup : Self.plain)
        #expect(server.parsesBodyMarkup == markup)
        #expect(server.body(text) == sent)
        let notice = Notice(title: text, body: text, on: server, actions: [], category: "x-gymbell.daily")
        #expect(notice.body == sent, "a Notice's body is the server's")
        #expect(notice.title == text, "a summary is never escaped")
    }

    // MARK: Every notification that carries a name

    static func reminder(_ kind: ReminderKind, _ content: ReminderContent) -> Reminder {
        Reminder(id: ReminderID(kind.rawValue), kind: kind, due: start, content: content)
    }

    static func logged(_ reps: Int, _ weight: Double) -> LoggedSet {
        LoggedSet(session: SessionID("s"), workout: "push", exercise: exercise, setNumber: 1, reps: reps, weight: weight, at: start)
    }

    /// The reminders that stand on their own, each with a workout or exercise name in it.
    static let reminders: [Reminder] = [
        reminder(.daily, .daily(workout: workout)),
        reminder(.streakAtRisk, .streakAtRisk(streak: 4, workout: workout)),
        reminder(.personalRecord, .personalRecords([PersonalRecord(kind: .heaviest, set: logged(8, 105), previous: logged(8, 100))])),
        reminder(.overloadSuggestion, .overload([OverloadSuggestion(exercise: exercise, weight: 100, next: 102.5, unit: .kg, sessions: 3)])),
        reminder(.storageProblem, .storageProblem(StorageProblem(
            cause: .noSpace, database: "/home/R&D <lab>/.local/state/gymbell/state.sqlite", saving: false, since: start, detail: "full"))),
        reminder(.daily, .fixed(title: workout, body: "Today: \(workout)")),
    ]

    /// The session's notification: its first set, resting, a rest over naming the next set, the completion.
    static func sessionNotices(on server: ServerProfile, privateMode: Bool = false) -> [Notice] {
        let definition = WorkoutDefinition(name: "push", title: workout, kind: .strength(exercises: [
            Exercise(name: exercise, sets: 2, reps: 8, weight: 80, unit: "kg", rest: [3, 3]),
        ]))
        var walk = StrengthWalk(workout: definition, at: start)
        func notice(_ transition: Reminder?, nextDue: Date?, at now: Date) -> Notice {
            SessionNotice.make(
                session: walk.session, transition: transition, nextDue: nextDue, now: now, timeZone: berlin, server: server,
                messages: .english, privateMode: privateMode)
        }
        let first = notice(nil, nextDue: nil, at: start)
        let reminders = walk.recordSet(at: start)
        let over = reminders.first { $0.kind == .restOver }
        let resting = notice(nil, nextDue: over?.due, at: start)
        let said = notice(over, nextDue: nil, at: start.addingTimeInterval(3.01))
        let complete = reminder(.workoutComplete, .workoutComplete(workout: workout, sets: 2))
        let done = notice(
            Reminder(id: complete.id, kind: .workoutComplete, due: start, content: complete.content, sessionID: walk.session.id),
            nextDue: nil, at: start.addingTimeInterval(10))
        return [first, resting, said, done]
    }

    static func notices(on server: ServerProfile) -> [Notice] {
        reminders.map { ReminderNotice.make(for: $0, server: server, sessionRunning: false, windowInstalled: true, messages: .english) }
            + sessionNotices(on: server)
    }

    @Test("every notice with a name: the same text, escaped only in the body of a markup server", arguments: names)
    func everyNotice(server name: String) {
        let plain = Self.notices(on: ServerProfile(serverName: name, capabilities: Self.plain))
        let markup = Self.notices(on: ServerProfile(serverName: name, capabilities: Self.markup))
        #expect(plain.count == markup.count && plain.count == Self.reminders.count + 4)
        for (sent, text) in zip(markup, plain) {
            #expect(text.body.contains("&") && text.body.contains("<"), "the name is in the body: \(text.body)")
            #expect(sent.body == BodyMarkup.escape(text.body), "\(name): \(text.title)")
            #expect(!sent.body.contains("<") && !sent.body.contains(">"), "\(name): \(sent.body)")
            #expect(sent.title == text.title, "\(name): a summary is never escaped")
        }
        // The workout's title is the summary of the session's notification: sent as typed — except to
        // Budgie, which would show it escaped: there it opens the body, under a plain summary.
        let first = Self.sessionNotices(on: ServerProfile(serverName: name, capabilities: Self.markup))[0]
        if name == "Budgie Notification Server" {
            #expect(first.title == "Workout" && first.body.hasPrefix(BodyMarkup.escape(Self.workout) + "\n"))
        } else {
            #expect(first.title == Self.workout)
        }
    }

    @Test("the bodies, as a markup server is sent them")
    func sentTexts() {
        let dunst = ServerProfile(serverName: "dunst", capabilities: Self.markup)
        let bodies = Self.notices(on: dunst).map(\.body)
        #expect(bodies[0] == "Today: Push &amp; Pull &lt;Heavy&gt;")
        #expect(bodies[1] == "Your 4-day streak ends tonight: Push &amp; Pull &lt;Heavy&gt; is still planned for today.")
        let session = Array(bodies.suffix(4))
        #expect(session[0] == "Now: Bench &amp; Dips &lt;b&gt;wide&lt;/b&gt; — set 1 of 2, 8 × 80 kg")
        #expect(session[3] == "Push &amp; Pull &lt;Heavy&gt;: 2 sets done. Great work!")
    }

    @Test("without the actions capability the command line added to the body is escaped with it")
    func commandLineInBody() {
        let bare = ServerProfile(serverName: "other", capabilities: ["body", "body-markup"])
        let overload = Self.reminders[3]
        let notice = ReminderNotice.make(for: overload, server: bare, sessionRunning: false, windowInstalled: true, messages: .english)
        #expect(notice.body.hasSuffix("\nNext time: gymbell weights --set 'Bench &amp; Dips &lt;b&gt;wide&lt;/b&gt;' --to 102.5"))
    }
}
