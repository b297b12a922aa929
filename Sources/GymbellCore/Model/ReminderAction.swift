import FoundationEssentials

/// A button on a reminder. `default` is the click on the notification body.
public struct ReminderAction: Hashable, Sendable {
    public let key: String
    public let label: String
    /// What the button says where its label would be cut (ServerProfile.labelLimit); nil: the label.
    public let shortLabel: String?
    /// Left out first where the server shows fewer buttons than a notice has (ServerProfile.buttonLimit).
    public let isSecondary: Bool

    public init(key: String, label: String, shortLabel: String? = nil, isSecondary: Bool = false) {
        self.key = key
        self.label = label
        self.shortLabel = shortLabel
        self.isSecondary = isSecondary
    }

    /// The same button saying its short label.
    public var shortened: ReminderAction {
        ReminderAction(key: key, label: shortLabel ?? label, shortLabel: shortLabel, isSecondary: isSecondary)
    }

    /// The same button with its labels translated.
    func translated(_ messages: Messages) -> ReminderAction {
        ReminderAction(key: key, label: messages(label), shortLabel: shortLabel.map { messages($0) }, isSecondary: isSecondary)
    }

    public static let defaultClick = ReminderAction(key: "default", label: "Start Workout")
    public static let start = ReminderAction(key: "start", label: "Start Workout", shortLabel: "Start")
    /// Starts the workout named `workout` (a key of `[workouts]`): a daily reminder's button for a
    /// second programme's workout of the day (issue 47).
    public static func startKey(_ workout: String) -> String { "start:" + workout }
    /// The workout a `startKey` names; nil for any other key.
    public static func workout(startedBy key: String) -> String? {
        key.hasPrefix("start:") && key.count > 6 ? String(key.dropFirst(6)) : nil
    }
    /// The click on a daily reminder's body where it opens the window on Today
    /// (ServerProfile.clickOpensWindow): sent last, as `default`, so that xfce4-notifyd and
    /// lxqt-notificationd draw it as a button of its own and Budgie drops nothing after it.
    public static let openWindow = ReminderAction(key: "default", label: "Open gymbell", shortLabel: "Open")
    public static let snooze = ReminderAction(key: "snooze", label: "Snooze 1 hour", shortLabel: "Snooze")
    /// Paused workout: carry on with the session.
    public static let resume = ReminderAction(key: "resume", label: "Resume")
    /// Paused workout: end it now (recorded as stopped).
    public static let endWorkout = ReminderAction(key: "end", label: "End workout", shortLabel: "End")
    /// Personal records: the training report, opened at the (first) exercise.
    public static let details = ReminderAction(key: "details", label: "Details")
    /// Overload suggestion: plan the suggested weights from the next workout on.
    public static let nextTime = ReminderAction(key: "next-time", label: "Next time", shortLabel: "Accept")
    /// Overload suggestion: not now; asked again only when the rule holds afresh.
    public static let dismiss = ReminderAction(key: "dismiss", label: "Dismiss")
}
