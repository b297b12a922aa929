import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats
import GymbellPlatform

struct History: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the workout sessions of the last days: when, what, how they ended, how long.",
        discussion: """
            One line per session, oldest first, in local time: start, title (kind), outcome, sets done \
            (strength workouts) or rounds done (a circuit's completed rounds, an AMRAP's rounds counted with \
            Done), duration. A session ends completed, stopped (`gymbell stop`) or abandoned \
            (left paused too long); the one still going shows as running. "(recovered)" marks a workout \
            rebuilt from its logged sets when the state was upgraded (earlier builds lost a workout started from \
            a notification when the next one was started so; issue 27): its start and \
            end are its first and last set's.

            --json prints the daemon's array unchanged: [{"id", "workout": null | "<[workouts] name>", "title", \
            "kind": "rest" | "hiit" | "walkrun" | "strength" | "circuit", "started_at", "ended_at": null | "<ISO 8601>", \
            "outcome": "completed" | "stopped" | "abandoned" | "running", "sets_done", "last_progress_at", \
            "recovered": true | false, "rounds": null | <rounds done>, "amrap": true | false}], \
            instants in ISO 8601.

            --sets lists the training log instead: every set of a strength workout as it was done, one \
            line each (its id, when, exercise, set number, reps × weight or a timed set's time, then "warm-up", \
            the RPE, "failed" when fewer reps than planned); `gymbell history correct ID` corrects one. With --json: \
            [{"id", "session", "workout", "exercise", "set", "reps", "planned_reps", "weight", "unit": "kg" | "lb", \
            "failed", "at", "seconds", "warm_up", "rpe"}], reps, weight, seconds and rpe null when the set has none.

            --sets --csv prints the same as CSV for a spreadsheet, one row a set, a header line first: \
            session (its id), session_title, session_started_at, session_ended_at (empty when the session \
            began before the days listed), workout, exercise, set, reps, planned_reps, weight (empty: none), \
            unit (kg or lb), failed (true or false), at, seconds (empty: none), warm_up (true or false), rpe \
            (empty: none), session_rounds (a circuit's or an AMRAP's rounds; empty: none), session_amrap \
            (true or false); instants in ISO 8601, UTC. A session with rounds and no set (an AMRAP) has a row \
            of its own with exercise and set empty. `gymbell import` reads \
            it back (the session ids are kept, so a state that has them adds nothing).

            Example: gymbell history --sets --csv --days 3660 > sets.csv
            """,
        subcommands: [HistoryCorrect.self])

    @Option(help: "How many days back to list (1 to 3660).", transform: PlainNumber.whole) var days: UInt32 = 30
    @Flag(help: "List the sets logged (reps and weight as done) instead of the sessions.") var sets = false
    @Flag(help: "Print the sessions (or sets) as the daemon's JSON array.") var json = false
    @Flag(help: "With --sets: print the sets as CSV, one row a set (`gymbell import` reads it back).") var csv = false

    func validate() throws {
        guard Limits.historyDays.contains(Int(days)) else { throw ValidationError("--days must be 1 to 3660 (ten years), not \(days)") }
        if csv, !sets { throw ValidationError("--csv lists the sets: give --sets too") }
        if csv, json { throw ValidationError("--csv and --json: choose one") }
    }

    func run() throws {
        if sets, csv {
            let (log, sessions) = try withDaemon { client throws(ClientError) in (try client.setLog(days: days), try client.history(days: days)) }
            Terminal.raw(SetLogCSV.text(log, sessions: sessions), terminator: "")
            return
        }
        if sets {
            if json {
                Terminal.raw(try withDaemon { client throws(ClientError) in try client.setLogJSON(days: days) })
            } else {
                Terminal.lines(SetLogText.render(try withDaemon { client throws(ClientError) in try client.setLog(days: days) }, days: days, now: Date()))
            }
            return
        }
        if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.historyJSON(days: days) })
            return
        }
        let entries = try withDaemon { client throws(ClientError) in try client.history(days: days) }
        Terminal.lines(HistoryText.render(entries, days: days, now: Date()))
    }
}

struct Stats: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show your streak, sessions this week and month, and workouts completed.",
        discussion: """
            The streak counts the [program]'s training days in a row with a session (a planned rest day \
            does not break it); "in a row" counts calendar days with any session, as the rest-day advice \
            (rest_after_days) does. Weeks start on Monday. Workouts completed counts every workout ever \
            completed, rest timers aside.

            Regular weeks count the weeks in a row (Monday to Sunday) with sessions on 2 days or more; \
            the volume lifted adds reps × weight over every set logged (pounds converted to kilograms).

            Reminders count the daily reminders of the last 30 days (kept on this computer only, two \
            years): started (Start Workout, or a workout started within 3 hours after it was first \
            shown, that day), skipped (skip-today), snoozed, ignored (no answer and no start in those \
            3 hours), and those held by Do Not Disturb, a locked screen or absence and shown later. A \
            weekday is named when its reminder was snoozed more often than not (2 reminders or more).

            --json prints one object: {"streak", "sessions_this_week", "sessions_this_month", \
            "consecutive_training_days", "workouts_completed", "regular_weeks"} (integers), \
            "volume_kg" (a number) and "reminders": {"days", "reminders", "started", "snoozed", \
            "skipped", "ignored", "open", "held"} (integers) with "snoozed_weekdays" (["mon" …]).
            """)

    @Flag(help: "Print the statistics as one JSON object.") var json = false

    func run() throws {
        if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.statsJSON() })
            return
        }
        Terminal.lines(StatsText.render(try withDaemon { client throws(ClientError) in try client.stats() }))
    }
}

struct Suggest: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the start time learned for each weekday and when the daily reminder comes.",
        discussion: """
            gymbell learns when you usually start on each weekday: the median start of your last \
            \(LearnedTime().sampleSize) sessions on it, once it has \(LearnedTime().minimumSamples). With \
            time = "auto" in [reminders] the daily reminder comes auto_lead (30m unless changed) before that, \
            and at the fixed time until a weekday has enough sessions.

            --json prints one object: {"auto": true | false, "fixed_time": "HH:MM", "lead_seconds", \
            "weekdays": [{"weekday": "mon" … "sun", "usual_start": null | "HH:MM", "samples", \
            "reminder_time": "HH:MM", "workout": null | "<[workouts] name>", "snoozed_start": null | "HH:MM"}]}, \
            Monday first.

            A weekday whose reminder was snoozed more often than not (of its latest 8 reminders, at least \
            3, in the last 10 weeks) shows when you then start (snoozed_start: the median of the first \
            workout after those reminders, that day, once there are 2); with time = "auto" the reminder \
            comes then, where that is later than it would come otherwise.
            """)

    @Flag(help: "Print the suggestions as one JSON object.") var json = false

    func run() throws {
        if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.suggestJSON() })
            return
        }
        Terminal.lines(SuggestText.render(try withDaemon { client throws(ClientError) in try client.suggest() }))
    }
}

struct ExportICS: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export-ics",
        abstract: "Export the program's coming workouts as an iCalendar (.ics) file.",
        discussion: """
            One event per planned workout day from today, at the daily reminder's time, with an alarm and \
            the exercises or intervals in its description. Import the file into GNOME Calendar, Thunderbird \
            or any calendar; importing a newer export updates the events instead of doubling them.

            Examples:
              gymbell export-ics --output ~/workouts.ics
              gymbell export-ics --weeks 12 > workouts.ics
            """)

    @Option(help: "How many weeks ahead to export (1 to 52).", transform: PlainNumber.whole) var weeks: UInt32 = 4
    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Write the calendar to FILE, replacing it whole; - or no --output: standard output.", valueName: "FILE"),
        completion: .file(extensions: ["ics"]))
    var output: String?

    func validate() throws {
        guard Limits.exportWeeks.contains(Int(weeks)) else { throw ValidationError("--weeks must be 1 to 52, not \(weeks)") }
        if output?.isEmpty == true { throw ValidationError("--output needs a file name, or - for standard output") }
    }

    func run() throws {
        let ics = try withDaemon { client throws(ClientError) in try client.exportICS(weeks: weeks) }
        guard let output, output != "-" else {
            Terminal.raw(ics, terminator: "")
            return
        }
        do {
            try AtomicFile.write(Data(ics.utf8), to: output)
        } catch {
            printError(error.description)
            throw ExitCode.failure
        }
        let events = ics.split(whereSeparator: { $0 == "\r\n" || $0 == "\n" }).count { $0 == "BEGIN:VEVENT" }
        Terminal.line("Wrote \(events) workout\(events == 1 ? "" : "s") to \(output); import it into GNOME Calendar or Thunderbird.")
    }
}

struct Resume: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Carry on a paused workout, or a paused HIIT or walk/run session.",
        discussion: """
            A workout left without progress for pause_after (2h unless changed) gets a "Paused workout" \
            reminder with Resume and End workout. This does what Resume does; `gymbell stop` ends it instead. \
            A HIIT or walk/run session paused with `gymbell pause` carries on where it stood: its reminders \
            still to come move by the length of the pause.
            """)

    func run() throws {
        let sentence = try withDaemon { client throws(ClientError) in try client.resume() }
        Terminal.line(sentence.hasSuffix(".") || sentence.hasSuffix("!") ? sentence : sentence + ".")
    }
}

/// The human-readable `gymbell history`: one aligned line per session.
enum HistoryText {
    static func render(_ entries: [HistoryEntry], days: UInt32, now: Date) -> [String] {
        guard !entries.isEmpty else {
            return ["No sessions in the last \(days == 1 ? "day" : "\(days) days"). Start one with `gymbell start` "
                + "(today's workout), `gymbell rest`, `gymbell hiit` or `gymbell walkrun`."]
        }
        let rows = entries.map { entry in
            [
                LocalClock.dayAndTime(entry.startedAt, now: now),
                "\(entry.title) (\(entry.kind.rawValue))",
                entry.outcome.rawValue + (entry.recovered ? " (recovered)" : ""),
                entry.rounds.map { "\($0) round\($0 == 1 ? "" : "s")" + (entry.amrap ? " (AMRAP)" : "") }
                    ?? (entry.kind == .strength ? "\(entry.setsDone) set\(entry.setsDone == 1 ? "" : "s")" : ""),
                duration(of: entry, now: now),
            ]
        }
        return alignedColumns(rows)
    }

    /// "45s", "1m30s", "41m", "1h5m"; to the minute from 10 minutes on. A running session: "12m so far".
    static func duration(of entry: HistoryEntry, now: Date) -> String {
        let seconds = max(0, (entry.endedAt ?? now).timeIntervalSince(entry.startedAt))
        let shown = seconds < 600 ? seconds.rounded() : (seconds / 60).rounded() * 60
        return DurationText.format(shown) + (entry.endedAt == nil ? " so far" : "")
    }
}

/// The human-readable `gymbell history --sets`.
enum SetLogText {
    static func render(_ sets: [LoggedSet], days: UInt32, now: Date) -> [String] {
        guard !sets.isEmpty else {
            return ["No sets logged in the last \(days == 1 ? "day" : "\(days) days"). A strength workout logs each set: "
                + "`gymbell start WORKOUT`, then Set done (or `gymbell set-done`) after each set."]
        }
        let rows = sets.map { set in
            [set.id.map { "#\($0)" } ?? "", LocalClock.dayAndTime(set.at, now: now), set.exercise, "set \(set.setNumber)", set.loadText, notes(set)]
        }
        return alignedColumns(rows)
    }

    /// "warm-up, RPE 8, failed": what a line says of a set beside its load.
    static func notes(_ set: LoggedSet) -> String {
        [set.warmUp ? LoggedSet.warmUpMark : nil, set.rpeText, set.failed ? "failed" : nil].compactMap { $0 }.joined(separator: ", ")
    }
}

/// Rows as columns two spaces apart, each as wide as its widest cell; a column empty in every row is
/// left out, and no line ends in spaces. Cells are escaped for the terminal before they are measured
/// (a name's ESC takes the two characters `\e`), so that columns line up as shown.
func alignedColumns(_ rows: [[String]]) -> [String] {
    let rows = rows.map { $0.map(TerminalText.escaped) }
    let columns = rows.map(\.count).max() ?? 0
    let widths = (0..<columns).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
    return rows.map { row in
        var line = ""
        for (column, cell) in row.enumerated() where widths[column] > 0 {
            if !line.isEmpty { line += "  " }
            line += cell + String(repeating: " ", count: widths[column] - cell.count)
        }
        while line.last == " " { line.removeLast() }
        return line
    }
}
