import GymbellCore
import GymbellNotify
import GymbellPlatform

/// One-shot callbacks on the daemon's loop (MainLoop), for what a notice's lifetime asks of gymbell.
protocol NoticeTimers: AnyObject {
    @discardableResult func after(seconds: Double, _ handler: @escaping () -> Void) -> SourceToken
    func cancel(_ token: SourceToken)
}

extension MainLoop: NoticeTimers {}

/// Carries out the part of a notice's lifetime that Core gave to gymbell (Notice.Lifetime): closing a
/// notification the server would keep for good or expire at the wrong moment (closeAfter), and sending
/// it again in place before a server that cuts expiry short drops it (renewAfter). Decides nothing.
final class NoticeLifetimes {
    private let timers: any NoticeTimers
    /// What is planned per notification: its closing, its next renewal.
    private var closing: [NotificationHandle: SourceToken] = [:]
    private var renewing: [NotificationHandle: SourceToken] = [:]

    init(timers: any NoticeTimers) { self.timers = timers }

    /// `handle` was just sent content with `lifetime`: whatever was planned for it before is dropped;
    /// `close` runs once closeAfter has passed, `renew` each time renewAfter has passed.
    func sent(_ handle: NotificationHandle, _ lifetime: Notice.Lifetime?, close: @escaping () -> Void, renew: @escaping () -> Void) {
        forget(handle)
        if let ms = lifetime?.closeAfter {
            closing[handle] = timers.after(seconds: Double(ms) / 1000) { [weak self] in
                self?.forget(handle)
                close()
            }
        }
        if let ms = lifetime?.renewAfter { scheduleRenewal(handle, every: ms, renew) }
    }

    private func scheduleRenewal(_ handle: NotificationHandle, every ms: Int32, _ renew: @escaping () -> Void) {
        renewing[handle] = timers.after(seconds: Double(ms) / 1000) { [weak self] in
            guard let self, renewing[handle] != nil else { return }
            scheduleRenewal(handle, every: ms, renew)
            renew()
        }
    }

    /// Nothing more is done for `handle` (it was closed, answered or replaced by another).
    func forget(_ handle: NotificationHandle) {
        if let token = closing.removeValue(forKey: handle) { timers.cancel(token) }
        if let token = renewing.removeValue(forKey: handle) { timers.cancel(token) }
    }

    /// The server went away with every notification.
    func forgetAll() {
        for handle in Set(closing.keys).union(renewing.keys) { forget(handle) }
    }
}
