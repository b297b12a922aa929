import CGLib
import Glibc

/// Work done on a thread of its own while the main loop goes on, its value handed back on the main
/// loop's thread: a large reply (ten years of sets as JSON) is read and written there, so that a
/// reminder falling due meanwhile is shown on time (issue 33).
///
/// The work must not touch what the loop's thread uses; `done` runs on the thread that runs the
/// GLib default main context (g_idle_add_full is the one GLib call here made from the other thread,
/// and GLib makes it thread-safe). Without a thread the work runs at once, `done` still from the loop.
public enum OffLoopWork {
    public static func run<Value>(name: String, _ work: @escaping () -> Value, then done: @escaping (Value) -> Void) {
        run(name: name, work, then: Optional(done))
    }

    private static func run<Value>(name: String, _ work: @escaping () -> Value, then done: ((Value) -> Void)?) {
        let job = Job(work: work, done: done)
        let body = Unmanaged.passRetained(job)
        var error: UnsafeMutablePointer<GError>?
        if let thread = g_thread_try_new(name, offLoopMain, body.toOpaque(), &error) {
            g_thread_unref(thread)  // detached: it ends by itself once the value is handed over
        } else {
            g_clear_error(&error)
            job.perform()
            body.release()
        }
    }

    /// Runs `body` on a thread of its own (at once on this one when none can be started).
    public static func detached(name: String, _ body: @escaping () -> Void) {
        run(name: name, body, then: nil)
    }

    /// Calls `body` on the loop's thread, from any thread (g_idle_add_full is thread-safe).
    public static func onLoop(_ body: @escaping () -> Void) {
        let handOver = Unmanaged.passRetained(Delivery(body))
        let deliver: GSourceFunc = { data in
            Unmanaged<Delivery>.fromOpaque(data!).takeUnretainedValue().run()
            return 0
        }
        let release: GDestroyNotify = { data in Unmanaged<Delivery>.fromOpaque(data!).release() }
        g_idle_add_full(G_PRIORITY_DEFAULT, deliver, handOver.toOpaque(), release)
    }

    /// The work and what to do with its value on the loop; type-erased so one C entry point serves all.
    private final class Job<Value>: AnyJob, @unchecked Sendable {
        private let work: () -> Value
        private let done: ((Value) -> Void)?

        init(work: @escaping () -> Value, done: ((Value) -> Void)?) {
            self.work = work
            self.done = done
        }

        override func perform() {
            let value = work()
            guard let done else { return }
            OffLoopWork.onLoop { done(value) }
        }
    }
}

private class AnyJob {
    func perform() {}
}

private final class Delivery: @unchecked Sendable {
    let run: () -> Void
    init(_ run: @escaping () -> Void) { self.run = run }
}

private let offLoopMain: GThreadFunc = { body in
    guard let body else { return nil }
    // Below the loop's thread (Linux: PRIO_PROCESS 0 is this thread alone): on two cores a reply being
    // written must not delay a reminder falling due.
    setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 10)
    Unmanaged<AnyJob>.fromOpaque(body).takeRetainedValue().perform()
    return nil
}
