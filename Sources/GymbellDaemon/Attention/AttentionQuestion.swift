import GymbellBus
import GymbellPlatform
import Logging

/// One read of what a desktop service says of the person (issue 50), asked without waiting and asked
/// again when no answer came: a service busy under load (Plasma painting on two loaded cores) answers
/// late, and an answer lost is not an answer "off". The fact stays unknown meanwhile (the engine lets
/// what can wait wait a little: AttentionRules.unknownWait). An error reply is an answer: the service
/// has no such thing (another server, no such property). After every try went unanswered the source
/// is taken as saying nothing (off) until its next signal, and the log says so.
struct AttentionQuestion: Sendable {
    /// Each try's reply deadline, in milliseconds; the pause before the next try, in seconds.
    /// The first deadline is short (a service answers in milliseconds when it is not busy), the next
    /// ones long enough for one that is: about 16 s in all.
    static let tries: [(timeoutMilliseconds: Int, pauseAfter: Double)] = [(1500, 0.25), (3000, 0.5), (4000, 1), (5000, 0)]

    /// Errors that say nothing of the service but that it did not answer in time.
    static let unanswered: Set<String> = [
        DBusError.noReply, "org.freedesktop.DBus.Error.Timeout", "org.freedesktop.DBus.Error.TimedOut",
    ]

    let destination: String
    let path: String
    let interface: String
    let member: String
    let arguments: [DBusValue]
    /// Names the question in the log.
    let what: String

    init(destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [], what: String) {
        self.destination = destination
        self.path = path
        self.interface = interface
        self.member = member
        self.arguments = arguments
        self.what = what
    }

    /// A question being asked; `cancel()` drops what it would still do (its service left, asked anew).
    final class Asking {
        fileprivate var cancelled = false
        fileprivate var retry: SourceToken?
        fileprivate weak var loop: MainLoop?

        func cancel() {
            cancelled = true
            if let retry { loop?.cancel(retry) }
            retry = nil
        }
    }

    /// Asks on `bus`; `answer` runs once on the loop: the reply's arguments, or nil when the service has
    /// no such thing or never answered.
    @discardableResult
    func ask(on bus: DBusSignalListener, loop: MainLoop, logger: Logger, answer: @escaping ([DBusValue]?) -> Void) -> Asking {
        let asking = Asking()
        asking.loop = loop
        attempt(0, asking, bus: bus, loop: loop, logger: logger, answer: answer)
        return asking
    }

    private func attempt(
        _ index: Int, _ asking: Asking, bus: DBusSignalListener, loop: MainLoop, logger: Logger, answer: @escaping ([DBusValue]?) -> Void
    ) {
        let (timeout, pause) = Self.tries[index]
        let began = ContinuousClock.now
        bus.ask(destination: destination, path: path, interface: interface, member: member, arguments: arguments,
                timeoutMilliseconds: timeout) { [weak bus, weak loop] result in
            guard !asking.cancelled else { return }
            let took = ContinuousClock.now - began
            switch result {
            case .success(let values):
                logger.debug("the desktop answered", metadata: ["what": "\(self.what)", "try": "\(index + 1)", "took": "\(took)"])
                answer(values)
            case .failure(let error) where !Self.unanswered.contains(error.name):
                logger.debug("the desktop has no answer", metadata: ["what": "\(self.what)", "error": "\(error)"])
                answer(nil)
            case .failure(let error):
                guard index + 1 < Self.tries.count, let bus, let loop else {
                    logger.warning("\(self.what): no answer after \(Self.tries.count) tries (\(error)); taken as off until it says otherwise")
                    return answer(nil)
                }
                logger.info("\(self.what): no answer yet, asking again", metadata: ["try": "\(index + 1)", "took": "\(took)"])
                asking.retry = loop.after(seconds: pause) { [weak bus, weak loop] in
                    asking.retry = nil
                    guard !asking.cancelled, let bus, let loop else { return }
                    self.attempt(index + 1, asking, bus: bus, loop: loop, logger: logger, answer: answer)
                }
            }
        }
    }
}
