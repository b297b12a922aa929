import FoundationEssentials
import Glibc

/// Writes a whole file so that readers (and a crash) see the old contents or the new, never part of
/// either (GymbellPlatform's FileReplacement: a temporary file beside it, flushed, renamed over it);
/// what is not a regular file (`/dev/stdout`, a FIFO) is written directly.
public enum AtomicFile {
    /// Why a file could not be written, as a sentence naming it.
    public struct Failure: Error, CustomStringConvertible {
        public let path: String
        public let reason: String

        public var description: String { "cannot write \(path): \(reason)" }
    }

    /// Replaces `path` with `data`. A new file gets 0666 less the umask, a replaced one keeps its mode;
    /// a symlink keeps pointing at the file it names. A device or FIFO (`/dev/stdout`) is written directly.
    public static func write(_ data: Data, to path: String) throws(Failure) {
        var status = stat()
        if stat(path, &status) == 0 {
            switch status.st_mode & S_IFMT {
            case S_IFREG: break
            case S_IFDIR: throw Failure(path: path, reason: "it is a directory")
            default:
                do {
                    return try FileReplacement.overwrite(path, with: [UInt8](data))
                } catch {
                    throw Failure(path: path, reason: error.reason)
                }
            }
        }
        let slash = path.lastIndex(of: "/")
        let parent = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        if !FileManager.default.fileExists(atPath: parent) {
            throw Failure(path: path, reason: "the directory \(parent) does not exist")
        }
        // A new file gets 0666 less the umask, as open(2) would give it.
        let mask = umask(0)
        umask(mask)
        do {
            try FileReplacement.replace(path, with: [UInt8](data), newFileMode: UInt32(0o666 & ~mask))
        } catch {
            throw Failure(path: path, reason: error.reason)
        }
    }
}
