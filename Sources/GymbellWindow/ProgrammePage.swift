import FoundationEssentials
import GymbellCore

/// The Programme page: every programme, first by priority (issue 47) — `[program]` with the workout of
/// each weekday (or a rest day) and its start and length ("Week 3 of 8" in the daily reminder), and each
/// `[programs.NAME]` with its days and weeks in words and the same to change.
final class ProgrammePage {
    /// What the page may do.
    struct Actions {
        /// Writes these edits into the config file.
        let change: ([WorkoutEdit]) -> Void
        let toast: (String) -> Void
    }

    let page: PreferencesPage
    private let text: TodayText
    private let actions: Actions
    /// The programmes shown, in the page's order.
    private var programmes: [ProgrammeGroup] = []

    init(text: TodayText, actions: Actions) {
        self.text = text
        self.actions = actions
        page = PreferencesPage(title: text.messages("Programme"), icon: "x-office-calendar-symbolic")
    }

    func show(_ config: Config) {
        // `[program]` is shown to be filled in even when it plans nothing yet.
        let main = Programme.main(config.program, span: config.programSpan, priority: config.programPriority)
        let shown = ProgrammePlan([main] + config.programmes).programmes
        // Made anew when a programme comes, goes, moves or is renamed (its controls are named by its title).
        if shown.map({ [$0.name, $0.title] }) != programmes.map({ [$0.name, $0.title] }) {
            for group in programmes.flatMap(\.groups) { page.remove(group) }
            programmes = shown.map { ProgrammeGroup($0, text: text, change: actions.change, toast: actions.toast) }
            for group in programmes.flatMap(\.groups) { page.add(group) }
        }
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        for (group, programme) in zip(programmes, shown) { group.show(programme, workouts: workouts, now: Date()) }
    }
}
