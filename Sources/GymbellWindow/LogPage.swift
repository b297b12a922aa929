import FoundationEssentials
import GymbellControl
import GymbellCore

/// The Log page: the last sessions, newest first, one row each (`LogSessionRow`) that opens to its sets
/// as they were done (reps × weight, a failed set marked), each opening to be corrected
/// (`LoggedSetEditor`); read again when the daemon says the history changed; "Open report"
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
    /// The sessions, newest first, one row each.
    private let sessions: PreferencesGroup
    private var rows: [SessionID: LogSessionRow] = [:]
    private var shownOrder: [SessionID] = []
    private var empty: ActionRow?
    private let report: Button
    private lazy var transfer = LogTransfer(messages: messages, zone: text.zone, actions: actions) { [weak self] in self?.refresh() }
    static let sessionsShown = 12
    /// Whether the daemon runs: what needs it is pressed only then.
    var daemonRunning = true {
        didSet {
            report.isSensitive = daemonRunning
            transfer.isSensitive = daemonRunning
            for row in rows.values { row.canSave = daemonRunning }
        }
    }

    init(text: TodayText, actions: Actions) {
        self.text = text
        self.actions = actions
        let messages = text.messages
        page = PreferencesPage(title: messages("Log"), icon: "document-open-recent-symbolic")
        sessions = PreferencesGroup(messages("Training log"), description: messages("Your last sessions and their sets."))
        report = Button(messages("Open report")) { actions.runGymbell(["report", "--open"]) }
        sessions.setHeaderSuffix(report)
        let files = PreferencesGroup(messages("Import and export"))
        files.add(transfer.buttons())
        page.add(sessions)
        page.add(files)
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

    /// The sessions as rows: a row already shown is kept (opened or not, a correction being typed in
    /// it), given its new sets; the rows are put in order again only when the order changed.
    private func show(sessions shown: [HistoryEntry], sets: [LoggedSet]) {
        let bySession = Dictionary(grouping: sets, by: \.session)
        let order = Array(shown.sorted { $0.startedAt > $1.startedAt }.prefix(Self.sessionsShown))
        let now = Date()
        let editorActions = LoggedSetEditor.Actions(daemon: actions.daemon, toast: actions.parent.toast) { [weak self] in self?.refresh() }
        var kept: [SessionID: LogSessionRow] = [:]
        for session in order {
            let sets = bySession[session.id] ?? []
            if let row = rows[session.id] {
                row.show(session, sets: sets, now: now)
                kept[session.id] = row
            } else {
                let row = LogSessionRow(session, sets: sets, text: text, actions: editorActions)
                row.canSave = daemonRunning
                kept[session.id] = row
            }
        }
        let ids = order.map(\.id)
        if ids != shownOrder {
            sessions.remove(shownOrder.compactMap { rows[$0]?.row })
            sessions.add(ids.compactMap { kept[$0]?.row })
            shownOrder = ids
        }
        rows = kept
        if order.isEmpty, empty == nil {
            let row = ActionRow(messages("No sessions yet"), subtitle: messages("Workouts you do show here with their sets."))
            sessions.add(row)
            empty = row
        } else if !order.isEmpty, let row = empty {
            sessions.remove([row])
            empty = nil
        }
    }
}
