import CAdw

/// Children in a row or a column.
final class Box: Widget {
    enum Direction { case horizontal, vertical }

    private(set) var children: [Widget] = []

    init(_ direction: Direction, spacing: Int32, _ children: [Widget] = []) {
        super.init(gtk_box_new(direction == .horizontal ? GTK_ORIENTATION_HORIZONTAL : GTK_ORIENTATION_VERTICAL, spacing)!)
        for child in children { append(child) }
    }

    func append(_ child: Widget) {
        gtk_box_append(object(), child.pointer)
        children.append(child)
    }

    func removeAll() {
        for child in children { gtk_box_remove(object(), child.pointer) }
        children = []
    }
}

/// Children side by side that wrap onto more lines in a narrow window (360 px wide).
final class FlowBox: Widget {
    init(_ children: [Widget], spacing: UInt32, homogeneous: Bool = false) {
        super.init(gtk_flow_box_new()!)
        gtk_flow_box_set_selection_mode(object(), GTK_SELECTION_NONE)
        gtk_flow_box_set_homogeneous(object(), homogeneous ? 1 : 0)
        gtk_flow_box_set_column_spacing(object(), spacing)
        gtk_flow_box_set_row_spacing(object(), spacing)
        gtk_flow_box_set_max_children_per_line(object(), UInt32(children.count))
        for child in children {
            gtk_flow_box_append(object(), child.pointer)
            // The flow box's own child wrapper takes focus by default: the button inside should.
            if let wrapper = gtk_widget_get_parent(child.pointer) { gtk_widget_set_focusable(wrapper, 0) }
        }
    }

    /// Shows or hides `child` with its wrapper, so that a hidden one leaves no gap.
    func setVisible(_ child: Widget, _ visible: Bool) {
        child.isVisible = visible
        if let wrapper = gtk_widget_get_parent(child.pointer) { gtk_widget_set_visible(wrapper, visible ? 1 : 0) }
    }
}

/// `child` in a vertical scrolled window, so that a page fits a narrow or short window.
final class Scrolled: Widget {
    /// `maxHeight`: as tall as the child up to that many pixels, scrolling beyond (a dialog's list);
    /// nil: it takes the height it is given.
    init(_ child: Widget, maxHeight: Int32? = nil) {
        super.init(gtk_scrolled_window_new()!)
        gtk_scrolled_window_set_policy(object(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(object(), child.pointer)
        if let maxHeight {
            gtk_scrolled_window_set_propagate_natural_height(object(), 1)
            gtk_scrolled_window_set_max_content_height(object(), maxHeight)
        } else {
            expandingVertically()
        }
    }
}

/// Pages one at a time, named by `Page`, cross-fading; the pages not shown are hidden too, so that
/// screen readers (and the tests) skip them.
final class Stack<Page: Hashable & RawRepresentable>: Widget where Page.RawValue == String {
    private var pages: [Page: Widget] = [:]

    init() {
        super.init(gtk_stack_new()!)
        gtk_stack_set_transition_type(object(), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
    }

    func add(_ page: Page, _ widget: Widget) {
        gtk_stack_add_named(object(), widget.pointer, page.rawValue)
        pages[page] = widget
    }

    func show(_ page: Page) {
        for (name, widget) in pages { widget.isVisible = name == page }
        gtk_stack_set_visible_child_name(object(), page.rawValue)
    }
}

/// A window's title bar with buttons at its start and end.
final class HeaderBar: Widget {
    init(start: [Widget] = [], end: [Widget] = [], title: Widget? = nil) {
        super.init(adw_header_bar_new()!)
        for widget in start { adw_header_bar_pack_start(object(), widget.pointer) }
        for widget in end { adw_header_bar_pack_end(object(), widget.pointer) }
        if let title { adw_header_bar_set_title_widget(object(), title.pointer) }
    }
}

/// Toasts over `child` (the main window's pages).
final class ToastOverlay: Widget {
    init(_ child: Widget) {
        super.init(adw_toast_overlay_new()!)
        adw_toast_overlay_set_child(object(), child.pointer)
    }

    func show(_ toast: Toast) { adw_toast_overlay_add_toast(object(), toast.retainedForAdding()) }
}

/// A page saying what is the matter, with an icon, a title, a description and a widget below.
final class StatusPage: Widget {
    init(icon: String, title: String, description: String, child: Widget) {
        super.init(adw_status_page_new()!)
        adw_status_page_set_icon_name(object(), icon)
        adw_status_page_set_title(object(), title)
        self.description = description
        adw_status_page_set_child(object(), child.pointer)
    }

    var description: String {
        get { adw_status_page_get_description(object()).map { String(cString: $0) } ?? "" }
        set { adw_status_page_set_description(object(), newValue) }
    }
}

/// A bar under a window's header bar saying why its actions wait, with a button that helps (what
/// libadwaita 1.3's AdwBanner is; 1.2 has none): shown and hidden as a whole.
final class Banner: Widget {
    let button: Button

    init(_ title: String, button: String, clicked: @escaping () -> Void) {
        self.button = Button(button, classes: ["suggested-action"], clicked: clicked)
        let label = Label(title)
        gtk_widget_set_hexpand(label.pointer, 1)
        gtk_label_set_xalign(label.object(), 0)
        gtk_label_set_justify(label.object(), GTK_JUSTIFY_LEFT)
        let box = Box(.horizontal, spacing: 12, [label, self.button.verticallyCentered()])
        box.style(["gymbell-banner"])
        super.init(box.pointer)
        gb_accessible_set_label(pointer, title)
        isVisible = false
    }
}

/// The icons the theme has (an installed gymbell's app icon; a development build has none).
enum IconTheme {
    static func has(_ name: String) -> Bool {
        gtk_icon_theme_has_icon(gtk_icon_theme_get_for_display(gdk_display_get_default()), name) != 0
    }
}

/// The application's own CSS, over the theme's.
enum Style {
    static func load(_ css: String) {
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), OpaquePointer(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}
