import Foundation
import GymbellCore
import GymbellDesktop

/// The `io.github.gymbell.Gymbell1` interface: decodes each method call, runs the daemon's command,
/// encodes its answer. Bad values become InvalidArgs errors with a sentence; state is unchanged.
final class ControlInterface {
    private let daemon: Daemon
    private let reload: () throws(CommandError) -> String

    init(daemon: Daemon, reload: @escaping () throws(CommandError) -> String) {
        self.daemon = daemon
        self.reload = reload
    }

    func handle(_ call: DBusMethodCall) -> DBusReply {
        guard call.interface == BusNames.interface || call.interface.isEmpty else {
            return .error(DBusError(name: DBusError.unknownMethod, message: "no interface \(call.interface) on \(BusNames.objectPath)"))
        }
        do {
            return .values(try dispatch(call))
        } catch {
            return .error(Self.dbusError(for: error))
        }
    }

    private func dispatch(_ call: DBusMethodCall) throws(CommandError) -> [DBusValue] {
        let args = Arguments(call)
        switch call.member {
        case "Rest":
            let seconds = try args.uint32(0, "seconds", signature: "u")
            return [.string(ISO8601.format(try daemon.rest(seconds: TimeInterval(seconds))))]
        case "RestDefault":
            try args.none()
            return [.string(ISO8601.format(try daemon.rest(seconds: nil)))]
        case "AdjustRest":
            let seconds = try args.int32(0, "seconds", signature: "i")
            return [.string(ISO8601.format(try daemon.adjustRest(by: TimeInterval(seconds))))]
        case "Hiit":
            try args.expect("udd")
            let plan = HIITPlan(
                rounds: Int(try args.uint32(0, "rounds", signature: "udd")), work: try args.seconds(1, "work_seconds"),
                rest: try args.seconds(2, "rest_seconds"))
            return [.string(ISO8601.format(try daemon.hiit(plan).session.endsAt))]
        case "WalkRun":
            try args.expect("ddu")
            let plan = WalkRunPlan(
                run: try args.seconds(0, "run_seconds"), walk: try args.seconds(1, "walk_seconds"),
                repeats: Int(try args.uint32(2, "repeats", signature: "ddu")))
            return [.string(ISO8601.format(try daemon.walkRun(plan).session.endsAt))]
        case "Start":
            let name = try args.string(0, "workout", signature: "s")
            return [.string(try daemon.startWorkout(named: name.isEmpty ? nil : name))]
        case "SetDone":
            try args.none()
            return [.string(try daemon.setDone())]
        case "Stop":
            try args.none()
            return [.string(try daemon.stop().jsonText())]
        case "Snooze":
            let minutes = try args.uint32(0, "minutes", signature: "u")
            return [.string(ISO8601.format(try daemon.snooze(minutes: minutes == 0 ? nil : Int(minutes)).due))]
        case "SkipToday":
            try args.none()
            return [.string(try daemon.skipToday().map(ISO8601.format) ?? "")]
        case "Upcoming":
            let days = try args.uint32(0, "days", signature: "u")
            return [.string(UpcomingEntry.jsonText(try daemon.upcoming(days: Int(days))))]
        case "Status":
            try args.none()
            return [.string(daemon.status().jsonText())]
        case "Resume":
            try args.none()
            return [.string(try daemon.resume())]
        case "History":
            let days = try args.uint32(0, "days", signature: "u")
            return [.string(HistoryEntry.jsonText(try daemon.history(days: Int(days))))]
        case "Stats":
            try args.none()
            return [.string(try daemon.stats().jsonText())]
        case "Suggest":
            try args.none()
            return [.string(try daemon.suggest().jsonText())]
        case "ExportIcs":
            let weeks = try args.uint32(0, "weeks", signature: "u")
            return [.string(try daemon.exportICS(weeks: Int(weeks)))]
        case "Reload":
            try args.none()
            return [.string(try reload())]
        default:
            throw .unknownMethod("no method \(call.member) in \(BusNames.interface)")
        }
    }

    static func dbusError(for error: CommandError) -> DBusError {
        switch error {
        case .invalidArgument(let message): DBusError(name: DBusError.invalidArgs, message: message)
        case .noSession(let message): DBusError(name: BusNames.ErrorName.noSession, message: message)
        case .invalidConfig(let message): DBusError(name: BusNames.ErrorName.invalidConfig, message: message)
        case .failed(let message): DBusError(name: BusNames.ErrorName.failed, message: message)
        case .unknownMethod(let message): DBusError(name: DBusError.unknownMethod, message: message)
        }
    }
}

/// Reads a method call's arguments by position, refusing wrong signatures with InvalidArgs.
private struct Arguments {
    let call: DBusMethodCall

    init(_ call: DBusMethodCall) { self.call = call }

    func expect(_ signature: String) throws(CommandError) {
        guard call.signature == signature else {
            throw .invalidArgument("\(call.member) takes arguments of type (\(signature)), not (\(call.signature))")
        }
    }

    func none() throws(CommandError) { try expect("") }

    func uint32(_ index: Int, _ name: String, signature: String) throws(CommandError) -> UInt32 {
        try expect(signature)
        guard let value = call.arguments[index].uint32 else { throw .invalidArgument("\(name) must be an unsigned integer") }
        return value
    }

    func int32(_ index: Int, _ name: String, signature: String) throws(CommandError) -> Int32 {
        try expect(signature)
        guard let value = call.arguments[index].int32 else { throw .invalidArgument("\(name) must be an integer") }
        return value
    }

    func string(_ index: Int, _ name: String, signature: String) throws(CommandError) -> String {
        try expect(signature)
        guard let value = call.arguments[index].string else { throw .invalidArgument("\(name) must be a string") }
        return value
    }

    func seconds(_ index: Int, _ name: String) throws(CommandError) -> TimeInterval {
        guard let value = call.arguments[index].double, value.isFinite else {
            throw .invalidArgument("\(name) must be a finite number of seconds")
        }
        return value
    }
}
