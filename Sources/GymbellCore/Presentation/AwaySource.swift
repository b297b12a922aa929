/// Which of the desktop's idle sources tells gymbell that the person is away (issue 31), for the
/// session the daemon runs in. Mutter's idle monitor where it is on the bus (GNOME, Wayland and X11);
/// else, on a Wayland session (Plasma, sway), the compositor's idle notifications (ext-idle-notify-v1
/// or KDE's org_kde_kwin_idle, issue 49) — also where Xwayland gives a `DISPLAY`, as Xwayland's
/// IDLETIME counts only the input X clients get; else the X server's own idle counter on an X11
/// session (Plasma, Cinnamon, MATE, xfce, LXQt, Budgie); with no display at all, none.
public enum AwaySource: String, Equatable, Sendable {
    case mutterIdleMonitor = "mutter idle monitor"
    case wayland = "wayland idle"
    case x11IdleTime = "x11 idletime"
    case none

    /// `display`, `waylandDisplay`: the session's `DISPLAY` and `WAYLAND_DISPLAY` (nil or empty when
    /// unset); `mutterIdleMonitor`: whether `org.gnome.Mutter.IdleMonitor` has an owner now.
    public static func choose(display: String?, waylandDisplay: String?, mutterIdleMonitor: Bool) -> AwaySource {
        if mutterIdleMonitor { return .mutterIdleMonitor }
        if !(waylandDisplay ?? "").isEmpty { return .wayland }
        return (display ?? "").isEmpty ? .none : .x11IdleTime
    }
}
