import FoundationEssentials
import GymbellCore

/// The Programme page: the workout of each weekday (or a rest day), and the programme's start and
/// length ("Week 3 of 8" in the daily reminder).
final class ProgrammePage {
    /// What the page may do.
    struct Actions {
        /// Writes these edits into the config file.
        let change: ([WorkoutEdit]) -> Void
        let toast: (String) -> Void
    }

    let page: PreferencesPage
    private let messages: Messages
    private let actions: Actions
    /// Per weekday: its combo row and the workout names in the order of its items (nil: rest day).
    private var days: [Weekday: (row: ComboRow, names: [String?])] = [:]
    private let start: Entry
    private let weeks: SpinButton
    /// The config as last shown.
    private var config = Config()

    init(text: TodayText, actions: Actions) {
        let messages = text.messages
        self.messages = messages
        self.actions = actions
        page = PreferencesPage(title: messages("Programme"), icon: "x-office-calendar-symbolic")
        let week = PreferencesGroup(messages("Week"), description: messages("The workout of each weekday; the others are rest days."))
        start = Entry(accessibleName: messages("First day of the programme"), widthChars: 10, placeholder: "2026-11-02")
        weeks = SpinButton(messages("Programme weeks"), 0...104)
        for day in Weekday.allCases {
            let row = ComboRow(text.weekday(day))
            row.onSelected { [unowned self] in chosen($0, on: day) }
            days[day] = (row, [])
            week.add(row)
        }
        weeks.onChanged { [unowned self] in spanChanged() }
        start.onActivate { [unowned self] in spanChanged() }
        let span = PreferencesGroup(messages("Programme length"), description: messages("A programme of some weeks from its first day; 0 weeks: none."))
        span.add([ActionRow(messages("First day"), suffixes: [start]), ActionRow(messages("Weeks"), suffixes: [weeks])])
        page.add(week)
        page.add(span)
    }

    func show(_ config: Config) {
        self.config = config
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        let names: [String?] = [nil] + workouts.map(\.name)
        for day in Weekday.allCases {
            guard let row = days[day]?.row else { continue }
            row.show([messages("Rest day")] + workouts.map(\.title), selected: names.firstIndex { $0 == config.program[day] } ?? 0)
            days[day] = (row, names)
        }
        start.show(config.programSpan?.start.description ?? "")
        weeks.show(config.programSpan?.weeks ?? 0)
    }

    private func chosen(_ index: Int, on day: Weekday) {
        guard let names = days[day]?.names, names.indices.contains(index), names[index] != config.program[day] else { return }
        actions.change([.programDay(day, workout: names[index])])
    }

    private func spanChanged() {
        if weeks.value == 0 {
            if config.programSpan != nil { actions.change([.programSpan(nil)]) }
            return
        }
        guard let first = LocalDay(isoDate: start.trimmedText) else {
            return actions.toast(messages("Write the first day like 2026-11-02"))
        }
        actions.change([.programSpan(ProgramSpan(start: first, weeks: weeks.value))])
    }
}
