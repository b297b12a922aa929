import Glibc
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
        /// The Workouts window on Progress (`--progress`): the daemon's answer to a click on the weekly summary.
        case showProgress = "show-progress"
    }

    private let application: Application
    private let loop = MainLoop()
    private let messages: Messages
    private var window: MainWindow?
    private var link: DaemonLink?

    init() {
        let gettext = Gettext.translation()
        messages = Messages(translate: gettext.translate, plural: gettext.translatePlural)
        application = Application(id: Self.applicationID, name: Self.applicationID, title: messages("gymbell"))
        application.onActivate { [unowned self] in
            let window = mainWindow()
            handOverActivationToken()
            window.present()
        }
        AppFrame.install(on: application) { [unowned self] in mainWindow() }
        for action in LaunchAction.allCases {
            application.addAction(action.rawValue) { [unowned self] in perform(action) }
        }
        // A second launch's activation token (a click on a reminder, the app grid): the present that
        // follows raises the open window with it instead of the compositor announcing it (issue 49).
        application.addStringAction(Self.activationTokenAction) { [unowned self] in activationToken = $0 }
    }

    /// The token a second launch handed over, kept for the present its request makes: GTK clears the
    /// display's startup id before each request from another process (its platform data has none).
    private var activationToken: String?

    private func handOverActivationToken() {
        guard let activationToken else { return }
        application.useActivationToken(activationToken)
        self.activationToken = nil
    }

    static let activationTokenAction = "activation-token"

    /// Runs until the window closes; a second instance hands its request to the first and returns 0.
    func run(asking action: LaunchAction?) -> Int32 {
        if let message = application.register() {
            CurrentProcess.printToStandardError("gymbell-window: cannot register \(Self.applicationID): \(message)")
            return 1
        }
        if application.isRemote, let token = Self.launchActivationToken() {
            application.activateAction(Self.activationTokenAction, token)
        }
        if let action {
            application.activateAction(action.rawValue)
            if application.isRemote {
                application.flush()  // the action presents the window: no `activate` after it
                return 0
            }
        }
        let code = application.run()
        window?.finishPending()
        return code
    }

    /// The token this launch was given (XDG_ACTIVATION_TOKEN, else DESKTOP_STARTUP_ID), for the primary.
    private static func launchActivationToken() -> String? {
        for name in ["XDG_ACTIVATION_TOKEN", "DESKTOP_STARTUP_ID"] {
            if let token = CurrentProcess.environmentVariable(name), !token.isEmpty { return token }
        }
        return nil
    }

    private func perform(_ action: LaunchAction) {
        let window = mainWindow()
        handOverActivationToken()
        switch action {
        case .startWorkout:
            window.present()
            window.todayRequest(.startWorkout)
        case .rest:
            window.present()
            window.todayRequest(.rest)
        case .showToday:
            window.presentToday()
        case .showProgress:
            window.present()
            window.openProgramme().showProgress()
        }
    }

    /// The window, made the first time it is asked for (GTK is set up by then: `startup` has run).
    private func mainWindow() -> MainWindow {
        if let window { return window }
        Style.load("""
            .gymbell-countdown { font-size: 128px; font-weight: 800; font-feature-settings: "tnum"; }
            .gymbell-exercise { font-size: 44px; font-weight: 800; }
            .gymbell-big { min-height: 56px; min-width: 240px; font-size: 20px; font-weight: bold; }
            .gymbell-banner { background-color: @warning_bg_color; color: @warning_fg_color; padding: 6px 12px; }
            """)
        let link = DaemonLink(loop: loop)
        let text = TodayText(messages: messages, zone: SystemTimeZone().current())
        let window = MainWindow(application: application, link: link, loop: loop, text: text)
        self.window = window
        self.link = link
        link.start()
        return window
    }
}

@main
struct GymbellWindowMain {
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.contains("--help") || arguments.contains("-h") {
            CurrentProcess.printToStandardError("usage: gymbell-window [--today | --progress | --start-workout | --rest]\nOpens gymbell's window (Today and the running workout).")
            exit(0)
        }
        var action: WindowApp.LaunchAction?
        for argument in arguments {
            switch argument {
            case "--start-workout": action = .startWorkout
            case "--rest": action = .rest
            case "--today": action = .showToday
            case "--progress": action = .showProgress
            default:
                CurrentProcess.printToStandardError("gymbell-window: unknown argument \(argument) (try --help)")
                exit(2)
            }
        }
        let app = WindowApp()
        exit(app.run(asking: action))
    }
}
