import FoundationEssentials
import Glibc
import GymbellCore
import GymbellPlatform

/// Writes a whole file so that readers (and a crash) see the old contents or the new, never part of
/// either: a temporary file beside it, flushed, then renamed over it.
enum AtomicFile {
    /// Why a file could not be written, as a sentence naming it.
    struct Failure: Error, CustomStringConvertible {
        let path: String
        let reason: String

        var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces `path` with `data`. A new file gets 0666 less the umask, a replaced one keeps its mode;
    /// a symlink keeps pointing at the file it names. A device or FIFO (`/dev/stdout`) is written directly.
    static func write(_ data: Data, to path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Failure(path: path, reason: "it is a directory")
            default: return try writeInPlace(data, to: path)
            }
        }
        let target = realpath(path, nil).map { resolved in
            defer { free(resolved) }
            return String(cString: resolved)
        } ?? path
        let existingMode: mode_t? = stat(target, &status) == 0 ? status.st_mode & 0o7777 : nil

        let directory = FilePath.directory(of: target)
        let prefix = directory.isEmpty ? "" : directory.hasSuffix("/") ? directory : directory + "/"
        let base = FilePath.lastComponent(of: target)
        var temporary = ""
        var descriptor: Int32 = -1
        for _ in 0..<8 where descriptor < 0 {
            temporary = prefix + ".\(base).\(String(UInt32.random(in: .min ... .max), radix: 16)).tmp"
            descriptor = retryingOnInterrupt { open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666) }
            if descriptor < 0, errno != EEXIST { break }
        }
        guard descriptor >= 0 else {
            let code = errno
            let parent = directory.isEmpty ? "." : directory
            if code == ENOENT, !FileManager.default.fileExists(atPath: parent) {
                throw Failure(path: path, reason: "the directory \(parent) does not exist")
            }
            throw Failure(path: path, reason: reason(code))
        }

        var failure: Int32 = 0
        if let existingMode, fchmod(descriptor, existingMode) != 0 { failure = errno }
        if failure == 0 { failure = writeAll(data, to: descriptor) }
        if failure == 0, fsync(descriptor) != 0 { failure = errno }
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure == 0, rename(temporary, target) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw Failure(path: path, reason: reason(failure))
        }
    }

    private static func writeInPlace(_ data: Data, to path: String) throws(Failure) {
        let descriptor = retryingOnInterrupt { open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) }
        guard descriptor >= 0 else { throw Failure(path: path, reason: reason(errno)) }
        var failure = writeAll(data, to: descriptor)
        if close(descriptor) != 0, failure == 0 { failure = errno }
        if failure != 0 { throw Failure(path: path, reason: reason(failure)) }
    }

    /// 0, or the errno of the write that failed.
    private static func writeAll(_ data: Data, to descriptor: Int32) -> Int32 {
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let written = bytes[offset...].withUnsafeBytes { buffer in
                retryingOnInterrupt { Glibc.write(descriptor, buffer.baseAddress, buffer.count) }
            }
            if written < 0 { return errno }
            offset += written
        }
        return 0
    }

    private static func retryingOnInterrupt<T: BinaryInteger>(_ call: () -> T) -> T {
        while true {
            let result = call()
            if result >= 0 || errno != EINTR { return result }
        }
    }

    private static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}
