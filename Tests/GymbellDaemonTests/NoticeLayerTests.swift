import Foundation
import GymbellCore
import GymbellNotify
import GymbellPlatform
import GymbellSettings
import GymbellSound
import GymbellStore
import Logging
import Testing
@testable import GymbellDaemon

/// The notice layer (Presenter, ReminderNotices, SessionNoticeDisplay, NoticeOutput) behind a fake
/// notifier that answers when the test says, with the engine and a real SQLite store behind it
/// (issue 28): a failed show goes back to the engine and is shown again when a server appears;
/// answers come in order and deliver what each request carried; a server that cannot update in place
/// gets the notification shown anew.
@Suite("Notice layer: carrying out what the engine decided")
struct NoticeLayerTests {
    /// libnotify as the notice layer sees it: requests wait for the test to answer or fail them, in order.
    final class FakeNotifier: NotificationPosting {
        enum Call: Equatable {
            case show(NotificationHandle, summary: String, replacing: UInt32?)
            case update(NotificationHandle, summary: String, reshow: Bool)
            case close(NotificationHandle)
        }
        var onAction: ((NotificationHandle, String, String?) -> Void)?
        var onClosed: ((NotificationHandle) -> Void)?
        var onFailed: ((NotificationHandle, NotifierError) -> Void)?
        var onUnconfirmed: ((NotificationHandle, NotifierError) -> Void)?
        var info: NotificationServerInfo? = NotificationServerInfo(
            name: "gnome-shell", vendor: "GNOME", version: "43.9", capabilities: ["actions", "body", "persistence", "sound"])
        private(set) var calls: [Call] = []
        /// Every request sent (shown or updated), in order.
        private(set) var requests: [NotificationRequest] = []
        /// When set, the server's answer to "what are you" waits for `answerQuery()`.
        var queryAnswersLater = false
        private var pendingQuery: ((NotificationServerInfo?) -> Void)?
        /// Requests not answered yet, in the order made.
        private(set) var unanswered: [(handle: NotificationHandle, accepted: ((UInt32) -> Void)?)] = []
        private var next: UInt64 = 1

        func show(_ request: NotificationRequest, replacing serverID: UInt32?, accepted: ((UInt32) -> Void)?) -> NotificationHandle {
            let handle = NotificationHandle(token: next)
            next += 1
            calls.append(.show(handle, summary: request.summary, replacing: serverID))
            requests.append(request)
            unanswered.append((handle, accepted))
            return handle
        }
        func update(_ handle: NotificationHandle, with request: NotificationRequest, reshow: Bool, accepted: ((UInt32) -> Void)?) {
            calls.append(.update(handle, summary: request.summary, reshow: reshow))
            requests.append(request)
            if accepted != nil || reshow { unanswered.append((handle, accepted)) }
        }
        func close(_ handle: NotificationHandle) { calls.append(.close(handle)) }
        func queryServer(_ completion: @escaping (NotificationServerInfo?) -> Void) {
            if queryAnswersLater { pendingQuery = completion } else { completion(info) }
        }
        func answerQuery() {
            let completion = pendingQuery
            pendingQuery = nil
            completion?(info)
        }

        /// The server answers every request made so far, in order.
        func answerAll() {
            let answering = unanswered
            unanswered.removeAll()
            for (handle, accepted) in answering { accepted?(UInt32(handle.token) + 100) }
        }
        /// No server on the bus: every request made so far fails, in order.
        func failAll() {
            let failing = unanswered
            unanswered.removeAll()
            for (handle, _) in failing { onFailed?(handle, NotifierError(message: "no notification server")) }
        }
        var shownSummaries: [String] {
            calls.compactMap { if case .show(_, let summary, _) = $0 { summary } else { nil } }
        }
    }

    final class FakeSounds: SoundPlaying {
        var isHeld = false
        var played = 0
        func hold(_ sound: SoundPlayer.Sound, inSeconds delay: Double) { isHeld = true }
        func release() { isHeld = false }
        func play(_ sound: SoundPlayer.Sound, duck: SoundDucking) { played += 1 }
        func speak(_ argv: [String], duck: SoundDucking) -> Bool { false }
    }

    final class Clock: @unchecked Sendable { var now = Date(timeIntervalSince1970: 1_800_000_000) }
    final class Timer: WakeTimer { func arm(at instant: Date?) {} }

    let notifier = FakeNotifier()
    let sounds = FakeSounds()
    let clock = Clock()

    func daemon(_ toml: String = "", store: StateStore) throws -> (Daemon, Presenter) {
        let presenter = Presenter(
            notifier: notifier, sounds: sounds, sound: SoundSettings(), timers: MainLoop(), logger: Logger(label: "test"))
        let config = LoadedConfig(config: try ConfigParser.parse(toml, path: "config.toml"), path: "config.toml")
        let clock = self.clock
        var ids = 0
        let daemon = Daemon(
            config: config, store: store, presenter: presenter, timer: Timer(),
            environment: Daemon.Environment(
                clock: { clock.now }, timeZone: { SystemZones.named("Europe/Berlin")! }, launch: { _, _ in },
                newID: { ids += 1; return "s\(ids)" }, isInstalled: { _ in false }),
            logger: Logger(label: "test"))
        return (daemon, presenter)
    }

    @Test func aFailedShowGoesBackToTheEngineAndIsShownOnceWhenAServerAppears() throws {
        let store = try StateStore()
        clock.now = Date(timeIntervalSince1970: 1_772_470_740)  // 2026-03-02 17:59 in Berlin
        let (daemon, _) = try daemon(store: store)
        daemon.notificationServerAppeared()
        daemon.reevaluate()
        clock.now = Date(timeIntervalSince1970: 1_772_470_800)
        daemon.reevaluate()
        #expect(notifier.shownSummaries == ["Time to Workout! 💪"])
        #expect(sounds.played == 1)
        notifier.failAll()  // the server left without answering
        #expect(daemon.state.awaitingServer.count == 1 && daemon.state.inFlight.isEmpty)
        #expect(try store.pendingReminders().map(\.kind) == [.daily])  // a restart would still show it
        clock.now = clock.now.addingTimeInterval(60)
        daemon.reevaluate()
        #expect(notifier.shownSummaries.count == 1)  // not shown again until a server is there
        daemon.notificationServerAppeared()
        #expect(notifier.shownSummaries == ["Time to Workout! 💪", "Time to Workout! 💪"])
        notifier.answerAll()
        #expect(try store.pendingReminders().isEmpty)
        #expect(daemon.state.awaitingServer.isEmpty && daemon.state.inFlight.isEmpty)
    }

    @Test func answersComeInOrderAndDeliverWhatEachRequestCarried() throws {
        let store = try StateStore()
        let (daemon, _) = try daemon(store: store)
        daemon.notificationServerAppeared()
        daemon.reevaluate()
        _ = daemon.run(.hiit(HIITPlan(rounds: 1, work: 10, rest: 5), title: nil, workout: nil))
        notifier.answerAll()
        let start = clock.now
        clock.now = start.addingTimeInterval(10)
        daemon.reevaluate()  // "Rest" carried by an update not yet answered
        clock.now = start.addingTimeInterval(15)
        daemon.reevaluate()  // the completion, carried by the next
        #expect(try store.pendingReminders().count == 2)
        #expect(try store.activeSession() != nil)
        notifier.answerAll()
        #expect(try store.pendingReminders().isEmpty)
        #expect(try store.activeSession() == nil)  // the completion taken: the session recorded
        #expect(try store.history().last?.outcome == .completed)
    }

    @Test func whatAFailedSessionNoticeCarriedIsDeliveredWhenTheNextServerTakesIt() throws {
        let store = try StateStore()
        let (daemon, _) = try daemon(store: store)
        daemon.notificationServerAppeared()
        daemon.reevaluate()
        _ = daemon.run(.rest(seconds: 30))
        notifier.answerAll()
        clock.now = clock.now.addingTimeInterval(30)
        daemon.reevaluate()  // Rest over, carried by an update
        notifier.failAll()
        #expect(try store.pendingReminders().count == 1)
        #expect(sounds.played == 1)  // heard when it fell due
        daemon.notificationServerAppeared()
        #expect(notifier.shownSummaries.last == "Rest over ⏰")
        #expect(sounds.played == 1)  // and not a second time when shown
        notifier.answerAll()
        #expect(try store.pendingReminders().isEmpty)
        #expect(try store.history().last?.outcome == .completed)
    }

    /// CI, Cinnamon: a session started while the new server was still being asked what it is went out
    /// as a normal banner (hidden after 4 s there) and was replaced by the critical one 6 ms later.
    @Test func aSessionStartedWhileTheServerIsAskedWhatItIsGoesOutOnceAsThatServerShowsIt() throws {
        notifier.info = NotificationServerInfo(
            name: "cinnamon", vendor: "GNOME", version: "5.6.8", capabilities: ["actions", "body", "persistence", "sound"])
        notifier.queryAnswersLater = true
        let store = try StateStore()
        let (daemon, _) = try daemon(store: store)
        daemon.notificationServerAppeared()
        daemon.reevaluate()
        _ = daemon.run(.hiit(HIITPlan(rounds: 1, work: 10, rest: 5), title: nil, workout: nil))
        #expect(notifier.requests.isEmpty)  // waits for the answer
        notifier.answerQuery()
        #expect(notifier.requests.count == 1)
        #expect(notifier.requests.first?.urgency == .critical)
        #expect(notifier.shownSummaries == ["HIIT"])
        notifier.answerAll()
        #expect(try store.activeSession() != nil)
    }

    /// CI, the kill -9 trials: a daemon restarted while the server was asked what it is showed the
    /// running session's notification anew instead of replacing the one shown before the kill (twice).
    @Test func aRestartWhileTheServerIsAskedWhatItIsReplacesTheNotificationShownBefore() throws {
        let store = try StateStore()
        let (before, _) = try daemon(store: store)
        before.notificationServerAppeared()
        before.reevaluate()
        _ = before.run(.rest(seconds: 30))
        notifier.answerAll()
        let session = try #require(try store.activeSession())
        let shownBefore = try #require(try store.noticeID(of: session.id))
        let callsBefore = notifier.calls.count
        notifier.queryAnswersLater = true
        let (restarted, _) = try daemon(store: store)
        restarted.notificationServerAppeared()
        restarted.reevaluate()
        #expect(notifier.calls.count == callsBefore)  // waits for the answer
        notifier.answerQuery()
        let shows = notifier.calls.dropFirst(callsBefore).compactMap { call -> UInt32?? in
            if case .show(_, _, let replacing) = call { replacing } else { nil }
        }
        #expect(shows == [shownBefore])
        withExtendedLifetime(before) {}
    }

    @Test(
        "a server that cannot update in place gets a new notification; the others an update",
        arguments: [("lxqt-notificationd", "lxqt.org", true), ("gnome-shell", "GNOME", true), ("Plasma", "KDE", false), ("dunst", "knopwob", false)])
    func reshownWhereTheServerCannotUpdateInPlace(server: String, vendor: String, reshown: Bool) throws {
        notifier.info = NotificationServerInfo(name: server, vendor: vendor, version: "1", capabilities: ["actions", "body"])
        let presenter = Presenter(
            notifier: notifier, sounds: sounds, sound: SoundSettings(), timers: MainLoop(), logger: Logger(label: "test"))
        presenter.serverAppeared {}
        let profile = presenter.server
        let session = SessionID("s1")
        let first = Notice(title: "Bench", body: "set 1 of 3", on: profile, actions: [.resume], category: "x-gymbell.session")
        let second = Notice(title: "Rest", body: "90 s", on: profile, actions: [.endWorkout], category: "x-gymbell.session")
        presenter.showSession(first, of: session, audible: false, late: 0, accepted: nil, resuming: nil)
        presenter.showSession(second, of: session, audible: false, late: 0, accepted: nil, resuming: nil)
        let handle = NotificationHandle(token: 1)
        if reshown {
            #expect(notifier.calls.contains(.close(handle)))
            #expect(notifier.shownSummaries == ["Bench", "Rest"])
        } else {
            #expect(notifier.calls.last == .update(handle, summary: "Rest", reshow: true))
            #expect(notifier.shownSummaries == ["Bench"])
        }
    }
}
