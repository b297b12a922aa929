import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// The one window: Today, the running session, or the daemon-not-running page, following the daemon.
final class MainWindow {
    /// The pages the window shows, one at a time.
    enum Page: String { case connecting, today, session, offline, welcome, finish }

    /// Whether the welcome shows (a first run): asked of the config file first, then shown or done.
    private enum Welcome { case unknown, showing, done }

    let window: ApplicationWindow
    private let application: Application
    private let stack = Stack<Page>()
    private let toasts: ToastOverlay
    private let link: DaemonLink
    let loop: MainLoop
    let text: TodayText
    private lazy var today = TodayPage(messages: text.messages) { [unowned self] in todayRequest($0) }
    private lazy var session = SessionPage(messages: text.messages) { [unowned self] in sessionRequest($0) }
    private lazy var offline = OfflinePage(messages: text.messages) { [unowned self] in startDaemon() }
    private lazy var welcome = FirstRunPage(messages: text.messages, weekdayName: text.weekday) { [unowned self] in
        finishWelcome($0, startAtLogin: $1)
    }
    private var ticker: SourceToken?
    private lazy var sessionActions = SessionActions(owner: self)

    /// Carries out what the person asked that still waits on the window (an End workout in its undo time).
    func finishPending() { sessionActions.endPendingNow() }
    private lazy var finish = FinishPage(messages: text.messages, link: link, toast: { [unowned self] in toast($0) }) { [unowned self] in
        finishing = false
        show(current)
    }
    /// The workout the live screen showed last (id, title), and whether its finish page shows.
    private var shownWorkout: (id: String, title: String)?
    private var finishing = false
    private var inhibitCookie: UInt32 = 0
    private var current: DaemonLink.State = .connecting
    private lazy var config = ConfigFile(loop: loop) { [unowned self] in
        // config.toml is a symbolic link, whose file the daemon's watcher does not see: it is told.
        if case .running = current { send { client throws(ClientError) in try client.reload() } }
    }
    private var preferences: PreferencesWindow?
    private var programme: ProgrammeWindow?
    /// While the welcome shows, or until the config file said whether it should, the daemon's state waits in `current`.
    private var welcoming = Welcome.unknown {
        didSet { settings.isVisible = welcoming == .done }  // the Preferences wait until the welcome wrote the file
    }
    private let settings: Button

    init(application: Application, link: DaemonLink, loop: MainLoop, text: TodayText) {
        self.application = application
        self.link = link
        self.loop = loop
        self.text = text
        let messages = text.messages
        toasts = ToastOverlay(stack)
        settings = Button(icon: "emblem-system-symbolic", accessibleName: messages("Preferences"), tooltip: messages("Preferences"))
        let programmeButton = Button(icon: "view-list-symbolic", accessibleName: messages("Workouts and programme"),
                                     tooltip: messages("Workouts and programme"))
        let menu = MenuButton(icon: "open-menu-symbolic", accessibleName: messages("Main menu"), items: AppFrame.menuItems(messages), primary: true)
        let content = Box(.vertical, spacing: 0, [HeaderBar(start: [programmeButton], end: [menu, settings]), toasts])
        window = ApplicationWindow(application, title: messages("gymbell"), width: 560, height: 720, icon: BusNames.desktopID, content: content)
        window.setHelpOverlay(AppFrame.shortcutsWindow(messages))

        stack.add(.connecting, Label(messages("Connecting to the gymbell daemon…"), classes: ["dim-label"]).centered())
        stack.add(.today, today.widget)
        stack.add(.session, session.widget)
        stack.add(.offline, offline.widget)
        stack.add(.welcome, welcome.widget)
        stack.add(.finish, finish.widget)
        settings.isVisible = false  // until the config file says this is no first run
        stack.show(.connecting)
        link.onState = { [unowned self] state in show(state) }
        settings.onClicked { [unowned self] in openPreferences() }
        programmeButton.onClicked { [unowned self] in openProgramme() }
        config.isFirstRun { [weak self] firstRun in
            guard let self else { return }
            welcoming = firstRun ? .showing : .done
            if firstRun { stack.show(.welcome) } else { show(current) }
        }
    }

    func present() { window.present() }

    /// Presents the window on Today (the running workout while one is under way, the welcome on a first
    /// run): what a click on the daily reminder asks for.
    func presentToday() {
        if welcoming == .done { show(current) }
        present()
    }

    // MARK: Following the daemon

    private func show(_ state: DaemonLink.State) {
        current = state
        if welcoming != .done { return }
        let now = Date()
        switch state {
        case .connecting:
            stack.show(.connecting)
        case .notRunning:
            stack.show(.offline)
        case .running(let snapshot):
            today.show(snapshot, text: text, now: now)
            if let running = snapshot.status.session, running.id != sessionActions.ending?.session {
                shownWorkout = running.kind == "rest" ? nil : (running.id, running.title)
                finishing = false
                session.show(snapshot, now: now)
                stack.show(.session)
            } else {
                if let ended = shownWorkout, snapshot.status.session == nil { showFinish(of: ended) }
                shownWorkout = nil
                stack.show(finishing ? .finish : .today)
            }
        }
        followSession(running: { if case .running(let s) = state { s.status.session != nil } else { false } }())
    }

    /// The finish page of a workout that completed (read from the daemon); Today for any other end.
    private func showFinish(of workout: (id: String, title: String)) {
        FinishPage.load(workout.id, title: workout.title, link: link) { [weak self] summary in
            guard let self, let summary, case .running(let snapshot) = current, snapshot.status.session == nil else { return }
            finishing = true
            stack.show(.finish)
            finish.show(summary)
        }
    }

    /// While a session shows: the countdown ticks once a second and the screen does not blank.
    private func followSession(running: Bool) {
        if let ticker {
            loop.cancel(ticker)
            self.ticker = nil
        }
        if running { scheduleTick() }
        if running, inhibitCookie == 0 {
            inhibitCookie = application.inhibitIdle(window, reason: text.messages("A workout is running"))
        } else if !running, inhibitCookie != 0 {
            application.uninhibit(inhibitCookie)
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
        case .setDoneAt(let rpe): send { client throws(ClientError) in try client.setDone(as: SetCorrection(rpe: rpe)) }
        case .fewerReps: sessionActions.askRepsDone()
        case .adjustRest(let seconds): send { client throws(ClientError) in _ = try client.adjustRest(by: seconds) }
        case .pause: send { client throws(ClientError) in try client.pause() }
        case .resume: send { client throws(ClientError) in try client.resume() }
        case .skip: send { client throws(ClientError) in try client.skip() }
        case .end: sessionActions.endWithUndo()
        }
    }

    /// Sends a command; a refusal shows as a toast, and the daemon's Changed signal brings the new state.
    func send<Reply: Sendable>(_ command: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply) {
        link.send(command) { [weak self] result in
            guard let self else { return }
            switch result {
            case .success: break
            case .failure(.noDaemon): show(.notRunning(""))
            case .failure(let error): toast("\(error)")
            }
        }
    }

    private func toast(_ message: String) { toasts.toast(message) }

    func showToast(_ toast: Toast) { toasts.show(toast) }

    var currentState: DaemonLink.State { current }

    /// The page again for the state known (after an undo).
    func refreshPage() { show(current) }

    /// `gymbell autostart run`, the program beside this one (or on PATH), as a process of its own: it asks
    /// the bus to start the daemon (D-Bus activation, through systemd where the user unit is installed)
    /// and runs the daemon itself only when nothing on the bus can.
    func startDaemon() {
        do {
            _ = try ProcessLauncher.spawn([Self.gymbellProgram, "autostart", "run"])
            current = .connecting
            stack.show(.connecting)
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

    /// Ctrl+comma or the primary menu: the Preferences, or why not yet.
    func requestPreferences() {
        if welcoming == .done {
            openPreferences()
        } else {
            toast(text.messages("The Preferences open once the welcome is finished: press Finish first."))
        }
    }

    func presentAbout() { AppFrame.presentAbout(over: window, application: application, text.messages) }

    func openPreferences() {
        let preferences = preferences ?? PreferencesWindow(
            config: config, link: link, messages: text.messages, weekdayName: text.weekday,
            actions: .init(
                suggestions: { [unowned self] done in askSuggestions(tries: 10, done) },
                runGymbell: { [unowned self] arguments in runGymbell(arguments) }))
        self.preferences = preferences
        preferences.present(over: window)
    }

    @discardableResult func openProgramme() -> ProgrammeWindow {
        let programme = programme ?? ProgrammeWindow(config: config, text: text, link: link, startDaemon: { [unowned self] in startDaemon() }) {
            [unowned self] arguments in runGymbell(arguments)
        }
        self.programme = programme
        programme.present(over: window)
        return programme
    }

    /// Runs `gymbell` with these arguments as a process of its own; a failure to start it is a toast.
    private func runGymbell(_ arguments: [String]) {
        do {
            _ = try ProcessLauncher.spawn([Self.gymbellProgram] + arguments)
        } catch {
            toast("\(error)")
        }
    }

    /// Finish on the welcome: writes the first config (never over a file that appeared meanwhile),
    /// enables start at login if asked, and makes sure the daemon runs; then Today. A running daemon
    /// applies the new file by itself (its watcher), and says so with its Changed signal.
    private func finishWelcome(_ choices: FirstRunChoices, startAtLogin: Bool) {
        welcome.setBusy(true)
        config.writeFirstRun(choices) { [weak self] failure in
            guard let self else { return }
            welcome.setBusy(false)
            if let failure {
                toast(text.messages("Could not write the config file: {error}", ["error": failure]))
                return
            }
            if startAtLogin { _ = try? ProcessLauncher.spawn([Self.gymbellProgram, "autostart", "enable"]) }
            welcoming = .done
            if case .running = current {
                stack.show(.connecting)
                link.refresh()
            } else {
                startDaemon()
            }
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
