/// Which of the desktop's idle sources tells gymbell that the person is away (issue 31), for the
/// session the daemon runs in. Mutter's idle monitor where it is on the bus (GNOME, Wayland and X11);
/// else the X server's own idle counter on an X11 session (Plasma, Cinnamon, MATE, xfce, LXQt, Budgie);
/// on another Wayland session none: Xwayland's counter counts only the input X clients get, and the
/// Wayland idle protocols (ext-idle-notify-v1, KDE's org_kde_kwin_idle) are not followed.
public enum AwaySource: String, Equatable, Sendable {
    case mutterIdleMonitor = "mutter idle monitor"
    case x11IdleTime = "x11 idletime"
    case none

    /// `display`, `waylandDisplay`: the session's `DISPLAY` and `WAYLAND_DISPLAY` (nil or empty when
    /// unset); `mutterIdleMonitor`: whether `org.gnome.Mutter.IdleMonitor` has an owner now.
    public static func choose(display: String?, waylandDisplay: String?, mutterIdleMonitor: Bool) -> AwaySource {
        if mutterIdleMonitor { return .mutterIdleMonitor }
        let x11 = !(display ?? "").isEmpty
        let wayland = !(waylandDisplay ?? "").isEmpty
        return x11 && !wayland ? .x11IdleTime : .none
    }
}
