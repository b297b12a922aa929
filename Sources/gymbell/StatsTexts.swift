import FoundationEssentials
import GymbellCore

/// The human-readable `gymbell stats`.
enum StatsText {
    static func render(_ report: StatsReport) -> [String] {
        [
            "Streak: \(count(report.streak, "training day"))",
            "This week: \(count(report.sessionsThisWeek, "session"))",
            "This month: \(count(report.sessionsThisMonth, "session"))",
            "In a row: \(count(report.consecutiveTrainingDays, "day")) with a session",
            "Workouts completed: \(report.workoutsCompleted)",
            "Regular weeks in a row: \(report.regularWeeks) (2+ training days each)",
            "Lifted in total: \(WeightUnit.number(report.volumeKilograms)) kg",
        ] + (report.reminders.map(reminderLines) ?? [])
    }

    /// "Reminders (30 days): 18 reminders, 12 started, 4 snoozed, 2 ignored; on Mondays you snooze".
    static func reminderLines(_ stats: ReminderStats) -> [String] {
        guard stats.reminders > 0 else { return ["Reminders (\(stats.days) days): none shown"] }
        var parts = [count(stats.reminders, "reminder"), "\(stats.started) started", "\(stats.snoozed) snoozed"]
        if stats.skipped > 0 { parts.append("\(stats.skipped) skipped") }
        parts.append("\(stats.ignored) ignored")
        if stats.open > 0 { parts.append("\(stats.open) still open") }
        var line = "Reminders (\(stats.days) days): " + parts.joined(separator: ", ")
        if stats.held > 0 { line += " (\(stats.held) held for Do Not Disturb or away, shown later)" }
        let days = stats.snoozedWeekdays.compactMap { Weekday(rawValue: $0) }.map(weekdayName)
        if !days.isEmpty { line += "; on \(listed(days)) you snooze" }
        return [line]
    }

    private static func weekdayName(_ day: Weekday) -> String {
        ["Mondays", "Tuesdays", "Wednesdays", "Thursdays", "Fridays", "Saturdays", "Sundays"][Weekday.allCases.firstIndex(of: day)!]
    }

    private static func listed(_ items: [String]) -> String {
        items.count <= 1 ? items.joined() : items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    private static func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
}

/// The human-readable `gymbell suggest`: whether `time = "auto"` is on, then a table per weekday.
enum SuggestText {
    static func render(_ report: SuggestReport, rule: LearnedTime = LearnedTime()) -> [String] {
        let lead = DurationText.format(Double(report.leadSeconds))
        var lines: [String] = []
        if report.auto {
            lines.append(
                "Reminder time: auto — \(lead) before your usual start on each weekday; "
                    + "\(report.fixedTime) on weekdays with fewer than \(rule.minimumSamples) sessions.")
        } else {
            lines.append("Reminder time: \(report.fixedTime), fixed (time = \"auto\" is off).")
            lines.append("To be reminded \(lead) before the usual start below instead, set time = \"auto\" in [reminders]")
            lines.append("of your config (auto_lead = \"\(lead)\" sets how long before), then run `gymbell reload`.")
        }
        lines.append("")
        let hasProgram = report.weekdays.contains { $0.workout != nil }
        var rows = [["Day", "Usual start", "Reminder", "Workout"]]
        for day in report.weekdays {
            let usual = day.usualStart.map { "\($0) (\(day.samples) session\(day.samples == 1 ? "" : "s"))" }
                ?? "—, \(day.samples) of \(rule.minimumSamples) sessions needed"
            rows.append([day.weekday.prefix(1).uppercased() + day.weekday.dropFirst(), usual, day.reminderTime,
                         day.workout ?? (hasProgram ? "rest day" : "—")])
        }
        lines += alignedColumns(rows)
        for day in report.weekdays {
            guard let start = day.snoozedStart else { continue }
            let name = day.weekday.prefix(1).uppercased() + day.weekday.dropFirst()
            lines.append(
                "\(name): the reminder is mostly snoozed and you then start around \(start)"
                    + (report.auto ? "; it comes then." : "; with time = \"auto\" it would come then."))
        }
        return lines
    }
}
