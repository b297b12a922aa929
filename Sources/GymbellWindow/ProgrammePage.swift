import FoundationEssentials
import GymbellCore

/// The Programme page: every programme, first by priority (issue 47) — `[program]` with the workout of
/// each weekday (or a rest day) and its start and length ("Week 3 of 8" in the daily reminder), and each
/// `[programs.NAME]` with its days and weeks in words and the same to change; last, a programme to add
/// by its title (a `[programs.NAME]` planning nothing yet), and each `[programs.NAME]` removed once asked.
final class ProgrammePage {
    /// What the page may do.
    struct Actions {
        /// Writes these edits into the config file.
        let change: ([WorkoutEdit]) -> Void
        let toast: (String) -> Void
        /// The window a question is asked over.
        let parent: PagedWindow
    }

    let page: PreferencesPage
    private let text: TodayText
    private let actions: Actions
    /// The programmes shown, in the page's order.
    private var programmes: [ProgrammeGroup] = []
    /// "Add a programme": its title, taken with Enter or the Add button.
    private let adding: PreferencesGroup
    private let newTitle: EntryRow
    /// The config as last shown (a new programme's name is unique in it).
    private var config = Config()

    init(text: TodayText, actions: Actions) {
        self.text = text
        self.actions = actions
        page = PreferencesPage(title: text.messages("Programme"), icon: "x-office-calendar-symbolic")
        let messages = text.messages
        adding = PreferencesGroup(messages("Add a programme"), description: messages("Another programme beside this one, like a running plan."))
        newTitle = EntryRow(messages("Title of the new programme"))
        adding.add(newTitle)
        adding.setHeaderSuffix(Button(messages("Add"), accessibleName: messages("Add the programme")) { [unowned self] in add(newTitle.text) })
        newTitle.onApplied { [unowned self] in add($0) }
        page.add(adding)
    }

    func show(_ config: Config) {
        // `[program]` is shown to be filled in even when it plans nothing yet.
        let main = Programme.main(config.program, span: config.programSpan, priority: config.programPriority)
        let shown = ProgrammePlan([main] + config.programmes).programmes
        // Made anew when a programme comes, goes, moves or is renamed (its controls are named by its title).
        self.config = config
        if shown.map({ [$0.name, $0.title] }) != programmes.map({ [$0.name, $0.title] }) {
            for group in programmes.flatMap(\.groups) + [adding] { page.remove(group) }
            programmes = shown.map {
                ProgrammeGroup($0, text: text, change: actions.change, toast: actions.toast) { [unowned self] in remove($0, title: $1) }
            }
            for group in programmes.flatMap(\.groups) + [adding] { page.add(group) }
        }
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        for (group, programme) in zip(programmes, shown) { group.show(programme, workouts: workouts, now: Date()) }
    }

    private func add(_ typed: String) {
        let title = WorkoutNames.trimmed(typed)
        guard !title.isEmpty else { return actions.toast(text.messages("A programme needs a title")) }
        actions.change([.addProgramme(WorkoutEdit.programmeName(for: title, in: config), title: title)])
        newTitle.clear()
    }

    private enum RemoveAnswer: String { case cancel, remove }

    /// Removes `[programs.NAME]` once the person says so (its days and weeks go with it).
    private func remove(_ name: String, title: String) {
        let messages = text.messages
        MessageDialog.ask(
            over: actions.parent, heading: messages("Remove {programme}?", ["programme": title]),
            body: messages("Its days and weeks go with it; your workouts and the other programmes stay."),
            responses: [.init(answer: RemoveAnswer.cancel, label: messages("Cancel")),
                        .init(answer: .remove, label: messages("Remove"), appearance: .destructive)],
            close: .cancel
        ) { [weak self] answer in
            if answer == .remove { self?.actions.change([.removeProgramme(name)]) }
        }
    }
}
