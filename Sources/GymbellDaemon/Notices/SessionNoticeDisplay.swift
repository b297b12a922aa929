import FoundationEssentials
import GymbellCore
import GymbellNotify

/// The one notification of the running session, replaced at every transition as the server on the bus
/// allows; after the session it lingers with the completion until it expires.
final class SessionNoticeDisplay {
    typealias Delivered = ReminderNotices.Delivered

    private let output: NoticeOutput
    /// The server took a request of the session's notification under this id of its own.
    var onServerID: ((SessionID, UInt32) -> Void)?
    /// The notification on screen; the next session's notification takes its place.
    private var current: (handle: NotificationHandle, session: SessionID, request: NotificationRequest)?
    /// The notification when it could not be shown yet; `audible`: it brought a reminder; `accepted`:
    /// the reminders it carries, delivered once a server takes it; `replacing`: the server's id of this
    /// session's notification shown before a restart, which it is to replace (else a restart while the
    /// server is asked what it is shows it twice).
    private var unshown: (session: SessionID, request: NotificationRequest, audible: Bool, accepted: [Delivered], replacing: UInt32?)?
    /// Reminders carried by requests the server has not answered yet, by a number of ours.
    private var awaitingAnswer: [Int: Delivered] = [:]
    private var nextNumber = 0
    /// Whether the latest request brought a reminder.
    private var lastWasAudible = false
    /// The latest notice asked for (what a notification that waits for a server will show).
    private var latest: Notice?

    init(output: NoticeOutput) { self.output = output }

    func session(shownBy handle: NotificationHandle) -> SessionID? { current?.handle == handle ? current?.session : nil }

    /// Shows `notice` as the notification of `session`, replacing the one on screen (a previous
    /// session's lingering completion too). `audible`: a reminder fell due, play its sound even when the
    /// text did not change. `resuming`: the server's id of this session's notification before a
    /// restart, taken over when there is none on screen from this process.
    func show(
        _ notice: Notice, of session: SessionID, audible: Bool, late: TimeInterval, accepted: Delivered?, resuming serverID: UInt32?
    ) {
        let request = output.request(for: notice)
        latest = notice
        let carried = accepted.map { [$0] } ?? []
        if let waiting = unshown {
            // Still no server: keep the newest text, whether a reminder is owed a sound, what it carries.
            unshown = (session, request, waiting.audible || audible, waiting.accepted + carried, waiting.replacing ?? serverID)
            return
        }
        if current == nil, output.identifying {
            unshown = (session, request, audible, carried, serverID)  // shown once the server has said what it is
            return
        }
        let notifier = output.notifier
        if let shown = current, !output.server.updatesInPlace(changingButtons: !shown.request.sameButtons(as: request)) {
            if shown.request != request || audible {
                output.retire(shown.handle, shown.request)
                current = (notifier.show(request, accepted: awaiting(carried, of: session)), session, request)
                keep(notice)
            } else {
                carried.forEach { $0() }  // already on screen as it is
            }
        } else if let shown = current {
            if shown.request != request || audible {
                notifier.update(shown.handle, with: request, accepted: awaiting(carried, of: session))
                current = (shown.handle, session, request)
                keep(notice)
            } else {
                carried.forEach { $0() }
                current = (shown.handle, session, request)
            }
        } else {
            current = (notifier.show(request, replacing: serverID, accepted: awaiting(carried, of: session)), session, request)
            keep(notice)
        }
        lastWasAudible = audible
        if audible {
            output.playSound(notice.cue)
            output.logger.info("session notice shown", metadata: ["title": "\(notice.title)", "late_ms": "\(Int((late * 1000).rounded()))"])
        }
    }

    /// The notification on screen was just sent `notice`: its lifetime from now (Notice.Lifetime), and
    /// when gymbell closes it, it is no longer the session's.
    private func keep(_ notice: Notice) {
        guard let shown = current else { return }
        output.sent(shown.handle, shown.request, of: notice) { [weak self] in
            guard let self, let now = current, now.handle == shown.handle else { return }
            output.retire(now.handle, now.request)
            current = nil
        }
    }

    /// The session is over: its notification goes, unless it shows how the session ended (it then
    /// expires by itself).
    func end(leavingCompletion: Bool) {
        if !leavingCompletion, let waiting = unshown {
            waiting.accepted.forEach { $0() }  // the session was ended: what it had to say is moot
            unshown = nil
        }
        guard let shown = current else { return }
        if !leavingCompletion { output.retire(shown.handle, shown.request) }
        current = leavingCompletion ? shown : nil
    }

    func closed(_ handle: NotificationHandle) {
        guard current?.handle == handle else { return }
        output.gone(handle)
        current = nil
    }

    func serverVanished() { current = nil }

    /// A server appeared: the notification that waited for one is shown now.
    func showWaiting() {
        guard let waiting = unshown, current == nil else { return }
        unshown = nil
        let handle = output.notifier.show(waiting.request, replacing: waiting.replacing, accepted: awaiting(waiting.accepted, of: waiting.session))
        current = (handle, waiting.session, waiting.request)
        if let latest { keep(latest) }
        if waiting.audible { output.playSound(latest?.cue ?? .standard) }
    }

    /// The server did not take it: it waits for the next server, with the reminders it carries.
    /// Returns whether the handle was the session's.
    func failed(_ handle: NotificationHandle, _ error: NotifierError) -> Bool {
        guard let shown = current, shown.handle == handle else { return false }
        output.gone(handle)
        current = nil
        // Requests are answered in order: whatever still awaits an answer was not taken.
        let carried = awaitingAnswer.sorted { $0.key < $1.key }.map(\.value)
        awaitingAnswer.removeAll()
        unshown = (shown.session, shown.request, unshown?.audible ?? false || lastWasAudible, (unshown?.accepted ?? []) + carried, nil)
        output.logger.warning("could not show the session notification; it waits for a notification server: \(error)")
        return true
    }

    /// The acceptance of a request that carries `delivered` (remembered until it is answered): those
    /// are delivered, and the daemon learns the server's id of the session's notification.
    private func awaiting(_ delivered: [Delivered], of session: SessionID) -> (UInt32) -> Void {
        let number = nextNumber
        nextNumber += 1
        if !delivered.isEmpty { awaitingAnswer[number] = { delivered.forEach { $0() } } }
        return { [weak self] id in
            guard let self else { return }
            if let done = awaitingAnswer.removeValue(forKey: number) { done() }
            onServerID?(session, id)
        }
    }
}
