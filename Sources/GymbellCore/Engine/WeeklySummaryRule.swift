import FoundationEssentials

/// Issue 47's weekly summary: at `[reminders] weekly_summary` ("Sun 19:00" by default), once a week,
/// "Your week" — the week's workouts, kilograms lifted, records and the streak. Off with `false` and in
/// private mode. Its slot's day is kept in the state (`DailyState.weeklySummaryDay`) as it is shown or
/// passed over, so a restart, a suspend or the clock set back never shows a week twice (WeeklySchedule).
/// The week is read from the state database (the engine keeps no week of sets): the rule asks for it
/// (`Effect.readWeek`) and shows it when it comes (`Event.weekRead`), held through Do Not Disturb, a
/// lock or absence and quiet hours like the daily reminder (`Agenda.deliver`). The first look of all
/// shows none: the first summary is of the first week gymbell saw.
enum WeeklySummaryRule {
    /// Whether the summary is wanted under `settings`: a time set, and not in private mode (its figures
    /// are the person's own).
    static func schedule(_ settings: DailyReminderSettings) -> WeeklySchedule? {
        settings.privateMode ? nil : settings.weeklySummary
    }

    /// Asks for the week when its summary is due; returns when to look again (nil: off).
    static func check(_ t: inout Turn, daily: inout DailyState) -> Date? {
        guard let schedule = schedule(t.config.reminders) else { return nil }
        guard daily.weeklySummaryDay != nil else {
            // The first look (a new install, or the first start after the upgrade): from the next slot
            // on, not a summary of a week gymbell did not see.
            daily.weeklySummaryDay = schedule.latest(atOrBefore: t.now, in: t.timeZone).day
            return schedule.next(after: t.now, in: t.timeZone).due
        }
        let decision = schedule.decide(now: t.now, in: t.timeZone, lastHandled: daily.weeklySummaryDay, grace: t.config.reminders.lateGrace)
        if let handled = decision.handled { daily.weeklySummaryDay = handled }
        if let day = decision.sendNow {
            t.log(.info, "weekly summary due", ["week_ending": "\(day)"])
            t.effects.append(.readWeek(WeekSpan(last: day, end: t.now)))
        } else if let day = decision.handled {
            t.log(.info, "weekly summary passed over: too late", ["week_ending": "\(day)"])
        }
        return decision.next
    }

    /// The week as read: its summary goes into the durable agenda first (it leaves it when a server has
    /// taken it), then is shown or held.
    static func show(_ reading: WeekReading, _ t: inout Turn) {
        guard schedule(t.config.reminders) != nil else { return }  // turned off meanwhile
        let timeline = t.state.progress.timeline(earlier: reading.earlier, minPercent: t.config.progress.recordMinPercent)
        let streak = TrainingStats(sessions: t.state.sessions, program: t.config.plan, now: t.now, timeZone: t.timeZone).streak
        let summary = WeekSummary(reading, records: timeline, streak: streak, timeZone: t.timeZone)
        let reminder = Reminder(
            id: ReminderID("weekly-\(reading.span.last)"), kind: .weeklySummary, due: reading.span.end, content: .weeklySummary(summary))
        t.log(.info, "weekly summary", ["week_ending": "\(reading.span.last)", "workouts": "\(summary.workouts)",
                                        "kilograms": "\(summary.kilograms)", "records": "\(summary.records)", "streak": "\(summary.streak)"])
        t.write(.add(reminder))
        Agenda.deliver(reminder, &t)
        Agenda.arm(&t)
    }

    /// A click on it (its body, or "Open gymbell"): the window's Progress page, where it is installed; else the
    /// training report, where the week's workouts and records are.
    static func clicked(_ reminder: Reminder, key: String, _ t: inout Turn) {
        t.log(.info, "action invoked", ["id": "\(reminder.id)", "action": key])
        guard key == ReminderAction.defaultClick.key else { return }
        t.effects.append(t.context.windowInstalled ? .openWindow(.progress) : .openReport(exercise: nil))
        t.close(.reminder(reminder.id))
    }
}
