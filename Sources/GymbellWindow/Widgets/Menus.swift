import CAdw

/// A header bar's menu button whose popover lists actions (`app.about`, `win.show-help-overlay` …).
/// The primary menu button answers F10 (GTK's "primary" menu button).
final class MenuButton: Widget {
    init(icon: String, accessibleName: String, items: [(label: String, action: String)], primary: Bool = false) {
        super.init(gtk_menu_button_new()!)
        gtk_menu_button_set_icon_name(object(), icon)
        let menu = g_menu_new()!
        for item in items { g_menu_append(menu, item.label, item.action) }
        gtk_menu_button_set_menu_model(object(), UnsafeMutableRawPointer(menu).assumingMemoryBound(to: GMenuModel.self))
        g_object_unref(UnsafeMutableRawPointer(menu))
        if primary { gtk_menu_button_set_primary(object(), 1) }
        gtk_widget_set_tooltip_text(pointer, accessibleName)
        setAccessibleName(accessibleName)
    }
}

/// GtkShortcutsWindow, built from GtkBuilder XML (it has no API to add shortcuts from code): one
/// section, groups of (title, accelerator) rows. Shown by `win.show-help-overlay` (Ctrl+?).
enum ShortcutsWindow {
    static func make(title: String, groups: [(title: String, shortcuts: [(title: String, accelerator: String)])]) -> Window {
        var xml = "<interface><object class=\"GtkShortcutsWindow\" id=\"help_overlay\"><property name=\"modal\">1</property>"
        xml += "<property name=\"title\">\(escaped(title))</property>"
        xml += "<child><object class=\"GtkShortcutsSection\"><property name=\"section-name\">main</property>"
        for group in groups {
            xml += "<child><object class=\"GtkShortcutsGroup\"><property name=\"title\">\(escaped(group.title))</property>"
            for shortcut in group.shortcuts {
                xml += "<child><object class=\"GtkShortcutsShortcut\"><property name=\"title\">\(escaped(shortcut.title))</property>"
                xml += "<property name=\"accelerator\">\(escaped(shortcut.accelerator))</property></object></child>"
            }
            xml += "</object></child>"
        }
        xml += "</object></child></object></interface>"
        let builder = gtk_builder_new_from_string(xml, -1)!
        let object = gtk_builder_get_object(builder, "help_overlay")!
        let window = Window(UnsafeMutableRawPointer(object).assumingMemoryBound(to: GtkWidget.self))  // holds its own reference
        g_object_unref(UnsafeMutableRawPointer(builder))
        window.closeOnControlW()
        return window
    }

    static func escaped(_ text: String) -> String {
        var out = ""
        for character in text {
            switch character {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            default: out.append(character)
            }
        }
        return out
    }
}

extension ApplicationWindow {
    /// The keyboard shortcuts window: `win.show-help-overlay` presents it.
    func setHelpOverlay(_ overlay: Window) {
        gtk_application_window_set_help_overlay(typed(GtkApplicationWindow.self), overlay.object())
    }
}

/// libadwaita 1.2's About window, over `parent`.
enum AboutWindow {
    static func present(over parent: Window, application: Application, name: String, icon: String, version: String,
                        comments: String, website: String, issues: String) {
        let about = adw_about_window_new()!
        let window = UnsafeMutableRawPointer(about).assumingMemoryBound(to: GtkWindow.self)
        let typed = OpaquePointer(about)  // a final type
        adw_about_window_set_application_name(typed, name)
        adw_about_window_set_application_icon(typed, icon)
        adw_about_window_set_version(typed, version)
        adw_about_window_set_comments(typed, comments)
        adw_about_window_set_website(typed, website)
        adw_about_window_set_issue_url(typed, issues)
        gtk_window_set_transient_for(window, parent.typed(GtkWindow.self))
        gtk_window_set_modal(window, 1)
        gtk_window_set_application(window, application.gtkApplication)  // the app's shortcuts (Ctrl+W) work there too
        gtk_window_present(window)
    }
}
