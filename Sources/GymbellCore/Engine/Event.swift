import FoundationEssentials

/// What happens to the engine. Every event is handled at an instant in a time zone (`Moment`).
public enum Event: Equatable, Sendable {
    /// Look at the agenda: at start-up, when the timer fires, after the wall clock jumped, on resume
    /// from suspend, when the time zone changed.
    case tick
    case command(Command)
    /// The user chose an action on a notification.
    case action(on: NoticeTarget, key: String)
    /// The notification server has taken a reminder.
    case delivered(ReminderID)
    /// No server took a reminder that stands on its own (none on the bus, an error reply): it waits
    /// for the next server.
    case notShown(Reminder)
    /// The server shows the session's notification under this id of its own.
    case sessionNoticeShown(SessionID, id: UInt32)
    case serverAppeared(ServerProfile)
    case serverVanished
    case configApplied(Config, origin: String)
    /// The screen locker's state (`org.freedesktop.ScreenSaver` / `org.gnome.ScreenSaver` ActiveChanged,
    /// logind's LockedHint).
    case screenLocked(Bool)
    /// The notification server's Do Not Disturb (GNOME show-banners, Plasma Inhibited, dunst paused,
    /// xfce4-notifyd do-not-disturb) was switched on or off.
    case doNotDisturb(Bool)
    /// Whether a critical notification is still shown during the server's Do Not Disturb, where the
    /// server's own configuration says it (mako's modes, MakoConfig); nil: as the server's kind does
    /// (ServerProfile.showsCriticalDuringDoNotDisturb).
    case criticalShownDuringDoNotDisturb(Bool?)
    /// The person went away (no input for `[attention] away_after`) or came back.
    case away(Bool)
    /// The facts (`.doNotDisturb`, `.screenLocked`, `.away`) whose source was asked and has not answered
    /// yet (asked again meanwhile); empty: every source has answered. The engine decides what waits.
    case attentionUnknown(Set<HoldReason>)
    /// The state database's condition changed (nil: all is well again), or when it tries next to save
    /// what it keeps in memory (`retryAt`; nil: nothing to save).
    case storageChanged(StorageProblem?, retryAt: Date?)
    /// The synced folder's state changed (issue 48: a merge, a journal refused, the folder gone or back).
    case syncChanged(SyncStatus?)
    /// The daemon is about to exit.
    case shutdown
    /// The week a weekly summary asked for (`Effect.readWeek`), as the state database keeps it.
    case weekRead(WeekReading)
    /// The daemon changed the state database itself (an import, a restore) and read it again as at
    /// start-up: the engine takes it, keeping what only this process knows (StateReload).
    case stateReloaded(StoredState)
}

extension Event {
    /// Beside the state database's changes, what makes the window read again: a new config, the state
    /// read again (a merge, an import, a restore), the synced folder's state.
    public var changesWhatTheWindowShows: Bool {
        switch self {
        case .configApplied, .stateReloaded, .syncChanged: true
        default: false
        }
    }
}

/// What a notification on screen shows.
public enum NoticeTarget: Equatable, Sendable {
    case reminder(Reminder)
    case session(SessionID)
}

/// The commands of the control interface (one per CLI command).
public enum Command: Equatable, Sendable {
    /// A rest of `seconds` (the configured default when nil).
    case rest(seconds: TimeInterval?)
    case adjustRest(by: TimeInterval)
    case setDone
    /// A set done otherwise than planned: its reps, weight, or that it failed.
    case setDoneAs(SetCorrection)
    case hiit(HIITPlan, title: String?, workout: String?)
    case walkRun(WalkRunPlan, title: String?, workout: String?)
    /// The named workout, or today's planned one.
    case start(workout: String?)
    case stop
    /// Snooze for `minutes` (the configured snooze when nil).
    case snooze(minutes: Int?)
    case skipToday
    /// Carries on a paused strength workout, or a paused interval timeline.
    case resume
    /// Pauses an interval session's timeline.
    case pause
    /// Skips to the next phase (during a rest: ends it).
    case skip
    /// A media player's control, meaning what `TimelineCommands.command(for:)` says.
    case player(PlayerControl)
    case upcoming(days: Int)
    case status
    case history(days: Int)
    /// The sets logged in the last `days` days.
    case setLog(days: Int)
    /// Corrects set `id` of the log by the edit; `original`: the set as the log has it, read by the
    /// daemon (nil: the log has no set `id`).
    case correctSet(id: Int64, SetEdit, original: LoggedSet?)
    /// The planned weight of every weighted exercise, raised or as configured.
    case weights
    /// Plans `exercise` with `weight` (its unit) from the next workout on.
    case setWeight(exercise: String, weight: Double)
    /// The configured weights again for these exercises (every raised one when empty).
    case resetWeights([String])
    case stats
    /// Every exercise's best sets and the records of the whole log (the report's, issue 33). `earlier`:
    /// what the sessions before the latest one with sets beat, read by the daemon from the database
    /// (`StoreChange.keepRecords` wrote it); the engine adds the latest session's.
    case records(earlier: [RecordCandidate])
    case suggest
    case exportICS(weeks: Int)
}

/// A command's answer.
public enum CommandReply: Equatable, Sendable {
    /// When what was started (or moved) ends.
    case until(Date)
    /// A sentence for the terminal.
    case text(String)
    case session(SessionPlan)
    case stopped(StatusReport)
    case snoozed(Reminder)
    /// The next daily reminder after today (nil: none planned).
    case nextDaily(Date?)
    case upcoming([UpcomingEntry])
    case status(StatusReport)
    case history([HistoryEntry])
    case sets([LoggedSet])
    case weights([PlannedWeight])
    case stats(StatsReport)
    case records(RecordsReport)
    case suggest(SuggestReport)
    /// The programme's coming workouts, which the control interface answers as iCalendar text.
    case calendar(ProgramCalendar)
}

/// The instant an event is handled at, and what else the engine may not find out by itself.
public struct Moment: Sendable {
    public var now: Date
    public var timeZone: Zone
    /// A fresh id for whatever this event creates: a session started by a command, a notification's
    /// Start Workout, the media keys or the window. Every event gets one (issue 27: a session started
    /// from a notification once got "" and replaced the previous one in the history); the engine
    /// refuses to start a session without one.
    public var newID: String

    public init(now: Date, timeZone: Zone, newID: String) {
        self.now = now
        self.timeZone = timeZone
        self.newID = newID
    }
}
