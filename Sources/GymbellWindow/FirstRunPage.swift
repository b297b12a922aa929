import CAdw
import GymbellCore

/// The welcome, shown when no config file exists (the user's or a system one): the training days and
/// the reminder's time, one of the three workout templates or just reminders, and start at login.
/// Finish hands the choices to the window, which writes the config and starts the daemon.
final class FirstRunPage {
    let widget: Widget
    private var days: [Weekday: Toggle] = [:]
    private let hour: Spin
    private let minute: Spin
    private var templates: [(template: WorkoutTemplate?, button: Widget)] = []
    private let login: Widget
    private let finish: Widget

    init(messages: Messages, weekdayName: (Weekday) -> String, onFinish: @escaping (FirstRunChoices, _ startAtLogin: Bool) -> Void) {
        let title = Build.label(messages("Welcome to gymbell"), classes: ["title-1"])
        let intro = Build.label(messages("Choose when gymbell reminds you to train. You can change all of it later in Preferences."),
                                classes: ["dim-label"])
        var toggles: [Widget] = []
        for day in Weekday.allCases {
            let name = weekdayName(day)
            let toggle = Toggle(String(name.prefix(2)), accessibleName: name) {}
            toggle.show(![.sat, .sun].contains(day))
            days[day] = toggle
            toggles.append(toggle.widget)
        }
        hour = Rows.spin(messages("Reminder hour"), 0...23) { _ in }
        minute = Rows.spin(messages("Reminder minute"), 0...59) { _ in }
        hour.show(18)
        minute.show(0)
        let time = Build.box(GTK_ORIENTATION_HORIZONTAL, spacing: 4, [hour.widget, Build.label(":", wrap: false), minute.widget]).centered()

        let options: [(WorkoutTemplate?, String)] = [
            (.push, messages("Push Day")), (.pull, messages("Pull Day")), (.legs, messages("Leg Day")), (nil, messages("Just reminders")),
        ]
        var first: Widget?
        for (template, label) in options {
            let button = gtk_check_button_new_with_label(label)!
            if let first { gtk_check_button_set_group(cast(button), cast(first)) }
            first = first ?? button
            templates.append((template, button))
        }
        gtk_check_button_set_active(cast(templates[0].button), 1)
        let templateBox = Build.flow(templates.map(\.button), spacing: 8)

        login = gtk_check_button_new_with_label(messages("Start gymbell at login"))!
        gtk_check_button_set_active(cast(login), 1)
        finish = Build.button(messages("Finish"), classes: ["suggested-action", "pill"], accessibleName: messages("Finish the welcome")) {}
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [
            title, intro,
            Build.label(messages("Training days"), classes: ["heading"]), Build.flow(toggles, spacing: 4),
            Build.label(messages("Reminder time"), classes: ["heading"]), time,
            Build.label(messages("Workout"), classes: ["heading"]), templateBox,
            login.centered(), finish.centered(),
        ])
        widget = Build.scrolled(column.margins(12).centered())
        onSignal(finish, "clicked") { [unowned self] in onFinish(choices(), gtk_check_button_get_active(cast(login)) != 0) }
    }

    private func choices() -> FirstRunChoices {
        let template = templates.first { gtk_check_button_get_active(cast($0.button)) != 0 }?.template
        let time = LocalTime(hour: hour.value, minute: minute.value) ?? LocalTime(hour: 18, minute: 0)!
        return FirstRunChoices(days: Set(days.filter { $0.value.isOn }.map(\.key)), time: .at(time), template: template)
    }

    func setBusy(_ busy: Bool) { finish.setSensitive(!busy) }
}
