import FoundationEssentials
import GymbellCore

/// One programme on the Programme page, to change: the workout of each weekday and its first day and
/// weeks. `[program]` as it always was (a "Week" group and a "Programme length" group); each
/// `[programs.NAME]` beside it (issue 47: a running plan followed with a strength programme) one group
/// of its title, its days and weeks in words first ("Mon: Easy Run, Sat: Long Run", "Week 1 of 2, from
/// 2 Nov 2026"), each control named by the programme ("Running plan Tuesday", "Running plan: weeks"),
/// with its title and priority to change and a button that removes it (the page asks first).
final class ProgrammeGroup {
    /// What the page shows of it, in order.
    let groups: [PreferencesGroup]
    /// The config's name of the programme (`Programme.mainName`, or NAME of `[programs.NAME]`).
    let name: String
    /// Its title when made (its controls are named by it).
    let title: String
    private let text: TodayText
    private var messages: Messages { text.messages }
    private let change: ([WorkoutEdit]) -> Void
    private let toast: (String) -> Void
    /// Its days and weeks in words (a `[programs.NAME]`'s).
    private let summary: ActionRow?
    /// Per weekday: its combo row and the workout names in the order of its items (nil: rest day).
    private var days: [Weekday: (row: ComboRow, names: [String?])] = [:]
    private let start: Entry
    private let weeks: SpinButton
    /// A `[programs.NAME]`'s title and priority.
    private let titleRow: EntryRow?
    private let priority: SpinButton?
    /// The programme as last shown.
    private var programme: Programme

    /// `remove`: asked of the page for a `[programs.NAME]`, with its name and title.
    init(_ programme: Programme, text: TodayText, change: @escaping ([WorkoutEdit]) -> Void, toast: @escaping (String) -> Void,
         remove: @escaping (String, String) -> Void) {
        self.programme = programme
        name = programme.name
        title = programme.title
        self.text = text
        self.change = change
        self.toast = toast
        let messages = text.messages
        let named = ["programme": programme.title]
        let isMain = programme.name == Programme.mainName
        start = Entry(accessibleName: isMain ? messages("First day of the programme") : messages("{programme}: first day", named),
                      widthChars: 10, placeholder: "2026-11-02")
        weeks = SpinButton(isMain ? messages("Programme weeks") : messages("{programme}: weeks", named), 0...104)
        let dayRows = Weekday.allCases.map { day in
            let row = ComboRow(text.weekday(day))
            // A screen reader says the label before the row's title: "Running plan Tuesday".
            if !isMain { row.setAccessibleName(programme.title) }
            return (day, row)
        }
        let spanRows = [ActionRow(messages("First day"), suffixes: [start]), ActionRow(messages("Weeks"), suffixes: [weeks])]
        if isMain {
            let week = PreferencesGroup(messages("Week"), description: messages("The workout of each weekday; the others are rest days."))
            let span = PreferencesGroup(messages("Programme length"), description: messages("A programme of some weeks from its first day; 0 weeks: none."))
            week.add(dayRows.map(\.1))
            span.add(spanRows)
            groups = [week, span]
            summary = nil
            titleRow = nil
            priority = nil
        } else {
            let group = PreferencesGroup(programme.title)
            let summary = ActionRow("")
            let titleRow = EntryRow(messages("Title"))
            titleRow.setAccessibleName(programme.title)  // "Running plan Title"
            let priority = SpinButton(messages("{programme}: priority", named), 1...9)
            let removeButton = Button(messages("Remove programme"), classes: ["destructive-action"],
                                      accessibleName: messages("Remove {programme}", named)) { remove(programme.name, programme.title) }
            group.add([summary, titleRow, ActionRow(messages("Priority"), subtitle: messages("1 comes first"), suffixes: [priority])]
                      + dayRows.map(\.1) + spanRows + [ActionRow(messages("Remove this programme"), suffixes: [removeButton])])
            groups = [group]
            self.summary = summary
            self.titleRow = titleRow
            self.priority = priority
        }
        for (day, row) in dayRows {
            row.onSelected { [unowned self] in chosen($0, on: day) }
            days[day] = (row, [])
        }
        weeks.onChanged { [unowned self] in spanChanged() }
        start.onActivate { [unowned self] in spanChanged() }
        titleRow?.onApplied { [unowned self] in titled($0) }
        priority?.onChanged { [unowned self] in
            guard let value = priority?.value, value != self.programme.priority else { return }
            change([.programmePriority(value, programme: name)])
        }
    }

    func show(_ programme: Programme, workouts: [WorkoutDefinition], now: Date) {
        self.programme = programme
        if let summary {
            groups.first?.title = programme.title
            let titles = Dictionary(workouts.map { ($0.name, $0.title) }, uniquingKeysWith: { first, _ in first })
            summary.title = text.days(of: programme, titles: titles)
            summary.subtitle = text.weeks(of: programme, now: now)
        }
        let names: [String?] = [nil] + workouts.map(\.name)
        for day in Weekday.allCases {
            guard let row = days[day]?.row else { continue }
            row.show([messages("Rest day")] + workouts.map(\.title), selected: names.firstIndex { $0 == programme.days[day] } ?? 0)
            days[day] = (row, names)
        }
        start.show(programme.span?.start.description ?? "")
        weeks.show(programme.span?.weeks ?? 0)
        titleRow?.show(programme.title)
        priority?.show(programme.priority)
    }

    private func titled(_ typed: String) {
        let title = WorkoutNames.trimmed(typed)
        guard !title.isEmpty else {
            titleRow?.show(programme.title)
            return toast(messages("A programme needs a title"))
        }
        if title != programme.title { change([.programmeTitle(title, programme: name)]) }
    }

    private func chosen(_ index: Int, on day: Weekday) {
        guard let names = days[day]?.names, names.indices.contains(index), names[index] != programme.days[day] else { return }
        change([.programDay(day, workout: names[index], programme: name)])
    }

    private func spanChanged() {
        if weeks.value == 0 {
            if programme.span != nil { change([.programSpan(nil, programme: name)]) }
            return
        }
        guard let first = LocalDay(isoDate: start.trimmedText) else {
            return toast(messages("Write the first day like 2026-11-02"))
        }
        change([.programSpan(ProgramSpan(start: first, weeks: weeks.value), programme: name)])
    }
}
