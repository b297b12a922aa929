import CDBus
import GymbellPlatform

/// Turns libdbus's watches, timeouts and dispatch status into `MainLoop` sources.
///
/// libdbus holds it (retained) through the three `set_*_function` registrations.
/// Shared by `DBusService` and `DBusSignalListener`.
final class BusLoopIntegration {
    let loop: MainLoop
    let connection: BusConnection
    private var watches: [OpaquePointer: SourceToken] = [:]
    private var timeouts: [OpaquePointer: SourceToken] = [:]
    private var pendingDispatch: SourceToken?

    init(loop: MainLoop, connection: BusConnection) {
        self.loop = loop
        self.connection = connection
    }

    func install() throws(DBusError) {
        let watchData = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_set_watch_functions(
            connection.pointer, integrationAddWatch, integrationRemoveWatch, integrationToggleWatch,
            watchData, integrationRelease) != 0
        else {
            Unmanaged<BusLoopIntegration>.fromOpaque(watchData).release()
            throw .failed("Could not watch the bus connection")
        }
        let timeoutData = Unmanaged.passRetained(self).toOpaque()
        guard dbus_connection_set_timeout_functions(
            connection.pointer, integrationAddTimeout, integrationRemoveTimeout, integrationToggleTimeout,
            timeoutData, integrationRelease) != 0
        else {
            Unmanaged<BusLoopIntegration>.fromOpaque(timeoutData).release()
            throw .failed("Could not add the bus connection's timeouts")
        }
        dbus_connection_set_dispatch_status_function(
            connection.pointer, integrationDispatchStatusChanged, Unmanaged.passRetained(self).toOpaque(),
            integrationRelease)
        // Messages that arrived during the blocking calls of start-up wait in the queue already.
        dispatchStatusChanged(dbus_connection_get_dispatch_status(connection.pointer))
    }

    func uninstall() {
        dbus_connection_set_dispatch_status_function(connection.pointer, nil, nil, nil)
        dbus_connection_set_watch_functions(connection.pointer, nil, nil, nil, nil, nil)
        dbus_connection_set_timeout_functions(connection.pointer, nil, nil, nil, nil, nil)
        for token in Array(watches.values) + Array(timeouts.values) + [pendingDispatch].compactMap({ $0 }) {
            loop.cancel(token)
        }
        watches.removeAll()
        timeouts.removeAll()
        pendingDispatch = nil
    }

    // MARK: Watches: a file descriptor libdbus wants to read or write

    func add(watch: OpaquePointer) -> Bool {
        guard dbus_watch_get_enabled(watch) != 0 else { return true }
        let flags = dbus_watch_get_flags(watch)
        var conditions: IOConditions = []
        if flags & DBUS_WATCH_READABLE.rawValue != 0 { conditions.insert(.readable) }
        if flags & DBUS_WATCH_WRITABLE.rawValue != 0 { conditions.insert(.writable) }
        watches[watch] = loop.watch(fd: dbus_watch_get_unix_fd(watch), for: conditions) { ready in
            dbus_watch_handle(watch, Self.watchFlags(ready))
            return true
        }
        return true
    }

    func remove(watch: OpaquePointer) {
        if let token = watches.removeValue(forKey: watch) {
            loop.cancel(token)
        }
    }

    func toggle(watch: OpaquePointer) {
        remove(watch: watch)
        _ = add(watch: watch)
    }

    private static func watchFlags(_ ready: IOConditions) -> UInt32 {
        var flags: UInt32 = 0
        if ready.contains(.readable) { flags |= DBUS_WATCH_READABLE.rawValue }
        if ready.contains(.writable) { flags |= DBUS_WATCH_WRITABLE.rawValue }
        if ready.contains(.error) { flags |= DBUS_WATCH_ERROR.rawValue }
        if ready.contains(.hangUp) { flags |= DBUS_WATCH_HANGUP.rawValue }
        return flags
    }

    // MARK: Timeouts: e.g. a pending call's reply deadline

    func add(timeout: OpaquePointer) -> Bool {
        guard dbus_timeout_get_enabled(timeout) != 0 else { return true }
        let interval = UInt32(clamping: dbus_timeout_get_interval(timeout))
        timeouts[timeout] = loop.every(milliseconds: interval) {
            dbus_timeout_handle(timeout)
            return true
        }
        return true
    }

    func remove(timeout: OpaquePointer) {
        if let token = timeouts.removeValue(forKey: timeout) {
            loop.cancel(token)
        }
    }

    func toggle(timeout: OpaquePointer) {
        remove(timeout: timeout)
        _ = add(timeout: timeout)
    }

    // MARK: Dispatch: run handlers for queued messages, one per loop iteration

    func dispatchStatusChanged(_ status: DBusDispatchStatus) {
        guard status == DBUS_DISPATCH_DATA_REMAINS, pendingDispatch == nil else { return }
        pendingDispatch = loop.whileIdle(priority: .normal) {
            if dbus_connection_dispatch(self.connection.pointer) == DBUS_DISPATCH_DATA_REMAINS {
                return true
            }
            self.pendingDispatch = nil
            return false
        }
    }
}

private func integration(_ data: UnsafeMutableRawPointer?) -> BusLoopIntegration {
    Unmanaged<BusLoopIntegration>.fromOpaque(data!).takeUnretainedValue()
}

private func integrationAddWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    integration(data).add(watch: watch!) ? 1 : 0
}

private func integrationRemoveWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).remove(watch: watch!)
}

private func integrationToggleWatch(_ watch: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).toggle(watch: watch!)
}

private func integrationAddTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) -> dbus_bool_t {
    integration(data).add(timeout: timeout!) ? 1 : 0
}

private func integrationRemoveTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).remove(timeout: timeout!)
}

private func integrationToggleTimeout(_ timeout: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    integration(data).toggle(timeout: timeout!)
}

private func integrationDispatchStatusChanged(
    _ connection: OpaquePointer?, _ status: DBusDispatchStatus, _ data: UnsafeMutableRawPointer?
) {
    integration(data).dispatchStatusChanged(status)
}

private func integrationRelease(_ data: UnsafeMutableRawPointer?) {
    Unmanaged<BusLoopIntegration>.fromOpaque(data!).release()
}
