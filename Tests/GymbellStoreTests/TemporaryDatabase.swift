import FoundationEssentials
import Glibc
import Synchronization

/// A path for a state database of its own in a fresh directory (`state.sqlite`, as the daemon names it).
/// The directory goes when the test process exits (they had piled up in /tmp by the thousand).
func temporaryDatabasePath(_ purpose: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appending(path: "gymbell-\(purpose)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    TemporaryDirectories.removeAtExit(directory.path)
    return directory.appending(path: "state.sqlite").path
}

private enum TemporaryDirectories {
    static let made = Mutex<[String]>([])
    static let registered: Void = { atexit { TemporaryDirectories.removeAll() } }()

    static func removeAtExit(_ directory: String) {
        _ = registered
        made.withLock { $0.append(directory) }
    }

    static func removeAll() {
        for directory in made.withLock({ $0 }) { try? FileManager.default.removeItem(atPath: directory) }
    }
}
