import CAdw
import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// Preferences: the settings of the user's config file, each change written at once (ConfigSession).
/// A file with mistakes is shown with its messages and never written; a file changed on disk is read
/// again and the change made there, or the person asked when both touched the same setting.
final class PreferencesWindow {
    let window: Widget
    private let session: ConfigSession
    private let messages: Messages
    private let weekdayName: (Weekday) -> String
    private let runGymbell: ([String]) -> Void
    /// A change was written: the daemon is told to read it now (its file watcher comes later).
    var written: () -> Void = {}
    /// Asks the daemon what it learned of the usual start per weekday (`gymbell suggest`); nil: no answer.
    private let suggestions: (@escaping (SuggestReport?) -> Void) -> Void
    private var learned: Widget!
    private let errorGroup: Widget
    private let errorLabel: Widget
    private var groups: [Widget] = []
    private var enabled: Switch!
    private var autoTime: Switch!
    private var time: (row: Widget, hour: Spin, minute: Spin)!
    private var days: [Weekday: Toggle] = [:]
    private var daysGroup: Widget!
    private var restDays: Switch!
    private var snooze: Spin!
    private var lateGrace: Spin!
    private var quiet: Switch!
    private var quietFrom: (row: Widget, hour: Spin, minute: Spin)!
    private var quietUntil: (row: Widget, hour: Spin, minute: Spin)!
    private var sound: Switch!
    private var soundName: Widget!
    private var privateMode: Switch!
    private var records: Switch!
    private var overload: Switch!
    private var streak: Switch!
    private var login: Switch!
    private var startCommand: Widget!

    init(session: ConfigSession, messages: Messages, weekdayName: @escaping (Weekday) -> String,
         suggestions: @escaping (@escaping (SuggestReport?) -> Void) -> Void, runGymbell: @escaping ([String]) -> Void) {
        self.session = session
        self.suggestions = suggestions
        self.messages = messages
        self.weekdayName = weekdayName
        self.runGymbell = runGymbell
        window = adw_preferences_window_new()!
        gtk_window_set_title(cast(window), messages("Preferences"))
        gtk_window_set_default_size(cast(window), 480, 640)
        gtk_window_set_hide_on_close(cast(window), 1)
        adw_preferences_window_set_search_enabled(cast(window), 0)  // one page of settings: nothing to search
        let page = adw_preferences_page_new()!
        adw_preferences_window_add(cast(window), cast(page))
        errorGroup = Rows.group(messages("The config file has mistakes"),
                                description: messages("Fix them in the file; gymbell does not change a file with mistakes."))
        errorLabel = Build.label("", classes: ["error"])
        gtk_label_set_selectable(cast(errorLabel), 1)
        gtk_label_set_xalign(cast(errorLabel), 0)
        adw_preferences_group_add(cast(errorGroup), errorLabel)
        adw_preferences_page_add(cast(page), cast(errorGroup))
        groups = [reminderGroup(), daysGroup, quietGroup(), soundGroup(), warningGroup(), startGroup()]
        for group in groups { adw_preferences_page_add(cast(page), cast(group)) }
        // Back from an editor: a file changed there shows when this window is active again. (No file
        // monitor: it would overwrite an entry being typed in; a change made here re-reads the file anyway.)
        onSignal(cast(window), "notify::is-active", withArgument: { [unowned self] _ in
            if gtk_window_is_active(cast(window)) != 0, session.changedOnDisk { show(session.reload()) }
        })
    }

    func present(over parent: Widget) {
        gtk_window_set_transient_for(cast(window), cast(parent))
        show(session.reload())
        gtk_window_present(cast(window))
    }

    // MARK: The groups

    private func reminderGroup() -> Widget {
        let group = Rows.group(messages("Reminders"))
        let on = Rows.toggle(messages("Daily reminders")) { [unowned self] in change(.remindersEnabled($0)) }
        let auto = Rows.toggle(messages("Learn the time"), subtitle: messages("Remind before the time you usually train")) {
            [unowned self] flag in
            change(.dailyTime(flag ? .auto : .at(LocalTime(hour: time.hour.value, minute: time.minute.value)!)))
        }
        time = Rows.time(messages("Reminder time"), hourName: messages("Reminder hour"), minuteName: messages("Reminder minute")) {
            [unowned self] hour, minute in change(.dailyTime(.at(LocalTime(hour: hour, minute: minute)!)))
        }
        var toggles: [Widget] = []
        for day in Weekday.allCases {
            let name = weekdayName(day)
            let toggle = Toggle(String(name.prefix(2)), accessibleName: name) { [unowned self] in
                change(.days(Set(days.filter { $0.value.isOn }.map(\.key))))
            }
            days[day] = toggle
            toggles.append(toggle.widget)
        }
        let dayRow = Build.flow(toggles, spacing: 4)
        daysGroup = Rows.group(messages("Days"), description: messages("The days the reminder comes on"))
        adw_preferences_group_add(cast(daysGroup), dayRow)
        let restDay = Rows.toggle(messages("Remind on rest days")) { [unowned self] in change(.restDayReminders($0)) }
        snooze = Rows.spin(messages("Snooze minutes"), Limits.snoozeMinutes) { [unowned self] in change(.snoozeMinutes($0)) }
        lateGrace = Rows.spin(messages("Late reminder grace in minutes"), 0...1440) { [unowned self] in change(.lateGrace(TimeInterval($0 * 60))) }
        learned = Rows.action(messages("Learned times"))
        Rows.add([on.row, auto.row, learned, time.row, restDay.row,
                  Rows.action(messages("Snooze minutes"), suffixes: [snooze.widget]),
                  Rows.action(messages("Late reminder grace"), subtitle: messages("Minutes a missed reminder still comes"),
                              suffixes: [lateGrace.widget])], to: group)
        enabled = on.control
        autoTime = auto.control
        restDays = restDay.control
        return group
    }

    private func quietGroup() -> Widget {
        let group = Rows.group(messages("Quiet hours"), description: messages("No reminder comes in these hours."))
        let on = Rows.toggle(messages("Quiet hours")) { [unowned self] in change(.quietHours($0 ? quietHours() : nil)) }
        quietFrom = Rows.time(messages("From"), hourName: messages("Quiet from hour"), minuteName: messages("Quiet from minute")) {
            [unowned self] _, _ in if quiet.isOn { change(.quietHours(quietHours())) }
        }
        quietUntil = Rows.time(messages("Until"), hourName: messages("Quiet until hour"), minuteName: messages("Quiet until minute")) {
            [unowned self] _, _ in if quiet.isOn { change(.quietHours(quietHours())) }
        }
        quiet = on.control
        Rows.add([on.row, quietFrom.row, quietUntil.row], to: group)
        return group
    }

    private func quietHours() -> QuietHours {
        QuietHours(start: LocalTime(hour: quietFrom.hour.value, minute: quietFrom.minute.value)!,
                   end: LocalTime(hour: quietUntil.hour.value, minute: quietUntil.minute.value)!)
    }

    private func soundGroup() -> Widget {
        let group = Rows.group(messages("Sound"))
        let on = Rows.toggle(messages("Play a sound")) { [unowned self] in change(.soundEnabled($0)) }
        soundName = Rows.entry(messages("Sound theme name or file")) { [unowned self] text in
            let value = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            guard !value.isEmpty else { return }
            change(.sound(value.hasPrefix("/") ? .file(value) : .theme(value)))
        }
        let play = Build.button(messages("Play"), accessibleName: messages("Play the sound")) { [unowned self] in
            let value = Rows.text(of: soundName)
            _ = try? ProcessLauncher.spawn(["canberra-gtk-play", value.hasPrefix("/") ? "-f" : "-i", value])
        }
        sound = on.control
        Rows.add([on.row, soundName, Rows.action(messages("Hear it"), suffixes: [play])], to: group)
        return group
    }

    private func warningGroup() -> Widget {
        let group = Rows.group(messages("Notices"))
        let privacy = Rows.toggle(messages("Private mode"), subtitle: messages("Notifications name no workout")) {
            [unowned self] in change(.privateMode($0))
        }
        let record = Rows.toggle(messages("Personal records")) { [unowned self] in change(.records($0)) }
        let more = Rows.toggle(messages("Add weight suggestions")) { [unowned self] in change(.overload($0)) }
        let warn = Rows.toggle(messages("Streak warnings")) { [unowned self] in change(.streakWarning($0)) }
        privateMode = privacy.control
        records = record.control
        overload = more.control
        streak = warn.control
        Rows.add([privacy.row, record.row, more.row, warn.row], to: group)
        return group
    }

    private func startGroup() -> Widget {
        let group = Rows.group(messages("Starting"))
        let atLogin = Rows.toggle(messages("Start at login")) { [unowned self] in runGymbell(["autostart", $0 ? "enable" : "disable"]) }
        login = atLogin.control
        startCommand = Rows.entry(messages("Command run at a workout's start")) { [unowned self] text in
            guard let argv = CommandText.split(text) else { return toast(messages("A quote is not closed")) }
            change(.startCommand(argv))
        }
        Rows.add([atLogin.row, startCommand], to: group)
        return group
    }

    // MARK: Showing and changing

    private func show(_ state: ConfigSession.State) {
        switch state {
        case .valid(let config):
            errorGroup.setVisible(false)
            for group in groups { group.setSensitive(true) }
            show(config)
        case .invalid(let lines):
            showProblem(lines.joined(separator: "\n"))
        case .unreadable(let reason):
            showProblem(reason)
        }
    }

    private func showProblem(_ text: String) {
        errorLabel.setText(text)
        errorLabel.setAccessibleName(text)
        errorGroup.setVisible(true)
        for group in groups { group.setSensitive(false) }
    }

    private func show(_ config: Config) {
        let reminders = config.reminders
        enabled.show(reminders.enabled)
        autoTime.show(reminders.autoTime)
        time.hour.show(reminders.time.hour)
        time.minute.show(reminders.time.minute)
        time.row.setSensitive(!reminders.autoTime)
        learned.setVisible(false)
        if reminders.autoTime { showLearned() }
        for (day, toggle) in days { toggle.show(reminders.days.contains(day)) }
        restDays.show(reminders.restDays)
        snooze.show(reminders.snoozeMinutes)
        lateGrace.show(Int(reminders.lateGrace / 60))
        quiet.show(config.quietHours != nil)
        let hours = config.quietHours ?? QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!)
        for (row, value) in [(quietFrom!, hours.start), (quietUntil!, hours.end)] {
            row.hour.show(value.hour)
            row.minute.show(value.minute)
        }
        sound.show(config.sound.enabled)
        Rows.setText(config.sound.file ?? config.sound.name, of: soundName)
        privateMode.show(reminders.privateMode)
        records.show(config.progress.records)
        overload.show(config.progress.overload)
        streak.show(reminders.streakWarning)
        login.show(FileManager.default.fileExists(atPath: session.paths.configHome + "/autostart/io.github.gymbell.Gymbell.desktop"))
        Rows.setText(CommandText.join(reminders.startCommand), of: startCommand)
    }

    /// With time = "auto": when the reminder comes on each weekday, and the usual start it was learned from.
    private func showLearned() {
        suggestions { [weak self] report in
            guard let self, let report, report.auto else { return }
            let lines = report.weekdays.map { day in
                let name = Weekday(rawValue: day.weekday).map(weekdayName) ?? day.weekday
                return day.usualStart.map {
                    messages("{weekday}: {time} (you usually start at {start})", ["weekday": name, "time": day.reminderTime, "start": $0])
                } ?? messages("{weekday}: {time} (not learned yet)", ["weekday": name, "time": day.reminderTime])
            }
            adw_action_row_set_subtitle(cast(learned), lines.joined(separator: "\n"))
            learned.setVisible(true)
        }
    }

    private func change(_ edit: ConfigEdit) {
        handle(session.apply([edit]))
    }

    private func handle(_ outcome: ConfigSession.Outcome) {
        switch outcome {
        case .written(let config):
            show(config)
            written()
        case .invalidOnDisk: show(session.state)
        case .failed(let reason):
            toast(reason)
            show(session.state)  // the controls back to what the file says
        case .conflict(let keys): ask(keys)
        }
    }

    private func toast(_ message: String) {
        adw_preferences_window_add_toast(cast(window), adw_toast_new(message))
    }

    /// The file changed on disk where this change goes too: the person chooses which stays.
    private func ask(_ keys: [String]) {
        let dialog = adw_message_dialog_new(cast(window), messages("The config file changed on disk"),
                                            messages("It was changed elsewhere at {keys} too. Keep your change or the file's?",
                                                     ["keys": keys.joined(separator: ", ")]))!
        adw_message_dialog_add_response(cast(dialog), "theirs", messages("Keep the file's"))
        adw_message_dialog_add_response(cast(dialog), "mine", messages("Keep mine"))
        adw_message_dialog_set_response_appearance(cast(dialog), "mine", ADW_RESPONSE_SUGGESTED)
        onSignal(cast(dialog), "response", withArgument: { [unowned self] response in
            let answer = response.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "theirs"
            if answer == "mine" {
                handle(session.keepMine())
            } else {
                session.takeTheirs()
                show(session.state)
            }
        })
        gtk_window_present(cast(dialog))
    }
}
