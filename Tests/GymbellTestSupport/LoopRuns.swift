import Foundation
import GymbellPlatform

extension MainLoop {
    /// Runs the loop until `done()` holds or `seconds` have passed (checked every 10 ms); says whether
    /// it held. Every caller waits for something that must come, so the bound only says when to give up:
    /// 20 s, as a loaded machine needs (5 s was missed once by a recording server's action, with the e2e
    /// suite running beside all unit suites in parallel).
    @discardableResult
    public func run(until done: @escaping () -> Bool, atMost seconds: Double = 20) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        var poll: (() -> Void)!
        poll = { [unowned self] in
            if done() || Date() > deadline { quit() } else { after(seconds: 0.01, poll) }
        }
        idle(poll)
        run()
        return done()
    }

    /// Runs the loop for `seconds`.
    public func run(for seconds: Double) {
        after(seconds: seconds) { [unowned self] in quit() }
        run()
    }
}
