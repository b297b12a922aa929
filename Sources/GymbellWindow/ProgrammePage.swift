import CAdw
import FoundationEssentials
import GymbellCore

/// The Programme page: the workout of each weekday (or a rest day), and the programme's start and
/// length ("Week 3 of 8" in the daily reminder).
final class ProgrammePage {
    let page: Widget
    private unowned let owner: ProgrammeWindow
    /// Per weekday: its combo row and the workout names in the order of its items (nil: rest day).
    private var days: [Weekday: (row: Widget, names: [String?])] = [:]
    private var quiet = false
    private var start: Widget!
    private var weeks: Spin!

    init(owner: ProgrammeWindow) {
        self.owner = owner
        let messages = owner.messages
        page = adw_preferences_page_new()!
        adw_preferences_page_set_title(cast(page), messages("Programme"))
        adw_preferences_page_set_icon_name(cast(page), "x-office-calendar-symbolic")
        let week = Rows.group(messages("Week"), description: messages("The workout of each weekday; the others are rest days."))
        for day in Weekday.allCases {
            let row = adw_combo_row_new()!
            adw_preferences_row_set_title(cast(row), owner.weekdayName(day))
            onSignal(cast(row), "notify::selected", withArgument: { [unowned self] _ in chosen(day) })
            days[day] = (row, [])
            adw_preferences_group_add(cast(week), row)
        }
        let span = Rows.group(messages("Programme length"),
                              description: messages("A programme of some weeks from its first day; 0 weeks: none."))
        start = gtk_entry_new()!
        start.setAccessibleName(messages("First day of the programme"))
        gtk_entry_set_placeholder_text(cast(start), "2026-11-02")
        gtk_editable_set_width_chars(OpaquePointer(start), 10)
        weeks = Rows.spin(messages("Programme weeks"), 0...104) { [unowned self] _ in spanChanged() }
        onSignal(start, "activate") { [unowned self] in spanChanged() }
        Rows.add([Rows.action(messages("First day"), suffixes: [start]), Rows.action(messages("Weeks"), suffixes: [weeks.widget])], to: span)
        adw_preferences_page_add(cast(page), cast(week))
        adw_preferences_page_add(cast(page), cast(span))
    }

    func show(_ config: Config) {
        quiet = true
        defer { quiet = false }
        let workouts = config.workouts.values.sorted { ($0.title, $0.name) < ($1.title, $1.name) }
        for day in Weekday.allCases {
            guard let row = days[day]?.row else { continue }
            let names: [String?] = [nil] + workouts.map(\.name)
            let model = gtk_string_list_new(nil)!
            gtk_string_list_append(model, owner.messages("Rest day"))
            for workout in workouts { gtk_string_list_append(model, workout.title) }
            adw_combo_row_set_model(cast(row), model)
            g_object_unref(UnsafeMutableRawPointer(model))
            let selected = names.firstIndex { $0 == config.program[day] } ?? 0
            adw_combo_row_set_selected(cast(row), UInt32(selected))
            days[day] = (row, names)
        }
        Rows.setText(config.programSpan?.start.description ?? "", of: start)
        weeks.show(config.programSpan?.weeks ?? 0)
    }

    private func chosen(_ day: Weekday) {
        guard !quiet, let (row, names) = days[day] else { return }
        let index = Int(adw_combo_row_get_selected(cast(row)))
        guard names.indices.contains(index), names[index] != owner.config.program[day] else { return }
        owner.change([.programDay(day, workout: names[index])])
    }

    private func spanChanged() {
        guard !quiet else { return }
        if weeks.value == 0 {
            if owner.config.programSpan != nil { owner.change([.programSpan(nil)]) }
            return
        }
        let text = Rows.trimmed(Rows.text(of: start))
        guard let first = LocalDay(isoDate: text) else {
            owner.toast(owner.messages("Write the first day like 2026-11-02"))
            return
        }
        owner.change([.programSpan(ProgramSpan(start: first, weeks: weeks.value))])
    }
}
