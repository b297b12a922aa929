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
                let text = messages.daily(workoutTitle: title)
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

    // MARK: Value syntax (RFC 5545 §3.3)

    /// TEXT: backslash, semicolon, comma and newlines escaped; other control characters dropped.
    static func escaped(_ text: String) -> String {
        var result = ""
        let normalized = text.replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n")
        for scalar in normalized.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case ";": result += "\\;"
            case ",": result += "\\,"
            case "\n": result += "\\n"
            case "\t": result.unicodeScalars.append(scalar)
            case _ where scalar.value < 0x20 || scalar.value == 0x7F: continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// A parameter value, quoted when it holds `:`, `;` or `,`.
    static func parameterValue(_ text: String) -> String {
        let clean = String(text.unicodeScalars.filter { $0 != "\"" && $0.value >= 0x20 && $0.value != 0x7F }.map(Character.init))
        return clean.contains(where: { ":;,".contains($0) }) ? "\"\(clean)\"" : clean
    }

    /// A content line folded after at most 75 octets, continuation lines starting with a space; never
    /// inside a UTF-8 sequence.
    static func folded(_ line: String) -> String {
        var pieces: [String] = []
        var current = ""
        var octets = 0
        for scalar in line.unicodeScalars {
            let size = String(scalar).utf8.count
            let limit = pieces.isEmpty ? 75 : 74
            if octets + size > limit {
                pieces.append(current)
                current = ""
                octets = 0
            }
            current.unicodeScalars.append(scalar)
            octets += size
        }
        pieces.append(current)
        return pieces.joined(separator: "\r\n ")
    }

    /// `PT1H29M20S`, `-PT30M`, `PT0S` (whole seconds, rounded up).
    static func duration(_ seconds: TimeInterval) -> String {
        let sign = seconds < 0 ? "-" : ""
        let total = Int(abs(seconds).rounded(.up))
        let (hours, minutes, secs) = (total / 3600, total / 60 % 60, total % 60)
        var text = "\(sign)PT"
        if hours > 0 {
            text += "\(hours)H"
            if minutes > 0 || secs > 0 { text += "\(minutes)M" }
            if secs > 0 { text += "\(secs)S" }
        } else if minutes > 0 {
            text += "\(minutes)M"
            if secs > 0 { text += "\(secs)S" }
        } else {
            text += "\(secs)S"
        }
        return text
    }

    /// `20261122T170000Z`
    static func utcStamp(_ instant: Date) -> String {
        wallStamp(secondsSinceEpoch: Int(instant.timeIntervalSince1970.rounded(.down))) + "Z"
    }

    /// The wall-clock time of `instant` in `timeZone`: `20261122T180000`.
    static func localStamp(_ instant: Date, in timeZone: Zone) -> String {
        wallStamp(secondsSinceEpoch: Int(instant.timeIntervalSince1970.rounded(.down)) + timeZone.secondsFromGMT(for: instant))
    }

    static func wallStamp(secondsSinceEpoch seconds: Int) -> String {
        let days = Int((Double(seconds) / 86_400).rounded(.down))
        let (year, month, day) = LocalDay(daysSinceEpoch: days).civil
        let second = seconds - days * 86_400
        return "\(pad(year, 4))\(pad(month))\(pad(day))T\(pad(second / 3600))\(pad(second / 60 % 60))\(pad(second % 60))"
    }

    static func pad(_ number: Int, _ width: Int = 2) -> String {
        let digits = String(number)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}

/// The `VTIMEZONE` of a zone over a span: the observance in force at its start, then one per offset
/// change within it, each found from the zone's own offsets (so any change, not only DST, is covered).
enum TimeZoneComponent {
    struct Transition {
        let instant: Date
        let offsetFrom: Int
        let offsetTo: Int
        let isDaylight: Bool
    }

    static func lines(for timeZone: Zone, from start: Date, through end: Date) -> [String] {
        let transitions = transitions(in: timeZone, from: start.addingTimeInterval(-400 * 86_400), through: end)
        let inForce = transitions.last { $0.instant <= start }
        var lines = ["BEGIN:VTIMEZONE", "TZID:\(ICalendarExport.parameterValue(timeZone.identifier))"]
        if inForce == nil {
            // No change for over a year before the span: one observance since 1970.
            let offset = timeZone.secondsFromGMT(for: start)
            lines += observance(
                isDaylight: timeZone.isDaylightSavingTime(for: start), onset: "19700101T000000", from: offset, to: offset,
                name: timeZone.abbreviation(for: start))
        }
        for transition in transitions where transition.instant > start || transition.instant == inForce?.instant {
            let onset = ICalendarExport.wallStamp(
                secondsSinceEpoch: Int(transition.instant.timeIntervalSince1970) + transition.offsetFrom)
            lines += observance(
                isDaylight: transition.isDaylight, onset: onset, from: transition.offsetFrom, to: transition.offsetTo,
                name: timeZone.abbreviation(for: transition.instant))
        }
        lines.append("END:VTIMEZONE")
        return lines
    }

    /// Every instant in the span at which the zone's UTC offset changes, to the second.
    static func transitions(in timeZone: Zone, from start: Date, through end: Date) -> [Transition] {
        var found: [Transition] = []
        var lo = start.timeIntervalSince1970.rounded(.down)
        var offsetAtLo = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: lo))
        while lo < end.timeIntervalSince1970 {
            let next = lo + 6 * 3600  // offsets never change twice within six hours
            let offsetAtNext = timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: next))
            if offsetAtNext != offsetAtLo {
                var (a, b) = (lo, next)
                while b - a > 1 {
                    let mid = ((a + b) / 2).rounded(.down)
                    if timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: mid)) == offsetAtLo { a = mid } else { b = mid }
                }
                let instant = Date(timeIntervalSince1970: b)
                found.append(Transition(
                    instant: instant, offsetFrom: offsetAtLo, offsetTo: offsetAtNext,
                    isDaylight: timeZone.isDaylightSavingTime(for: instant)))
            }
            lo = next
            offsetAtLo = offsetAtNext
        }
        return found
    }

    private static func observance(isDaylight: Bool, onset: String, from: Int, to: Int, name: String?) -> [String] {
        let component = isDaylight ? "DAYLIGHT" : "STANDARD"
        var lines = [
            "BEGIN:\(component)",
            "DTSTART:\(onset)",
            "TZOFFSETFROM:\(utcOffset(from))",
            "TZOFFSETTO:\(utcOffset(to))",
        ]
        // Foundation makes up "GMT+1" where it knows no abbreviation: better none than that.
        if let name, !name.isEmpty, !name.hasPrefix("GMT+"), !name.hasPrefix("GMT-") {
            lines.append("TZNAME:\(ICalendarExport.escaped(name))")
        }
        lines.append("END:\(component)")
        return lines
    }

    /// `+0100`, `-0500`, `+0530`; seconds only when there are any.
    static func utcOffset(_ seconds: Int) -> String {
        let sign = seconds < 0 ? "-" : "+"
        let magnitude = abs(seconds)
        let hm = ICalendarExport.pad(magnitude / 3600) + ICalendarExport.pad(magnitude / 60 % 60)
        return sign + hm + (magnitude % 60 == 0 ? "" : ICalendarExport.pad(magnitude % 60))
    }
}
