import FoundationEssentials
import GymbellCore

/// The Workouts page: each workout with its kind, length and the days the programme trains it (a row
/// opens its editor), new workouts of each kind, and the three templates when there is no workout yet.
final class WorkoutsPage {
    /// What the page may do.
    struct Actions {
        /// Writes these edits into the config file.
        let change: ([WorkoutEdit]) -> Void
        /// Opens the editor of a workout (`isNew`: one not in the file yet).
        let edit: (_ workout: WorkoutDefinition, _ isNew: Bool) -> Void
    }

    let page: PreferencesPage
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let actions: Actions
    private let list: PreferencesGroup
    private let templates: PreferencesGroup
    private var rows: [ActionRow] = []
    /// The config as last shown: templates and new workouts take names it has free.
    private var config = Config()

    init(text: TodayText, actions: Actions) {
        self.text = text
        self.actions = actions
        let messages = text.messages
        page = PreferencesPage(title: messages("Workouts"), icon: "view-list-symbolic")
        list = PreferencesGroup(messages("Workouts"), description: messages("Choose a workout to change it."))
        templates = PreferencesGroup(messages("Templates"), description: messages("Start from a ready-made workout; change it as you like."))
        for template in WorkoutTemplate.allCases {
            let title = Self.title(of: template, messages)
            let button = Button(messages("Add"), accessibleName: messages("Add template {title}", ["title": title])) { [unowned self] in
                add(template, title: title)
            }
            templates.add(ActionRow(title, subtitle: Self.exerciseNames(template.workout), suffixes: [button]))
        }
        let new = PreferencesGroup(messages("New workout"))
        let kinds: [(String, WorkoutKind)] = [
            (messages("New strength workout"), .strength(exercises: [])),
            (messages("New HIIT workout"), .hiit(HIITPlan(rounds: 8, work: 30, rest: 15))),
            (messages("New walk/run workout"), .walkRun(WalkRunPlan(run: 60, walk: 90, repeats: 8))),
            (messages("New circuit"), .circuit(CircuitPlan(rounds: 3, stations: [], rest: 15, roundRest: 60))),
            (messages("New AMRAP"), .amrap(AmrapPlan(cap: 12 * 60, stations: []))),
        ]
        new.add(FlowBox(kinds.map { title, kind in
            Button(title) { [unowned self] in
                // Its key is derived from the name it is saved with.
                actions.edit(WorkoutDefinition(name: "", title: WorkoutNames.freeName(messages("My workout"), in: config), kind: kind), true)
            }
        }, spacing: 6))
        for group in [templates, list, new] { page.add(group) }
    }

    /// The template on the reminder days the programme leaves free (every day when it has none).
    private func add(_ template: WorkoutTemplate, title: String) {
        let free = config.reminders.days.sorted().filter { config.program[$0] == nil }
        var workout = template.workout
        workout.title = WorkoutNames.freeName(title, in: config)
        workout.name = WorkoutNames.key(for: template.rawValue, taken: config.workouts.keys)
        actions.change([.create(workout)] + free.map { .programDay($0, workout: workout.name) })
    }

    func show(_ config: Config) {
        self.config = config
        list.remove(rows)
        rows = []
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        for workout in workouts {
            let days = WorkoutEdit.days(using: workout.name, in: config)
            var parts = [Self.kindName(workout.kind, messages), WorkoutLength.text(workout, messages)]
            parts.append(days.isEmpty ? messages("not in the programme") : days.map { String(text.weekday($0).prefix(3)) }.joined(separator: ", "))
            let row = ActionRow(workout.title, subtitle: parts.joined(separator: " · "), suffixes: [Image(icon: "go-next-symbolic")])
            row.onActivated { [actions] in actions.edit(workout, false) }
            list.add(row)
            rows.append(row)
        }
        list.isVisible = !workouts.isEmpty
        templates.isVisible = workouts.isEmpty
    }

    /// A template's title in the person's language.
    static func title(of template: WorkoutTemplate, _ messages: Messages) -> String {
        switch template {
        case .push: messages("Push Day")
        case .pull: messages("Pull Day")
        case .legs: messages("Leg Day")
        case .circuit: messages("Full-body circuit")
        case .sevenMinute: messages("7-minute workout")
        case .tabata: messages("Tabata")
        case .dumbbells: messages("Dumbbell full body")
        case .mobility: messages("Mobility flow")
        case .kettlebell: messages("Kettlebell AMRAP")
        }
    }

    static func kindName(_ kind: WorkoutKind, _ messages: Messages) -> String {
        switch kind {
        case .strength: messages("Strength")
        case .hiit: messages("HIIT")
        case .walkRun: messages("Walk/run")
        case .circuit: messages("Circuit")
        case .amrap: messages("AMRAP")
        }
    }

    private static func exerciseNames(_ workout: WorkoutDefinition) -> String {
        WorkoutSummary.exerciseNames(of: workout).joined(separator: ", ")
    }
}
