/// How a reminder that stands on its own (daily, snoozed, rest day, paused workout, advice,
/// milestone) is shown on the server on the bus. A session's transitions are not shown this way:
/// they update the session's one notification (SessionNotice).
public enum ReminderNotice {
    /// `windowInstalled`: gymbell-window is there to open (a package of its own).
    public static func make(
        for reminder: Reminder, server: ServerProfile, sessionRunning: Bool, windowInstalled: Bool, messages: Messages
    ) -> Notice {
        let text = reminder.text(messages)
        var body = text.body
        var click: (label: String, sameAs: String?)?
        var buttons: [ReminderAction]
        // Reminders with buttons wait for an answer; the others say their piece and go away.
        var stays: Int32 = 0
        var plainTitle: String?
        var kept = false
        switch reminder.kind {
        case .daily, .snoozed, .streakAtRisk:
            if sessionRunning {
                // A workout is already under way: no second one from here, only a later reminder.
                click = (messages("Dismiss"), nil)
                buttons = [.snooze.translated(messages)]
            } else {
                click = (messages("Start Workout"), ReminderAction.start.key)
                buttons = [.start.translated(messages)] + Self.startButtons(for: reminder.content, messages) + [.snooze.translated(messages)]
            }
            if server.clickOpensWindow && windowInstalled {
                // A click on the body opens the window on Today (the running workout, if one is under way);
                // with a second workout to start it gives way first where the server draws few buttons.
                click = nil
                let open = ReminderAction.openWindow.translated(messages)
                buttons.append(buttons.count > 2 ? ReminderAction(key: open.key, label: open.label, shortLabel: open.shortLabel, isSecondary: true) : open)
            }
            if !server.hasActions {
                body += "\n" + (sessionRunning ? messages("Snooze: gymbell snooze") : messages("Start: gymbell start · Snooze: gymbell snooze"))
            }
        case .pausedWorkout:
            plainTitle = messages("Paused workout")
            click = (messages("Resume"), ReminderAction.resume.key)
            buttons = [.resume.translated(messages), .endWorkout.translated(messages)]
            if !server.hasActions { body += "\n" + messages("Resume: gymbell resume · End: gymbell stop") }
        case .personalRecord:
            // A click on it, or its button, shows the records in the training report.
            click = (messages("Details"), ReminderAction.details.key)
            buttons = [.details.translated(messages)]
            stays = Notice.glanceTimeout
            if !server.hasActions { body += "\n" + messages("Details: gymbell report --open") }
        case .overloadSuggestion:
            // A click on the text raises no weight: only the buttons answer.
            click = nil
            buttons = [.nextTime.translated(messages), .dismiss.translated(messages)]
            if !server.hasActions, case .overload(let suggestions) = reminder.content, let first = suggestions.first {
                body += "\n" + messages("Next time: gymbell weights --set '{exercise}' --to {weight}",
                                         ["exercise": first.exercise, "weight": WeightUnit.number(first.next)])
            }
        case .weeklySummary:
            // A look back on the week: kept in the notification list, a click opens the window (or the report).
            click = (windowInstalled ? messages("Open gymbell") : messages("Details"), nil)
            buttons = []
            stays = Notice.glanceTimeout
            kept = true
        default:
            click = (messages("Dismiss"), nil)
            buttons = []
            stays = Notice.glanceTimeout
        }
        return Notice(
            title: text.title, body: body, on: server, actions: server.actions(click: click, buttons: buttons),
            category: reminder.kind.category, urgency: .normal, stays: stays, transient: stays > 0 && !kept, plainTitle: plainTitle)
    }

    /// A daily reminder on a day two programmes share (issue 47): a button for each other workout,
    /// "Start Easy Run", after Start Workout (which starts the first).
    static func startButtons(for content: ReminderContent, _ messages: Messages) -> [ReminderAction] {
        content.alsoPlanned.map { also in
            ReminderAction(
                key: ReminderAction.startKey(also.workout), label: messages("Start {workout}", ["workout": also.title]), shortLabel: also.title)
        }
    }
}
