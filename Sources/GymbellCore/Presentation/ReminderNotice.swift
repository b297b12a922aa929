/// How a reminder that stands on its own (daily, snoozed, rest day, paused workout, advice,
/// milestone) is shown on the server on the bus. A session's transitions are not shown this way:
/// they update the session's one notification (SessionNotice).
public enum ReminderNotice {
    public static func make(for reminder: Reminder, server: ServerProfile, sessionRunning: Bool, messages: Messages) -> Notice {
        let text = reminder.text(messages)
        var body = text.body
        var actions: [ReminderAction]
        // Reminders with buttons wait for an answer; the others say their piece and go away.
        var expire: Int32? = 0
        switch reminder.kind {
        case .daily, .snoozed, .streakAtRisk:
            if sessionRunning {
                // A workout is already under way: no second one from here, only a later reminder.
                actions = [.click(messages("Dismiss"), on: server), label(.snooze, messages)]
            } else {
                actions = [.click(messages("Start Workout"), on: server), label(.start, messages), label(.snooze, messages)]
            }
            if !server.hasActions {
                body += "\n" + (sessionRunning ? messages("Snooze: gymbell snooze") : messages("Start: gymbell start · Snooze: gymbell snooze"))
            }
        case .pausedWorkout:
            actions = [.click(messages("Resume"), on: server), label(.resume, messages), label(.endWorkout, messages)]
            if !server.hasActions { body += "\n" + messages("Resume: gymbell resume · End: gymbell stop") }
        case .personalRecord:
            // A click on it, or its button, shows the records in the training report.
            actions = [.click(messages("Details"), on: server), label(.details, messages)]
            expire = Notice.glanceTimeout
            if !server.hasActions { body += "\n" + messages("Details: gymbell report --open") }
        case .overloadSuggestion:
            // A click on the text raises no weight: only the buttons answer.
            actions = [label(.nextTime, messages), label(.dismiss, messages)]
            if !server.hasActions, case .overload(let suggestions) = reminder.content, let first = suggestions.first {
                body += "\n" + messages("Next time: gymbell weights --set '{exercise}' --to {weight}",
                                         ["exercise": first.exercise, "weight": WeightUnit.number(first.next)])
            }
        default:
            actions = [.click(messages("Dismiss"), on: server)]
            expire = Notice.glanceTimeout
        }
        return Notice(
            title: text.title, body: body, on: server, actions: server.hasActions ? actions : [], category: reminder.kind.category,
            urgency: .normal, expireTimeout: expire)
    }

    private static func label(_ action: ReminderAction, _ messages: Messages) -> ReminderAction {
        ReminderAction(key: action.key, label: messages(action.label))
    }
}
