import Foundation

/// The reminders the history-based rules of seed 002 give: not part of a running timeline, each
/// optional in `[reminders]`, all held by quiet hours.
public enum SmartReminderKind: String, Codable, Sendable, CaseIterable {
    /// "Paused workout: …" with Resume / End workout (`pause_after`).
    case pausedWorkout = "paused_workout"
    /// "Good rest day! 🌙" (`rest_after_days`, `rest_advice_time`).
    case restAdvice = "rest_advice"
    /// "Milestone reached 🏆" right after a session completes (`milestones`).
    case milestone

    /// The freedesktop `category` hint.
    public var category: String {
        switch self {
        case .pausedWorkout: "x-gymbell.session"
        case .restAdvice, .milestone: "x-gymbell.daily"
        }
    }

    public var actions: [ReminderAction] {
        switch self {
        case .pausedWorkout: [.resume, .endWorkout]
        case .restAdvice, .milestone: []
        }
    }
}

/// One reminder a smart rule wants shown, with an absolute due instant.
public struct SmartReminder: Hashable, Sendable {
    public let id: ReminderID
    public let kind: SmartReminderKind
    public var due: Date
    public var title: String
    public var body: String
    /// The session it is about (paused workout, milestone).
    public var sessionID: SessionID?

    public init(id: ReminderID, kind: SmartReminderKind, due: Date, title: String, body: String, sessionID: SessionID? = nil) {
        self.id = id
        self.kind = kind
        self.due = due
        self.title = title
        self.body = body
        self.sessionID = sessionID
    }

    public var actions: [ReminderAction] { kind.actions }
}

extension ReminderAction {
    /// Paused workout: carry on with the session.
    public static let resume = ReminderAction(key: "resume", label: "Resume")
    /// Paused workout: end it now (recorded as stopped).
    public static let endWorkout = ReminderAction(key: "end", label: "End workout")
}
