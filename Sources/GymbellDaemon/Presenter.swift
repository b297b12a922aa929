import Foundation
import GymbellCore
import GymbellDesktop
import Logging

/// Puts notices on screen and keeps track of them: the reminders that stand on their own, the one
/// notification of the session, what the notification server is, what waits for a server to appear.
/// What a notice says is decided in Core (ReminderNotice, SessionNotice); this carries it out.
final class Presenter {
    /// An action the user chose on one of our notifications.
    var onAction: ((NoticeTarget, String) -> Void)?
    /// The server took a request of a session's notification under this id of its own (the daemon
    /// keeps it, so that after a restart the same notification is replaced, never shown twice).
    var onSessionServerID: ((SessionID, UInt32) -> Void)?

    private let notifier: Notifier
    private let logger: Logger
    private let sounds: SoundPlayer
    private var sound: SoundSettings
    private let messages: Messages
    /// Whether a workout is under way (a daily reminder then offers no second one).
    var sessionRunning: () -> Bool = { false }

    /// Reminders on screen, by the notification that shows them, with what it was asked to show.
    private var onScreen: [NotificationHandle: (reminder: Reminder, request: NotificationRequest, accepted: Delivered)] = [:]
    /// The session's one notification, replaced in place; after the session it lingers with the
    /// completion until it expires, and the next session's notification takes its place.
    private var sessionNotice: (handle: NotificationHandle, session: SessionID, request: NotificationRequest)?
    /// Reminders that could not be shown (no server on the bus), shown when one appears; with what to
    /// do once a server has taken them (the daemon then takes them off its durable agenda).
    private var undelivered: [(reminder: Reminder, accepted: Delivered)] = []
    /// The session's notification when it could not be shown; `audible`: it brought a reminder;
    /// `accepted`: the reminders it carries, delivered once a server takes it.
    private var unshownSession: (session: SessionID, request: NotificationRequest, audible: Bool, accepted: [Delivered])?
    /// Reminders carried by session requests the server has not answered yet, by a number of ours.
    private var sessionAwaiting: [Int: Delivered] = [:]
    private var nextAwaiting = 0

    /// What to do once the server has taken a reminder.
    typealias Delivered = () -> Void
    /// What the server on the bus does with our notifications; `.unknown` until it has answered.
    private(set) var server = ServerProfile.unknown
    /// Whether the latest request for the session's notification brought a reminder.
    private var lastShowWasAudible = false

    static let maximumQueued = 50
    static let desktopEntry = "io.github.gymbell.Gymbell"

    /// app_icon: the installed icon's file where there is one, else its name in the theme.
    private let icon: String

    init(notifier: Notifier, sounds: SoundPlayer, sound: SoundSettings, messages: Messages, icon: String? = nil, logger: Logger) {
        self.notifier = notifier
        self.icon = icon ?? Self.desktopEntry
        self.messages = messages
        self.sounds = sounds
        self.sound = sound
        self.logger = logger
        notifier.onAction = { [unowned self] handle, key in
            if let notice = sessionNotice, notice.handle == handle {
                onAction?(.session(notice.session), key)
            } else if let shown = onScreen[handle] {
                onAction?(.reminder(shown.reminder), key)
            }
        }
        notifier.onClosed = { [unowned self] handle in
            onScreen[handle] = nil
            if sessionNotice?.handle == handle { sessionNotice = nil }
        }
        notifier.onFailed = { [unowned self] handle, error in failed(handle, error) }
        notifier.onUnconfirmed = { [logger] _, error in
            logger.warning("\(error); counted as shown, so that it is never shown twice")
        }
        prepareSound()
    }

    func apply(sound: SoundSettings) {
        guard sound != self.sound else { return }
        self.sound = sound
        prepareSound()
    }

    // MARK: The notification server

    /// Asks the server what it is and can do; `completion` runs once it is known (the daemon then
    /// shows the session's notice for it). Called at start-up and whenever
    /// org.freedesktop.Notifications gets a new owner.
    func serverAppeared(_ completion: @escaping () -> Void) {
        notifier.queryServer { [weak self] info in
            guard let self else { return }
            server = info.map { ServerProfile(serverName: $0.name, capabilities: $0.capabilities) } ?? .unknown
            if let info {
                logger.info(
                    "notification server",
                    metadata: [
                        "name": "\(info.name)", "version": "\(info.version)", "profile": "\(server.family)",
                        "capabilities": "\(info.capabilities.sorted().joined(separator: ","))",
                    ])
            }
            let waiting = undelivered
            undelivered.removeAll()
            for (reminder, accepted) in waiting { present(reminder, late: 0, accepted: accepted) }
            if let unshown = unshownSession, sessionNotice == nil {
                unshownSession = nil
                sessionNotice = (
                    notifier.show(unshown.request, accepted: awaiting(unshown.accepted, of: unshown.session)), unshown.session,
                    unshown.request
                )
                if unshown.audible { playSound() }
            }
            completion()
        }
    }

    func serverVanished() {
        server = .unknown
        // Its notifications are gone with it.
        onScreen.removeAll()
        sessionNotice = nil
    }

    // MARK: Reminders that stand on their own

    /// Shows a reminder; `accepted` runs once the server has taken it (not when it could not).
    func present(_ reminder: Reminder, late: TimeInterval, accepted: @escaping Delivered) {
        let notice = ReminderNotice.make(for: reminder, server: server, sessionRunning: sessionRunning(), messages: messages)
        let request = request(for: notice)
        let handle = notifier.show(request) { _ in accepted() }
        onScreen[handle] = (reminder, request, accepted)
        if reminder.kind.offersWorkoutActions {
            // One daily-type reminder on screen at a time: the new one replaces the old.
            for (other, shown) in onScreen where other != handle && shown.reminder.kind.offersWorkoutActions {
                retire(other, shown.request)
            }
        }
        playSound()
        logger.info(
            "reminder shown",
            metadata: ["id": "\(reminder.id)", "kind": "\(reminder.kind.rawValue)", "late_ms": "\(Int((late * 1000).rounded()))"])
    }

    /// Closes reminders on screen that match; those waiting for a server are dropped on purpose (and
    /// so leave the agenda as if delivered).
    func close(where matches: (Reminder) -> Bool) {
        for (handle, shown) in onScreen where matches(shown.reminder) { retire(handle, shown.request) }
        for waiting in undelivered where matches(waiting.reminder) { waiting.accepted() }
        undelivered.removeAll { matches($0.reminder) }
    }

    // MARK: The session's notification

    /// Shows `notice` as the notification of `session`, replacing the one on screen in place (a
    /// previous session's lingering completion too). `audible`: a reminder fell due, play its sound
    /// even when the text did not change.
    /// `resuming`: the server's id of this session's notification before a restart, taken over when
    /// there is none on screen from this process.
    func showSession(
        _ notice: Notice, of session: SessionID, audible: Bool, late: TimeInterval, accepted: Delivered?, resuming serverID: UInt32?
    ) {
        let request = request(for: notice)
        let carried = accepted.map { [$0] } ?? []
        if let unshown = unshownSession {
            // Still no server: keep the newest text, whether a reminder is owed a sound, what it carries.
            unshownSession = (session, request, unshown.audible || audible, unshown.accepted + carried)
            return
        }
        if let current = sessionNotice, !server.updatesInPlace {
            if current.request != request || audible {
                retire(current.handle, current.request)
                sessionNotice = (notifier.show(request, accepted: awaiting(carried, of: session)), session, request)
            } else {
                carried.forEach { $0() }  // already on screen as it is
            }
        } else if let current = sessionNotice {
            if current.request != request || audible {
                notifier.update(current.handle, with: request, accepted: awaiting(carried, of: session))
            } else {
                carried.forEach { $0() }
            }
            sessionNotice = (current.handle, session, request)
        } else {
            sessionNotice = (notifier.show(request, replacing: serverID, accepted: awaiting(carried, of: session)), session, request)
        }
        lastShowWasAudible = audible
        if audible {
            playSound()
            logger.info("session notice shown", metadata: ["title": "\(notice.title)", "late_ms": "\(Int((late * 1000).rounded()))"])
        }
    }

    /// The session is over: its notification goes, unless it shows how the session ended (it then
    /// expires by itself).
    func endSession(leavingCompletion: Bool) {
        if !leavingCompletion, let unshown = unshownSession {
            unshown.accepted.forEach { $0() }  // the session was ended: what it had to say is moot
            unshownSession = nil
        }
        guard let current = sessionNotice else { return }
        if !leavingCompletion { retire(current.handle, current.request) }
        sessionNotice = leavingCompletion ? current : nil
    }

    // MARK: Carrying out

    /// The acceptance of a session request that carries `delivered` (remembered until it is answered):
    /// those are delivered, and the daemon learns the server's id of the session's notification.
    private func awaiting(_ delivered: [Delivered], of session: SessionID) -> (UInt32) -> Void {
        let number = nextAwaiting
        nextAwaiting += 1
        if !delivered.isEmpty { sessionAwaiting[number] = { delivered.forEach { $0() } } }
        return { [weak self] id in
            guard let self else { return }
            if let done = sessionAwaiting.removeValue(forKey: number) { done() }
            onSessionServerID?(session, id)
        }
    }

    /// Takes a notification off the screen, on every server.
    private func retire(_ handle: NotificationHandle, _ request: NotificationRequest) {
        if !server.closeRemovesBubble {
            var gone = request
            gone.expireTimeout = 1
            notifier.update(handle, with: gone, reshow: false)
        }
        notifier.close(handle)
    }

    private func request(for notice: Notice) -> NotificationRequest {
        let urgency: NotificationRequest.Urgency = switch notice.urgency {
        case .low: .low
        case .normal: .normal
        case .critical: .critical
        }
        return NotificationRequest(
            summary: notice.title, body: notice.body, actions: notice.actions.map { (key: $0.key, label: $0.label) },
            category: notice.category, desktopEntry: Self.desktopEntry,
            urgency: urgency,
            expireTimeout: notice.expireTimeout, progressValue: notice.progress, icon: icon)
    }

    private var currentSound: SoundPlayer.Sound { sound.file.map { .file($0) } ?? .themed(sound.name) }

    private func prepareSound() {
        if sound.enabled { sounds.prepare(currentSound) }
    }

    private func playSound() {
        if sound.enabled { sounds.play(currentSound) }
    }

    private func failed(_ handle: NotificationHandle, _ error: NotifierError) {
        if let current = sessionNotice, current.handle == handle {
            sessionNotice = nil
            // Requests are answered in order: whatever still awaits an answer was not taken.
            let carried = sessionAwaiting.sorted { $0.key < $1.key }.map(\.value)
            sessionAwaiting.removeAll()
            unshownSession = (
                current.session, current.request, unshownSession?.audible ?? false || lastShowWasAudible,
                (unshownSession?.accepted ?? []) + carried
            )
            logger.warning("could not show the session notification; it waits for a notification server: \(error)")
            return
        }
        guard let (reminder, _, accepted) = onScreen.removeValue(forKey: handle) else { return }
        logger.warning("could not show \"\(reminder.title)\"; it waits for a notification server: \(error)")
        undelivered.append((reminder, accepted))
        if undelivered.count > Self.maximumQueued { undelivered.removeFirst(undelivered.count - Self.maximumQueued) }
    }
}
