import FoundationEssentials
import GymbellCore

/// `io.github.gymbell.Gymbell1`, one entry per method: the single source of the daemon's dispatch
/// (`ControlInterface`), the client's calls (`GymbellClient`) and the introspection XML.
///
/// Conventions: durations are seconds; instants are ISO 8601 strings in UTC with milliseconds; an
/// instant that may be absent is an array of zero or one of them (`as`); a value the caller may leave
/// out is a second method without that argument (`RestDefault`, `SnoozeDefault`), never a 0 or "".
/// Structured reports (Stop, Upcoming, Status, History, Stats, Suggest) are JSON texts whose shape
/// the doc gives, the same objects the CLI prints with `--json`.
public enum ControlContract {
    public static let rest = ControlMethod(
        "Rest", Field.uint32("seconds"), reply: Field.instant("due"),
        doc: "Start a rest timer of `seconds` (\(span(Limits.rest))), replacing any running session; returns when it ends.",
        errors: [.invalidArgs, .failed])

    public static let restDefault = ControlMethod(
        "RestDefault", reply: Field.instant("due"),
        doc: "Start a rest timer of the configured [rest] default; returns when it ends.",
        errors: [.failed])

    public static let adjustRest = ControlMethod(
        "AdjustRest", Field.int32("seconds"), reply: Field.instant("due"),
        doc: "Move the end of the running rest by `seconds` (negative shortens); returns its new end.",
        errors: [.invalidArgs, .noSession, .failed])

    public static let hiit = ControlMethod(
        "Hiit", Field.uint32("rounds"), Field.seconds("work_seconds"), Field.seconds("rest_seconds"), reply: Field.instant("ends_at"),
        doc: "Start a HIIT session: `rounds` (\(span(Limits.hiitRounds))) of work (\(span(Limits.hiitWork)) s) then rest (\(span(Limits.hiitRest)) s); returns its end.",
        errors: [.invalidArgs, .failed])

    public static let walkRun = ControlMethod(
        "WalkRun", Field.seconds("run_seconds"), Field.seconds("walk_seconds"), Field.uint32("repeats"), reply: Field.instant("ends_at"),
        doc: "Start a walk/run session: `repeats` (\(span(Limits.walkRunRepeats))) of run then walk (\(span(Limits.walkRunPhase)) s each); returns its end.",
        errors: [.invalidArgs, .failed])

    public static let start = ControlMethod(
        "Start", Field.text("workout"), reply: Field.text("message"),
        doc: "Start the named workout, or today's planned one when `workout` is empty; returns what started.",
        errors: [.invalidArgs, .failed])

    public static let setDone = ControlMethod(
        "SetDone", reply: Field.text("message"),
        doc: "Record a finished set of the running strength workout; starts its rest. Returns what comes next.",
        errors: [.noSession, .failed])

    public static let setDoneAs = ControlMethod(
        "SetDoneAs", Field.json("set_json"), reply: Field.text("message"),
        doc: "Record a finished set as it was done: `set_json` is an object with any of {\"reps\": 0 to 1000, \"weight\": 0 to 2000 (the "
            + "exercise's unit), \"failed\": true, \"rpe\": 0 to 10}; what it leaves out is as planned, fewer reps than planned count as failed. Returns what comes next.",
        errors: [.invalidArgs, .noSession, .failed])

    public static let stop = ControlMethod(
        "Stop", reply: Field.json("result_json"),
        doc: "End the active session; returns {\"session\": …, \"pending\": [cancelled reminders]} as JSON (session null when none ran).",
        errors: [.failed])

    public static let snooze = ControlMethod(
        "Snooze", Field.uint32("minutes"), reply: Field.instant("due"),
        doc: "Show the daily reminder again after `minutes` (\(span(Limits.snoozeMinutes))); returns when.",
        errors: [.invalidArgs, .failed])

    public static let snoozeDefault = ControlMethod(
        "SnoozeDefault", reply: Field.instant("due"),
        doc: "Show the daily reminder again after the configured snooze_minutes; returns when.",
        errors: [.failed])

    public static let skipToday = ControlMethod(
        "SkipToday", reply: Field.optionalInstant("next_daily"),
        doc: "No more daily reminder today; returns the next one, or an empty array when none is planned.",
        errors: [.failed])

    public static let upcoming = ControlMethod(
        "Upcoming", Field.uint32("days"), reply: Field.json("entries_json"),
        doc: "The reminders of the next `days` days (\(span(Limits.upcomingDays))): a JSON array of {\"due\", \"kind\", \"title\", \"body\", \"workout\"}, in order.",
        errors: [.invalidArgs, .failed])

    public static let status = ControlMethod(
        "Status", reply: Field.json("status_json"),
        doc: "The object that `gymbell status` prints with its json flag.",
        errors: [])

    public static let resume = ControlMethod(
        "Resume", reply: Field.text("message"),
        doc: "Carry on the paused workout, or the paused timeline of a HIIT or walk/run session; returns where it stands.",
        errors: [.invalidArgs, .noSession, .failed])

    public static let pause = ControlMethod(
        "Pause", reply: Field.text("message"),
        doc: "Pause the running HIIT or walk/run session's timeline (Resume carries it on, its reminders moved by the pause); returns where it stands.",
        errors: [.invalidArgs, .noSession, .failed])

    public static let skip = ControlMethod(
        "Skip", reply: Field.text("message"),
        doc: "Skip to the running session's next phase (during a rest: end it); returns what fell due.",
        errors: [.invalidArgs, .noSession, .failed])

    public static let history = ControlMethod(
        "History", Field.uint32("days"), reply: Field.json("entries_json"),
        doc: "The sessions started in the last `days` days (\(span(Limits.historyDays))), oldest first: a JSON array of {\"id\", \"workout\", \"title\", "
            + "\"kind\", \"started_at\", \"ended_at\", \"outcome\", \"sets_done\", \"last_progress_at\"}.",
        errors: [.invalidArgs, .failed])

    public static let setLog = ControlMethod(
        "SetLog", Field.uint32("days"), reply: Field.json("sets_json"),
        doc: "The strength sets logged in the last `days` days (\(span(Limits.historyDays))), in the order done: a JSON array of {\"id\" (CorrectSet's set_id), \"session\", "
            + "\"workout\", \"exercise\", \"set\", \"reps\", \"planned_reps\", \"weight\", \"unit\": \"kg\" | \"lb\", \"failed\", \"at\", "
            + "\"seconds\" (a timed set's, or null), \"warm_up\", \"rpe\" (or null)}.",
        errors: [.invalidArgs, .failed])

    public static let correctSet = ControlMethod(
        "CorrectSet", Field.uint32("set_id"), Field.json("edit_json"), reply: Field.text("message"),
        doc: "Correct a logged set: `set_id` is its \"id\" in SetLog, `edit_json` an object with any of {\"reps\": 0 to 1000, "
            + "\"weight\": 0 to 2000 (the set's unit, which is kept), \"failed\": true | false, \"seconds\": 0 to 86400, \"rpe\": 0 to 10, "
            + "\"warm_up\": true | false}; changed reps without \"failed\" count as "
            + "failed when fewer than planned. Records and overload follow the corrected log. Returns what changed.",
        errors: [.invalidArgs, .failed])

    public static let historyRows = ControlMethod(
        "HistoryRows", Field.uint32("days"), reply: Field.text("rows"),
        doc: "What History lists, as text rows rather than JSON (what `gymbell report` reads): one session a line, tab-separated: "
            + "id, workout (empty for none, else \"=\" and the name), title, kind, started_at, ended_at (empty for none), outcome, "
            + "sets_done, last_progress_at, recovered (0 or 1); instants in seconds since 2001-01-01 UTC; texts escaped as in SetLogRows.",
        errors: [.invalidArgs, .failed])

    public static let setLogRows = ControlMethod(
        "SetLogRows", Field.uint32("days"), reply: Field.text("rows"),
        doc: "What SetLog lists, as text rows rather than JSON (what `gymbell report` reads: a tenth of the cost for years of sets): "
            + "one set a line, tab-separated: session, workout (empty for none, else \"=\" and the name), exercise, set, reps, "
            + "planned_reps, weight (empty for none), unit, failed (0 or 1), at (seconds since 2001-01-01 UTC), id (its \"id\" in SetLog, "
            + "empty for none), seconds (a timed set's, empty for none), warm-up (0 or 1), rpe (empty for none); texts escape "
            + "backslash, tab and newline as \\\\, \\t, \\n.",
        errors: [.invalidArgs, .failed])

    public static let weights = ControlMethod(
        "Weights", reply: Field.json("weights_json"),
        doc: "The weight the next workout plans for each exercise of the config's strength workouts: a JSON array of {\"exercise\", "
            + "\"workouts\", \"configured\", \"weight\", \"unit\": \"kg\" | \"lb\", \"raised_at\"}; weight differs from configured "
            + "where \"Next time\" or SetWeight raised it (raised_at says when), null for an exercise without weight.",
        errors: [.failed])

    public static let setWeight = ControlMethod(
        "SetWeight", Field.text("exercise"), Field.number("weight"), reply: Field.text("message"),
        doc: "Plan `exercise` (its name in the config) with `weight` (more than 0 to 2000, the exercise's unit) from the next workout on, "
            + "over the config's weight; a workout under way keeps its plan. Returns what changed.",
        errors: [.invalidArgs, .failed])

    public static let resetWeights = ControlMethod(
        "ResetWeights", Field.textArray("exercises"), reply: Field.text("message"),
        doc: "Plan these exercises with the config's weights again (every raised one when the array is empty). Returns what changed.",
        errors: [.invalidArgs, .failed])

    public static let stats = ControlMethod(
        "Stats", reply: Field.json("stats_json"),
        doc: "The object that `gymbell stats` prints with its json flag: {\"streak\", \"sessions_this_week\", "
            + "\"sessions_this_month\", \"consecutive_training_days\", \"workouts_completed\", \"regular_weeks\", \"volume_kg\", "
            + "\"reminders\": {the daily reminders of the last 30 days: \"days\", \"reminders\", \"started\", \"snoozed\", \"skipped\", "
            + "\"ignored\", \"open\", \"held\", \"snoozed_weekdays\"}}.",
        errors: [.failed])

    public static let records = ControlMethod(
        "Records", reply: Field.json("records_json"),
        doc: "Every exercise's best sets and every personal record of the log, oldest first (what the report shows of all "
            + "the training): {\"bests\": [{\"exercise\", \"heaviest\", \"best_estimate\", \"estimated_1rm_kg\"}], \"records\": "
            + "[{\"kind\": \"heaviest\" | \"estimated_1rm\" | \"longest_hold\", \"set\", \"previous\"}], \"holds\": [the longest "
            + "hold of each timed exercise, by name]}, each set as SetLog gives it.",
        errors: [.failed])

    public static let workouts = ControlMethod(
        "Workouts", reply: Field.json("workouts_json"),
        doc: "The config's workouts and programme as the daemon applies them: {\"workouts\": [{\"name\", \"title\", \"kind\": "
            + "\"strength\" | \"hiit\" | \"walkrun\"}] by title, \"program\": {weekday (\"mon\" … \"sun\"): workout name}}; "
            + "a weekday not in the program is a rest day.",
        errors: [.failed])

    public static let suggest = ControlMethod(
        "Suggest", reply: Field.json("suggest_json"),
        doc: "The learned start per weekday and the daily reminder's time: {\"auto\", \"fixed_time\", \"lead_seconds\", "
            + "\"weekdays\": [{\"weekday\", \"usual_start\", \"samples\", \"reminder_time\", \"workout\", \"snoozed_start\"}]}, Monday first.",
        errors: [.failed])

    public static let exportICS = ControlMethod(
        "ExportIcs", Field.uint32("weeks"), reply: Field.text("ics"),
        doc: "The program's workouts of the next `weeks` weeks (\(span(Limits.exportWeeks))) as an iCalendar (RFC 5545) text.",
        errors: [.invalidArgs, .failed])

    public static let reload = ControlMethod(
        "Reload", reply: Field.text("origin"),
        doc: "Re-read the config file; returns where it came from. An invalid file is refused and the config in force stays.",
        errors: [.invalidConfig])

    public static let importSessions = ControlMethod(
        "ImportSessions", Field.json("sessions_json"), reply: Field.json("result_json"),
        doc: "Add workouts from another app's log (what `gymbell import` read): `sessions_json` is an array of {\"entry\": {a History "
            + "entry}, \"sets\": [SetLog sets]}, written in one transaction; a session whose id the history has is left as it is. "
            + "Returns {\"added_sessions\", \"added_sets\", \"already_there\", \"before\": {\"sessions\", \"sets\"}, \"after\": {…}}; "
            + "records and streaks count the added past from then on. Every session and set is checked (instants 1970–2199, "
            + "weights, reps, set numbers, names, ids): one out of bounds is refused whole, nothing of it stored, and listed "
            + "in \"refused\": [{\"id\", \"reason\"}] (the first 100; \"refused_count\" counts them all). At most 8 MiB of JSON "
            + "a call (ImportBatch for more).",
        errors: [.invalidArgs, .failed])

    public static let importBatch = ControlMethod(
        "ImportBatch", Field.json("sessions_json"), Field.flag("last"), reply: Field.json("result_json"),
        doc: "One batch of a large import (`gymbell import` sends at most 2 000 sessions or about 2 MB a call): as ImportSessions, "
            + "each batch its own transaction, but only the `last` puts the set log in order and has the daemon read its state "
            + "again. Sending a batch again adds nothing (the same ids), so an import cut short can simply be run again.",
        errors: [.invalidArgs, .failed])

    public static let knownSessions = ControlMethod(
        "KnownSessions", Field.textArray("ids"), reply: Field.textArray("known"),
        doc: "Which of `ids` (at most \(maxKnownSessionIDs)) the history has (read only; what `gymbell import --dry-run` asks).",
        errors: [.invalidArgs, .failed])

    /// Ids a `KnownSessions` call may ask about.
    public static let maxKnownSessionIDs = 5000

    /// The most a `sessions_json` of ImportSessions or ImportBatch may be (larger imports come in batches).
    public static let maxImportJSONBytes = 8 << 20

    public static let backup = ControlMethod(
        "Backup", Field.text("path"), reply: Field.json("result_json"),
        doc: "Write a consistent copy of the whole state to `path` (an absolute path; a regular file replaced whole, or a symbolic link's "
            + "file, the link kept; readable by its owner only) while the daemon runs; the state database, its -wal and -shm and its "
            + "directory are refused. Returns {\"path\", \"counts\": {\"sessions\", \"sets\"}}.",
        errors: [.invalidArgs, .failed])

    public static let restore = ControlMethod(
        "Restore", Field.text("path"), reply: Field.json("result_json"),
        doc: "Replace the history, set log and planned weights with the backup at `path` (an absolute path to a regular file) after "
            + "checking it (SQLite, gymbell's, integrity, schema version); pending reminders, today's reminder memory and a session running "
            + "now stay. A backup holding far less than the history (stamped as gymbell's with no tables, no sessions, or fewer than half "
            + "the sessions or sets of a history of 5 sessions or more) is refused with NeedsConfirmation, naming both: RestoreConfirmed "
            + "takes it back. Returns {\"before\", \"after\": {\"sessions\", \"sets\"}, \"kept_aside\": the replaced state's copy, "
            + "\"schema_version\"}.",
        errors: [.invalidArgs, .failed, .needsConfirmation])

    public static let restoreConfirmed = ControlMethod(
        "RestoreConfirmed", Field.text("path"), reply: Field.json("result_json"),
        doc: "Restore, the person having confirmed it: takes the backup at `path` back even where it holds far less than the history "
            + "(what Restore refuses with NeedsConfirmation); checked and answered as Restore.",
        errors: [.invalidArgs, .failed])

    /// Every method, in the order of the introspection XML.
    public static let methods: [ControlMethodDescription] = [
        rest.description, restDefault.description, adjustRest.description, hiit.description, walkRun.description,
        start.description, setDone.description, setDoneAs.description, stop.description, snooze.description, snoozeDefault.description,
        skipToday.description, upcoming.description, status.description, resume.description, pause.description, skip.description,
        history.description, historyRows.description, setLog.description, setLogRows.description, correctSet.description, weights.description,
        setWeight.description, resetWeights.description,
        stats.description, records.description, workouts.description, suggest.description, exportICS.description, reload.description,
        importSessions.description, importBatch.description, knownSessions.description, backup.description, restore.description,
        restoreConfirmed.description,
    ]

    private static func span(_ range: ClosedRange<Int>) -> String { "\(range.lowerBound) to \(range.upperBound)" }

    private static func span(_ range: ClosedRange<TimeInterval>) -> String { "\(Int(range.lowerBound)) to \(Int(range.upperBound))" }
}
