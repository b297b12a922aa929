import FoundationEssentials
import Glibc

/// Reads a small regular file (a config) so that no path can hang or exhaust the reader: the file is
/// opened non-blocking (a FIFO cannot stall the open), anything but a regular file is refused after
/// `fstat`, and no more than the limit is ever read (`/dev/zero`, a growing file). Failures are plain
/// sentences, not Foundation's Cocoa texts ("You don't have permission" for a FIFO, as root).
public enum BoundedFileReader {
    public enum Failure: Error, Equatable, Sendable, CustomStringConvertible {
        case missing
        case symlinkLoop
        case permissionDenied
        /// A directory, FIFO, device or socket; `kind` names it ("a directory").
        case notRegularFile(kind: String)
        /// Larger than the limit; `byteCount` is its size as far as it is known.
        case tooLarge(byteCount: Int)
        case system(call: String, reason: String)

        public var description: String {
            switch self {
            case .missing: "no such file (or a symbolic link to a missing file)"
            case .symlinkLoop: "too many levels of symbolic links (a symbolic link loop)"
            case .permissionDenied: "permission denied"
            case .notRegularFile(let kind): "it is \(kind), not a regular file"
            case .tooLarge(let byteCount): "it is larger than the limit (\(byteCount) bytes)"
            case .system(let call, let reason): "\(call): \(reason)"
            }
        }
    }

    /// Whether anything is at `path`, a dangling or looping symbolic link included: such a path is a
    /// config the user meant to have, to be reported rather than skipped.
    public static func entryExists(atPath path: String) -> Bool {
        var status = stat()
        if lstat(path, &status) == 0 { return true }
        // Unreachable (EACCES on a directory above it): it may well exist, so let reading it tell why.
        return errno != ENOENT && errno != ENOTDIR
    }

    /// The whole content of the regular file at `path`, which may be at most `limit` bytes.
    public static func read(path: String, limit: Int) throws(Failure) -> [UInt8] {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw failure(call: "open", errno: errno) }
        defer { close(fd) }

        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(call: "fstat", errno: errno) }
        if let kind = nonRegularKind(status.st_mode) { throw .notRegularFile(kind: kind) }
        if Int(status.st_size) > limit { throw .tooLarge(byteCount: Int(status.st_size)) }

        // One byte past the limit tells a file that grew since fstat from one that fits.
        var content = [UInt8](repeating: 0, count: limit + 1)
        var filled = 0
        while filled < content.count {
            let count = content.withUnsafeMutableBytes { buffer in
                retryingInterrupts { Glibc.read(fd, buffer.baseAddress! + filled, buffer.count - filled) }
            }
            if count < 0 { throw failure(call: "read", errno: errno) }
            if count == 0 { break }
            filled += count
        }
        guard filled <= limit else { throw .tooLarge(byteCount: max(filled, Int(status.st_size))) }
        content.removeSubrange(filled...)
        return content
    }

    /// The content of the regular file at `path`, at most `limit` bytes, handed to `body` a chunk of
    /// at most `chunkSize` bytes at a time (a large import is read twice without ever being held whole).
    /// The size is checked before the first chunk: a file over the limit is refused up front.
    public static func forEachChunk(
        path: String, limit: Int, chunkSize: Int = 1 << 20, _ body: (ArraySlice<UInt8>) throws -> Void
    ) throws {
        let fd = retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY) }
        guard fd >= 0 else { throw failure(call: "open", errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw failure(call: "fstat", errno: errno) }
        if let kind = nonRegularKind(status.st_mode) { throw Failure.notRegularFile(kind: kind) }
        if Int(status.st_size) > limit { throw Failure.tooLarge(byteCount: Int(status.st_size)) }
        var chunk = [UInt8](repeating: 0, count: chunkSize)
        var total = 0
        while true {
            let count = chunk.withUnsafeMutableBytes { buffer in retryingInterrupts { Glibc.read(fd, buffer.baseAddress!, buffer.count) } }
            if count < 0 { throw failure(call: "read", errno: errno) }
            if count == 0 { return }
            total += count
            // A file that grew since fstat.
            if total > limit { throw Failure.tooLarge(byteCount: total) }
            try body(chunk[0..<count])
        }
    }

    static func nonRegularKind(_ mode: mode_t) -> String? {
        switch mode & S_IFMT {
        case S_IFREG: nil
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        default: "a special file"
        }
    }

    static func failure(call: String, errno code: Int32) -> Failure {
        switch code {
        case ENOENT, ENOTDIR: .missing
        case ELOOP: .symlinkLoop
        case EACCES, EPERM: .permissionDenied
        case EISDIR: .notRegularFile(kind: "a directory")
        default: .system(call: call, reason: String(cString: strerror(code)))
        }
    }

    private static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }
}
