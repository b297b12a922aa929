import GymbellBus
import GymbellPlatform
import Logging

/// Whether the screen is locked, as the screen locker on the session bus says it
/// (`org.freedesktop.ScreenSaver`: `GetActive` and its `ActiveChanged` signal — Plasma's ksmserver).
/// The media player stays while the screen is locked (`Engine.nowPlaying`). GNOME's
/// `org.freedesktop.ScreenSaver` (gsd's proxy) answers no `GetActive` and signals nothing: GNOME
/// counts as never locked, and its lock screen shows no media player anyway. Decides nothing: each
/// answer and change goes to `onChange`.
final class ScreenLockWatch {
    static let busName = "org.freedesktop.ScreenSaver"
    static let objectPath = "/org/freedesktop/ScreenSaver"
    static let interface = "org.freedesktop.ScreenSaver"
    private let listener: DBusSignalListener
    private let loop: MainLoop
    private let logger: Logger
    private let onChange: (Bool) -> Void
    private let onAsking: () -> Void
    private var asking: AttentionQuestion.Asking?
    private var toldWhileAsking = false

    /// Listens on the session bus (or the bus at `address`), follows the locker's comings and goings
    /// through `names`, and asks the one there now.
    /// `onAsking`: it asked the locker and waits for the answer (the next `onChange` gives it).
    init(
        loop: MainLoop, names: DBusService, address: String? = nil, logger: Logger, onAsking: @escaping () -> Void = {},
        onChange: @escaping (Bool) -> Void
    ) throws(DBusError) {
        self.loop = loop
        self.logger = logger
        self.onChange = onChange
        self.onAsking = onAsking
        var told: (() -> Void)?
        listener = try DBusSignalListener(
            loop: loop, bus: address.map { .address($0) } ?? .session,
            matchRule: "type='signal',interface='\(Self.interface)',member='ActiveChanged'"
        ) { signal in
            guard let locked = signal.arguments.first?.bool else { return }
            told?()
            onChange(locked)
        }
        told = { [weak self] in if self?.asking != nil { self?.toldWhileAsking = true } }
        try names.watchNameOwner(Self.busName) { [weak self] owner in
            if owner == nil {
                self?.asking?.cancel()
                self?.asking = nil
                onChange(false)
            } else { self?.ask() }
        }
        ask()  // now: before the daemon's first look at the agenda (a locked screen holds reminders)
    }

    /// Asks the screen locker whether the screen is locked now, without waiting, again while it does not
    /// answer (AttentionQuestion); subscribed already. Only at start-up and when a locker appears.
    private func ask() {
        asking?.cancel()
        asking = nil
        guard listener.nameHasOwner(Self.busName) else { return }
        toldWhileAsking = false
        onAsking()
        let question = AttentionQuestion(
            destination: Self.busName, path: Self.objectPath, interface: Self.interface, member: "GetActive", what: "the screen locker")
        asking = question.ask(on: listener, loop: loop, logger: logger) { [weak self] reply in
            guard let self else { return }
            asking = nil
            let locked = reply?.first?.bool ?? false
            logger.debug("screen locker asked", metadata: ["locked": "\(locked)", "told meanwhile": "\(toldWhileAsking)"])
            if !toldWhileAsking { onChange(locked) }
        }
    }

    func close() {
        asking?.cancel()
        listener.close()
    }
}
