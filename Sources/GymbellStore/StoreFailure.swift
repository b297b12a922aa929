import Foundation
import GRDB
import GymbellCore

/// Tells "cannot write now" from "damaged". Only what SQLite itself reports as damage (SQLITE_CORRUPT,
/// SQLITE_NOTADB) counts as damage; every other failure leaves the file where it is.
enum StoreFailure {
    /// What kind of trouble `error` means for the database at `path`.
    static func cause(of error: any Error, at path: String) -> StorageProblem.Cause {
        guard let error = error as? DatabaseError else { return .ioError }
        return cause(of: error.resultCode, at: path)
    }

    static func cause(of code: ResultCode, at path: String, filesystem: (String) -> FilesystemState = FilesystemState.of) -> StorageProblem.Cause {
        switch code {
        case .SQLITE_CORRUPT, .SQLITE_NOTADB: return .corrupt
        case .SQLITE_FULL: return .noSpace
        case .SQLITE_READONLY, .SQLITE_PERM, .SQLITE_AUTH: return .readOnly
        case .SQLITE_BUSY, .SQLITE_LOCKED: return .locked
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
        let directory = (path as NSString).deletingLastPathComponent
        var fs = statvfs()
        let known = statvfs(directory, &fs) == 0
        let mountedReadOnly = known && fs.f_flag & UInt(ST_RDONLY) != 0
        let unwritable = access(directory, W_OK) != 0 || (access(path, F_OK) == 0 && access(path, W_OK) != 0)
        // A few blocks left is full for SQLite: a commit appends pages to the write-ahead log.
        let full = known && (fs.f_bavail < 4 || fs.f_favail == 0)
        return FilesystemState(readOnly: mountedReadOnly || unwritable, full: full)
    }
}
