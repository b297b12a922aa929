import FoundationEssentials

/// The daily reminder's commands and rules: snooze, skip today, start today's workout, and what a new
/// config changes.
enum DailyRules {
    /// Shows the daily reminder again after `minutes` (the configured snooze when nil).
    static func snooze(minutes: Int?, _ t: inout Turn) throws(CommandError) -> Reminder {
        let minutes = minutes ?? t.config.reminders.snoozeMinutes
        guard Limits.snoozeMinutes.contains(minutes) else { throw .invalidArgument("snooze for 1 to 1440 minutes, not \(minutes)") }
        // A day two programmes share keeps a Start for each when it comes back (issue 47).
        let also = alsoPlanned(today: t.today, t)
        let reminder = Reminder(
            id: ReminderID("snooze"), kind: .snoozed, due: t.now.addingTimeInterval(Double(minutes) * 60),
            content: also.isEmpty ? .snoozed : .snoozedAlso(also))
        t.write(.add(reminder))  // one snooze at a time: the same id replaces
        t.keep(OutcomeNoting.snoozed(on: t.today, t.state.outcomes))
        t.close(.offeringWorkout)
        Agenda.reevaluate(&t)
        return reminder
    }

    /// The workouts planned `today` after the first, by other programmes (issue 47).
    static func alsoPlanned(today: LocalDay, _ t: Turn) -> [AlsoPlanned] {
        AlsoPlanned.after(first: t.config.plan.workouts(on: today), titles: t.config.workouts)
    }

    /// No more daily reminder today (seed 002: also once a workout was started today): a pending snooze
    /// is cancelled and a daily reminder on screen closed.
    static func quietenToday(_ t: inout Turn) {
        var daily = t.state.daily
        daily.quietDay = LocalDay(containing: t.now, in: t.timeZone)
        if daily != t.state.daily { t.write(.saveDaily(daily)) }
        // A snooze, and daily reminders or rest-day advice held by quiet hours, are moot now.
        let moot: Set<ReminderKind> = [.snoozed, .daily, .restDay, .restAdvice]
        if t.state.agenda.contains(kindIn: moot) { t.write(.removeKinds(moot)) }
        t.close(.offeringWorkout)
    }

    /// Starts a workout: the named one or today's planned one; interval workouts become a session.
    /// Runs `start_command` and counts today as trained (no more daily reminder today).
    /// With no name on a rest day of a programme nothing starts, and the refusal says so (and names the
    /// workouts to choose from); with no programme at all, the daily reminder's Start only quietens
    /// today and runs `start_command`, and the reply says that no workout is tracked.
    static func startWorkout(named name: String?, _ t: inout Turn) throws(CommandError) -> String {
        let today = LocalDay(containing: t.now, in: t.timeZone)
        let plan = t.config.plan
        let planned = plan.workout(on: today)
        if name == nil, planned == nil, !plan.isEmpty {
            let known = t.config.workouts.keys.sorted()
            throw .invalidArgument(
                "today is a rest day in the programme: no workout started"
                    + (known.isEmpty ? "" : "; start one by name (`gymbell start NAME`): \(CommandError.listed(known))"))
        }
        var title: String?
        if let workoutName = name ?? planned {
            guard let workout = t.config.workouts[workoutName] else {
                let known = t.config.workouts.keys.sorted()
                throw .invalidArgument(
                    "no workout named \(CommandError.named(workoutName)) in \(t.context.configOrigin)"
                        + (known.isEmpty ? "" : "; defined: \(CommandError.listed(known))"))
            }
            let id = try t.freshSessionID()
            let plan: SessionPlan
            let applied = workout.applying(t.state.overrides, kit: t.config.kit)
            let warmUps = WarmUpRamp.exercises(of: applied, kit: t.config.kit)  // ramps run as warm-up steps
            // Every workout runs as steps; a plain strength workout, HIIT or walk/run says what it always said.
            switch workout.kind {
            case .hiit(let hiit): try Limits.check(hiit)
            case .walkRun(let walkRun): try Limits.check(walkRun)
            case .strength, .circuit, .amrap: break
            }
            let planned = WarmUpRamp.inserting(into: WorkoutTimeline.steps(of: applied), exercises: warmUps, kit: t.config.kit)
            try Limits.check(planned)
            let toBeat = t.config.progress.records ? t.state.roundBests[workoutName]?.rounds : nil
            plan = StepPlanner.start(
                id: id, workout: workout, steps: planned, at: t.now, countdown: t.config.sound.countdown, roundsToBeat: toBeat,
                warnBefore: t.config.rest.warnBefore)
            t.write(.start(plan, workout: workoutName))
            t.state.transition = nil
            title = workout.title
        }
        t.keep(OutcomeNoting.started(on: today, at: t.now, t.state.outcomes))  // with no programme too
        quietenToday(&t)
        if !t.config.reminders.startCommand.isEmpty {
            t.effects.append(.launch(t.config.reminders.startCommand, purpose: .startCommand))
        }
        Agenda.reevaluate(&t)
        let also = name != nil ? [] : alsoPlanned(today: today, t)
        return t.messages.startedReply(title: title, also: also)
    }

    /// A new config is in force: reminders held by the previous quiet hours follow the new ones, the
    /// sound settings are taken up, and everything is planned again.
    static func configApplied(previousQuietHours: QuietHours?, origin: String, _ t: inout Turn) {
        if previousQuietHours != t.config.quietHours { rehold(heldBy: previousQuietHours, &t) }
        t.effects.append(.soundSettings(t.config.sound))
        t.log(.info, "config applied", ["from": origin])
        Agenda.reevaluate(&t)
    }

    /// Reminders held until the end of the previous quiet hours wait for the new ones instead (or come
    /// now, when the new config has none or the present is not quiet).
    private static func rehold(heldBy previous: QuietHours?, _ t: inout Turn) {
        guard let previous else { return }
        let held = t.state.agenda.filter { reminder in
            // Held ones are due exactly at the end of a window of the previous quiet hours.
            QuietHours.holds(reminder.kind) && reminder.due > t.now
                && previous.window(containing: reminder.due.addingTimeInterval(-0.001), in: t.timeZone)?.upperBound == reminder.due
        }
        for reminder in held.sorted(by: { ($0.due, $0.id.rawValue) < ($1.due, $1.id.rawValue) }) {
            var moved = reminder
            moved.due = t.config.quietHours?.release(for: t.now, in: t.timeZone) ?? t.now
            t.write(.add(moved))
            t.log(.info, "held reminder moved by the new quiet hours", ["id": "\(reminder.id)", "due": ISO8601.format(moved.due)])
        }
    }
}
