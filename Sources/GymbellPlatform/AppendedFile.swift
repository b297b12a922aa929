import Glibc

/// A file that only grows, read and written in pieces (issue 48: the journals of a synced folder).
/// Nothing follows a symbolic link, nothing blocks on a FIFO, and anything but a regular file is
/// refused with a sentence.
public enum AppendedFile {
    /// A piece of a file: `bytes` from `offset` on (at most the limit asked), the file's size when read,
    /// and the bytes just before `offset` (at most 32: what says the file still begins as it did).
    public struct Piece: Sendable {
        public var bytes: [UInt8]
        public var size: Int64
        public var before: [UInt8]
    }

    /// Reads up to `limit` bytes of the regular file at `path` from `offset`.
    public static func read(_ path: String, from offset: Int64, limit: Int) throws(BoundedFileReader.Failure) -> Piece {
        let fd = FileReplacement.retryingInterrupts { open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW) }
        guard fd >= 0 else { throw errno == ELOOP ? .notRegularFile(kind: "a symbolic link") : BoundedFileReader.failure(call: "open", errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw BoundedFileReader.failure(call: "fstat", errno: errno) }
        if let kind = BoundedFileReader.nonRegularKind(status.st_mode) { throw .notRegularFile(kind: kind) }
        let size = Int64(status.st_size)
        let start = max(0, min(offset, size))
        let before = try readFully(fd, at: max(0, start - 32), count: Int(start - max(0, start - 32)))
        let bytes = try readFully(fd, at: start, count: Int(min(Int64(limit), size - start)))
        return Piece(bytes: bytes, size: size, before: before)
    }

    private static func readFully(_ fd: Int32, at offset: Int64, count: Int) throws(BoundedFileReader.Failure) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = bytes.withUnsafeMutableBytes { buffer in
                FileReplacement.retryingInterrupts { pread(fd, buffer.baseAddress! + filled, count - filled, off_t(offset) + off_t(filled)) }
            }
            if n < 0 { throw BoundedFileReader.failure(call: "read", errno: errno) }
            if n == 0 { break }
            filled += n
        }
        return Array(bytes.prefix(filled))
    }

    /// The size of the regular file at `path` (not following a symbolic link); nil when there is none.
    public static func size(_ path: String) -> Int64? {
        var status = stat()
        guard lstat(path, &status) == 0, BoundedFileReader.nonRegularKind(status.st_mode) == nil else { return nil }
        return Int64(status.st_size)
    }

    /// Appends `bytes` to the file at `path` (made, mode 0644, when missing) in one write, after a line
    /// feed when the file does not end in one (a write cut short before: its broken line stays one line),
    /// and flushes it to the disk. Returns the file's size after.
    @discardableResult
    public static func append(_ bytes: [UInt8], to path: String) throws(SystemError) -> Int64 {
        let fd = FileReplacement.retryingInterrupts { open(path, O_WRONLY | O_CREAT | O_APPEND | O_NONBLOCK | O_CLOEXEC | O_NOCTTY | O_NOFOLLOW, 0o644) }
        guard fd >= 0 else { throw SystemError(call: "open \(path)", errno: errno) }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0 else { throw SystemError(call: "fstat \(path)", errno: errno) }
        if let kind = BoundedFileReader.nonRegularKind(status.st_mode) { throw SystemError(message: "\(path) is \(kind), not a regular file") }
        var out = bytes
        if status.st_size > 0 {
            var last: UInt8 = 0
            if pread(fd, &last, 1, status.st_size - 1) == 1, last != 10 { out.insert(10, at: 0) }
        }
        var written = 0
        while written < out.count {
            let n = out.withUnsafeBytes { buffer in FileReplacement.retryingInterrupts { write(fd, buffer.baseAddress! + written, out.count - written) } }
            guard n > 0 else { throw SystemError(call: "write \(path)", errno: errno) }
            written += n
        }
        guard fsync(fd) == 0 else { throw SystemError(call: "fsync \(path)", errno: errno) }
        guard fstat(fd, &status) == 0 else { throw SystemError(call: "fstat \(path)", errno: errno) }
        return Int64(status.st_size)
    }

    /// The names in the directory at `path` (without "." and ".."), unsorted.
    public static func names(in path: String) throws(SystemError) -> [String] {
        guard let directory = opendir(path) else { throw SystemError(call: "opendir \(path)", errno: errno) }
        defer { closedir(directory) }
        var names: [String] = []
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    /// Whether a directory is at `path` (following symbolic links: a synced folder may be one).
    public static func isDirectory(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR
    }
}
