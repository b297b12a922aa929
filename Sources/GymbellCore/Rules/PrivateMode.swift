import FoundationEssentials

/// `private = true`: reminders say what kind of moment it is, never which workout, exercise or weight,
/// for screens other people can see.
public enum PrivateMode {
    /// The generic texts for a reminder of `kind`; nil for kinds whose texts name nothing private
    /// (the rest-day advice counts days, a milestone counts days or workouts, a storage problem names a directory).
    public static func text(for kind: ReminderKind, messages: Messages = .english) -> Messages.Text? {
        switch kind {
        case .daily: (messages("Workout Time!"), messages("Your workout awaits."))
        case .restWarning: (messages("Rest ends soon"), messages("Get ready for your next set."))
        case .restOver: messages.session.restOver(next: nil)
        case .workoutComplete: (messages("Workout complete 🎉"), messages("Great work!"))
        case .step: (messages("Next step"), messages("Your workout moves on."))
        case .stepEnding: (messages("Next step soon"), messages("Your workout moves on."))
        case .pausedWorkout: (messages("Paused workout"), messages("Your workout is still open. Resume?"))
        case .personalRecord: (messages("New personal record! 🎉"), messages("Your training is paying off."))
        case .streakAtRisk: (messages("Streak at risk 🔥"), messages("Train today to keep your streak."))
        case .overloadSuggestion: (messages("Time for more weight? 💪"), messages("A lift is ready for more weight."))
        case .restAdvice, .milestone, .storageProblem: nil
        // The rest name nothing private as they are.
        default: ReminderContent.withoutValues(kind)?.text(messages)
        }
    }

    /// `reminder` with generic texts.
    public static func redacted(_ reminder: Reminder, messages: Messages = .english) -> Reminder {
        guard let text = text(for: reminder.kind, messages: messages) else { return reminder }
        var reminder = reminder
        reminder.content = .fixed(title: text.title, body: text.body)
        return reminder
    }

    /// A session's title as a shared screen may show it (the resident session card, `status`).
    public static func sessionTitle(_ kind: SessionKind, messages: Messages = .english) -> String {
        switch kind {
        case .rest: messages("Rest")
        case .hiit: messages("HIIT")
        case .walkrun: messages("Walk/Run")
        case .strength: messages("Workout")
        case .circuit: messages("Circuit")
        }
    }
}
