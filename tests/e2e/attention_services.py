#!/usr/bin/python3
"""Stand-ins for what a desktop tells of the person, for gymbell's end-to-end tests (issue 31), each a
real D-Bus service on the test's bus as the real one offers it:

  org.xfce.Xfconf            GetProperty(ss) -> v; PropertyChanged(ssv) for xfce4-notifyd /do-not-disturb
  dunst                      PropertiesChanged on /org/freedesktop/Notifications, org.dunstproject.cmd0 "paused"
  org.gnome.ScreenSaver      GetActive() -> b; ActiveChanged(b)
  org.gnome.Mutter.IdleMonitor  AddIdleWatch(t) -> u, AddUserActiveWatch() -> u, RemoveWatch(u), GetIdletime() -> t; WatchFired(u)
  org.gnome.SessionManager   Inhibit(susu) -> u, Uninhibit(u), as gnome-session keeps inhibitors

  org.freedesktop.login1     (with --system-bus ADDRESS, on that bus) Manager.GetSessionByPID(u) -> o,
                             GetSession(s) -> o; the session's LockedHint property, PropertiesChanged

    attention_services.py [--dnd] [--locked] [--idle] [--hint] [--slow SECONDS] [--system-bus ADDRESS]

--dnd, --locked, --hint: xfconf's /do-not-disturb, the screen saver, logind's LockedHint already on.
--idle: the person idle already: an idle watch fires as soon as it is added (as Mutter does for one
shorter than the idle time so far). --slow S: every read (GetProperty, GetActive, AddIdleWatch,
LockedHint's Get) is answered S seconds late, as a desktop busy under load.

Prints "ready" once it owns the names; then reads lines on stdin and answers each with one line:
  "dnd on|off"      xfconf's /do-not-disturb set (PropertyChanged)
  "paused on|off"   dunst's paused property changed (PropertiesChanged)
  "lock" / "unlock" the GNOME screen saver's ActiveChanged
  "idle" / "active" the idle monitor fires the idle watch / the user-active watch (if one was added)
  "inhibitors"      -> JSON: the session manager's inhibitors now [{app, reason, flags, cookie}]
  "watches"         -> JSON: the idle monitor's watches {id: interval_ms or "active"}
  "hint on|off"     logind's LockedHint of the session changed (PropertiesChanged)
Answers "ok" to the others. Exits at the end of stdin. Run with /usr/bin/python3 (python3-dbus, python3-gi).
"""

import json
import sys
import threading

SLOW = float(sys.argv[sys.argv.index("--slow") + 1]) if "--slow" in sys.argv else 0.0


def answer_later(reply, value):
    """Answers a read SLOW seconds late (the service's loop stays free meanwhile)."""
    if SLOW > 0:
        GLib.timeout_add(int(SLOW * 1000), lambda: (reply(value), False)[1])
    else:
        reply(value)

import dbus
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

PROPS = "org.freedesktop.DBus.Properties"


class Xfconf(dbus.service.Object):
    def __init__(self, bus, state):
        super().__init__(bus, "/org/xfce/Xfconf")
        self.state = state

    @dbus.service.method("org.xfce.Xfconf", in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def GetProperty(self, channel, prop, reply=None, error=None):
        if channel == "xfce4-notifyd" and prop == "/do-not-disturb":
            return answer_later(reply, dbus.Boolean(self.state["dnd"], variant_level=1))
        error(dbus.exceptions.DBusException("no such property", name="org.xfce.Xfconf.Error.PropertyNotFound"))

    @dbus.service.signal("org.xfce.Xfconf", signature="ssv")
    def PropertyChanged(self, channel, prop, value):
        pass


class DunstProperties(dbus.service.Object):
    """Only the signal dunst sends when `dunstctl set-paused` changes its property."""

    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/Notifications")

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


class GnomeScreenSaver(dbus.service.Object):
    def __init__(self, bus, state):
        super().__init__(bus, "/org/gnome/ScreenSaver")
        self.state = state

    @dbus.service.method("org.gnome.ScreenSaver", out_signature="b", async_callbacks=("reply", "error"))
    def GetActive(self, reply=None, error=None):
        answer_later(reply, dbus.Boolean(self.state["locked"]))

    @dbus.service.signal("org.gnome.ScreenSaver", signature="b")
    def ActiveChanged(self, active):
        pass


class IdleMonitor(dbus.service.Object):
    IFACE = "org.gnome.Mutter.IdleMonitor"

    def __init__(self, bus, idle=False):
        super().__init__(bus, "/org/gnome/Mutter/IdleMonitor/Core")
        self.watches = {}
        self.next = 1
        self.idle = idle

    def _add(self, what):
        wid = self.next
        self.next += 1
        self.watches[wid] = what
        return dbus.UInt32(wid)

    @dbus.service.method(IFACE, in_signature="t", out_signature="u", async_callbacks=("reply", "error"))
    def AddIdleWatch(self, interval, reply=None, error=None):
        wid = self._add(int(interval))

        def answer():
            reply(wid)
            if self.idle:  # idle longer than the interval already: Mutter fires the new watch at once
                GLib.idle_add(lambda: (self.WatchFired(wid), False)[1])
            return False

        if SLOW > 0:
            GLib.timeout_add(int(SLOW * 1000), answer)
        else:
            answer()

    @dbus.service.method(IFACE, out_signature="t", async_callbacks=("reply", "error"))
    def GetIdletime(self, reply=None, error=None):
        answer_later(reply, dbus.UInt64(24 * 3600 * 1000 if self.idle else 0))

    @dbus.service.method(IFACE, out_signature="u")
    def AddUserActiveWatch(self):
        return self._add("active")

    @dbus.service.method(IFACE, in_signature="u")
    def RemoveWatch(self, wid):
        self.watches.pop(int(wid), None)

    @dbus.service.signal(IFACE, signature="u")
    def WatchFired(self, wid):
        pass

    def fire(self, kind):
        for wid, what in list(self.watches.items()):
            if (what == "active") == (kind == "active"):
                if what == "active":
                    del self.watches[wid]  # Mutter's user-active watch fires once
                self.WatchFired(dbus.UInt32(wid))


class SessionManager(dbus.service.Object):
    IFACE = "org.gnome.SessionManager"

    def __init__(self, bus):
        super().__init__(bus, "/org/gnome/SessionManager")
        self.inhibitors = {}
        self.next = 1
        bus.add_signal_receiver(self._owner_changed, "NameOwnerChanged", "org.freedesktop.DBus")

    @dbus.service.method(IFACE, in_signature="susu", out_signature="u", sender_keyword="sender")
    def Inhibit(self, app, xid, reason, flags, sender=None):
        cookie = self.next
        self.next += 1
        self.inhibitors[cookie] = {"app": str(app), "reason": str(reason), "flags": int(flags), "cookie": cookie, "sender": str(sender)}
        return dbus.UInt32(cookie)

    @dbus.service.method(IFACE, in_signature="u")
    def Uninhibit(self, cookie):
        self.inhibitors.pop(int(cookie), None)

    def _owner_changed(self, name, old, new):
        # gnome-session drops the inhibitors of a client that left the bus.
        if name.startswith(":") and not new:
            for cookie in [c for c, i in self.inhibitors.items() if i["sender"] == name]:
                del self.inhibitors[cookie]


class Login1Manager(dbus.service.Object):
    IFACE = "org.freedesktop.login1.Manager"
    SESSION = "/org/freedesktop/login1/session/_32"

    def __init__(self, bus):
        super().__init__(bus, "/org/freedesktop/login1")

    @dbus.service.method(IFACE, in_signature="u", out_signature="o")
    def GetSessionByPID(self, pid):
        return dbus.ObjectPath(self.SESSION)

    @dbus.service.method(IFACE, in_signature="s", out_signature="o")
    def GetSession(self, session_id):
        return dbus.ObjectPath(self.SESSION)


class Login1Session(dbus.service.Object):
    IFACE = "org.freedesktop.login1.Session"

    def __init__(self, bus, state):
        super().__init__(bus, Login1Manager.SESSION)
        self.state = state

    @dbus.service.method(PROPS, in_signature="ss", out_signature="v", async_callbacks=("reply", "error"))
    def Get(self, interface, prop, reply=None, error=None):
        if interface == self.IFACE and prop == "LockedHint":
            return answer_later(reply, dbus.Boolean(self.state["hint"], variant_level=1))
        error(dbus.exceptions.DBusException("no such property", name="org.freedesktop.DBus.Error.UnknownProperty"))

    @dbus.service.signal(PROPS, signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass


def main():
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    state = {"dnd": "--dnd" in sys.argv, "locked": "--locked" in sys.argv, "hint": "--hint" in sys.argv}
    login1 = None
    if "--system-bus" in sys.argv:
        system = dbus.bus.BusConnection(sys.argv[sys.argv.index("--system-bus") + 1])
        login1 = (Login1Manager(system), Login1Session(system, state),
                  dbus.service.BusName("org.freedesktop.login1", system, do_not_queue=True))
    xfconf = Xfconf(bus, state)
    dunst = DunstProperties(bus)
    saver = GnomeScreenSaver(bus, state)
    idle = IdleMonitor(bus, idle="--idle" in sys.argv)
    manager = SessionManager(bus)
    names = [dbus.service.BusName(n, bus, do_not_queue=True) for n in (  # noqa: F841 (kept while running)
        "org.xfce.Xfconf", "org.gnome.ScreenSaver", "org.gnome.Mutter.IdleMonitor", "org.gnome.SessionManager")]
    loop = GLib.MainLoop()

    def command(word):
        answer = "ok"
        if word.startswith("dnd "):
            state["dnd"] = word.endswith("on")
            xfconf.PropertyChanged("xfce4-notifyd", "/do-not-disturb", dbus.Boolean(state["dnd"], variant_level=1))
        elif word.startswith("paused "):
            dunst.PropertiesChanged("org.dunstproject.cmd0", {"paused": dbus.Boolean(word.endswith("on"), variant_level=1)},
                                    dbus.Array([], signature="s"))
        elif word in ("lock", "unlock"):
            state["locked"] = word == "lock"
            saver.ActiveChanged(state["locked"])
        elif word in ("idle", "active"):
            idle.idle = word == "idle"
            idle.fire(word)
        elif word.startswith("hint "):
            state["hint"] = word.endswith("on")
            login1[1].PropertiesChanged("org.freedesktop.login1.Session", {"LockedHint": dbus.Boolean(state["hint"], variant_level=1)},
                                        dbus.Array([], signature="s"))
        elif word == "inhibitors":
            answer = json.dumps(list(manager.inhibitors.values()))
        elif word == "watches":
            answer = json.dumps(idle.watches)
        print(answer, flush=True)
        return False

    def read():
        for line in sys.stdin:
            GLib.idle_add(command, line.strip())
        GLib.idle_add(loop.quit)

    threading.Thread(target=read, daemon=True).start()
    print("ready", flush=True)
    loop.run()


if __name__ == "__main__":
    main()
