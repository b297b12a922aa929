"""A real X pointer for the servers on Xvfb (Plasma, xfce4-notifyd, notification-daemon, dunst): xdotool
on the server's display. One place, for every X11 server module.

Not `mousemove --sync`: it waits for a motion event that never comes when the pointer is already
there (a hang seen on every one of these servers)."""

import os
import re
import subprocess
import time


class XdotoolPointer:
    """Mixed into a DesktopServer whose `display` property names its X display."""

    def _xdotool(self, *args):
        try:
            r = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=10,
                               env={**os.environ, "DISPLAY": self.display})
        except subprocess.TimeoutExpired:
            raise AssertionError(f"xdotool {' '.join(map(str, args))} did not finish within 10 s")
        assert r.returncode == 0, f"xdotool {' '.join(map(str, args))}: {r.stderr}"
        return r.stdout

    def pointer(self):
        """Where the pointer is: (x, y)."""
        m = re.search(r"x:(-?\d+) y:(-?\d+)", self._xdotool("getmouselocation"))
        return int(m[1]), int(m[2])

    def move(self, x, y):
        self._xdotool("mousemove", int(x), int(y))
        deadline = time.monotonic() + 2
        while self.pointer() != (int(x), int(y)) and time.monotonic() < deadline:
            time.sleep(0.01)

    def click(self, x, y, button=1):
        # One xdotool connection: the warp is processed before the button, so the press lands at (x, y).
        self._xdotool("mousemove", int(x), int(y), "click", int(button))
