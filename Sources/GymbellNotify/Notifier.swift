import CGLib
internal import CNotify
import Dispatch
import FoundationEssentials
import GymbellPlatform

/// What the notification server on the bus says about itself (GetServerInformation, GetCapabilities).
public struct NotificationServerInfo: Equatable, Sendable {
    public var name: String
    public var vendor: String
    public var version: String
    public var capabilities: Set<String>

    public init(name: String, vendor: String, version: String, capabilities: Set<String>) {
        self.name = name
        self.vendor = vendor
        self.version = version
        self.capabilities = capabilities
    }

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
    /// Main loop: the user chose an action: (notification, action key, the server's activation token
    /// for it when it sent one).
    public var onAction: ((NotificationHandle, String, String?) -> Void)?
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
    func settled(_ serial: UInt64, taken: UInt32?) {
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
    func report(_ event: @escaping (Notifier) -> Void) {
        main.post { [weak self] in if let self { event(self) } }
    }

    /// Main loop: the server closed the notification as the worker had shown it after `handled` requests.
    func closed(_ handle: NotificationHandle, afterRequests handled: Int) {
        guard (requests[handle.token] ?? 0) <= handled else { return }  // a later request shows it again
        requests[handle.token] = nil
        onClosed?(handle)
    }
}

/// A notification the server is showing (or has been asked to show); used to update and close it.
public struct NotificationHandle: Hashable, Sendable {
    /// Our own number for it, unique within the process.
    public let token: UInt64

    public init(token: UInt64) { self.token = token }
}

/// A notification could not be shown, e.g. no notification server is on the bus.
public struct NotifierError: Error, CustomStringConvertible, Sendable {
    public let message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
