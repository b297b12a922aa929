import GymbellCore

/// What the desktop says of the person's attention (lock, Do Not Disturb, away, and what it has not
/// said yet), each as an event for the engine when it changes.
extension Daemon {
    /// The screen locker says whether the screen is locked (the same answer twice changes nothing).
    public func screenLockChanged(_ locked: Bool) {
        guard locked != engine.state.screenLocked else { return }
        send(.screenLocked(locked))
    }

    /// The notification server's Do Not Disturb, as the desktop says it.
    public func doNotDisturbChanged(_ on: Bool) {
        guard on != engine.state.doNotDisturb else { return }
        send(.doNotDisturb(on))
    }

    /// Whether the server still shows a critical notice during its Do Not Disturb, as its config says
    /// (mako's modes); nil: as the server's kind does.
    public func criticalShownDuringDoNotDisturbChanged(_ shown: Bool?) {
        guard shown != engine.state.criticalShownDuringDoNotDisturb else { return }
        send(.criticalShownDuringDoNotDisturb(shown))
    }

    /// The facts the desktop has not answered yet (its services asked, asked again; empty: all known).
    public func attentionUnknownChanged(_ facts: Set<HoldReason>) {
        guard facts != engine.state.attentionUnknown else { return }
        send(.attentionUnknown(facts))
    }

    /// Whether the person is away, as the desktop's idle monitor says it.
    public func awayChanged(_ away: Bool) {
        guard away != engine.state.away else { return }
        send(.away(away))
    }
}
