import FoundationEssentials

/// Seed 002's reminders from the history — paused workout, rest-day advice, milestones — and telling
/// the user about the state database.
enum SmartRules {
    // MARK: Paused workout

    /// A strength workout without progress for `pause_after` gets "Paused workout", once more 24 h after
    /// its last progress, and is then recorded as abandoned. Returns when the rule next has work.
    /// (Interval sessions and rests run by themselves: they cannot pause.)
    static func checkPausedWorkout(_ t: inout Turn) -> Date? {
        guard let active = t.state.session, active.session.waitsForPerson(at: t.now) else { return nil }
        let session = active.session
        let rule = PauseRule(settings: t.config.reminders)
        var step = rule.next(lastProgressAt: active.lastProgressAt, alreadySent: active.pauseReminders, now: t.now)
        if step.abandonAt <= t.now {
            t.write(.abandon(session.id))
            t.close(.session(session.id))
            t.log(.info, "session abandoned", ["session": "\(session.id)", "last_progress": ISO8601.format(active.lastProgressAt)])
            return nil
        }
        if let due = step.reminder, due.due <= t.now {
            t.close(.kind(.pausedWorkout))
            Agenda.deliver(rule.reminder(due, for: session), &t)
            t.write(.notePauseReminder(due.number, of: session.id))
            step = rule.next(lastProgressAt: active.lastProgressAt, alreadySent: due.number, now: t.now)
        }
        return [step.reminder?.due, step.abandonAt].compactMap { $0 }.min()
    }

    // MARK: Rest-day advice

    /// "Good rest day! 🌙" after `rest_after_days` days of training in a row, on a day without a session
    /// yet, at `rest_advice_time`; once a day, late within `late_grace`. Returns the next advice's instant.
    /// "Streak at risk 🔥" at its time on a planned training day without a session (`StreakRiskRule`):
    /// once a day, shown late only within `late_grace`. Inside quiet hours it is passed over, since
    /// by their end the day is gone. Shown, it stands for that evening's rest-day advice too.
    static func checkStreakAtRisk(_ t: inout Turn, daily: inout DailyState) -> Date? {
        let rule = StreakRiskRule(config: t.config)
        let sessions = t.state.sessions
        let today = LocalDay(containing: t.now, in: t.timeZone)
        // Counted only once due (its streak is the text's): not on every event of the day before.
        if daily.streakWarnedDay != today, today.instant(at: rule.time, in: t.timeZone) <= t.now,
            let risk = rule.warning(on: today, sessions: sessions, now: t.now, in: t.timeZone)
        {
            if t.config.quietHours?.window(containing: t.now, in: t.timeZone) != nil {
                t.log(.info, "streak warning passed over in quiet hours", ["day": "\(today)"])
            } else if t.now.timeIntervalSince(risk.due) <= t.config.reminders.lateGrace {
                Agenda.deliver(risk.reminder(title: t.config.workouts[risk.workout]?.title ?? risk.workout), &t)
                daily.restAdviceDay = today
            }
            daily.streakWarnedDay = today
        }
        guard let next = rule.nextDay(after: t.now, sessions: sessions, in: t.timeZone), next.day != daily.streakWarnedDay else { return nil }
        return next.due
    }

    static func checkRestAdvice(_ t: inout Turn, daily: inout DailyState) -> Date? {
        let rule = RestAdviceRule(settings: t.config.reminders)
        let sessions = t.state.sessions
        let today = LocalDay(containing: t.now, in: t.timeZone)
        if daily.restAdviceDay != today, today.instant(at: rule.adviceTime, in: t.timeZone) <= t.now,
            let advice = rule.advice(on: today, sessions: sessions, now: t.now, in: t.timeZone)
        {
            if t.now.timeIntervalSince(advice.due) <= t.config.reminders.lateGrace {
                Agenda.deliver(advice.reminder(), &t)
            }
            daily.restAdviceDay = today
        }
        guard let next = rule.nextDay(after: t.now, sessions: sessions, in: t.timeZone), next.day != daily.restAdviceDay else { return nil }
        return next.due
    }

    // MARK: Milestones

    /// One celebration right after a session completes, for every milestone it reaches.
    static func celebrateMilestones(of session: Session, _ t: inout Turn) {
        guard t.config.reminders.milestones,
            let mark = t.state.sessions.index(of: SessionMarks.Mark(startedAt: session.startedAt, completed: true, rest: session.kind == .rest))
        else { return }
        let reached = MilestoneRule.reached(
            completing: mark, sessions: t.state.sessions, program: t.config.plan, now: t.now, timeZone: t.timeZone,
            volume: (before: t.state.progress.volumeKilograms(before: session.id), after: t.state.progress.volumeKilograms))
        guard let reminder = MilestoneRule.reminder(for: reached, session: session.id, at: t.now) else { return }
        t.log(.info, "milestone reached", ["session": "\(session.id)", "milestones": "\(reached)"])
        Agenda.deliver(reminder, &t)
    }

    // MARK: Personal records

    /// One notification right after a strength workout completes, for every record it set (docs/progress.md;
    /// `[progress] records`, `record_min_percent`).
    static func celebrateRecords(of session: SessionID, _ t: inout Turn) {
        guard t.config.progress.records else { return }
        let records = t.state.progress.records(of: session, minPercent: t.config.progress.recordMinPercent)
        guard !records.isEmpty else { return }
        t.log(.info, "personal records", ["session": "\(session)", "exercises": records.map(\.exercise).joined(separator: ", ")])
        Agenda.deliver(
            Reminder(id: ReminderID("\(session)-records"), kind: .personalRecord, due: t.now, content: .personalRecords(records)), &t)
    }

    /// "Time for more weight? 💪" after a strength workout, for every exercise the overload rule holds
    /// for (docs/progress.md), in one notification; Next time / Dismiss answer it (`Actions`).
    static func suggestOverload(after session: SessionID, exercises: [Exercise], _ t: inout Turn) {
        let suggestions = OverloadRule.suggestions(
            after: session, exercises: exercises, sets: t.state.progress.recentSets(of: exercises.map(\.name)), dismissedAt: t.state.overloadDismissed, settings: t.config.progress,
            kit: t.config.kit)
        guard !suggestions.isEmpty else { return }
        t.log(.info, "overload suggested", ["session": "\(session)", "exercises": suggestions.map(\.exercise).joined(separator: ", ")])
        // Once the workout's completion has had its glance: a question with buttons, it should not
        // share the moment (and, on one-at-a-time servers, the screen) with the celebration.
        t.write(.add(Reminder(
            id: ReminderID("\(session)-overload"), kind: .overloadSuggestion, due: t.now.addingTimeInterval(overloadDelay),
            content: .overload(suggestions))))
    }

    /// How long after the workout's end its overload suggestion comes: the completion's glance.
    static let overloadDelay: TimeInterval = TimeInterval(Notice.glanceTimeout) / 1000

    /// "Next time": the suggested weights are planned from the next workout on.
    static func acceptOverload(_ suggestions: [OverloadSuggestion], _ t: inout Turn) {
        for suggestion in suggestions {
            t.write(.setOverride(WeightOverride(exercise: suggestion.exercise, weight: suggestion.next, unit: suggestion.unit, since: t.now)))
        }
        t.log(.info, "overload accepted", ["exercises": suggestions.map(\.exercise).joined(separator: ", ")])
    }

    /// "Dismiss": not asked again until the rule holds with sessions begun after now.
    static func dismissOverload(_ suggestions: [OverloadSuggestion], _ t: inout Turn) {
        t.write(.dismissOverload(suggestions.map(\.exercise), at: t.now))
        t.log(.info, "overload dismissed", ["exercises": suggestions.map(\.exercise).joined(separator: ", ")])
    }

    /// The next rest-day advice and paused-workout reminder as things stand, at the instant they would
    /// be shown (after quiet hours).
    static func upcoming(_ t: Turn) -> [Reminder] {
        var list: [Reminder] = []
        if let advice = RestAdviceRule(settings: t.config.reminders).next(after: t.now, sessions: t.state.sessions, in: t.timeZone),
            advice.day != t.state.daily.restAdviceDay
        {
            list.append(advice.reminder())
        }
        if let risk = StreakRiskRule(config: t.config).next(after: t.now, sessions: t.state.sessions, in: t.timeZone),
            risk.day != t.state.daily.streakWarnedDay, t.config.quietHours?.window(containing: risk.due, in: t.timeZone) == nil
        {
            list.append(risk.reminder(title: t.config.workouts[risk.workout]?.title ?? risk.workout))
        }
        if let active = t.state.session, active.session.waitsForPerson(at: t.now) {
            let rule = PauseRule(settings: t.config.reminders)
            if let step = rule.next(lastProgressAt: active.lastProgressAt, alreadySent: active.pauseReminders, now: t.now).reminder,
                step.due > t.now
            {
                list.append(rule.reminder(step, for: active.session))
            }
        }
        return list.map { reminder in
            var reminder = reminder
            reminder.due = t.config.quietHours?.release(for: reminder.due, in: t.timeZone) ?? reminder.due
            return reminder
        }
    }

    // MARK: The state database

    /// When state stops being saved (full disk, read-only, locked) or a damaged database was replaced:
    /// told once per problem, with what to do; and when it is saved again.
    static func tellStorage(_ t: inout Turn) {
        guard let problem = t.state.storage else {
            if let told = t.state.toldStorage {
                t.log(.notice, "the state database is saved again", ["path": told.database])
                t.state.toldStorage = nil
                t.close(.kind(.storageProblem))
            }
            return
        }
        if let told = t.state.toldStorage, told.isSame(as: problem) { return }
        t.state.toldStorage = problem
        t.log(
            .error, "state database problem",
            [
                "problem": problem.cause.rawValue, "saving": "\(problem.saving)", "moved_to": problem.movedTo ?? "-",
                "detail": problem.detail,
            ])
        t.close(.kind(.storageProblem))
        StandaloneNotices.present(
            Reminder(id: ReminderID("storage-problem"), kind: .storageProblem, due: t.now, content: .storageProblem(problem)),
            late: 0, tracked: false, &t)
    }
}
