#!/usr/bin/python3
"""A stand-in screen locker for gymbell's end-to-end tests: org.freedesktop.ScreenSaver on the session
bus as Plasma's ksmserver offers it — GetActive() -> b, and ActiveChanged(b) on /ScreenSaver and
/org/freedesktop/ScreenSaver (ksmserver signals on both paths). `--gnome` answers like GNOME's gsd
proxy of that name instead: Inhibit/UnInhibit only, no GetActive, no signal.

    screen_locker.py [--locked] [--gnome]

Prints "ready" once it owns the name; then reads lines on stdin: "lock", "unlock" (each answered
with "ok"). Exits at the end of stdin. Run with /usr/bin/python3 (python3-dbus, python3-gi).
"""

import sys
import threading

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.freedesktop.ScreenSaver"
IFACE = "org.freedesktop.ScreenSaver"
PATHS = ("/ScreenSaver", "/org/freedesktop/ScreenSaver")


class Locker(dbus.service.Object):
    def __init__(self, bus, path, state):
        super().__init__(bus, path)
        self.state = state

    @dbus.service.method(IFACE, out_signature="b")
    def GetActive(self):
        return self.state["locked"]

    @dbus.service.signal(IFACE, signature="b")
    def ActiveChanged(self, active):
        pass


class GnomeProxy(dbus.service.Object):
    """gsd-screensaver-proxy: inhibition only."""

    @dbus.service.method(IFACE, in_signature="ss", out_signature="u")
    def Inhibit(self, application, reason):
        return 1

    @dbus.service.method(IFACE, in_signature="u")
    def UnInhibit(self, cookie):
        pass


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    state = {"locked": "--locked" in sys.argv}
    if "--gnome" in sys.argv:
        objects = [GnomeProxy(bus, "/org/freedesktop/ScreenSaver")]
    else:
        objects = [Locker(bus, path, state) for path in PATHS]
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)  # noqa: F841 (kept while running)
    loop = GLib.MainLoop()

    def change(locked):
        state["locked"] = locked
        for obj in objects:
            if isinstance(obj, Locker):
                obj.ActiveChanged(locked)
        print("ok", flush=True)
        return False

    def read():
        for line in sys.stdin:
            word = line.strip()
            if word in ("lock", "unlock"):
                GLib.idle_add(change, word == "lock")
        GLib.idle_add(loop.quit)

    threading.Thread(target=read, daemon=True).start()
    print("ready", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
