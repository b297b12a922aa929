"""Every control of every page reached by the keyboard (issue 46, item 1: "a test tabs through each page
and reaches every control"): Today, the live screen, the four pages of Workouts and programme and the
Preferences, each walked with Tab from its first stop until the focus comes round again; every showing,
sensitive control of the page (a button, a switch, a field, a list to choose from) must have had the
focus on the way, and no stop may hold it (a trap). Real GTK under Xvfb, xdotool keys, the focus read
over AT-SPI; without a window manager the keyboard follows the pointer, which rests over the window."""

import time

from conftest import wait_until
from test_programme import TODAY_PROGRAM, page
from test_window_narrow import CONTROLS

#: the window's own buttons, drawn by the header bar for the window manager's sake
FRAME_BUTTONS = {"Minimize", "Maximize", "Close"}


def keys(window, *names):
    window.display.xdotool("key", "--delay", "40", *names, timeout=20)


def frame_nodes(window, frame_name):
    """The showing nodes of the top-level window named `frame_name`, in tree order."""
    nodes, inside = [], False
    for node in window.showing():
        if node["role"] in ("frame", "dialog", "window"):
            inside = node["name"] == frame_name
        elif inside:
            nodes.append(node)
    return nodes


def controls(window, frame_name):
    """(role, name) of each control a person can use on the page showing now."""
    return {(n["role"], n["name"]) for n in frame_nodes(window, frame_name)
            if n["role"] in CONTROLS and n.get("sensitive", True) and n.get("extents", [0, 0, 0, 0])[2] > 0
            and n["name"] not in FRAME_BUTTONS}


def focused(window, frame_name):
    node = next((n for n in frame_nodes(window, frame_name) if n.get("focused")), None)
    return (node["role"], node["name"]) if node else None


def walk(window, frame_name, limit=90):
    """Tab from where the focus is until it comes round to its first stop again; the stops in order. A
    stop is None where no node says it has the focus: GTK 4.8 does not tell AT-SPI the focus of an
    AdwEntryRow's text (the row's field has it, its text selected, on screen)."""
    stops = []
    for _ in range(limit):
        keys(window, "Tab")
        time.sleep(0.15)
        stop = focused(window, frame_name) or (time.sleep(0.5), focused(window, frame_name))[1]
        known = [s for s in stops if s is not None]
        if stop is not None and len(known) >= 3 and stops[-3:] == [stop] * 3:
            raise AssertionError(f"the focus is held at {stop} (a trap): {stops}")
        stops.append(stop)
        if stop is not None and known and stop == known[0]:
            return stops  # round again to the first stop
    return stops


def check_every_control_reached(window, frame_name, what, before=frozenset()):
    """`before`: the controls of the window's pages walked before — GTK 4.8 keeps a page it hid showing
    to AT-SPI with its last extents, so those are not this page's. The controls walked are returned."""
    wanted = controls(window, frame_name) - before
    assert wanted, f"no control on {what}"
    stops = walk(window, frame_name)
    missed = wanted - set(stops)
    # An entry row's field is a stop that names no node (above): one such stop for each field missed.
    fields = {c for c in missed if c[0] == "text"}
    assert not missed - fields, f"{what}: Tab never reached {sorted(missed - fields)}; it went {stops}"
    assert stops.count(None) >= len(fields), f"{what}: Tab never reached {sorted(fields)}; it went {stops}"
    print(f"{what}: {len(wanted)} controls, round in {len(stops) - 1} stops")
    return wanted


def test_tab_reaches_every_control_of_every_page(daemon, window, write_config, cli):
    write_config(TODAY_PROGRAM)
    daemon.start()
    assert cli("weights", "--set", "Bench Press", "--to", "82.5").returncode == 0  # the Weights page has a reset
    window.launch()
    window.wait_for_text(r"^Push Day$")
    window.display.move(200, 300)
    check_every_control_reached(window, "gymbell", "Today")

    assert cli("start").returncode == 0
    window.wait_for_text(r"Bench Press — set 1 of 2")
    check_every_control_reached(window, "gymbell", "the live screen")
    assert cli("stop").returncode == 0
    window.wait_for_text(r"^(Next workout reminder|Workout ended|Workout stopped)$", timeout=15)

    window.press("Workouts and programme")
    window.wait_for_text(r"^Choose a workout to change it\.$")
    window.display.move(600, 700)
    window.display.move(200, 300)
    seen = frozenset()
    for name in ("Workouts", "Programme", "Weights", "Log"):
        page(window, name)
        time.sleep(0.5)
        seen |= check_every_control_reached(window, "Workouts and programme", f"Workouts and programme: {name}", seen)
    window.display.xdotool("key", "ctrl+w")

    window.press("Preferences")
    window.wait_for_text(r"^Learn the time$")
    window.display.move(600, 700)  # out and back in: the new window under the pointer takes the keyboard
    window.display.move(200, 300)
    general = check_every_control_reached(window, "Preferences", "the Preferences: General")
    page(window, "Your kit")
    time.sleep(0.5)
    check_every_control_reached(window, "Preferences", "the Preferences: Your kit", general)
