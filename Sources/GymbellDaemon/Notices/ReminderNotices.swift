import FoundationEssentials
import GymbellCore
import GymbellNotify

/// The reminders that stand on their own (daily, snoozed, paused workout, advice, milestone, storage):
/// on screen, and waiting for a server when none took them.
final class ReminderNotices {
    /// What to do once the server has taken a reminder.
    typealias Delivered = () -> Void

    private let output: NoticeOutput
    private let messages: Messages
    /// Reminders on screen, by the notification that shows them, with what it was asked to show.
    private var onScreen: [NotificationHandle: (reminder: Reminder, request: NotificationRequest, accepted: Delivered)] = [:]
    /// Reminders that could not be shown (no server on the bus), shown when one appears; with what to
    /// do once a server has taken them (the daemon then takes them off its durable agenda).
    private var undelivered: [(reminder: Reminder, accepted: Delivered)] = []

    static let maximumQueued = 50

    init(output: NoticeOutput, messages: Messages) {
        self.output = output
        self.messages = messages
    }

    func reminder(shownBy handle: NotificationHandle) -> Reminder? { onScreen[handle]?.reminder }

    /// Shows a reminder; `accepted` runs once the server has taken it (not when it could not).
    func present(_ reminder: Reminder, late: TimeInterval, sessionRunning: Bool, accepted: @escaping Delivered) {
        let notice = ReminderNotice.make(for: reminder, server: output.server, sessionRunning: sessionRunning, messages: messages)
        let request = output.request(for: notice)
        let handle = output.notifier.show(request) { _ in accepted() }
        onScreen[handle] = (reminder, request, accepted)
        output.sent(handle, request, of: notice) { [weak self] in self?.output.retire(handle, request) }
        if reminder.kind.offersWorkoutActions {
            // One daily-type reminder on screen at a time: the new one replaces the old.
            for (other, shown) in onScreen where other != handle && shown.reminder.kind.offersWorkoutActions {
                output.retire(other, shown.request)
            }
        }
        output.playSound()
        output.logger.info(
            "reminder shown",
            metadata: ["id": "\(reminder.id)", "kind": "\(reminder.kind.rawValue)", "late_ms": "\(Int((late * 1000).rounded()))"])
    }

    /// Closes reminders on screen that match; those waiting for a server are dropped on purpose (and
    /// so leave the agenda as if delivered).
    func close(where matches: (Reminder) -> Bool) {
        for (handle, shown) in onScreen where matches(shown.reminder) { output.retire(handle, shown.request) }
        for waiting in undelivered where matches(waiting.reminder) { waiting.accepted() }
        undelivered.removeAll { matches($0.reminder) }
    }

    func closed(_ handle: NotificationHandle) {
        guard onScreen.removeValue(forKey: handle) != nil else { return }
        output.gone(handle)
    }

    /// The server on the bus is gone, and its notifications with it.
    func serverVanished() { onScreen.removeAll() }

    /// A server appeared: what waited for one is shown now.
    func showWaiting(sessionRunning: Bool) {
        let waiting = undelivered
        undelivered.removeAll()
        for (reminder, accepted) in waiting { present(reminder, late: 0, sessionRunning: sessionRunning, accepted: accepted) }
    }

    /// The server did not take it: it waits for the next server (the newest 50).
    func failed(_ handle: NotificationHandle, _ error: NotifierError) {
        guard let (reminder, _, accepted) = onScreen.removeValue(forKey: handle) else { return }
        output.gone(handle)
        output.logger.warning("could not show the \(reminder.kind.rawValue) reminder \(reminder.id); it waits for a notification server: \(error)")
        undelivered.append((reminder, accepted))
        if undelivered.count > Self.maximumQueued { undelivered.removeFirst(undelivered.count - Self.maximumQueued) }
    }
}
