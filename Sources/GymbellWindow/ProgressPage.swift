import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats

/// The Progress page: how the training goes without the report — an exercise chosen from the log, its
/// line (each session's best: estimated one-rep max, reps or hold, `ExerciseSeries`), its last 12 weeks
/// as bars, the training calendar (`TrainingHeatMap`), the records, and "Open the full report"
/// (`gymbell report --open`). Each chart says in words what it shows (its accessible description).
/// With nothing logged, a sentence instead of empty charts. Read again when the daemon says the
/// history changed, as the Log is.
final class ProgressPage {
    struct Actions {
        let daemon: DaemonQuestions
        /// Runs `gymbell` with these arguments as a process of its own.
        let runGymbell: ([String]) -> Void
    }

    /// The weeks the bars and the calendar cover; the line reaches back `lineDays`.
    static let weeks = 12
    static let lineDays = 365

    let page: PreferencesPage
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let actions: Actions
    private let overview: PreferencesGroup
    private let chooser: ComboRow
    private let empty: ActionRow
    private let report: Button
    private let lineGroup: PreferencesGroup
    private let barsGroup: PreferencesGroup
    private let calendarGroup: PreferencesGroup
    private let recordsGroup: PreferencesGroup
    private let reminders: ReminderOutcomesGroup
    private let line: ChartArea
    private let bars: ChartArea
    private let calendar: ChartArea
    private var recordRows: [ActionRow] = []
    private var sets: [LoggedSet] = []
    private var exercises: [String] = []
    private var chosen: String?
    /// The person's unit (`[kit] unit`); nil without a kit: each exercise's own logged unit.
    var unit: WeightUnit? {
        didSet { if unit != oldValue { showChosen() } }
    }
    let weekStart: Weekday
    var daemonRunning = true {
        didSet { report.isSensitive = daemonRunning }
    }

    init(text: TodayText, weekStart: Weekday, actions: Actions) {
        self.text = text
        self.weekStart = weekStart
        self.actions = actions
        let messages = text.messages
        page = PreferencesPage(title: messages("Progress"), icon: "power-profile-performance-symbolic")
        overview = PreferencesGroup(messages("Your progress"), description: messages("How each exercise goes, week by week."))
        report = Button(messages("Open the full report")) { actions.runGymbell(["report", "--open"]) }
        overview.setHeaderSuffix(report)
        chooser = ComboRow(messages("Exercise"))
        empty = ActionRow(messages("Nothing logged yet"), subtitle: messages("Your charts and records show here once you have done a workout."))
        overview.add([chooser, empty])
        line = ChartArea(accessibleName: messages("Progress chart"), height: 180)
        bars = ChartArea(accessibleName: messages("Weekly chart"), height: 110)
        calendar = ChartArea(accessibleName: messages("Training calendar"), height: 154)
        lineGroup = PreferencesGroup(messages("Best per session"))
        lineGroup.add(line)
        barsGroup = PreferencesGroup(messages("Last 12 weeks"))
        barsGroup.add(bars)
        calendarGroup = PreferencesGroup(messages("Training calendar"), description: messages("Workouts per day; each column is a week."))
        calendarGroup.add(calendar)
        recordsGroup = PreferencesGroup(messages("Records"))
        reminders = ReminderOutcomesGroup(messages: messages, weekday: text.weekday)
        for group in [overview, lineGroup, barsGroup, calendarGroup, recordsGroup, reminders.group] { page.add(group) }
        chooser.onSelected { [unowned self] index in
            guard exercises.indices.contains(index) else { return }
            chosen = exercises[index]
            showChosen()
        }
        showEmpty(true)
    }

    func refresh() {
        actions.daemon.ask({ client throws(ClientError) in
            let history = try client.history(days: UInt32(ProgressPage.weeks * 7 + 7))
            return (history, try client.setLog(days: UInt32(ProgressPage.lineDays)), try client.records(), try client.stats().reminders)
        }) { [weak self] reply in
            self?.show(history: reply.0, sets: reply.1, records: reply.2)
            self?.reminders.show(reply.3)
        }
    }

    private func show(history: [HistoryEntry], sets: [LoggedSet], records: RecordsReport) {
        let now = Date()
        self.sets = sets
        exercises = ExerciseSeries.exercises(in: sets)
        if chosen.map(exercises.contains) != true { chosen = exercises.first }
        chooser.show(exercises, selected: chosen.flatMap(exercises.firstIndex) ?? 0)
        let map = TrainingHeatMap(history: history, weeks: Self.weeks, now: now, timeZone: text.zone, weekStart: weekStart)
        let charts = charts(for: nil)
        calendar.show(description: charts.heatMapDescription(map)) { charts.drawHeatMap(map, on: $0) }
        showRecords(records)
        showEmpty(exercises.isEmpty && map.isEmpty && records.bests.isEmpty && records.holds.isEmpty)
        calendarGroup.isVisible = !map.isEmpty
        showChosen()
    }

    /// The chosen exercise's line and bars.
    private func showChosen() {
        guard let exercise = chosen else {
            lineGroup.isVisible = false
            barsGroup.isVisible = false
            return
        }
        let series = ExerciseSeries(exercise: exercise, sets: sets, now: Date(), timeZone: text.zone, weekStart: weekStart, weeks: Self.weeks)
        let charts = charts(for: exercise)
        lineGroup.isVisible = !series.points.isEmpty
        barsGroup.isVisible = true
        lineGroup.title = "\(exercise): \(charts.measureName(series.measure))"
        barsGroup.title = "\(exercise): \(charts.weeklyName(series.measure))"
        line.show(description: charts.lineDescription(series)) { charts.drawLine(series, on: $0) }
        bars.show(description: charts.barsDescription(series)) { charts.drawBars(series, on: $0) }
    }

    /// The person's unit; without one, the unit `exercise` was last logged in (kg for none).
    private func charts(for exercise: String?) -> ProgressCharts {
        let logged = exercise.flatMap { name in sets.last { $0.exercise == name && $0.weight != nil }?.unit }
        return ProgressCharts(messages: messages, zone: text.zone, unit: unit ?? logged ?? .kg)
    }

    private func showEmpty(_ isEmpty: Bool) {
        empty.isVisible = isEmpty
        chooser.isVisible = !isEmpty
        for group in [lineGroup, barsGroup, calendarGroup, recordsGroup] where isEmpty { group.isVisible = false }
    }

    /// Each exercise's best set and estimate, and each timed exercise's longest hold.
    private func showRecords(_ records: RecordsReport) {
        recordsGroup.remove(recordRows)
        let charts = charts(for: nil)
        let unitOf = { (set: LoggedSet) in self.unit ?? set.unit }
        recordRows = records.bests.map { best in
            let units = ProgressCharts(messages: messages, zone: text.zone, unit: unitOf(best.bestEstimate))
            let load = "\(best.bestEstimate.reps ?? 0) × \(units.weight(best.bestEstimate.kilograms))"
            return ActionRow(best.exercise, subtitle: messages("Best set {load} on {date}, estimated one-rep max {weight}", [
                "load": load, "date": charts.date(best.bestEstimate.at), "weight": units.weight(best.estimatedOneRepMaxKilograms)]))
        } + records.holds.map { hold in
            ActionRow(hold.exercise, subtitle: messages("Longest hold {time} on {date}", [
                "time": LoggedSet.durationText(hold.seconds ?? 0), "date": charts.date(hold.at)]))
        }
        recordsGroup.add(recordRows)
        recordsGroup.isVisible = !recordRows.isEmpty
    }
}
