import FoundationEssentials
import Glibc

/// What spares a start-up the full integrity check of a database nobody touched since the daemon
/// closed it cleanly — as a file system's "clean" flag spares it fsck.
///
/// `PRAGMA quick_check` reads every page: with 10 000 pending reminders it was a seventh of the
/// start-up (issue 16). After a clean close (write-ahead log folded in and gone) the daemon writes
/// `PATH.clean`, 0600, holding the file's device, inode, size, modification and change times. The
/// next open checks the file only when that record does not describe it exactly or a write-ahead
/// log with content lies beside it: after a crash, a copy, a restore, a chmod, any write by another
/// program — everything the damage tests do to a file. Damage that slips past (bits rotting under an
/// unchanged inode) is still found: SQLite reports a damaged page when it reads one, and the store
/// treats that as damage wherever it happens.
enum CleanCloseMark {
    static func path(for database: String) -> String { database + ".clean" }

    /// Whether `database` is exactly as the daemon left it at its last clean close.
    static func isUntouched(_ database: String) -> Bool {
        guard let recorded = read(path(for: database)), let now = fingerprint(of: database) else { return false }
        let walHasContent = (status(of: database + "-wal")?.st_size ?? 0) > 0
        return recorded == now && !walHasContent
    }

    /// Records `database` as cleanly closed (best effort: a mark that cannot be written only costs the
    /// next start-up its check).
    ///
    /// File times are only as fine as the kernel's clock tick (4 ms at HZ=250 before Linux 6.13's fine
    /// timestamps): a write in the tick of the close could leave them as recorded ("racy git"). So the
    /// mark is written once the tick holding the file's times has passed — at most one tick, at exit —
    /// and not at all when it does not pass within 50 ms (a clock set back).
    static func record(_ database: String) {
        guard waitForTickAfterTimes(of: database), let fingerprint = fingerprint(of: database) else { return }
        // Never written through a symbolic link put in the mark's place.
        let fd = open(path(for: database), O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        defer { close(fd) }
        let bytes = Array(fingerprint.utf8)
        // A short write leaves a mark that describes nothing: the next open checks.
        _ = bytes.withUnsafeBytes { write(fd, $0.baseAddress, $0.count) }
    }

    private static func waitForTickAfterTimes(of database: String) -> Bool {
        guard let st = status(of: database) else { return false }
        let latest = max(nanoseconds(st.st_mtim), nanoseconds(st.st_ctim))
        var resolution = timespec()
        clock_getres(CLOCK_REALTIME_COARSE, &resolution)
        var pause = timespec(tv_sec: 0, tv_nsec: max(resolution.tv_nsec, 1_000_000))
        for _ in 0..<50 {
            var now = timespec()
            clock_gettime(CLOCK_REALTIME_COARSE, &now)
            if nanoseconds(now) > latest { return true }
            nanosleep(&pause, nil)
        }
        return false
    }

    private static func nanoseconds(_ time: timespec) -> Int64 { Int64(time.tv_sec) * 1_000_000_000 + Int64(time.tv_nsec) }

    /// Device and inode: which file the path names now.
    static func identity(of database: String) -> String? {
        status(of: database).map { "\($0.st_dev) \($0.st_ino)" }
    }

    static func fingerprint(of database: String) -> String? {
        guard let st = status(of: database) else { return nil }
        return "gymbell clean close 1\n\(st.st_dev) \(st.st_ino) \(st.st_size) "
            + "\(st.st_mtim.tv_sec).\(st.st_mtim.tv_nsec) \(st.st_ctim.tv_sec).\(st.st_ctim.tv_nsec)\n"
    }

    private static func status(of path: String) -> stat? {
        var st = stat()
        return stat(path, &st) == 0 ? st : nil
    }

    private static func read(_ path: String) -> String? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count], as: UTF8.self)
    }
}
