import FoundationEssentials

/// Everything the engine decides on. The durable part mirrors the state database (the daemon loads it
/// once at start-up and every change reaches the database as a `StoreChange` effect); the rest lives
/// as long as the process.
public struct EngineState: Equatable, Sendable {
    // MARK: Durable (the state database)

    /// Pending reminders, indexed; in due order.
    public var agenda: PendingReminders
    /// The running session, if any.
    public var session: ActiveSession?
    /// Of every session ever started, the running one included, what the rules decide with: its start
    /// and whether it completed (issue 33). The history itself is read from the state database.
    public var sessions: SessionMarks
    /// The daily reminder's memory.
    public var daily: DailyState
    /// What the rules need of the set log (its bests, the latest session's sets, the overload runs,
    /// the volume): the log itself stays in the state database (issue 33).
    public var progress: ProgressSummary
    /// Planned weights raised by "Next time" or `gymbell weights --set`, by exercise.
    public var overrides: [String: WeightOverride]
    /// When the overload suggestion of an exercise was last dismissed, by exercise.
    public var overloadDismissed: [String: Date]
    /// Each AMRAP workout's most rounds, by `[workouts]` name (issue 44).
    public var roundBests: [String: RoundsBest]
    /// What became of the daily reminders of the last two years (issue 47).
    public var outcomes: ReminderOutcomes

    // MARK: This process only

    /// The overload suggestions of the notifications on screen, by reminder: what "Next time" and
    /// "Dismiss" act on (a private-mode notification's text names none of them).
    public var overloadOffers: [ReminderID: [OverloadSuggestion]] = [:]

    /// The session's latest reminder that fell due, until a command supersedes it (a set done, a new
    /// rest): its text is what the session's notification says.
    public var transition: Transition?
    /// Reminders handed to the notification server and not yet taken by it, with whether each is the
    /// session's last word. They stay in the agenda until taken (a restart shows them again), but are
    /// not due again in this process.
    public var inFlight: [ReminderID: Bool] = [:]
    /// Reminders that stand on their own which no server took (none on the bus), oldest first, shown
    /// when a server appears; at most `maximumAwaitingServer` (the oldest goes first). A tracked one
    /// stays in the agenda meanwhile, but is not due again in this process.
    public var awaitingServer: [AwaitingServer] = []
    /// The next daily reminder the timer is also armed for.
    public var nextDaily: PlannedDaily?
    /// The next instant a history rule (paused workout, rest-day advice) has something to do.
    public var nextSmartCheck: Date?
    /// What the state database reports (nil: all is well), and what the user was last told.
    public var storage: StorageProblem?
    /// The synced folder as the daemon last told it (issue 48); nil without one.
    public var sync: SyncStatus?
    /// When the state database next tries to save what it keeps in memory (the timer is armed for it).
    public var storageRetry: Date?
    public var toldStorage: StorageProblem?
    /// What the notification server on the bus does with notifications.
    public var server: ServerProfile = .unknown
    /// The reminder a button last answered: Budgie 10.7 follows a button's ActionInvoked with `default`
    /// for the same click, which answers nothing more (it would open the window, or start a workout
    /// after Snooze).
    public var lastAnswered: ReminderID?
    /// The screen is locked (as the screen locker last said).
    public var screenLocked = false
    /// The notification server's Do Not Disturb is on (as the desktop last said).
    public var doNotDisturb = false
    /// A critical notification is still shown during Do Not Disturb, as the server's configuration says
    /// (mako's modes); nil: as the server's kind does.
    public var criticalShownDuringDoNotDisturb: Bool?
    /// The person is away from the computer (as the desktop's idle monitor last said).
    public var away = false
    /// Reminders held while the person is busy, away or locked (AttentionRules), in due order: they
    /// stay in the agenda (a restart keeps them) but are not due again until the person is back.
    public var held: [Reminder] = []
    /// Whether what is held was held for the person (Do Not Disturb, lock, away) at some point, not only
    /// while the desktop had not answered: then it is shown as one notification saying when it was due.
    public var heldForThePerson = false
    /// The facts the desktop has not answered yet (`.doNotDisturb`, `.screenLocked`, `.away`), as the
    /// daemon last said; what can wait waits for them until `attentionUnknownUntil` (AttentionRules).
    public var attentionUnknown: Set<HoldReason> = []
    /// The end of the wait for them (nil: none, or over).
    public var attentionUnknownUntil: Date?
    /// Whether the desktop was asked to keep the screen on, as last told to the daemon.
    public var keepingScreenOn = false
    /// What the media player shows, as last told to the daemon (nil: no player).
    public var nowPlaying: NowPlaying?
    /// Whether the daemon keeps the sound ready, as last told to it.
    public var soundReadiness: SoundReadiness = .released

    public static let maximumAwaitingServer = 50

    public struct AwaitingServer: Equatable, Sendable {
        public var reminder: Reminder
        /// It is in the agenda, and leaves it once a server has taken it.
        public var tracked: Bool
    }

    public struct Transition: Equatable, Sendable {
        public var reminder: Reminder
        /// It was the session's last word (the completion).
        public var endsSession: Bool
    }

    public init(stored: StoredState) {
        agenda = stored.agenda
        session = stored.session
        sessions = stored.sessions
        daily = stored.daily
        progress = stored.progress
        overrides = Dictionary(stored.overrides.map { ($0.exercise, $0) }, uniquingKeysWith: { _, last in last })
        overloadDismissed = stored.overloadDismissed
        roundBests = stored.roundBests
        outcomes = stored.outcomes
    }

    /// The session's running state, if `id` is the running session.
    public func running(_ id: SessionID?) -> ActiveSession? {
        guard let session, session.session.id == id else { return nil }
        return session
    }

    /// When the session's next reminder falls due: not one with the server, nor `besides`; nil while
    /// its timeline is paused.
    func nextDue(of session: SessionID, besides: ReminderID? = nil) -> Date? {
        agenda.of(session: session).first { $0.id != besides && isWaiting($0) }?.due
    }

    /// The earliest instant something can fall due: the next reminder not already with the server nor
    /// paused, the next daily reminder, the next check of a history rule, the next attempt to save
    /// what the state database keeps in memory. The timer is armed for it.
    var nextInstant: Date? {
        let waiting = agenda.first { isWaiting($0) }?.due
        return [waiting, nextDaily?.occurrence, nextSmartCheck, storageRetry, attentionUnknownUntil].compactMap { $0 }.min()
    }

    /// Whether a reminder can fall due in this process: it is not with the server, and its session's
    /// timeline is not paused (a paused session's reminders wait, unshifted, until it resumes).
    func isWaiting(_ reminder: Reminder) -> Bool {
        guard inFlight[reminder.id] == nil else { return false }
        if !awaitingServer.isEmpty, awaitingServer.contains(where: { $0.reminder.id == reminder.id }) { return false }
        if !held.isEmpty, held.contains(where: { $0.id == reminder.id }) { return false }
        guard let session = session?.session, session.pausedAt != nil else { return true }
        return reminder.sessionID != session.id
    }
}

/// The running session and what the database keeps beside it.
public struct ActiveSession: Equatable, Sendable {
    public var session: Session
    /// Its `[workouts]` name, when started from one.
    public var workout: String?
    /// The last sign of life (start, a set, a rest, resume): the paused-workout rule counts from it.
    public var lastProgressAt: Date
    /// Paused-workout reminders sent since then.
    public var pauseReminders: Int
    /// The notification server's id of the session's notification (kept across restarts).
    public var noticeID: UInt32?

    public init(session: Session, workout: String?, lastProgressAt: Date, pauseReminders: Int = 0, noticeID: UInt32? = nil) {
        self.session = session
        self.workout = workout
        self.lastProgressAt = lastProgressAt
        self.pauseReminders = pauseReminders
        self.noticeID = noticeID
    }
}

/// The durable state as read from the database at start-up.
public struct StoredState: Equatable, Sendable {
    /// Indexed as it is read (start-up moves thousands straight into place).
    public var agenda: PendingReminders
    public var session: ActiveSession?
    public var sessions: SessionMarks
    public var daily: DailyState
    public var progress: ProgressSummary
    public var overrides: [WeightOverride]
    public var overloadDismissed: [String: Date]
    public var roundBests: [String: RoundsBest]
    public var outcomes: ReminderOutcomes

    public init(
        agenda: PendingReminders = PendingReminders(), session: ActiveSession? = nil, sessions: SessionMarks = SessionMarks(),
        daily: DailyState = DailyState(), progress: ProgressSummary = ProgressSummary(), overrides: [WeightOverride] = [],
        overloadDismissed: [String: Date] = [:], roundBests: [String: RoundsBest] = [:], outcomes: ReminderOutcomes = ReminderOutcomes()
    ) {
        self.outcomes = outcomes
        self.agenda = agenda
        self.session = session
        self.sessions = sessions
        self.daily = daily
        self.progress = progress
        self.overrides = overrides
        self.overloadDismissed = overloadDismissed
        self.roundBests = roundBests
    }
}
