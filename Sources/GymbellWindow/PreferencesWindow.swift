import FoundationEssentials
import GymbellCore
import GymbellPlatform
import GymbellSettings

/// Preferences: the settings of the user's config file, each change written at once (ConfigFile). The
/// daemon's watcher applies what is written; the window shows the file as written. A file with mistakes
/// is shown with its messages and never written; a file changed on disk is read again and the change
/// made there, or the person asked when both touched the same setting.
final class PreferencesWindow {
    /// What the Preferences may ask of the rest of the window.
    struct Actions {
        /// Asks the daemon what it learned of the usual start per weekday (`gymbell suggest`); nil: no answer.
        let suggestions: (@escaping (SuggestReport?) -> Void) -> Void
        /// Runs `gymbell` with these arguments as a process of its own (`autostart enable`).
        let runGymbell: ([String]) -> Void
    }

    let window: PagedWindow
    private let config: ConfigFile
    private let messages: Messages
    private let weekdayName: (Weekday) -> String
    private let actions: Actions
    private let errorGroup: PreferencesGroup
    private let errorLabel = Label("", classes: ["error"]).selectableFromStart()
    private var groups: [PreferencesGroup] = []
    private let enabled = Switch()
    private let autoTime = Switch()
    private let time: TimeRow
    private let learned: ActionRow
    private var days: [Weekday: ToggleButton] = [:]
    private let restDays = Switch()
    private let snooze: SpinButton
    private let lateGrace: SpinButton
    private let quiet = Switch()
    private let quietFrom: TimeRow
    private let quietUntil: TimeRow
    private var sound: SoundPreferences!
    private var sync: SyncPreferences!
    private let privateMode = Switch()
    private let records = Switch()
    private let overload = Switch()
    private let streak = Switch()
    private let login = Switch()
    private let startCommand: EntryRow
    private let kit: KitPreferences
    /// Changes sent to the file and not answered yet: the controls show the file once all are (an
    /// answer between two quick changes would show the second one undone for a moment).
    private var changesInFlight = 0

    init(config: ConfigFile, link: DaemonLink, messages: Messages, weekdayName: @escaping (Weekday) -> String, actions: Actions) {
        self.config = config
        self.messages = messages
        self.weekdayName = weekdayName
        self.actions = actions
        time = TimeRow(messages("Reminder time"), hourName: messages("Reminder hour"), minuteName: messages("Reminder minute"))
        learned = ActionRow(messages("Learned times"))
        snooze = SpinButton(messages("Snooze minutes"), Limits.snoozeMinutes)
        lateGrace = SpinButton(messages("Late reminder grace in minutes"), 0...1440)
        quietFrom = TimeRow(messages("From"), hourName: messages("Quiet from hour"), minuteName: messages("Quiet from minute"))
        quietUntil = TimeRow(messages("Until"), hourName: messages("Quiet until hour"), minuteName: messages("Quiet until minute"))
        startCommand = EntryRow(messages("Command run at a workout's start"))
        errorGroup = PreferencesGroup(messages("The config file has mistakes"),
                                      description: messages("Fix them in the file; gymbell does not change a file with mistakes."))
        errorGroup.add(errorLabel)
        kit = KitPreferences(messages: messages)
        window = PagedWindow(title: messages("Preferences"), width: 480, height: 640)
        let page = PreferencesPage(title: messages("General"), icon: "preferences-system-symbolic")
        sound = SoundPreferences(messages: messages) { [unowned self] in change($0) }
        sync = SyncPreferences(messages: messages, home: XDGPaths().home, over: window) { [unowned self] in change($0) }
        groups = [reminderGroup(), daysGroup(), quietGroup(), sound.group, noticeGroup(), startGroup(), sync.group]
        for group in [errorGroup] + groups { page.add(group) }
        groups.append(kit.group)
        window.add(page)
        window.add(kit.page)
        kit.onChange { [unowned self] in change(.kit($0)) }
        // The synced folder's state is the daemon's: shown as its status tells it.
        link.follow { [weak self] state in self?.showSync(state) }
        showSync(link.last)
        // Back from an editor: a file changed there shows when this window is active again. (No file
        // monitor: it would overwrite an entry being typed in; a change made here re-reads the file anyway.)
        window.onActiveChanged { [unowned self] in
            guard window.isActive else { return }
            config.reloadIfChanged { [weak self] state in
                // A change of the person's on its way shows the file once written.
                if let self, let state, changesInFlight == 0 { show(state) }
            }
        }
    }

    /// Reads the file, shows it, then presents the window.
    func present(over parent: Window) {
        window.setTransient(for: parent)
        config.reload { [weak self] state in
            guard let self else { return }
            show(state)
            window.present()
        }
    }

    // MARK: The groups

    private func reminderGroup() -> PreferencesGroup {
        enabled.onToggled { [unowned self] in change(.remindersEnabled($0)) }
        autoTime.onToggled { [unowned self] flag in
            change(.dailyTime(flag ? .auto : .at(LocalTime(hour: time.hour.value, minute: time.minute.value)!)))
        }
        restDays.onToggled { [unowned self] in change(.restDayReminders($0)) }
        snooze.onChanged { [unowned self] in change(.snoozeMinutes(snooze.value)) }
        lateGrace.onChanged { [unowned self] in change(.lateGrace(TimeInterval(lateGrace.value * 60))) }
        time.onChanged { [unowned self] hour, minute in change(.dailyTime(.at(LocalTime(hour: hour, minute: minute)!))) }
        let group = PreferencesGroup(messages("Reminders"))
        group.add([
            ActionRow.toggle(messages("Daily reminders"), enabled),
            ActionRow.toggle(messages("Learn the time"), subtitle: messages("Remind before the time you usually train"), autoTime),
            learned, time.row, ActionRow.toggle(messages("Remind on rest days"), restDays),
            ActionRow(messages("Snooze minutes"), suffixes: [snooze]),
            ActionRow(messages("Late reminder grace"), subtitle: messages("Minutes a missed reminder still comes"), suffixes: [lateGrace]),
        ])
        return group
    }

    private func daysGroup() -> PreferencesGroup {
        for day in Weekday.allCases {
            let name = weekdayName(day)
            let toggle = ToggleButton(String(name.prefix(2)), accessibleName: name)
            toggle.onToggled { [unowned self] in change(.days(Set(days.filter { $0.value.isOn }.map(\.key)))) }
            days[day] = toggle
        }
        let group = PreferencesGroup(messages("Days"), description: messages("The days the reminder comes on"))
        group.add(FlowBox(Weekday.allCases.compactMap { days[$0] }, spacing: 4))
        return group
    }

    private func quietGroup() -> PreferencesGroup {
        quiet.onToggled { [unowned self] in change(.quietHours($0 ? quietHours() : nil)) }
        for row in [quietFrom, quietUntil] {
            row.onChanged { [unowned self] _, _ in if quiet.isOn { change(.quietHours(quietHours())) } }
        }
        let group = PreferencesGroup(messages("Quiet hours"), description: messages("No reminder comes in these hours."))
        group.add([ActionRow.toggle(messages("Quiet hours"), quiet), quietFrom.row, quietUntil.row])
        return group
    }

    private func quietHours() -> QuietHours {
        QuietHours(start: LocalTime(hour: quietFrom.hour.value, minute: quietFrom.minute.value)!,
                   end: LocalTime(hour: quietUntil.hour.value, minute: quietUntil.minute.value)!)
    }

    private func noticeGroup() -> PreferencesGroup {
        privateMode.onToggled { [unowned self] in change(.privateMode($0)) }
        records.onToggled { [unowned self] in change(.records($0)) }
        overload.onToggled { [unowned self] in change(.overload($0)) }
        streak.onToggled { [unowned self] in change(.streakWarning($0)) }
        let group = PreferencesGroup(messages("Notices"))
        group.add([
            ActionRow.toggle(messages("Private mode"), subtitle: messages("Notifications name no workout"), privateMode),
            ActionRow.toggle(messages("Personal records"), records), ActionRow.toggle(messages("Add weight suggestions"), overload),
            ActionRow.toggle(messages("Streak warnings"), streak),
        ])
        return group
    }

    private func startGroup() -> PreferencesGroup {
        login.onToggled { [unowned self] in actions.runGymbell(["autostart", $0 ? "enable" : "disable"]) }
        startCommand.onApplied { [unowned self] text in
            guard let argv = CommandText.split(text) else { return window.toast(messages("A quote is not closed")) }
            change(.startCommand(argv))
        }
        let group = PreferencesGroup(messages("Starting"))
        group.add([ActionRow.toggle(messages("Start at login"), login), startCommand])
        return group
    }

    // MARK: Showing and changing

    private func show(_ state: ConfigSession.State) {
        switch state {
        case .valid(let config):
            errorGroup.isVisible = false
            for group in groups { group.isSensitive = true }
            show(config)
        case .invalid(let lines):
            showProblem(lines.joined(separator: "\n"))
        case .unreadable(let reason):
            showProblem(reason)
        }
    }

    private func showProblem(_ text: String) {
        errorLabel.text = text
        errorLabel.setAccessibleName(text)
        errorGroup.isVisible = true
        for group in groups { group.isSensitive = false }
    }

    private func show(_ config: Config) {
        let reminders = config.reminders
        enabled.show(reminders.enabled)
        autoTime.show(reminders.autoTime)
        time.show(hour: reminders.time.hour, minute: reminders.time.minute)
        time.row.isSensitive = !reminders.autoTime
        learned.isVisible = false
        if reminders.autoTime { showLearned() }
        for (day, toggle) in days { toggle.show(reminders.days.contains(day)) }
        restDays.show(reminders.restDays)
        snooze.show(reminders.snoozeMinutes)
        lateGrace.show(Int(reminders.lateGrace / 60))
        quiet.show(config.quietHours != nil)
        let hours = config.quietHours ?? QuietHours(start: LocalTime(hour: 22, minute: 0)!, end: LocalTime(hour: 7, minute: 0)!)
        quietFrom.show(hour: hours.start.hour, minute: hours.start.minute)
        quietUntil.show(hour: hours.end.hour, minute: hours.end.minute)
        sound.show(config.sound)
        privateMode.show(reminders.privateMode)
        records.show(config.progress.records)
        overload.show(config.progress.overload)
        streak.show(reminders.streakWarning)
        self.config.startsAtLogin { [weak self] on in self?.login.show(on) }
        startCommand.show(CommandText.join(reminders.startCommand))
        kit.show(config.kit)
        sync.show(config.sync)
    }

    private func showSync(_ state: DaemonLink.State) {
        if case .running(let snapshot) = state { sync.show(status: snapshot.status.sync) } else { sync.show(status: nil) }
    }

    /// With time = "auto": when the reminder comes on each weekday, and the usual start it was learned from.
    private func showLearned() {
        actions.suggestions { [weak self] report in
            guard let self, let report, report.auto else { return }
            let lines = report.weekdays.map { day in
                let name = Weekday(rawValue: day.weekday).map(weekdayName) ?? day.weekday
                return day.usualStart.map {
                    messages("{weekday}: {time} (you usually start at {start})", ["weekday": name, "time": day.reminderTime, "start": $0])
                } ?? messages("{weekday}: {time} (not learned yet)", ["weekday": name, "time": day.reminderTime])
            }
            learned.subtitle = lines.joined(separator: "\n")
            learned.isVisible = true
        }
    }

    private func change(_ edit: ConfigEdit) {
        changesInFlight += 1
        config.apply(.settings([edit])) { [weak self] outcome, state in
            guard let self else { return }
            changesInFlight -= 1
            handle(outcome, state)
        }
    }

    private func handle(_ outcome: ConfigSession.Outcome, _ state: ConfigSession.State) {
        switch outcome {
        case .written(let written):
            if changesInFlight == 0 { show(written) }
        case .invalidOnDisk: show(state)
        case .failed(let reason):
            window.toast(reason)
            show(state)  // the controls back to what the file says
        case .conflict(let keys): ask(keys)
        }
    }

    /// The file changed on disk where this change goes too: the person chooses which stays.
    private enum Keep: String { case mine, theirs }

    private func ask(_ keys: [String]) {
        MessageDialog.ask(
            over: window, heading: messages("The config file changed on disk"),
            body: messages("It was changed elsewhere at {keys} too. Keep your change or the file's?", ["keys": keys.joined(separator: ", ")]),
            responses: [.init(answer: Keep.theirs, label: messages("Keep the file's")),
                        .init(answer: .mine, label: messages("Keep mine"), appearance: .suggested)],
            close: .theirs
        ) { [weak self] answer in
            guard let self else { return }
            switch answer {
            case .mine: config.keepMine { [weak self] outcome, state in self?.handle(outcome, state) }
            case .theirs: config.takeTheirs { [weak self] state in self?.show(state) }
            }
        }
    }
}
