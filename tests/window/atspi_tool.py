"""What a screen reader sees of gymbell's window, for the window tests (run with /usr/bin/python3 and
the test's DBUS_SESSION_BUS_ADDRESS: pyatspi talks to the accessibility bus of that session).

  atspi_tool.py tree APP          JSON list of the app's nodes: role, name, text, states (sensitive, focused), extents
  atspi_tool.py action APP NAME   the first push button named NAME: its default action ("click")
  atspi_tool.py do APP ROLE NAME  the first showing node of ROLE named NAME: its first action ("toggle", "click")
  atspi_tool.py value APP NAME N  the first showing spin button named NAME: its value set to N
"""

import json
import sys

import pyatspi


def application(name):
    desktop = pyatspi.Registry.getDesktop(0)
    for i in range(desktop.childCount):
        app = desktop.getChildAtIndex(i)
        if app is not None and app.name == name:
            return app
    return None


def walk(node, out, depth=0, parent_visible=True):
    """Every node, depth first; `showing` when it and all its ancestors are visible (GTK 4.8 sets no
    SHOWING state below the window; the window hides the pages it does not show)."""
    if node is None or depth > 40:
        return
    try:
        states = node.getState()
        showing = parent_visible and (states.contains(pyatspi.STATE_VISIBLE) or depth <= 1)
        entry = {
            "role": node.getRoleName(),
            "name": node.name or "",
            "showing": showing,
            "sensitive": states.contains(pyatspi.STATE_SENSITIVE),
            "focused": states.contains(pyatspi.STATE_FOCUSED),
            "visible": states.contains(pyatspi.STATE_VISIBLE),  # a top-level window's own: hidden when closed
        }
        try:
            text = node.queryText()
            entry["text"] = text.getText(0, text.characterCount)
        except NotImplementedError:
            pass
        try:
            ext = node.queryComponent().getExtents(pyatspi.WINDOW_COORDS)  # the window sits at 0,0 (no window manager)
            entry["extents"] = [ext.x, ext.y, ext.width, ext.height]
        except NotImplementedError:
            pass
        out.append(entry)
        for i in range(node.childCount):
            walk(node.getChildAtIndex(i), out, depth + 1, showing)
    except Exception as error:  # a node that went away while walking
        out.append({"role": "error", "name": str(error), "showing": False})


def find_button(node, name, depth=0, role="push button"):
    """The first visible node of `role` named `name` under `node` (hidden pages skipped; role None: any)."""
    if node is None or (depth > 1 and not node.getState().contains(pyatspi.STATE_VISIBLE)):
        return None
    if (role is None or node.getRoleName() == role) and node.name == name:
        return node
    for i in range(node.childCount):
        found = find_button(node.getChildAtIndex(i), name, depth + 1, role)
        if found is not None:
            return found
    return None


def main(argv):
    command, app_name = argv[1], argv[2]
    app = application(app_name)
    if app is None:
        print(json.dumps(None))
        return 0
    if command == "tree":
        out = []
        walk(app, out)
        print(json.dumps(out))
        return 0
    if command == "action":
        button = find_button(app, argv[3])
        if button is None:
            print(f"no showing push button named {argv[3]!r}", file=sys.stderr)
            return 3
        action = button.queryAction()
        action.doAction(0)
        return 0
    if command == "do":
        node = find_button(app, argv[4], role=argv[3])
        if node is None:
            print(f"no showing {argv[3]} named {argv[4]!r}", file=sys.stderr)
            return 3
        node.queryAction().doAction(0)
        return 0
    if command == "value":
        node = find_button(app, argv[3], role="spin button")
        if node is None:
            print(f"no showing node named {argv[3]!r}", file=sys.stderr)
            return 3
        node.queryValue().currentValue = float(argv[4])
        return 0
    print(f"unknown command {command}", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv))
