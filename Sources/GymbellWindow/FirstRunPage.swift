import GymbellCore

/// The welcome, shown when no config file exists (the user's or a system one): the training days and
/// the reminder's time, what the person trains with (issue 44) and from it a proposed week, one of its
/// workouts on every training day, or just reminders; and start at login. Finish hands the choices to
/// the window, which writes the config and starts the daemon. Every choice is a radio button in a
/// group: Tab reaches each group, the arrow keys and Space choose within it.
final class FirstRunPage {
    let widget: Scrolled
    private let messages: Messages
    private let weekdayName: (Weekday) -> String
    private let days: [Weekday: ToggleButton]
    private let hour: SpinButton
    private let minute: SpinButton
    private var equipment: [(equipment: Equipment, button: CheckButton)] = []
    private let proposed: CheckButton
    private var templates: [(template: WorkoutTemplate, button: CheckButton)] = []
    private let remindersOnly: CheckButton
    private let week: Label
    /// The workout choices one under another (those of other equipment hidden): a group of radios in a
    /// GtkFlowBox traps the keyboard (its focus handler claims Tab and the arrows even when no child
    /// takes the focus); in a column, Up and Down walk them in the order read.
    private let workouts: Box
    private let login: CheckButton
    private let finish: Button

    init(messages: Messages, weekdayName: @escaping (Weekday) -> String, onFinish: @escaping (FirstRunChoices, _ startAtLogin: Bool) -> Void) {
        self.messages = messages
        self.weekdayName = weekdayName
        let title = Label(messages("Welcome to gymbell"), classes: ["title-1"])
        let intro = Label(messages("Choose when gymbell reminds you to train. You can change all of it later in Preferences."), classes: ["dim-label"])
        let dayButtons = Weekday.allCases.map { day in
            ToggleButton(String(weekdayName(day).prefix(2)), accessibleName: weekdayName(day), on: ![.sat, .sun].contains(day))
        }
        days = Dictionary(uniqueKeysWithValues: zip(Weekday.allCases, dayButtons))
        hour = SpinButton(messages("Reminder hour"), 0...23)
        minute = SpinButton(messages("Reminder minute"), 0...59)
        hour.show(18)
        minute.show(0)
        let time = Box(.horizontal, spacing: 4, [hour, Label(":", wrap: false), minute]).centered()

        for item in Equipment.allCases {
            let button = CheckButton(Self.name(of: item, messages))
            if let first = equipment.first?.button { button.join(first) }
            equipment.append((item, button))
        }
        equipment[0].button.isOn = true
        proposed = CheckButton(messages("Proposed week"), on: true)
        for template in WorkoutTemplate.allCases {
            let button = CheckButton(WorkoutsPage.title(of: template, messages))
            button.join(proposed)
            templates.append((template, button))
        }
        remindersOnly = CheckButton(messages("Just reminders"))
        remindersOnly.join(proposed)
        week = Label("", classes: ["dim-label"])
        workouts = Box(.vertical, spacing: 2, [proposed] + templates.map(\.button) + [remindersOnly])
        let equipmentRows = Self.pairs(equipment.map(\.button))
        login = CheckButton(messages("Start gymbell at login"), on: true)
        finish = Button(messages("Finish"), classes: ["suggested-action", "pill"], accessibleName: messages("Finish the welcome"))
        let column = Box(.vertical, spacing: 12, [
            title, intro,
            Label(messages("Training days"), classes: ["heading"]), FlowBox(dayButtons, spacing: 4),
            Label(messages("Reminder time"), classes: ["heading"]), time,
            Label(messages("What do you train with?"), classes: ["heading"]),
            Box(.vertical, spacing: 2, equipmentRows).centered(),
            Label(messages("Workout"), classes: ["heading"]), workouts.centered(),
            week, login.centered(), finish.centered(),
        ])
        widget = Scrolled(column.margins(12).centered())
        finish.onClicked { [unowned self] in onFinish(choices(), login.isOn) }
        for (_, button) in equipment { button.onToggled { [unowned self] in update() } }
        for button in [proposed, remindersOnly] + templates.map(\.button) { button.onToggled { [unowned self] in update() } }
        for button in dayButtons { button.onToggled { [unowned self] in update() } }
        update()
    }

    private var chosenEquipment: Equipment { equipment.first { $0.button.isOn }?.equipment ?? .nothing }

    private var chosenDays: Set<Weekday> { Set(days.filter { $0.value.isOn }.map(\.key)) }

    /// The workouts offered are those of the equipment (a template of other equipment chosen before
    /// gives way to the proposed week); the week proposed is spelled out under them.
    private func update() {
        let offered = chosenEquipment.templates
        for (template, button) in templates {
            let shown = offered.contains(template)
            if !shown, button.isOn { proposed.isOn = true }
            button.isVisible = shown
        }
        let proposal = FirstRunWeek.propose(chosenEquipment, days: chosenDays)
        week.text = proposal.keys.sorted().map { day in
            messages("{day}: {workout}", ["day": String(weekdayName(day).prefix(3)), "workout": WorkoutsPage.title(of: proposal[day]!, messages)])
        }.joined(separator: " · ")
        week.isVisible = proposed.isOn && !proposal.isEmpty
    }

    /// Rows of two (it fits 360 px).
    private static func pairs(_ buttons: [Widget]) -> [Box] {
        stride(from: 0, to: buttons.count, by: 2).map { row in
            Box(.horizontal, spacing: 12, Array(buttons[row..<min(row + 2, buttons.count)]))
        }
    }

    private func choices() -> FirstRunChoices {
        let time = LocalTime(hour: hour.value, minute: minute.value) ?? LocalTime(hour: 18, minute: 0)!
        let plan: FirstRunPlan
        if let template = templates.first(where: { $0.button.isOn && chosenEquipment.templates.contains($0.template) })?.template {
            plan = .every(template)
        } else if remindersOnly.isOn {
            plan = .remindersOnly
        } else {
            plan = .week(chosenEquipment)
        }
        return FirstRunChoices(days: chosenDays, time: .at(time), plan: plan)
    }

    func setBusy(_ busy: Bool) { finish.isSensitive = !busy }

    static func name(of equipment: Equipment, _ messages: Messages) -> String {
        switch equipment {
        case .nothing: messages("Nothing but a mat")
        case .dumbbells: messages("Dumbbells")
        case .barbell: messages("Barbell and plates")
        case .kettlebell: messages("Kettlebell")
        }
    }
}
