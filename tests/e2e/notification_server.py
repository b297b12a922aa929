#!/usr/bin/python3
"""A recording freedesktop notification server for gymbell's end-to-end tests.

Implements org.freedesktop.Notifications (spec 1.2) at /org/freedesktop/Notifications,
independently of the daemon under test, and appends one JSON line per event to a log file:

    {"event": "Notify", "t": <time.time() at receipt>, "id", "app_name", "replaces_id",
     "app_icon", "summary", "body", "actions": [key, label, ...], "hints": {name: value},
     "hint_signatures": {name: "s"}, "expire_timeout", "sender"}
    {"event": "CloseNotification", "t", "id", "known": bool, "sender"}
    {"event": "ActionInvoked" | "ActivationToken" | "NotificationClosed", "t", "id", ...}

A control interface, org.gymbell.TestNotificationServer at /org/gymbell/TestNotificationServer
(same well-known name), lets a test play the user: InvokeAction(u id, s key), Close(u id, u reason),
SetReplyDelay(d seconds), SetProperty(s interface, s property, b value), Ping() -> s.

With --inhibited on|off (Plasma) or --paused on|off (dunst's org.dunstproject.cmd0) it also has Do Not
Disturb as a property of its object: Properties.Get answers it (--get-delay S: that much later, as a
server busy under load), SetProperty switches it and sends PropertiesChanged.

Prints "ready" on stdout once it owns both names. Run with /usr/bin/python3 (python3-dbus, python3-gi).
"""

import argparse
import json
import os
import signal
import sys
import time

import dbus
import dbus.lowlevel
import dbus.service
from dbus.mainloop.glib import DBusGMainLoop
from gi.repository import GLib

NOTIFY_NAME = "org.freedesktop.Notifications"
NOTIFY_PATH = "/org/freedesktop/Notifications"
NOTIFY_IFACE = "org.freedesktop.Notifications"

CONTROL_NAME = "org.gymbell.TestNotificationServer"
CONTROL_PATH = "/org/gymbell/TestNotificationServer"
CONTROL_IFACE = "org.gymbell.TestNotificationServer"

DEFAULT_CAPABILITIES = "actions,body,body-markup,sound,persistence"

# NotificationClosed reasons (spec 1.2).
REASON_EXPIRED, REASON_DISMISSED, REASON_CLOSE_CALL, REASON_UNDEFINED = 1, 2, 3, 4


class ControlError(dbus.DBusException):
    _dbus_error_name = CONTROL_IFACE + ".Error"


def plain(value):
    """A dbus-python value as plain JSON (bool before int: dbus.Boolean is an int)."""
    if isinstance(value, dbus.Boolean):
        return bool(value)
    if isinstance(value, (dbus.Array, dbus.Struct, list, tuple)):
        return [plain(v) for v in value]
    if isinstance(value, dbus.Dictionary):
        return {str(k): plain(v) for k, v in value.items()}
    if isinstance(value, (dbus.String, dbus.ObjectPath, dbus.Signature, str)):
        return str(value)
    if isinstance(value, (dbus.Double, float)):
        return float(value)
    if isinstance(value, int):
        return int(value)
    if isinstance(value, bytes):
        return list(value)
    return repr(value)


_SIGNATURES = [
    (dbus.Boolean, "b"), (dbus.Byte, "y"), (dbus.Int16, "n"), (dbus.UInt16, "q"),
    (dbus.Int32, "i"), (dbus.UInt32, "u"), (dbus.Int64, "x"), (dbus.UInt64, "t"),
    (dbus.Double, "d"), (dbus.ObjectPath, "o"), (dbus.Signature, "g"), (dbus.String, "s"),
]


def signature_of(value):
    """The D-Bus type signature a hint value arrived with (e.g. "s" for sound-name)."""
    for cls, sig in _SIGNATURES:
        if isinstance(value, cls):
            return sig
    if isinstance(value, dbus.Array):
        return "a" + (str(value.signature) if value.signature else "?")
    if isinstance(value, dbus.Dictionary):
        return "a{" + (str(value.signature) if value.signature else "??") + "}"
    if isinstance(value, dbus.Struct):
        return "(" + "".join(signature_of(v) for v in value) + ")"
    return "?"


class EventLog:
    def __init__(self, path):
        self.path = path

    def write(self, event, **fields):
        record = {"event": event, "t": fields.pop("t", time.time())}
        record.update(fields)
        line = json.dumps(record, ensure_ascii=False) + "\n"
        # One write per line on an O_APPEND descriptor: a reader never sees half of a line
        # followed by another record.
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
        try:
            os.write(fd, line.encode("utf-8"))
        finally:
            os.close(fd)


class Notifications(dbus.service.Object):
    def __init__(self, conn, log, options):
        super().__init__(conn, NOTIFY_PATH)
        self.conn = conn
        self.log = log
        self.capabilities = [c for c in options.capabilities.split(",") if c]
        self.identity = options.identity.split(",", 2)
        self.reply_delay = options.reply_delay
        self.unicast = options.unicast_signals
        self.activation_token = options.activation_token
        self.get_delay = options.get_delay
        # Do Not Disturb as Plasma (Inhibited) or dunst (paused) has it, where asked for
        self.properties = {}
        if options.inhibited is not None:
            self.properties[(NOTIFY_IFACE, "Inhibited")] = options.inhibited == "on"
        if options.paused is not None:
            self.properties[("org.dunstproject.cmd0", "paused")] = options.paused == "on"
        self.next_id = 1
        self.open = {}  # id -> {"sender": unique name, "actions": [...]}

    # --- org.freedesktop.Notifications -------------------------------------------------------

    @dbus.service.method(NOTIFY_IFACE, in_signature="", out_signature="as")
    def GetCapabilities(self):
        return dbus.Array(self.capabilities, signature="s")

    @dbus.service.method(NOTIFY_IFACE, in_signature="", out_signature="ssss")
    def GetServerInformation(self):
        return tuple(self.identity) + ("1.2",)

    @dbus.service.method(
        NOTIFY_IFACE,
        in_signature="susssasa{sv}i",
        out_signature="u",
        sender_keyword="sender",
        async_callbacks=("reply", "error"),
    )
    def Notify(self, app_name, replaces_id, app_icon, summary, body, actions, hints,
               expire_timeout, sender=None, reply=None, error=None):
        t = time.time()
        replaces_id = int(replaces_id)
        if replaces_id and replaces_id in self.open:
            nid = replaces_id
        else:
            nid = self.next_id
            self.next_id += 1
        self.open[nid] = {"sender": str(sender), "actions": [str(a) for a in actions]}
        self.log.write(
            "Notify",
            t=t,
            id=nid,
            app_name=str(app_name),
            replaces_id=replaces_id,
            app_icon=str(app_icon),
            summary=str(summary),
            body=str(body),
            actions=[str(a) for a in actions],
            hints={str(k): plain(v) for k, v in hints.items()},
            hint_signatures={str(k): signature_of(v) for k, v in hints.items()},
            expire_timeout=int(expire_timeout),
            sender=str(sender),
        )
        if self.reply_delay > 0:
            # Reply later from the main loop, which stays free to serve other calls meanwhile.
            def deliver():
                reply(dbus.UInt32(nid))
                return False

            GLib.timeout_add(int(self.reply_delay * 1000), deliver)
        else:
            reply(dbus.UInt32(nid))

    # --- Do Not Disturb as a property of the server (Plasma's Inhibited, dunst's paused) ---------

    @dbus.service.method("org.freedesktop.DBus.Properties", in_signature="ss", out_signature="v",
                         async_callbacks=("reply", "error"))
    def Get(self, interface, prop, reply=None, error=None):
        value = self.properties.get((str(interface), str(prop)))
        if value is None:
            error(dbus.exceptions.DBusException(f"no property {prop}", name="org.freedesktop.DBus.Error.UnknownProperty"))
            return
        if self.get_delay > 0:
            GLib.timeout_add(int(self.get_delay * 1000), lambda: (reply(dbus.Boolean(value, variant_level=1)), False)[1])
        else:
            reply(dbus.Boolean(value, variant_level=1))

    @dbus.service.signal("org.freedesktop.DBus.Properties", signature="sa{sv}as")
    def PropertiesChanged(self, interface, changed, invalidated):
        pass

    def set_property(self, interface, prop, value):
        self.properties[(interface, prop)] = value
        self.PropertiesChanged(interface, {prop: dbus.Boolean(value, variant_level=1)}, dbus.Array([], signature="s"))

    @dbus.service.method(NOTIFY_IFACE, in_signature="u", out_signature="", sender_keyword="sender")
    def CloseNotification(self, nid, sender=None):
        nid = int(nid)
        known = nid in self.open
        self.log.write("CloseNotification", id=nid, known=known, sender=str(sender))
        if known:
            self.close(nid, REASON_CLOSE_CALL)
        # Unknown ids get an empty reply, as most servers do (the spec allows an error).

    @dbus.service.signal(NOTIFY_IFACE, signature="uu")
    def NotificationClosed(self, nid, reason):
        pass

    @dbus.service.signal(NOTIFY_IFACE, signature="us")
    def ActionInvoked(self, nid, action_key):
        pass

    @dbus.service.signal(NOTIFY_IFACE, signature="us")
    def ActivationToken(self, nid, token):
        pass

    # --- what the control interface drives ---------------------------------------------------

    def emit(self, member, signature, *args, destination=None):
        if self.unicast and destination:
            msg = dbus.lowlevel.SignalMessage(NOTIFY_PATH, NOTIFY_IFACE, member)
            msg.set_destination(destination)
            msg.append(*args, signature=signature)
            self.conn.send_message(msg)
        else:
            getattr(self, member)(*args)

    def invoke_action(self, nid, key):
        entry = self.open.get(nid)
        if entry is None:
            raise ControlError(f"notification {nid} is not open")
        keys = entry["actions"][0::2]
        if key not in keys:
            raise ControlError(f"notification {nid} has no action {key!r} (actions: {keys})")
        if self.activation_token:
            token = f"gymbell-test-token-{nid}"
            self.emit("ActivationToken", "us", dbus.UInt32(nid), token, destination=entry["sender"])
            self.log.write("ActivationToken", id=nid, token=token)
        self.emit("ActionInvoked", "us", dbus.UInt32(nid), key, destination=entry["sender"])
        self.log.write("ActionInvoked", id=nid, key=key)
        # Like dunst, the notification stays open: the client closes what it handled.

    def close(self, nid, reason):
        entry = self.open.pop(nid, None)
        if entry is None:
            raise ControlError(f"notification {nid} is not open")
        self.emit("NotificationClosed", "uu", dbus.UInt32(nid), dbus.UInt32(reason),
                  destination=entry["sender"])
        self.log.write("NotificationClosed", id=nid, reason=reason)


class Control(dbus.service.Object):
    def __init__(self, conn, notifications):
        super().__init__(conn, CONTROL_PATH)
        self.notifications = notifications

    @dbus.service.method(CONTROL_IFACE, in_signature="us", out_signature="")
    def InvokeAction(self, nid, key):
        self.notifications.invoke_action(int(nid), str(key))

    @dbus.service.method(CONTROL_IFACE, in_signature="uu", out_signature="")
    def Close(self, nid, reason):
        self.notifications.close(int(nid), int(reason))

    @dbus.service.method(CONTROL_IFACE, in_signature="ssb", out_signature="")
    def SetProperty(self, interface, prop, value):
        """Switches Do Not Disturb as the server's own property (Inhibited, paused): PropertiesChanged."""
        self.notifications.set_property(str(interface), str(prop), bool(value))

    @dbus.service.method(CONTROL_IFACE, in_signature="d", out_signature="")
    def SetReplyDelay(self, seconds):
        self.notifications.reply_delay = float(seconds)

    @dbus.service.method(CONTROL_IFACE, in_signature="", out_signature="au")
    def OpenNotifications(self):
        return dbus.Array(sorted(self.notifications.open), signature="u")

    @dbus.service.method(CONTROL_IFACE, in_signature="", out_signature="s")
    def Ping(self):
        return "pong"


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("log", help="file to append one JSON line per event to")
    parser.add_argument("--address", default=os.environ.get("DBUS_SESSION_BUS_ADDRESS"),
                        help="bus address (default: $DBUS_SESSION_BUS_ADDRESS)")
    parser.add_argument("--capabilities", default=DEFAULT_CAPABILITIES,
                        help="comma-separated GetCapabilities answer (default: %(default)s)")
    parser.add_argument("--identity", default="gymbell-test-notification-server,gymbell,1.0", metavar="NAME,VENDOR,VERSION",
                        help="GetServerInformation's answer, e.g. a real server's to be taken for it "
                             "(default: %(default)s)")
    parser.add_argument("--reply-delay", type=float, default=0.0, metavar="SECONDS",
                        help="answer Notify this much later (the server stays responsive)")
    parser.add_argument("--inhibited", choices=("on", "off"),
                        help="offer Plasma's Inhibited property (Do Not Disturb), on or off")
    parser.add_argument("--paused", choices=("on", "off"),
                        help="offer dunst's org.dunstproject.cmd0 paused property, on or off")
    parser.add_argument("--get-delay", type=float, default=0.0, metavar="SECONDS",
                        help="answer each Properties.Get this much later (a server slow under load)")
    parser.add_argument("--unicast-signals", action="store_true",
                        help="send ActionInvoked/NotificationClosed to the notification's sender "
                             "only (as dunst does) instead of broadcasting them")
    parser.add_argument("--activation-token", action="store_true",
                        help="emit ActivationToken before ActionInvoked")
    options = parser.parse_args(argv)
    if not options.address:
        parser.error("no bus address: pass --address or set DBUS_SESSION_BUS_ADDRESS")

    DBusGMainLoop(set_as_default=True)
    conn = dbus.bus.BusConnection(options.address)
    conn.set_exit_on_disconnect(True)
    log = EventLog(options.log)
    notifications = Notifications(conn, log, options)
    control = Control(conn, notifications)
    try:
        names = [dbus.service.BusName(name, conn, do_not_queue=True)
                 for name in (NOTIFY_NAME, CONTROL_NAME)]
    except dbus.exceptions.NameExistsException as e:
        print(f"notification_server: {e}", file=sys.stderr)
        return 1

    loop = GLib.MainLoop()
    for signum in (signal.SIGTERM, signal.SIGINT):
        GLib.unix_signal_add(GLib.PRIORITY_HIGH, signum, lambda *_: (loop.quit(), False)[1])
    print("ready", flush=True)
    loop.run()
    del names, control
    return 0


if __name__ == "__main__":
    sys.exit(main())
