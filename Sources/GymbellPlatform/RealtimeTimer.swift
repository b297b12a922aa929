import CGLib
import FoundationEssentials
import Glibc

/// One CLOCK_REALTIME timerfd armed for an absolute wall-clock instant (DESIGN.md §3).
/// With TFD_TIMER_CANCEL_ON_SET a jump of the wall clock wakes it with ECANCELED, so the daemon can
/// re-resolve its agenda. When nothing is due it stays armed far in the future: no wake-ups, but
/// clock jumps are still seen.
public final class RealtimeTimer {
    public enum Event: Sendable { case deadline, clockChanged }

    private let fd: Int32
    private var armedFor: Date?

    /// Creates the timerfd; throws with errno's text when the kernel refuses.
    public init() throws(SystemError) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_CLOEXEC) | Int32(TFD_NONBLOCK))
        guard fd >= 0 else { throw SystemError(call: "timerfd_create", errno: errno) }
        self.fd = fd
    }

    deinit { close(fd) }

    /// The file descriptor to watch for readability on the main loop.
    public var fileDescriptor: Int32 { fd }

    /// The instant it is armed for, or nil when it waits only for clock changes.
    public var deadline: Date? { armedFor }

    /// Arms for `instant` (an instant in the past fires at once); nil waits only for clock changes.
    public func arm(at instant: Date?) throws(SystemError) {
        armedFor = instant
        // Far future (year 2200) rather than disarmed: a disarmed timerfd does not report clock changes.
        let target = instant?.timeIntervalSince1970 ?? 7_258_118_400
        var spec = itimerspec()
        let seconds = max(target, 0.000_001).rounded(.down)
        spec.it_value.tv_sec = Int(seconds)
        spec.it_value.tv_nsec = Int(((target - seconds) * 1_000_000_000).rounded(.down))
        if spec.it_value.tv_sec == 0 && spec.it_value.tv_nsec == 0 { spec.it_value.tv_nsec = 1 }
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        guard timerfd_settime(fd, flags, &spec, nil) == 0 else { throw SystemError(call: "timerfd_settime", errno: errno) }
    }

    /// Reads the timerfd after it became readable: the deadline passed, the clock changed, or
    /// nothing (a spurious wake-up returns nil).
    public func consume() -> Event? {
        var expirations: UInt64 = 0
        let n = withUnsafeMutableBytes(of: &expirations) { read(fd, $0.baseAddress, 8) }
        if n == 8 { return .deadline }
        if n < 0 && errno == ECANCELED { return .clockChanged }
        return nil
    }
}
