import CGLib
internal import CNotify
import Dispatch
import FoundationEssentials

/// What the notification server on the bus says about itself (GetServerInformation, GetCapabilities).
public struct NotificationServerInfo: Equatable, Sendable {
    public var name: String
    public var vendor: String
    public var version: String
    public var capabilities: Set<String>

    public var supportsActions: Bool { capabilities.contains("actions") }
    public var playsSounds: Bool { capabilities.contains("sound") }
}

/// Shows notifications through libnotify and reports their actions and closing.
///
/// libnotify runs on a thread of its own with its own GLib main context: `notify_notification_show`
/// waits for the server's reply, and a slow or stalled server must not stall the daemon's loop
/// (its D-Bus control interface keeps answering). Requests are carried out in the order they were
/// made; results and callbacks come back on the main loop. Every notification stays referenced until
/// its "closed" signal: libnotify drops the actions of one released earlier (DESIGN.md §8).
public final class Notifier: @unchecked Sendable {
    /// Main loop: the user chose an action: (notification, action key).
    public var onAction: ((NotificationHandle, String) -> Void)?
    /// Main loop: the server closed a notification.
    public var onClosed: ((NotificationHandle) -> Void)?
    /// Main loop: a notification could not be shown (no server on the bus, an error reply).
    public var onFailed: ((NotificationHandle, NotifierError) -> Void)?
    /// Main loop: a request's Notify reached the server and was not refused, though its reply did not
    /// come in time (the server stalled): it may be on screen, so it is not shown again (logged).
    public var onUnconfirmed: ((NotificationHandle, NotifierError) -> Void)?

    private let main = ContextQueue(context: nil)
    private let worker: NotifierThread
    private var nextToken: UInt64 = 1  // main thread only
    /// Show and update requests made for each notification (main thread only): a "closed" report
    /// that the worker sent before it carried out a later request is stale — that request shows the
    /// notification again (a server that closes after an action, then an update).
    private var requests: [UInt64: Int] = [:]
    /// What to do once the server has taken a request, by the request's serial number (main thread only).
    private var acceptances: [UInt64: (UInt32) -> Void] = [:]
    private var nextSerial: UInt64 = 1

    /// A notifier whose requests wait until `start()`; `appName` is the Notify app_name.
    public init(appName: String) {
        worker = NotifierThread(appName: appName)
        worker.owner = self
    }

    /// Loads libnotify, starts the notifier thread and initializes libnotify there; the requests made
    /// before are then carried out in order. The daemon starts it once it owns its bus name: loading
    /// libnotify (and GIO, gdk-pixbuf … with it) takes some 1.5 ms that start-up need not wait for.
    /// - Throws: when libnotify is not installed or cannot be initialized.
    public func start() throws(NotifierError) {
        try worker.start()
    }

    deinit { worker.stop() }

    /// Asks the server to show `request`. Returns at once; `accepted` runs on the main loop once the
    /// server has taken it (its Notify answered), a failure arrives through `onFailed`.
    /// `replacing`: the server's id of a notification this one takes the place of (one shown before a
    /// restart); `accepted` gets the server's id of the notification.
    public func show(
        _ request: NotificationRequest, replacing serverID: UInt32? = nil, accepted: ((UInt32) -> Void)? = nil
    ) -> NotificationHandle {
        let handle = NotificationHandle(token: nextToken)
        nextToken += 1
        requests[handle.token] = 1
        let serial = register(accepted)
        worker.post { $0.show(handle, request, replacing: serverID, serial: serial) }
        return handle
    }

    /// Replaces the content of a shown notification in place (same server id: `replaces_id`);
    /// shows it anew when the server has closed it meanwhile, unless `reshow` is false.
    public func update(
        _ handle: NotificationHandle, with request: NotificationRequest, reshow: Bool = true, accepted: ((UInt32) -> Void)? = nil
    ) {
        if reshow { requests[handle.token, default: 0] += 1 }
        let serial = register(accepted)
        worker.post { $0.update(handle, request, reshow: reshow, serial: serial) }
    }

    private func register(_ accepted: ((UInt32) -> Void)?) -> UInt64 {
        guard let accepted else { return 0 }
        let serial = nextSerial
        nextSerial += 1
        acceptances[serial] = accepted
        return serial
    }

    /// Main loop: the worker's word on request `serial`.
    fileprivate func settled(_ serial: UInt64, taken: UInt32?) {
        guard serial != 0, let accepted = acceptances.removeValue(forKey: serial) else { return }
        if let taken { accepted(taken) }
    }

    /// Asks the server to close a notification (GNOME ignores expiry: we close our own).
    public func close(_ handle: NotificationHandle) {
        worker.post { $0.close(handle) }
    }

    /// Reads the server's name and capabilities; nil when no server answers.
    public func queryServer(_ completion: @escaping (NotificationServerInfo?) -> Void) {
        worker.post { [main] thread in
            let info = thread.serverInfo()
            main.post { completion(info) }
        }
    }

    /// Waits until every request made so far has been carried out (for an orderly shutdown).
    public func flush() { worker.sync() }

    // Called on the notifier thread; hop to the main loop.
    fileprivate func report(_ event: @escaping (Notifier) -> Void) {
        main.post { [weak self] in if let self { event(self) } }
    }

    /// Main loop: the server closed the notification as the worker had shown it after `handled` requests.
    fileprivate func closed(_ handle: NotificationHandle, afterRequests handled: Int) {
        guard (requests[handle.token] ?? 0) <= handled else { return }  // a later request shows it again
        requests[handle.token] = nil
        onClosed?(handle)
    }
}

/// A notification the server is showing (or has been asked to show); used to update and close it.
public struct NotificationHandle: Hashable, Sendable {
    /// Our own number for it, unique within the process.
    public let token: UInt64
}

/// A notification could not be shown, e.g. no notification server is on the bus.
public struct NotifierError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
}

/// The thread that owns libnotify. Everything below runs on it.
private final class NotifierThread: @unchecked Sendable {
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

    fileprivate func actionInvoked(_ entry: LiveNotification, key: String) {
        // One action per notification shown: a server may repeat it (GNOME Shell 43 once per update in
        // place); the change it causes comes as a new notification.
        guard !entry.actionInvoked else { return }
        entry.actionInvoked = true
        let handle = entry.handle
        owner?.report { $0.onAction?(handle, key) }
    }

    fileprivate func closed(_ entry: LiveNotification) {
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

private let actionCallback: NotifyActionCallback = { _, action, context in
    guard let context, let action else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    entry.thread?.actionInvoked(entry, key: String(cString: action))
}

private let closedCallback: @convention(c) (UnsafeMutablePointer<NotifyNotification>?, gpointer?) -> Void = { _, context in
    guard let context else { return }
    let entry = Unmanaged<LiveNotification>.fromOpaque(context).takeUnretainedValue()
    entry.thread?.closed(entry)
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
