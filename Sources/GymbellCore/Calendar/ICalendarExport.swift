import FoundationEssentials

/// The program's upcoming workouts as an RFC 5545 calendar (`gymbell export-ics`), for GNOME Calendar,
/// Thunderbird and the like.
///
/// Times are local with `TZID` and a `VTIMEZONE` built from the zone's own offsets over the exported
/// span, so events stay at 18:00 across DST. A start the clock skips (spring forward) is written as the
/// first instant after the gap, as the daemon resolves it. UIDs are `<workout>-<yyyymmdd>@gymbell`:
/// re-importing updates events rather than duplicating them.
public enum ICalendarExport {
    public static let productID = "-//gymbell//gymbell 0.1//EN"
    /// The time one set of a strength exercise is reckoned to take.
    public static let secondsPerSet: TimeInterval = 45

    /// One `VEVENT` per planned workout day from today (local) through `weeks` weeks, each with a
    /// `VALARM` at the daily reminder. The event starts at `reminderTime`, with the alarm at its start;
    /// on a weekday in `learnedStarts` (`time = "auto"`) it starts at the learned time, with the alarm
    /// `autoLead` earlier. Days whose workout is not defined are left out.
    public static func ics(
        program: [Weekday: String], workouts: [String: WorkoutDefinition], reminderTime: LocalTime,
        from now: Date, weeks: Int, timeZone: Zone, messages: Messages = .english,
        learnedStarts: [Weekday: LocalTime] = [:], autoLead: TimeInterval = 0, alarms: Bool = true
    ) -> String {
        let today = LocalDay(containing: now, in: timeZone)
        var events: [Event] = []
        for offset in 0..<(max(0, weeks) * 7) {
            let day = today.adding(days: offset)
            guard let name = program[day.weekday], let workout = workouts[name] else { continue }
            let learned = learnedStarts[day.weekday]
            let start = day.instant(at: learned ?? reminderTime, in: timeZone)
            events.append(Event(
                day: day, workout: workout, start: start, duration: estimatedDuration(of: workout),
                alarmLead: learned == nil ? 0 : autoLead))
        }

        var lines = [
            "BEGIN:VCALENDAR",
            "VERSION:2.0",
            "PRODID:\(productID)",
            "CALSCALE:GREGORIAN",
            "X-WR-CALNAME:gymbell",
        ]
        let spanStart = events.first?.start ?? now
        let spanEnd = events.last.map { $0.start.addingTimeInterval($0.duration) } ?? now
        lines += TimeZoneComponent.lines(for: timeZone, from: spanStart.addingTimeInterval(-86_400),
                                         through: spanEnd.addingTimeInterval(86_400))
        let tzid = parameterValue(timeZone.identifier)
        for event in events {
            let title = event.workout.title
            lines += [
                "BEGIN:VEVENT",
                "UID:\(escaped(uid(workout: event.workout.name, day: event.day)))",
                "DTSTAMP:\(utcStamp(now))",
                "DTSTART;TZID=\(tzid):\(localStamp(event.start, in: timeZone))",
                "DURATION:\(duration(event.duration))",
                "SUMMARY:\(escaped(title))",
                "DESCRIPTION:\(escaped(description(of: event.workout, messages: messages)))",
                "CATEGORIES:\(escaped(messages("Workout")))",
                "TRANSP:OPAQUE",
            ]
            if alarms {
                let text = messages.daily.reminder(workoutTitle: title)
                lines += [
                    "BEGIN:VALARM",
                    "ACTION:DISPLAY",
                    "TRIGGER;RELATED=START:\(duration(-event.alarmLead))",
                    "DESCRIPTION:\(escaped("\(text.title) \(text.body)"))",
                    "END:VALARM",
                ]
            }
            lines.append("END:VEVENT")
        }
        lines.append("END:VCALENDAR")
        return lines.map(folded).joined(separator: "\r\n") + "\r\n"
    }

    /// HIIT and walk/run exactly; strength as 45 s a set plus the rests between sets, rounded up to a minute.
    public static func estimatedDuration(of workout: WorkoutDefinition) -> TimeInterval {
        switch workout.kind {
        case .hiit(let plan):
            return Double(plan.rounds) * (plan.work + plan.rest)
        case .walkRun(let plan):
            return Double(plan.repeats) * (plan.run + plan.walk)
        case .strength(let exercises):
            let progress = StrengthProgress(workoutName: workout.name, exercises: exercises)
            let seconds = Double(progress.totalSets) * secondsPerSet + progress.remainingPlannedRest
            return (seconds / 60).rounded(.up) * 60
        }
    }

    /// The event's description: the exercises, or the intervals, one line each.
    public static func description(of workout: WorkoutDefinition, messages: Messages = .english) -> String {
        switch workout.kind {
        case .hiit(let plan):
            return messages(
                "{rounds} round of {work} work and {rest} rest", plural: "{rounds} rounds of {work} work and {rest} rest",
                count: plan.rounds,
                ["rounds": String(plan.rounds), "work": DurationText.format(plan.work), "rest": DurationText.format(plan.rest)])
        case .walkRun(let plan):
            return messages(
                "{repeats} repeat of {run} run and {walk} walk", plural: "{repeats} repeats of {run} run and {walk} walk",
                count: plan.repeats,
                ["repeats": String(plan.repeats), "run": DurationText.format(plan.run), "walk": DurationText.format(plan.walk)])
        case .strength(let exercises):
            return exercises.enumerated().map { index, exercise in
                // Two counts in one line: each counted on its own ("3 sets", "1 rep"), then put together.
                let sets = messages.sets(exercise.sets)
                var line = exercise.reps.map {
                    messages("{exercise}: {sets} of {reps}", ["exercise": exercise.name, "sets": sets, "reps": messages.reps($0)])
                } ?? messages("{exercise}: {sets}", ["exercise": exercise.name, "sets": sets])
                if let weight = exercise.weight {
                    let number = weight == weight.rounded() ? String(Int(weight)) : String(weight)
                    line += ", \(number)\(exercise.unit.map { " \($0)" } ?? "")"
                }
                var rests: [TimeInterval] = []
                // The last set of the workout has no rest after it.
                for rest in exercise.rest.dropLast(index == exercises.count - 1 ? 1 : 0) where !rests.contains(rest) {
                    rests.append(rest)
                }
                if !rests.isEmpty {
                    line += messages(", rest {rest}", ["rest": rests.map(DurationText.format).joined(separator: "/")])
                }
                return line
            }.joined(separator: "\n")
        }
    }

    /// `push-20261123@gymbell`; characters other than letters, digits and `-._~` are percent-encoded.
    public static func uid(workout name: String, day: LocalDay) -> String {
        let (year, month, date) = day.civil
        return "\(name.percentEncoded())-\(pad(year, 4))\(pad(month))\(pad(date))@gymbell"
    }

    private struct Event {
        let day: LocalDay
        let workout: WorkoutDefinition
        let start: Date
        let duration: TimeInterval
        let alarmLead: TimeInterval
    }
}
