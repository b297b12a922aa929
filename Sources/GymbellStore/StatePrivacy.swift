import FoundationEssentials
import Glibc
import GymbellCore

/// A person's training history is theirs alone (issue 27): the state directory is 0700, the database
/// and its -wal and -shm files 0600. New ones are made so (SQLite gives the -wal and -shm the
/// database file's mode); ones found open to other users are closed to them once, and the daemon says
/// so in its log.
public enum StatePrivacy {
    /// A directory or file that was open to other users.
    public struct Finding: Equatable, Sendable, CustomStringConvertible {
        public let path: String
        /// Permission bits as found (0o777) and as meant to be left: the owner's kept, everyone else's
        /// taken away (0o700; a directory made read-only on purpose, 0o555, becomes 0o500).
        public let oldMode: UInt32
        public let newMode: UInt32
        /// Why the mode could not be changed (nil: it was).
        public let failure: String?

        public var description: String {
            if let failure {
                return "\(path) is open to other users (mode \(Self.octal(oldMode))) and could not be made private: \(failure); "
                    + "run `chmod go-rwx \(path)`"
            }
            return "\(path) was open to other users (mode \(Self.octal(oldMode))); gymbell made it private (mode \(Self.octal(newMode)))"
        }

        static func octal(_ mode: UInt32) -> String {
            let digits = String(mode, radix: 8)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// Creates the directory of `database` (and any missing above it) 0700, then takes the group's
    /// and others' permissions off that directory and off the database, its -wal and its -shm. A
    /// symbolic link in a file's place is left alone (the store does not follow it either); the
    /// directory is the one the path reaches, linked or not. Returns what was found open.
    public static func makePrivate(database: String) -> [Finding] {
        let directory = FilePath.directory(of: database)
        createDirectory(directory.isEmpty ? "." : directory)
        var findings: [Finding] = []
        // The directory first: once it is private, nobody else can put anything in the files' places.
        if let finding = closeToOthers(directory.isEmpty ? "." : directory, isDirectory: true) { findings.append(finding) }
        for file in [database, database + "-wal", database + "-shm"] {
            if let finding = closeToOthers(file, isDirectory: false) { findings.append(finding) }
        }
        return findings
    }

    /// `mkdir -p` with 0700 for every directory it makes (the umask can only take more away).
    static func createDirectory(_ path: String) {
        var st = stat()
        guard stat(path, &st) != 0 else { return }
        let parent = FilePath.directory(of: path)
        if !parent.isEmpty, parent != path { createDirectory(parent) }
        _ = mkdir(path, 0o700)
    }

    private static func closeToOthers(_ path: String, isDirectory: Bool) -> Finding? {
        var st = stat()
        guard (isDirectory ? stat(path, &st) : lstat(path, &st)) == 0,
            st.st_mode & S_IFMT == (isDirectory ? S_IFDIR : S_IFREG)
        else { return nil }
        let old = UInt32(st.st_mode) & 0o7777
        guard old & 0o077 != 0 else { return nil }
        let new = old & 0o700
        guard chmod(path, mode_t(new)) == 0 else {
            return Finding(path: path, oldMode: old, newMode: new, failure: String(cString: strerror(errno)))
        }
        return Finding(path: path, oldMode: old, newMode: new, failure: nil)
    }
}
