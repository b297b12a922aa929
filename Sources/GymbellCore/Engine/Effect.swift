import FoundationEssentials

/// What the engine asks the daemon to carry out, in order.
public enum Effect: Equatable, Sendable {
    /// Write a change to the state database (the engine's own state has it already).
    case store(StoreChange)
    /// Show a reminder that stands on its own as `notice` (rendered by the engine for the server on the
    /// bus), with its sound. `tracked`: tell the engine when the server has taken it
    /// (`Event.delivered`), so that it leaves the agenda; when no server took it, tell it so
    /// (`Event.notShown`): it then waits for the next server in the engine.
    case present(Reminder, Notice, late: TimeInterval, tracked: Bool)
    /// Show (or replace in place) the one notification of the running session. `audible`: a reminder
    /// fell due, play its sound; `carries`: that reminder, delivered once the server has taken this;
    /// `resuming`: the server's id of the session's notification from before a restart.
    case showSession(Notice, of: SessionID, audible: Bool, late: TimeInterval, carries: ReminderID?, resuming: UInt32?)
    /// The session is over: its notification goes, unless it shows how the session ended.
    case endSessionNotice(leavingCompletion: Bool)
    /// Close the standalone reminders on screen that match (the engine has dropped those of its own
    /// that waited for a server).
    case close(NoticeFilter)
    /// Try again to save what the state database kept in memory (the engine's retry instant came).
    case retrySaving
    /// Sleep until this instant (nil: until something happens).
    case armTimer(Date?)
    /// Run a program (argv, no shell).
    case launch([String], purpose: LaunchPurpose)
    /// Play reminders' sounds with these settings from now on.
    case soundSettings(SoundSettings)
    /// Have the sound ready (the sound server connected, the sound cached) or let it go (SoundReadiness).
    case sound(SoundReadiness)
    case log(LogEntry)
    /// The media player shows this from now on (nil: no session, or `[mpris] enabled = false`: no player).
    case nowPlaying(NowPlaying?)
    /// Ask the desktop not to blank or lock the screen ("Workout in progress"), or end that request.
    case keepScreenOn(Bool)
    /// Write the training report and open it in the browser, at this exercise's section when given
    /// (`gymbell report --open --exercise NAME`, run by the daemon as a process of its own).
    case openReport(exercise: String?)
    /// Open gymbell's window (present it if it is open) on this page.
    case openWindow(WindowPage)
    /// Read the week's sessions, sets and records timeline from the state database and hand them back
    /// (`Event.weekRead`): the weekly summary is due (issue 47).
    case readWeek(WeekSpan)
}

/// A page of gymbell's window that the daemon can open it on.
public enum WindowPage: String, Equatable, Sendable {
    /// Today, or the running workout while one is under way.
    case today
    /// The Workouts window on its Progress page (the weekly summary's click).
    case progress
}

public enum LaunchPurpose: Equatable, Sendable {
    /// `[reminders] start_command`: a failure is told in the command's reply.
    case startCommand
    /// speech-dispatcher reading a reminder out: a failure is only logged.
    case voice
}

/// Which of the notifications on screen an effect is about.
public enum NoticeFilter: Equatable, Sendable {
    case kind(ReminderKind)
    /// Reminders that offer Start Workout / Snooze (daily, snoozed).
    case offeringWorkout
    /// Reminders of any session.
    case anySession
    case session(SessionID)
    /// Paused-workout reminders of any session but this one (nil: of every session).
    case pausedWorkoutOutside(SessionID?)
    case reminder(ReminderID)

    public func matches(_ reminder: Reminder) -> Bool {
        switch self {
        case .kind(let kind): reminder.kind == kind
        case .offeringWorkout: reminder.kind.offersWorkoutActions
        case .anySession: reminder.sessionID != nil
        case .session(let id): reminder.sessionID == id
        case .pausedWorkoutOutside(let id): reminder.kind == .pausedWorkout && reminder.sessionID != id
        case .reminder(let id): reminder.id == id
        }
    }
}

public struct LogEntry: Equatable, Sendable {
    public enum Level: String, Sendable { case debug, info, notice, warning, error }
    public var level: Level
    public var message: String
    public var metadata: [String: String]

    public init(_ level: Level, _ message: String, _ metadata: [String: String] = [:]) {
        self.level = level
        self.message = message
        self.metadata = metadata
    }
}
