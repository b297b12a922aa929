import CGLib
import Synchronization

/// A FIFO of jobs run on the thread that owns a GLib main context, in the order they were posted.
/// Any thread may post; the jobs run on the context's loop.
final class ContextQueue: @unchecked Sendable {
    private let context: OpaquePointer
    private let lock = Mutex(())
    private var jobs: [() -> Void] = []

    /// `context` nil means the global default context (the daemon's main loop).
    init(context: OpaquePointer?) {
        self.context = context ?? g_main_context_default()
        g_main_context_ref(self.context)
    }

    deinit { g_main_context_unref(context) }

    func post(_ job: @escaping () -> Void) {
        let wasEmpty = lock.withLock { _ in
            defer { jobs.append(job) }
            return jobs.isEmpty
        }
        guard wasEmpty else { return }  // a drain is already scheduled
        // An idle source, never g_main_context_invoke: that one runs the job at once, on the calling
        // thread, when the context happens to be unowned.
        let box = Unmanaged.passRetained(self).toOpaque()
        let source = g_idle_source_new()
        g_source_set_priority(source, G_PRIORITY_DEFAULT)
        g_source_set_callback(source, drainCallback, box, releaseQueue)
        g_source_attach(source, context)
        g_source_unref(source)
    }

    fileprivate func drain() {
        let batch = lock.withLock { _ in
            defer { jobs.removeAll() }
            return jobs
        }
        for job in batch { job() }
    }
}

private let drainCallback: GSourceFunc = { box in
    guard let box else { return 0 }
    Unmanaged<ContextQueue>.fromOpaque(box).takeUnretainedValue().drain()
    return 0  // G_SOURCE_REMOVE
}

private let releaseQueue: GDestroyNotify = { box in
    guard let box else { return }
    Unmanaged<ContextQueue>.fromOpaque(box).release()
}
