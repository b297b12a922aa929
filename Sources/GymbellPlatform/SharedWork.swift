import Dispatch
import Synchronization

/// A piece of work one thread offers to share: whichever gets to it first carries it out — a helper
/// thread that would otherwise wait, or the offering thread once its own part is done — and the
/// offering thread gets the value.
///
/// At start-up the main thread, reading the state database, offers the later part of a large agenda,
/// and the starting thread, done connecting to the bus, reads it instead of ending: no third thread
/// to start (on a two-vCPU virtual machine a new thread took up to 2.5 ms to first run, issue 16),
/// and when the helper comes late the main thread reads it itself.
///
/// The offering thread calls `offer` at most once, then `collect`, and `close` on every path when it
/// is done (nothing more to help with); the helper calls `help` (more calls return at once).
public final class SharedWork<Value: Sendable>: Sendable {
    private enum State: Sendable {
        case waiting
        case offered(@Sendable () -> Value)
        case taken
        case done(Value)
        case closed
    }

    private let state = Mutex(State.waiting)
    /// Signalled when work is offered or there will be none; `help` passes it on.
    private let announced = DispatchSemaphore(value: 0)
    /// Signalled when the helper has done the work it took.
    private let finished = DispatchSemaphore(value: 0)

    public init() {}

    /// Offering thread: `work` may now be done by the helper.
    public func offer(_ work: @escaping @Sendable () -> Value) {
        state.withLock { $0 = .offered(work) }
        announced.signal()
    }

    /// Offering thread: the offered work's value — carried out here if nobody took it, else waited for.
    public func collect() -> Value {
        let untaken: (@Sendable () -> Value)? = state.withLock { state in
            guard case .offered(let work) = state else { return nil }
            state = .closed
            return work
        }
        if let untaken { return untaken() }
        finished.wait()
        return state.withLock { state in
            guard case .done(let value) = state else { preconditionFailure("SharedWork.collect() without an offer") }
            state = .closed
            return value
        }
    }

    /// Offering thread: nothing (more) to help with. Work offered and not taken is withdrawn.
    public func close() {
        let wasWaiting = state.withLock { state in
            switch state {
            case .waiting:
                state = .closed
                return true
            case .offered:
                state = .closed
                return false
            case .taken, .done, .closed:
                return false
            }
        }
        if wasWaiting { announced.signal() }
    }

    /// Helper thread: waits until work is offered or there will be none, and carries it out if the
    /// offering thread has not.
    public func help() {
        announced.wait()
        announced.signal()  // a later call passes at once
        let work: (@Sendable () -> Value)? = state.withLock { state in
            guard case .offered(let work) = state else { return nil }
            state = .taken
            return work
        }
        guard let work else { return }
        let value = work()
        state.withLock { $0 = .done(value) }
        finished.signal()
    }
}
