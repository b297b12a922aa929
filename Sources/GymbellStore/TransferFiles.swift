import FoundationEssentials
import Glibc
import GymbellCore

/// The files a backup writes and a restore reads, looked at before SQLite is let near them (issue 42):
/// only regular files are read or replaced (a FIFO or a device is refused at once: nothing blocks), a
/// backup never lands on the state itself, and what a transfer makes on its way is made so that the
/// next start can tell it from what the person keeps.
///
/// What a transfer makes on its way: in the state directory, `restoring-<pid>.sqlite` (the checked copy
/// of a backup) and `restoring-<pid>-replaced.sqlite` (the replaced state before it gets its lasting
/// name); beside a backup's target, `<target>.partial-<pid>`, named in the state directory by a note
/// `backup-partial-<pid>.note`. Each is made new and held with an flock(2) lock while its transfer runs,
/// so a later start removes exactly the ones nobody holds (a transfer killed or refused). The kept-aside
/// `replaced-*.sqlite` copies are the person's way back: never removed, only counted.
enum TransferFiles {
    // MARK: A backup to read

    /// Opens the backup at `path` for reading when it is a regular file (a symbolic link is followed to
    /// one); refuses a FIFO, a device, a directory or a socket without opening it for reading (nothing
    /// blocks). Returns the open descriptor.
    static func openSource(_ path: String) throws(StateTransfer.Refusal) -> Int32 {
        var found = stat()
        guard stat(path, &found) == 0 else { throw StateTransfer.Refusal("cannot read \(path): \(reason(errno)); nothing was changed") }
        guard isRegular(found) else {
            throw StateTransfer.Refusal("\(path) is \(kind(of: found)), not a backup file: gymbell restores only from a regular file; nothing was changed")
        }
        let fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw StateTransfer.Refusal("cannot read \(path): \(reason(errno)); nothing was changed") }
        var opened = stat()
        guard fstat(fd, &opened) == 0, isRegular(opened) else {  // replaced between the look and the open
            close(fd)
            throw StateTransfer.Refusal("\(path) is no longer a regular file; nothing was changed")
        }
        // A journal SQLite would read beside the backup must be a file too (a FIFO there would block it).
        for companion in [path + "-wal", path + "-journal"] {
            var beside = stat()
            if stat(companion, &beside) == 0, !isRegular(beside) {
                close(fd)
                throw StateTransfer.Refusal("\(companion) beside the backup is \(kind(of: beside)), not a file SQLite can read; nothing was changed")
            }
        }
        return fd
    }

    // MARK: A backup to write

    /// Where a backup asked for at `path` is written. A symbolic link is followed: the file it points at
    /// is written and the link stays (one that leads nowhere is refused). Refused: anything there that is
    /// not a regular file, the state database or its -wal or -shm under any name (hard links included),
    /// and any path inside the state directory (its real path: `..` and links cannot lead into it).
    static func backupTarget(_ path: String, stateDatabase: String?) throws(StateTransfer.Refusal) -> String {
        var target = path
        if let st = StoreFile.linkStatus(path), StoreFile.isSymbolicLink(st) {
            guard let resolved = realPath(path) else {
                throw StateTransfer.Refusal(
                    "\(path) is a symbolic link to \(StoreFile.target(of: path)), which cannot be followed (\(reason(errno))); nothing was written")
            }
            target = resolved
        }
        let name = FilePath.lastComponent(of: target)
        let folder = FilePath.directory(of: target)
        guard let realFolder = realPath(folder.isEmpty ? "." : folder) else {
            throw StateTransfer.Refusal("cannot write a backup to \(path): its folder \(folder) \(errno == ENOENT ? "does not exist" : "cannot be reached (\(reason(errno)))"); nothing was written")
        }
        let final = (realFolder == "/" ? "" : realFolder) + "/" + name
        if let st = StoreFile.linkStatus(final), !isRegular(st) {
            throw StateTransfer.Refusal("\(path) is \(kind(of: st)), not a regular file: a backup is written to a file of its own; nothing was written")
        }
        guard let stateDatabase else { return final }
        let stateFiles = [stateDatabase, stateDatabase + "-wal", stateDatabase + "-shm"]
        if let realState = realPath(FilePath.directory(of: stateDatabase)) {
            if final == realState || final.hasPrefix(realState + "/") {
                let own = stateFiles.first { FilePath.lastComponent(of: $0) == name && FilePath.directory(of: final) == realState }
                throw StateTransfer.Refusal(
                    own.map { "\(path) is \(role(of: $0, stateDatabase)): writing a backup over it would destroy the history it copies; choose a file outside \(realState); nothing was written" }
                        ?? "\(path) is inside gymbell's state directory (\(realState)), which gymbell manages itself; choose a file elsewhere; nothing was written")
            }
        }
        var there = stat()
        if stat(final, &there) == 0 {
            for file in stateFiles {
                var st = stat()
                if stat(file, &st) == 0, st.st_dev == there.st_dev, st.st_ino == there.st_ino {
                    throw StateTransfer.Refusal(
                        "\(path) is another name for \(role(of: file, stateDatabase)) (\(file)): writing a backup over it would destroy the history it copies; nothing was written")
                }
            }
        }
        return final
    }

    private static func role(of file: String, _ database: String) -> String {
        if file.hasSuffix("-wal") { return "gymbell's own state database's write-ahead log" }
        if file.hasSuffix("-shm") { return "gymbell's own state database's shared-memory file" }
        return "gymbell's own state database"
    }

    // MARK: What a transfer makes on its way

    /// A file only this transfer uses: made new, readable by its owner only, never through a link, and
    /// held (flock) until `remove()`; a stale one of the same name that nobody holds is replaced.
    final class Scratch {
        let path: String
        private var fd: Int32

        init(_ path: String) throws(StateTransfer.Refusal) {
            self.path = path
            var made = Scratch.create(path)
            if made < 0, errno == EEXIST, !TransferFiles.isHeld(path) {
                unlink(path)
                unlink(path + "-journal")
                made = Scratch.create(path)
            }
            guard made >= 0 else { throw StateTransfer.Refusal("cannot create \(path): \(reason(errno))") }
            fd = made
            flock(fd, LOCK_EX | LOCK_NB)
        }

        private static func create(_ path: String) -> Int32 {
            open(path, O_CREAT | O_EXCL | O_RDWR | O_NOFOLLOW | O_CLOEXEC, 0o600)
        }

        /// Writes `text` as the file's whole content; false when it could not.
        func write(_ text: String) -> Bool {
            let bytes = Array(text.utf8)
            return bytes.withUnsafeBytes { pwrite(fd, $0.baseAddress, $0.count, 0) } == bytes.count
        }

        /// Removes the file (and a journal, -wal or -shm SQLite left beside it) and lets it go; the sentences for what
        /// could not be removed.
        @discardableResult
        func remove() -> [String] {
            guard fd >= 0 else { return [] }
            let problems = [path, path + "-journal", path + "-wal", path + "-shm"].compactMap(TransferFiles.removeFile)
            close(fd)
            fd = -1
            return problems
        }

        deinit { remove() }
    }

    /// The note in the state directory naming a backup's unfinished copy beside its target, for the next
    /// start should this process die before it is renamed or removed.
    static func note(naming partial: String, in stateDirectory: String) throws(StateTransfer.Refusal) -> Scratch {
        let note = try Scratch(stateDirectory + "/backup-partial-\(getpid()).note")
        guard note.write(partial + "\n") else { throw StateTransfer.Refusal("cannot write \(note.path): \(reason(errno))") }
        return note
    }

    /// Gives the finished copy at `scratch` a lasting name, `<base>.sqlite` or, where that is taken,
    /// `<base>-2.sqlite`, `<base>-3.sqlite` …, without ever replacing a file (link(2) fails where the
    /// name exists; where the file system has no hard links, the name is reserved with O_EXCL first).
    static func keep(_ scratch: String, as base: String) throws(StateTransfer.Refusal) -> String {
        for number in 1...100_000 {
            let name = number == 1 ? base + ".sqlite" : base + "-\(number).sqlite"
            if link(scratch, name) == 0 { return name }
            switch errno {
            case EEXIST: continue
            case EPERM, EOPNOTSUPP, EXDEV, EMLINK:
                let reserved = open(name, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
                if reserved < 0, errno == EEXIST { continue }
                guard reserved >= 0 else { break }
                close(reserved)
                guard rename(scratch, name) == 0 else { break }
                return name
            default: break
            }
            throw StateTransfer.Refusal("cannot keep the replaced state as \(name): \(reason(errno)); nothing was changed")
        }
        throw StateTransfer.Refusal("cannot keep the replaced state: every name \(base)-N.sqlite is taken; nothing was changed")
    }

    // MARK: The next start

    /// Removes what refused or killed transfers left behind (nobody holds it): `restoring-*` in the state
    /// directory, and the unfinished backups its notes name (only a name ending `.partial-<pid>`). Never
    /// a `replaced-*` copy: those are counted.
    static func cleanLeftovers(in directory: String) -> TransferLeftovers {
        var cleaning = TransferLeftovers()
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return cleaning }
        for name in names.sorted() {
            let path = directory + "/" + name
            if name.hasPrefix("replaced-"), name.hasSuffix(".sqlite") {
                cleaning.keptAside.append(path)
            } else if name.hasPrefix("restoring-") {
                let owner = ["-journal", "-wal", "-shm"].first(where: name.hasSuffix).map { String(path.dropLast($0.count)) } ?? path
                guard !isHeld(owner) else { continue }
                if let problem = removeFile(path) { cleaning.problems.append(problem) } else { cleaning.removed.append(path) }
            } else if name.hasPrefix("backup-partial-"), name.hasSuffix(".note"), !isHeld(path) {
                if let partial = notedPartial(path) {
                    for file in [partial, partial + "-journal"] where StoreFile.linkStatus(file) != nil {
                        if let problem = removeFile(file) { cleaning.problems.append(problem) } else { cleaning.removed.append(file) }
                    }
                }
                if let problem = removeFile(path) { cleaning.problems.append(problem) } else { cleaning.removed.append(path) }
            }
        }
        return cleaning
    }

    /// The unfinished backup a note names, when the name is one a backup makes.
    private static func notedPartial(_ note: String) -> String? {
        let fd = open(note, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 2)
        let count = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        let text = String(decoding: buffer[..<count], as: UTF8.self).trimmingWhitespace()
        guard text.hasPrefix("/"), let dot = text.ranges(of: ".partial-").last,
            let pid = Int(text[dot.upperBound...]), pid > 0
        else { return nil }
        return text
    }

    /// Whether a running transfer holds the file at `path` (its flock lock).
    static func isHeld(_ path: String) -> Bool {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        return flock(fd, LOCK_EX | LOCK_NB) != 0 && errno == EWOULDBLOCK
    }

    /// Removes `path`; nil when it is gone (or was not there), else a sentence saying why not.
    static func removeFile(_ path: String) -> String? {
        guard unlink(path) != 0, errno != ENOENT else { return nil }
        return "\(path) could not be removed: \(reason(errno))"
    }

    // MARK: Plumbing

    static func isRegular(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFREG }

    static func kind(of st: stat) -> String {
        switch st.st_mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe (FIFO)"
        case S_IFSOCK: "a socket"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFLNK: "a symbolic link"
        default: "not a regular file"
        }
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    static func reason(_ code: Int32) -> String { String(cString: strerror(code)) }
}

/// What the start-up's cleaning did (`StateTransfer.cleanLeftovers`): the files left by refused or killed
/// transfers that it removed, a sentence for each it could not remove, and the kept-aside copies of
/// replaced states (never removed: the person's way back).
public struct TransferLeftovers: Equatable, Sendable {
    public var removed: [String] = []
    public var problems: [String] = []
    public var keptAside: [String] = []
}

extension StateTransfer {
    /// Removes what refused or killed restores and backups left behind, in the directory of the state
    /// database at `database` and beside the targets its notes name; run at start-up, before the store opens.
    public static func cleanLeftovers(besideDatabase database: String) -> TransferLeftovers {
        TransferFiles.cleanLeftovers(in: FilePath.directory(of: database))
    }
}
