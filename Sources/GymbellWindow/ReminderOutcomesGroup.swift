import GymbellCore

/// Issue 47, row 3, in the window: what became of the daily reminders of the last 30 days, on the
/// Progress page — "18 reminders" over "12 started · 4 snoozed · 0 skipped · 2 ignored", and the
/// weekdays whose reminder is mostly snoozed (which `time = "auto"` and `gymbell suggest` follow).
/// The figures are the daemon's (`Stats`: `reminders`), as `gymbell stats` prints them.
final class ReminderOutcomesGroup {
    let group: PreferencesGroup
    private let row: ActionRow
    private let snoozing: ActionRow
    private let messages: Messages
    private let weekday: (Weekday) -> String

    init(messages: Messages, weekday: @escaping (Weekday) -> String) {
        self.messages = messages
        self.weekday = weekday
        group = PreferencesGroup(messages("Your reminders"), description: messages("What became of the daily reminders of the last 30 days."))
        row = ActionRow(messages("No reminder shown yet"))
        snoozing = ActionRow(messages("Mostly snoozed"))
        group.add([row, snoozing])
        snoozing.isVisible = false
    }

    /// `stats`: nil where the daemon told none (hidden then).
    func show(_ stats: ReminderStats?) {
        guard let stats else {
            group.isVisible = false
            return
        }
        group.isVisible = true
        guard stats.reminders > 0 else {
            row.title = messages("No reminder shown yet")
            row.subtitle = ""
            snoozing.isVisible = false
            return
        }
        row.title = messages("{n} reminder", plural: "{n} reminders", count: stats.reminders, ["n": "\(stats.reminders)"])
        row.subtitle = messages("{started} started · {snoozed} snoozed · {skipped} skipped · {ignored} ignored", [
            "started": "\(stats.started)", "snoozed": "\(stats.snoozed)", "skipped": "\(stats.skipped)", "ignored": "\(stats.ignored)"])
        let days = stats.snoozedWeekdays.compactMap(Weekday.init(rawValue:)).map(weekday)
        snoozing.isVisible = !days.isEmpty
        snoozing.subtitle = messages("{days}: the learned time moves towards when you start", ["days": days.joined(separator: ", ")])
    }
}
