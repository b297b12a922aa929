import FoundationEssentials
import Glibc
import GymbellCore
import GymbellSQLite

/// Tells "cannot write now" from "damaged". Only what SQLite itself reports as damage (SQLITE_CORRUPT,
/// SQLITE_NOTADB) counts as damage; every other failure leaves the file where it is.
enum StoreFailure {
    /// What kind of trouble `error` means for the database at `path`.
    static func cause(of error: any Error, at path: String) -> StorageProblem.Cause {
        guard let error = error as? SQLiteError else { return .ioError }
        return cause(of: error.code, at: path)
    }

    /// An extended code (`SQLITE_IOERR_WRITE`) means what its primary code means.
    static func cause(
        of code: SQLiteResultCode, at path: String, filesystem: (String) -> FilesystemState = FilesystemState.of
    ) -> StorageProblem.Cause {
        switch code.primary {
        case .corrupt, .notADatabase: return .corrupt
        case .full: return .noSpace
        case .readOnly, .permission, .authorization: return .readOnly
        case .busy, .locked: return .locked
        default:
            // SQLITE_IOERR_*, SQLITE_CANTOPEN: SQLite does not say why; the file system does.
            let state = filesystem(path)
            if state.readOnly { return .readOnly }
            if state.full { return .noSpace }
            return .ioError
        }
    }
}

/// What the file system holding the database says: whether it (or the file) can be written, whether it is full.
struct FilesystemState: Equatable {
    var readOnly: Bool
    var full: Bool

    static func of(_ path: String) -> FilesystemState {
        let parent = FilePath.directory(of: path)
        let directory = parent.isEmpty ? "." : parent  // a bare name is in the current directory
        var fs = statvfs()
        let known = statvfs(directory, &fs) == 0
        let mountedReadOnly = known && fs.f_flag & UInt(ST_RDONLY) != 0
        let unwritable = access(directory, W_OK) != 0 || (access(path, F_OK) == 0 && access(path, W_OK) != 0)
        // A few blocks left is full for SQLite: a commit appends pages to the write-ahead log.
        let full = known && (fs.f_bavail < 4 || fs.f_favail == 0)
        return FilesystemState(readOnly: mountedReadOnly || unwritable, full: full)
    }
}
