import Foundation
import GymbellControl
import GymbellCore
import GymbellFormats
@testable import GymbellBus
import Testing

@testable import GymbellDaemon

/// Records each command it is given and answers with fixed values, as the engine would.
private final class RecordingCommands: CommandRunning, StateTransferring {
    static let instant = Date(timeIntervalSince1970: 1_795_370_400)  // 2026-11-22T18:00:00Z
    static let instantText = "2026-11-22T18:00:00.000Z"
    static let calendar = ProgramCalendar(
        plan: [.mon: "hiit20"], workouts: ["hiit20": WorkoutDefinition(name: "hiit20", title: "HIIT 20", kind: .hiit(HIITPlan(rounds: 5, work: 40, rest: 20)))],
        reminderTime: LocalTime(hour: 18, minute: 0)!, from: instant, weeks: 1, timeZone: .utc)

    var calls: [Command] = []
    /// Imports, backups and restores asked for (the daemon's own, not the engine's commands).
    var transfers: [String] = []
    var nextDaily: Date? = instant
    var refusal: CommandError?
    var configInForce = Config()

    private func plan(_ kind: SessionKind) -> SessionPlan {
        SessionPlan(
            session: Session(id: SessionID("s1"), kind: kind, title: "T", startedAt: Self.instant, endsAt: Self.instant.addingTimeInterval(300)),
            reminders: [])
    }

    func importSessions(
        decoding sessions: @escaping () throws(CommandError) -> [ImportedSession], last: Bool,
        then done: @escaping (Result<ImportReport, CommandError>) -> Void
    ) {
        let decoded: [ImportedSession]
        do { decoded = try sessions() } catch { return done(.failure(error)) }
        transfers.append("import \(decoded.count)\(last ? "" : " (more to come)")")
        let none = StateCounts(sessions: 0, sets: 0)
        done(.success(ImportReport(addedSessions: 0, addedSets: 0, alreadyThere: 0, before: none, after: none)))
    }

    func knownSessions(_ ids: [SessionID]) throws(CommandError) -> [SessionID] {
        transfers.append("known \(ids.count)")
        return ids.filter { $0.rawValue.hasPrefix("known-") }
    }

    func backup(to path: String, then done: @escaping (Result<BackupReport, CommandError>) -> Void) {
        transfers.append("backup \(path)")
        done(.success(BackupReport(path: path, counts: StateCounts(sessions: 1, sets: 2))))
    }

    func restore(from path: String, confirmed: Bool, then done: @escaping (Result<RestoreReport, CommandError>) -> Void) {
        transfers.append("restore\(confirmed ? " confirmed" : "") \(path)")
        if path == "/small.sqlite", !confirmed { return done(.failure(.needsConfirmation("/small.sqlite holds 0 sessions, 0 sets, far less"))) }
        done(.success(RestoreReport(
            before: StateCounts(sessions: 1, sets: 2), after: StateCounts(sessions: 3, sets: 4), keptAside: "/s/replaced.sqlite", schemaVersion: 10)))
    }

    func run(_ command: Command) -> Result<CommandReply, CommandError> {
        calls.append(command)
        if let refusal { return .failure(refusal) }
        switch command {
        case .rest, .adjustRest: return .success(.until(Self.instant))
        case .hiit: return .success(.session(plan(.hiit)))
        case .walkRun: return .success(.session(plan(.walkrun)))
        case .start: return .success(.text("Started Push Day"))
        case .setDone: return .success(.text("Set 1 of 4 done"))
        case .setDoneAs: return .success(.text("Logged 6 × 80 kg (failed)"))
        case .stop: return .success(.stopped(StatusReport(session: nil, pending: [], nextDaily: nil, now: Self.instant)))
        case .snooze:
            return .success(.snoozed(Reminder(id: ReminderID("snooze"), kind: .snoozed, due: Self.instant, content: .snoozed)))
        case .skipToday: return .success(.nextDaily(nextDaily))
        case .upcoming:
            return .success(.upcoming([
                UpcomingEntry(due: Self.instant, kind: "daily", title: "Workout Time!", body: "Today: Push Day", workout: "push"),
            ]))
        case .status: return .success(.status(StatusReport(session: nil, pending: [], nextDaily: Self.instant, now: Self.instant)))
        case .resume: return .success(.text("Resumed"))
        case .pause: return .success(.text("Paused"))
        case .skip: return .success(.text("Skipped ahead"))
        case .player: return .success(.text("Played"))
        case .history: return .success(.history([]))
        case .setLog:
            return .success(.sets([LoggedSet(session: SessionID("s1"), exercise: "Bench Press", setNumber: 1, reps: 8, weight: 80, at: Self.instant)]))
        case .stats:
            return .success(.stats(StatsReport(streak: 3, sessionsThisWeek: 2, sessionsThisMonth: 5, consecutiveTrainingDays: 1, workoutsCompleted: 9)))
        case .records:
            let old = LoggedSet(session: SessionID("s0"), exercise: "Bench Press", setNumber: 1, reps: 8, weight: 80, at: Self.instant)
            var new = old
            new.session = SessionID("s1")
            new.weight = 85
            return .success(.records(RecordsReport(
                bests: [ExerciseBest(exercise: "Bench Press", heaviest: new, bestEstimate: new, estimatedOneRepMaxKilograms: 107.67)],
                records: [PersonalRecord(kind: .heaviest, set: new, previous: old)])))
        case .suggest: return .success(.suggest(SuggestReport(auto: false, fixedTime: "18:00", leadSeconds: 1800, weekdays: [])))
        case .exportICS: return .success(.calendar(Self.calendar))
        case .weights:
            return .success(.weights([PlannedWeight(exercise: "Bench Press", workouts: ["push"], configured: 100, weight: 102.5, unit: .kg,
                                                    raisedAt: Self.instant)]))
        case .setWeight: return .success(.text("Bench Press: 105 kg from the next workout on (configured: 100 kg)."))
        case .resetWeights: return .success(.text("Bench Press: back to 100 kg as configured."))
        case .correctSet: return .success(.text("Set 3 (Bench Press, set 1) is now 8 × 95 kg (was 8 × 105 kg)."))
        }
    }
}

@Suite("ControlInterface: every contract method is dispatched, decoded and answered with its typed reply")
struct ControlInterfaceTests {
    private let commands = RecordingCommands()

    private func interface(reload: @escaping () throws(CommandError) -> String = { "/home/u/.config/gymbell/config.toml" }) -> ControlInterface {
        ControlInterface(commands: commands, transfers: commands, reload: reload)
    }

    private func call(_ member: String, _ arguments: [DBusValue] = [], interface name: String = BusNames.interface) -> DBusMethodCall {
        DBusMethodCall(
            sender: ":1.7", path: BusNames.objectPath, interface: name, member: member, signature: arguments.dbusSignature,
            arguments: arguments)
    }

    /// A valid value of each D-Bus type the contract uses.
    private static func sample(_ signature: String) -> DBusValue {
        switch signature {
        case "u": .uint32(7)
        case "i": .int32(-15)
        case "d": .double(30)
        case "b": .bool(false)
        case "as": .stringArray(["Bench Press"])
        default: .string("push")
        }
    }

    @Test("Workouts answers the config in force: its workouts by title with their kinds, and the programme")
    func workoutsOfTheConfigInForce() throws {
        commands.configInForce = try ConfigParser.parse("""
            [program]
            mon = "push"
            thu = "intervals"

            [programs.cardio]
            title = "Cardio block"
            mon = "intervals"
            start = 2026-11-02
            weeks = 4

            [workouts.push]
            title = "Push Day"
            kind = "strength"
            exercises = [{ name = "Bench Press", sets = 3, reps = 5, rest = 90 }]

            [workouts.intervals]
            title = "Intervals"
            kind = "hiit"
            rounds = 8
            work = 30
            rest = 15
            """, path: "config.toml")
        guard case .values(let values) = interface().handle(call("Workouts")), let text = values.first?.string else {
            Issue.record("Workouts gave no JSON text")
            return
        }
        let report = try WorkoutsReport.decode(jsonText: text)
        #expect(report.workouts == [.init(name: "intervals", title: "Intervals", kind: "hiit"), .init(name: "push", title: "Push Day", kind: "strength")])
        #expect(report.program == ["mon": "push", "thu": "intervals"])
        // Every programme, so that the window plans each day as the daemon does (issue 47).
        #expect(report.plan == commands.configInForce.plan)
        #expect(report.programmes?.map(\.title) == ["program", "Cardio block"])
        let monday = try #require(LocalDay(isoDate: "2026-11-09"))
        #expect(report.plan.workouts(on: monday).map(\.workout) == ["push", "intervals"])
        #expect(report.plan.workouts(on: monday.adding(days: 28)).map(\.workout) == ["push"])
        // A daemon from before several programmes answered `program` alone: still read.
        let older = WorkoutsReport(workouts: [], program: ["mon": "push"])
        #expect(older.plan == ProgrammePlan(main: [.mon: "push"]))
        #expect(commands.calls.isEmpty)  // the config in force, not an engine command
    }

    @Test("the interface answers exactly the contract's methods")
    func everyMethodIsHandled() {
        #expect(interface().methodNames == Set(ControlContract.methods.map(\.name)))
    }

    @Test("each method, called with its signature, replies with the contract's reply type", arguments: ControlContract.methods)
    func replyHasContractType(_ method: ControlMethodDescription) {
        // A JSON argument is a JSON text (SetDoneAs; ImportSessions takes an array), a path is absolute;
        // every other string is a name.
        let arguments = method.arguments.map { argument -> DBusValue in
            switch argument.name {
            case "sessions_json": .string("[]")
            case "path": .string("/home/u/gymbell-backup.sqlite")
            case let name where name.hasSuffix("_json"): .string("{}")
            default: Self.sample(argument.signature)
            }
        }
        let reply = Self.answered(interface().handle(call(method.name, arguments)))
        guard case .values(let values) = reply else {
            Issue.record("\(method.name) answered \(reply)")
            return
        }
        #expect(values.dbusSignature == method.reply.signature)
        // Reload is the daemon runner's, Workouts the config in force: neither is a command
        #expect(commands.calls.count + commands.transfers.count == (["Reload", "Workouts"].contains(method.name) ? 0 : 1))
    }

    @Test("a wrong signature is InvalidArgs with a sentence, and no command runs", arguments: ControlContract.methods)
    func wrongSignatureIsInvalidArgs(_ method: ControlMethodDescription) {
        let arguments = method.arguments.map { Self.sample($0.signature) } + [.bool(true)]
        let reply = interface().handle(call(method.name, arguments))
        #expect(reply == .error(DBusError(
            name: DBusError.invalidArgs,
            message: "\(method.name) takes arguments of type (\(method.signature)), not (\(method.signature)b)")))
        #expect(commands.calls.isEmpty && commands.transfers.isEmpty)
    }

    /// A reply given later (import, backup, restore), as the bus would send it.
    static func answered(_ reply: DBusReply) -> DBusReply {
        guard case .later(let later) = reply else { return reply }
        var answer: DBusReply?
        later.start { answer = $0 }
        return answer ?? .error(DBusError(name: DBusError.noReply, message: "never answered"))
    }

    @Test("import, backup and restore: paths must be absolute, the import an array of sessions; replies are JSON")
    func stateTransfers() throws {
        let control = interface()
        #expect(control.handle(call("Backup", [.string("backup.sqlite")])) == .error(CommandError.invalidArgument(
            "the path must be absolute, not \"backup.sqlite\"").dbusError))
        #expect(Self.answered(control.handle(call("Backup", [.string("/b.sqlite")]))) == .values([.string(#"{"counts":{"sessions":1,"sets":2},"path":"/b.sqlite"}"#)]))
        #expect(Self.answered(control.handle(call("Restore", [.string("/b.sqlite")]))) == .values([.string(
            #"{"after":{"sessions":3,"sets":4},"before":{"sessions":1,"sets":2},"kept_aside":"/s/replaced.sqlite","schema_version":10}"#)]))
        guard case .error(let error) = Self.answered(control.handle(call("ImportSessions", [.string("{}")]))) else {
            Issue.record("an object was taken for an array of sessions")
            return
        }
        #expect(error.name == DBusError.invalidArgs)
        // A backup holding far less than the history: asked first with an error of its own, taken back when confirmed.
        #expect(Self.answered(control.handle(call("Restore", [.string("/small.sqlite")]))) == .error(DBusError(
            name: "io.github.gymbell.Gymbell1.Error.NeedsConfirmation", message: "/small.sqlite holds 0 sessions, 0 sets, far less")))
        #expect(Self.answered(control.handle(call("RestoreConfirmed", [.string("/small.sqlite")]))) == .values([.string(
            #"{"after":{"sessions":3,"sets":4},"before":{"sessions":1,"sets":2},"kept_aside":"/s/replaced.sqlite","schema_version":10}"#)]))
        #expect(control.handle(call("RestoreConfirmed", [.string("small.sqlite")])) == .error(CommandError.invalidArgument(
            "the path must be absolute, not \"small.sqlite\"").dbusError))
        #expect(commands.transfers == ["backup /b.sqlite", "restore /b.sqlite", "restore /small.sqlite", "restore confirmed /small.sqlite"])
    }

    @Test("arguments reach the command decoded, replies come back encoded")
    func decodesAndEncodes() throws {
        let control = interface()
        let due = DBusReply.values([.string(RecordingCommands.instantText)])
        #expect(control.handle(call("Rest", [.uint32(90)])) == due)
        #expect(control.handle(call("RestDefault")) == due)
        #expect(control.handle(call("AdjustRest", [.int32(-15)])) == due)
        #expect(control.handle(call("Hiit", [.uint32(5), .double(40), .double(20)])) == .values([.string("2026-11-22T18:05:00.000Z")]))
        #expect(control.handle(call("WalkRun", [.double(120), .double(60), .uint32(2)])) == .values([.string("2026-11-22T18:05:00.000Z")]))
        #expect(control.handle(call("Start", [.string("")])) == .values([.string("Started Push Day")]))
        #expect(control.handle(call("Start", [.string("push")])) == .values([.string("Started Push Day")]))
        #expect(control.handle(call("SetDone")) == .values([.string("Set 1 of 4 done")]))
        #expect(control.handle(call("SetDoneAs", [.string(#"{"reps": 6, "failed": true}"#)])) == .values([.string("Logged 6 × 80 kg (failed)")]))
        #expect(control.handle(call("SetDoneAs", [.string("six")])) == .error(CommandError.invalidArgument(
            #"set_json must be an object like {"reps": 6, "weight": 80, "failed": true, "rpe": 8}, not "six""#).dbusError))
        #expect(control.handle(call("Snooze", [.uint32(10)])) == due)
        #expect(control.handle(call("SnoozeDefault")) == due)
        #expect(control.handle(call("SkipToday")) == .values([.stringArray([RecordingCommands.instantText])]))
        commands.nextDaily = nil
        #expect(control.handle(call("SkipToday")) == .values([.stringArray([])]))
        #expect(control.handle(call("Resume")) == .values([.string("Resumed")]))
        #expect(control.handle(call("Pause")) == .values([.string("Paused")]))
        #expect(control.handle(call("Skip")) == .values([.string("Skipped ahead")]))
        #expect(control.handle(call("SetWeight", [.string("Bench Press"), .double(105)]))
            == .values([.string("Bench Press: 105 kg from the next workout on (configured: 100 kg).")]))
        #expect(commands.calls.last == .setWeight(exercise: "Bench Press", weight: 105))
        #expect(control.handle(call("SetWeight", [.string("Bench Press"), .double(.infinity)]))
            == .error(CommandError.invalidArgument("weight must be a finite number").dbusError))
        #expect(control.handle(call("ResetWeights", [.stringArray([])])) == .values([.string("Bench Press: back to 100 kg as configured.")]))
        #expect(commands.calls.last == .resetWeights([]))
        #expect(control.handle(call("CorrectSet", [.uint32(3), .string(#"{"weight": 95, "failed": false}"#)]))
            == .values([.string("Set 3 (Bench Press, set 1) is now 8 × 95 kg (was 8 × 105 kg).")]))
        #expect(commands.calls.last == .correctSet(id: 3, SetEdit(weight: 95, failed: false), original: nil))
        #expect(control.handle(call("CorrectSet", [.uint32(3), .string("95")])) == .error(CommandError.invalidArgument(
            #"edit_json must be an object like {"reps": 6, "weight": 80, "failed": false}, not "95""#).dbusError))
        commands.calls.removeLast()
        #expect(control.handle(call("Weights")) == .values([.string(
            #"[{"configured":100,"exercise":"Bench Press","raised_at":"2026-11-22T18:00:00.000Z","unit":"kg","weight":102.5,"workouts":["push"]}]"#)]))
        // The engine's calendar, written as iCalendar by the control interface.
        #expect(control.handle(call("ExportIcs", [.uint32(4)])) == .values([.string(ICalendarExport.ics(RecordingCommands.calendar))]))
        #expect(control.handle(call("Reload")) == .values([.string("/home/u/.config/gymbell/config.toml")]))
        _ = control.handle(call("Upcoming", [.uint32(14)]))
        #expect(control.handle(call("History", [.uint32(30)])) == .values([.string("[]")]))
        guard case .values(let logged) = control.handle(call("SetLog", [.uint32(7)])), let loggedText = logged.first?.string else {
            Issue.record("SetLog gave no JSON text")
            return
        }
        #expect(try LoggedSet.decode(jsonText: loggedText).map(\.loadText) == ["8 × 80 kg"])
        #expect(commands.calls == [
            .rest(seconds: 90), .rest(seconds: nil), .adjustRest(by: -15),
            .hiit(HIITPlan(rounds: 5, work: 40, rest: 20), title: nil, workout: nil),
            .walkRun(WalkRunPlan(run: 120, walk: 60, repeats: 2), title: nil, workout: nil), .start(workout: nil), .start(workout: "push"),
            .setDone, .setDoneAs(SetCorrection(reps: 6, failed: true)), .snooze(minutes: 10), .snooze(minutes: nil), .skipToday, .skipToday, .resume, .pause, .skip,
            .setWeight(exercise: "Bench Press", weight: 105), .resetWeights([]), .weights, .exportICS(weeks: 4),
            .upcoming(days: 14), .history(days: 30), .setLog(days: 7),
        ])
    }

    @Test("JSON reports are the Core types' JSON texts")
    func jsonReports() throws {
        let control = interface()
        guard case .values(let status) = control.handle(call("Status")), let statusText = status.first?.string,
            case .values(let stop) = control.handle(call("Stop")), let stopText = stop.first?.string,
            case .values(let upcoming) = control.handle(call("Upcoming", [.uint32(7)])), let upcomingText = upcoming.first?.string,
            case .values(let stats) = control.handle(call("Stats")), let statsText = stats.first?.string,
            case .values(let suggest) = control.handle(call("Suggest")), let suggestText = suggest.first?.string,
            case .values(let records) = control.handle(call("Records")), let recordsText = records.first?.string
        else {
            Issue.record("a report was not one string")
            return
        }
        #expect(try StatusReport.decode(jsonText: statusText).nextDaily == RecordingCommands.instant)
        #expect(try StatusReport.decode(jsonText: stopText).session == nil)
        #expect(try UpcomingEntry.decode(jsonText: upcomingText).map(\.workout) == ["push"])
        #expect(try StatsReport.decode(jsonText: statsText).streak == 3)
        #expect(try SuggestReport.decode(jsonText: suggestText).fixedTime == "18:00")
        let decoded = try RecordsReport.decode(jsonText: recordsText)
        #expect(decoded.records.map(\.set.loadText) == ["8 × 85 kg"] && decoded.bests.map(\.exercise) == ["Bench Press"])
        #expect(recordsText.contains(#""best_estimate""#) && recordsText.contains(#""estimated_1rm_kg":107.67"#))
    }

    @Test("bad values and refusals keep their D-Bus error names and sentences")
    func errors() {
        let control = interface(reload: { () throws(CommandError) in throw .invalidConfig("c.toml:1:1: bad") })
        #expect(control.handle(call("Hiit", [.uint32(5), .double(.infinity), .double(20)]))
            == .error(DBusError(name: DBusError.invalidArgs, message: "work_seconds must be a finite number of seconds")))
        #expect(control.handle(call("Reload")) == .error(DBusError(name: "io.github.gymbell.Gymbell1.Error.InvalidConfig", message: "c.toml:1:1: bad")))
        commands.refusal = .noSession("no rest is running; start one with `gymbell rest`")
        #expect(control.handle(call("AdjustRest", [.int32(10)]))
            == .error(DBusError(name: "io.github.gymbell.Gymbell1.Error.NoSession", message: "no rest is running; start one with `gymbell rest`")))
        commands.refusal = nil
        #expect(control.handle(call("Frobnicate")) == .error(DBusError(name: DBusError.unknownMethod, message: "no method Frobnicate in io.github.gymbell.Gymbell1")))
        #expect(control.handle(call("Status", interface: "org.example.Nope"))
            == .error(DBusError(name: DBusError.unknownMethod, message: "no interface org.example.Nope on /io/github/gymbell/Gymbell")))
        guard case .values = control.handle(call("Status", interface: "")) else {
            Issue.record("a call without an interface field was refused")
            return
        }
    }
}
