import FoundationEssentials

/// One resolved daily reminder: which day, at which instant, with which texts.
public struct PlannedDaily: Hashable, Sendable {
    public let day: LocalDay
    public let occurrence: Date
    public let kind: ReminderKind
    /// What it says, rendered when shown.
    public let content: ReminderContent
    /// The workout the program plans for that day, if any (the first by priority).
    public let workoutName: String?
    /// The other workouts other programmes plan that day (issue 47).
    public var also: [AlsoPlanned] { content.alsoPlanned }

    public var reminderID: ReminderID { ReminderID("daily-\(day)") }

    public func reminder() -> Reminder { Reminder(id: reminderID, kind: kind, due: occurrence, content: content) }

    public func text(_ messages: Messages) -> Messages.Text { content.text(messages) }
    /// In English: for logs and tests.
    public var title: String { text(.english).title }
    public var body: String { text(.english).body }
}

/// What the daemon remembers about daily reminders between runs.
public struct DailyState: Equatable, Sendable {
    /// The latest occurrence that was shown, skipped or deliberately passed over; never shown again.
    public var lastHandled: Date?
    /// A day on which no more daily reminder is wanted (`skip-today`, or a workout was started).
    public var quietDay: LocalDay?
    /// The last day whose rest-day advice was shown or passed over.
    public var restAdviceDay: LocalDay?
    /// The last day whose streak-at-risk warning was shown or passed over.
    public var streakWarnedDay: LocalDay?
    /// The day of the last weekly summary's slot that was shown or passed over (issue 47): once a week.
    public var weeklySummaryDay: LocalDay?

    public init(
        lastHandled: Date? = nil, quietDay: LocalDay? = nil, restAdviceDay: LocalDay? = nil, streakWarnedDay: LocalDay? = nil,
        weeklySummaryDay: LocalDay? = nil
    ) {
        self.weeklySummaryDay = weeklySummaryDay
        self.lastHandled = lastHandled
        self.quietDay = quietDay
        self.restAdviceDay = restAdviceDay
        self.streakWarnedDay = streakWarnedDay
    }
}

/// What to do about daily reminders at a given instant.
public struct DailyDecision: Equatable, Sendable {
    /// An occurrence due now (or late, within the grace window) to show at once.
    public var fireNow: PlannedDaily?
    /// The next occurrence to arm the timer for.
    public var next: PlannedDaily?
    /// The state after this decision (missed occurrences marked handled).
    public var state: DailyState
}

/// Resolves `[reminders]` + the programmes into daily reminders (DESIGN.md §3, §4): one a day, naming
/// every workout the programmes plan that day, first by priority.
public struct DailyPlanner: Sendable {
    public let settings: DailyReminderSettings
    public let plan: ProgrammePlan
    public let workouts: [String: WorkoutDefinition]
    /// `time = "auto"`: the reminder time learned per weekday (`LearnedTime`); weekdays left out use `time`.
    public let learnedTimes: [Weekday: LocalTime]
    /// The planned weights raised over the config's: the day's preview.
    public let overrides: [String: WeightOverride]
    /// `[kit]`: the preview's weights as the kit loads them.
    public let kit: Kit?

    /// What it plans says nothing yet: its content is rendered when shown.
    public init(config: Config, learnedTimes: [Weekday: LocalTime] = [:], overrides: [String: WeightOverride] = [:]) {
        settings = config.reminders
        self.overrides = overrides
        kit = config.kit
        plan = config.plan
        workouts = config.workouts
        self.learnedTimes = settings.autoTime ? learnedTimes : [:]
    }

    /// The planner with the times learned from `history` at `now` when `time = "auto"`.
    public init(config: Config, history: [HistoryEntry], now: Date, in timeZone: Zone, overrides: [String: WeightOverride] = [:]) {
        self.init(config: config, starts: LearnedTime().latestStarts(SessionMarks(entries: history), now: now, in: timeZone), overrides: overrides)
    }

    /// The planner with the times learned from each weekday's latest starts (`LearnedTime.latestStarts`).
    /// `snoozeMoves`: weekdays whose reminder is mostly snoozed, with when the person then starts (`SnoozeShift`).
    public init(config: Config, starts: [Weekday: [Int]], overrides: [String: WeightOverride] = [:], snoozeMoves: [Weekday: Int] = [:]) {
        var learned: [Weekday: LocalTime] = [:]
        if config.reminders.autoTime {
            let rule = LearnedTime()
            for weekday in Weekday.allCases {
                let planned = rule.reminderTime(settings: config.reminders, starts: starts[weekday] ?? [])
                learned[weekday] = SnoozeShift.applying(snoozeMoves[weekday], to: planned)
            }
        }
        self.init(config: config, learnedTimes: learned, overrides: overrides)
    }

    /// The time of the daily reminder on `weekday`.
    public func time(on weekday: Weekday) -> LocalTime { learnedTimes[weekday] ?? settings.time }

    /// The reminder planned for `day`, if that day gets one.
    public func planned(on day: LocalDay, in timeZone: Zone) -> PlannedDaily? {
        guard settings.enabled, settings.days.contains(day.weekday) else { return nil }
        let occurrence = day.instant(at: time(on: day.weekday), in: timeZone)
        if plan.isEmpty {
            return PlannedDaily(day: day, occurrence: occurrence, kind: .daily, content: .daily(workout: nil), workoutName: nil)
        }
        let planned = plan.workouts(on: day)
        if let first = planned.first {
            let name = first.workout
            let also = AlsoPlanned.after(first: planned, titles: workouts)
            return PlannedDaily(
                day: day, occurrence: occurrence, kind: .daily,
                content: .daily(
                    workout: workouts[name]?.title ?? name,
                    preview: workouts[name].flatMap { WorkoutPreview.make($0, overrides: overrides, kit: kit, span: first.span, day: day) },
                    also: also.isEmpty ? nil : also),
                workoutName: name)
        }
        guard settings.restDays else { return nil }
        return PlannedDaily(day: day, occurrence: occurrence, kind: .restDay, content: .restDay, workoutName: nil)
    }

    /// The first planned reminder strictly after `instant` (looks up to two weeks ahead).
    public func next(after instant: Date, in timeZone: Zone, excluding quietDay: LocalDay? = nil) -> PlannedDaily? {
        let today = LocalDay(containing: instant, in: timeZone)
        for offset in -1...14 {
            let day = today.adding(days: offset)
            if day == quietDay { continue }
            if let planned = planned(on: day, in: timeZone), planned.occurrence > instant { return planned }
        }
        return nil
    }

    /// The daily reminders of the next `days` days after `instant`, in order (what `gymbell upcoming` lists).
    public func upcoming(after instant: Date, days: Int, in timeZone: Zone, excluding quietDay: LocalDay? = nil) -> [PlannedDaily] {
        let today = LocalDay(containing: instant, in: timeZone)
        return (0..<max(0, days)).compactMap { offset in
            let day = today.adding(days: offset)
            guard day != quietDay, let planned = planned(on: day, in: timeZone), planned.occurrence > instant else { return nil }
            return planned
        }
    }

    /// The last planned reminder at or before `instant`.
    public func latest(atOrBefore instant: Date, in timeZone: Zone) -> PlannedDaily? {
        let today = LocalDay(containing: instant, in: timeZone)
        for offset in stride(from: 1, through: -14, by: -1) {
            if let planned = planned(on: today.adding(days: offset), in: timeZone), planned.occurrence <= instant {
                return planned
            }
        }
        return nil
    }

    /// Decides at `now` whether an occurrence is due (on time or late within `late_grace`) and which is next.
    /// A first run (no state yet) starts counting from `now`: nothing before it counts as missed.
    /// An occurrence is shown at most once: everything at or before `lastHandled` is done.
    public func decide(at now: Date, state: DailyState, in timeZone: Zone) -> DailyDecision {
        var state = state
        let handledUntil = state.lastHandled ?? now
        if state.lastHandled == nil { state.lastHandled = now }
        var fireNow: PlannedDaily?
        if let latest = latest(atOrBefore: now, in: timeZone), latest.occurrence > handledUntil {
            if latest.day != state.quietDay, now.timeIntervalSince(latest.occurrence) <= settings.lateGrace {
                fireNow = latest
            }
            state.lastHandled = latest.occurrence
        }
        let after = max(now, state.lastHandled ?? now)
        return DailyDecision(fireNow: fireNow, next: next(after: after, in: timeZone, excluding: state.quietDay), state: state)
    }
}
