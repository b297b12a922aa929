#!/usr/bin/python3
"""The comparison scheduler for the delivery-lateness benchmark: what many Python/GTK reminder apps do.

A GLib main loop receives COUNT "remind me in DELAY seconds" requests, SPACING seconds apart (played by
a millisecond GLib timeout), schedules each with GLib.timeout_add_seconds(DELAY) and shows it with
libnotify through gobject-introspection (Notify.Notification.show). Each reminder's due instant is
time.time() at its request + DELAY; body "#i" identifies it at the notification server. Writes
{"dues": {i: due}} as JSON to OUT when the last one has been shown.

Run with /usr/bin/python3 (python3-gi, gir1.2-notify-0.7) on the bus in $DBUS_SESSION_BUS_ADDRESS.
"""

import argparse
import json
import time

import gi

gi.require_version("Notify", "0.7")
from gi.repository import GLib, Notify  # noqa: E402


def main():
    p = argparse.ArgumentParser()
    p.add_argument("--count", type=int, required=True)
    p.add_argument("--spacing", type=float, required=True)
    p.add_argument("--delay", type=int, required=True)
    p.add_argument("--app", default="bench-glib")
    p.add_argument("--title", default="Rest over")
    p.add_argument("--out", required=True)
    a = p.parse_args()

    Notify.init(a.app)
    loop = GLib.MainLoop()
    dues = {}
    shown = []
    keep = []  # libnotify objects stay referenced, as an app would keep them

    def fire(i):
        n = Notify.Notification.new(a.title, f"#{i}", None)
        n.show()
        keep.append(n)
        shown.append(i)
        if len(shown) == a.count:
            GLib.timeout_add(500, lambda: (loop.quit(), False)[1])
        return False

    def request(i):
        dues[i] = time.time() + a.delay
        GLib.timeout_add_seconds(a.delay, fire, i)
        return False

    t0 = time.monotonic()
    for i in range(a.count):
        # A millisecond-precise timeout plays the user asking for each reminder at its moment.
        GLib.timeout_add(int(1000 * i * a.spacing) + 1, request, i)
    loop.run()
    with open(a.out, "w") as f:
        json.dump({"dues": dues, "elapsed": time.monotonic() - t0}, f)
    Notify.uninit()


if __name__ == "__main__":
    main()
