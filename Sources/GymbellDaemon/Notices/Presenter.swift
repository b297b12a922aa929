import FoundationEssentials
import GymbellCore
import GymbellNotify
import GymbellSound
import Logging

/// Carries out the engine's notification effects: the reminders that stand on their own
/// (ReminderNotices), the one notification of the session (SessionNoticeDisplay), what the notification
/// server is and can do. What a notice says is decided in Core (ReminderNotice, SessionNotice).
final class Presenter {
    /// An action the user chose on one of our notifications, with the server's activation token for it.
    var onAction: ((NoticeTarget, String, String?) -> Void)?
    /// The server took a request of a session's notification under this id of its own (the daemon
    /// keeps it, so that after a restart the same notification is replaced, never shown twice).
    var onSessionServerID: ((SessionID, UInt32) -> Void)? {
        get { session.onServerID }
        set { session.onServerID = newValue }
    }
    /// No server took a reminder that stands on its own.
    var onNotShown: ((Reminder) -> Void)? {
        get { reminders.onNotShown }
        set { reminders.onNotShown = newValue }
    }

    private let output: NoticeOutput
    private let reminders: ReminderNotices
    private let session: SessionNoticeDisplay

    static let desktopEntry = NoticeOutput.desktopEntry

    var server: ServerProfile { output.server }

    init(
        notifier: any NotificationPosting, sounds: any SoundPlaying, sound: SoundSettings, icon: String? = nil, timers: any NoticeTimers,
        logger: Logger
    ) {
        output = NoticeOutput(notifier: notifier, sounds: sounds, sound: sound, icon: icon, timers: timers, logger: logger)
        reminders = ReminderNotices(output: output)
        session = SessionNoticeDisplay(output: output)
        notifier.onAction = { [unowned self] handle, key, token in
            if let id = session.session(shownBy: handle) {
                onAction?(.session(id), key, token)
            } else if let reminder = reminders.reminder(shownBy: handle) {
                onAction?(.reminder(reminder), key, token)
            }
        }
        notifier.onClosed = { [unowned self] handle in
            reminders.closed(handle)
            session.closed(handle)
        }
        notifier.onFailed = { [unowned self] handle, error in
            if !session.failed(handle, error) { reminders.failed(handle, error) }
        }
        notifier.onUnconfirmed = { [logger] _, error in
            logger.warning("\(error); counted as shown, so that it is never shown twice")
        }
    }

    func apply(sound: SoundSettings) { output.apply(sound: sound) }

    func prepareSound(_ readiness: SoundReadiness, now: Date) { output.prepareSound(readiness, now: now) }

    func speak(_ argv: [String]) -> Bool { output.speak(argv) }

    // MARK: The notification server

    /// Asks the server what it is and can do; `completion` runs once it is known (the daemon then
    /// tells the engine, which presents its notices again as this server shows them), then the
    /// session's notification that waited for a server, or for this answer, is shown. At start-up and
    /// whenever org.freedesktop.Notifications gets a new owner.
    func serverAppeared(_ completion: @escaping () -> Void) {
        output.identifying = true
        output.notifier.queryServer { [weak self] info in
            guard let self else { return }
            output.server = info.map {
                ServerProfile(serverName: $0.name, vendor: $0.vendor, version: $0.version, capabilities: $0.capabilities)
            } ?? .unknown
            if let info {
                output.logger.info(
                    "notification server",
                    metadata: [
                        "name": "\(info.name)", "vendor": "\(info.vendor)", "version": "\(info.version)",
                        "profile": "\(output.server.family.rawValue)",
                        "capabilities": "\(info.capabilities.sorted().joined(separator: ","))",
                    ])
            }
            output.identifying = false
            completion()  // the engine shows its notices again, as this server shows them
            session.showWaiting()
        }
    }

    func serverVanished() {
        output.server = .unknown
        output.gone(nil)
        reminders.serverVanished()
        session.serverVanished()
    }

    // MARK: Effects

    func present(_ reminder: Reminder, as notice: Notice, late: TimeInterval, accepted: @escaping () -> Void) {
        reminders.present(reminder, as: notice, late: late, accepted: accepted)
    }

    func close(where matches: (Reminder) -> Bool) { reminders.close(where: matches) }

    func showSession(
        _ notice: Notice, of id: SessionID, audible: Bool, late: TimeInterval, accepted: (() -> Void)?, resuming serverID: UInt32?
    ) {
        session.show(notice, of: id, audible: audible, late: late, accepted: accepted, resuming: serverID)
    }

    func endSession(leavingCompletion: Bool) { session.end(leavingCompletion: leavingCompletion) }
}
