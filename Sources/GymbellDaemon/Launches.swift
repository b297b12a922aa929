import GymbellCore
import Logging

/// The programs the daemon starts for the engine — start_command, the voice, the window, the report —
/// each with the activation token of the click it answers, if any.
struct Launches {
    let environment: DaemonEnvironment
    let logger: Logger
    /// The click being handled, with the notification server's ActivationToken if it sent one.
    var click: Click?

    struct Click {
        var serverToken: String?
    }

    /// The variables a program launched for that click is started with: the server's token, else one
    /// the daemon obtains from the compositor (a fresh one per launch: a token is used once), as Wayland's
    /// xdg-activation (XDG_ACTIVATION_TOKEN) and X11's startup notification (DESKTOP_STARTUP_ID) take it —
    /// GTK, Qt and GLib read the one of their display (GTK 4.8 only DESKTOP_STARTUP_ID); nothing without a click.
    func activation() -> [String: String] {
        guard let click else { return [:] }
        let token = click.serverToken ?? environment.ownActivationToken()
        logger.info("launching for a click", metadata: ["activation_token": "\(click.serverToken != nil ? "server's" : token != nil ? "own" : "none")"])
        guard let token else { return [:] }
        return ["XDG_ACTIVATION_TOKEN": token, "DESKTOP_STARTUP_ID": token]
    }

    /// Starts `argv`; what went wrong is the caller's to tell.
    func run(_ argv: [String]) throws {
        try environment.launch(argv, activation())
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
