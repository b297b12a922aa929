import FoundationEssentials
import GymbellCore
import GymbellBus

/// The CLI's side of `io.github.gymbell.Gymbell1`: one typed method per command, each call coded
/// by its `ControlContract` entry.
public final class GymbellClient {
    private let bus: DBusClient
    private let timeoutMilliseconds: Int32

    public init(address: String? = nil, timeoutMilliseconds: Int32 = 10_000) throws(ClientError) {
        do {
            bus = try DBusClient(address: address)
        } catch {
            throw .noDaemon(
                "cannot reach the session bus (\(error.message)). gymbell needs a desktop session; "
                    + "inside one, start the daemon with `gymbell daemon`.")
        }
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    /// A rest of `seconds`, or of the configured default when nil; returns when it ends.
    public func rest(seconds: UInt32?) throws(ClientError) -> Date {
        if let seconds { return try call(ControlContract.rest, seconds) }
        return try call(ControlContract.restDefault, ())
    }

    public func adjustRest(by seconds: Int32) throws(ClientError) -> Date { try call(ControlContract.adjustRest, seconds) }

    public func hiit(rounds: UInt32, work: Double, rest: Double) throws(ClientError) -> Date {
        try call(ControlContract.hiit, (rounds, work, rest))
    }

    public func walkRun(run: Double, walk: Double, repeats: UInt32) throws(ClientError) -> Date {
        try call(ControlContract.walkRun, (run, walk, repeats))
    }

    public func start(workout: String?) throws(ClientError) -> String { try call(ControlContract.start, workout ?? "") }

    public func setDone() throws(ClientError) -> String { try call(ControlContract.setDone, ()) }

    /// Records the set as it was done (`gymbell set-done --reps N --weight W --failed`).
    public func setDone(as correction: SetCorrection) throws(ClientError) -> String {
        try call(ControlContract.setDoneAs, SetCorrectionJSON.encode(correction))
    }

    /// The session that was stopped (`session`) and the reminders cancelled with it (`pending`).
    public func stop() throws(ClientError) -> StatusReport {
        try decoded(call(ControlContract.stop, ()), "status", StatusReport.decode(jsonText:))
    }

    /// Snoozes for `minutes`, or for the configured snooze_minutes when nil; returns when it comes back.
    public func snooze(minutes: UInt32?) throws(ClientError) -> Date {
        if let minutes { return try call(ControlContract.snooze, minutes) }
        return try call(ControlContract.snoozeDefault, ())
    }

    public func skipToday() throws(ClientError) -> Date? { try call(ControlContract.skipToday, ()) }

    public func upcomingJSON(days: UInt32) throws(ClientError) -> String { try call(ControlContract.upcoming, days) }

    public func upcoming(days: UInt32) throws(ClientError) -> [UpcomingEntry] {
        try decoded(upcomingJSON(days: days), "list", UpcomingEntry.decode(jsonText:))
    }

    public func statusJSON() throws(ClientError) -> String { try call(ControlContract.status, ()) }

    public func status() throws(ClientError) -> StatusReport { try decoded(statusJSON(), "status", StatusReport.decode(jsonText:)) }

    public func reload() throws(ClientError) -> String { try call(ControlContract.reload, ()) }

    /// Carries on the paused workout; the daemon's sentence says where it stands.
    public func resume() throws(ClientError) -> String { try call(ControlContract.resume, ()) }

    /// Pauses the running interval session's timeline; the daemon's sentence says where it stands.
    public func pause() throws(ClientError) -> String { try call(ControlContract.pause, ()) }

    /// Skips to the running session's next phase; the daemon's sentence says what fell due.
    public func skip() throws(ClientError) -> String { try call(ControlContract.skip, ()) }

    /// Sessions started in the last `days` days (1 to 3660), oldest first, as the daemon's JSON array.
    public func historyJSON(days: UInt32) throws(ClientError) -> String { try call(ControlContract.history, days) }

    /// Read as text rows (`HistoryRows`): years of sessions without Foundation's JSON coding (issue 33).
    public func history(days: UInt32) throws(ClientError) -> [HistoryEntry] {
        try decoded(try call(ControlContract.historyRows, days), "history", HistoryEntry.decode(rowsText:))
    }

    /// Sets logged in the last `days` days, in the order done, as the daemon's JSON array.
    public func setLogJSON(days: UInt32) throws(ClientError) -> String { try call(ControlContract.setLog, days) }

    /// Read as text rows (`SetLogRows`): years of sets decode in a tenth of their JSON's time (issue 33).
    public func setLog(days: UInt32) throws(ClientError) -> [LoggedSet] {
        try decoded(try call(ControlContract.setLogRows, days), "set log", LoggedSet.decode(rowsText:))
    }

    /// Corrects set `id` of the log (`gymbell history correct`); returns what changed.
    public func correctSet(id: UInt32, _ edit: SetEdit) throws(ClientError) -> String {
        try call(ControlContract.correctSet, (id, SetEditJSON.encode(edit)))
    }

    /// The planned weight of every exercise, as the daemon's JSON array.
    public func weightsJSON() throws(ClientError) -> String { try call(ControlContract.weights, ()) }

    public func weights() throws(ClientError) -> [PlannedWeight] {
        try decoded(weightsJSON(), "planned weights", PlannedWeight.decode(jsonText:))
    }

    public func setWeight(exercise: String, weight: Double) throws(ClientError) -> String {
        try call(ControlContract.setWeight, (exercise, weight))
    }

    public func resetWeights(_ exercises: [String]) throws(ClientError) -> String { try call(ControlContract.resetWeights, exercises) }

    public func statsJSON() throws(ClientError) -> String { try call(ControlContract.stats, ()) }

    public func records() throws(ClientError) -> RecordsReport {
        try decoded(try call(ControlContract.records, ()), "records", RecordsReport.decode(jsonText:))
    }

    public func stats() throws(ClientError) -> StatsReport { try decoded(statsJSON(), "statistics", StatsReport.decode(jsonText:)) }

    /// Adds workouts read from another app's log; the daemon says what it added.
    public func importSessions(_ sessions: [ImportedSession]) throws(ClientError) -> ImportReport {
        try decoded(try call(ControlContract.importSessions, ImportedSession.jsonText(sessions)), "import", ImportReport.decode(jsonText:))
    }

    /// One batch of a large import; the `last` has the set log put in order and the state read again.
    public func importBatch(_ sessions: [ImportedSession], last: Bool) throws(ClientError) -> ImportReport {
        try decoded(try call(ControlContract.importBatch, (ImportedSession.jsonText(sessions), last)), "import", ImportReport.decode(jsonText:))
    }

    /// Which of `ids` the history has (asked `maxKnownSessionIDs` at a time).
    public func knownSessions(_ ids: [SessionID]) throws(ClientError) -> Set<SessionID> {
        var known: Set<SessionID> = []
        var start = 0
        while start < ids.count {
            let part = ids[start..<min(ids.count, start + ControlContract.maxKnownSessionIDs)]
            for id in try call(ControlContract.knownSessions, part.map(\.rawValue)) { known.insert(SessionID(id)) }
            start += part.count
        }
        return known
    }

    /// Has the daemon write a copy of the whole state to `path` (absolute).
    public func backup(to path: String) throws(ClientError) -> BackupReport {
        try decoded(try call(ControlContract.backup, path), "backup", BackupReport.decode(jsonText:))
    }

    /// Has the daemon take back the state of the backup at `path` (absolute). Unless `confirmed`, a backup
    /// holding far less than the history is refused (`ClientError.needsConfirmation`).
    public func restore(from path: String, confirmed: Bool = false) throws(ClientError) -> RestoreReport {
        let reply = try call(confirmed ? ControlContract.restoreConfirmed : ControlContract.restore, path)
        return try decoded(reply, "restore", RestoreReport.decode(jsonText:))
    }

    /// The config's workouts and programme as the daemon applies them.
    public func workouts() throws(ClientError) -> WorkoutsReport {
        try decoded(try call(ControlContract.workouts, ()), "workouts", WorkoutsReport.decode(jsonText:))
    }

    public func suggestJSON() throws(ClientError) -> String { try call(ControlContract.suggest, ()) }

    public func suggest() throws(ClientError) -> SuggestReport { try decoded(suggestJSON(), "suggestions", SuggestReport.decode(jsonText:)) }

    /// The planned workouts of the next `weeks` weeks (1 to 52) as iCalendar text.
    public func exportICS(weeks: UInt32) throws(ClientError) -> String {
        let ics = try call(ControlContract.exportICS, weeks)
        // Checked here so that no other text ends up in the user's calendar file.
        guard ics.hasPrefix("BEGIN:VCALENDAR") else { throw .badReply("the daemon's answer is not an iCalendar text: \(ics.prefix(80))") }
        return ics
    }

    // MARK: Plumbing

    private func call<Arguments, Reply>(_ method: ControlMethod<Arguments, Reply>, _ arguments: Arguments) throws(ClientError) -> Reply {
        let values = try send(method.name, method.encode(arguments))
        guard let reply = method.decodeReply(values) else {
            throw .badReply("the daemon answered \(values) to \(method.name) where \(method.replyMeaning) was expected")
        }
        return reply
    }

    private func send(_ member: String, _ arguments: [DBusValue]) throws(ClientError) -> [DBusValue] {
        do {
            return try bus.call(
                destination: BusNames.wellKnownName, path: BusNames.objectPath, interface: BusNames.interface,
                member: member, arguments: arguments, timeoutMilliseconds: Int(timeoutMilliseconds))
        } catch {
            switch error.name {
            case DBusError.serviceUnknown, "org.freedesktop.DBus.Error.NameHasNoOwner", DBusError.noServer, DBusError.disconnected:
                throw .noDaemon(
                    "no gymbell daemon is running on this session bus; start it with `gymbell daemon` "
                        + "(or `systemctl --user start gymbell` where the user unit is installed)")
            case DBusError.noReply:
                throw .noDaemon("the gymbell daemon did not answer in time (\(error.message))")
            default:
                throw .refused(name: error.name, message: error.message)
            }
        }
    }

    /// A JSON report read into its Core type; `what` names it in the error ("the daemon's status …").
    private func decoded<T>(_ json: String, _ what: String, _ decode: (String) throws -> T) throws(ClientError) -> T {
        do { return try decode(json) } catch { throw .badReply("the daemon's \(what) could not be read: \(error)") }
    }
}
