import CAdw

/// A top-level window.
class Window: Widget {
    func present() { gtk_window_present(typed(GtkWindow.self)) }

    /// Kept above `parent` (and centred on it where the desktop does that).
    func setTransient(for parent: Window) { gtk_window_set_transient_for(typed(GtkWindow.self), parent.typed(GtkWindow.self)) }

    var isActive: Bool { gtk_window_is_active(typed(GtkWindow.self)) != 0 }

    var isFullscreen: Bool { gtk_window_is_fullscreen(typed(GtkWindow.self)) != 0 }

    /// Full screen, or back to a window.
    func toggleFullscreen() {
        if isFullscreen { gtk_window_unfullscreen(typed(GtkWindow.self)) } else { gtk_window_fullscreen(typed(GtkWindow.self)) }
    }

    /// The window became the active one, or stopped being it.
    func onActiveChanged(_ handler: @escaping () -> Void) { on("notify::is-active", withArgument: { _ in handler() }) }

    fileprivate func configure(title: String, width: Int32, height: Int32, hideOnClose: Bool) {
        gtk_window_set_title(typed(GtkWindow.self), title)
        gtk_window_set_default_size(typed(GtkWindow.self), width, height)
        if hideOnClose { gtk_window_set_hide_on_close(typed(GtkWindow.self), 1) }
        closeOnControlW()
    }

    /// Ctrl+W closes it. The application's keys reach only its own windows, and a window that hides
    /// on close must not be one of them (the application would live on for it when the last shown
    /// window closed): it gets the key itself.
    func closeOnControlW() {
        let controller = gtk_shortcut_controller_new()!
        let shortcut = gtk_shortcut_new(gtk_shortcut_trigger_parse_string("<Control>w"), gtk_named_action_new("window.close"))
        gtk_shortcut_controller_add_shortcut(controller, shortcut)
        gtk_widget_add_controller(pointer, controller)
    }
}

/// The application's main window: `content` under its own header bar.
final class ApplicationWindow: Window {
    init(_ application: Application, title: String, width: Int32, height: Int32, icon: String, content: Widget) {
        super.init(adw_application_window_new(application.gtkApplication)!)
        configure(title: title, width: width, height: height, hideOnClose: false)
        gtk_window_set_icon_name(typed(GtkWindow.self), icon)
        adw_application_window_set_content(typed(AdwApplicationWindow.self), content.pointer)
    }
}

/// A window of preferences pages (tabs when there are several), with toasts and subpages; closing it
/// hides it (it is shown again as it was). One page of settings has nothing to search.
final class PagedWindow: Window {
    init(title: String, width: Int32, height: Int32, pages: [PreferencesPage] = []) {
        super.init(adw_preferences_window_new()!)
        configure(title: title, width: width, height: height, hideOnClose: true)
        adw_preferences_window_set_search_enabled(typed(AdwPreferencesWindow.self), 0)
        for page in pages { add(page) }
    }

    func add(_ page: PreferencesPage) { adw_preferences_window_add(typed(AdwPreferencesWindow.self), page.object()) }

    /// Switches to `page` (one added), as its view switcher button does.
    func showPage(_ page: PreferencesPage) { adw_preferences_window_set_visible_page(typed(AdwPreferencesWindow.self), page.object()) }

    /// Whether `page` is the one in front.
    func isShowing(_ page: PreferencesPage) -> Bool {
        UnsafeMutableRawPointer(adw_preferences_window_get_visible_page(typed(AdwPreferencesWindow.self))) == UnsafeMutableRawPointer(page.pointer)
    }

    /// The person (or the window) switched pages.
    func onPageChanged(_ changed: @escaping () -> Void) { on("notify::visible-page", withArgument: { _ in changed() }) }

    func show(_ toast: Toast) { adw_preferences_window_add_toast(typed(AdwPreferencesWindow.self), toast.retainedForAdding()) }

    func toast(_ title: String) { show(Toast(title)) }

    /// `page` over the pages, until `closeSubpage` (a workout's editor). While the last subpage still
    /// slides away, `page` waits for the slide's end: libadwaita 1.2 presenting a subpage then crashed
    /// the window (gtk_widget_set_child_visible on the leaving page, from the leaflet's visible child) —
    /// Back and at once another workout, as a quick hand or the window test at 360 px does.
    func presentSubpage(_ page: Widget) {
        if let leaflet = subpages, adw_leaflet_get_child_transition_running(leaflet) != 0 {
            waitingSubpage = page
            return
        }
        waitingSubpage = nil
        adw_preferences_window_present_subpage(typed(AdwPreferencesWindow.self), page.pointer)
    }

    /// The subpage asked for while the last one slid away.
    private var waitingSubpage: Widget?

    /// The window's own leaflet of subpages (found once; nil where libadwaita has none).
    private lazy var subpages: OpaquePointer? = {
        guard let leaflet = descendant(ofType: adw_leaflet_get_type()) else { return nil }
        Signals.connect(UnsafeMutableRawPointer(leaflet), "notify::child-transition-running", withArgument: { [weak self] _, _ in
            guard let self, let page = waitingSubpage, adw_leaflet_get_child_transition_running(leaflet) == 0 else { return }
            presentSubpage(page)
        })
        return leaflet
    }()

    /// `banner` under the header bar, over every page (libadwaita 1.2's window has no place for one:
    /// it goes into the box that holds the header bar). Call before any subpage is presented.
    func addBanner(_ banner: Widget) {
        guard let header = descendant(ofType: adw_header_bar_get_type()),
              let box = gtk_widget_get_parent(UnsafeMutablePointer<GtkWidget>(header)),
              g_type_check_instance_is_a(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GTypeInstance.self), gtk_box_get_type()) != 0
        else { return }
        gtk_box_insert_child_after(UnsafeMutableRawPointer(box).assumingMemoryBound(to: GtkBox.self), banner.pointer, UnsafeMutablePointer<GtkWidget>(header))
    }

    func closeSubpage() {
        waitingSubpage = nil
        adw_preferences_window_close_subpage(typed(AdwPreferencesWindow.self))
        _ = subpages  // its slide watched from the first close on
    }
}

/// A short message over a window's content, gone after a while (`timeout` seconds; 0: until dismissed).
final class Toast {
    private let toast: OpaquePointer

    init(_ title: String, timeout: UInt32? = nil) {
        toast = adw_toast_new(title)
        if let timeout { adw_toast_set_timeout(toast, timeout) }
    }

    deinit { g_object_unref(UnsafeMutableRawPointer(toast)) }

    func setTitle(_ title: String) { adw_toast_set_title(toast, title) }

    func dismiss() { adw_toast_dismiss(toast) }

    /// A button on the toast ("Undo"); `clicked` runs when it is pressed.
    func button(_ label: String, clicked: @escaping () -> Void) {
        adw_toast_set_button_label(toast, label)
        Signals.connect(UnsafeMutableRawPointer(toast), "button-clicked", run: { _ in clicked() })
    }

    /// A reference for an overlay that takes one (`add_toast` is transfer full); this object keeps its own.
    func retainedForAdding() -> OpaquePointer {
        g_object_ref(UnsafeMutableRawPointer(toast))
        return toast
    }
}

extension ToastOverlay {
    func toast(_ title: String) { show(Toast(title)) }
}

/// A question in a dialog over a window, answered by one of its responses (an enum of them).
enum MessageDialog {
    enum Appearance { case plain, suggested, destructive }

    struct Response<Answer> {
        let answer: Answer
        let label: String
        var appearance = Appearance.plain
    }

    /// A dialog being asked: its text and its responses changed while it is up (until answered).
    struct Shown<Answer: RawRepresentable> where Answer.RawValue == String {
        fileprivate let dialog: UnsafeMutablePointer<AdwMessageDialog>

        func setBody(_ body: String) { adw_message_dialog_set_body(dialog, body) }

        /// A response that cannot be chosen now (a field of `extra` is wrong) is greyed out.
        func setEnabled(_ answer: Answer, _ enabled: Bool) {
            adw_message_dialog_set_response_enabled(dialog, answer.rawValue, enabled ? 1 : 0)
        }
    }

    /// Asks; `answered` gets the response chosen (`close`'s when the dialog is closed without one).
    @discardableResult
    static func ask<Answer: RawRepresentable>(
        over parent: Window, heading: String, body: String, responses: [Response<Answer>], defaultResponse: Answer? = nil,
        close: Answer, extra: Widget? = nil, answered: @escaping (Answer) -> Void
    ) -> Shown<Answer> where Answer.RawValue == String {
        let dialog = adw_message_dialog_new(parent.typed(GtkWindow.self), heading, body)!
        let message = UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: AdwMessageDialog.self)
        if let extra { adw_message_dialog_set_extra_child(message, extra.pointer) }  // a field the answer reads
        for response in responses {
            adw_message_dialog_add_response(message, response.answer.rawValue, response.label)
            switch response.appearance {
            case .plain: break
            case .suggested: adw_message_dialog_set_response_appearance(message, response.answer.rawValue, ADW_RESPONSE_SUGGESTED)
            case .destructive: adw_message_dialog_set_response_appearance(message, response.answer.rawValue, ADW_RESPONSE_DESTRUCTIVE)
            }
        }
        if let defaultResponse { adw_message_dialog_set_default_response(message, defaultResponse.rawValue) }
        adw_message_dialog_set_close_response(message, close.rawValue)
        // The dialog closes itself once answered; nothing here holds it.
        Signals.connect(UnsafeMutableRawPointer(dialog), "response", withArgument: { _, response in
            answered(Signals.string(response).flatMap(Answer.init(rawValue:)) ?? close)
        })
        gtk_window_present(UnsafeMutableRawPointer(dialog).assumingMemoryBound(to: GtkWindow.self))
        return Shown(dialog: message)
    }
}

/// GTK 4.8's file chooser (GtkFileDialog is 4.10): the portal's where one runs, modal to a window.
/// One chooser at a time: while one is open, another `choose` does nothing.
final class FileChooser {
    enum Action { case open, save, folder }

    /// The chooser open now: a native dialog belongs to no window, so it is kept until it answers.
    private var open: OpaquePointer?

    /// `chosen` gets the file's path (nothing when the person cancels).
    func choose(
        _ title: String, over parent: Window, _ action: Action, accept: String, cancel: String, name: String? = nil,
        chosen: @escaping (String) -> Void
    ) {
        let mode = switch action {
        case .open: GTK_FILE_CHOOSER_ACTION_OPEN
        case .save: GTK_FILE_CHOOSER_ACTION_SAVE
        case .folder: GTK_FILE_CHOOSER_ACTION_SELECT_FOLDER
        }
        guard open == nil, let native = gtk_file_chooser_native_new(title, parent.typed(GtkWindow.self), mode, accept, cancel) else { return }
        let dialog = UnsafeMutablePointer<GtkNativeDialog>(native)
        gtk_native_dialog_set_modal(dialog, 1)
        if let name { gtk_file_chooser_set_current_name(native, name) }
        open = native
        Signals.connect(UnsafeMutableRawPointer(native), "response", withArgument: { [unowned self] _, response in
            // The response is a gint the signal passes where a pointer goes.
            let accepted = Int32(truncatingIfNeeded: Int(bitPattern: response)) == GTK_RESPONSE_ACCEPT.rawValue
            var path: String?
            if accepted, let file = gtk_file_chooser_get_file(native) {
                if let text = g_file_get_path(file) {
                    path = String(cString: text)
                    g_free(text)
                }
                g_object_unref(UnsafeMutableRawPointer(file))
            }
            gtk_native_dialog_destroy(dialog)
            open = nil
            g_object_unref(UnsafeMutableRawPointer(native))
            if let path { chosen(path) }
        })
        gtk_native_dialog_show(dialog)
    }
}
