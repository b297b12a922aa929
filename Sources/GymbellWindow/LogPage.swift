import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore

/// The Log page: the last sessions, newest first, each with its sets as they were done (reps × weight,
/// a failed set marked), each opening to be corrected (`LoggedSetEditor`), and "Open report"
/// (`gymbell report --open`); a log imported, the sets exported as CSV, the state backed up (`LogTransfer`).
final class LogPage {
    let page: Widget
    private unowned let owner: ProgrammeWindow
    private var groups: [Widget] = []
    private var editors: [LoggedSetEditor] = []
    private var transfer: LogTransfer!
    private var files: Widget!
    static let sessionsShown = 12

    init(owner: ProgrammeWindow) {
        self.owner = owner
        let messages = owner.messages
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), messages("Log"))
        adw_preferences_page_set_icon_name(cast(page), "document-open-recent-symbolic")
        let top = Rows.group(messages("Training log"), description: messages("Your last sessions and their sets."))
        let report = Build.button(messages("Open report")) { [unowned owner] in owner.runGymbell(["report", "--open"]) }
        adw_preferences_group_set_header_suffix(cast(top), report)
        transfer = LogTransfer(owner: owner) { [weak self] in self?.refresh() }
        // Below the sessions (the page lists them again after each change): kept while it is off the page.
        files = Rows.group(messages("Import and export"))
        g_object_ref_sink(UnsafeMutableRawPointer(files))
        adw_preferences_group_add(cast(files), transfer.buttons())
        adw_preferences_page_add(cast(page), cast(files))
        adw_preferences_page_add(cast(page), cast(top))
    }

    func refresh() {
        owner.ask({ client throws(ClientError) in
            // The last sessions however old (an imported past too), then the sets of the days they span.
            let sessions = try client.history(days: UInt32(Limits.historyDays.upperBound))
            let shown = Array(sessions.sorted { $0.startedAt > $1.startedAt }.prefix(LogPage.sessionsShown))
            let oldest = shown.last.map { Date().timeIntervalSince($0.startedAt) / 86_400 } ?? 0
            let days = min(max(Int(oldest.rounded(.up)) + 1, Limits.historyDays.lowerBound), Limits.historyDays.upperBound)
            return (shown, try client.setLog(days: UInt32(days)))
        }) { [weak self] reply in self?.show(sessions: reply.0, sets: reply.1) }
    }

    private func show(sessions: [HistoryEntry], sets: [LoggedSet]) {
        for group in groups { adw_preferences_page_remove(cast(page), cast(group)) }
        groups = []
        editors = []
        let messages = owner.messages
        let bySession = Dictionary(grouping: sets, by: \.session)
        let shown = sessions.sorted { $0.startedAt > $1.startedAt }.prefix(Self.sessionsShown)
        for session in shown {
            let group = Rows.group(session.title, description: owner.text.when(session.startedAt, now: Date()) + " · " + outcome(session.outcome))
            for set in bySession[session.id] ?? [] {
                let editor = LoggedSetEditor(set, owner: owner) { [weak self] in self?.refresh() }
                editors.append(editor)
                adw_preferences_group_add(cast(group), editor.row)
            }
            adw_preferences_page_add(cast(page), cast(group))
            groups.append(group)
        }
        if shown.isEmpty {
            let group = Rows.group(messages("No sessions yet"), description: messages("Workouts you do show here with their sets."))
            adw_preferences_page_add(cast(page), cast(group))
            groups.append(group)
        }
        adw_preferences_page_remove(cast(page), cast(files))
        adw_preferences_page_add(cast(page), cast(files))
    }

    private func outcome(_ outcome: HistoryEntry.Outcome) -> String {
        switch outcome {
        case .completed: owner.messages("completed")
        case .stopped: owner.messages("stopped")
        case .abandoned: owner.messages("abandoned")
        case .running: owner.messages("running")
        }
    }
}
