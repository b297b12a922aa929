"""A real X pointer and keyboard through xdotool, for every suite on Xvfb: the desktops' X11 servers
(Plasma, xfce4-notifyd, notification-daemon, dunst, the X11 sessions) and the window's tests.

Never `mousemove --sync`: it polls until the pointer has left where it was, and under load that poll
has outlived a 10 s timeout with the window on screen (the window suite on CI, stop 53) as it did on
every one of the desktops' X11 servers. Instead: one xdotool connection for a move and its click (the
X server takes a client's XTest events in order, so the press lands where the move went), and a move
alone is followed by reading the pointer back."""

import os
import re
import subprocess
import time


def xdotool(display, *args, timeout=10):
    """`xdotool args…` on `display`; its output. A hang or a failure is an assertion naming the command."""
    command = " ".join(map(str, args))
    try:
        r = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=timeout,
                           env={**os.environ, "DISPLAY": display})
    except subprocess.TimeoutExpired:
        raise AssertionError(f"xdotool {command} did not finish within {timeout} s on {display}")
    assert r.returncode == 0, f"xdotool {command}: {r.stderr}"
    return r.stdout


def pointer_at(display):
    """Where the pointer is: (x, y)."""
    m = re.search(r"x:(-?\d+) y:(-?\d+)", xdotool(display, "getmouselocation"))
    return int(m[1]), int(m[2])


def move(display, x, y, within=2.0):
    """The pointer to (x, y), read back until it is there (or `within` seconds)."""
    xdotool(display, "mousemove", int(x), int(y))
    deadline = time.monotonic() + within
    while pointer_at(display) != (int(x), int(y)) and time.monotonic() < deadline:
        time.sleep(0.01)


def click(display, x, y, button=1, repeat=1):
    """A click of `button` at (x, y): the move and the click on one connection."""
    xdotool(display, "mousemove", int(x), int(y), "click", "--repeat", int(repeat), int(button))


class XdotoolPointer:
    """Mixed into a DesktopServer whose `display` property names its X display."""

    def _xdotool(self, *args):
        return xdotool(self.display, *args)

    def pointer(self):
        return pointer_at(self.display)

    def move(self, x, y):
        move(self.display, x, y)

    def click(self, x, y, button=1):
        click(self.display, x, y, button)
