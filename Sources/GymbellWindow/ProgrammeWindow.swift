import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// Workouts and the programme: the workouts of the config file (list, edit, duplicate, delete, new ones
/// and templates) and the workout of each weekday, the planned weights and the log. Every change is
/// written into the config file at once through the same writer as Preferences (comments and layout
/// kept, checked before writing); the daemon's watcher applies it. Each page is handed what it may do.
final class ProgrammeWindow {
    let window: PagedWindow
    private let config: ConfigFile
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let daemon: DaemonQuestions
    /// The config as last read or written.
    private var shown = Config()
    private lazy var workouts = WorkoutsPage(text: text, actions: .init(
        change: { [unowned self] in change($0) { _ in } }, edit: { [unowned self] in edit($0, isNew: $1) }))
    private lazy var programme = ProgrammePage(text: text, actions: .init(
        change: { [unowned self] in change($0) { _ in } }, toast: { [unowned self] in window.toast($0) }, parent: window))
    private lazy var weights = WeightsPage(messages: messages, actions: .init(daemon: daemon, toast: { [unowned self] in window.toast($0) }))
    private lazy var progress = ProgressPage(
        text: text, weekStart: Weekday(gregorianWeekday: LocaleWeek.firstGregorianWeekday()), actions: .init(daemon: daemon, runGymbell: runGymbell))
    private lazy var log = LogPage(text: text, actions: .init(daemon: daemon, parent: window, runGymbell: runGymbell))
    private let runGymbell: ([String]) -> Void
    private var editor: WorkoutEditor?
    /// Shown while the daemon is stopped: why the Log and the Weights wait, and a button that starts it.
    private let banner: Banner
    /// Whether the daemon ran at the last state told (nil: not told yet).
    private var running: Bool?
    /// The recent sessions the Log was last read for (the daemon's state carries them).
    private var logReadFor: [HistoryEntry]?

    /// `startDaemon`: starts the daemon as the main window's button does; `runGymbell`: runs `gymbell`
    /// with these arguments as a process of its own ("Open report").
    init(config: ConfigFile, text: TodayText, link: DaemonLink, startDaemon: @escaping () -> Void, runGymbell: @escaping ([String]) -> Void) {
        self.config = config
        self.text = text
        self.runGymbell = runGymbell
        let window = PagedWindow(title: text.messages("Workouts and programme"), width: 520, height: 680)
        self.window = window
        daemon = DaemonQuestions(link: link) { [unowned window] in window.toast($0) }
        banner = Banner(text.messages("gymbell is not running — reminders and the log wait for it"),
                        button: text.messages("Start gymbell"), clicked: startDaemon)
        for page in [workouts.page, programme.page, weights.page, progress.page, log.page] { window.add(page) }
        window.addBanner(banner)
        // Progress read again whenever it comes to the front: an old log imported changes no recent session.
        window.onPageChanged { [unowned self] in if window.isShowing(progress.page) { progress.refresh() } }
        window.onActiveChanged { [unowned self] in
            guard window.isActive else { return }
            config.reloadIfChanged { [weak self] state in if let state { self?.show(state) } }
        }
        link.follow { [weak self] state in self?.follow(state) }
        follow(link.last)
    }

    /// The daemon's state: stopped, the banner and nothing that needs it pressable; running, the Log
    /// read again when its sessions changed (a set logged, a session ended) while the window shows.
    /// Nothing here wakes by itself: the state comes when the daemon says it changed.
    private func follow(_ state: DaemonLink.State) {
        let isRunning: Bool
        switch state {
        case .connecting: return
        case .notRunning: isRunning = false
        case .running: isRunning = true
        }
        let cameBack = running == false && isRunning
        if running != isRunning {
            running = isRunning
            banner.isVisible = !isRunning
            log.daemonRunning = isRunning
            progress.daemonRunning = isRunning
            weights.daemonRunning = isRunning
        }
        guard case .running(let snapshot) = state, window.isVisible else { return logReadFor = nil }
        if cameBack { weights.refresh() }
        if cameBack || logReadFor != snapshot.recent {
            logReadFor = snapshot.recent
            log.refresh()
            progress.refresh()
        }
    }

    /// The Progress page in front (a click on the weekly summary asks for it).
    func showProgress() { window.showPage(progress.page) }

    /// Reads the file, shows it, then presents the window.
    func present(over parent: Window) {
        window.setTransient(for: parent)
        config.reload { [weak self] state in
            guard let self else { return }
            show(state)
            window.present()
        }
    }

    /// The file as read (a file with mistakes: the message, and nothing to change).
    private func show(_ state: ConfigSession.State) {
        switch state {
        case .valid(let config): show(config)
        case .invalid(let errors): window.toast(errors.joined(separator: "\n"))
        case .unreadable(let reason): window.toast(reason)
        }
    }

    private func show(_ config: Config) {
        shown = config
        workouts.show(config)
        programme.show(config)
        weights.refresh()
        log.refresh()
        progress.unit = config.kit?.unit
        progress.refresh()
    }

    /// Writes `edits`; `done` gets whether they were written.
    private func change(_ edits: [WorkoutEdit], then done: @escaping (Bool) -> Void) {
        config.apply(.workouts(edits)) { [weak self] outcome, _ in
            guard let self else { return }
            switch outcome {
            case .written(let config):
                show(config)
                return done(true)
            case .failed(let reason):
                window.toast(reason)
            case .invalidOnDisk(let errors):
                window.toast(messages("The config file has mistakes") + ": " + errors.joined(separator: "\n"))
            case .conflict(let keys):
                config.takeTheirs { [weak self] state in self?.show(state) }
                window.toast(messages("The file changed meanwhile ({keys}); nothing was written", ["keys": keys.joined(separator: ", ")]))
            }
            done(false)
        }
    }

    // MARK: The editor

    /// The editor of `workout` (`isNew`: one not in the file yet) as a subpage.
    private func edit(_ workout: WorkoutDefinition, isNew: Bool) {
        let editor = WorkoutEditor(
            workout, isNew: isNew, text: text,
            actions: .init(
                save: { [unowned self] edits in change(edits) { [weak self] written in if written { self?.closeEditor() } } },
                close: { [unowned self] in closeEditor() },
                delete: { [unowned self] in delete($0) },
                config: { [unowned self] in shown },
                askReplace: { [unowned self] in askReplace($0, $1, answer: $2) }))
        self.editor = editor
        window.presentSubpage(editor.widget)
    }

    private func closeEditor() {
        window.closeSubpage()
        editor = nil
    }

    private enum ReplaceAnswer: String { case keep, replace }

    /// A weekday the editor ticks that trains `other`: replace it there, or keep it (a day trains one workout).
    private func askReplace(_ day: Weekday, _ other: WorkoutDefinition, answer: @escaping (Bool) -> Void) {
        let values = ["day": text.weekday(day), "other": other.title]
        MessageDialog.ask(
            over: window, heading: messages("{day} already has {other}", values),
            body: messages("A day trains one workout. Replace {other} on {day} with this one, or keep {other} there?", values),
            responses: [.init(answer: ReplaceAnswer.keep, label: messages("Keep {other}", values)),
                        .init(answer: .replace, label: messages("Replace"), appearance: .suggested)],
            close: .keep
        ) { answer($0 == .replace) }
    }

    private enum DeleteAnswer: String { case cancel, delete }

    /// Deletes `name`; when the programme trains it, asks first, naming the days that lose it.
    private func delete(_ name: String) {
        let days = WorkoutEdit.days(using: name, in: shown)
        let deleted: (Bool) -> Void = { [weak self] written in if written { self?.closeEditor() } }
        guard !days.isEmpty else { return change([.delete(name, clearingDays: false)], then: deleted) }
        MessageDialog.ask(
            over: window, heading: messages("Delete this workout?"),
            body: messages("The programme trains it on {days}; they become rest days.", ["days": days.map(text.weekday).joined(separator: ", ")]),
            responses: [.init(answer: DeleteAnswer.cancel, label: messages("Cancel")),
                        .init(answer: .delete, label: messages("Delete"), appearance: .destructive)],
            close: .cancel
        ) { [weak self] answer in
            if answer == .delete { self?.change([.delete(name, clearingDays: true)], then: deleted) }
        }
    }
}

/// Questions a page asks the daemon, off the main thread; the answer comes on the loop, a refusal is a
/// toast (no daemon: the main window shows that it is not running).
struct DaemonQuestions {
    let link: DaemonLink
    let refused: (String) -> Void

    func ask<Reply: Sendable>(_ question: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply, done: @escaping (Reply) -> Void) {
        link.send(question) { [refused] result in
            switch result {
            case .success(let reply): done(reply)
            case .failure(.noDaemon): break
            case .failure(let error): refused("\(error)")
            }
        }
    }
}
