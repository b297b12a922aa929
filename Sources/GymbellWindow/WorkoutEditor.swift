import CAdw
import FoundationEssentials
import GymbellCore

/// One workout's editor (a subpage of the Workouts window): its name and title, the days the programme
/// trains it, and its kind's settings — a strength workout's exercises in order (moved up and down with
/// buttons a keyboard reaches, or dragged by their handle onto another exercise's place), a HIIT's rounds, work and rest, a walk/run's run, walk and repeats —
/// with its length shown as it is edited. "Save" writes it all as one change.
final class WorkoutEditor {
    private(set) var widget: Widget!
    private unowned let owner: ProgrammeWindow
    private var messages: Messages { owner.messages }
    private let original: WorkoutDefinition
    private let isNew: Bool
    private var kind: WorkoutKind
    private var name: Widget!
    private var title: Widget!
    private var length: Widget!
    private var days: [Weekday: Toggle] = [:]
    private var exercisesGroup: Widget!
    private var exerciseRows: [(row: Widget, name: Widget, sets: Spin, reps: Spin, weight: Widget, rest: Spin)] = []
    private var intervalSpins: [Spin] = []

    init(owner: ProgrammeWindow, workout: WorkoutDefinition, isNew: Bool, days trained: Set<Weekday>) {
        self.owner = owner
        original = workout
        self.isNew = isNew
        kind = workout.kind
        let messages = owner.messages
        let header = adw_header_bar_new()!
        let back = Build.button(messages("Back")) { [unowned owner] in owner.closeEditor() }
        adw_header_bar_pack_start(cast(header), back)
        adw_header_bar_set_title_widget(cast(header), Build.label(isNew ? messages("New workout") : workout.title, classes: ["heading"], wrap: false))
        let page = adw_preferences_page_new()!
        widget = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 0, [header, page])
        gtk_widget_set_vexpand(page, 1)

        let about = Rows.group(WorkoutsPage.kindName(workout.kind, messages))
        name = Self.entry(messages("Workout name"), workout.name)
        title = Self.entry(messages("Workout title"), workout.title)
        // The length (a HIIT's or walk/run's timeline) in large type, as it is edited.
        length = Build.label("", classes: ["title-3"])
        gtk_widget_set_margin_top(length, 12)
        Rows.add([Rows.action(messages("Name"), subtitle: messages("How the programme names it"), suffixes: [name]),
                  Rows.action(messages("Title"), subtitle: messages("What reminders say"), suffixes: [title]), length], to: about)

        let dayGroup = Rows.group(messages("Days"), description: messages("The weekdays the programme trains it"))
        var toggles: [Widget] = []
        for day in Weekday.allCases {
            let dayName = owner.weekdayName(day)
            let toggle = Toggle(String(dayName.prefix(2)), accessibleName: dayName) {}
            toggle.show(trained.contains(day))
            days[day] = toggle
            toggles.append(toggle.widget)
        }
        adw_preferences_group_add(cast(dayGroup), Build.flow(toggles, spacing: 4))

        exercisesGroup = Rows.group(messages("Exercises"))
        let settings = Rows.group(messages("Settings"))
        var groups = [about, dayGroup]
        switch workout.kind {
        case .strength:
            let add = Build.button(messages("Add exercise")) { [unowned self] in
                var exercises = collectedExercises()
                exercises.append(Exercise(name: messages("Exercise {n}", ["n": "\(exercises.count + 1)"]), sets: 3, reps: 10, rest: [90, 90, 90]))
                showExercises(exercises)
                // The keyboard goes on to the new exercise's name (scrolled into sight).
                if let last = exerciseRows.last { gtk_widget_grab_focus(last.name) }
            }
            adw_preferences_group_set_header_suffix(cast(exercisesGroup), add)
            groups.append(exercisesGroup)
        case .hiit(let plan):
            intervalSpins = [Rows.spin(messages("Rounds"), Limits.hiitRounds) { [unowned self] _ in update() },
                             Rows.spin(messages("Work seconds"), 1...3600) { [unowned self] _ in update() },
                             Rows.spin(messages("Rest seconds"), 0...3600) { [unowned self] _ in update() }]
            zip(intervalSpins, [plan.rounds, Int(plan.work), Int(plan.rest)]).forEach { $0.show($1) }
            groups.append(settings)
        case .walkRun(let plan):
            intervalSpins = [Rows.spin(messages("Run seconds"), 1...7200) { [unowned self] _ in update() },
                             Rows.spin(messages("Walk seconds"), 1...7200) { [unowned self] _ in update() },
                             Rows.spin(messages("Repeats"), Limits.walkRunRepeats) { [unowned self] _ in update() }]
            zip(intervalSpins, [Int(plan.run), Int(plan.walk), plan.repeats]).forEach { $0.show($1) }
            groups.append(settings)
        }
        let labels = workout.kind.isHIIT ? [messages("Rounds"), messages("Work seconds"), messages("Rest seconds")]
            : [messages("Run seconds"), messages("Walk seconds"), messages("Repeats")]
        for (spin, label) in zip(intervalSpins, labels) { Rows.add([Rows.action(label, suffixes: [spin.widget])], to: settings) }

        let actions = Rows.group(messages("Workout"))
        var buttons = [Build.button(messages("Save workout"), classes: ["suggested-action"]) { [unowned self] in save() }]
        if !isNew {
            buttons.append(Build.button(messages("Duplicate workout")) { [unowned self] in duplicate() })
            buttons.append(Build.button(messages("Delete workout"), classes: ["destructive-action"]) { [unowned owner] in owner.delete(workout.name) })
        }
        adw_preferences_group_add(cast(actions), Build.flow(buttons, spacing: 6))
        groups.append(actions)
        for group in groups { adw_preferences_page_add(cast(page), cast(group)) }
        if case .strength(let exercises) = workout.kind { showExercises(exercises) }
        update()
    }

    private static func entry(_ accessibleName: String, _ text: String) -> Widget {
        let entry = gtk_entry_new()!
        entry.setAccessibleName(accessibleName)
        gtk_editable_set_text(OpaquePointer(entry), text)
        gtk_editable_set_width_chars(OpaquePointer(entry), 14)
        return entry
    }

    // MARK: Exercises

    /// The exercise rows anew for `exercises`, in order.
    private func showExercises(_ exercises: [Exercise]) {
        for row in exerciseRows { adw_preferences_group_remove(cast(exercisesGroup), row.row) }
        exerciseRows = []
        for (index, exercise) in exercises.enumerated() {
            let number = "\(index + 1)"
            let n = ["n": number]
            let row = adw_expander_row_new()!
            adw_preferences_row_set_title(cast(row), "\(number). \(exercise.name)")
            adw_expander_row_set_expanded(cast(row), 1)
            let name = Self.entry(messages("Exercise {n} name", n), exercise.name)
            let sets = Rows.spin(messages("Exercise {n} sets", n), 1...50) { [unowned self] _ in update() }
            let reps = Rows.spin(messages("Exercise {n} reps", n), 0...1000) { [unowned self] _ in update() }
            let rest = Rows.spin(messages("Exercise {n} rest in seconds", n), 0...3600) { [unowned self] _ in update() }
            let weight = gtk_spin_button_new_with_range(0, 2000, 2.5)!
            weight.setAccessibleName(messages("Exercise {n} weight", n))
            gtk_spin_button_set_digits(cast(weight), 1)
            sets.show(exercise.sets)
            reps.show(exercise.reps ?? 0)
            rest.show(Int(exercise.rest.first ?? 90))
            gtk_spin_button_set_value(cast(weight), exercise.weight ?? 0)
            let unit = exercise.weightUnit.rawValue
            let up = Build.button(messages("Up"), accessibleName: messages("Move exercise {n} up", n)) { [unowned self] in move(index, to: index - 1) }
            let down = Build.button(messages("Down"), accessibleName: messages("Move exercise {n} down", n)) { [unowned self] in move(index, to: index + 1) }
            let remove = Build.button(messages("Remove"), accessibleName: messages("Remove exercise {n}", n)) { [unowned self] in
                var list = collectedExercises()
                list.remove(at: index)
                showExercises(list)
            }
            up.setSensitive(index > 0)
            down.setSensitive(index < exercises.count - 1)
            for (title, suffix) in [(messages("Name"), name), (messages("Sets"), sets.widget), (messages("Reps (0: none)"), reps.widget),
                                    (messages("Weight in {unit} (0: none)", ["unit": unit]), weight),
                                    (messages("Rest after each set, seconds"), rest.widget)] {
                adw_expander_row_add_row(cast(row), Rows.action(title, suffixes: [suffix]))
            }
            adw_expander_row_add_row(cast(row), Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 6, [up, down, remove]).margins(6))
            // The pointer's way: the handle dragged onto another exercise (its title or its settings).
            adw_expander_row_add_prefix(cast(row), DragAndDrop.handle(messages("Drag exercise {n}", n), index: index))
            DragAndDrop.target(row, index: index) { [unowned self] from, to in move(from, to: to) }
            adw_preferences_group_add(cast(exercisesGroup), row)
            exerciseRows.append((row, name, sets, reps, weight, rest))
        }
        kind = .strength(exercises: exercises)
        update()
    }

    /// The exercise at `index` taken out and put in at `place` (Up and Down: the place before or after).
    private func move(_ index: Int, to place: Int) {
        var list = collectedExercises()
        guard list.indices.contains(index), list.indices.contains(place), index != place else { return }
        list.insert(list.remove(at: index), at: place)
        showExercises(list)
        // The keyboard stays on the moved exercise.
        gtk_widget_grab_focus(exerciseRows[place].row)
    }

    /// The exercises as the rows say now (a per-set rest list stays while its first rest is unchanged).
    private func collectedExercises() -> [Exercise] {
        guard case .strength(let before) = kind else { return [] }
        return exerciseRows.enumerated().map { index, row in
            let old = before.indices.contains(index) ? before[index] : nil
            let sets = row.sets.value
            let rest = TimeInterval(row.rest.value)
            var rests = Array(repeating: rest, count: sets)
            if let old, old.rest.count == sets, old.rest.first == rest { rests = old.rest }
            let weight = gtk_spin_button_get_value(cast(row.weight))
            return Exercise(name: Rows.trimmed(Rows.text(of: row.name)), sets: sets,
                            reps: row.reps.value == 0 ? nil : row.reps.value, weight: weight == 0 ? nil : weight,
                            unit: old?.unit, rest: rests, body: old?.body, compound: old?.compound)
        }
    }

    // MARK: The whole workout

    /// The workout as the editor says now.
    private func edited() -> WorkoutKind {
        switch kind {
        case .strength: return .strength(exercises: collectedExercises())
        case .hiit:
            return .hiit(HIITPlan(rounds: intervalSpins[0].value, work: TimeInterval(intervalSpins[1].value), rest: TimeInterval(intervalSpins[2].value)))
        case .walkRun:
            return .walkRun(WalkRunPlan(run: TimeInterval(intervalSpins[0].value), walk: TimeInterval(intervalSpins[1].value), repeats: intervalSpins[2].value))
        }
    }

    /// The length, as edited.
    private func update() {
        length.setText(WorkoutText.length(edited(), messages))
    }

    private func save() {
        let newName = Rows.text(of: name)
        let workout = WorkoutDefinition(name: isNew ? newName : original.name, title: Rows.text(of: title), kind: edited())
        var edits: [WorkoutEdit] = isNew ? [.create(workout)] : [.update(workout)]
        if !isNew, newName != original.name { edits.append(.rename(from: original.name, to: newName)) }
        let program = owner.config.program
        for day in Weekday.allCases {  // week order: the file's [program] reads Monday first, every time
            guard let toggle = days[day] else { continue }
            if toggle.isOn, program[day] != newName || (!isNew && newName != original.name && program[day] == original.name) {
                edits.append(.programDay(day, workout: newName))
            } else if !toggle.isOn, !isNew, program[day] == original.name {
                edits.append(.programDay(day, workout: nil))
            }
        }
        if owner.change(edits) { owner.closeEditor() }
    }

    private func duplicate() {
        let copy = owner.freeName(original.name + " " + messages("copy"))
        if owner.change([.duplicate(original.name, as: copy, title: Rows.text(of: title) + " (" + messages("copy") + ")")]) {
            owner.closeEditor()
        }
    }
}

extension Rows {
    /// `text` without the blanks around it.
    static func trimmed(_ text: String) -> String {
        String(text.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }
}

extension WorkoutKind {
    var isHIIT: Bool { if case .hiit = self { true } else { false } }
}
