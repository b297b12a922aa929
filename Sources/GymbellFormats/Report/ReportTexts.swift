import FoundationEssentials
import GymbellCore

/// Every text of `gymbell report`'s page, through the translation function; values are filled in
/// after translation (`{date}`), so a translator can move them. Weights stay as the log writes them
/// ("8 × 105 kg"), as in the personal-record notification.
public struct ReportTexts: Sendable {
    let messages: Messages

    /// The page's `lang` attribute: the catalog in use says which language it is.
    public var reportLanguage: String { messages("en") }

    public var reportTitle: String { messages("gymbell — training report") }
    public var reportHeading: String { messages("Your training") }

    public func reportRange(weeks: Int, until day: LocalDay) -> String {
        // One week in words; any other count as the language counts weeks.
        weeks == 1
            ? messages("The last week, up to {date}", ["date": reportDate(day)])
            : messages("The last {weeks} week, up to {date}", plural: "The last {weeks} weeks, up to {date}", count: weeks,
                       ["weeks": String(weeks), "date": reportDate(day)])
    }

    public func reportMade(at instant: Date, in timeZone: Zone) -> String {
        messages("Made by gymbell on {date} at {time} ({zone}).", [
            "date": reportDate(LocalDay(containing: instant, in: timeZone)),
            "time": LocalTime(of: instant, in: timeZone).text(seconds: false), "zone": timeZone.identifier,
        ])
    }

    // MARK: Streaks

    public var streaksHeading: String { messages("Streaks") }
    public var currentStreakLabel: String { messages("Current streak") }
    public var longestStreakLabel: String { messages("Longest streak") }
    public var thisWeekLabel: String { messages("This week") }
    public var thisMonthLabel: String { messages("This month") }
    public var workoutsCompletedLabel: String { messages("Workouts completed") }
    public var liftedInTotalLabel: String { messages("Lifted in total") }
    public var streaksNote: String {
        messages("A streak counts the training days of your [program] in a row with a session; a planned rest day does not break it.")
    }

    public func remindersLabel(days: Int) -> String {
        messages("Reminders, last {n} day", plural: "Reminders, last {n} days", count: days, ["n": String(days)])
    }
    /// "12 of 18 started, 4 snoozed".
    public func remindersStarted(_ stats: ReminderStats) -> String {
        messages("{started} of {n} started, {snoozed} snoozed", plural: "{started} of {n} started, {snoozed} snoozed", count: stats.reminders,
                 ["started": String(stats.started), "n": String(stats.reminders), "snoozed": String(stats.snoozed)])
    }

    public func trainingDays(_ n: Int) -> String { messages("{n} training day", plural: "{n} training days", count: n, ["n": String(n)]) }
    public func sessions(_ n: Int) -> String { messages("{n} session", plural: "{n} sessions", count: n, ["n": String(n)]) }

    // MARK: Calendar

    public var calendarHeading: String { messages("Training calendar") }
    public var calendarLess: String { messages("Less") }
    public var calendarMore: String { messages("More") }
    public var calendarNote: String {
        messages("One square per day, Monday at the top. The colour shows the sets logged that day: 1–5, 6–11, 12–17, 18 or more; a day with a session but no sets (HIIT, walk/run) takes the lightest colour.")
    }
    public var calendarEmpty: String { messages("No sessions in these weeks yet.") }

    /// A calendar square's tooltip: "Mon 2 Mar 2026: 1 session (Push Day), 8 sets" / "…: no session".
    public func calendarDay(_ day: TrainingReport.Day) -> String {
        let date = reportDate(day.day, weekday: true)
        guard day.sessions > 0 || day.sets > 0 else { return messages("{date}: no session", ["date": date]) }
        // Sets of a session begun the evening before.
        guard day.sessions > 0 else { return messages("{date}: {sets}", ["date": date, "sets": messages.sets(day.sets)]) }
        return messages("{date}: {sessions} ({workouts}), {sets}", [
            "date": date, "sessions": sessions(day.sessions), "workouts": day.titles.joined(separator: ", "), "sets": messages.sets(day.sets),
        ])
    }

    // MARK: Volume

    public var volumeHeading: String { messages("Volume per week") }
    public var volumeNote: String {
        messages("Kilograms lifted per week: reps × weight of every set logged but warm-ups, pounds converted (1 lb = 0.45359237 kg).")
    }
    public var volumeEmpty: String { messages("No weights lifted in these weeks yet.") }

    /// A bar's tooltip: "Week of Mon 2 Mar 2026: 12 340 kg, 24 sets".
    public func volumeWeek(_ week: TrainingReport.Week) -> String {
        messages("Week of {date}: {volume}, {sets}", [
            "date": reportDate(week.monday, weekday: true), "volume": Self.kilograms(week.volumeKilograms), "sets": messages.sets(week.sets),
        ])
    }

    // MARK: Records

    public var recordsHeading: String { messages("Personal records") }
    public var recordsExerciseColumn: String { messages("Exercise") }
    public var recordsBestSetColumn: String { messages("Best set") }
    public var recordsOneRepMaxColumn: String { messages("Estimated 1RM") }
    public var recordsDateColumn: String { messages("Date") }
    public var recordsNote: String {
        messages("The best set is the one with the highest estimated one-rep maximum (Epley: weight × (1 + reps / 30)). Failed sets, warm-up sets and sets without weight do not count.")
    }
    public var recordsEmpty: String {
        messages("No sets logged yet. A strength workout logs each set: start it with gymbell start WORKOUT, then press Set done after each set.")
    }

    public var holdsHeading: String { messages("Longest holds") }
    public var holdsColumn: String { messages("Longest hold") }
    public var holdsNote: String {
        messages("The longest each timed exercise was held or done (a plank, a wall sit); warm-up sets do not count.")
    }

    public var roundsHeading: String { messages("Most rounds") }
    public var roundsWorkoutColumn: String { messages("Workout") }
    public var roundsColumn: String { messages("Rounds") }
    public var roundsNote: String {
        messages("The most rounds counted in a completed AMRAP, for each AMRAP workout.")
    }

    // MARK: Exercises

    public var exercisesHeading: String { messages("Exercises") }
    public var backToRecords: String { messages("Back to the records") }
    public var progressionLabel: String { messages("Best estimated 1RM of each session") }
    public var noRecordYet: String { messages("No earlier best beaten yet.") }

    public func bestSetLine(_ summary: TrainingReport.ExerciseSummary, on day: LocalDay) -> String {
        messages("Best set: {load} on {date}, estimated 1RM {weight}", [
            "load": summary.best.loadText, "date": reportDate(day),
            "weight": Self.oneRepMax(summary),
        ])
    }

    public func heaviestSetLine(_ set: LoggedSet, on day: LocalDay) -> String {
        messages("Heaviest set: {load} on {date}", ["load": set.loadText, "date": reportDate(day)])
    }

    public func rangeLine(sets count: Int, volumeKilograms: Double) -> String {
        messages("In these weeks: {sets}, {volume} lifted", ["sets": messages.sets(count), "volume": Self.kilograms(volumeKilograms)])
    }

    public func recordLine(_ record: PersonalRecord, on day: LocalDay) -> String {
        messages("{date}: {load} (before: {previous})", [
            "date": reportDate(day), "load": record.set.loadText, "previous": record.previous.loadText,
        ])
    }

    // MARK: Dates and numbers

    /// "2 Mar 2026", with the weekday "Mon 2 Mar 2026", without the year "2 Mar".
    public func reportDate(_ day: LocalDay, weekday: Bool = false, year: Bool = true) -> String {
        let (y, m, d) = day.civil
        let values = ["weekday": weekdayAbbreviation(day.weekday), "day": String(d), "month": monthAbbreviation(m), "year": String(y)]
        switch (weekday, year) {
        case (true, _): return messages("{weekday} {day} {month} {year}", values)
        case (false, true): return messages("{day} {month} {year}", values)
        case (false, false): return messages("{day} {month}", values)
        }
    }

    public func weekdayAbbreviation(_ weekday: Weekday) -> String {
        switch weekday {
        case .mon: messages("Mon")
        case .tue: messages("Tue")
        case .wed: messages("Wed")
        case .thu: messages("Thu")
        case .fri: messages("Fri")
        case .sat: messages("Sat")
        case .sun: messages("Sun")
        }
    }

    /// `month` 1 … 12.
    public func monthAbbreviation(_ month: Int) -> String {
        switch month {
        case 1: messages("Jan")
        case 2: messages("Feb")
        case 3: messages("Mar")
        case 4: messages("Apr")
        case 5: messages("May")
        case 6: messages("Jun")
        case 7: messages("Jul")
        case 8: messages("Aug")
        case 9: messages("Sep")
        case 10: messages("Oct")
        case 11: messages("Nov")
        default: messages("Dec")
        }
    }

    /// "12 340 kg": whole kilograms, thousands apart as the milestones write them (`grouped`).
    public static func kilograms(_ value: Double) -> String { Messages.grouped(Int(value.rounded())) + " kg" }

    /// "133.3 kg": an estimated one-rep maximum to a tenth, in the unit of the set it comes from.
    public static func oneRepMax(_ summary: TrainingReport.ExerciseSummary) -> String {
        summary.best.unit.text((summary.estimatedOneRepMax * 10).rounded() / 10)
    }
}

extension Messages {
    /// The texts of `gymbell report`'s page.
    public var report: ReportTexts { ReportTexts(messages: self) }
}
