import FoundationEssentials

/// Why the daemon's state is not being saved, or was damaged and replaced. The daemon tells it once
/// as a notification and `gymbell status` shows it for as long as it lasts.
public struct StorageProblem: Hashable, Sendable, Codable {
    public enum Cause: String, Codable, Sendable {
        /// The disk holding the state directory is full (ENOSPC, SQLITE_FULL).
        case noSpace = "no_space"
        /// The state directory or database cannot be written (EROFS, EACCES, SQLITE_READONLY).
        case readOnly = "read_only"
        /// Another program holds the database locked (SQLITE_BUSY, SQLITE_LOCKED).
        case locked
        /// Reading or writing fails for another reason (an I/O error, a path that is not a file).
        case ioError = "io_error"
        /// SQLite reports the database damaged (SQLITE_CORRUPT, SQLITE_NOTADB, a failing quick_check).
        case corrupt
        /// The database (or its -wal or -shm) is a symbolic link, which gymbell does not follow (`link` says to what).
        case symbolicLink = "symbolic_link"
        /// The file is another program's database, not gymbell's: it is never written into.
        case foreignFile = "foreign_file"
    }

    /// A symbolic link found where the database or one of its -wal and -shm files should be.
    public struct Link: Hashable, Sendable, Codable {
        public var path: String
        /// What it points to, as the link says it.
        public var target: String

        public init(path: String, target: String) {
            self.path = path
            self.target = target
        }
    }

    public var cause: Cause
    /// The state database's path.
    public var database: String
    /// Where a damaged database was moved (nil: it was not moved).
    public var movedTo: String?
    /// The symbolic link that was not followed (`symbolicLink`).
    public var link: Link?
    /// Whether changes are being saved to `database` now (after a damaged one was replaced: yes).
    public var saving: Bool
    /// When it began.
    public var since: Date
    /// SQLite's or the system's own words, for the log.
    public var detail: String

    public init(cause: Cause, database: String, movedTo: String? = nil, link: Link? = nil, saving: Bool, since: Date, detail: String) {
        self.cause = cause
        self.database = database
        self.movedTo = movedTo
        self.link = link
        self.saving = saving
        self.since = since
        self.detail = detail
    }

    /// The directory that holds the database (what to free space in, or make writable).
    public var directory: String { FilePath.directory(of: database) }

    /// Whether `other` is the same problem as this one (told once, not again when only `since` or `detail` differ).
    public func isSame(as other: StorageProblem) -> Bool {
        cause == other.cause && database == other.database && movedTo == other.movedTo && link == other.link && saving == other.saving
    }
}

extension Messages {
    /// What a storage problem notification says: what happened and what to do about it.
    public func storageProblem(_ problem: StorageProblem) -> Text {
        let values = [
            "directory": problem.directory, "database": problem.database, "path": problem.movedTo ?? problem.database,
            "link": problem.link?.path ?? problem.database, "target": problem.link?.target ?? "?",
        ]
        if problem.cause == .corrupt, problem.saving {
            return (
                self("The state database was damaged"),
                self("It was moved to {path} and a fresh one started; earlier history is kept in that file.", values))
        }
        let title = self("Workouts are not being saved")
        let body: String = switch problem.cause {
        case .noSpace:
            self("The disk is full: free disk space in {directory}. Changes are kept until gymbell can save them.", values)
        case .readOnly:
            self("{directory} cannot be written: make it and {database} writable. Changes are kept until gymbell can save them.", values)
        case .locked:
            self("Another program holds {database} locked: close it. Changes are kept until gymbell can save them.", values)
        case .ioError:
            self("Writing {database} fails: check the disk. Changes are kept until gymbell can save them.", values)
        case .corrupt:
            self("{database} is damaged and could not be moved aside: move it away. Changes are kept until gymbell can save them.", values)
        case .symbolicLink:
            self("{link} is a symbolic link (to {target}); gymbell does not follow it: move the file it points to into its place, or remove the link. Changes are kept until gymbell can save them.", values)
        case .foreignFile:
            self("{database} belongs to another program, not to gymbell: gymbell does not write into it. Move it out of {directory} and gymbell starts a database of its own there. Changes are kept until gymbell can save them.", values)
        }
        return (title, body)
    }
}
