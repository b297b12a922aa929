import GymbellControl
import GymbellCore
import GymbellPlatform

/// What a GNOME user expects of any app's frame (issue 46): the primary menu's entries (Preferences,
/// Keyboard Shortcuts, About gymbell) as application actions, and the standard keys:
/// Ctrl+Q quits, Ctrl+W closes the window it is pressed in, Ctrl+comma opens the Preferences,
/// Ctrl+? the keyboard shortcuts, F1 About gymbell (gymbell has no help pages: About links to the
/// website and the issue tracker), F10 opens the primary menu (GtkMenuButton's primary), F11 puts the
/// window full screen and back (the mat's Full screen button too: the live screen from across the room).
enum AppFrame {
    /// The primary menu's entries: (label, action).
    static func menuItems(_ messages: Messages) -> [(label: String, action: String)] {
        [(messages("Preferences"), "app.preferences"), (messages("Keyboard Shortcuts"), "win.show-help-overlay"),
         (messages("About gymbell"), "app.about")]
    }

    /// Adds the frame's actions and keys to the application; `window` makes or finds the main window.
    static func install(on application: Application, window: @escaping () -> MainWindow) {
        application.addAction("quit") { application.quit() }
        application.addAction("preferences") { window().requestPreferences() }
        application.addAction("about") { window().presentAbout() }
        application.addAction("fullscreen") { window().window.toggleFullscreen() }
        application.setAccelerators("app.quit", ["<Control>q"])
        application.setAccelerators("window.close", ["<Control>w"])
        application.setAccelerators("app.preferences", ["<Control>comma"])
        application.setAccelerators("win.show-help-overlay", ["<Control>question"])
        application.setAccelerators("app.about", ["F1"])
        application.setAccelerators("app.fullscreen", ["F11"])
    }

    /// The keyboard shortcuts window: the keys above, and those of the live screen.
    static func shortcutsWindow(_ messages: Messages) -> Window {
        ShortcutsWindow.make(title: messages("Keyboard Shortcuts"), groups: [
            (messages("General"), [
                (messages("Open the main menu"), "F10"),
                (messages("Preferences"), "<Control>comma"),
                (messages("Keyboard Shortcuts"), "<Control>question"),
                (messages("About gymbell"), "F1"),
                (messages("Full screen"), "F11"),
                (messages("Close the window"), "<Control>w"),
                (messages("Quit"), "<Control>q"),
            ]),
            (messages("Moving around"), [
                (messages("Next control"), "Tab"),
                (messages("Previous control"), "<Shift>Tab"),
                (messages("Next choice in a group"), "Down Right"),
                (messages("Press the focused button"), "space Return"),
            ]),
        ])
    }

    static func presentAbout(over window: Window, application: Application, _ messages: Messages) {
        AboutWindow.present(
            over: window, application: application, name: messages("gymbell"), icon: BusNames.desktopID,
            version: GymbellVersion.current, comments: messages("Workout reminders for the Linux desktop"),
            website: "https://github.com/gymbell/gymbell", issues: "https://github.com/gymbell/gymbell/issues")
    }
}
