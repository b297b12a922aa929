import FoundationEssentials
import GymbellCore

/// Today: the next daily reminder, the streak and this week, and what can be started from here.
final class TodayPage {
    /// What the buttons ask for; the window sends it to the daemon.
    enum Request { case startWorkout, rest, snooze, skipToday, startNamed(String) }

    let widget: Scrolled
    private let when = Label("", classes: ["title-3"])
    private let what = Label("", classes: ["title-1"])
    private let preview = Label("", classes: ["dim-label"])
    private let streak = Label("", classes: ["title-4"])
    private let week = Label("", classes: ["title-4"])
    /// One button per HIIT or walk/run workout the daemon has, remade when the list changes.
    private let intervals = Box(.vertical, spacing: 12).centered()
    private var intervalNames: [String] = []
    private let onRequest: (Request) -> Void

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        self.onRequest = onRequest
        let heading = Label(messages("Next workout reminder"), classes: ["heading", "dim-label"])
        let stats = Box(.vertical, spacing: 4, [streak, week]).centered().marginTop(12)
        let start = Button(messages("Start today's workout"), classes: ["suggested-action", "pill"]) { onRequest(.startWorkout) }.marginTop(18)
        let rest = Button(messages("Rest"), classes: ["pill"], accessibleName: messages("Start a rest")) { onRequest(.rest) }
        let snooze = Button(messages("Snooze"), classes: ["pill"], accessibleName: messages("Snooze the reminder")) { onRequest(.snooze) }
        let skip = Button(messages("Skip today"), classes: ["pill"]) { onRequest(.skipToday) }
        let more = FlowBox([rest, snooze, skip], spacing: 12, homogeneous: true)
        let column = Box(.vertical, spacing: 12, [heading, what, when, preview, stats, start, more, intervals])
        widget = Scrolled(column.margins(12).centered())
    }

    func show(_ snapshot: DaemonLink.Snapshot, text: TodayText, now: Date) {
        if let next = text.nextReminder(snapshot, now: now) {
            what.text = next.what
            when.text = next.when
            preview.text = next.preview
            preview.isVisible = true
        } else {
            what.text = text.messages("No reminder planned")
            when.text = text.messages("Daily reminders are off, or no day is set.")
            preview.isVisible = false
        }
        if let stats = snapshot.stats {
            streak.text = text.streak(stats)
            week.text = text.week(stats)
        }
        streak.isVisible = snapshot.stats != nil
        week.isVisible = snapshot.stats != nil
        showIntervals(snapshot.intervalWorkouts, messages: text.messages)
    }

    private func showIntervals(_ workouts: [(name: String, title: String)], messages: Messages) {
        guard workouts.map(\.name) != intervalNames else { return }
        intervalNames = workouts.map(\.name)
        intervals.removeAll()
        for workout in workouts {
            intervals.append(Button(workout.title, classes: ["pill"], accessibleName: messages("Start {workout}", ["workout": workout.title])) {
                [onRequest] in onRequest(.startNamed(workout.name))
            })
        }
        intervals.isVisible = !workouts.isEmpty
    }
}
