import CGLib
internal import CNotify

/// One shown notification, kept alive until the server closes it.
final class LiveNotification {
    let notification: UnsafeMutablePointer<NotifyNotification>
    let handle: NotificationHandle
    var closeRequested = false
    /// The user chose an action on it: the server may be closing it (GNOME, Plasma, xfce, mako …).
    var actionInvoked = false
    /// Its "closed" signal came and our reference was dropped.
    var released = false
    weak var thread: NotifierThread?

    init(notification: UnsafeMutablePointer<NotifyNotification>, handle: NotificationHandle, thread: NotifierThread) {
        self.notification = notification
        self.handle = handle
        self.thread = thread
    }
}

let actionCallback: NotifyActionCallback = { notification, action, context in
    guard let context, let action else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    // The server's ActivationToken for this click (notification spec 1.2), which libnotify keeps only
    // while the action's callback runs: what lets a window the click opens be raised, not announced.
    let token = notification.flatMap { gb_notification_activation_token($0) }.map { String(cString: $0) }
    entry.thread?.actionInvoked(entry, key: String(cString: action), activationToken: token.flatMap { $0.isEmpty ? nil : $0 })
}

let closedCallback: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { _, context in
    guard let context else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    entry.thread?.closed(entry)
}

let releaseEntry: GDestroyNotify = { context in
    guard let context else { return }
    Unmanaged<LiveNotification>.fromOpaque(context).release()
}

let releaseClosure: GClosureNotify = { context, _ in
    guard let context else { return }
    Unmanaged<LiveNotification>.fromOpaque(context).release()
}
