import ArgumentParser
import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellSettings

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Show the active session, pending reminders and the next daily reminder.",
        discussion: """
            --json prints one object: {"session": null | {"id","kind","title","started_at","ends_at","phase","percent_done","paused",\
            "step"}, \
            "pending": [{"id","kind","due","title","body","paused","after_resume"}], "next_daily": null | "<ISO 8601>", \
            "storage": null | {"problem","saving","message","since"}, "held": null | {"why","reminders","message"}, \
            "sync": null | {"folder","device","available","journals": [{"file","sessions","problem"}],"merged_at","write_problem"}}.
            "sync" is the [sync] folder shared with your other computers: this computer's id (its journal there is \
            gymbell-<device>.jsonl), whether the folder is there now, each other computer's journal with the workouts \
            merged from it and, when part of it was not merged, why.
            "held" says why reminders that can wait are held ("why": a list of do_not_disturb, screen_locked, \
            away, not_yet_known) and which ("reminders": their ids; they stay in "pending").
            A paused session's reminders have "paused": true and "after_resume": the seconds from the resume \
            to when each falls due (listed without --json as "20s after resume"); their "due" is when that \
            would be if resumed now. Others: false and null. An "overload_suggestion" has "overload": \
            [{"exercise","weight","next","unit","sessions"}], the weights to go up from and to.
            During a workout of steps (a circuit, an AMRAP, named intervals, timed sets, supersets, a warm-up \
            or cool-down) "step" is an object with "number", "count", "role", "name", "label", "reps", \
            "seconds", "left", "round", "rounds", "set", "sets", "rounds_done", "next" and "text": the step now (role get_ready, warm_up, work, \
            rest or cool_down), its round or set, the seconds left of a timed one and the next step's label; \
            null for other sessions. Without --json it is the line "TITLE: STEP, round N of M · next: STEP".
            """)

    @Flag(help: "Print the status as one JSON object (instants in ISO 8601).") var json = false

    func run() throws {
        if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.statusJSON() })
            return
        }
        let report = try withDaemon { client throws(ClientError) in try client.status() }
        Terminal.lines(StatusText.render(report, now: Date()))
    }
}

struct Upcoming: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the coming reminders with their local times and workouts.",
        discussion: "Daily reminders from [reminders] and [program], plus snoozed and session reminders already pending.")

    @Option(help: "How many days ahead to list (1 to 366).", transform: PlainNumber.whole) var days: UInt32 = 7
    @Flag(help: "Print a JSON array of {\"due\", \"kind\", \"title\", \"body\", \"workout\"}.") var json = false

    func validate() throws {
        guard Limits.upcomingDays.contains(Int(days)) else { throw ValidationError("--days must be 1 to 366, not \(days)") }
    }

    func run() throws {
        if json {
            Terminal.raw(try withDaemon { client throws(ClientError) in try client.upcomingJSON(days: days) })
            return
        }
        let entries = try withDaemon { client throws(ClientError) in try client.upcoming(days: days) }
        guard !entries.isEmpty else {
            Terminal.line("No reminders in the next \(days) day\(days == 1 ? "" : "s").")
            return
        }
        for entry in entries {
            Terminal.line("\(LocalClock.dateTime(entry.due, now: .distantPast))  \(entry.title) — \(entry.body)")
        }
    }
}

/// The human-readable `gymbell status`.
enum StatusText {
    /// One line per entry: a notification body of several lines (milestones, records) shows its line
    /// breaks as `\n` (Terminal.line), as a name's would.
    static func render(_ report: StatusReport, now: Date) -> [String] {
        var lines: [String] = []
        if let session = report.session, session.paused {
            lines.append("Session: \(session.title) (\(session.kind)), paused at \(session.phase) — `gymbell resume` carries on")
        } else if let session = report.session {
            lines.append(
                "Session: \(session.title) (\(session.kind)), started \(LocalClock.time(session.startedAt)), "
                    + "ends \(LocalClock.time(session.endsAt)) — \(LocalClock.remaining(until: session.endsAt, now: now)) left")
        } else {
            lines.append("No session is running.")
        }
        if let session = report.session, let step = session.step { lines.append("\(session.title): \(step.text)") }
        if report.pending.isEmpty {
            lines.append("Nothing pending.")
        } else {
            lines.append("Pending:")
            for entry in report.pending {
                // A paused session's reminders have no instant yet: what is left of each, from the resume.
                let when = entry.afterResume.map { "\(DurationText.format($0.rounded())) after resume" }
                    ?? LocalClock.dateTime(entry.due, now: now)
                lines.append("  \(when)  \(entry.title) — \(entry.body)")
            }
        }
        lines.append("Next daily reminder: " + (report.nextDaily.map { LocalClock.dateTime($0, now: now) } ?? "none"))
        if let held = report.held { lines.append("Held: \(held.message)") }
        if let sync = report.sync { lines += sync.summaryLines }
        // First, so that it is seen: state that is not being saved (or was replaced).
        if let storage = report.storage { lines.insert("Storage: \(storage.message)", at: 0) }
        return lines
    }
}

/// Instants shown in the local time zone, as a person reads a clock.
enum LocalClock {
    /// The zone the daemon plans in (any `TZ` form glibc reads), not Foundation's `TimeZone.current`.
    static let zone = SystemTimeZone().current()

    static func time(_ date: Date) -> String { clock(date, seconds: true) }

    /// "18:00:00" today, "Mon 23 Nov 18:00" on another day.
    static func dateTime(_ date: Date, now: Date = Date()) -> String {
        LocalDay(containing: date, in: zone) == LocalDay(containing: now, in: zone)
            ? clock(date, seconds: true) : day(date, withYear: false) + " " + clock(date, seconds: false)
    }

    /// "Mon 23 Nov 18:02", with the year ("Mon 23 Nov 2025 18:02") when it is not `now`'s.
    static func dayAndTime(_ date: Date, now: Date = Date()) -> String {
        let sameYear = LocalDay(containing: date, in: zone).civil.year == LocalDay(containing: now, in: zone).civil.year
        return day(date, withYear: !sameYear) + " " + clock(date, seconds: false)
    }

    static func remaining(until date: Date, now: Date = Date()) -> String {
        DurationText.format(max(0, date.timeIntervalSince(now).rounded()))
    }

    private static let weekdays = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    /// "Mon 23 Nov", "Mon 23 Nov 2025".
    private static func day(_ date: Date, withYear: Bool) -> String {
        let local = LocalDay(containing: date, in: zone)
        let (year, month, day) = local.civil
        let weekday = weekdays[Weekday.allCases.firstIndex(of: local.weekday)!]
        return "\(weekday) \(day) \(months[month - 1])" + (withYear ? " \(year)" : "")
    }

    /// "18:02:05" or "18:02".
    private static func clock(_ date: Date, seconds: Bool) -> String {
        LocalTime(of: date, in: zone).text(seconds: seconds)
    }
}
