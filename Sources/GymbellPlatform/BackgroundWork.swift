import CGLib

/// A value worked out on a thread of its own while the caller goes on; `wait()` joins the thread
/// and returns the value. The daemon reads its config and connects to the bus this way while it
/// reads its state database (start-up with 10 000 pending reminders, issue 16).
///
/// The work must not touch what the caller uses meanwhile; what it returns passes to the caller
/// whole at the join (which orders the thread's writes before the caller's reads), so a value that
/// is not `Sendable` (a bus connection) may be handed over — the reason this type is
/// `@unchecked Sendable`. When no thread can be started the work runs in `wait()` instead.
public final class BackgroundWork<Value>: @unchecked Sendable {
    private var work: (() -> Value)?
    private var value: Value?
    private var thread: UnsafeMutablePointer<GThread>?

    public init(name: String, _ work: @escaping () -> Value) {
        self.work = work
        let body = Unmanaged.passRetained(ThreadBody { self.run() })
        var error: UnsafeMutablePointer<GError>?
        thread = g_thread_try_new(name, backgroundMain, body.toOpaque(), &error)
        if thread == nil {
            body.release()
            g_clear_error(&error)
        }
    }

    /// Does the work unless it was done (on the thread, or in `wait()` when there is none).
    private func run() {
        if let work {
            value = work()
            self.work = nil
        }
    }

    /// The value, once the work is done: waits for the thread (the first call), or does the work
    /// here when it had no thread. Call it from the thread that made this, once.
    public func wait() -> Value {
        if let thread {
            g_thread_join(thread)
            self.thread = nil
        }
        run()
        guard let value else { preconditionFailure("BackgroundWork.wait() called twice") }
        self.value = nil
        return value
    }
}

/// What a thread runs: not generic, so that one C entry point serves every `BackgroundWork`.
private final class ThreadBody {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

private let backgroundMain: GThreadFunc = { body in
    guard let body else { return nil }
    Unmanaged<ThreadBody>.fromOpaque(body).takeRetainedValue().run()
    return nil
}
