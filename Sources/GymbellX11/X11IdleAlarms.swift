import CX11
import GymbellPlatform

/// Away on an X11 session, told by the X server: the X Sync extension's `IDLETIME` system counter
/// (milliseconds since the last keyboard or pointer input) with two alarms on it at `awayAfter` — one
/// when it rises to the threshold (PositiveTransition: away), one when input drops it below again
/// (NegativeTransition: back). Both stay armed; each fires an event on the display connection, whose
/// socket is a source of the GLib loop, so nothing wakes while nothing changes.
///
/// libX11 and libXext are loaded with the first watch (SharedLibrary). Xlib's default handlers end the
/// process on a protocol error or when the X server goes away: this connection gets handlers that
/// don't (the error handler is the process's; the daemon has no other X connection), and a lost server
/// is reported as not away, the watch closed.
public final class X11IdleAlarms {
    private static let libraries = Result { () throws(SystemError) in
        let x11 = try SharedLibrary.functions(of: "libX11.so.6", gb_x11_functions_load)
        let xext = try SharedLibrary.functions(of: "libXext.so.6", gb_xext_functions_load)
        // A request that fails (an alarm the server no longer knows) is nothing to end the daemon for.
        _ = x11.XSetErrorHandler { _, _ in 0 }
        // Xlib's own prints a line and ends the process; this one returns to the exit handler (`Lost`).
        _ = x11.XSetIOErrorHandler { _ in 0 }
        return (x11: x11, xext: xext)
    }

    private let x11: GbX11Functions
    private let xext: GbXextFunctions
    private let loop: MainLoop
    private var display: OpaquePointer?
    private let lost: Lost
    private var watch: SourceToken?
    private let alarmNotify: Int32
    private let counter: XSyncCounter
    private var alarms: (idle: XSyncAlarm, back: XSyncAlarm) = (0, 0)
    private var thresholdMilliseconds: Int64
    private let onChange: (Bool) -> Void
    /// What the last alarm (or the counter, when armed) said.
    public private(set) var isAway = false
    /// The counter when armed, in milliseconds (nil: not read).
    public private(set) var idleAtStart: Int64?

    /// Connects to `displayName` (nil: `DISPLAY`), arms the alarms at `awayAfter` seconds and reads the
    /// counter once (`isAway`); `onChange` is then called on the loop with each change.
    /// - Throws: when the libraries are missing, the display cannot be opened or has no IDLETIME counter.
    public init(loop: MainLoop, displayName: String? = nil, awayAfter: Double, onChange: @escaping (Bool) -> Void) throws(SystemError) {
        let (x11, xext) = try Self.libraries.get()
        self.x11 = x11
        self.xext = xext
        guard let display = displayName.withOptionalCString({ x11.XOpenDisplay($0) }) else {
            throw SystemError(message: "cannot open the X display \(displayName ?? "(DISPLAY)")")
        }
        // From the first request on: a server gone meanwhile must not end the daemon.
        let lost = Lost()
        x11.XSetIOErrorExitHandler(display, { _, context in
            Unmanaged<Lost>.fromOpaque(context!).takeUnretainedValue().happened = true
        }, Unmanaged.passUnretained(lost).toOpaque())
        self.lost = lost
        var eventBase: Int32 = 0, errorBase: Int32 = 0, major: Int32 = 0, minor: Int32 = 0
        guard xext.XSyncQueryExtension(display, &eventBase, &errorBase) != 0, xext.XSyncInitialize(display, &major, &minor) != 0,
              !lost.happened, let counter = Self.idleCounter(display, xext)
        else {
            _ = x11.XCloseDisplay(display)
            throw SystemError(message: "the X server has no X Sync IDLETIME counter")
        }
        self.loop = loop
        self.display = display
        self.counter = counter
        self.onChange = onChange
        alarmNotify = eventBase + Int32(XSyncAlarmNotify)
        thresholdMilliseconds = Self.milliseconds(awayAfter)
        alarms = (arm(nil, .positive), arm(nil, .negative))
        idleAtStart = idleNow()
        isAway = idleAtStart ?? 0 >= thresholdMilliseconds
        watch = loop.watch(fd: x11.XConnectionNumber(display), for: .readable) { [weak self] _ in
            self?.readEvents()
            return self?.display != nil
        }
        readEvents()  // any that came with the counter's reply
    }

    deinit { close() }

    /// Moves both alarms to `seconds` and says at once whether the person is away by the new threshold.
    public func change(awayAfter seconds: Double) {
        guard display != nil else { return }
        thresholdMilliseconds = Self.milliseconds(seconds)
        _ = arm(alarms.idle, .positive)
        _ = arm(alarms.back, .negative)
        if let idle = idleNow() { set(idle >= thresholdMilliseconds) }
        readEvents()
    }

    /// Destroys the alarms and closes the connection (reports nothing).
    public func close() {
        guard let display else { return }
        if let watch { loop.cancel(watch) }
        watch = nil
        if !lost.happened {
            _ = xext.XSyncDestroyAlarm(display, alarms.idle)
            _ = xext.XSyncDestroyAlarm(display, alarms.back)
        }
        _ = x11.XCloseDisplay(display)
        self.display = nil
    }

    private enum Direction { case positive, negative }

    /// Creates (`alarm` nil) or changes an alarm on IDLETIME at the threshold, its events to this client.
    private func arm(_ alarm: XSyncAlarm?, _ direction: Direction) -> XSyncAlarm {
        var attributes = XSyncAlarmAttributes()
        attributes.trigger.counter = counter
        attributes.trigger.value_type = XSyncAbsolute
        attributes.trigger.test_type = direction == .positive ? XSyncPositiveTransition : XSyncNegativeTransition
        attributes.trigger.wait_value = XSyncValue(hi: Int32(thresholdMilliseconds >> 32), lo: UInt32(truncatingIfNeeded: thresholdMilliseconds))
        attributes.delta = XSyncValue(hi: 0, lo: 0)
        attributes.events = 1
        let mask = UInt(XSyncCACounter | XSyncCAValueType | XSyncCATestType | XSyncCAValue | XSyncCADelta | XSyncCAEvents)
        if let alarm {
            _ = xext.XSyncChangeAlarm(display, alarm, mask, &attributes)
            return alarm
        }
        return xext.XSyncCreateAlarm(display, mask, &attributes)
    }

    /// The counter now (a round trip), nil when the server is gone.
    private func idleNow() -> Int64? {
        var value = XSyncValue()
        guard xext.XSyncQueryCounter(display, counter, &value) != 0, !lost.happened else { return nil }
        return Self.int64(value)
    }

    /// Reads what came; `onChange` may close the connection meanwhile, which ends the reading.
    private func readEvents() {
        var event = XEvent()
        while let display, !lost.happened, x11.XPending(display) > 0 {
            _ = x11.XNextEvent(display, &event)
            guard event.type == alarmNotify else { continue }
            let notify = gb_alarm_notify(&event).pointee
            guard notify.alarm == alarms.idle || notify.alarm == alarms.back, notify.state != XSyncAlarmDestroyed else { continue }
            set(Self.int64(notify.counter_value) >= thresholdMilliseconds)
        }
        if lost.happened, display != nil { serverLost() }
    }

    private func set(_ away: Bool) {
        guard away != isAway else { return }
        isAway = away
        onChange(away)
    }

    /// The X server went away (the session ended): nobody is away on it.
    private func serverLost() {
        close()
        set(false)
    }

    private static func idleCounter(_ display: OpaquePointer, _ xext: GbXextFunctions) -> XSyncCounter? {
        var count: Int32 = 0
        guard let list = xext.XSyncListSystemCounters(display, &count) else { return nil }
        defer { xext.XSyncFreeSystemCounterList(list) }
        return (0..<Int(count)).first { String(cString: list[$0].name) == "IDLETIME" }.map { list[$0].counter }
    }

    private static func milliseconds(_ seconds: Double) -> Int64 { Int64((seconds * 1000).rounded()) }

    private static func int64(_ value: XSyncValue) -> Int64 { Int64(value.hi) << 32 | Int64(value.lo) }
}

/// Set by Xlib's I/O error exit handler: the connection is dead, never to be used again.
private final class Lost {
    var happened = false
}

extension Optional where Wrapped == String {
    fileprivate func withOptionalCString<Result>(_ body: (UnsafePointer<CChar>?) -> Result) -> Result {
        switch self {
        case .some(let string): string.withCString { body($0) }
        case .none: body(nil)
        }
    }
}
