import FoundationEssentials

/// The daemon's decisions, as one pure function: `handle(event, at:)` takes the state, the event, the
/// instant and the time zone, and gives the new state and the effects to carry out (DESIGN.md §2).
/// Nothing here reads a clock, a file or the bus; the daemon interprets the effects.
public struct Engine: Sendable {
    public private(set) var state: EngineState
    public private(set) var context: EngineContext

    /// The set log's summary, when the daemon read it on another thread during start-up (issue 33):
    /// given before the first event, so every decision sees it.
    public mutating func adopt(progress: ProgressSummary) { state.progress = progress }

    public init(state: EngineState, context: EngineContext) {
        self.state = state
        self.context = context
    }

    /// What handling an event gave: the effects in order, and a command's answer.
    public struct Outcome: Equatable, Sendable {
        public var effects: [Effect]
        public var reply: Result<CommandReply, CommandError>?
    }

    /// Handles `event` at `moment`. A refused command changes nothing and has no effects.
    public mutating func handle(_ event: Event, at moment: Moment) -> Outcome {
        state.sessions.use(moment.timeZone)  // the sessions' local days, once per time zone
        if case .configApplied(let config, let origin) = event {
            let previous = context.config
            context.config = config
            context.configOrigin = origin
            var turn = Turn(state: takeState(), moment: moment, context: context)
            DailyRules.configApplied(previousQuietHours: previous.quietHours, origin: origin, &turn)
            AttentionRules.changed(&turn)  // `[attention]` may hold less now
            return commit(turn, reply: nil)
        }
        // The state is moved into the turn, not copied: the agenda is changed in place (10 000 pending
        // cost no copy per event).
        var turn = Turn(state: takeState(), moment: moment, context: context)
        if case .command(let command) = event {
            do {
                let reply = try Commands.run(command, &turn)
                return commit(turn, reply: .success(reply))
            } catch {
                // Every command checks all it needs before its first change, so a refusal leaves the
                // state as it was (EngineSessionTests.aRefusedCommandChangesNothing).
                assert(turn.effects.isEmpty, "\(command) changed the state before it was refused")
                state = turn.state
                return Outcome(effects: [], reply: .failure(error))
            }
        }
        switch event {
        case .tick:
            if let retry = turn.state.storageRetry, retry <= moment.now {
                // Asked for once: the daemon answers with the next attempt's instant (storageChanged).
                turn.state.storageRetry = nil
                turn.effects.append(.retrySaving)
            }
            AttentionRules.unknownWaitOver(&turn)
            Agenda.reevaluate(&turn)
        case .command, .configApplied:
            break  // handled above
        case .action(let target, let key):
            Actions.invoked(on: target, key: key, &turn)
        case .delivered(let id):
            Agenda.delivered(id, &turn)
        case .notShown(let reminder):
            StandaloneNotices.notShown(reminder, &turn)
        case .sessionNoticeShown(let session, let id):
            guard turn.state.running(session) != nil, turn.state.session?.noticeID != id else { break }
            turn.write(.setNoticeID(id, of: session))
        case .serverAppeared(let server):
            turn.state.server = server
            StandaloneNotices.serverAppeared(&turn)
            Agenda.refreshSessionNotice(&turn)
        case .serverVanished:
            turn.state.server = .unknown
        case .screenLocked(let locked):
            turn.state.screenLocked = locked
            AttentionRules.changed(&turn)
        case .doNotDisturb(let on):
            turn.state.doNotDisturb = on
            AttentionRules.changed(&turn)
            if turn.state.session != nil { Agenda.refreshSessionNotice(&turn) }  // critical, or not, from now on
        case .criticalShownDuringDoNotDisturb(let shown):
            turn.state.criticalShownDuringDoNotDisturb = shown
            if turn.state.doNotDisturb, turn.state.session != nil { Agenda.refreshSessionNotice(&turn) }
        case .away(let away):
            turn.state.away = away
            AttentionRules.changed(&turn)
        case .attentionUnknown(let facts):
            AttentionRules.unknown(facts, &turn)
        case .storageChanged(let problem, let retry):
            turn.state.storage = problem
            turn.state.storageRetry = retry
            SmartRules.tellStorage(&turn)
            Agenda.arm(&turn)
        case .stateReloaded(let stored):
            StateReload.adopt(stored, &turn)
        case .syncChanged(let status):
            turn.state.sync = status
        case .weekRead(let reading):
            WeeklySummaryRule.show(reading, &turn)
        case .shutdown:
            turn.effects.append(.endSessionNotice(leavingCompletion: turn.state.transition?.endsSession ?? false))
        }
        return commit(turn, reply: nil)
    }

    /// What the media player shows: the running session; none without one. But a locked screen keeps
    /// the player that it shows, stopped and with no track, until it is unlocked: Plasma 5.27's lock
    /// screen follows no player again once the last one has left the bus while it is open, so the next
    /// session would not show there. (An unlocked desktop never sees that idle player; GNOME, which
    /// hides a player that cannot play, would not show it either.)
    static func nowPlaying(_ turn: Turn) -> NowPlaying? {
        guard turn.config.mprisEnabled else { return nil }
        if let active = turn.state.session {
            return NowPlaying.make(session: active.session, now: turn.now, messages: turn.messages, privateMode: turn.config.reminders.privateMode)
        }
        return turn.state.screenLocked && turn.state.nowPlaying != nil ? .idle : nil
    }

    /// The state, leaving an empty one in its place until the turn is committed.
    private mutating func takeState() -> EngineState {
        var taken = EngineState(stored: StoredState())
        swap(&taken, &state)
        return taken
    }

    private mutating func commit(_ turn: Turn, reply: Result<CommandReply, CommandError>?) -> Outcome {
        var turn = turn
        let playing = Self.nowPlaying(turn)
        if playing != turn.state.nowPlaying {
            turn.state.nowPlaying = playing
            turn.effects.append(.nowPlaying(playing))
        }
        let keepOn = AttentionRules.keepsScreenOn(turn)
        if keepOn != turn.state.keepingScreenOn {
            turn.state.keepingScreenOn = keepOn
            turn.effects.append(.keepScreenOn(keepOn))
        }
        let readiness = SoundReadiness(nextSound: turn.state.nextInstant, now: turn.now, enabled: turn.config.sound.enabled)
        if readiness != turn.state.soundReadiness {
            turn.state.soundReadiness = readiness
            turn.effects.append(.sound(readiness))
        }
        state = turn.state
        return Outcome(effects: turn.effects, reply: reply)
    }
}

/// What the engine decides with besides its state: the config in force and the environment's facts.
public struct EngineContext: Sendable {
    public var config: Config
    /// Where the config came from, as messages name it (a path, or "built-in default").
    public var configOrigin: String
    /// Translations of the texts.
    public var messages: Messages
    /// Whether speech-dispatcher (`spd-say`) is installed.
    public var canSpeak: Bool
    /// Whether gymbell's window (gymbell-window, the package of its own) is installed: without it a
    /// click on the daily reminder's body starts the workout, as on mako and dunst.
    public var windowInstalled: Bool

    public init(
        config: Config, configOrigin: String, messages: Messages = .english, canSpeak: Bool = false, windowInstalled: Bool = false
    ) {
        self.config = config
        self.configOrigin = configOrigin
        self.messages = messages
        self.canSpeak = canSpeak
        self.windowInstalled = windowInstalled
    }
}

/// One event being handled: the state as it changes, and the effects decided so far.
struct Turn {
    var state: EngineState
    let moment: Moment
    let context: EngineContext
    var effects: [Effect] = []

    var now: Date { moment.now }
    var timeZone: Zone { moment.timeZone }
    var config: Config { context.config }
    var messages: Messages { context.messages }
    /// A click on the body of a reminder that offers a workout opens the window on Today: the server
    /// draws Start Workout as a button of its own, and the window is installed.
    var clickOpensWindow: Bool { state.server.clickOpensWindow && context.windowInstalled }

    /// A durable change: made to the state here, and handed to the daemon for the database.
    mutating func write(_ change: StoreChange) {
        if case .remove(let ids) = change, ids.isEmpty { return }
        state.apply(change)
        effects.append(.store(change))
    }

    mutating func log(_ level: LogEntry.Level, _ message: String, _ metadata: [String: String] = [:]) {
        effects.append(.log(LogEntry(level, message, metadata)))
    }

    mutating func close(_ filter: NoticeFilter) { StandaloneNotices.close(filter, &self) }

    /// The id of a session this event starts: the moment's fresh one. Without one (or with the running
    /// session's) the start is refused as the bug it is: a session written under an old id would
    /// replace that session in the history.
    func freshSessionID() throws(CommandError) -> SessionID {
        let id = SessionID(moment.newID)
        guard !moment.newID.isEmpty, id != state.session?.session.id else {
            throw .failed("internal error: no fresh id to start a session with (nothing was started or written)")
        }
        return id
    }

    /// Each weekday's latest starts, as far back as the learned time looks (`time = "auto"`).
    var learnedStarts: [Weekday: [Int]] {
        LearnedTime().latestStarts(state.sessions, now: now, since: now.addingTimeInterval(-LearnedTime.horizon), in: timeZone)
    }

    /// The daily reminder planner, with the times learned from the history when `time = "auto"`.
    var planner: DailyPlanner {
        let auto = config.reminders.autoTime
        return DailyPlanner(config: config, starts: auto ? learnedStarts : [:], overrides: state.overrides, snoozeMoves: auto ? snoozeMoves : [:])
    }

    /// Weekdays whose daily reminder is mostly snoozed, with when the person then starts (`SnoozeShift`).
    var snoozeMoves: [Weekday: Int] { SnoozeShift().movedStarts(state.outcomes, sessions: state.sessions, now: now, timeZone: timeZone) }

    /// Keeps what became of today's daily reminder (nil: nothing changed).
    mutating func keep(_ outcome: ReminderOutcome?) { if let outcome { write(.keepOutcome(outcome)) } }

    var today: LocalDay { LocalDay(containing: now, in: timeZone) }
}
