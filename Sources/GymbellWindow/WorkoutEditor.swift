import FoundationEssentials
import GymbellCore

/// One workout's editor (a subpage of the Workouts window): its name and title, the days the programme
/// trains it, and its kind's settings — a strength workout's exercises in order, by reps or timed, in
/// supersets or alone (ExerciseList), a HIIT's rounds, work and rest and its optional exercise names, a
/// walk/run's run, walk and repeats, a circuit's rounds, rests and stations (StationList), an AMRAP's
/// time cap and stations — with its length and timeline shown as it is edited. "Save" writes it all as
/// one change, keeping what the editor does not show (get-ready, warm-up and cool-down, a station's
/// weight, an exercise's unit, body, compound and warm-up).
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
        name = Entry(accessibleName: messages("Workout name"), text: workout.name, widthChars: 14)
        title = Entry(accessibleName: messages("Workout title"), text: workout.title, widthChars: 14)
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
        case .strength(let exercises):
            let list = ExerciseList(exercises, messages: messages) { [unowned self] in update() }
            exerciseList = list
            groups.append(list.group)
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
        case .amrap(let plan):
            groups.append(settings([(messages("Time cap, minutes"), 1...120, Int((plan.cap / 60).rounded()))],
                                   description: messages("As many rounds as possible; Done counts a round")))
            groups.append(list(.stations, messages("Stations"), plan.stations))
        }
        var buttons = [Button(messages("Save workout"), classes: ["suggested-action"]) { [unowned self] in save() }]
        if !isNew {
            buttons.append(Button(messages("Duplicate workout")) { [unowned self] in duplicate() })
            buttons.append(Button(messages("Delete workout"), classes: ["destructive-action"]) { actions.delete(workout.name) })
        }
        let workoutGroup = PreferencesGroup(messages("Workout"))
        workoutGroup.add(FlowBox(buttons, spacing: 6))
        for group in groups + [workoutGroup] { page.add(group) }
        update()
    }

    /// An interval workout's settings: a spin button each (its label, its range, its value).
    private func settings(_ spins: [(label: String, range: ClosedRange<Int>, value: Int)], description: String? = nil) -> PreferencesGroup {
        let group = PreferencesGroup(messages("Settings"), description: description)
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

    /// The length, as edited.
    private func update() {
        let kind = edited()
        length.text = WorkoutText.length(kind, frame: original.frame, messages)
        switch kind {
        case .circuit, .amrap:
            timeline.text = WorkoutSummary.lines(of: WorkoutDefinition(name: original.name, title: title.text, kind: kind, frame: original.frame),
                                                 messages: messages).joined(separator: "\n")
        case .strength(let exercises):
            timeline.text = WorkoutSummary.strength(exercises, messages: messages).joined(separator: "\n")
        case .hiit, .walkRun:
            timeline.text = ""
        }
        timeline.isVisible = !timeline.text.isEmpty
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
