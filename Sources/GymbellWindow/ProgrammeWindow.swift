import CAdw
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellSettings

/// Workouts and the programme: the workouts of the config file (list, edit, duplicate, delete, new ones
/// and templates) and the workout of each weekday. Every change is written into the config file at once
/// through the same writer as Preferences (comments and layout kept, checked before writing).
final class ProgrammeWindow {
    let window: Widget
    private let session: ConfigSession
    let text: TodayText
    var messages: Messages { text.messages }
    private let link: DaemonLink
    /// Runs `gymbell` with these arguments as a process of its own ("Open report").
    let runGymbell: ([String]) -> Void
    /// A change was written: the daemon is told to read it now.
    var written: () -> Void = {}
    private var workouts: WorkoutsPage!
    private var programme: ProgrammePage!
    private var weights: WeightsPage!
    private var log: LogPage!
    private var editor: WorkoutEditor?
    private(set) var config = Config()

    init(session: ConfigSession, text: TodayText, link: DaemonLink, runGymbell: @escaping ([String]) -> Void) {
        self.session = session
        self.text = text
        self.link = link
        self.runGymbell = runGymbell
        window = adw_preferences_window_new()!
        gtk_window_set_title(cast(window), messages("Workouts and programme"))
        gtk_window_set_default_size(cast(window), 520, 680)
        gtk_window_set_hide_on_close(cast(window), 1)
        adw_preferences_window_set_search_enabled(cast(window), 0)
        workouts = WorkoutsPage(owner: self)
        programme = ProgrammePage(owner: self)
        weights = WeightsPage(owner: self)
        log = LogPage(owner: self)
        for page in [workouts.page, programme.page, weights.page, log.page] { adw_preferences_window_add(cast(window), cast(page)) }
        onSignal(cast(window), "notify::is-active", withArgument: { [unowned self] _ in
            if gtk_window_is_active(cast(window)) != 0, session.changedOnDisk { refresh() }
        })
    }

    /// The main window's header button that opens it.
    static func button(_ messages: Messages, _ open: @escaping () -> Void) -> Widget {
        let button = gtk_button_new_from_icon_name("view-list-symbolic")!
        button.setAccessibleName(messages("Workouts and programme"))
        gtk_widget_set_tooltip_text(button, messages("Workouts and programme"))
        onSignal(button, "clicked", open)
        return button
    }

    func present(over parent: Widget) {
        gtk_window_set_transient_for(cast(window), cast(parent))
        refresh()
        gtk_window_present(cast(window))
    }

    /// Reads the file again and shows it (a file with mistakes: the message, and nothing to change).
    func refresh() {
        switch session.reload() {
        case .valid(let config): show(config)
        case .invalid(let errors): toast(errors.joined(separator: "\n"))
        case .unreadable(let reason): toast(reason)
        }
    }

    private func show(_ config: Config) {
        self.config = config
        workouts.show(config)
        programme.show(config)
        weights.refresh()
        log.refresh()
    }

    func weekdayName(_ day: Weekday) -> String { text.weekday(day) }

    /// Asks the daemon off the main thread; `done` gets the answer on the loop (a refusal is a toast).
    func ask<Reply: Sendable>(_ question: @escaping @Sendable (GymbellClient) throws(ClientError) -> Reply, done: @escaping (Reply) -> Void) {
        link.send(question) { [weak self] result in
            switch result {
            case .success(let reply): done(reply)
            case .failure(.noDaemon): break  // the main window shows that the daemon is not running
            case .failure(let error): self?.toast("\(error)")
            }
        }
    }

    /// Writes `edits`; true when they were written.
    @discardableResult
    func change(_ edits: [WorkoutEdit]) -> Bool {
        switch session.apply(edits) {
        case .written(let config):
            show(config)
            written()
            return true
        case .failed(let reason):
            toast(reason)
        case .invalidOnDisk(let errors):
            toast(messages("The config file has mistakes") + ": " + errors.joined(separator: "\n"))
        case .conflict(let keys):
            session.takeTheirs()
            refresh()
            toast(messages("The file changed meanwhile ({keys}); nothing was written", ["keys": keys.joined(separator: ", ")]))
        }
        return false
    }

    func toast(_ message: String) {
        adw_preferences_window_add_toast(cast(window), adw_toast_new(message))
    }

    // MARK: The editor

    /// The editor of `workout` (nil name: a new one of that kind) as a subpage.
    func edit(_ workout: WorkoutDefinition, isNew: Bool) {
        let editor = WorkoutEditor(owner: self, workout: workout, isNew: isNew,
                                   days: Set(WorkoutEdit.days(using: workout.name, in: config)))
        self.editor = editor
        adw_preferences_window_present_subpage(cast(window), editor.widget)
    }

    func closeEditor() {
        adw_preferences_window_close_subpage(cast(window))
        editor = nil
    }

    /// Deletes `name`; when the programme trains it, asks first, naming the days that lose it.
    func delete(_ name: String) {
        let days = WorkoutEdit.days(using: name, in: config)
        guard !days.isEmpty else {
            if change([.delete(name, clearingDays: false)]) { closeEditor() }
            return
        }
        let list = days.map(weekdayName).joined(separator: ", ")
        let dialog = adw_message_dialog_new(cast(window), messages("Delete this workout?"),
                                            messages("The programme trains it on {days}; they become rest days.", ["days": list]))!
        adw_message_dialog_add_response(cast(dialog), "cancel", messages("Cancel"))
        adw_message_dialog_add_response(cast(dialog), "delete", messages("Delete"))
        adw_message_dialog_set_response_appearance(cast(dialog), "delete", ADW_RESPONSE_DESTRUCTIVE)
        onSignal(cast(dialog), "response", withArgument: { [unowned self] response in
            guard let response, String(cString: response.assumingMemoryBound(to: CChar.self)) == "delete" else { return }
            if change([.delete(name, clearingDays: true)]) { closeEditor() }
        })
        gtk_window_present(cast(dialog))
    }

    /// A name no workout has yet: `base`, else `base 2`, `base 3` …
    func freeName(_ base: String) -> String {
        var name = base
        var number = 2
        while config.workouts[name] != nil {
            name = "\(base) \(number)"
            number += 1
        }
        return name
    }
}
