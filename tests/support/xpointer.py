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
    """`xdotool args…` on `display`; its output. A hang or a failure is an assertion naming the command.
    `type`'s letters beyond ASCII get keys of their own first (bind_letters)."""
    if args and args[0] == "type":
        bind_letters(display, str(args[-1]))
    command = " ".join(map(str, args))
    try:
        r = subprocess.run(["xdotool", *map(str, args)], capture_output=True, text=True, timeout=timeout,
                           env={**os.environ, "DISPLAY": display})
    except subprocess.TimeoutExpired:
        raise AssertionError(f"xdotool {command} did not finish within {timeout} s on {display}")
    assert r.returncode == 0, f"xdotool {command}: {r.stderr}"
    return r.stdout


def bind_letters(display, text):
    """Gives each letter of `text` beyond ASCII (ü, ß, é, ×) a free keycode of the display's keymap, where
    it stays. Without one, `xdotool type` binds the letter to a spare key, presses it and unbinds it at
    once; a loaded window read the key after the unbinding and lost the letter ("Süße" came out "Süe",
    the fresh-clone run of 2026-12-03). With its own key, xdotool changes no mapping at all (no
    MappingNotify: checked with an X client counting them)."""
    letters = sorted({c for c in text if ord(c) > 0x7E})
    if not letters:
        return
    from Xlib import display as xdisplay  # python3-xlib (scripts/install-deps.sh)
    connection = xdisplay.Display(display)
    try:
        first = connection.display.info.min_keycode
        count = connection.display.info.max_keycode - first + 1
        mapping = connection.get_keyboard_mapping(first, count)
        bound = {sym for row in mapping for sym in row}
        free = [first + i for i, row in enumerate(mapping) if not any(row)]
        for letter in letters:
            # Latin-1 letters are their own keysyms; the others, Unicode keysyms (0x1000000 + code point).
            keysym = ord(letter) if ord(letter) < 0x100 else 0x1000000 | ord(letter)
            if keysym in bound:
                continue
            assert free, f"no free keycode left on {display} for {letter!r}"
            connection.change_keyboard_mapping(free.pop(0), [(keysym, keysym)])
            bound.add(keysym)
        connection.sync()
    finally:
        connection.close()


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
