import FoundationEssentials
import GymbellCore

/// The texts of the window, worked out from what the daemon reported and the local time zone:
/// views show these and keep no state of their own.
struct TodayText {
    let messages: Messages
    let zone: Zone

    /// "Push Day", "today at 18:00"; nil when no daily reminder is planned.
    func nextReminder(_ snapshot: DaemonLink.Snapshot, now: Date) -> (when: String, what: String, preview: String)? {
        guard let next = snapshot.upcoming.first(where: { ["daily", "snoozed"].contains($0.kind) }) else { return nil }
        // The preview speaks of the reminder's day ("Today: …"): shown only when that day is today.
        let preview = LocalDay(containing: next.due, in: zone) == LocalDay(containing: now, in: zone) ? next.body : ""
        return (when: when(next.due, now: now), what: next.workout.map { snapshot.workoutTitles[$0] ?? $0 } ?? next.title, preview: preview)
    }

    /// "today at 18:00", "tomorrow at 07:30", "on Wednesday at 18:00".
    func when(_ date: Date, now: Date) -> String {
        let day = LocalDay(containing: date, in: zone)
        let today = LocalDay(containing: now, in: zone)
        let time = LocalTime(of: date, in: zone).text(seconds: false)
        if day == today { return messages("today at {time}", ["time": time]) }
        if day == today.adding(days: 1) { return messages("tomorrow at {time}", ["time": time]) }
        return messages("on {weekday} at {time}", ["weekday": weekday(day.weekday), "time": time])
    }

    func weekday(_ weekday: Weekday) -> String {
        switch weekday {
        case .mon: messages("Monday")
        case .tue: messages("Tuesday")
        case .wed: messages("Wednesday")
        case .thu: messages("Thursday")
        case .fri: messages("Friday")
        case .sat: messages("Saturday")
        case .sun: messages("Sunday")
        }
    }

    func streak(_ stats: StatsReport) -> String {
        messages("Streak: {n} day", plural: "Streak: {n} days", count: stats.streak, ["n": "\(stats.streak)"])
    }

    /// Workouts done this week by Core's rule (completed ones; rest timers and stopped ones aside).
    func week(_ recent: [HistoryEntry], now: Date) -> String {
        let n = TrainingStats.workoutsThisWeek(recent, now: now, timeZone: zone)
        return messages("This week: {n} workout done", plural: "This week: {n} workouts done", count: n, ["n": "\(n)"])
    }

    /// Today's workouts in the programmes (name, title), first by priority; none on a rest day or with no programme.
    func todaysWorkouts(_ snapshot: DaemonLink.Snapshot, now: Date) -> [(name: String, title: String)] {
        snapshot.plan.workouts(on: LocalDay(containing: now, in: zone)).map { ($0.workout, snapshot.workoutTitles[$0.workout] ?? $0.workout) }
    }

    /// "Push Day", "Push Day and Easy Run", "Push Day, Easy Run and Yoga".
    func list(_ titles: [String]) -> String {
        guard titles.count > 1, let last = titles.last else { return titles.first ?? "" }
        return messages("{list} and {last}", ["list": titles.dropLast().joined(separator: ", "), "last": last])
    }

    /// "Mon: Easy Run, Sat: Long Run": a programme's days in week order, workouts by title.
    func days(of programme: Programme, titles: [String: String]) -> String {
        guard !programme.days.isEmpty else { return messages("No days yet") }
        return programme.days.sorted { $0.key < $1.key }.map { day, workout in
            messages("{weekday}: {workout}", ["weekday": messages.report.weekdayAbbreviation(day), "workout": titles[workout] ?? workout])
        }.joined(separator: ", ")
    }

    /// "Week 1 of 2, from 2 Nov 2026", "Starts 2 Nov 2026", "Ended" (a `[programs.NAME]` plans nothing
    /// after its weeks), or "Every week" without a span.
    func weeks(of programme: Programme, now: Date) -> String {
        guard let span = programme.span else { return messages("Every week") }
        let today = LocalDay(containing: now, in: zone)
        let start = messages.report.reportDate(span.start)
        if let week = span.week(of: today) {
            return messages("Week {week} of {weeks}, from {date}", ["week": "\(week)", "weeks": "\(span.weeks)", "date": start])
        }
        return today < span.start ? messages("Starts {date}", ["date": start]) : messages("Ended")
    }

    /// Whether a daily reminder (or a snooze of it) is still to come today: Snooze and Skip today act on it.
    func reminderLeftToday(_ snapshot: DaemonLink.Snapshot, now: Date) -> Bool {
        let today = LocalDay(containing: now, in: zone)
        return snapshot.upcoming.contains { ["daily", "snoozed"].contains($0.kind) && LocalDay(containing: $0.due, in: zone) == today }
    }

    /// The reminder of the running session that falls due next: what the countdown counts down to.
    static func nextStep(_ snapshot: DaemonLink.Snapshot) -> StatusReport.PendingEntry? {
        guard snapshot.status.session != nil else { return nil }
        let sessionKinds: Set<String> = [
            "rest_warning", "rest_over", "hiit_work_done", "hiit_rest_over", "hiit_complete", "run_done", "walk_done",
            "walkrun_complete", "workout_complete", "step",
        ]
        return snapshot.status.pending.filter { sessionKinds.contains($0.kind) }.min { $0.due < $1.due }
    }

    /// "1:30", "12:05", "1:02:03": seconds left, rounded up so that 0:00 shows when it is over.
    static func countdown(until date: Date, now: Date) -> String {
        let seconds = max(0, Int(date.timeIntervalSince(now).rounded(.up)))
        let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60)
        let mmss = (m < 10 && h > 0 ? "0" : "") + "\(m):" + (s < 10 ? "0" : "") + "\(s)"
        return h > 0 ? "\(h):" + mmss : mmss
    }
}
