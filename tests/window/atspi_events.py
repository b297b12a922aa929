"""What the window tells screen readers as it happens, for the window tests' timings: every AT-SPI object
event on the session's accessibility bus (a label's text or name changing, a node added), one JSON line
each on stdout with the wall-clock instant it arrived — {"t", "member", "kind", "path", "value"} — until
killed. Run with /usr/bin/python3 and the test's DBUS_SESSION_BUS_ADDRESS (atspi_tool.py's bus).

The instant is the event's arrival here: what a screen reader would get, a few hundred microseconds after
GTK changed the label (painting follows in the same frame)."""

import json
import sys
import time

from gi.repository import GLib

from atspi_tool import A11yBus


def main():
    bus = A11yBus().connection

    def seen(connection, sender, path, interface, member, parameters):
        kind, _, _, value, *_ = parameters.unpack() + (None,) * 4
        text = value if isinstance(value, str) else None
        sys.stdout.write(json.dumps({"t": time.time(), "member": member, "kind": kind, "path": path, "value": text}) + "\n")
        sys.stdout.flush()

    bus.signal_subscribe(None, "org.a11y.atspi.Event.Object", None, None, None, 0, seen)
    # The app emits events only to a bus where someone listens: the match rule above is that someone
    # for GTK, which watches the bus's match rules for them.
    print(json.dumps({"ready": time.time()}), flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
