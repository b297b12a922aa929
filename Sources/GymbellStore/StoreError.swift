import FoundationEssentials
import GymbellCore

/// A state database that cannot be opened, read or written, and why.
public struct StoreError: Error, CustomStringConvertible {
    public let path: String
    /// What kind of trouble: only `.corrupt` means the file itself is damaged.
    public let cause: StorageProblem.Cause
    public let reason: String
    /// The symbolic link that was not followed (`.symbolicLink`).
    public let link: StorageProblem.Link?
    public var description: String { "\(path): \(reason)" }

    public init(path: String, cause: StorageProblem.Cause, reason: String, link: StorageProblem.Link? = nil) {
        self.path = path
        self.cause = cause
        self.reason = reason
        self.link = link
    }

    /// Classifies what SQLite (or the system) said about `path`.
    init(path: String, error: any Error) {
        if let error = error as? StoreError {
            self = error
            return
        }
        self.init(path: path, cause: StoreFailure.cause(of: error, at: path), reason: "\(error)")
    }

    /// What the user is told of this failure.
    func problem(movedTo: String? = nil, saving: Bool, since: Date) -> StorageProblem {
        StorageProblem(cause: cause, database: path, movedTo: movedTo, link: link, saving: saving, since: since, detail: reason)
    }
}
