import GymbellCore
import GymbellDesktop

/// Turns a reminder into what the notification server is asked to show.
enum ReminderPresentation {
    static let desktopEntry = "io.github.gymbell.Gymbell"

    static func request(for reminder: Reminder, sound: SoundSettings) -> NotificationRequest {
        NotificationRequest(
            summary: reminder.title,
            body: reminder.body,
            actions: reminder.actions.map { (key: $0.key, label: $0.label) },
            category: reminder.kind.category,
            desktopEntry: desktopEntry,
            soundName: sound.enabled && sound.file == nil ? sound.name : nil,
            soundFile: sound.enabled ? sound.file : nil,
            urgency: reminder.kind.offersWorkoutActions ? .normal : .critical,
            // Daily reminders wait for an answer; transitions are glanceable and go away.
            expireTimeout: reminder.kind.offersWorkoutActions ? 0 : nil,
            resident: false)
    }
}
