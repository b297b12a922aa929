import Foundation
import GymbellCore
import GymbellDesktop

/// Turns a reminder into what the notification server is asked to show.
enum ReminderPresentation {
    static let desktopEntry = "io.github.gymbell.Gymbell"

    /// The request for `reminder`. A server known to lack `actions` gets no buttons and a body that
    /// says how to act from the command line instead.
    static func request(
        for reminder: Reminder, sound: SoundSettings, server: NotificationServerInfo? = nil, messages: Messages = .english
    ) -> NotificationRequest {
        let buttons = server?.supportsActions ?? true
        var body = reminder.body
        if !buttons, reminder.kind.offersWorkoutActions {
            body += "\n" + messages("Start: gymbell start · Snooze: gymbell snooze")
        }
        return NotificationRequest(
            summary: reminder.title,
            body: body,
            actions: buttons ? reminder.actions.map { (key: $0.key, label: messages($0.label)) } : [],
            category: reminder.kind.category,
            desktopEntry: desktopEntry,
            soundName: sound.enabled && sound.file == nil ? sound.name : nil,
            soundFile: sound.enabled ? sound.file : nil,
            urgency: reminder.kind.isSessionTransition ? .critical : .normal,
            // Reminders with buttons wait for an answer; the others are glanceable and go away.
            expireTimeout: reminder.actions.isEmpty ? nil : 0,
            resident: false, icon: desktopEntry)
    }

    static let setDoneAction = "set-done"
    static let stopAction = "stop"

    /// The resident notification of a running session: its phase, its end, a progress bar; silent.
    /// The command that plays the reminder sound when the server does not (no `sound` capability).
    static func soundCommand(for sound: SoundSettings) -> [String] {
        if let file = sound.file { return ["paplay", file] }
        return ["canberra-gtk-play", "--id", sound.name, "--description", "gymbell reminder"]
    }

    static func sessionCard(
        for session: Session, at now: Date, server: NotificationServerInfo? = nil, messages: Messages = .english,
        privateMode: Bool = false
    ) -> NotificationRequest {
        var actions: [(key: String, label: String)] = [(stopAction, messages("Stop"))]
        var body = messages(
            "{phase} · ends at {time}", ["phase": session.phase(at: now, messages: messages).capitalizedFirst, "time": clockTime(session.endsAt)])
        if case .strength(let progress) = session.detail {
            actions = [("default", messages("Set done")), (setDoneAction, messages("Set done")), (stopAction, messages("End workout"))]
            if privateMode {
                // No exercise names or weights on a shared screen: only how far along.
                body = messages("Set {n} of {count}", ["n": String(min(progress.totalSetsDone + 1, progress.totalSets)),
                                                       "count": String(progress.totalSets)])
            } else if let next = progress.nextSetDescription(messages) {
                if let restUntil = progress.restUntil, restUntil > now {
                    body = messages("Resting until {time}. Next: {next}", ["time": clockTime(restUntil), "next": next])
                } else {
                    body = messages("Now: {next}", ["next": next])
                }
            }
        }
        if !(server?.supportsActions ?? true) {
            body += "\n" + (session.kind == .strength ? messages("After each set: gymbell set-done") : messages("To stop: gymbell stop"))
            actions = []
        }
        return NotificationRequest(
            summary: privateMode ? PrivateMode.sessionTitle(session.kind, messages: messages) : session.title, body: body, actions: actions, category: "x-gymbell.session", desktopEntry: desktopEntry,
            soundName: nil, soundFile: nil, urgency: .low, expireTimeout: 0, resident: true,
            progressValue: session.percentDone(at: now), icon: desktopEntry)
    }

    private static func clockTime(_ date: Date) -> String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "HH:mm:ss"
        return formatter.string(from: date)
    }
}

extension String {
    fileprivate var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
