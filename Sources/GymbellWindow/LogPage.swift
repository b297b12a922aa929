import FoundationEssentials
import GymbellControl
import GymbellCore

/// The Log page: the last sessions, newest first, each with its sets as they were done (reps × weight,
/// a failed set marked), each opening to be corrected (`LoggedSetEditor`), and "Open report"
/// (`gymbell report --open`); a log imported, the sets exported as CSV, the state backed up (`LogTransfer`).
final class LogPage {
    /// What the page may do.
    struct Actions {
        let daemon: DaemonQuestions
        /// The window its dialogs, file choosers and toasts show over.
        let parent: PagedWindow
        /// Runs `gymbell` with these arguments as a process of its own.
        let runGymbell: ([String]) -> Void
    }

    let page: PreferencesPage
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let actions: Actions
    private var groups: [PreferencesGroup] = []
    private var editors: [LoggedSetEditor] = []
    private lazy var transfer = LogTransfer(messages: messages, zone: text.zone, actions: actions) { [weak self] in self?.refresh() }
    /// Below the sessions (the page lists them again after each change).
    private let files: PreferencesGroup
    static let sessionsShown = 12

    init(text: TodayText, actions: Actions) {
        self.text = text
        self.actions = actions
        let messages = text.messages
        page = PreferencesPage(title: messages("Log"), icon: "document-open-recent-symbolic")
        let top = PreferencesGroup(messages("Training log"), description: messages("Your last sessions and their sets."))
        top.setHeaderSuffix(Button(messages("Open report")) { actions.runGymbell(["report", "--open"]) })
        files = PreferencesGroup(messages("Import and export"))
        files.add(transfer.buttons())
        page.add(files)
        page.add(top)
    }

    func refresh() {
        actions.daemon.ask({ client throws(ClientError) in
            // The last sessions however old (an imported past too), then the sets of the days they span.
            let sessions = try client.history(days: UInt32(Limits.historyDays.upperBound))
            let shown = Array(sessions.sorted { $0.startedAt > $1.startedAt }.prefix(LogPage.sessionsShown))
            let oldest = shown.last.map { Date().timeIntervalSince($0.startedAt) / 86_400 } ?? 0
            let days = min(max(Int(oldest.rounded(.up)) + 1, Limits.historyDays.lowerBound), Limits.historyDays.upperBound)
            return (shown, try client.setLog(days: UInt32(days)))
        }) { [weak self] reply in self?.show(sessions: reply.0, sets: reply.1) }
    }

    private func show(sessions: [HistoryEntry], sets: [LoggedSet]) {
        for group in groups { page.remove(group) }
        groups = []
        editors = []
        let bySession = Dictionary(grouping: sets, by: \.session)
        let shown = sessions.sorted { $0.startedAt > $1.startedAt }.prefix(Self.sessionsShown)
        for session in shown {
            let group = PreferencesGroup(session.title, description: text.when(session.startedAt, now: Date()) + " · " + outcome(session.outcome))
            for set in bySession[session.id] ?? [] {
                let editor = LoggedSetEditor(set, messages: messages, actions: .init(daemon: actions.daemon, toast: actions.parent.toast) {
                    [weak self] in self?.refresh()
                })
                editors.append(editor)
                group.add(editor.row)
            }
            groups.append(group)
        }
        if shown.isEmpty {
            groups = [PreferencesGroup(messages("No sessions yet"), description: messages("Workouts you do show here with their sets."))]
        }
        for group in groups { page.add(group) }
        page.remove(files)
        page.add(files)
    }

    private func outcome(_ outcome: HistoryEntry.Outcome) -> String {
        switch outcome {
        case .completed: messages("completed")
        case .stopped: messages("stopped")
        case .abandoned: messages("abandoned")
        case .running: messages("running")
        }
    }
}
