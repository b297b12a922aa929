import Foundation
import GymbellControl
import GymbellCore
import GymbellDesktop

/// The `io.github.gymbell.Gymbell1` interface: decodes each method call by its `ControlContract`
/// entry, runs the command, encodes the typed reply. Bad values become InvalidArgs errors with a
/// sentence; state is unchanged.
final class ControlInterface {
    // Untyped throws here: Swift 6.3's SILGen crashes on a generic closure with typed throws (on(_:_:)).
    private typealias Handler = (DBusMethodCall) throws -> [DBusValue]
    private var handlers: [String: Handler] = [:]

    init(commands: any ControlCommands, reload: @escaping () throws(CommandError) -> String) {
        on(ControlContract.rest) { seconds in try commands.rest(seconds: TimeInterval(seconds)) }
        on(ControlContract.restDefault) { try commands.rest(seconds: nil) }
        on(ControlContract.adjustRest) { seconds in try commands.adjustRest(by: TimeInterval(seconds)) }
        on(ControlContract.hiit) { (arguments: (UInt32, Double, Double)) in
            try commands.hiit(HIITPlan(rounds: Int(arguments.0), work: arguments.1, rest: arguments.2), title: nil, workout: nil)
                .session.endsAt
        }
        on(ControlContract.walkRun) { (arguments: (Double, Double, UInt32)) in
            try commands.walkRun(WalkRunPlan(run: arguments.0, walk: arguments.1, repeats: Int(arguments.2)), title: nil, workout: nil)
                .session.endsAt
        }
        on(ControlContract.start) { name in try commands.startWorkout(named: name.isEmpty ? nil : name) }
        on(ControlContract.setDone) { try commands.setDone() }
        on(ControlContract.stop) { try commands.stop().jsonText() }
        on(ControlContract.snooze) { minutes in try commands.snooze(minutes: Int(minutes)).due }
        on(ControlContract.snoozeDefault) { try commands.snooze(minutes: nil).due }
        on(ControlContract.skipToday) { try commands.skipToday() }
        on(ControlContract.upcoming) { days in UpcomingEntry.jsonText(try commands.upcoming(days: Int(days))) }
        on(ControlContract.status) { commands.status().jsonText() }
        on(ControlContract.resume) { try commands.resume() }
        on(ControlContract.history) { days in HistoryEntry.jsonText(try commands.history(days: Int(days))) }
        on(ControlContract.stats) { try commands.stats().jsonText() }
        on(ControlContract.suggest) { try commands.suggest().jsonText() }
        on(ControlContract.exportICS) { weeks in try commands.exportICS(weeks: Int(weeks)) }
        on(ControlContract.reload) { try reload() }
    }

    /// The methods this interface answers; a test checks it against `ControlContract.methods`.
    var methodNames: Set<String> { Set(handlers.keys) }

    func handle(_ call: DBusMethodCall) -> DBusReply {
        guard call.interface == BusNames.interface || call.interface.isEmpty else {
            return .error(DBusError(name: DBusError.unknownMethod, message: "no interface \(call.interface) on \(BusNames.objectPath)"))
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

    private func on<Arguments, Reply>(
        _ method: ControlMethod<Arguments, Reply>, _ run: @escaping (Arguments) throws -> Reply
    ) {
        handlers[method.name] = { call in method.encodeReply(try run(try method.arguments(of: call))) }
    }
}
