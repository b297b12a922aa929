import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings

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
    private let config = ConfigSession()
    private var preferences: PreferencesWindow?
    private var programme: ProgrammeWindow?
    private var welcome: FirstRunPage!
    /// While the welcome shows (a first run), the daemon's state waits in `current`.
    private var welcoming = false {
        didSet { settings.setVisible(!welcoming) }  // the Preferences wait until the welcome wrote the file
    }
    private let settings: Widget

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
        settings = gtk_button_new_from_icon_name("emblem-system-symbolic")!
        settings.setAccessibleName(messages("Preferences"))
        gtk_widget_set_tooltip_text(settings, messages("Preferences"))
        adw_header_bar_pack_end(cast(header), settings)
        adw_header_bar_pack_start(cast(header), ProgrammeWindow.button(messages) { [unowned self] in openProgramme() })
        let content = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [header, overlay])
        adw_application_window_set_content(cast(window), content)

        today = TodayPage(messages: messages) { [unowned self] request in todayRequest(request) }
        session = SessionPage(messages: messages) { [unowned self] request in sessionRequest(request) }
        offline = OfflinePage(messages: messages) { [unowned self] in startDaemon() }
        welcome = FirstRunPage(messages: messages, weekdayName: text.weekday) { [unowned self] choices, login in finishWelcome(choices, startAtLogin: login) }
        let connecting = Build.label(messages("Connecting to the gymbell daemon…"), classes: ["dim-label"]).centered()
        pages = ["connecting": connecting, "today": today.widget, "session": session.widget, "offline": offline.widget, "welcome": welcome.widget]
        for name in ["connecting", "today", "session", "offline", "welcome"] { gtk_stack_add_named(cast(stack), pages[name]!, name) }
        welcoming = config.isFirstRun
        settings.setVisible(!welcoming)  // (observers do not run in init)
        showPage(welcoming ? "welcome" : "connecting")
        link.onState = { [unowned self] state in show(state) }
        onSignal(settings, "clicked") { [unowned self] in openPreferences() }
    }

    func present() { gtk_window_present(cast(window)) }

    /// Presents the window on Today (the running workout while one is under way, the welcome on a first
    /// run): what a click on the daily reminder asks for.
    func presentToday() {
        if !welcoming { show(current) }
        present()
    }

    /// Shows one page; the others are hidden too, so that screen readers (and the tests) skip them.
    private func showPage(_ name: String) {
        for (page, widget) in pages { widget.setVisible(page == name) }
        gtk_stack_set_visible_child_name(cast(stack), name)
    }

    // MARK: Following the daemon

    private func show(_ state: DaemonLink.State) {
        current = state
        if welcoming { return }
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
        do {
            _ = try ProcessLauncher.spawn([Self.gymbellProgram, "autostart", "run"])
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

    /// The gymbell program beside this one, else the one on PATH.
    static var gymbellProgram: String { CurrentProcess.program("gymbell") }

    func openPreferences() {
        if preferences == nil {
            let suggestions: (@escaping (SuggestReport?) -> Void) -> Void = { [unowned self] done in askSuggestions(tries: 10, done) }
            preferences = PreferencesWindow(session: config, messages: text.messages, weekdayName: text.weekday, suggestions: suggestions) {
                [unowned self] arguments in
                do {
                    _ = try ProcessLauncher.spawn([Self.gymbellProgram] + arguments)
                } catch {
                    toast("\(error)")
                }
            }
        }
        preferences?.written = { [unowned self] in
            if case .running = current { send { client throws(ClientError) in try client.reload() } }
        }
        preferences?.present(over: window)
    }

    func openProgramme() {
        let programme = programme ?? ProgrammeWindow(session: config, text: text, link: link) { [unowned self] arguments in
            do {
                _ = try ProcessLauncher.spawn([Self.gymbellProgram] + arguments)
            } catch {
                toast("\(error)")
            }
        }
        self.programme = programme
        programme.written = { [unowned self] in
            if case .running = current { send { client throws(ClientError) in try client.reload() } }
        }
        programme.present(over: window)
    }

    /// Finish on the welcome: writes the first config (never over a file that appeared meanwhile),
    /// enables start at login if asked, and makes sure the daemon runs and reads it; then Today.
    private func finishWelcome(_ choices: FirstRunChoices, startAtLogin: Bool) {
        do {
            try config.writeFirstRun(choices)
        } catch {
            toast(text.messages("Could not write the config file: {error}", ["error": "\(error)"]))
            return
        }
        if startAtLogin { _ = try? ProcessLauncher.spawn([Self.gymbellProgram, "autostart", "enable"]) }
        welcoming = false
        if case .running = current {
            showPage("connecting")
            send { client throws(ClientError) in try client.reload() }
            link.refresh()
        } else {
            startDaemon()
        }
    }

    /// The daemon's learned times; asked again (5 times a second, `tries` times) while the daemon has not
    /// yet read the file just written with time = "auto".
    private func askSuggestions(tries: Int, _ done: @escaping (SuggestReport?) -> Void) {
        link.send({ client throws(ClientError) in try client.suggest() }) { [weak self] result in
            let report = try? result.get()
            if let self, tries > 1, report?.auto == false {
                loop.after(seconds: 0.2) { [weak self] in self?.askSuggestions(tries: tries - 1, done) }
            } else {
                done(report)
            }
        }
    }
}
