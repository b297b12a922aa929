import FoundationEssentials
import Glibc

/// What a file's status says about its content: enough to tell that it changed since it was read.
public struct FileStamp: Equatable, Sendable {
    public let device: UInt64
    public let inode: UInt64
    public let size: Int
    public let modifiedSeconds: Int
    public let modifiedNanoseconds: Int
    /// The permission bits (`0o644`).
    public let mode: UInt32
}

/// Replaces a whole file so that readers (and a crash) see its old content or its new, never part of
/// either: a temporary file beside it, written, flushed to disk, given the old file's mode, renamed
/// over it, and the directory flushed. A symbolic link keeps pointing at the file it names.
public enum FileReplacement {
    public struct Failure: Error, Equatable, Sendable, CustomStringConvertible {
        public let path: String
        public let reason: String
        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// The status of the file at `path` (through symbolic links); nil when there is none.
    public static func stamp(of path: String) -> FileStamp? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileStamp(device: UInt64(status.st_dev), inode: UInt64(status.st_ino), size: Int(status.st_size),
                         modifiedSeconds: Int(status.st_mtim.tv_sec), modifiedNanoseconds: Int(status.st_mtim.tv_nsec),
                         mode: UInt32(status.st_mode & 0o7777))
    }

    /// Creates `directory` and its missing parents, each new one with `mode`.
    public static func makeDirectories(_ directory: String, mode: UInt32 = 0o700) throws(Failure) {
        var path = directory.hasPrefix("/") ? "" : "."
        for component in directory.split(separator: "/") {
            path += "/" + component
            if mkdir(path, mode_t(mode)) != 0, errno != EEXIST {
                throw Failure(path: directory, reason: "cannot create the directory \(path): \(reason(errno))")
            }
        }
        var status = stat()
        guard stat(directory, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw Failure(path: directory, reason: "it is not a directory")
        }
    }

    /// Replaces the file at `path` (or creates it, with `newFileMode`) with `bytes`. A replaced file
    /// keeps its mode.
    public static func replace(_ path: String, with bytes: [UInt8], newFileMode: UInt32 = 0o644) throws(Failure) {
        let target = resolved(path)
        var status = stat()
        if stat(target, &status) == 0, status.st_mode & S_IFMT != S_IFREG {
            throw Failure(path: path, reason: "it is not a regular file")
        }
        let mode = stamp(of: target)?.mode ?? newFileMode
        let temporary = try writeTemporary(beside: target, bytes: bytes, mode: mode, path: path)
        if rename(temporary, target) != 0 {
            let failure = errno
            unlink(temporary)
            throw Failure(path: path, reason: reason(failure))
        }
        flushDirectory(of: target)
    }

    /// A temporary file beside `target` holding `bytes`, flushed to disk.
    static func writeTemporary(beside target: String, bytes: [UInt8], mode: UInt32, path: String) throws(Failure) -> String {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { String(target[...$0]) } ?? ""
        let base = slash.map { String(target[target.index(after: $0)...]) } ?? target
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 where descriptor < 0 {
            temporary = directory + ".\(base).\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
            descriptor = retryingInterrupts { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600) }
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        var failure: Int32 = 0
        if fchmod(descriptor, mode_t(mode)) != 0 { failure = errno }
        if failure == 0 { failure = writeAll(bytes, to: descriptor) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(path: path, reason: reason(failure))
        }
        return temporary
    }

    /// The rename itself is durable once the directory is flushed.
    static func flushDirectory(of target: String) {
        let slash = target.lastIndex(of: "/")
        let directory = slash.map { $0 == target.startIndex ? "/" : String(target[..<$0]) } ?? "."
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if descriptor >= 0 {
            _ = fsync(descriptor)
            close(descriptor)
        }
    }

    /// Writes `bytes` into what is at `path` as it is (a device or FIFO such as `/dev/stdout`, which
    /// cannot be replaced): opened for writing, truncated, written whole.
    public static func overwrite(_ path: String, with bytes: [UInt8]) throws(Failure) {
        let descriptor = retryingInterrupts { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        var failure = writeAll(bytes, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw Failure(path: path, reason: reason(failure)) }
    }

    /// The file a path names, through symbolic links (the path itself when it names nothing yet).
    static func resolved(_ path: String) -> String {
        realpath(path, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? path
    }

    /// 0, or the errno of the write that failed.
    static func writeAll(_ bytes: [UInt8], to descriptor: Int32) -> Int32 {
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                retryingInterrupts { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
            }
            if written < 0 { return errno }
            offset += written
        }
        return 0
    }

    static func retryingInterrupts<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
