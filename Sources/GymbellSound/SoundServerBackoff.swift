/// How long an unreachable sound server is left alone: 30 s after a failure, doubling up to 10 min,
/// forgotten after a success. The sound helper waits so before connecting again, the daemon before
/// starting another helper: a machine without a sound server does not pay a process start or a
/// connection attempt (and libpulse's autospawn) at every reminder. Times are monotonic seconds.
struct SoundServerBackoff {
    static let first = 30.0
    static let longest = 600.0

    private var retryAfter: Double?
    private var wait = SoundServerBackoff.first

    func isWaiting(at now: Double) -> Bool { retryAfter.map { now < $0 } ?? false }

    mutating func failed(at now: Double) {
        retryAfter = now + wait
        wait = min(wait * 2, Self.longest)
    }

    mutating func succeeded() {
        retryAfter = nil
        wait = Self.first
    }
}
