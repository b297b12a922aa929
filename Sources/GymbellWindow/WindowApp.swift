import CAdw
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// gymbell-window: the window people open from the app grid or with `gymbell window`.
///
/// Names: the daemon owns the bus name io.github.gymbell.Gymbell, so the window's GApplication is
/// io.github.gymbell.Gymbell.Window (its own bus name; a second launch finds the first there and
/// hands it `activate` or an action). The desktop entry keeps the id io.github.gymbell.Gymbell and
/// says `StartupWMClass=io.github.gymbell.Gymbell.Window`, which is the window's Wayland app id and
/// its X11 WM_CLASS (the program name is set to it): docks and switchers show gymbell's entry.
final class WindowApp {
    static let applicationID = BusNames.desktopID + ".Window"

    /// Actions a launch can ask for (`--start-workout`, `--rest`), by the entry's desktop actions.
    enum LaunchAction: String, CaseIterable {
        case startWorkout = "start-workout"
        case rest
        /// The window on Today (`--today`): the daemon's answer to a click on the daily reminder.
        case showToday = "show-today"
    }

    private let application: UnsafeMutablePointer<AdwApplication>
    private let loop = MainLoop()
    private let messages: Messages
    private var window: MainWindow?
    private var link: DaemonLink?

    init() {
        let gettext = Gettext.translation()
        messages = Messages(translate: gettext.translate, plural: gettext.translatePlural)
        g_set_prgname(Self.applicationID)
        g_set_application_name(messages("gymbell"))
        application = adw_application_new(Self.applicationID, G_APPLICATION_DEFAULT_FLAGS)!
        onSignal(application, "activate") { [unowned self] in mainWindow().present() }
        for action in LaunchAction.allCases {
            let simple = g_simple_action_new(action.rawValue, nil)!
            onSignal(simple, "activate", withArgument: { [unowned self] _ in perform(action) })
            g_action_map_add_action(cast(application), simple)
            g_object_unref(UnsafeMutableRawPointer(simple))
        }
    }

    /// Runs until the window closes; a second instance hands its request to the first and returns 0.
    func run(asking action: LaunchAction?) -> Int32 {
        let app = cast(application, to: GApplication.self)
        var error: UnsafeMutablePointer<GError>?
        guard g_application_register(app, nil, &error) != 0 else {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            CurrentProcess.printToStandardError("gymbell-window: cannot register \(Self.applicationID): \(message)")
            return 1
        }
        if let action {
            g_action_group_activate_action(cast(app), action.rawValue, nil)
        }
        return g_application_run(app, 0, nil)
    }

    private func perform(_ action: LaunchAction) {
        let window = mainWindow()
        switch action {
        case .startWorkout:
            window.present()
            window.todayRequest(.startWorkout)
        case .rest:
            window.present()
            window.todayRequest(.rest)
        case .showToday:
            window.presentToday()
        }
    }

    /// The window, made the first time it is asked for (GTK is set up by then: `startup` has run).
    private func mainWindow() -> MainWindow {
        if let window { return window }
        Self.loadStyle()
        let link = DaemonLink(loop: loop)
        let text = TodayText(messages: messages, zone: SystemTimeZone().current())
        let window = MainWindow(application: cast(application), link: link, loop: loop, text: text)
        self.window = window
        self.link = link
        link.start()
        return window
    }

    private static func loadStyle() {
        let css = """
            .gymbell-countdown { font-size: 96px; font-weight: 800; font-feature-settings: "tnum"; }
            .gymbell-big { min-height: 56px; min-width: 240px; font-size: 20px; font-weight: bold; }
            """
        let provider = gtk_css_provider_new()!
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(gdk_display_get_default(), cast(provider),
                                                   UInt32(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
    }
}

@main
struct GymbellWindowMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            CurrentProcess.printToStandardError("usage: gymbell-window [--today | --start-workout | --rest]\nOpens gymbell's window (Today and the running workout).")
            exit(0)
        }
        var action: WindowApp.LaunchAction?
        for argument in arguments {
            switch argument {
            case "--start-workout": action = .startWorkout
            case "--rest": action = .rest
            case "--today": action = .showToday
            default:
                CurrentProcess.printToStandardError("gymbell-window: unknown argument \(argument) (try --help)")
                exit(2)
            }
        }
        let app = WindowApp()
        exit(app.run(asking: action))
    }
}
