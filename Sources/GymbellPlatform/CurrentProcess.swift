import CGLib
import FoundationEssentials
import Glibc

/// What full Foundation's `Bundle`, `NSHomeDirectory` and `FileHandle.standardError` told, from Linux.
public enum CurrentProcess {
    /// The running executable's path (`/proc/self/exe`), nil where /proc is not mounted.
    public static var executablePath: String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// gymbell's program `name` (gymbell, gymbell-window) beside the running one when it is there and
    /// executable, else `name` alone, to be found on PATH: a build directory and an installation alike.
    public static func program(_ name: String) -> String {
        guard let path = executablePath, let slash = path.lastIndex(of: "/") else { return name }
        let beside = String(path[...slash]) + name
        return access(beside, X_OK) == 0 ? beside : name
    }

    /// `program(name)` when it is there to run (beside this one, or on PATH), else nil: gymbell-window
    /// is a package of its own, which may not be installed.
    public static func installedProgram(_ name: String) -> String? {
        let program = program(name)
        guard let found = g_find_program_in_path(program) else { return nil }
        g_free(found)
        return program
    }

    /// The user's home directory from the password database; `/` when it has none.
    public static var homeDirectory: String {
        guard let entry = getpwuid(getuid()), let directory = entry.pointee.pw_dir else { return "/" }
        let path = String(cString: directory)
        return path.isEmpty ? "/" : path
    }

    public static var id: Int32 { getpid() }

    /// Sleeps this thread for `microseconds` (a short pause before trying again).
    public static func pause(microseconds: UInt32) { usleep(microseconds) }

    /// One environment variable (nil: unset). Cheaper than `ProcessInfo.environment`, which copies
    /// the whole environment into a dictionary on every call (start-up asks three times).
    @Sendable public static func environmentVariable(_ name: String) -> String? {
        getenv(name).map { String(cString: $0) }
    }

    /// Every thread allocates from the one main malloc arena: the notification thread's own arena
    /// kept pages of its own for the life of the daemon, for a handful of small requests.
    public static func useOneMallocArena() {
        gb_use_one_malloc_arena()
    }

    /// Gives the pages of freed memory back to the system (start-up and a reminder's work leave some
    /// at the heap's end and between what stays).
    public static func returnFreeMemory() {
        gb_return_free_memory()
    }

    /// `message` and a line break on standard error, unbuffered.
    public static func printToStandardError(_ message: String, newline: Bool = true) {
        let bytes = Array((newline ? message + "\n" : message).utf8)
        var written = 0
        while written < bytes.count {
            let count = bytes[written...].withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return }
            written += count
        }
    }
}
