import FoundationEssentials
import GymbellCore

/// Today, said as it is (issue 46): today's workout and a button that names it ("Start Push Day"), and
/// a button of its own for each other workout a programme plans today (issue 47: "Start Easy Run"); on
/// a rest day or with no programme no such button (nothing would start), the workouts to choose from
/// instead. Then the next daily reminder ("tomorrow at 18:00" when it is tomorrow's), the streak and
/// the workouts done this week, and the other workouts and a rest timer.
final class TodayPage {
    /// What the buttons ask for; the window sends it to the daemon.
    enum Request { case startWorkout, rest, snooze, skipToday, startNamed(String) }

    let widget: Scrolled
    private let plan = Label("", classes: ["title-1"])
    private let planNote = Label("", classes: ["dim-label"])
    private let start: Button
    /// One button per other workout planned today (a second programme's), remade when they change.
    private let alsoToday = Box(.vertical, spacing: 12).centered()
    private var alsoNames: [String] = []
    private let when = Label("", classes: ["title-4"])
    private let what = Label("", classes: ["title-3"])
    private let preview = Label("", classes: ["dim-label"])
    private let streak = Label("", classes: ["title-4"])
    private let week = Label("", classes: ["title-4"])
    private let reminderActions: FlowBox
    private let choicesHeading = Label("", classes: ["heading"])
    /// One button per workout the daemon has (today's aside), remade when the list changes.
    private let choices = Box(.vertical, spacing: 12).centered()
    private var choiceNames: [String] = []
    private var todays: String?
    private let messages: Messages
    private let onRequest: (Request) -> Void

    init(messages: Messages, onRequest: @escaping (Request) -> Void) {
        self.messages = messages
        self.onRequest = onRequest
        let todayHeading = Label(messages("Today"), classes: ["heading", "dim-label"])
        start = Button("", classes: ["suggested-action", "pill", "gymbell-big"])
        let heading = Label(messages("Next workout reminder"), classes: ["heading", "dim-label"]).marginTop(18)
        let stats = Box(.vertical, spacing: 4, [streak, week]).centered().marginTop(12)
        let snooze = Button(messages("Snooze"), classes: ["pill"], accessibleName: messages("Snooze the reminder")) { onRequest(.snooze) }
        let skip = Button(messages("Skip today"), classes: ["pill"]) { onRequest(.skipToday) }
        reminderActions = FlowBox([snooze, skip], spacing: 12, homogeneous: true)
        let rest = Button(messages("Rest timer"), classes: ["pill"], accessibleName: messages("Start a rest")) { onRequest(.rest) }
        let column = Box(.vertical, spacing: 12, [
            todayHeading, plan, planNote, start.centered(), alsoToday, stats,
            heading, what, when, preview, reminderActions,
            choicesHeading.marginTop(18), choices, rest.centered(),
        ])
        widget = Scrolled(column.margins(12).centered())
        start.onClicked { [unowned self] in if let todays { onRequest(.startNamed(todays)) } }
    }

    func show(_ snapshot: DaemonLink.Snapshot, text: TodayText, now: Date) {
        let planned = text.todaysWorkouts(snapshot, now: now)
        let today = planned.first
        todays = today?.name
        if let today {
            plan.text = text.list(planned.map(\.title))
            start.label = messages("Start {workout}", ["workout": today.title])
            planNote.isVisible = false
            choicesHeading.text = messages("Or another workout")
        } else {
            plan.text = snapshot.plan.isEmpty ? messages("No workout planned") : messages("Rest day")
            planNote.text = snapshot.plan.isEmpty
                ? messages("No programme is set, so nothing starts by itself: choose a workout below.")
                : messages("Your programme plans no workout today. To train anyway, choose one below.")
            planNote.isVisible = true
            choicesHeading.text = messages("Choose a workout")
        }
        start.isVisible = today != nil
        showAlsoToday(Array(planned.dropFirst()))
        if let next = text.nextReminder(snapshot, now: now) {
            what.text = next.what
            when.text = next.when
            preview.text = next.preview
            preview.isVisible = !next.preview.isEmpty
        } else {
            what.text = messages("No reminder planned")
            when.text = messages("Daily reminders are off, or no day is set.")
            preview.isVisible = false
        }
        // Snooze and Skip today act on today's reminder: without one left today they would do nothing.
        reminderActions.isVisible = text.reminderLeftToday(snapshot, now: now)
        if let stats = snapshot.stats { streak.text = text.streak(stats) }
        week.text = text.week(snapshot.recent, now: now)
        streak.isVisible = snapshot.stats != nil
        showChoices(snapshot.workouts.filter { workout in !planned.contains { $0.name == workout.name } })
    }

    private func showAlsoToday(_ workouts: [(name: String, title: String)]) {
        alsoToday.isVisible = !workouts.isEmpty
        guard workouts.map(\.name) != alsoNames else { return }
        alsoNames = workouts.map(\.name)
        alsoToday.removeAll()
        for workout in workouts {
            let label = messages("Start {workout}", ["workout": workout.title])
            alsoToday.append(Button(label, classes: ["pill"], accessibleName: label) { [onRequest] in onRequest(.startNamed(workout.name)) })
        }
    }

    private func showChoices(_ workouts: [(name: String, title: String)]) {
        guard workouts.map(\.name) != choiceNames else { return }
        choiceNames = workouts.map(\.name)
        choices.removeAll()
        for workout in workouts {
            choices.append(Button(workout.title, classes: ["pill"], accessibleName: messages("Start {workout}", ["workout": workout.title])) {
                [onRequest] in onRequest(.startNamed(workout.name))
            })
        }
        choices.isVisible = !workouts.isEmpty
    }
}
