import FoundationEssentials
import GymbellCore

/// One workout's editor (a subpage of the Workouts window): its one name (the config key is derived
/// from it once, in Core, and kept when the name changes), the days the programme
/// trains it, and its kind's settings — a strength workout's exercises in order, by reps or timed, in
/// supersets or alone (ExerciseList), a HIIT's rounds, work and rest and its optional exercise names, a
/// walk/run's run, walk and repeats, a circuit's rounds, rests and stations (StationList), an AMRAP's
/// time cap and stations — with its length and timeline shown as it is edited. "Save" writes it all as
/// one change, keeping what the editor does not show (get-ready, warm-up and cool-down, a station's
/// weight, an exercise's unit, body, compound and warm-up). What is wrong (WorkoutCheck) is shown at
/// its field as it is edited, and Save waits until it is right; a weekday another workout has is asked.
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
        /// Asks whether this workout replaces `other` on `day` (a day trains one workout); `answer`
        /// gets true to replace it.
        let askReplace: (_ day: Weekday, _ other: WorkoutDefinition, _ answer: @escaping (Bool) -> Void) -> Void
    }

    let widget: Box
    private let messages: Messages
    private let actions: Actions
    private let original: WorkoutDefinition
    private let isNew: Bool
    private var kind: WorkoutKind
    /// The one name: what reminders, the lists and the programme say.
    private let name: Entry
    private let nameRow: ActionRow
    private let nameHint: String
    /// The editor's title: the workout's name as it is typed.
    private let heading: Label
    private var settingRows: [WorkoutProblem.Setting: ActionRow] = [:]
    private let saveButton: Button
    /// Why Save waits, next to it.
    private let problemsLabel = Label("", classes: ["error"])
    /// The length (a HIIT's or walk/run's timeline) in large type, as it is edited.
    private let length = Label("", classes: ["title-3"]).marginTop(12)
    /// A circuit's timeline in words as it is edited ("3 rounds: Push-ups 10 reps, Plank 30 s").
    private let timeline = Label("", classes: ["dim-label"])
    /// A circuit's stations, or a HIIT's exercise names.
    private var stationList: StationList?
    private var days: [Weekday: ToggleButton] = [:]
    /// A strength workout's exercises.
    private var exerciseList: ExerciseList?
    private var intervalSpins: [SpinButton] = []

    init(_ workout: WorkoutDefinition, isNew: Bool, text: TodayText, actions: Actions) {
        let messages = text.messages
        self.messages = messages
        self.actions = actions
        original = workout
        self.isNew = isNew
        kind = workout.kind
        name = Entry(accessibleName: messages("Workout name"), text: workout.title, widthChars: 14)
        nameHint = messages("What reminders and the programme call it")
        nameRow = ActionRow(messages("Name"), subtitle: nameHint, suffixes: [name])
        heading = Label(workout.title, classes: ["heading"], wrap: false).ellipsized()
        saveButton = Button(messages("Save workout"), classes: ["suggested-action"])
        let page = PreferencesPage().expandingVertically()
        let header = HeaderBar(start: [Button(messages("Back"), clicked: actions.close)], title: heading)
        widget = Box(.vertical, spacing: 0, [header, page])

        let about = PreferencesGroup(WorkoutsPage.kindName(workout.kind, messages))
        about.add([nameRow, length, timeline])
        let trained = Set(isNew ? [] : WorkoutEdit.days(using: workout.name, in: actions.config()))
        for day in Weekday.allCases {
            let dayName = text.weekday(day)
            let toggle = ToggleButton(String(dayName.prefix(2)), accessibleName: dayName, on: trained.contains(day))
            toggle.onToggled { [unowned self, unowned toggle] in if toggle.isOn { ticked(day, toggle) } }
            days[day] = toggle
        }
        let dayGroup = PreferencesGroup(messages("Days"), description: messages("The weekdays the programme trains it"))
        dayGroup.add(FlowBox(Weekday.allCases.compactMap { days[$0] }, spacing: 4))

        var groups = [about, dayGroup]
        switch workout.kind {
        case .strength(let exercises):
            let list = ExerciseList(exercises, messages: messages) { [unowned self] in update() }
            exerciseList = list
            groups.append(list.group)
        case .hiit(let plan):
            groups.append(settings([(.rounds, messages("Rounds"), Limits.hiitRounds, plan.rounds), (.work, messages("Work seconds"), 1...3600, Int(plan.work)),
                                    (.rest, messages("Rest seconds"), 0...3600, Int(plan.rest))]))
            groups.append(list(.names, messages("Exercise names"), plan.exercises ?? [],
                               description: messages("Optional: the work intervals name them in turn")))
        case .walkRun(let plan):
            groups.append(settings([(.run, messages("Run seconds"), 1...7200, Int(plan.run)), (.walk, messages("Walk seconds"), 1...7200, Int(plan.walk)),
                                    (.repeats, messages("Repeats"), Limits.walkRunRepeats, plan.repeats)]))
        case .circuit(let plan):
            groups.append(settings([(.rounds, messages("Rounds"), Limits.circuitRounds, plan.rounds),
                                    (.rest, messages("Rest between stations, seconds"), 0...3600, Int(plan.rest)),
                                    (.roundRest, messages("Rest between rounds, seconds"), 0...3600, Int(plan.roundRest))]))
            groups.append(list(.stations, messages("Stations"), plan.stations))
        case .amrap(let plan):
            groups.append(settings([(.cap, messages("Time cap, minutes"), 1...120, Int((plan.cap / 60).rounded()))],
                                   description: messages("As many rounds as possible; Done counts a round")))
            groups.append(list(.stations, messages("Stations"), plan.stations))
        }
        saveButton.onClicked { [unowned self] in save() }
        name.onChanged { [unowned self] in update() }
        var buttons = [saveButton]
        if !isNew {
            buttons.append(Button(messages("Duplicate workout")) { [unowned self] in duplicate() })
            buttons.append(Button(messages("Delete workout"), classes: ["destructive-action"]) { actions.delete(workout.name) })
        }
        let workoutGroup = PreferencesGroup(messages("Workout"))
        workoutGroup.add(FlowBox(buttons, spacing: 6))
        workoutGroup.add(problemsLabel)
        for group in groups + [workoutGroup] { page.add(group) }
        update()
    }

    /// An interval workout's settings: a spin button each (its label, its range, its value).
    private func settings(_ spins: [(setting: WorkoutProblem.Setting, label: String, range: ClosedRange<Int>, value: Int)],
                          description: String? = nil) -> PreferencesGroup {
        let group = PreferencesGroup(messages("Settings"), description: description)
        for spin in spins {
            let button = SpinButton(spin.label, spin.range)
            button.show(spin.value)
            button.onChanged { [unowned self] in update() }
            intervalSpins.append(button)
            let row = ActionRow(spin.label, suffixes: [button])
            settingRows[spin.setting] = row
            group.add(row)
        }
        return group
    }

    private func list(_ flavor: StationList.Flavor, _ title: String, _ stations: [Station], description: String? = nil) -> PreferencesGroup {
        let list = StationList(flavor, title: title, description: description, stations: stations, messages: messages) { [unowned self] in update() }
        stationList = list
        return list.group
    }

    // MARK: The whole workout

    /// The workout as the editor says now.
    private func edited() -> WorkoutKind {
        switch kind {
        case .strength: return .strength(exercises: exerciseList?.exercises ?? [])
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
        case .amrap(let plan):
            // A cap of whole minutes as the file gave it while its minutes are unchanged ("12m30s" stays).
            let minutes = intervalSpins[0].value
            return .amrap(AmrapPlan(cap: minutes == Int((plan.cap / 60).rounded()) ? plan.cap : TimeInterval(minutes * 60),
                                    stations: stationList?.stations ?? plan.stations))
        }
    }

    /// The length, the timeline and what is wrong, as edited; Save only while nothing is.
    private func update() {
        let kind = edited()
        let workout = WorkoutDefinition(name: original.name, title: WorkoutNames.trimmed(name.text), kind: kind, frame: original.frame)
        heading.text = workout.title.isEmpty ? messages("New workout") : workout.title
        length.text = WorkoutLength.text(workout, messages)
        switch kind {
        case .circuit, .amrap:
            timeline.text = WorkoutSummary.lines(of: workout, messages: messages).joined(separator: "\n")
        case .strength(let exercises):
            timeline.text = WorkoutSummary.strength(exercises, messages: messages).joined(separator: "\n")
        case .hiit, .walkRun:
            timeline.text = ""
        }
        timeline.isVisible = !timeline.text.isEmpty
        showProblems(WorkoutCheck.problems(name: name.text, key: isNew ? nil : original.name, kind: kind, in: actions.config(), messages: messages))
    }

    private func showProblems(_ problems: [WorkoutProblem]) {
        nameRow.showProblems(problems.sentences(at: .name), usual: nameHint)
        for (setting, row) in settingRows { row.showProblems(problems.sentences(at: .setting(setting))) }
        exerciseList?.show(problems: problems.byItem)
        stationList?.show(problems: problems.byItem)
        var summary = problems.sentences(at: .list)
        if summary.count < problems.count { summary.append(messages("Fix the marked fields to save the workout.")) }
        problemsLabel.text = summary.joined(separator: "\n")
        problemsLabel.isVisible = !summary.isEmpty
        saveButton.isSensitive = problems.isEmpty
    }

    /// A weekday ticked that trains another workout: asked whether this one replaces it (a day trains
    /// one workout), else untouched again.
    private func ticked(_ day: Weekday, _ toggle: ToggleButton) {
        let config = actions.config()
        guard let key = config.program[day], isNew || key != original.name, let other = config.workouts[key] else { return }
        actions.askReplace(day, other) { replace in if !replace { toggle.show(false) } }
    }

    private func save() {
        let config = actions.config()
        let kind = edited()
        let title = WorkoutNames.trimmed(name.text)
        let key = isNew ? WorkoutNames.key(for: title, taken: config.workouts.keys) : original.name
        guard WorkoutCheck.problems(name: title, key: isNew ? nil : key, kind: kind, in: config, messages: messages).isEmpty else { return update() }
        let workout = WorkoutDefinition(name: key, title: title, kind: kind, frame: original.frame)
        var edits: [WorkoutEdit] = isNew ? [.create(workout)] : [.update(workout)]
        for day in Weekday.allCases {  // week order: the file's [program] reads Monday first, every time
            guard let toggle = days[day] else { continue }
            if toggle.isOn, config.program[day] != key {
                edits.append(.programDay(day, workout: key))
            } else if !toggle.isOn, !isNew, config.program[day] == key {
                edits.append(.programDay(day, workout: nil))
            }
        }
        actions.save(edits)
    }

    /// A copy named "… (copy)" (a name no workout has), its key derived from that name.
    private func duplicate() {
        let config = actions.config()
        let title = WorkoutNames.freeName(WorkoutNames.trimmed(name.text) + " (" + messages("copy") + ")", in: config)
        actions.save([.duplicate(original.name, as: WorkoutNames.key(for: title, taken: config.workouts.keys), title: title)])
    }
}
