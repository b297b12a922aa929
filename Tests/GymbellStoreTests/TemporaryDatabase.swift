import FoundationEssentials

/// A path for a state database of its own in a fresh directory (`state.sqlite`, as the daemon names it).
func temporaryDatabasePath(_ purpose: String) -> String {
    let directory = FileManager.default.temporaryDirectory.appending(path: "gymbell-\(purpose)-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appending(path: "state.sqlite").path
}
