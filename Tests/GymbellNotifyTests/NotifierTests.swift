import Foundation
import GymbellPlatform
import GymbellTestSupport
import Testing

@testable import GymbellNotify

/// The notifier against a real notification server on a real bus: what libnotify sends is read back
/// from the server's records, and the server's signals come back as the notifier's callbacks.
@Suite(.mainContext, .serialized)  // libnotify is one per process: two notifiers at once share its proxy, and its signals go to the first one's thread
struct NotifierTests {
    let server: RecordingServer
    let loop = MainLoop()

    init() throws {
        server = try RecordingServer.shared.get()
    }

    func startedNotifier() throws -> Notifier {
        let notifier = Notifier(appName: "gymbell-test")
        try notifier.start()
        return notifier
    }

    /// Shows `request` and waits for the server's id of it.
    func shown(_ request: NotificationRequest, by notifier: Notifier) throws -> (NotificationHandle, UInt32) {
        var taken: UInt32?
        var failed: NotifierError?
        notifier.onFailed = { _, error in failed = error }
        let handle = notifier.show(request) { taken = $0 }
        loop.run { taken != nil || failed != nil }
        if let failed { throw failed }
        return (handle, try #require(taken))
    }

    @Test func aNotificationIsShownAsAskedWithEveryHint() throws {
        let notifier = try startedNotifier()
        let request = NotificationRequest(
            summary: "Time to Workout! 💪", body: "Your daily workout awaits.\nDue at 18:00",
            actions: [(key: "default", label: "Open"), (key: "start", label: "Start Workout")],
            category: "x-gymbell.reminder", desktopEntry: "io.github.gymbell.Gymbell", urgency: .critical,
            expireTimeout: 0, transient: true, progressValue: 40, icon: "alarm-symbolic")
        let (_, id) = try shown(request, by: notifier)

        let record = try #require(server.records("Notify", id: id).last)
        #expect(record["app_name"] as? String == "gymbell-test")
        #expect(record["summary"] as? String == request.summary)
        #expect(record["body"] as? String == request.body)
        #expect(record["app_icon"] as? String == "alarm-symbolic")
        #expect(record["actions"] as? [String] == ["default", "Open", "start", "Start Workout"])
        #expect(record["expire_timeout"] as? Int == 0)
        #expect(record["replaces_id"] as? Int == 0)
        let hints = try #require(record["hints"] as? [String: Any])
        #expect(hints["suppress-sound"] as? Bool == true)  // gymbell plays its sounds itself
        #expect(hints["category"] as? String == "x-gymbell.reminder")
        #expect(hints["desktop-entry"] as? String == "io.github.gymbell.Gymbell")
        #expect(hints["urgency"] as? Int == 2)
        #expect(hints["transient"] as? Bool == true)
        #expect(hints["value"] as? Int == 40)
    }

    @Test func theUsersActionAndTheServersClosingComeBackOnTheMainLoop() throws {
        let notifier = try startedNotifier()
        var actions: [(NotificationHandle, String)] = []
        var closed: [NotificationHandle] = []
        notifier.onAction = { handle, key, _ in actions.append((handle, key)) }
        notifier.onClosed = { closed.append($0) }
        let request = NotificationRequest(
            summary: "Rest over", body: "Set 2 of 3", actions: [(key: "done", label: "Set Done"), (key: "skip", label: "Skip")])
        let (handle, id) = try shown(request, by: notifier)

        try server.control("InvokeAction", "uint32:\(id)", "string:done")
        #expect(loop.run { !actions.isEmpty })
        #expect(actions.map(\.0) == [handle] && actions.map(\.1) == ["done"])

        try server.control("Close", "uint32:\(id)", "uint32:2")  // dismissed by the user
        #expect(loop.run { !closed.isEmpty })
        #expect(closed == [handle])
    }

    @Test func anUpdateReplacesTheShownNotificationAndCloseClosesIt() throws {
        let notifier = try startedNotifier()
        let (handle, id) = try shown(NotificationRequest(summary: "Resting", body: "1:30 left"), by: notifier)

        var updated: UInt32?
        notifier.update(handle, with: NotificationRequest(summary: "Resting", body: "1:00 left")) { updated = $0 }
        #expect(loop.run { updated != nil })
        #expect(updated == id)
        let update = try #require(server.records("Notify").last)
        #expect(update["replaces_id"] as? Int == Int(id) && update["body"] as? String == "1:00 left")

        notifier.close(handle)
        notifier.flush()
        #expect(loop.run { !server.records("CloseNotification", id: id).isEmpty })
        #expect(server.records("CloseNotification", id: id).first?["known"] as? Bool == true)
    }

    @Test func theServerSaysWhoItIsAndWhatItCanDo() throws {
        let notifier = try startedNotifier()
        var answer: NotificationServerInfo??
        notifier.queryServer { answer = .some($0) }
        #expect(loop.run { answer != nil })
        let info = try #require(answer ?? nil)
        #expect(info.name == "gymbell-test-notification-server" && info.vendor == "gymbell" && info.version == "1.0")
        #expect(info.capabilities == ["actions", "body", "body-markup", "sound", "persistence"])
        #expect(info.supportsActions && info.playsSounds)
    }
}
