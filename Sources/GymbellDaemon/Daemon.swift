import Foundation
import GymbellCore
import GymbellDesktop
import GymbellStore
import Logging

/// The daemon's engine: owns the agenda, shows reminders when they fall due, answers commands.
/// Runs on the main loop's one thread; `now` comes from the injected clock, never from deep inside.
public final class Daemon {
    public struct Environment {
        public var clock: () -> Date
        public var timeZone: () -> TimeZone
        public var launch: ([String]) throws -> Void
        public var newID: () -> String
        /// Translations of the reminder texts (gettext in the daemon).
        public var messages: Messages
        /// Whether an optional helper program (`spd-say`) is installed.
        public var isInstalled: (String) -> Bool
        /// The installed app icon's file, shown on notifications (nil: the icon's name in the theme).
        public var iconFile: String?

        public init(
            clock: @escaping () -> Date = Date.init,
            timeZone: @escaping () -> TimeZone = { TimeZone.current },
            launch: @escaping ([String]) throws -> Void = { _ = try ProcessLauncher.spawn($0) },
            newID: @escaping () -> String = { UUID().uuidString.lowercased() },
            messages: Messages = .english,
            isInstalled: @escaping (String) -> Bool = ProcessLauncher.isInstalled,
            iconFile: String? = nil
        ) {
            self.iconFile = iconFile
            self.messages = messages
            self.isInstalled = isInstalled
            self.clock = clock
            self.timeZone = timeZone
            self.launch = launch
            self.newID = newID
        }
    }

    public private(set) var loaded: LoadedConfig
    let store: StateStore
    let presenter: Presenter
    private let timer: RealtimeTimer
    let environment: Environment
    let logger: Logger

    /// The session's latest reminder that fell due, until a command supersedes it (a set done, a new
    /// rest): its text is what the session's notification says. `endsSession`: it was the last word.
    var currentTransition: (reminder: Reminder, endsSession: Bool)?
    /// Reminders handed to the notification server and not yet taken by it. They stay in the store
    /// until it takes them (a restart delivers them again; one the server took is never shown twice),
    /// but are not due again in this process.
    var inFlight: Set<ReminderID> = []
    /// Taken by the server, not yet removed from the store (a write that failed): removed next time.
    var deliveredNotRemoved: Set<ReminderID> = []
    /// The server's id of the session's notification, as last stored.
    var storedNoticeID: (session: SessionID, id: UInt32)?
    /// The next daily reminder the timer is also armed for.
    private var nextDaily: PlannedDaily?
    /// The next instant a history rule (paused workout, rest-day advice) has something to do.
    var nextSmartCheck: Date?
    /// The storage problem the user was last told about (told once, until it is over).
    var toldStorageProblem: StorageProblem?

    public init(
        config: LoadedConfig, store: StateStore, notifier: Notifier, sounds: SoundPlayer, timer: RealtimeTimer,
        environment: Environment = Environment(), logger: Logger
    ) {
        loaded = config
        self.store = store
        self.timer = timer
        self.environment = environment
        self.logger = logger
        presenter = Presenter(
            notifier: notifier, sounds: sounds, sound: config.config.sound, messages: environment.messages, icon: environment.iconFile,
            logger: logger)
        presenter.onAction = { [unowned self] target, key in self.actionInvoked(on: target, key: key) }
        presenter.onSessionServerID = { [unowned self] session, id in self.sessionNotice(session, isShownAs: id) }
        presenter.sessionRunning = { [unowned self] in (try? self.store.activeSession()) != nil }
    }

    var config: Config { loaded.config }
    var messages: Messages { environment.messages }
    var now: Date { environment.clock() }

    // MARK: The agenda

    /// Shows what is due, plans the next daily reminder and arms the timer for the earliest instant.
    /// Called at start-up, when the timer fires, on a clock jump, after every command and reload.
    public func reevaluate() {
        let now = self.now
        let timeZone = environment.timeZone()
        store.saveUnsaved(at: now)  // changes kept in memory while the file could not be written
        do {
            if !deliveredNotRemoved.isEmpty {
                try store.remove(Array(deliveredNotRemoved))
                deliveredNotRemoved.removeAll()
            }
            let due = try store.reminders(dueAtOrBefore: now).filter { !inFlight.contains($0.id) }
            let policy = LatePolicy(dailyGrace: config.reminders.lateGrace)
            let (show, drop) = policy.partition(due: due, at: now)
            for reminder in drop {
                logger.info("skipped late reminder", metadata: ["id": "\(reminder.id)", "due": "\(ISO8601.format(reminder.due))"])
            }
            // Dropped on purpose (too late, or collapsed into the current one): gone from the agenda now;
            // the ones shown leave it when the server has taken them.
            try store.remove(drop.map(\.id))
            for reminder in show { try deliver(reminder, at: now, in: timeZone) }
            try finishSessionIfDone(at: now, in: timeZone)
            let pauseCheck = try checkPausedWorkout(at: now, in: timeZone)

            let history = try store.history(since: now.addingTimeInterval(-Self.historyHorizon))
            var decision = planner(history: history, at: now, in: timeZone).decide(at: now, state: try store.dailyState(), in: timeZone)
            if let daily = decision.fireNow {
                // Into the durable agenda first: it leaves it when the server has taken it, so a crash
                // before then (or no server on the bus) cannot lose it although the day is marked handled.
                let reminder = daily.reminder()
                try store.add(reminder)
                try deliver(reminder, at: now, in: timeZone)
            }
            let adviceCheck = try checkRestAdvice(at: now, state: &decision.state, history: history, in: timeZone)
            try store.save(decision.state)
            nextDaily = decision.next
            nextSmartCheck = [pauseCheck, adviceCheck].compactMap { $0 }.min()
        } catch {
            logger.error("state database error: \(error)")
        }
        tellStorageProblem(at: now)
        arm()
        refreshSessionNotice(at: now)
    }

    /// Before exit: take the session's notification off the screen (a restart shows it again).
    public func shutdown() {
        presenter.endSession(leavingCompletion: currentTransition?.endsSession ?? false)
    }

    /// The notification server (re)appeared on the bus: learn what it can do, show what waited and
    /// the session's notification as this server should show it.
    public func notificationServerAppeared() {
        presenter.serverAppeared { [weak self] in
            guard let self else { return }
            refreshSessionNotice(at: now)
        }
    }

    public func notificationServerVanished() { presenter.serverVanished() }

    private func arm() {
        var candidates: [Date] = []
        if let due = try? store.earliestDue() {
            // A reminder with the server is due but not again: wake for the next one after it.
            if due <= now, !inFlight.isEmpty {
                let waiting = ((try? store.pendingReminders()) ?? []).filter { !inFlight.contains($0.id) }
                if let next = waiting.map(\.due).min() { candidates.append(next) }
            } else {
                candidates.append(due)
            }
        }
        if let daily = nextDaily { candidates.append(daily.occurrence) }
        if let smart = nextSmartCheck { candidates.append(smart) }
        if let retry = store.nextSaveAttempt { candidates.append(retry) }
        do {
            try timer.arm(at: candidates.min())
        } catch {
            logger.critical("cannot arm the timer: \(error)")
        }
    }

    /// A session whose timeline has run out (or whose last set is done) is recorded as completed,
    /// and the milestones it reaches are celebrated.
    private func finishSessionIfDone(at now: Date, in timeZone: TimeZone) throws(StoreError) {
        guard let session = try store.activeSession() else { return }
        if case .strength(let progress) = session.detail, !progress.isComplete { return }  // waits for the next set
        if try store.reminders(of: session.id).isEmpty {  // its last reminder, too, was taken by the server
            // A timeline that ran out while the daemon was away ended at its planned end, not now.
            try store.finish(session.id, at: session.kind == .strength ? now : min(now, session.endsAt))
            logger.info("session finished", metadata: ["session": "\(session.id)", "kind": "\(session.kind.rawValue)"])
            try celebrateMilestones(of: session.id, at: now, in: timeZone)
        }
    }

    /// The daily reminder planner, with the times learned from `history` when `time = "auto"`.
    func planner(history: [HistoryEntry], at now: Date, in timeZone: TimeZone) -> DailyPlanner {
        DailyPlanner(config: config, messages: messages, history: history, now: now, in: timeZone)
    }

    /// How far back the rules that run on every re-plan look (learned time, rest-day advice).
    static let historyHorizon: TimeInterval = 400 * 86_400

    /// The server took a reminder: it leaves the durable agenda. The session it ended is finished then.
    func delivered(_ id: ReminderID, endsSession: Bool) {
        inFlight.remove(id)
        do {
            try store.remove([id])
        } catch {
            deliveredNotRemoved.insert(id)
            logger.error("state database error: \(error)")
        }
        if endsSession { reevaluate() }
    }

    // MARK: Actions on notifications

    private func actionInvoked(on target: Presenter.Target, key: String) {
        switch target {
        case .session(let id):
            logger.info("session action invoked", metadata: ["action": "\(key)"])
            // A lingering notification of a session that has ended acts on nothing.
            guard let session = try? store.activeSession(), session.id == id else { return }
            switch key {
            case SessionNotice.setDoneAction: _ = try? setDone()
            case ReminderAction.defaultClick.key where session.kind == .strength: _ = try? setDone()
            case SessionNotice.stopAction: _ = try? stop()
            default: break
            }
        case .reminder(let reminder) where reminder.kind == .pausedWorkout:
            logger.info("action invoked", metadata: ["id": "\(reminder.id)", "action": "\(key)"])
            // Its buttons act on the workout it is about, never on one started since.
            guard reminder.sessionID != nil, (try? store.activeSession())?.id == reminder.sessionID else {
                presenter.close { $0.id == reminder.id }
                return
            }
            switch key {
            case ReminderAction.resume.key, ReminderAction.defaultClick.key: _ = try? resume()
            case ReminderAction.endWorkout.key: _ = try? stop()
            default: return
            }
            presenter.close { $0.id == reminder.id }
        case .reminder(let reminder):
            logger.info("action invoked", metadata: ["id": "\(reminder.id)", "action": "\(key)"])
            switch key {
            case ReminderAction.snooze.key:
                _ = try? snooze(minutes: nil)
            case ReminderAction.start.key:
                _ = try? startWorkout(named: nil)
            case ReminderAction.defaultClick.key:
                // A click on the reminder starts the workout, unless one is already under way.
                if (try? store.activeSession()) == nil { _ = try? startWorkout(named: nil) }
            default:
                return
            }
            presenter.close { $0.id == reminder.id }
        }
    }

    // MARK: Commands (the D-Bus interface calls these)

    /// Starts a rest timer of `seconds` (the configured default when nil), replacing any session.
    /// During a strength workout the rest belongs to it and its end says which set comes next.
    public func rest(seconds: TimeInterval?) throws(CommandError) -> Date {
        let seconds = seconds ?? config.rest.defaultDuration
        guard seconds >= 1 else { throw .invalidArgument("a rest must last at least 1 second, not \(DurationText.format(seconds))") }
        guard seconds <= Limits.rest.upperBound else {
            throw .invalidArgument("a rest can last at most 24 hours, not \(DurationText.format(seconds))")
        }
        let now = self.now
        currentTransition = nil  // a new rest supersedes whatever the last one said
        if var session = try run({ () throws(StoreError) in try store.activeSession() }), case .strength(var progress) = session.detail,
            !progress.isComplete
        {
            let restID = SessionID("\(session.id)-rest\(Int(now.timeIntervalSince1970 * 1000))")
            let reminders = SessionPlanner.rest(
                id: restID, seconds: seconds, startingAt: now, warnBefore: config.rest.warnBefore,
                next: progress.nextSetDescription(messages), messages: messages
            ).reminders.map { reminder in
                var reminder = reminder
                reminder.sessionID = session.id
                return reminder
            }
            progress.restUntil = now.addingTimeInterval(seconds)
            session.detail = .strength(progress)
            session.endsAt = now.addingTimeInterval(seconds + progress.remainingPlannedRest)
            try run { () throws(StoreError) in try store.replan(SessionPlan(session: session, reminders: reminders), progressAt: now) }
            reevaluate()
            return now.addingTimeInterval(seconds)
        }
        let plan = SessionPlanner.rest(
            id: SessionID(environment.newID()), seconds: seconds, startingAt: now, warnBefore: config.rest.warnBefore,
            messages: messages)
        try run { () throws(StoreError) in try store.start(plan) }
        try markTrainedToday()
        reevaluate()
        return plan.session.endsAt
    }

    /// Moves the end of the running rest (and its warning) by `delta` seconds.
    public func adjustRest(by delta: TimeInterval) throws(CommandError) -> Date {
        let now = self.now
        let session = try run { () throws(StoreError) in try store.activeSession() }
        let pending = try session.map { session throws(CommandError) in try run { () throws(StoreError) in try store.reminders(of: session.id) } } ?? []
        guard var session, let over = pending.first(where: { $0.kind == .restOver }) else {
            throw .noSession("no rest is running; start one with `gymbell rest`")
        }
        let newEnd = over.due.addingTimeInterval(delta)
        guard newEnd.timeIntervalSince(now) >= 1 else {
            throw .invalidArgument(
                "the rest ends in \(DurationText.format(over.due.timeIntervalSince(now).rounded())); "
                    + "it cannot be shortened by \(DurationText.format(-delta))")
        }
        guard newEnd.timeIntervalSince(now) <= Limits.rest.upperBound else { throw .invalidArgument("a rest can last at most 24 hours") }
        let moved = pending.compactMap { reminder -> Reminder? in
            guard reminder.kind == .restOver || reminder.kind == .restWarning else { return reminder }
            var reminder = reminder
            reminder.due = reminder.due.addingTimeInterval(delta)
            // A warning that would now fall before the present is dropped.
            return reminder.kind == .restWarning && reminder.due <= now ? nil : reminder
        }
        if case .strength(var progress) = session.detail {
            progress.restUntil = newEnd
            session.detail = .strength(progress)
            session.endsAt = session.endsAt.addingTimeInterval(delta)
        } else {
            session.endsAt = newEnd
        }
        try run { () throws(StoreError) in try store.replan(SessionPlan(session: session, reminders: moved), progressAt: now) }
        if currentTransition?.reminder.kind == .restWarning { currentTransition = nil }  // its count is wrong now
        reevaluate()
        return newEnd
    }

    /// Records a finished set of the running strength workout: starts the rest that follows it,
    /// or completes the workout after its last set. Returns what comes next, as a sentence.
    public func setDone() throws(CommandError) -> String {
        let now = self.now
        guard var session = try run({ () throws(StoreError) in try store.activeSession() }), case .strength(var progress) = session.detail
        else {
            throw .noSession("no strength workout is running; start one with `gymbell start WORKOUT`")
        }
        let rest = progress.recordSet()
        currentTransition = nil  // "Rest over" is done with: the set it announced is recorded
        let reminders = StrengthPlanner.afterSet(
            session: session, progress: progress, rest: rest, warnBefore: config.rest.warnBefore, at: now, messages: messages)
        progress.restUntil = rest.map { now.addingTimeInterval($0) }
        session.detail = .strength(progress)
        session.endsAt = now.addingTimeInterval((rest ?? 0) + progress.remainingPlannedRest)
        presenter.close { $0.kind == .pausedWorkout }
        try run { () throws(StoreError) in try store.replan(SessionPlan(session: session, reminders: reminders), progressAt: now) }
        reevaluate()
        guard let rest, let next = progress.nextSetDescription(messages) else {
            return "Workout complete: \(progress.totalSetsDone) sets of \(session.title)"
        }
        return "Set recorded. Rest \(DurationText.format(rest)); next: \(next)"
    }

    /// Starts a HIIT or walk/run session planned whole from now (`workout`: its `[workouts]` name).
    public func startInterval(_ plan: SessionPlan, workout: String? = nil) throws(CommandError) -> SessionPlan {
        try run { () throws(StoreError) in try store.start(plan, workout: workout) }
        currentTransition = nil
        try markTrainedToday()
        reevaluate()
        return plan
    }

    public func hiit(_ plan: HIITPlan, title: String? = nil, workout: String? = nil) throws(CommandError) -> SessionPlan {
        try Limits.check(plan)
        return try startInterval(SessionPlanner.hiit(
            id: SessionID(environment.newID()), plan: plan, title: title, startingAt: now, messages: messages), workout: workout)
    }

    public func walkRun(_ plan: WalkRunPlan, title: String? = nil, workout: String? = nil) throws(CommandError) -> SessionPlan {
        try Limits.check(plan)
        return try startInterval(SessionPlanner.walkRun(
            id: SessionID(environment.newID()), plan: plan, title: title, startingAt: now, messages: messages), workout: workout)
    }

    /// Ends the active session; returns it and the reminders that were cancelled.
    public func stop() throws(CommandError) -> StatusReport {
        let now = self.now
        let session = try run { () throws(StoreError) in try store.activeSession() }
        let cancelled = try run { () throws(StoreError) in try store.stopSession(at: now) }
        currentTransition = nil
        presenter.close { $0.sessionID != nil }
        reevaluate()
        return StatusReport(session: session, pending: cancelled, nextDaily: nil, now: now, messages: messages)
    }

    /// Shows the daily reminder again after `minutes` (the configured snooze when nil).
    public func snooze(minutes: Int?) throws(CommandError) -> Reminder {
        let minutes = minutes ?? config.reminders.snoozeMinutes
        guard Limits.snoozeMinutes.contains(minutes) else {
            throw .invalidArgument("snooze for 1 to 1440 minutes, not \(minutes)")
        }
        let due = now.addingTimeInterval(Double(minutes) * 60)
        let text = messages.snoozed
        let reminder = Reminder(id: ReminderID("snooze"), kind: .snoozed, due: due, title: text.title, body: text.body)
        try run { () throws(StoreError) in try store.add(reminder) }  // one snooze at a time: same id replaces
        presenter.close { $0.kind.offersWorkoutActions }
        reevaluate()
        return reminder
    }

    /// No more daily reminder today (a pending snooze is cancelled too).
    public func skipToday() throws(CommandError) -> Date? {
        try quietenToday()
        reevaluate()
        return nextDaily?.occurrence
    }

    /// Starts a workout: the named one or today's planned one; interval workouts become a session.
    /// Runs `start_command` and counts today as trained (no more daily reminder today).
    @discardableResult
    public func startWorkout(named name: String?) throws(CommandError) -> String {
        let timeZone = environment.timeZone()
        let today = LocalDay(containing: now, in: timeZone)
        let workoutName = name ?? config.program[today.weekday]
        var description = "Workout started"
        if let workoutName {
            guard let workout = config.workouts[workoutName] else {
                let known = config.workouts.keys.sorted()
                throw .invalidArgument(
                    "no workout named \"\(workoutName)\" in \(loaded.origin)"
                        + (known.isEmpty ? "" : "; defined: \(known.joined(separator: ", "))"))
            }
            switch workout.kind {
            case .hiit(let plan): _ = try hiit(plan, title: workout.title, workout: workoutName)
            case .walkRun(let plan): _ = try walkRun(plan, title: workout.title, workout: workoutName)
            case .strength(let exercises):
                let (session, _) = StrengthPlanner.start(id: SessionID(environment.newID()), workout: workout, exercises: exercises, at: now)
                try run { () throws(StoreError) in try store.start(SessionPlan(session: session, reminders: []), workout: workoutName) }
                currentTransition = nil
            }
            description = "Started \(workout.title)"
        }
        try markTrainedToday()
        if !config.reminders.startCommand.isEmpty {
            do {
                try environment.launch(config.reminders.startCommand)
            } catch {
                logger.error("start_command failed: \(error)")
                description += "; start_command failed: \(error)"
            }
        }
        reevaluate()
        return description
    }

    /// A workout was started today: no more daily reminder today (seed 002).
    private func markTrainedToday() throws(CommandError) { try quietenToday() }

    /// No more daily reminder today: a pending snooze is cancelled and a daily reminder on screen closed.
    private func quietenToday() throws(CommandError) {
        let today = LocalDay(containing: now, in: environment.timeZone())
        try run { () throws(StoreError) in
            var state = try store.dailyState()
            state.quietDay = today
            try store.save(state)
            // A snooze, and daily reminders or rest-day advice held by quiet hours, are moot now.
            try store.remove(kinds: [.snoozed, .daily, .restDay, .restAdvice])
        }
        presenter.close { $0.kind.offersWorkoutActions }
    }

    /// The daily reminders of the next `days` days and the pending ones, in order.
    public func upcoming(days: Int) throws(CommandError) -> [UpcomingEntry] {
        guard Limits.upcomingDays.contains(days) else { throw .invalidArgument("list 1 to 366 days, not \(days)") }
        let now = self.now
        let state = (try? store.dailyState()) ?? DailyState()
        let history = (try? store.history(since: now.addingTimeInterval(-Self.historyHorizon))) ?? []
        let timeZone = environment.timeZone()
        // A daily reminder planned inside quiet hours comes when they end.
        let shownAt = { (due: Date) in self.config.quietHours?.release(for: due, in: timeZone) ?? due }
        let daily = planner(history: history, at: now, in: timeZone).upcoming(after: now, days: days, in: timeZone, excluding: state.quietDay)
            .map { UpcomingEntry(due: shownAt($0.occurrence), kind: $0.kind.rawValue, title: $0.title, body: $0.body, workout: $0.workoutName) }
        let horizon = now.addingTimeInterval(Double(days) * 86_400)
        let pending = (((try? store.pendingReminders()) ?? []) + upcomingSmartReminders(after: now, history: history, state: state, in: timeZone))
            .filter { $0.due <= horizon }
            .map { UpcomingEntry(due: $0.due, kind: $0.kind.rawValue, title: $0.title, body: $0.body, workout: nil) }
        return (daily + pending).sorted { $0.due < $1.due }
    }

    public func status() -> StatusReport {
        let session = try? store.activeSession()
        let pending = (try? store.pendingReminders()) ?? []
        return StatusReport(
            session: session, pending: pending, nextDaily: nextDaily?.occurrence, now: now, messages: messages, storage: store.problem)
    }

    /// Applies a new config; an invalid one is refused and the one in force stays.
    public func apply(_ newConfig: LoadedConfig) {
        let previousQuietHours = config.quietHours
        loaded = newConfig
        if previousQuietHours != newConfig.config.quietHours {
            rehold(heldBy: previousQuietHours)
        }
        presenter.apply(sound: newConfig.config.sound)
        logger.info("config applied", metadata: ["from": "\(newConfig.origin)"])
        reevaluate()
    }

    @discardableResult
    func run<T>(_ body: () throws(StoreError) -> T) throws(CommandError) -> T {
        do { return try body() } catch { throw .failed("the state database failed: \(error)") }
    }
}
