import CGLib

/// Calls back on the main loop when one file changes: written, replaced by a rename (an editor's
/// atomic save), created, deleted, or — for a symlink such as /etc/localtime — re-pointed.
///
/// Built on GIO's `GFileMonitor` (GIO loaded with the first watcher: SharedLibrary). With the inotify backend it watches the file's parent directory
/// and makes no wake-ups while nothing happens there. When the parent directory does not exist,
/// GLib falls back to looking for it every 4 seconds (and may call back once when it appears):
/// create the directory before watching a file in it. Changes inside the file a symlink points to
/// are not reported, only re-pointing the link.
///
/// A burst of events (a save in several steps, a package upgrade) becomes one call,
/// `quietPeriodMilliseconds` after the last event.
///
/// Events are delivered through the GLib default main context (`MainLoop`): create, use and cancel
/// the watcher on the loop's thread. Cancelling (or releasing) it stops the calls.
public final class FileWatcher {
    public let path: String

    /// `GFile *`
    private let file: OpaquePointer
    private let monitor: UnsafeMutablePointer<GFileMonitor>
    private let coalescer: ChangeCoalescer
    private let handlerID: gulong
    private var isCancelled = false

    static let quietPeriodMilliseconds: UInt32 = 150

    /// Keeps GIO to local files: with gvfs installed, GIO's default VFS would D-Bus-activate gvfsd
    /// (`org.gtk.vfs.Daemon`) for a watcher of a local file. GIO reads its choice from the environment
    /// (`GIO_USE_VFS`), so this must run before any other thread does (setenv is not thread-safe).
    public static func useLocalFilesOnly() {
        setenv("GIO_USE_VFS", "local", 1)
    }

    /// GIO's functions, loaded when the first watcher is made.
    private static let gio = Result { () throws(SystemError) in
        try SharedLibrary.functions(of: "libgio-2.0.so.0", gb_gio_functions_load)
    }
    private let gio: GbGioFunctions

    /// Starts watching `path` (relative paths resolve against the working directory); the file
    /// need not exist yet.
    /// - Throws: when `path` is empty or GIO cannot monitor it.
    public init(path: String, onChange: @escaping () -> Void) throws(SystemError) {
        guard !path.isEmpty else { throw SystemError(message: "Cannot watch a file without a path") }
        let gio: GbGioFunctions
        do {
            gio = try Self.gio.get()
        } catch {
            throw SystemError(message: "Cannot watch \(path): \(error)")
        }
        let file = gio.g_file_new_for_path(path)!
        var error: UnsafeMutablePointer<GError>?
        guard let monitor = gio.g_file_monitor_file(file, G_FILE_MONITOR_WATCH_MOVES, nil, &error) else {
            let reason = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            g_clear_error(&error)
            gb_object_unref(UnsafeMutableRawPointer(file))
            throw SystemError(message: "Cannot watch \(path): \(reason)")
        }
        self.path = path
        self.gio = gio
        self.file = file
        self.monitor = monitor
        coalescer = ChangeCoalescer(quietPeriodMilliseconds: Self.quietPeriodMilliseconds, onChange: onChange)
        handlerID = gb_file_monitor_connect_changed(
            monitor, fileMonitorChanged, Unmanaged.passRetained(coalescer).toOpaque(), coalescerRelease)
    }

    deinit {
        cancel()
        gb_object_unref(monitor)
        gb_object_unref(UnsafeMutableRawPointer(file))
    }

    /// Stops watching; a call still waiting for its quiet period is dropped. Cancelling twice does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        g_signal_handler_disconnect(monitor, handlerID)  // GLib releases the coalescer's reference
        _ = gio.g_file_monitor_cancel(monitor)
        coalescer.stop()
    }

    /// The events that mean the file's content or identity changed.
    ///
    /// CHANGED is left out: GLib rate-limits it and sends it mid-write; CHANGES_DONE_HINT follows
    /// when the writer closes the file (or, virtually, 2 s after the last CHANGED).
    static func isReported(_ event: GFileMonitorEvent) -> Bool {
        switch event {
        case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT, G_FILE_MONITOR_EVENT_CREATED, G_FILE_MONITOR_EVENT_DELETED,
            G_FILE_MONITOR_EVENT_MOVED_IN, G_FILE_MONITOR_EVENT_MOVED_OUT, G_FILE_MONITOR_EVENT_RENAMED:
            true
        default:
            false
        }
    }
}

/// Turns a burst of events into one call of `onChange`, a quiet period after the last event.
///
/// The monitor's signal handler holds it (retained), and so does a pending GLib timeout.
private final class ChangeCoalescer {
    let quietPeriodMilliseconds: UInt32
    let onChange: () -> Void
    /// The GLib source id of the pending call, 0 when none.
    private var pending: UInt32 = 0

    init(quietPeriodMilliseconds: UInt32, onChange: @escaping () -> Void) {
        self.quietPeriodMilliseconds = quietPeriodMilliseconds
        self.onChange = onChange
    }

    func eventArrived() {
        stop()
        pending = g_timeout_add_full(
            G_PRIORITY_DEFAULT, quietPeriodMilliseconds, coalescerFire, Unmanaged.passRetained(self).toOpaque(),
            coalescerReleaseTimeout)
    }

    func fire() {
        pending = 0
        onChange()
    }

    func stop() {
        guard pending != 0 else { return }
        g_source_remove(pending)
        pending = 0
    }
}

private func fileMonitorChanged(
    _ monitor: UnsafeMutablePointer<GFileMonitor>?, _ file: OpaquePointer?, _ otherFile: OpaquePointer?,
    _ event: GFileMonitorEvent, _ data: gpointer?
) {
    guard FileWatcher.isReported(event) else { return }
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).takeUnretainedValue().eventArrived()
}

private func coalescerFire(_ data: gpointer?) -> gboolean {
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).takeUnretainedValue().fire()
    return 0  // G_SOURCE_REMOVE
}

private func coalescerRelease(_ data: gpointer?, _ closure: UnsafeMutablePointer<GClosure>?) {
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).release()
}

private func coalescerReleaseTimeout(_ data: gpointer?) {
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).release()
}
