import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform

/// The one window: Today, the running session, or the daemon-not-running page, following the daemon.
final class MainWindow {
    let window: Widget
    private let application: UnsafeMutablePointer<GtkApplication>
    private let stack: Widget
    private let toasts: OpaquePointer
    private let link: DaemonLink
    private let loop: MainLoop
    private let text: TodayText
    private var today: TodayPage!
    private var session: SessionPage!
    private var offline: OfflinePage!
    private var ticker: SourceToken?
    private var inhibitCookie: UInt32 = 0
    private var current: DaemonLink.State = .connecting
    private var pages: [String: Widget] = [:]

    init(application: UnsafeMutablePointer<GtkApplication>, link: DaemonLink, loop: MainLoop, text: TodayText) {
        self.application = application
        self.link = link
        self.loop = loop
        self.text = text
        let messages = text.messages
        window = adw_application_window_new(application)!
        gtk_window_set_title(cast(window), messages("gymbell"))
        gtk_window_set_default_size(cast(window), 560, 640)
        gtk_window_set_icon_name(cast(window), BusNames.desktopID)
        stack = gtk_stack_new()!
        gtk_stack_set_transition_type(cast(stack), GTK_STACK_TRANSITION_TYPE_CROSSFADE)
        let overlay = adw_toast_overlay_new()!
        toasts = cast(overlay)
        adw_toast_overlay_set_child(toasts, stack)
        let header = adw_header_bar_new()!
        let content = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [header, overlay])
        adw_application_window_set_content(cast(window), content)

        today = TodayPage(messages: messages) { [unowned self] request in todayRequest(request) }
        session = SessionPage(messages: messages) { [unowned self] request in sessionRequest(request) }
        offline = OfflinePage(messages: messages) { [unowned self] in startDaemon() }
        let connecting = Build.label(messages("Connecting to the gymbell daemon…"), classes: ["dim-label"]).centered()
        pages = ["connecting": connecting, "today": today.widget, "session": session.widget, "offline": offline.widget]
        for name in ["connecting", "today", "session", "offline"] { gtk_stack_add_named(cast(stack), pages[name]!, name) }
        showPage("connecting")
        link.onState = { [unowned self] state in show(state) }
    }

    func present() { gtk_window_present(cast(window)) }

    /// Shows one page; the others are hidden too, so that screen readers (and the tests) skip them.
    private func showPage(_ name: String) {
        for (page, widget) in pages { widget.setVisible(page == name) }
        gtk_stack_set_visible_child_name(cast(stack), name)
    }

    // MARK: Following the daemon

    private func show(_ state: DaemonLink.State) {
        current = state
        let now = Date()
        switch state {
        case .connecting:
            showPage("connecting")
        case .notRunning:
            showPage("offline")
        case .running(let snapshot):
            today.show(snapshot, text: text, now: now)
            if snapshot.status.session != nil {
                session.show(snapshot, now: now)
                showPage("session")
            } else {
                showPage("today")
            }
        }
        followSession(running: { if case .running(let s) = state { s.status.session != nil } else { false } }())
    }

    /// While a session shows: the countdown ticks once a second and the screen does not blank.
    private func followSession(running: Bool) {
        if let ticker {
            loop.cancel(ticker)
            self.ticker = nil
        }
        if running { scheduleTick() }
        if running, inhibitCookie == 0 {
            inhibitCookie = gtk_application_inhibit(application, cast(window), GTK_APPLICATION_INHIBIT_IDLE, text.messages("A workout is running"))
        } else if !running, inhibitCookie != 0 {
            gtk_application_uninhibit(application, inhibitCookie)
            inhibitCookie = 0
        }
    }

    /// Redraws the countdown just after it changes: at the next whole second before its end.
    private func scheduleTick() {
        let now = Date()
        let left = session.countdownTarget.map { $0.timeIntervalSince(now) } ?? 1
        let delay = left > 0 ? left.truncatingRemainder(dividingBy: 1) + 0.005 : 1
        ticker = loop.after(seconds: delay) { [weak self] in
            guard let self else { return }
            session.tick(now: Date())
            scheduleTick()
        }
    }

    // MARK: Requests

    func todayRequest(_ request: TodayPage.Request) {
        switch request {
        case .startWorkout: send { client throws(ClientError) in try client.start(workout: nil) }
        case .rest: send { client throws(ClientError) in _ = try client.rest(seconds: nil) }
        case .snooze: send { client throws(ClientError) in _ = try client.snooze(minutes: nil) }
        case .skipToday: send { client throws(ClientError) in _ = try client.skipToday() }
        case .startNamed(let name): send { client throws(ClientError) in try client.start(workout: name) }
        }
    }

    private func sessionRequest(_ request: SessionPage.Request) {
        switch request {
        case .setDone: send { client throws(ClientError) in try client.setDone() }
        case .fewerReps: send { client throws(ClientError) in try client.setDone(as: SetCorrection(failed: true)) }
        case .pause: send { client throws(ClientError) in try client.pause() }
        case .resume: send { client throws(ClientError) in try client.resume() }
        case .skip: send { client throws(ClientError) in try client.skip() }
        case .end: send { client throws(ClientError) in _ = try client.stop() }
        }
    }

    /// Sends a command; a refusal shows as a toast, and the daemon's Changed signal brings the new state.
    private func send<Reply: Sendable>(_ command: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply) {
        link.send(command) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: break
            case .failure(.noDaemon): show(.notRunning(""))
            case .failure(let error): toast("\(error)")
            }
        }
    }

    private func toast(_ message: String) {
        adw_toast_overlay_add_toast(toasts, adw_toast_new(message))
    }

    /// `gymbell autostart run`, the program beside this one (or on PATH), as a process of its own: it asks
    /// the bus to start the daemon (D-Bus activation, through systemd where the user unit is installed)
    /// and runs the daemon itself only when nothing on the bus can.
    private func startDaemon() {
        let beside = CurrentProcess.executablePath.map { URL(fileURLWithPath: $0).deletingLastPathComponent().appendingPathComponent("gymbell").path }
        let program = beside.flatMap { FileManager.default.isExecutableFile(atPath: $0) ? $0 : nil } ?? "gymbell"
        do {
            _ = try ProcessLauncher.spawn([program, "autostart", "run"])
            current = .connecting
            showPage("connecting")
            // The daemon's bus name brings the state; one that never appears (it exited) is asked for once.
            loop.after(seconds: 10) { [weak self] in
                if let self, case .connecting = current { link.refresh() }
            }
        } catch {
            toast(text.messages("Could not start the daemon: {error}", ["error": "\(error)"]))
        }
    }
}
