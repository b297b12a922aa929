import CAdw
import FoundationEssentials
import GymbellCore

/// The Workouts page: each workout with its kind, length and the days the programme trains it (a row
/// opens its editor), new workouts of each kind, and the three templates when there is no workout yet.
final class WorkoutsPage {
    let page: Widget
    private unowned let owner: ProgrammeWindow
    private let list: Widget
    private let templates: Widget
    private var rows: [Widget] = []

    init(owner: ProgrammeWindow) {
        self.owner = owner
        let messages = owner.messages
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), messages("Workouts"))
        adw_preferences_page_set_icon_name(cast(page), "view-list-symbolic")
        list = Rows.group(messages("Workouts"), description: messages("Choose a workout to change it."))
        templates = Rows.group(messages("Templates"), description: messages("Start from a ready-made workout; change it as you like."))
        for template in WorkoutTemplate.allCases {
            let title = Self.title(of: template, messages)
            let button = Build.button(messages("Add"), accessibleName: messages("Add template {title}", ["title": title])) {
                [unowned owner] in
                // The template on the reminder days the programme leaves free (every day when it has none).
                let config = owner.config
                let free = config.reminders.days.sorted().filter { config.program[$0] == nil }
                var workout = template.workout
                workout.title = title
                workout.name = owner.freeName(template.rawValue)
                owner.change([.create(workout)] + free.map { .programDay($0, workout: workout.name) })
            }
            Rows.add([Rows.action(title, subtitle: Self.exerciseNames(template.workout), suffixes: [button])], to: templates)
        }
        let new = Rows.group(messages("New workout"))
        let kinds: [(String, WorkoutKind)] = [
            (messages("New strength workout"), .strength(exercises: [])),
            (messages("New HIIT workout"), .hiit(HIITPlan(rounds: 8, work: 30, rest: 15))),
            (messages("New walk/run workout"), .walkRun(WalkRunPlan(run: 60, walk: 90, repeats: 8))),
        ]
        let buttons = kinds.map { title, kind in
            Build.button(title) { [unowned owner] in
                let name = owner.freeName(owner.messages("My workout"))
                owner.edit(WorkoutDefinition(name: name, title: name, kind: kind), isNew: true)
            }
        }
        adw_preferences_group_add(cast(new), Build.flow(buttons, spacing: 6))
        for group in [templates, list, new] { adw_preferences_page_add(cast(page), cast(group)) }
    }

    func show(_ config: Config) {
        for row in rows { adw_preferences_group_remove(cast(list), row) }
        rows = []
        let messages = owner.messages
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        for workout in workouts {
            let days = WorkoutEdit.days(using: workout.name, in: config)
            var parts = [Self.kindName(workout.kind, messages), WorkoutText.length(workout.kind, messages)]
            parts.append(days.isEmpty ? messages("not in the programme") : days.map { String(owner.weekdayName($0).prefix(3)) }.joined(separator: ", "))
            let row = Rows.action(workout.title, subtitle: parts.joined(separator: " · "))
            gtk_list_box_row_set_activatable(cast(row), 1)
            let open = gtk_image_new_from_icon_name("go-next-symbolic")!
            adw_action_row_add_suffix(cast(row), open)
            onSignal(row, "activated") { [unowned owner] in owner.edit(workout, isNew: false) }
            adw_preferences_group_add(cast(list), row)
            rows.append(row)
        }
        list.setVisible(!workouts.isEmpty)
        templates.setVisible(workouts.isEmpty)
    }

    /// A template's title in the person's language.
    static func title(of template: WorkoutTemplate, _ messages: Messages) -> String {
        switch template {
        case .push: messages("Push Day")
        case .pull: messages("Pull Day")
        case .legs: messages("Leg Day")
        }
    }

    static func kindName(_ kind: WorkoutKind, _ messages: Messages) -> String {
        switch kind {
        case .strength: messages("Strength")
        case .hiit: messages("HIIT")
        case .walkRun: messages("Walk/run")
        }
    }

    private static func exerciseNames(_ workout: WorkoutDefinition) -> String {
        guard case .strength(let exercises) = workout.kind else { return "" }
        return exercises.map(\.name).joined(separator: ", ")
    }
}

/// How long a workout takes, as the Workouts page and the editor show it while it is edited.
enum WorkoutText {
    static func length(_ kind: WorkoutKind, _ messages: Messages) -> String {
        let minutes = { (seconds: TimeInterval) in max(1, Int((seconds / 60).rounded())) }
        switch kind {
        case .strength(let exercises):
            guard !exercises.isEmpty else { return messages("no exercises yet") }
            let total = WorkoutPreview.estimatedSeconds(exercises)
            return messages("about {n} min", ["n": "\(minutes(total))"])
        case .hiit(let plan):
            return messages("{rounds} × ({work} work + {rest} rest) = {n} min", [
                "rounds": "\(plan.rounds)", "work": DurationText.format(plan.work), "rest": DurationText.format(plan.rest),
                "n": "\(minutes(Double(plan.rounds) * (plan.work + plan.rest)))"])
        case .walkRun(let plan):
            return messages("{repeats} × ({run} run + {walk} walk) = {n} min", [
                "repeats": "\(plan.repeats)", "run": DurationText.format(plan.run), "walk": DurationText.format(plan.walk),
                "n": "\(minutes(Double(plan.repeats) * (plan.run + plan.walk)))"])
        }
    }
}
