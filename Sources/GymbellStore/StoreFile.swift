import FoundationEssentials
import Glibc
import GymbellCore

/// What lies at the state database's path, looked at before SQLite is let near it (issue 27).
///
/// SQLite follows a symbolic link: it would add gymbell's tables to whatever database the link points
/// to, and put the -wal beside that file. `SQLITE_OPEN_NOFOLLOW` is no way out: it also refuses a link
/// anywhere in the directories above (a home reached through /home → /var/home, a state directory kept
/// elsewhere and linked), which are the person's own business. So the database and its -wal and -shm
/// are looked at with lstat, and a link is refused and named.
enum StoreFile {
    enum Found: Equatable {
        /// Nothing there yet.
        case nothing
        /// An empty regular file, with no write-ahead log holding anything beside it: it may become
        /// gymbell's database.
        case empty
        /// A regular file with content; the application_id its header holds (nil: not an SQLite header).
        case file(applicationID: Int32?)
    }

    /// What is at `path`. Throws `.symbolicLink` when the database or its -wal or -shm is a symbolic
    /// link, `.ioError` when the database is something other than a regular file (a directory, a pipe).
    static func inspect(_ path: String) throws(StoreError) -> Found {
        let found = linkStatus(path)
        if let found, isSymbolicLink(found) { throw linkError(path, database: path) }
        for companion in [path + "-wal", path + "-shm"] {
            if let st = linkStatus(companion), isSymbolicLink(st) { throw linkError(companion, database: path) }
        }
        guard let st = found else { return .nothing }
        guard st.st_mode & S_IFMT == S_IFREG else {
            throw StoreError(
                path: path, cause: .ioError,
                reason: "\(path) is not a regular file (\(kind(of: st))): gymbell keeps its state in a file of that name; move it away")
        }
        if st.st_size == 0, (linkStatus(path + "-wal")?.st_size ?? 0) == 0 { return .empty }
        return .file(applicationID: headerApplicationID(path))
    }

    /// The application_id in an SQLite file's header (bytes 68–71, big-endian), read without SQLite;
    /// nil when the file does not start as an SQLite database does. The header in the file may lag
    /// behind its write-ahead log: only a match is taken as the answer (StoreOwnership).
    static func headerApplicationID(_ path: String) -> Int32? {
        let fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var header = [UInt8](repeating: 0, count: 100)
        let count = header.withUnsafeMutableBytes { pread(fd, $0.baseAddress, 100, 0) }
        guard count == 100, header.starts(with: Array("SQLite format 3\0".utf8)) else { return nil }
        return header[68..<72].reduce(Int32(0)) { $0 << 8 | Int32($1) }
    }

    /// Creates an empty database file, readable by its owner only (SQLite gives the -wal and -shm files
    /// the database file's mode). Never through a link; a file made meanwhile by another process stays.
    static func create(_ path: String) {
        let fd = open(path, O_CREAT | O_EXCL | O_WRONLY | O_NOFOLLOW | O_CLOEXEC, 0o600)
        if fd >= 0 { close(fd) }
    }

    static func linkStatus(_ path: String) -> stat? {
        var st = stat()
        return lstat(path, &st) == 0 ? st : nil
    }

    static func isSymbolicLink(_ st: stat) -> Bool { st.st_mode & S_IFMT == S_IFLNK }

    /// The link's target as the link says it (relative or not).
    static func target(of link: String) -> String {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink(link, &buffer, buffer.count - 1)
        guard count >= 0 else { return "?" }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    private static func linkError(_ link: String, database: String) -> StoreError {
        let target = target(of: link)
        return StoreError(
            path: database, cause: .symbolicLink,
            reason: "\(link) is a symbolic link (to \(target)); gymbell does not follow it: "
                + "move the file it points to into its place, or remove the link",
            link: StorageProblem.Link(path: link, target: target))
    }

    private static func kind(of st: stat) -> String {
        switch st.st_mode & S_IFMT {
        case S_IFDIR: "a directory"
        case S_IFIFO: "a named pipe"
        case S_IFSOCK: "a socket"
        case S_IFCHR, S_IFBLK: "a device"
        default: "not a file"
        }
    }
}
