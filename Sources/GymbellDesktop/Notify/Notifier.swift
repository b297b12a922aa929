import CNotify

/// Shows notifications through libnotify and reports their actions and closing.
/// Every notification stays referenced until its "closed" signal: libnotify drops the actions of one
/// that is released earlier (DESIGN.md §8).
public final class Notifier {
    /// Called on the main loop when the user chose an action: (notification, action key).
    public var onAction: ((NotificationHandle, String) -> Void)?
    /// Called on the main loop when the server closed a notification.
    public var onClosed: ((NotificationHandle) -> Void)?

    private var live: [UInt64: LiveNotification] = [:]
    private var nextToken: UInt64 = 1

    /// Initializes libnotify with `appName` (the Notify call's app_name).
    public init(appName: String) throws(NotifierError) {
        if notify_is_initted() == 0, notify_init(appName) == 0 {
            throw NotifierError(message: "libnotify could not be initialized")
        }
    }

    deinit {
        for entry in live.values { gb_object_unref(UnsafeMutableRawPointer(entry.notification)) }
        notify_uninit()
    }

    /// Shows `request`; throws when the server cannot be reached or refuses it.
    @discardableResult
    public func show(_ request: NotificationRequest) throws(NotifierError) -> NotificationHandle {
        guard let raw = notify_notification_new(request.summary, request.body, nil) else {
            throw NotifierError(message: "libnotify could not create a notification")
        }
                let token = nextToken
        nextToken += 1
        let entry = LiveNotification(notification: raw, handle: NotificationHandle(token: token, serverID: 0), owner: self)
        configure(raw, with: request, entry: entry)
        let context = Unmanaged.passRetained(entry).toOpaque()
        _ = gb_notification_connect_closed(raw, closedCallback, context, releaseClosure)

        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(raw, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            gb_object_unref(UnsafeMutableRawPointer(raw))
            throw NotifierError(message: "the notification server did not show \"\(request.summary)\": \(message)")
        }
        entry.handle = NotificationHandle(token: token, serverID: UInt32(max(0, gb_notification_server_id(raw))))
        live[token] = entry
        return entry.handle
    }

    /// Replaces the content of a notification the server still shows, in place (same id, `replaces_id`).
    /// Returns false when it is no longer shown; then show a new one.
    @discardableResult
    public func update(_ handle: NotificationHandle, with request: NotificationRequest) throws(NotifierError) -> Bool {
        guard let entry = live[handle.token], !entry.closeRequested else { return false }
        let n = entry.notification
        notify_notification_update(n, request.summary, request.body, nil)
        notify_notification_clear_hints(n)
        notify_notification_clear_actions(n)
        configure(n, with: request, entry: entry)
        var error: UnsafeMutablePointer<GError>?
        if notify_notification_show(n, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "unknown error"
            if let error { g_error_free(error) }
            throw NotifierError(message: "the notification server did not update \"\(request.summary)\": \(message)")
        }
        return true
    }

    /// Asks the server to close a notification it shows (GNOME ignores expiry: we close our own).
    public func close(_ handle: NotificationHandle) {
        guard let entry = live[handle.token], !entry.closeRequested else { return }
        entry.closeRequested = true  // the "closed" signal follows; asking twice is an error on some servers
        var error: UnsafeMutablePointer<GError>?
        notify_notification_close(entry.notification, &error)
        if let error { g_error_free(error) }
    }

    /// Notifications shown and not yet closed.
    public var openHandles: [NotificationHandle] { live.values.map(\.handle) }

    // MARK: libnotify calls

    private func configure(_ n: UnsafeMutablePointer<NotifyNotification>, with request: NotificationRequest, entry: LiveNotification) {
        if let category = request.category { notify_notification_set_category(n, category) }
        if let entry = request.desktopEntry { notify_notification_set_hint(n, "desktop-entry", g_variant_new_string(entry)) }
        if let sound = request.soundFile {
            notify_notification_set_hint(n, "sound-file", g_variant_new_string(sound))
        } else if let sound = request.soundName {
            notify_notification_set_hint(n, "sound-name", g_variant_new_string(sound))
        } else {
            notify_notification_set_hint(n, "suppress-sound", g_variant_new_boolean(1))
        }
        if request.resident { notify_notification_set_hint(n, "resident", g_variant_new_boolean(1)) }
        if let value = request.progressValue { notify_notification_set_hint(n, "value", g_variant_new_int32(Int32(value))) }
        switch request.urgency {
        case .low: notify_notification_set_urgency(n, NOTIFY_URGENCY_LOW)
        case .normal: notify_notification_set_urgency(n, NOTIFY_URGENCY_NORMAL)
        case .critical: notify_notification_set_urgency(n, NOTIFY_URGENCY_CRITICAL)
        }
        if let timeout = request.expireTimeout { notify_notification_set_timeout(n, timeout) }
        for action in request.actions {
            let context = Unmanaged.passRetained(entry).toOpaque()
            notify_notification_add_action(n, action.key, action.label, actionCallback, context, releaseEntry)
        }
    }

    fileprivate func actionInvoked(_ entry: LiveNotification, key: String) {
        onAction?(entry.handle, key)
    }

    fileprivate func closed(_ entry: LiveNotification) {
        guard live.removeValue(forKey: entry.handle.token) != nil else { return }
        onClosed?(entry.handle)
        // Drop our reference on the next loop turn: libnotify is still inside the signal emission.
        let object = UnsafeMutableRawPointer(entry.notification)
        g_idle_add({ object in
            gb_object_unref(object)
            return 0
        }, object)
    }
}

private let actionCallback: NotifyActionCallback = { _, action, context in
    guard let context, let action else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    entry.owner?.actionInvoked(entry, key: String(cString: action))
}

private let closedCallback: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { _, context in
    guard let context else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    entry.owner?.closed(entry)
}

private let releaseEntry: GDestroyNotify = { context in
    guard let context else { return }
    Unmanaged<LiveNotification>.fromOpaque(context).release()
}

private let releaseClosure: GClosureNotify = { context, _ in
    guard let context else { return }
    Unmanaged<LiveNotification>.fromOpaque(context).release()
}

/// One shown notification, kept alive until the server closes it.
private final class LiveNotification {
    let notification: UnsafeMutablePointer<NotifyNotification>
    var handle: NotificationHandle
    var closeRequested = false
    weak var owner: Notifier?

    init(notification: UnsafeMutablePointer<NotifyNotification>, handle: NotificationHandle, owner: Notifier) {
        self.notification = notification
        self.handle = handle
        self.owner = owner
    }
}
