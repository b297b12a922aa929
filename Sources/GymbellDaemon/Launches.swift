import GymbellCore
import Logging

/// The programs the daemon starts for the engine — start_command, the voice, the window, the report —
/// each with the activation token of the click it answers, if any.
struct Launches {
    let environment: DaemonEnvironment
    let logger: Logger
    /// The activation token of the click being handled (the notification server's ActivationToken).
    var activationToken: String?

    /// The variables a program launched for that click is started with: the token as Wayland's
    /// xdg-activation (XDG_ACTIVATION_TOKEN) and X11's startup notification (DESKTOP_STARTUP_ID) take it —
    /// GTK, Qt and GLib read the one of their display; nothing without a click's token.
    var activation: [String: String] {
        guard let activationToken else { return [:] }
        return ["XDG_ACTIVATION_TOKEN": activationToken, "DESKTOP_STARTUP_ID": activationToken]
    }

    /// Starts `argv`; what went wrong is the caller's to tell.
    func run(_ argv: [String]) throws {
        try environment.launch(argv, activation)
    }

    /// gymbell-window's GApplication hands the action to the window that is open (presented and
    /// switched), or opens one: a process of its own, so a stalled window never stalls the daemon.
    /// Decided only where the window is installed (EngineContext.windowInstalled).
    func openWindow(_ page: WindowPage) {
        logger.info("opening the window", metadata: ["page": "\(page.rawValue)"])
        do {
            try run([environment.windowProgram ?? "gymbell-window", "--" + page.rawValue])
        } catch {
            logger.error("cannot open the window: \(error)")
        }
    }

    /// The training report in the browser, at `exercise`'s part when one is named.
    func openReport(exercise: String?) {
        do {
            try run([environment.executable, "report", "--open"] + (exercise.map { ["--exercise", $0] } ?? []))
        } catch {
            logger.error("cannot open the training report: \(error)")
        }
    }
}
