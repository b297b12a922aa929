import CGLib

/// Identifies a callback registered on a `MainLoop`; pass it to `MainLoop.cancel(_:)`.
public struct SourceToken: Hashable, Sendable {
    let id: UInt32
}

/// The GLib default main context's main loop: the one thread that runs every callback of the daemon.
///
/// Nothing here is thread-safe except what GLib makes so: create the loop, register callbacks, run
/// it and cancel callbacks on one thread. Callbacks run on the thread that called `run()`.
public final class MainLoop {
    /// `GMainLoop *` on the default main context.
    private let loop: OpaquePointer

    public init() {
        loop = g_main_loop_new(nil, 0)
    }

    deinit {
        g_main_loop_unref(loop)
    }

    /// Runs callbacks until `quit()` is called.
    public func run() {
        g_main_loop_run(loop)
    }

    /// Makes `run()` return once the callback that is running now has finished.
    public func quit() {
        g_main_loop_quit(loop)
    }

    /// Runs the callbacks that are ready now, without waiting (at most `limit` rounds): after `run()`
    /// has returned, what other threads posted meanwhile (a server's answer) is taken before exiting.
    public func dispatchPending(limit: Int = 100) {
        var rounds = 0
        while rounds < limit, g_main_context_iteration(nil, 0) != 0 { rounds += 1 }
    }

    public var isRunning: Bool {
        g_main_loop_is_running(loop) != 0
    }

    /// Calls `handler` on the loop (not in signal context) each time `signo` arrives.
    ///
    /// GLib supports SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2 and SIGWINCH only.
    @discardableResult
    public func onUnixSignal(_ signo: Int32, _ handler: @escaping () -> Void) -> SourceToken {
        precondition(
            [SIGHUP, SIGINT, SIGTERM, SIGUSR1, SIGUSR2, SIGWINCH].contains(signo),
            "g_unix_signal_add does not support signal \(signo)"
        )
        return addSource(SourceCallback { handler(); return true }) { callback, data, release in
            g_unix_signal_add_full(G_PRIORITY_DEFAULT, signo, callback, data, release)
        }
    }

    /// Calls `handler` whenever `fd` is readable (or hung up / in error) until cancelled.
    @discardableResult
    public func watchReadable(fd: Int32, _ handler: @escaping () -> Void) -> SourceToken {
        watch(fd: fd, for: .readable) { _ in handler(); return true }
    }

    /// Calls `handler` once, the next time the loop has nothing else to do.
    @discardableResult
    public func idle(_ handler: @escaping () -> Void) -> SourceToken {
        whileIdle(priority: .low) { handler(); return false }
    }

    /// Calls `handler` once, `seconds` from now on the monotonic clock (rounded up to milliseconds).
    @discardableResult
    public func after(seconds: Double, _ handler: @escaping () -> Void) -> SourceToken {
        let milliseconds = UInt32(clamping: Int64((max(0, seconds) * 1000).rounded(.up)))
        return every(milliseconds: milliseconds) { handler(); return false }
    }

    /// Removes a callback. Cancelling one that already ran (one-shot) or was cancelled does nothing.
    public func cancel(_ token: SourceToken) {
        Self.cancelSource(token)
    }

    /// `cancel(_:)` for a source added without a `MainLoop` at hand (the default main context's).
    public static func cancelSource(_ token: SourceToken) {
        guard token.id != 0, let source = g_main_context_find_source_by_id(nil, token.id) else { return }
        g_source_destroy(source)
    }
}

// MARK: - Sources with a Bool "keep me" result (used by DBusService's bus integration)

/// What `poll(2)` reported for a watched file descriptor.
public struct IOConditions: OptionSet, Sendable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    public static let readable = IOConditions(rawValue: G_IO_IN.rawValue)
    public static let writable = IOConditions(rawValue: G_IO_OUT.rawValue)
    public static let error = IOConditions(rawValue: G_IO_ERR.rawValue)
    public static let hangUp = IOConditions(rawValue: G_IO_HUP.rawValue)
}

/// `.normal` runs alongside I/O and timers (pending bus messages); `.low` only when nothing else is ready.
public enum IdlePriority: Sendable {
    case normal, low
}

extension MainLoop {
    /// Calls `handler` while `fd` meets `conditions` (errors and hang-ups are always reported);
    /// the source goes away when `handler` returns false.
    public func watch(
        fd: Int32, for conditions: IOConditions, _ handler: @escaping (IOConditions) -> Bool
    ) -> SourceToken {
        Self.watch(fd: fd, for: conditions, handler)
    }

    /// `watch(fd:for:_:)` on the default main context without a `MainLoop` at hand.
    public static func watch(
        fd: Int32, for conditions: IOConditions, _ handler: @escaping (IOConditions) -> Bool
    ) -> SourceToken {
        let box = Unmanaged.passRetained(FDCallback(handler))
        let callback: GUnixFDSourceFunc = { _, condition, data in
            Unmanaged<FDCallback>.fromOpaque(data!).takeUnretainedValue()
                .run(IOConditions(rawValue: condition.rawValue)) ? 1 : 0
        }
        let release: GDestroyNotify = { data in Unmanaged<FDCallback>.fromOpaque(data!).release() }
        let id = g_unix_fd_add_full(
            G_PRIORITY_DEFAULT, fd, GIOCondition(rawValue: conditions.rawValue), callback,
            box.toOpaque(), release)
        return SourceToken(id: id)
    }

    /// Calls `handler` every `milliseconds` until it returns false.
    public func every(milliseconds: UInt32, _ handler: @escaping () -> Bool) -> SourceToken {
        addSource(SourceCallback(handler)) { callback, data, release in
            g_timeout_add_full(G_PRIORITY_DEFAULT, milliseconds, callback, data, release)
        }
    }

    /// Calls `handler` whenever no source of higher priority is ready, until it returns false.
    public func whileIdle(priority: IdlePriority, _ handler: @escaping () -> Bool) -> SourceToken {
        let glibPriority = switch priority {
        case .normal: G_PRIORITY_DEFAULT
        case .low: G_PRIORITY_DEFAULT_IDLE
        }
        return addSource(SourceCallback(handler)) { callback, data, release in
            g_idle_add_full(glibPriority, callback, data, release)
        }
    }

    /// Hands `callback` to a GLib `*_add_full` function; GLib releases it when the source is destroyed.
    private func addSource(
        _ callback: SourceCallback,
        _ add: (GSourceFunc, UnsafeMutableRawPointer, GDestroyNotify) -> UInt32
    ) -> SourceToken {
        let trampoline: GSourceFunc = { data in
            Unmanaged<SourceCallback>.fromOpaque(data!).takeUnretainedValue().run() ? 1 : 0
        }
        let release: GDestroyNotify = { data in Unmanaged<SourceCallback>.fromOpaque(data!).release() }
        return SourceToken(id: add(trampoline, Unmanaged.passRetained(callback).toOpaque(), release))
    }
}

/// A Swift closure kept alive by a GLib source as its `user_data`.
private final class SourceCallback {
    let run: () -> Bool
    init(_ run: @escaping () -> Bool) { self.run = run }
}

private final class FDCallback {
    let run: (IOConditions) -> Bool
    init(_ run: @escaping (IOConditions) -> Bool) { self.run = run }
}
