"""GDM's version on the GNOME test's private system bus — all that gnome-shell 43 asks of GDM before
it makes its lock screen: js/misc/loginManager.js canLock() reads the property
org.gnome.DisplayManager.Manager.Version of /org/gnome/DisplayManager/Manager on the system bus
(≥ 3.5.91, and /run/systemd/seats must exist), and js/ui/main.js creates the ScreenShield — which
exports org.gnome.ScreenSaver's object and owns org.gnome.Shell.ScreenShield — only then.
RegisterSession (asked by the shell at start-up) is answered and does nothing. Everything else of
the shell's lock screen is the real one.

    /usr/bin/python3 gdm_version.py SYSTEM_BUS_ADDRESS      # prints "ready" once it owns the name
"""

import sys

import dbus
import dbus.mainloop.glib
import dbus.service
from gi.repository import GLib

NAME = "org.gnome.DisplayManager"
PATH = "/org/gnome/DisplayManager/Manager"
MANAGER = "org.gnome.DisplayManager.Manager"
VERSION = "43.0"  # Debian 12's gdm3


class Manager(dbus.service.Object):
    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="ss", out_signature="v")
    def Get(self, interface, prop):
        if interface == MANAGER and prop == "Version":
            return dbus.String(VERSION)
        raise dbus.exceptions.DBusException(f"no property {interface}.{prop}",
                                            name="org.freedesktop.DBus.Error.UnknownProperty")

    @dbus.service.method(dbus.PROPERTIES_IFACE, in_signature="s", out_signature="a{sv}")
    def GetAll(self, interface):
        return {"Version": dbus.String(VERSION)} if interface == MANAGER else {}

    @dbus.service.method(MANAGER, in_signature="a{sv}", out_signature="")
    def RegisterSession(self, details):
        pass


def main():
    dbus.mainloop.glib.DBusGMainLoop(set_as_default=True)
    bus = dbus.bus.BusConnection(sys.argv[1])
    name = dbus.service.BusName(NAME, bus)  # noqa: F841 (kept while the loop runs)
    Manager(bus, PATH)
    print("ready", flush=True)
    GLib.MainLoop().run()


if __name__ == "__main__":
    main()
