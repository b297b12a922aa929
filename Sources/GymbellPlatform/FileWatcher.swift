import CGLib
import Glibc

/// Calls back on the main loop when one file changes: written, replaced by a rename (an editor's
/// atomic save), created, deleted, or — for a symlink such as /etc/localtime — re-pointed.
///
/// Built on inotify: the file's parent directory is watched (so that a file replaced by a rename, or
/// created later, is still followed) and only events naming the file are kept; nothing wakes while
/// nothing happens there. The parent directory must exist: create it before watching a file in it.
/// Changes inside the file a symlink points to are not reported, only re-pointing the link.
///
/// (Until issue 33 this was GIO's `GFileMonitor`; a `GFile` made GIO load its VFS modules — gvfs's
/// client library and its D-Bus module, 0.45 MB of an idle daemon's PSS — for a watch inotify gives
/// as well.)
///
/// A burst of events (a save in several steps, a package upgrade) becomes one call,
/// `quietPeriodMilliseconds` after the last event.
///
/// Events are delivered through the GLib default main context (`MainLoop`): create, use and cancel
/// the watcher on the loop's thread. Cancelling (or releasing) it stops the calls.
public final class FileWatcher {
    public let path: String

    /// The inotify instance (one per watcher: its one watch is the parent directory's).
    private let fd: Int32
    private let source: SourceToken
    private let coalescer: ChangeCoalescer
    private var isCancelled = false

    static let quietPeriodMilliseconds: UInt32 = 150

    /// What says the file's content or identity changed. IN_MODIFY is left out: a writer sends it
    /// mid-write; IN_CLOSE_WRITE follows when it closes the file.
    static let events = UInt32(IN_CLOSE_WRITE | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_MOVED_TO)

    /// Keeps GIO to local files: with gvfs installed, GIO's default VFS would D-Bus-activate gvfsd
    /// (`org.gtk.vfs.Daemon`) for anything that makes a `GFile`. GIO reads its choice from the environment
    /// (`GIO_USE_VFS`), so this must run before any other thread does (setenv is not thread-safe).
    public static func useLocalFilesOnly() {
        setenv("GIO_USE_VFS", "local", 1)
    }

    /// Starts watching `path` (relative paths resolve against the working directory); the file
    /// need not exist yet, its directory must.
    /// - Throws: when `path` is empty or its directory cannot be watched.
    public convenience init(path: String, onChange: @escaping () -> Void) throws(SystemError) {
        guard !path.isEmpty else { throw SystemError(message: "Cannot watch a file without a path") }
        let (directory, name) = Self.split(path)
        let wanted = Array(name.utf8)
        try self.init(
            path: path, directory: directory, named: "\(path): \(directory)", mask: Self.events | UInt32(IN_ONLYDIR), selfEvents: false,
            matches: { $0.elementsEqual(wanted) }, onChange: onChange)
    }

    /// Starts watching the directory at `path` for the files whose names `names` accepts (issue 48: the
    /// journals of a synced folder), and for the directory itself going away (deleted, moved, its disk
    /// unmounted: then the calls stop, and the caller watches for it to come back).
    /// - Throws: when the directory cannot be watched (it is missing, not a directory, unreadable).
    public convenience init(directory path: String, names: @escaping (String) -> Bool, onChange: @escaping () -> Void) throws(SystemError) {
        try self.init(
            path: path, directory: path, named: path, mask: Self.events | UInt32(IN_ONLYDIR | IN_DELETE_SELF | IN_MOVE_SELF), selfEvents: true,
            matches: { names(String(decoding: $0, as: UTF8.self)) }, onChange: onChange)
    }

    /// One inotify instance watching `directory` with `mask`; `named` is how a failure names it.
    private init(
        path: String, directory: String, named: String, mask: UInt32, selfEvents: Bool, matches: @escaping ([UInt8]) -> Bool,
        onChange: @escaping () -> Void
    ) throws(SystemError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemError(message: "Cannot watch \(path): \(String(cString: strerror(errno)))") }
        guard inotify_add_watch(fd, directory, mask) >= 0 else {
            let reason = String(cString: strerror(errno))
            close(fd)
            throw SystemError(message: "Cannot watch \(named): \(reason)")
        }
        let coalescer = ChangeCoalescer(quietPeriodMilliseconds: Self.quietPeriodMilliseconds, onChange: onChange)
        let reader = EventReader(fd: fd, selfEvents: selfEvents, matches: matches)
        self.path = path
        self.fd = fd
        self.coalescer = coalescer
        source = MainLoop.watch(fd: fd, for: .readable) { _ in
            if reader.readNamesTheFile() { coalescer.eventArrived() }
            return true
        }
    }

    deinit {
        cancel()
    }

    /// Stops watching; a call still waiting for its quiet period is dropped. Cancelling twice does nothing.
    public func cancel() {
        guard !isCancelled else { return }
        isCancelled = true
        MainLoop.cancelSource(source)
        coalescer.stop()
        close(fd)
    }

    /// The directory to watch and the name to look for in its events.
    static func split(_ path: String) -> (directory: String, name: String) {
        guard let slash = path.lastIndex(of: "/") else { return (".", path) }
        let directory = String(path[..<slash])
        return (directory.isEmpty ? "/" : directory, String(path[path.index(after: slash)...]))
    }
}

/// Reads what inotify has queued and says whether any event of it names a watched file (or, with
/// `selfEvents`, is about the watched directory itself: deleted, moved, unmounted).
private final class EventReader {
    let fd: Int32
    let selfEvents: Bool
    let matches: ([UInt8]) -> Bool
    private var buffer = [UInt8](repeating: 0, count: 16 * 1024)

    init(fd: Int32, selfEvents: Bool, matches: @escaping ([UInt8]) -> Bool) {
        self.fd = fd
        self.selfEvents = selfEvents
        self.matches = matches
    }

    func readNamesTheFile() -> Bool {
        var found = false
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            guard count > 0 else { return found }  // EAGAIN: all read
            buffer.withUnsafeBytes { bytes in
                var offset = 0
                let header = MemoryLayout<inotify_event>.size
                while offset + header <= count {
                    let mask = bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self)
                    let length = Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    let nameBytes = bytes[(offset + header)..<min(count, offset + header + length)]
                    // The name is padded with NULs to an alignment.
                    let eventName = nameBytes.prefix { $0 != 0 }
                    if mask & FileWatcher.events != 0, !eventName.isEmpty, matches(Array(eventName)) { found = true }
                    if selfEvents, mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_UNMOUNT | IN_IGNORED) != 0 { found = true }
                    if mask & UInt32(IN_Q_OVERFLOW) != 0 { found = true }  // events were lost: any may have been the file's
                    offset += header + length
                }
            }
        }
    }
}

/// Turns a burst of events into one call of `onChange`, a quiet period after the last event.
///
/// The watcher holds it, and so does a pending GLib timeout.
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

private func coalescerFire(_ data: gpointer?) -> gboolean {
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).takeUnretainedValue().fire()
    return 0  // G_SOURCE_REMOVE
}

private func coalescerReleaseTimeout(_ data: gpointer?) {
    Unmanaged<ChangeCoalescer>.fromOpaque(data!).release()
}
