import CAdw
import FoundationEssentials
import GymbellCore

/// Today: the next daily reminder, the streak and this week, and what can be started from here.
final class TodayPage {
    /// What the buttons ask for; the window sends it to the daemon.
    enum Request { case startWorkout, rest, snooze, skipToday, startNamed(String) }

    let widget: Widget
    private let when: Widget
    private let what: Widget
    private let preview: Widget
    private let streak: Widget
    private let week: Widget
    /// One button per HIIT or walk/run workout of the config, remade when the list changes.
    private let intervals: Widget
    private var intervalNames: [String] = []
    private let onRequest: (Request) -> Void

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        let heading = Build.label(messages("Next workout reminder"), classes: ["heading", "dim-label"])
        what = Build.label("", classes: ["title-1"])
        when = Build.label("", classes: ["title-3"])
        preview = Build.label("", classes: ["dim-label"])
        streak = Build.label("", classes: ["title-4"])
        week = Build.label("", classes: ["title-4"])
        let stats = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 4, [streak, week]).centered()

        let start = Build.button(messages("Start today's workout"), classes: ["suggested-action", "pill"]) { onRequest(.startWorkout) }
        let rest = Build.button(messages("Rest"), classes: ["pill"], accessibleName: messages("Start a rest")) { onRequest(.rest) }
        let snooze = Build.button(messages("Snooze"), classes: ["pill"], accessibleName: messages("Snooze the reminder")) { onRequest(.snooze) }
        let skip = Build.button(messages("Skip today"), classes: ["pill"]) { onRequest(.skipToday) }
        let more = Build.flow([rest, snooze, skip], spacing: 12, homogeneous: true)

        intervals = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12).centered()
        self.onRequest = onRequest
        let column = Build.box(GTK_ORIENTATION_VERTICAL, spacing: 12, [heading, what, when, preview, stats, start, more, intervals])
        gtk_widget_set_margin_top(stats, 12)
        gtk_widget_set_margin_top(start, 18)
        widget = Build.scrolled(column.margins(12).centered())
    }

    func show(_ snapshot: DaemonLink.Snapshot, text: TodayText, now: Date) {
        if let next = text.nextReminder(snapshot, now: now) {
            what.setText(next.what)
            when.setText(next.when)
            preview.setText(next.preview)
            preview.setVisible(true)
        } else {
            what.setText(text.messages("No reminder planned"))
            when.setText(text.messages("Daily reminders are off, or no day is set."))
            preview.setVisible(false)
        }
        if let stats = snapshot.stats {
            streak.setText(text.streak(stats))
            week.setText(text.week(stats))
        }
        streak.setVisible(snapshot.stats != nil)
        week.setVisible(snapshot.stats != nil)
        showIntervals(snapshot.intervalWorkouts, messages: text.messages)
    }

    private func showIntervals(_ workouts: [(name: String, title: String)], messages: Messages) {
        guard workouts.map(\.name) != intervalNames else { return }
        intervalNames = workouts.map(\.name)
        while let child = gtk_widget_get_first_child(intervals) { gtk_box_remove(cast(intervals), child) }
        for workout in workouts {
            let button = Build.button(workout.title, classes: ["pill"], accessibleName: messages("Start {workout}", ["workout": workout.title])) {
                [onRequest] in onRequest(.startNamed(workout.name))
            }
            gtk_box_append(cast(intervals), button)
        }
        intervals.setVisible(!workouts.isEmpty)
    }
}
