import Glibc

/// An advisory lock (flock(2)) on a directory, which cooperating processes hold around reading, editing
/// and writing a file in it, so that two of them take turns instead of each redoing its edit. Programs
/// that do not take it are not held back: the writer's content checks are what protect their changes.
public enum DirectoryLock {
    /// Runs `body` holding the lock on `directory`, waiting at most `milliseconds` for it; after that
    /// (a process stuck holding it, a directory that cannot be locked) `body` runs without it.
    public static func holding<Result, Failure: Error>(
        _ directory: String, waitingAtMost milliseconds: Int = 2_000, _ body: () throws(Failure) -> Result
    ) throws(Failure) -> Result {
        let descriptor = open(directory, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if descriptor >= 0 { close(descriptor) } }  // closing releases the lock
        if descriptor >= 0 {
            var waited = 0
            while flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK || errno == EINTR, waited < milliseconds {
                usleep(2_000)
                waited += 2
            }
        }
        return try body()
    }
}
