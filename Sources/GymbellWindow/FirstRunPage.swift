import GymbellCore

/// The welcome, shown when no config file exists (the user's or a system one): the training days and
/// the reminder's time, one of the three workout templates or just reminders, and start at login.
/// Finish hands the choices to the window, which writes the config and starts the daemon.
final class FirstRunPage {
    let widget: Scrolled
    private let days: [Weekday: ToggleButton]
    private let hour: SpinButton
    private let minute: SpinButton
    private var templates: [(template: WorkoutTemplate?, button: CheckButton)] = []
    private let login: CheckButton
    private let finish: Button

    init(messages: Messages, weekdayName: (Weekday) -> String, onFinish: @escaping (FirstRunChoices, _ startAtLogin: Bool) -> Void) {
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

        let options: [(WorkoutTemplate?, String)] = [
            (.push, messages("Push Day")), (.pull, messages("Pull Day")), (.legs, messages("Leg Day")), (nil, messages("Just reminders")),
        ]
        for (template, label) in options {
            let button = CheckButton(label)
            if let first = templates.first?.button { button.join(first) }
            templates.append((template, button))
        }
        templates[0].button.isOn = true

        login = CheckButton(messages("Start gymbell at login"), on: true)
        finish = Button(messages("Finish"), classes: ["suggested-action", "pill"], accessibleName: messages("Finish the welcome"))
        let column = Box(.vertical, spacing: 12, [
            title, intro,
            Label(messages("Training days"), classes: ["heading"]), FlowBox(dayButtons, spacing: 4),
            Label(messages("Reminder time"), classes: ["heading"]), time,
            Label(messages("Workout"), classes: ["heading"]), FlowBox(templates.map(\.button), spacing: 8),
            login.centered(), finish.centered(),
        ])
        widget = Scrolled(column.margins(12).centered())
        finish.onClicked { [unowned self] in onFinish(choices(), login.isOn) }
    }

    private func choices() -> FirstRunChoices {
        let template = templates.first { $0.button.isOn }?.template
        let time = LocalTime(hour: hour.value, minute: minute.value) ?? LocalTime(hour: 18, minute: 0)!
        return FirstRunChoices(days: Set(days.filter { $0.value.isOn }.map(\.key)), time: .at(time), template: template)
    }

    func setBusy(_ busy: Bool) { finish.isSensitive = !busy }
}
