import CGLib
internal import CNotify
import Dispatch
import GymbellPlatform

/// The thread that owns libnotify. Everything below runs on it.
final class NotifierThread: @unchecked Sendable {
    weak var owner: Notifier?
    private let context: OpaquePointer
    private let loop: OpaquePointer
    private let queue: ContextQueue
    private var thread: UnsafeMutablePointer<GThread>?
    private var live: [UInt64: LiveNotification] = [:]
    /// Show and update requests carried out for each notification.
    private var handled: [UInt64: Int] = [:]
    private let ready = DispatchSemaphore(value: 0)
    private var initError: NotifierError?
    private let appName: String
    /// libnotify's functions: loaded by `start()` (SharedLibrary), before the thread that calls them starts.
    private var notify: GbNotifyFunctions!

    init(appName: String) {
        self.appName = appName
        context = g_main_context_new()
        loop = g_main_loop_new(context, 0)
        queue = ContextQueue(context: context)
    }

    func start() throws(NotifierError) {
        guard thread == nil else { return }
        do {
            notify = try SharedLibrary.functions(of: "libnotify.so.4", gb_notify_functions_load)
        } catch {
            throw NotifierError(message: "\(error) (the package libnotify4 installs it)")
        }
        let box = Unmanaged.passRetained(self).toOpaque()
        thread = g_thread_new("gymbell-notify", threadMain, box)
        ready.wait()
        if let initError {
            _ = g_thread_join(thread)
            thread = nil
            throw initError
        }
    }

    deinit {
        g_main_loop_unref(loop)
        g_main_context_unref(context)
    }

    func post(_ job: @escaping (NotifierThread) -> Void) {
        queue.post { [unowned self] in job(self) }
    }

    func sync() {
        guard thread != nil else { return }  // not started: nothing was carried out, nothing to wait for
        let done = DispatchSemaphore(value: 0)
        post { _ in done.signal() }
        done.wait()
    }

    func stop() {
        guard let thread else { return }
        post { thread in
            for entry in thread.live.values { gb_object_unref(UnsafeMutableRawPointer(entry.notification)) }
            thread.live.removeAll()
            thread.notify.notify_uninit()
            g_main_loop_quit(thread.loop)
        }
        _ = g_thread_join(thread)
        self.thread = nil
    }

    fileprivate func run() {
        // libnotify's D-Bus proxy delivers its signals to the thread-default context of its creator.
        g_main_context_push_thread_default(context)
        if notify.notify_is_initted() == 0, notify.notify_init(appName) == 0 {
            initError = NotifierError(message: "libnotify could not be initialized")
            ready.signal()
            g_main_context_pop_thread_default(context)
            return
        }
        ready.signal()
        g_main_loop_run(loop)
        g_main_context_pop_thread_default(context)
    }

    // MARK: Requests

    func show(_ handle: NotificationHandle, _ request: NotificationRequest, replacing serverID: UInt32?, serial: UInt64) {
        handled[handle.token, default: 0] += 1
        display(handle, request, replacing: serverID, serial: serial)
    }

    private func display(_ handle: NotificationHandle, _ request: NotificationRequest, replacing serverID: UInt32? = nil, serial: UInt64) {
        guard let raw = notify.notify_notification_new(request.summary, request.body, request.icon) else {
            fail(handle, "libnotify could not create a notification", serial: serial)
            return
        }
        if let serverID { gb_notification_set_server_id(raw, gint(bitPattern: serverID)) }
        let entry = LiveNotification(notification: raw, handle: handle, thread: self)
        configure(raw, with: request, entry: entry)
        let context = Unmanaged.passRetained(entry).toOpaque()
        _ = gb_notification_connect_closed(raw, closedCallback, context, releaseClosure)
        switch showNow(raw) {
        case .failed(let message):
            gb_object_unref(UnsafeMutableRawPointer(raw))
            fail(handle, "the notification server did not show \"\(request.summary)\": \(message)", serial: serial)
            return
        case .unconfirmed(let message):
            unconfirmed(handle, raw, "no answer from the notification server for \"\(request.summary)\": \(message)", serial: serial)
        case .shown:
            settle(serial, taken: raw)
        }
        live[handle.token] = entry
    }

    func update(_ handle: NotificationHandle, _ request: NotificationRequest, reshow: Bool, serial: UInt64) {
        if reshow { handled[handle.token, default: 0] += 1 }
        guard let entry = live[handle.token], !entry.closeRequested else {
            // Closed meanwhile (dismissed, or closed after an action): show it again.
            if reshow { display(handle, request, serial: serial) } else { settle(serial, taken: nil) }
            return
        }
        if entry.actionInvoked {
            // Many servers close a notification after an action, and their NotificationClosed may still
            // be on its way: replacing it in place could be undone by that signal, or leave the old one
            // up as an orphan where the server reuses the id. A spent notification is closed and the
            // new content shown afresh.
            close(handle)
            guard reshow else { return settle(serial, taken: nil) }
            live[handle.token] = nil
            display(handle, request, serial: serial)
            return
        }
        let n = entry.notification
        _ = notify.notify_notification_update(n, request.summary, request.body, request.icon)
        notify.notify_notification_clear_hints(n)
        notify.notify_notification_clear_actions(n)
        configure(n, with: request, entry: entry)
        switch showNow(n) {
        case .failed(let message):
            fail(handle, "the notification server did not update \"\(request.summary)\": \(message)", serial: serial)
        case .unconfirmed(let message):
            unconfirmed(handle, n, "no answer from the notification server for \"\(request.summary)\": \(message)", serial: serial)
        case .shown:
            settle(serial, taken: n)
        }
    }

    func close(_ handle: NotificationHandle) {
        guard let entry = live[handle.token], !entry.closeRequested else { return }
        entry.closeRequested = true  // the "closed" signal follows; asking twice is an error on some servers
        var error: UnsafeMutablePointer<GError>?
        _ = notify.notify_notification_close(entry.notification, &error)
        if let error { g_error_free(error) }
    }

    func serverInfo() -> NotificationServerInfo? {
        var name: UnsafeMutablePointer<CChar>?
        var vendor: UnsafeMutablePointer<CChar>?
        var version: UnsafeMutablePointer<CChar>?
        var specVersion: UnsafeMutablePointer<CChar>?
        guard notify.notify_get_server_info(&name, &vendor, &version, &specVersion) != 0 else { return nil }
        defer { for p in [name, vendor, version, specVersion] { g_free(p) } }
        var capabilities = Set<String>()
        var list = notify.notify_get_server_caps()
        let head = list
        while let node = list {
            if let data = node.pointee.data { capabilities.insert(String(cString: data.assumingMemoryBound(to: CChar.self))) }
            list = node.pointee.next
        }
        g_list_free_full(head, g_free)
        return NotificationServerInfo(
            name: name.map { String(cString: $0) } ?? "", vendor: vendor.map { String(cString: $0) } ?? "",
            version: version.map { String(cString: $0) } ?? "", capabilities: capabilities)
    }

    // MARK: libnotify calls

    private enum Outcome {
        case shown
        /// Sent, but the reply did not come in time: the server has the message and may show it.
        case unconfirmed(String)
        /// Not shown: no server on the bus, or it refused.
        case failed(String)
    }

    /// Sends Notify and waits for the reply.
    private func showNow(_ n: UnsafeMutablePointer<NotifyNotification>) -> Outcome {
        var error: UnsafeMutablePointer<GError>?
        guard notify.notify_notification_show(n, &error) == 0 else { return .shown }
        defer { if let error { g_error_free(error) } }
        guard let error else { return .failed("unknown error") }
        let message = String(cString: error.pointee.message)
        let timedOut = (error.pointee.domain == notify.g_io_error_quark() && error.pointee.code == Int32(G_IO_ERROR_TIMED_OUT.rawValue))
            || (error.pointee.domain == notify.g_dbus_error_quark() && error.pointee.code == Int32(G_DBUS_ERROR_NO_REPLY.rawValue))
        return timedOut ? .unconfirmed(message) : .failed(message)
    }

    /// The request `serial` was taken as `notification` (its server id goes with it), or not (nil).
    private func settle(_ serial: UInt64, taken notification: UnsafeMutablePointer<NotifyNotification>?) {
        guard serial != 0 else { return }
        let id = notification.map { UInt32(bitPattern: gb_notification_server_id($0)) }
        owner?.report { $0.settled(serial, taken: id) }
    }

    private func fail(_ handle: NotificationHandle, _ message: String, serial: UInt64) {
        settle(serial, taken: nil)
        owner?.report { $0.onFailed?(handle, NotifierError(message: message)) }
    }

    /// Never shown twice: a message the server may have shown counts as taken.
    private func unconfirmed(
        _ handle: NotificationHandle, _ notification: UnsafeMutablePointer<NotifyNotification>, _ message: String, serial: UInt64
    ) {
        settle(serial, taken: notification)
        owner?.report { $0.onUnconfirmed?(handle, NotifierError(message: message)) }
    }

    private func configure(_ n: UnsafeMutablePointer<NotifyNotification>, with request: NotificationRequest, entry: LiveNotification) {
        if let category = request.category { notify.notify_notification_set_category(n, category) }
        if let entry = request.desktopEntry { notify.notify_notification_set_hint(n, "desktop-entry", g_variant_new_string(entry)) }
        notify.notify_notification_set_hint(n, "suppress-sound", g_variant_new_boolean(1))
        if request.transient { notify.notify_notification_set_hint(n, "transient", g_variant_new_boolean(1)) }
        if let value = request.progressValue { notify.notify_notification_set_hint(n, "value", g_variant_new_int32(Int32(value))) }
        switch request.urgency {
        case .low: notify.notify_notification_set_urgency(n, NOTIFY_URGENCY_LOW)
        case .normal: notify.notify_notification_set_urgency(n, NOTIFY_URGENCY_NORMAL)
        case .critical: notify.notify_notification_set_urgency(n, NOTIFY_URGENCY_CRITICAL)
        }
        if let timeout = request.expireTimeout { notify.notify_notification_set_timeout(n, timeout) }
        for action in request.actions {
            let context = Unmanaged.passRetained(entry).toOpaque()
            notify.notify_notification_add_action(n, action.key, action.label, actionCallback, context, releaseEntry)
        }
    }

    func actionInvoked(_ entry: LiveNotification, key: String, activationToken: String?) {
        // One action per notification shown: a server may repeat it (GNOME Shell 43 once per update in
        // place); the change it causes comes as a new notification.
        guard !entry.actionInvoked else { return }
        entry.actionInvoked = true
        let handle = entry.handle
        owner?.report { $0.onAction?(handle, key, activationToken) }
    }

    func closed(_ entry: LiveNotification) {
        guard !entry.released else { return }
        entry.released = true
        if live[entry.handle.token] === entry {
            live[entry.handle.token] = nil
            let handle = entry.handle
            let count = handled[handle.token] ?? 0
            if entry.closeRequested { handled[handle.token] = nil }
            owner?.report { $0.closed(handle, afterRequests: count) }
        }  // else: a spent notification already replaced by a new one under the same handle
        // Drop our reference on the next turn of this thread's loop: libnotify is still inside the emission.
        let object = UnsafeMutableRawPointer(entry.notification)
        post { _ in gb_object_unref(object) }
    }
}

private let threadMain: GThreadFunc = { box in
    guard let box else { return nil }
    let thread = Unmanaged<NotifierThread>.fromOpaque(box).takeRetainedValue()
    thread.run()
    return nil
}
