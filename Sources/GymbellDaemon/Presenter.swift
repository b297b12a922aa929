import Foundation
import GymbellCore
import GymbellDesktop
import Logging

/// Puts reminders on screen and keeps track of them: what is showing, the session's resident
/// notification, what the notification server can do, and what waits for a server to appear.
final class Presenter {
    enum Target {
        case reminder(Reminder)
        case sessionCard
    }

    /// An action the user chose on one of our notifications.
    var onAction: ((Target, String) -> Void)?

    private let notifier: Notifier
    private let logger: Logger
    private let playSound: ([String]) -> Void
    private var sound: SoundSettings
    private let messages: Messages

    /// Reminders on screen, by the notification that shows them.
    private var onScreen: [NotificationHandle: Reminder] = [:]
    /// The one resident notification that shows the running session, updated in place.
    private var sessionCard: (handle: NotificationHandle, request: NotificationRequest)?
    /// Reminders that could not be shown (no server on the bus), shown when one appears.
    private var undelivered: [Reminder] = []
    /// nil until the server has answered GetServerInformation / GetCapabilities.
    private(set) var server: NotificationServerInfo?

    static let maximumQueued = 50

    init(notifier: Notifier, sound: SoundSettings, messages: Messages, logger: Logger, playSound: @escaping ([String]) -> Void) {
        self.notifier = notifier
        self.messages = messages
        self.sound = sound
        self.logger = logger
        self.playSound = playSound
        notifier.onAction = { [unowned self] handle, key in
            if sessionCard?.handle == handle {
                onAction?(.sessionCard, key)
            } else if let reminder = onScreen[handle] {
                onAction?(.reminder(reminder), key)
            }
        }
        notifier.onClosed = { [unowned self] handle in
            onScreen[handle] = nil
            if sessionCard?.handle == handle { sessionCard = nil }
        }
        notifier.onFailed = { [unowned self] handle, error in failed(handle, error) }
    }

    func apply(sound: SoundSettings) { self.sound = sound }

    // MARK: The notification server

    /// Asks the server what it is and can do; shows what waited for it. Called at start-up and
    /// whenever org.freedesktop.Notifications gets a new owner.
    func serverAppeared() {
        notifier.queryServer { [weak self] info in
            guard let self else { return }
            server = info
            if let info {
                logger.info(
                    "notification server",
                    metadata: [
                        "name": "\(info.name)", "version": "\(info.version)",
                        "capabilities": "\(info.capabilities.sorted().joined(separator: ","))",
                    ])
            }
            let waiting = undelivered
            undelivered.removeAll()
            for reminder in waiting { present(reminder, late: 0) }
        }
    }

    func serverVanished() {
        server = nil
        // Its notifications are gone with it.
        onScreen.removeAll()
        sessionCard = nil
    }

    // MARK: Reminders

    func present(_ reminder: Reminder, late: TimeInterval) {
        let request = ReminderPresentation.request(for: reminder, sound: sound, server: server, messages: messages)
        let handle = notifier.show(request)
        onScreen[handle] = reminder
        if reminder.kind.offersWorkoutActions {
            // One daily-type reminder on screen at a time: the new one replaces the old.
            for (other, shown) in onScreen where other != handle && shown.kind.offersWorkoutActions { notifier.close(other) }
        }
        if sound.enabled, let server, !server.playsSounds {
            playSound(ReminderPresentation.soundCommand(for: sound))
        }
        logger.info(
            "reminder shown",
            metadata: ["id": "\(reminder.id)", "kind": "\(reminder.kind.rawValue)", "late_ms": "\(Int((late * 1000).rounded()))"])
    }

    /// Closes reminders on screen that match (GNOME ignores expiry: we close what is no longer relevant).
    func close(where matches: (Reminder) -> Bool) {
        for (handle, reminder) in onScreen where matches(reminder) { notifier.close(handle) }
        undelivered.removeAll(where: matches)
    }

    // MARK: The session's resident notification

    func showSessionCard(for session: Session?, at now: Date, privateMode: Bool) {
        guard let session else {
            if let card = sessionCard {
                notifier.close(card.handle)
                sessionCard = nil
            }
            return
        }
        let request = ReminderPresentation.sessionCard(
            for: session, at: now, server: server, messages: messages, privateMode: privateMode)
        if let card = sessionCard {
            guard card.request != request else { return }
            notifier.update(card.handle, with: request)
            sessionCard = (card.handle, request)
        } else {
            sessionCard = (notifier.show(request), request)
        }
    }

    private func failed(_ handle: NotificationHandle, _ error: NotifierError) {
        if sessionCard?.handle == handle {
            sessionCard = nil  // shown afresh on the next change
            logger.warning("could not show the session notification: \(error)")
            return
        }
        guard let reminder = onScreen.removeValue(forKey: handle) else { return }
        logger.warning("could not show \"\(reminder.title)\"; it waits for a notification server: \(error)")
        undelivered.append(reminder)
        if undelivered.count > Self.maximumQueued { undelivered.removeFirst(undelivered.count - Self.maximumQueued) }
    }
}
