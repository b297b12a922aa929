import CAdw
import GymbellControl
import GymbellCore

/// Shown while no daemon answers: says so, and offers to start it.
final class OfflinePage {
    let widget: Widget
    private let status: OpaquePointer

    init(messages: Messages, onStart: @escaping () -> Void) {
        widget = adw_status_page_new()!
        status = cast(widget)
        // The app's icon where it is installed; a development build has none in the theme.
        let theme = gtk_icon_theme_get_for_display(gdk_display_get_default())
        adw_status_page_set_icon_name(status, gtk_icon_theme_has_icon(theme, BusNames.desktopID) != 0 ? BusNames.desktopID : "dialog-warning-symbolic")
        adw_status_page_set_title(status, messages("The gymbell daemon is not running"))
        adw_status_page_set_description(status, messages("Without it there are no reminders and no timers."))
        let start = Build.button(messages("Start the daemon"), classes: ["suggested-action", "pill"]) { onStart() }
        adw_status_page_set_child(status, start.centered())
    }

    /// `detail`: why, when known (a failed start, for one).
    func show(detail: String?) {
        if let detail, !detail.isEmpty {
            adw_status_page_set_description(status, detail)
        }
    }
}
