import FoundationEssentials
import GymbellControl
import GymbellCore
import GymbellFormats
import GymbellBus

/// The `io.github.gymbell.Gymbell1` interface: decodes each method call by its `ControlContract`
/// entry, runs the command, encodes the typed reply. Bad values become InvalidArgs errors with a
/// sentence; state is unchanged.
final class ControlInterface {
    // Untyped throws here: Swift 6.3's SILGen crashes on a generic closure with typed throws (on(_:_:)).
    private typealias Handler = (DBusMethodCall) throws -> [DBusValue]
    private var handlers: [String: Handler] = [:]
    /// Methods whose large replies may be worked out off the loop (`offLoop`), by name.
    private var laterHandlers: [String: (DBusMethodCall) throws -> DBusReply] = [:]
    private let commands: any CommandRunning
    /// Import, backup and restore; nil where there is no state database to change (they are refused).
    private let transfers: (any StateTransferring)?

    init(commands: any CommandRunning, transfers: (any StateTransferring)? = nil, reload: @escaping () throws(CommandError) -> String) {
        self.commands = commands
        self.transfers = transfers
        on(ControlContract.rest, { .rest(seconds: TimeInterval($0)) }, \.until)
        on(ControlContract.restDefault, { .rest(seconds: nil) }, \.until)
        on(ControlContract.adjustRest, { .adjustRest(by: TimeInterval($0)) }, \.until)
        on(ControlContract.hiit, { .hiit(HIITPlan(rounds: Int($0.0), work: $0.1, rest: $0.2), title: nil, workout: nil) }, \.sessionEnd)
        on(ControlContract.walkRun, { .walkRun(WalkRunPlan(run: $0.0, walk: $0.1, repeats: Int($0.2)), title: nil, workout: nil) }, \.sessionEnd)
        on(ControlContract.start, { .start(workout: $0.isEmpty ? nil : $0) }, \.text)
        on(ControlContract.setDone, { .setDone }, \.text)
        on(ControlContract.setDoneAs, { .setDoneAs(try SetCorrectionJSON.decode($0)) }, \.text)
        on(ControlContract.stop, { .stop }, \.stoppedJSON)
        on(ControlContract.snooze, { .snooze(minutes: Int($0)) }, \.snoozedUntil)
        on(ControlContract.snoozeDefault, { .snooze(minutes: nil) }, \.snoozedUntil)
        on(ControlContract.skipToday, { .skipToday }, \.nextDaily)
        on(ControlContract.upcoming, { .upcoming(days: Int($0)) }, \.upcomingJSON)
        on(ControlContract.status, { .status }, \.statusJSON)
        on(ControlContract.resume, { .resume }, \.text)
        on(ControlContract.pause, { .pause }, \.text)
        on(ControlContract.skip, { .skip }, \.text)
        on(ControlContract.history, { .history(days: Int($0)) }, \.historyJSON)
        on(ControlContract.setLog, { .setLog(days: Int($0)) }, \.setsJSON)
        offLoop(ControlContract.history) { .history(days: Int($0)) }
        offLoop(ControlContract.setLog) { .setLog(days: Int($0)) }
        on(ControlContract.correctSet, { .correctSet(id: Int64($0.0), try SetEditJSON.decode($0.1), original: nil) }, \.text)
        on(ControlContract.historyRows, { .history(days: Int($0)) }, \.historyRows)
        offLoop(ControlContract.historyRows, as: .rows) { .history(days: Int($0)) }
        on(ControlContract.setLogRows, { .setLog(days: Int($0)) }, \.setsRows)
        offLoop(ControlContract.setLogRows, as: .rows) { .setLog(days: Int($0)) }
        on(ControlContract.weights, { .weights }, \.weightsJSON)
        on(ControlContract.setWeight, { .setWeight(exercise: $0.0, weight: $0.1) }, \.text)
        on(ControlContract.resetWeights, { .resetWeights($0) }, \.text)
        on(ControlContract.stats, { .stats }, \.statsJSON)
        on(ControlContract.records, { .records(earlier: []) }, \.recordsJSON)  // the daemon adds the stored timeline
        on(ControlContract.suggest, { .suggest }, \.suggestJSON)
        handlers[ControlContract.workouts.name] = { [commands] call in  // the config in force, not a command
            try ControlContract.workouts.arguments(of: call)
            return ControlContract.workouts.encodeReply(WorkoutsReport(commands.configInForce).jsonText())
        }
        on(ControlContract.exportICS, { .exportICS(weeks: Int($0)) }, \.calendar)
        // The state database changed by the daemon itself, then read again, answered when done
        // (DaemonStateTransfer); bad arguments are refused at once.
        later(ControlContract.importSessions) { transfers, json throws(CommandError) in
            try Self.importing(json, last: true, transfers)
        }
        later(ControlContract.importBatch) { transfers, arguments throws(CommandError) in
            try Self.importing(arguments.0, last: arguments.1, transfers)
        }
        handlers[ControlContract.knownSessions.name] = { [transfers] call in
            let ids = try ControlContract.knownSessions.arguments(of: call)
            guard ids.count <= ControlContract.maxKnownSessionIDs else {
                throw CommandError.invalidArgument("ids: at most \(ControlContract.maxKnownSessionIDs) at a time, not \(ids.count)")
            }
            return ControlContract.knownSessions.encodeReply(try Self.need(transfers).knownSessions(ids.map(SessionID.init)).map(\.rawValue))
        }
        later(ControlContract.backup) { transfers, path throws(CommandError) in
            let path = try Self.absolute(path)
            return { done in transfers.backup(to: path) { done($0.map { $0.jsonText() }) } }
        }
        for (method, confirmed) in [(ControlContract.restore, false), (ControlContract.restoreConfirmed, true)] {
            later(method) { transfers, path throws(CommandError) in
                let path = try Self.absolute(path)
                return { done in transfers.restore(from: path, confirmed: confirmed) { done($0.map { $0.jsonText() }) } }
            }
        }
        handlers[ControlContract.reload.name] = { call in  // the daemon runner's, not the engine's
            try ControlContract.reload.arguments(of: call)
            return ControlContract.reload.encodeReply(try reload())
        }
    }

    /// Starts an import of `json` once its size is checked (a 10 MB title is refused here, unread).
    private static func importing(_ json: String, last: Bool, _ transfers: any StateTransferring) throws(CommandError) -> TransferStart {
        let bytes = json.utf8.count
        guard bytes <= ControlContract.maxImportJSONBytes else {
            throw .invalidArgument(
                "sessions_json is \(bytes) bytes, more than the \(ControlContract.maxImportJSONBytes >> 20) MiB a call takes "
                    + "(send a large import in batches: ImportBatch); nothing was imported")
        }
        // Decoded where the import is written (ten years of sets: not on the loop).
        return { done in
            transfers.importSessions(decoding: { () throws(CommandError) in try Self.sessions(json) }, last: last) { done($0.map { $0.jsonText() }) }
        }
    }

    private static func sessions(_ json: String) throws(CommandError) -> [ImportedSession] {
        do { return try ImportedSession.decode(jsonText: json) } catch {
            throw .invalidArgument("sessions_json is not an array of sessions with their sets: \(error)")
        }
    }

    private static func need(_ transfers: (any StateTransferring)?) throws(CommandError) -> any StateTransferring {
        guard let transfers else { throw .failed("this daemon has no state database to import into, back up or restore") }
        return transfers
    }

    /// A path the daemon writes or reads for a client: absolute (the daemon's working directory is not the client's).
    private static func absolute(_ path: String) throws(CommandError) -> String {
        guard path.hasPrefix("/") else { throw .invalidArgument("the path must be absolute, not \"\(path)\"") }
        return path
    }

    /// The methods this interface answers; a test checks it against `ControlContract.methods`.
    var methodNames: Set<String> { Set(handlers.keys) }

    func handle(_ call: DBusMethodCall) -> DBusReply {
        guard call.interface == BusNames.interface || call.interface.isEmpty else {
            return .error(DBusError(name: DBusError.unknownMethod, message: "no interface \(call.interface) on \(BusNames.objectPath)"))
        }
        if let handler = laterHandlers[call.member] {
            do {
                return try handler(call)
            } catch let error as CommandError {
                return .error(error.dbusError)
            } catch {
                return .error(CommandError.failed("\(error)").dbusError)
            }
        }
        guard let handler = handlers[call.member] else {
            return .error(CommandError.unknownMethod("no method \(call.member) in \(BusNames.interface)").dbusError)
        }
        do {
            return .values(try handler(call))
        } catch let error as CommandError {
            return .error(error.dbusError)
        } catch {
            return .error(CommandError.failed("\(error)").dbusError)
        }
    }

    /// What starts a transfer once its argument is checked, answering with the reply's text when done.
    private typealias TransferStart = (@escaping (Result<String, CommandError>) -> Void) -> Void

    /// `method` (a string out) answered when the transfer `prepare` returns calls back.
    private func later<Arguments>(
        _ method: ControlMethod<Arguments, String>, _ prepare: @escaping (any StateTransferring, Arguments) throws(CommandError) -> TransferStart
    ) {
        handlers[method.name] = { _ in [] }  // listed in methodNames; answered by laterHandlers
        laterHandlers[method.name] = { [transfers] call in
            let start = try prepare(try Self.need(transfers), try method.arguments(of: call))
            return .later(DBusLaterReply { answer in
                start { result in
                    switch result {
                    case .success(let text): answer(.values(method.encodeReply(text)))
                    case .failure(let error): answer(.error(error.dbusError))
                    }
                }
            })
        }
    }

    /// `method` answered off the loop when the runner can (a large reply must not hold up a reminder
    /// falling due meanwhile, issue 33), else as `on` registered it.
    private func offLoop<Arguments>(
        _ method: ControlMethod<Arguments, String>, as encoding: LogEncoding = .json, _ command: @escaping (Arguments) -> Command
    ) {
        guard let onLoop = handlers[method.name] else { return }
        laterHandlers[method.name] = { [commands] call in
            guard let start = commands.offLoop(command(try method.arguments(of: call)), as: encoding) else { return .values(try onLoop(call)) }
            return .later(DBusLaterReply { answer in
                start { result in
                    switch result {
                    case .success(let text): answer(.values(method.encodeReply(text)))
                    case .failure(let error): answer(.error(error.dbusError))
                    }
                }
            })
        }
    }

    /// Dispatches `method`: its arguments decoded become a command for the engine (or InvalidArgs, when
    /// a JSON argument does not decode), whose answer is read as the method's reply type.
    private func on<Arguments, Reply>(
        _ method: ControlMethod<Arguments, Reply>, _ command: @escaping (Arguments) throws -> Command, _ reply: KeyPath<CommandReply, Reply?>
    ) {
        handlers[method.name] = { [commands] call in
            let command = try command(try method.arguments(of: call))
            switch commands.run(command) {
            case .failure(let error): throw error
            case .success(let answer):
                guard let value = answer[keyPath: reply] else { throw CommandError.failed("\(command) was answered with \(answer)") }
                return method.encodeReply(value)
            }
        }
    }
}

/// What runs the commands of the control interface (the daemon, through its engine; a fake in tests).
protocol CommandRunning: AnyObject {
    func run(_ command: Command) -> Result<CommandReply, CommandError>
    /// How to answer `command` off the loop — its reply's text, handed back on the loop — or nil
    /// when it is answered by `run`.
    func offLoop(_ command: Command, as encoding: LogEncoding) -> OffLoopAnswer?
    /// The config the daemon applies now (what Workouts answers).
    var configInForce: Config { get }
}

/// Starts a reply worked out off the loop; the answer is called once, from any thread (the reply is
/// encoded there and sent from the loop).
typealias OffLoopAnswer = (_ answer: @escaping (Result<String, CommandError>) -> Void) -> Void

extension CommandRunning {
    func offLoop(_ command: Command, as encoding: LogEncoding) -> OffLoopAnswer? { nil }
}

/// What imports, backs up and restores the state database for the control interface
/// (DaemonStateTransfer; a fake in tests).
protocol StateTransferring: AnyObject {
    /// `sessions` decodes the call's JSON (where the import is written: off the loop when it can).
    /// `last`: the whole import, or the last batch of one (the set log put in order, the state read again).
    func importSessions(
        decoding sessions: @escaping () throws(CommandError) -> [ImportedSession], last: Bool,
        then done: @escaping (Result<ImportReport, CommandError>) -> Void)
    /// Which of `ids` the history has (read on the loop: one indexed query).
    func knownSessions(_ ids: [SessionID]) throws(CommandError) -> [SessionID]
    func backup(to path: String, then done: @escaping (Result<BackupReport, CommandError>) -> Void)
    /// Unless `confirmed`, a backup holding far less than the history is refused with `.needsConfirmation`.
    func restore(from path: String, confirmed: Bool, then done: @escaping (Result<RestoreReport, CommandError>) -> Void)
}

extension Daemon: CommandRunning {
    var configInForce: Config { loaded.config }
}

/// The answers as the contract's reply types.
extension CommandReply {
    var until: Date? { if case .until(let end) = self { end } else { nil } }
    var sessionEnd: Date? { if case .session(let plan) = self { plan.session.endsAt } else { nil } }
    var text: String? { if case .text(let text) = self { text } else { nil } }
    var stoppedJSON: String? { if case .stopped(let report) = self { report.jsonText() } else { nil } }
    var snoozedUntil: Date? { if case .snoozed(let reminder) = self { reminder.due } else { nil } }
    var nextDaily: Date?? { if case .nextDaily(let next) = self { .some(next) } else { nil } }
    var upcomingJSON: String? { if case .upcoming(let entries) = self { UpcomingEntry.jsonText(entries) } else { nil } }
    var statusJSON: String? { if case .status(let report) = self { report.jsonText() } else { nil } }
    var historyJSON: String? { if case .history(let entries) = self { HistoryEntry.jsonText(entries) } else { nil } }
    var setsJSON: String? { if case .sets(let sets) = self { LoggedSet.jsonText(sets) } else { nil } }
    var historyRows: String? { if case .history(let entries) = self { HistoryEntry.rowsText(entries) } else { nil } }
    var setsRows: String? { if case .sets(let sets) = self { LoggedSet.rowsText(sets) } else { nil } }
    var weightsJSON: String? { if case .weights(let weights) = self { PlannedWeight.jsonText(weights) } else { nil } }
    var statsJSON: String? { if case .stats(let report) = self { report.jsonText() } else { nil } }
    var recordsJSON: String? { if case .records(let report) = self { report.jsonText() } else { nil } }
    var suggestJSON: String? { if case .suggest(let report) = self { report.jsonText() } else { nil } }
    var calendar: String? { if case .calendar(let calendar) = self { ICalendarExport.ics(calendar) } else { nil } }
}
