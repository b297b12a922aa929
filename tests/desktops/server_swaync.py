"""SwayNotificationCenter (swaync) 0.7.3 under headless sway 1.7, run as an ordinary user (sway refuses
root): server_mako's sway, virtual pointer, seat cursor and grim, with swaync in mako's place.

    server = SwayncServer(env, artifacts)   # env: the e2e harness's Env, its bus started
    server.start()                          # sway + virtual pointer + swaync; WAYLAND_DISPLAY set
    server.screenshot(artifacts / "shot.png")
    server.click(x, y)
    server.stop()

swaync keeps Debian's defaults (/etc/xdg/swaync/config.json and style.css: XDG_CONFIG_DIRS=/etc/xdg;
nothing of the user's): popups top-right, 500 px wide, a notification's own expire_timeout honoured
(-1, and 0 at normal urgency too: 10 s; critical never), buttons drawn under the body, `hide-on-action`: a popup closes after an
action. What was seen here (../../shared/DESKTOPS.md): a popup that expires moves silently to the
control centre (no NotificationClosed); one that is closed gets NotificationClosed 2–3 times; a
notification with the `transient` hint is never put in the control centre.
"""

import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import dbus  # noqa: E402  (python3-dbus: run with /usr/bin/python3)

from server_mako import NOTIFICATIONS, NOTIFICATIONS_PATH, SCREEN_W, START_TIMEOUT, MakoServer, _tail  # noqa: E402


class SwayncServer(MakoServer):
    name = "swaync"
    server_name = "SwayNotificationCenter"
    #: top-right, 500 px wide popups (plus their margins); newest on top
    notification_area = (SCREEN_W - 540, 0, SCREEN_W, 620)

    def start(self):
        super().start()
        return self

    def _start_mako(self, deadline):
        """swaync in mako's place, with Debian's config (/etc/xdg/swaync)."""
        self.user_env["XDG_CONFIG_DIRS"] = "/etc/xdg"
        self.mako = self._spawn(["swaync"], "swaync.log")
        conn = dbus.bus.BusConnection(self.env.address)
        try:
            while True:
                if self.mako.poll() is not None:
                    raise RuntimeError(f"swaync exited with {self.mako.returncode}: " + _tail(self.artifacts / "swaync.log"))
                if conn.name_has_owner(NOTIFICATIONS):
                    break
                if time.monotonic() > deadline:
                    raise RuntimeError(f"swaync did not own {NOTIFICATIONS} within {START_TIMEOUT:.0f} s: "
                                       + _tail(self.artifacts / "swaync.log"))
                time.sleep(0.02)
            info = conn.call_blocking(NOTIFICATIONS, NOTIFICATIONS_PATH, NOTIFICATIONS,
                                      "GetServerInformation", "", [], timeout=10)
            self.server_info = [str(x) for x in info]
        finally:
            conn.close()

    def invoke_action(self, label, key):
        """swaync draws buttons: the test clicks them."""
        return False
