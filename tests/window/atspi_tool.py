"""What a screen reader sees of gymbell's window, for the window tests (run with /usr/bin/python3 and
the test's DBUS_SESSION_BUS_ADDRESS: it talks AT-SPI on the accessibility bus of that session).

  atspi_tool.py tree APP          JSON list of the app's nodes: role, name, text, description (when it has one),
                                  states (sensitive, focused), extents
  atspi_tool.py action APP NAME   the first showing push button named NAME: its default action ("click")
  atspi_tool.py do APP ROLE NAME  the first showing node of ROLE named NAME: its first action ("toggle", "click")
  atspi_tool.py value APP NAME N  the first showing spin button named NAME: its value set to N
  atspi_tool.py serve             the same commands, one JSON list of arguments per line on stdin (e.g.
                                  ["tree", APP]), each answered by one JSON line {"code", "out", "err"}:
                                  one process for a whole test rather than a Python start per question
                                  (the tests poll the tree every 0.2 s)

The tree is read with the AT-SPI D-Bus calls themselves (org.a11y.atspi.Accessible, Component, Text),
a level of the tree at a time with every call of the level in flight together: the app answers them
one after another without waiting for this process between them (a walk through libatspi asks ~8
questions per node one by one — 3.4 s for Preferences' 361 nodes on a loaded machine). Nothing is
cached between questions: each answer is what the app says now. GTK's own cache (org.a11y.atspi.Cache)
is not used: it holds only the nodes some client has already asked about.
"""

import json
import sys

import gi

gi.require_version("Atspi", "2.0")
from gi.repository import Atspi, Gio, GLib  # noqa: E402  Atspi only for its role names and state numbers

ROOT = "/org/a11y/atspi/accessible/root"
ACCESSIBLE, COMPONENT, TEXT = "org.a11y.atspi.Accessible", "org.a11y.atspi.Component", "org.a11y.atspi.Text"
VISIBLE, SENSITIVE, FOCUSED = (int(s) for s in (Atspi.StateType.VISIBLE, Atspi.StateType.SENSITIVE,
                                                 Atspi.StateType.FOCUSED))
MAX_DEPTH = 40


class A11yBus:
    """The session's accessibility bus (org.a11y.Bus.GetAddress)."""

    def __init__(self):
        session = Gio.bus_get_sync(Gio.BusType.SESSION, None)
        address = session.call_sync("org.a11y.Bus", "/org/a11y/bus", "org.a11y.Bus", "GetAddress", None,
                                    GLib.VariantType("(s)"), Gio.DBusCallFlags.NONE, 10000, None).unpack()[0]
        flags = Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION
        self.connection = Gio.DBusConnection.new_for_address_sync(address, flags, None, None)

    def calls(self, requests):
        """Every request (bus name, path, interface, method, arguments or None) sent at once; their
        answers, unpacked, in order (a GLib.Error for a call the node does not answer)."""
        results = [None] * len(requests)
        if not requests:
            return results
        loop = GLib.MainLoop()
        left = [len(requests)]

        def done(connection, result, index):
            try:
                results[index] = connection.call_finish(result).unpack()
            except GLib.Error as error:
                results[index] = error
            left[0] -= 1
            if left[0] == 0:
                loop.quit()

        for index, (bus, path, interface, method, arguments) in enumerate(requests):
            self.connection.call(bus, path, interface, method, arguments, None, Gio.DBusCallFlags.NONE, 20000,
                                 None, done, index)
        loop.run()
        return results

    def call(self, bus, path, interface, method, arguments=None):
        result = self.calls([(bus, path, interface, method, arguments)])[0]
        if isinstance(result, GLib.Error):
            raise RuntimeError(result.message)
        return result


def application(bus, name):
    """The (bus name, path) of the app registered as `name`, or None."""
    apps = bus.call("org.a11y.atspi.Registry", ROOT, ACCESSIBLE, "GetChildren")[0]
    names = bus.calls([(b, p, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name")))
                       for b, p in apps])
    return next((ref for ref, answer in zip(apps, names) if not isinstance(answer, GLib.Error) and answer[0] == name),
                None)


def has(states, state):
    return bool(states[state // 32] & (1 << (state % 32))) if len(states) > state // 32 else False


def walk(bus, app):
    """Every node, depth first; `showing` when it and all its ancestors are visible (GTK 4.8 sets no
    SHOWING state below the window; the window hides the pages it does not show). A node that is not
    showing is listed, its children not asked for (none of them can be showing)."""
    nodes = {}  # ref → entry, with "_children" (refs) while walking
    level = [(tuple(app), 0, True)]
    while level:
        requests = []
        for (name, path), _, _ in level:
            requests += [(name, path, ACCESSIBLE, "GetRole", None), (name, path, ACCESSIBLE, "GetState", None),
                         (name, path, "org.freedesktop.DBus.Properties", "Get", GLib.Variant("(ss)", (ACCESSIBLE, "Name"))),
                         (name, path, ACCESSIBLE, "GetChildren", None),
                         (name, path, COMPONENT, "GetExtents", GLib.Variant("(u)", (int(Atspi.CoordType.WINDOW),))),
                         (name, path, TEXT, "GetText", GLib.Variant("(ii)", (0, 2**31 - 1))),
                         (name, path, "org.freedesktop.DBus.Properties", "Get",
                          GLib.Variant("(ss)", (ACCESSIBLE, "Description")))]
        answers = bus.calls(requests)
        following = []
        for i, (ref, depth, parent_showing) in enumerate(level):
            role, states, name, children, extents, text, description = answers[7 * i:7 * i + 7]
            if any(isinstance(a, GLib.Error) for a in (role, states, name)):
                nodes[ref] = {"role": "error", "name": str(next(a for a in (role, states, name)
                                                                if isinstance(a, GLib.Error))), "showing": False}
                continue
            states = states[0]
            showing = parent_showing and (has(states, VISIBLE) or depth <= 1)
            entry = {
                "role": Atspi.role_get_name(Atspi.Role(role[0])),
                "name": name[0] or "",
                "showing": showing,
                "sensitive": has(states, SENSITIVE),
                "focused": has(states, FOCUSED),
                "visible": has(states, VISIBLE),  # a top-level window's own: hidden when closed
            }
            if not isinstance(text, GLib.Error):
                entry["text"] = text[0]
            if not isinstance(description, GLib.Error) and description[0]:
                entry["description"] = description[0]  # what a chart shows, in words
            if not isinstance(extents, GLib.Error):
                entry["extents"] = list(extents[0])  # the window sits at 0,0 (no window manager)
            kids = [tuple(c) for c in children[0]] if not isinstance(children, GLib.Error) else []
            entry["_children"] = kids if showing and depth < MAX_DEPTH else []
            entry["_ref"] = ref
            nodes[ref] = entry
            following += [(kid, depth + 1, showing) for kid in entry["_children"] if kid not in nodes]
        level = following
    out = []

    def flatten(ref):
        entry = nodes.get(ref)
        if entry is None:
            return
        out.append(entry)
        for kid in entry.pop("_children", []):
            flatten(kid)

    flatten(tuple(app))
    return out


def first_showing(nodes, role, name):
    """The first showing node of `role` named `name` (role None: any), in the walk's order."""
    return next((n for n in nodes if n["showing"] and (role is None or n["role"] == role) and n["name"] == name), None)


def main(argv, bus=None):
    command, app_name = argv[1], argv[2]
    bus = bus or A11yBus()
    app = application(bus, app_name)
    if app is None:
        print(json.dumps(None))
        return 0
    nodes = walk(bus, app)
    if command == "tree":
        print(json.dumps([{k: v for k, v in n.items() if not k.startswith("_")} for n in nodes]))
        return 0
    if command in ("action", "do"):
        role, name = ("push button", argv[3]) if command == "action" else (argv[3], argv[4])
        node = first_showing(nodes, role, name)
        if node is None:
            print(f"no showing {role} named {name!r}", file=sys.stderr)
            return 3
        bus.call(*node["_ref"], "org.a11y.atspi.Action", "DoAction", GLib.Variant("(i)", (0,)))
        return 0
    if command == "value":
        node = first_showing(nodes, "spin button", argv[3])
        if node is None:
            print(f"no showing node named {argv[3]!r}", file=sys.stderr)
            return 3
        bus.call(*node["_ref"], "org.freedesktop.DBus.Properties", "Set",
                 GLib.Variant("(ssv)", ("org.a11y.atspi.Value", "CurrentValue", GLib.Variant("d", float(argv[4])))))
        return 0
    print(f"unknown command {command}", file=sys.stderr)
    return 2


def serve():
    import contextlib
    import io
    bus = None
    for line in sys.stdin:
        if not line.strip():
            continue
        out, err = io.StringIO(), io.StringIO()
        try:
            bus = bus or A11yBus()
            with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
                code = main(["atspi_tool.py", *json.loads(line)], bus)
        except Exception as error:  # the app or the bus went away mid-question: answered, not fatal
            code, err, bus = 4, io.StringIO(f"{type(error).__name__}: {error}"), None
        sys.stdout.write(json.dumps({"code": code, "out": out.getvalue(), "err": err.getvalue()}) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve() if sys.argv[1:] == ["serve"] else main(sys.argv))
