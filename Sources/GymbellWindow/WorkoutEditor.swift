import FoundationEssentials
import GymbellCore

/// One workout's editor (a subpage of the Workouts window): its name and title, the days the programme
/// trains it, and its kind's settings — a strength workout's exercises in order (moved up and down with
/// buttons a keyboard reaches, or dragged by their handle onto another exercise's place), a HIIT's
/// rounds, work and rest and its optional exercise names, a walk/run's run, walk and repeats, a
/// circuit's rounds, rests and stations (StationList) — with its length and timeline shown as it is
/// edited. "Save" writes it all as one change, keeping what the editor does not show (get-ready,
/// warm-up and cool-down, a station's weight).
final class WorkoutEditor {
    /// What the editor may do.
    struct Actions {
        /// Writes these edits into the config file (the window closes the editor once they are written).
        let save: ([WorkoutEdit]) -> Void
        /// Back to the list, unsaved.
        let close: () -> Void
        /// Deletes the workout of this name (asking first where the programme trains it).
        let delete: (String) -> Void
        /// The config as the window has it now: the programme's days, the names taken.
        let config: () -> Config
    }

    /// One exercise's row and its controls.
    private struct ExerciseRow {
        let row: ExpanderRow
        let name: Entry
        let sets: SpinButton
        let reps: SpinButton
        let weight: SpinButton
        let rest: SpinButton
    }

    let widget: Box
    private let messages: Messages
    private let actions: Actions
    private let original: WorkoutDefinition
    private let isNew: Bool
    private var kind: WorkoutKind
    private let name: Entry
    private let title: Entry
    /// The length (a HIIT's or walk/run's timeline) in large type, as it is edited.
    private let length = Label("", classes: ["title-3"]).marginTop(12)
    /// A circuit's timeline in words as it is edited ("3 rounds: Push-ups 10 reps, Plank 30 s").
    private let timeline = Label("", classes: ["dim-label"])
    /// A circuit's stations, or a HIIT's exercise names.
    private var stationList: StationList?
    private var days: [Weekday: ToggleButton] = [:]
    private let exercisesGroup: PreferencesGroup
    private var exerciseRows: [ExerciseRow] = []
    private var intervalSpins: [SpinButton] = []

    init(_ workout: WorkoutDefinition, isNew: Bool, text: TodayText, actions: Actions) {
        let messages = text.messages
        self.messages = messages
        self.actions = actions
        original = workout
        self.isNew = isNew
        kind = workout.kind
        name = Entry(accessibleName: messages("Workout name"), text: workout.name, widthChars: 14)
        title = Entry(accessibleName: messages("Workout title"), text: workout.title, widthChars: 14)
        exercisesGroup = PreferencesGroup(messages("Exercises"))
        let page = PreferencesPage().expandingVertically()
        let header = HeaderBar(start: [Button(messages("Back"), clicked: actions.close)],
                               title: Label(isNew ? messages("New workout") : workout.title, classes: ["heading"], wrap: false))
        widget = Box(.vertical, spacing: 0, [header, page])

        let about = PreferencesGroup(WorkoutsPage.kindName(workout.kind, messages))
        about.add([ActionRow(messages("Name"), subtitle: messages("How the programme names it"), suffixes: [name]),
                   ActionRow(messages("Title"), subtitle: messages("What reminders say"), suffixes: [title]), length, timeline])
        let trained = Set(WorkoutEdit.days(using: workout.name, in: actions.config()))
        for day in Weekday.allCases {
            let dayName = text.weekday(day)
            days[day] = ToggleButton(String(dayName.prefix(2)), accessibleName: dayName, on: trained.contains(day))
        }
        let dayGroup = PreferencesGroup(messages("Days"), description: messages("The weekdays the programme trains it"))
        dayGroup.add(FlowBox(Weekday.allCases.compactMap { days[$0] }, spacing: 4))

        var groups = [about, dayGroup]
        switch workout.kind {
        case .strength:
            exercisesGroup.setHeaderSuffix(Button(messages("Add exercise")) { [unowned self] in addExercise() })
            groups.append(exercisesGroup)
        case .hiit(let plan):
            groups.append(settings([(messages("Rounds"), Limits.hiitRounds, plan.rounds), (messages("Work seconds"), 1...3600, Int(plan.work)),
                                    (messages("Rest seconds"), 0...3600, Int(plan.rest))]))
            groups.append(list(.names, messages("Exercise names"), plan.exercises ?? [],
                               description: messages("Optional: the work intervals name them in turn")))
        case .walkRun(let plan):
            groups.append(settings([(messages("Run seconds"), 1...7200, Int(plan.run)), (messages("Walk seconds"), 1...7200, Int(plan.walk)),
                                    (messages("Repeats"), Limits.walkRunRepeats, plan.repeats)]))
        case .circuit(let plan):
            groups.append(settings([(messages("Rounds"), Limits.circuitRounds, plan.rounds),
                                    (messages("Rest between stations, seconds"), 0...3600, Int(plan.rest)),
                                    (messages("Rest between rounds, seconds"), 0...3600, Int(plan.roundRest))]))
            groups.append(list(.stations, messages("Stations"), plan.stations))
        case .amrap:
            let steps = PreferencesGroup(messages("Steps"), description: WorkoutSummary.lines(of: workout, messages: messages).joined(separator: "\n"))
            groups.append(steps)
        }
        var buttons = [Button(messages("Save workout"), classes: ["suggested-action"]) { [unowned self] in save() }]
        if !isNew {
            buttons.append(Button(messages("Duplicate workout")) { [unowned self] in duplicate() })
            buttons.append(Button(messages("Delete workout"), classes: ["destructive-action"]) { actions.delete(workout.name) })
        }
        let workoutGroup = PreferencesGroup(messages("Workout"))
        workoutGroup.add(FlowBox(buttons, spacing: 6))
        for group in groups + [workoutGroup] { page.add(group) }
        if case .strength(let exercises) = workout.kind { showExercises(exercises) }
        update()
    }

    /// An interval workout's settings: a spin button each (its label, its range, its value).
    private func settings(_ spins: [(label: String, range: ClosedRange<Int>, value: Int)]) -> PreferencesGroup {
        let group = PreferencesGroup(messages("Settings"))
        for spin in spins {
            let button = SpinButton(spin.label, spin.range)
            button.show(spin.value)
            button.onChanged { [unowned self] in update() }
            intervalSpins.append(button)
            group.add(ActionRow(spin.label, suffixes: [button]))
        }
        return group
    }

    private func list(_ flavor: StationList.Flavor, _ title: String, _ stations: [Station], description: String? = nil) -> PreferencesGroup {
        let list = StationList(flavor, title: title, description: description, stations: stations, messages: messages) { [unowned self] in update() }
        stationList = list
        return list.group
    }

    // MARK: Exercises

    private func addExercise() {
        var exercises = collectedExercises()
        exercises.append(Exercise(name: messages("Exercise {n}", ["n": "\(exercises.count + 1)"]), sets: 3, reps: 10, rest: [90, 90, 90]))
        showExercises(exercises)
        // The keyboard goes on to the new exercise's name (scrolled into sight).
        exerciseRows.last?.name.grabFocus()
    }

    /// The exercise rows anew for `exercises`, in order.
    private func showExercises(_ exercises: [Exercise]) {
        exercisesGroup.remove(exerciseRows.map(\.row))
        exerciseRows = []
        for (index, exercise) in exercises.enumerated() {
            let n = ["n": "\(index + 1)"]
            let row = ExpanderRow("\(index + 1). \(exercise.name)", expanded: true)
            let controls = ExerciseRow(
                row: row, name: Entry(accessibleName: messages("Exercise {n} name", n), text: exercise.name, widthChars: 14),
                sets: SpinButton(messages("Exercise {n} sets", n), 1...50), reps: SpinButton(messages("Exercise {n} reps", n), 0...1000),
                weight: SpinButton(messages("Exercise {n} weight", n), 0...2000, step: 2.5, digits: 1),
                rest: SpinButton(messages("Exercise {n} rest in seconds", n), 0...3600))
            controls.sets.show(exercise.sets)
            controls.reps.show(exercise.reps ?? 0)
            controls.rest.show(Int(exercise.rest.first ?? 90))
            controls.weight.show(number: exercise.weight ?? 0)
            for spin in [controls.sets, controls.reps, controls.rest] { spin.onChanged { [unowned self] in update() } }
            let up = Button(messages("Up"), accessibleName: messages("Move exercise {n} up", n)) { [unowned self] in move(index, to: index - 1) }
            let down = Button(messages("Down"), accessibleName: messages("Move exercise {n} down", n)) { [unowned self] in move(index, to: index + 1) }
            let remove = Button(messages("Remove"), accessibleName: messages("Remove exercise {n}", n)) { [unowned self] in
                var list = collectedExercises()
                list.remove(at: index)
                showExercises(list)
            }
            up.isSensitive = index > 0
            down.isSensitive = index < exercises.count - 1
            let unit = exercise.weightUnit.rawValue
            row.add([(messages("Name"), controls.name as Widget), (messages("Sets"), controls.sets), (messages("Reps (0: none)"), controls.reps),
                     (messages("Weight in {unit} (0: none)", ["unit": unit]), controls.weight),
                     (messages("Rest after each set, seconds"), controls.rest)].map { ActionRow($0.0, suffixes: [$0.1]) })
            row.add([Box(.horizontal, spacing: 6, [up, down, remove]).margins(6)])
            // The pointer's way: the handle dragged onto another exercise (its title or its settings).
            row.addPrefix(DragAndDrop.handle(messages("Drag exercise {n}", n), index: index))
            DragAndDrop.target(row, index: index) { [unowned self] from, to in move(from, to: to) }
            exercisesGroup.add(row)
            exerciseRows.append(controls)
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
        exerciseRows[place].row.grabFocus()
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
            let weight = row.weight.number
            return Exercise(name: row.name.trimmedText, sets: sets,
                            reps: row.reps.value == 0 ? nil : row.reps.value, weight: weight == 0 ? nil : weight,
                            unit: old?.unit, rest: rests, body: old?.body, compound: old?.compound)
        }
    }

    // MARK: The whole workout

    /// The workout as the editor says now.
    private func edited() -> WorkoutKind {
        switch kind {
        case .strength: return .strength(exercises: collectedExercises())
        case .hiit(let plan):
            let names = stationList?.stations ?? plan.exercises ?? []
            return .hiit(HIITPlan(
                rounds: intervalSpins[0].value, work: TimeInterval(intervalSpins[1].value), rest: TimeInterval(intervalSpins[2].value),
                exercises: names.isEmpty ? nil : names))
        case .walkRun:
            return .walkRun(WalkRunPlan(run: TimeInterval(intervalSpins[0].value), walk: TimeInterval(intervalSpins[1].value), repeats: intervalSpins[2].value))
        case .circuit(let plan):
            return .circuit(CircuitPlan(
                rounds: intervalSpins[0].value, stations: stationList?.stations ?? plan.stations, rest: TimeInterval(intervalSpins[1].value),
                roundRest: TimeInterval(intervalSpins[2].value)))
        case .amrap:
            return kind
        }
    }

    /// The length, as edited.
    private func update() {
        let kind = edited()
        length.text = WorkoutText.length(kind, frame: original.frame, messages)
        if case .circuit = kind {
            timeline.text = WorkoutSummary.lines(of: WorkoutDefinition(name: original.name, title: title.text, kind: kind, frame: original.frame),
                                                 messages: messages).joined(separator: "\n")
        }
        timeline.isVisible = { if case .circuit = kind { true } else { false } }()
    }

    private func save() {
        let newName = name.text
        let workout = WorkoutDefinition(name: isNew ? newName : original.name, title: title.text, kind: edited(), frame: original.frame)
        var edits: [WorkoutEdit] = isNew ? [.create(workout)] : [.update(workout)]
        if !isNew, newName != original.name { edits.append(.rename(from: original.name, to: newName)) }
        let program = actions.config().program
        for day in Weekday.allCases {  // week order: the file's [program] reads Monday first, every time
            guard let toggle = days[day] else { continue }
            if toggle.isOn, program[day] != newName || (!isNew && newName != original.name && program[day] == original.name) {
                edits.append(.programDay(day, workout: newName))
            } else if !toggle.isOn, !isNew, program[day] == original.name {
                edits.append(.programDay(day, workout: nil))
            }
        }
        actions.save(edits)
    }

    private func duplicate() {
        let copy = actions.config().freeWorkoutName(original.name + " " + messages("copy"))
        actions.save([.duplicate(original.name, as: copy, title: title.text + " (" + messages("copy") + ")")])
    }
}
