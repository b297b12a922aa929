import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings
import GymbellWayland
import Logging

/// What the daemon is given of the world: its one clock, the time zone, how to run a program and
/// make a new id, the translations, which helpers are installed, the icon, its own program and the window's.
public struct DaemonEnvironment {
    public var clock: () -> Date
    public var timeZone: () -> Zone
    /// Starts a program (argv) with variables added to the daemon's environment.
    public var launch: ([String], [String: String]) throws -> Void
    public var newID: () -> String
    /// Translations of the reminder texts (gettext in the daemon).
    public var messages: Messages
    /// Whether an optional helper program (`spd-say`) is installed.
    public var isInstalled: (String) -> Bool
    /// The installed app icon's file, shown on notifications (nil: the icon's name in the theme).
    public var iconFile: String?
    /// This program, for the commands the daemon runs as processes of their own (`gymbell report`).
    public var executable: String
    /// The window's program (gymbell-window), nil when it is not installed (a package of its own).
    public var windowProgram: String?
    /// An activation token of the daemon's own for what a click launches, when the notification server
    /// sent none (WaylandActivation; nil outside Wayland).
    public var ownActivationToken: () -> String?

    public init(
        clock: @escaping () -> Date = Date.init,
        timeZone: @escaping () -> Zone = { SystemTimeZone().current() },
        launch: @escaping ([String], [String: String]) throws -> Void = { _ = try ProcessLauncher.spawn($0, adding: $1) },
        newID: @escaping () -> String = { UUID().uuidString.lowercased() },
        messages: Messages = .english,
        isInstalled: @escaping (String) -> Bool = ProcessLauncher.isInstalled,
        iconFile: String? = nil,
        executable: String = CurrentProcess.executablePath ?? "gymbell",
        windowProgram: String? = CurrentProcess.installedProgram("gymbell-window"),
        ownActivationToken: @escaping () -> String? = { WaylandActivation.obtain(appID: BusNames.desktopID + ".Window") }
    ) {
        self.ownActivationToken = ownActivationToken
        self.windowProgram = windowProgram
        self.iconFile = iconFile
        self.executable = executable
        self.messages = messages
        self.isInstalled = isInstalled
        self.clock = clock
        self.timeZone = timeZone
        self.launch = launch
        self.newID = newID
    }
}

extension LogEntry.Level {
    var logging: Logger.Level {
        switch self {
        case .debug: .debug
        case .info: .info
        case .notice: .notice
        case .warning: .warning
        case .error: .error
        }
    }
}
