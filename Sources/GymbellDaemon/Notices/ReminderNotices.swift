import FoundationEssentials
import GymbellCore
import GymbellNotify

/// The reminders that stand on their own (daily, snoozed, paused workout, advice, milestone, storage)
/// on screen. What they say, which replaces which and what waits for a server are the engine's
/// (StandaloneNotices in Core): this shows, retires and reports.
final class ReminderNotices {
    /// What to do once the server has taken a reminder.
    typealias Delivered = () -> Void

    private let output: NoticeOutput
    /// Reminders on screen, by the notification that shows them, with what it was asked to show.
    private var onScreen: [NotificationHandle: (reminder: Reminder, request: NotificationRequest)] = [:]
    /// No server took a reminder: the engine keeps it until one appears (Event.notShown).
    var onNotShown: ((Reminder) -> Void)?

    init(output: NoticeOutput) { self.output = output }

    func reminder(shownBy handle: NotificationHandle) -> Reminder? { onScreen[handle]?.reminder }

    /// Shows `reminder` as `notice`; `accepted` runs once the server has taken it (not when it could not).
    func present(_ reminder: Reminder, as notice: Notice, late: TimeInterval, accepted: @escaping Delivered) {
        let request = output.request(for: notice)
        let handle = output.notifier.show(request) { _ in accepted() }
        onScreen[handle] = (reminder, request)
        output.sent(handle, request, of: notice) { [weak self] in self?.output.retire(handle, request) }
        if !notice.silent { output.playSound() }  // the server will not show it now: no sound either
        output.logger.info(
            "reminder shown",
            metadata: ["id": "\(reminder.id)", "kind": "\(reminder.kind.rawValue)", "late_ms": "\(Int((late * 1000).rounded()))"])
    }

    /// Takes the reminders on screen that match off the screen.
    func close(where matches: (Reminder) -> Bool) {
        for (handle, shown) in onScreen where matches(shown.reminder) { output.retire(handle, shown.request) }
    }

    func closed(_ handle: NotificationHandle) {
        guard onScreen.removeValue(forKey: handle) != nil else { return }
        output.gone(handle)
    }

    /// The server on the bus is gone, and its notifications with it.
    func serverVanished() { onScreen.removeAll() }

    /// The server did not take it: the engine learns so (it waits there for the next server).
    func failed(_ handle: NotificationHandle, _ error: NotifierError) {
        guard let (reminder, _) = onScreen.removeValue(forKey: handle) else { return }
        output.gone(handle)
        output.logger.warning("could not show the \(reminder.kind.rawValue) reminder \(reminder.id): \(error)")
        onNotShown?(reminder)
    }
}
