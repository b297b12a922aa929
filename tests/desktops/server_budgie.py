"""Budgie 10.7 on Xvfb (server_session): budgie-wm (Mutter) as window manager, budgie-daemon (owns
org.freedesktop.Notifications and draws the popups), budgie-panel (the panel and Raven, where
notifications that expired are kept).

The first budgie-panel of a fresh user sometimes dies (SIGSEGV) while it makes its default layout:
it is started again, as the session manager would. The wallpaper is set to a plain colour (its photo
has the bell's orange in it, and text over it is harder to read). What was seen here
(../../shared/DESKTOPS.md): popups top-right, 300 px wide; expire_timeout clamped to 6–12 s (0 too;
an update in place restarts the countdown, under the pointer too); Raven keeps every notification that
expired, none that was closed; the action after a `default` is dropped; a bare path as app_icon shows
a generic envelope, a file:// URI the icon; a popup opened while another (or one fading out) is on
screen goes below it, so that popups creep down the screen; a button click invokes its action and takes the popup
away without NotificationClosed (CloseNotification afterwards closes it properly).
"""

import time

from server_session import SCREEN_H, SCREEN_W, X11Session


class BudgieServer(X11Session):
    name = "budgie"
    server_name = "Budgie Notification Server"
    services = {
        "ca.desrt.dconf": "/usr/libexec/dconf-service",
        "org.a11y.Bus": "/usr/libexec/at-spi-bus-launcher",
    }
    session_vars = {"XDG_CURRENT_DESKTOP": "Budgie:GNOME", "XDG_SESSION_DESKTOP": "budgie-desktop", "DESKTOP_SESSION": "budgie-desktop"}
    settings = (
        ("org.gnome.desktop.background", "picture-options", "'none'"),
        ("org.gnome.desktop.background", "primary-color", "'#2e3436'"),
        ("org.gnome.desktop.background", "color-shading-type", "'solid'"),
    )
    #: popups top-right, 300 px wide (+ margins), stacked downwards; a popup opened while another is
    #: still on screen or fading out goes below it, and the next below that, down to the panel
    notification_area = (SCREEN_W - 400, 0, SCREEN_W, SCREEN_H - 40)
    PANEL_H = 40

    def launch(self, deadline):
        (self.env.home / "Desktop").mkdir(parents=True, exist_ok=True)
        # Not on the test's PulseAudio: while budgie-wm is connected to it, the null sink's monitor
        # delivers only about half of its samples (8 s of a journey recorded as 4.4 s), and the
        # recording, whose sample count is its clock, puts every sound a second or more late.
        self.spawn("budgie-wm", ["budgie-wm", "--x11", "--replace", "--sm-disable"], sound=False)
        self.spawn("budgie-daemon", ["budgie-daemon"])

    def ready(self, deadline):
        for attempt in range(1, 4):
            panel = self.spawn(f"budgie-panel-{attempt}", ["budgie-panel"])
            settled = time.monotonic() + 4
            while time.monotonic() < settled and panel.poll() is None:
                time.sleep(0.1)
            if panel.poll() is None:
                break
        self.check_alive(["budgie-wm", "budgie-daemon", f"budgie-panel-{attempt}"])
        self.wait_painted((0, SCREEN_H - self.PANEL_H, SCREEN_W, SCREEN_H), deadline, "the panel", colours=4)
