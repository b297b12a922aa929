import FoundationEssentials

/// What a reminder is about; decides its texts, its actions and its late policy.
public enum ReminderKind: String, Codable, Sendable, CaseIterable {
    case daily
    case snoozed
    case restDay = "rest_day"
    case restWarning = "rest_warning"
    case restOver = "rest_over"
    case hiitWorkDone = "hiit_work_done"
    case hiitRestOver = "hiit_rest_over"
    case hiitComplete = "hiit_complete"
    case runDone = "run_done"
    case walkDone = "walk_done"
    case walkRunComplete = "walkrun_complete"
    case workoutComplete = "workout_complete"
    /// A workout of steps moves on: what starts now, and what after it (issue 44).
    case step
    /// A timed step's last seconds (`[sound] countdown`).
    case stepEnding = "step_ending"
    // Seed 002's smart reminders, from the history: each optional in `[reminders]`, all held by quiet hours.
    /// "Paused workout: …" with Resume / End workout (`pause_after`).
    case pausedWorkout = "paused_workout"
    /// "Good rest day! 🌙" (`rest_after_days`, `rest_advice_time`).
    case restAdvice = "rest_advice"
    /// "Milestone reached 🏆" right after a session completes (`milestones`).
    case milestone
    /// "New personal record! 🎉" right after a strength workout (`[progress] records`).
    case personalRecord = "personal_record"
    /// "Time for more weight? 💪" with Next time / Dismiss, right after a strength workout (`[progress] overload`).
    case overloadSuggestion = "overload_suggestion"
    /// "Streak at risk 🔥" in the evening of a planned training day without a session (`streak_warning`).
    case streakAtRisk = "streak_at_risk"
    case weeklySummary = "weekly_summary"  // "Your week", once a week (`weekly_summary`, issue 47)
    /// The state database cannot be written (or was damaged and replaced): told once, never stored.
    case storageProblem = "storage_problem"

    /// Reminders that belong to a workout session's timeline (cancelled with it, collapsed when overdue).
    public var isSessionTransition: Bool {
        switch self {
        case .daily, .snoozed, .restDay, .pausedWorkout, .restAdvice, .milestone, .personalRecord, .overloadSuggestion, .streakAtRisk, .storageProblem, .weeklySummary: false
        default: true
        }
    }

    /// A warning before a phase ends: passed over when that phase is skipped, never the target of a skip.
    public var isWarning: Bool { self == .restWarning || self == .stepEnding }

    /// A reminder from the history rules rather than the program or a running timeline.
    public var isSmart: Bool {
        self == .pausedWorkout || self == .restAdvice || self == .milestone || self == .personalRecord || self == .overloadSuggestion
            || self == .streakAtRisk
    }

    /// Daily-type reminders offer Start Workout and Snooze.
    public var offersWorkoutActions: Bool { self == .daily || self == .snoozed || self == .streakAtRisk }

    /// The freedesktop `category` hint.
    public var category: String {
        switch self {
        case .daily, .snoozed, .restDay, .restAdvice, .milestone, .personalRecord, .overloadSuggestion, .streakAtRisk, .storageProblem, .weeklySummary: "x-gymbell.daily"
        case .pausedWorkout: "x-gymbell.session"
        case .restWarning, .restOver: "x-gymbell.rest"
        default: "x-gymbell.interval"
        }
    }
}

/// One reminder with an absolute due instant.
public struct Reminder: Hashable, Sendable {
    /// Due order, then id: the order the agenda and the state database list reminders in.
    public static func dueOrder(_ a: Reminder, _ b: Reminder) -> Bool {
        a.due != b.due ? a.due < b.due : a.id.rawValue < b.id.rawValue
    }

    public let id: ReminderID
    public let kind: ReminderKind
    public var due: Date
    /// What it says, rendered through `Messages` when it is shown.
    public var content: ReminderContent
    /// The session this reminder belongs to, for session transitions.
    public var sessionID: SessionID?

    public init(id: ReminderID, kind: ReminderKind, due: Date, content: ReminderContent, sessionID: SessionID? = nil) {
        self.id = id
        self.kind = kind
        self.due = due
        self.content = content
        self.sessionID = sessionID
    }

    /// A reminder whose text is fixed (tests, and rows stored before contents were kept).
    public init(id: ReminderID, kind: ReminderKind, due: Date, title: String, body: String, sessionID: SessionID? = nil) {
        self.init(id: id, kind: kind, due: due, content: .fixed(title: title, body: body), sessionID: sessionID)
    }

    /// Its title and body in the language of `messages`.
    public func text(_ messages: Messages) -> Messages.Text { content.text(messages) }

    /// In English: for logs and tests. What a person sees goes through `text(_:)`.
    public var title: String { text(.english).title }
    public var body: String { text(.english).body }

    /// The same reminder, due `seconds` later (earlier when negative).
    public func moved(by seconds: TimeInterval) -> Reminder {
        var reminder = self
        reminder.due.addTimeInterval(seconds)
        return reminder
    }
}

/// The kind of workout session that is running.
public enum SessionKind: String, Codable, Sendable {
    case rest, hiit, walkrun, strength
    /// A circuit or an AMRAP (issue 44).
    case circuit
}

/// What a session is doing, kept with it so a restarted daemon knows the plan and the progress.
/// Every workout runs as steps (issue 44); one stored by an older gymbell is read as steps
/// (`StoredSessionDetail`).
public enum SessionDetail: Codable, Hashable, Sendable {
    case rest
    /// A workout of steps: every workout — strength, HIIT, walk/run, circuits, named intervals, timed
    /// sets, supersets, warm-up and cool-down.
    case steps(StepProgress)
}

/// The one active workout session. Its reminders are planned whole when it starts.
public struct Session: Hashable, Sendable {
    public let id: SessionID
    public let kind: SessionKind
    public var title: String
    public let startedAt: Date
    public var endsAt: Date
    public var detail: SessionDetail
    /// An interval session's timeline stands still since this instant (`gymbell pause`); nil while it runs.
    public var pausedAt: Date?
    /// How far an interval session's timeline has moved against the clock since its start: later by its
    /// pauses, earlier by the phases skipped.
    public var shift: TimeInterval

    public init(
        id: SessionID, kind: SessionKind, title: String, startedAt: Date, endsAt: Date, detail: SessionDetail? = nil,
        pausedAt: Date? = nil, shift: TimeInterval = 0
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.startedAt = startedAt
        self.endsAt = endsAt
        self.detail = detail ?? .rest
        self.pausedAt = pausedAt
        self.shift = shift
    }

    /// Whether the session runs by a timeline that can pause (HIIT, walk/run, a workout of steps).
    public var isInterval: Bool {
        switch detail {
        case .steps: true
        case .rest: false
        }
    }

    /// Time into the session's timeline at `now` (a workout of steps: into its running part): pauses
    /// left out, skipped phases counted.
    public func elapsed(at now: Date) -> TimeInterval {
        let clock = pausedAt.map { min($0, now) } ?? now
        return max(0, clock.timeIntervalSince(stepProgress?.startedAt ?? startedAt) - shift)
    }

    /// An interval timeline's whole length (pauses left out): rounds × (work + rest), repeats ×
    /// (run + walk); nil for a rest or a strength workout.
    public var timelineLength: TimeInterval? { intervalPlan?.length }

    /// An interval timeline has run its course by `now` (its completion is due or shown).
    public func isTimelineOver(at now: Date) -> Bool {
        guard let length = timelineLength else { return false }
        return length <= 0 || elapsed(at: now) >= length
    }

    /// The phase at `now`, as a person would say it: "work, round 2 of 5", "Bench Press — set 3 of 4".
    public func phase(at now: Date, messages: Messages = .english) -> String {
        let elapsed = elapsed(at: now)
        switch detail {
        case .rest:
            return now < endsAt ? messages("rest") : messages("rest over")
        case .steps(let progress):
            switch intervalPlan {
            case .hiit(let plan)?:
                return Self.intervalPhase(
                    elapsed: elapsed, first: plan.work, second: plan.rest, count: plan.rounds,
                    names: (messages("work, round {n} of {count}"), messages("rest, round {n} of {count}")), messages: messages)
            case .walkRun(let plan)?:
                return Self.intervalPhase(
                    elapsed: elapsed, first: plan.run, second: plan.walk, count: plan.repeats,
                    names: (messages("run, repeat {n} of {count}"), messages("walk, repeat {n} of {count}")), messages: messages)
            case nil: break
            }
            if let strength = strengthView(at: now) {
                guard let next = strength.nextSetDescription(messages) else { return messages("complete") }
                if let restUntil = strength.restUntil, now < restUntil { return messages("resting; next: {next}", ["next": next]) }
                return next
            }
            guard let step = currentStep(at: now) else { return messages("complete") }
            return StatusStep.phase(step, roundsDone: step.countsRounds ? progress.roundsCounted : nil, messages)
        }
    }

    /// Sets done by `now`, as the history records them: strength sets recorded, HIIT rounds and
    /// walk/run repeats whose work (run) phase has ended; 0 for a rest timer.
    public func setsDone(at now: Date) -> Int {
        let elapsed = elapsed(at: now)
        func finished(count: Int, first: TimeInterval, second: TimeInterval) -> Int {
            let cycle = first + second
            guard cycle > 0 else { return count }
            return min(count, Int(((elapsed + second) / cycle).rounded(.down)))
        }
        switch (detail, intervalPlan) {
        case (.rest, _): return 0
        case (_, .hiit(let plan)?): return finished(count: plan.rounds, first: plan.work, second: plan.rest)
        case (_, .walkRun(let plan)?): return finished(count: plan.repeats, first: plan.run, second: plan.walk)
        case (.steps(let progress), nil):
            let step = stepPosition(at: now)?.step ?? progress.index
            return progress.setsDone + progress.workSteps(progress.index..<max(progress.index, step))
        }
    }

    /// Progress through the session, 0…100 (the notification `value` hint).
    public func percentDone(at now: Date) -> Int {
        if let strength = strengthView(at: now) {
            return strength.totalSets == 0 ? 100 : strength.totalSetsDone * 100 / strength.totalSets
        }
        if intervalPlan == nil, let progress = stepProgress, let position = stepPosition(at: now) {
            return progress.steps.isEmpty ? 100 : min(100, position.step * 100 / progress.steps.count)
        }
        let total = endsAt.timeIntervalSince(startedAt) - shift
        guard total > 0 else { return 100 }
        return Int((min(1, elapsed(at: now) / total) * 100).rounded(.down))
    }

    private static func intervalPhase(
        elapsed: TimeInterval, first: TimeInterval, second: TimeInterval, count: Int, names: (String, String), messages: Messages
    ) -> String {
        let cycle = first + second
        guard cycle > 0, elapsed < Double(count) * cycle else { return messages("complete") }
        let k = Int((elapsed / cycle).rounded(.down))
        let within = elapsed - Double(k) * cycle
        return (within < first ? names.0 : names.1)
            .replacingAll("{n}", with: String(k + 1)).replacingAll("{count}", with: String(count))
    }
}
