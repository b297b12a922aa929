import GymbellControl
import GymbellCore

/// Shown while no daemon answers: says so, and offers to start it.
final class OfflinePage {
    let widget: StatusPage

    init(messages: Messages, onStart: @escaping () -> Void) {
        let start = Button(messages("Start the daemon"), classes: ["suggested-action", "pill"], clicked: onStart).centered()
        // The app's icon where it is installed; a development build has none in the theme.
        widget = StatusPage(
            icon: IconTheme.has(BusNames.desktopID) ? BusNames.desktopID : "dialog-warning-symbolic",
            title: messages("The gymbell daemon is not running"),
            description: messages("Without it there are no reminders and no timers."), child: start)
    }

    /// `detail`: why, when known (a failed start, for one).
    func show(detail: String?) {
        if let detail, !detail.isEmpty { widget.description = detail }
    }
}
