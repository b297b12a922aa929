"""A recording stand-in for GNOME's session manager (org.gnome.SessionManager) on a test's private
bus: GTK asks it not to blank the screen (Inhibit) and to allow it again (Uninhibit). Each call is
one JSON line in the log file given as the first argument; prints "ready" once it owns the name.
Written from the interface GNOME documents, independently of gymbell."""

import json
import sys

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NAME = "org.gnome.SessionManager"
PATH = "/org/gnome/SessionManager"


class SessionManager(dbus.service.Object):
    def __init__(self, bus, log):
        super().__init__(bus, PATH)
        self.log = log
        self.next_cookie = 1

    def record(self, **fields):
        with open(self.log, "a") as out:
            out.write(json.dumps(fields) + "\n")

    @dbus.service.method(NAME, in_signature="ss", out_signature="o")
    def RegisterClient(self, app_id, startup_id):
        self.record(event="RegisterClient", app_id=str(app_id))
        return dbus.ObjectPath("/org/gnome/SessionManager/Client1")

    @dbus.service.method(NAME, in_signature="susu", out_signature="u")
    def Inhibit(self, app_id, toplevel_xid, reason, flags):
        cookie = self.next_cookie
        self.next_cookie += 1
        self.record(event="Inhibit", app_id=str(app_id), reason=str(reason), flags=int(flags), cookie=cookie)
        return dbus.UInt32(cookie)

    @dbus.service.method(NAME, in_signature="u", out_signature="")
    def Uninhibit(self, cookie):
        self.record(event="Uninhibit", cookie=int(cookie))

    @dbus.service.method(NAME, in_signature="u", out_signature="b")
    def IsInhibited(self, flags):
        return False


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    manager = SessionManager(bus, sys.argv[1])
    name = dbus.service.BusName(NAME, bus, do_not_queue=True)  # owned while referenced
    print("ready", flush=True)
    GLib.MainLoop().run()
    del manager, name


if __name__ == "__main__":
    main()
