"""A click on the body of the daily reminder opens the window on Today (issue 29), where the server draws
Start Workout as a button of its own (ServerProfile.clickOpensWindow): the recording notification
server answers GetServerInformation as Plasma and plays the click (ActionInvoked "default"); the real
daemon launches gymbell-window --today, whose GApplication opens the window or hands the action to the
open one. Asserted on the bus (the window's name and its owner), in the accessibility tree and in the
daemon's answers: no workout starts. tests/desktops/test_reminder_window.py clicks a real bubble."""

import json
import os
import time
from pathlib import Path

import dbus
import pytest

from conftest import APP_NAME, wait_until
from gymbell_e2e_harness import Recorder, local_hms_ahead
from workout_config import program, push_workout, weekday

PLASMA = "Plasma,KDE,5.27.5"


def window_owner_pid(env):
    """The pid owning the window's bus name (its GApplication), or None."""
    bus = env.connect()
    try:
        owner = bus.get_name_owner(APP_NAME)
        return int(bus.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                     "GetConnectionUnixProcessID", "s", (owner,)))
    except dbus.exceptions.DBusException:
        return None
    finally:
        bus.close()


def window_processes(window):
    """Processes of this gymbell-window on this test's display (the machine may run other checkouts' or
    other streams' tests) now, as (pid, argv)."""
    binary, display = window.binary, f"DISPLAY={window.display.name}".encode()
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                argv = (entry / "cmdline").read_bytes().split(b"\0")
                environ = (entry / "environ").read_bytes().split(b"\0")
            except OSError:
                continue
            if argv and os.path.realpath(argv[0]) == os.path.realpath(binary).encode() and display in environ:
                found.append((int(entry.name), [a.decode() for a in argv if a]))
    return found


@pytest.fixture
def server(start_server, request):
    """The recording notification server, answering GetServerInformation as Plasma (for `daemon` too);
    for a test named for the activation token, sending ActivationToken before ActionInvoked as Plasma does."""
    token = ("--activation-token",) if "activation_token" in request.node.name else ()
    return start_server("--identity", PLASMA, *token)


@pytest.fixture
def plasma_daily(env, window, server, write_config):
    """The recording server taken for Plasma, a daily reminder 3 s ahead, and the daemon started with
    the display in its environment (as a desktop session gives it)."""
    notifications = server
    env.vars.update(window.vars)
    env.vars.pop("NO_AT_BRIDGE", None)
    hms, due = local_hms_ahead(3)
    day = weekday(at=due)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = ["{day}"]\n' + program("push", [day]) + push_workout(weight=None))
    return notifications, Recorder(notifications.log), due


def test_a_click_on_the_daily_reminder_opens_the_window_on_today(daemon, window, plasma_daily, cli,
                                                                 record_timing):
    notifications, recorder, due = plasma_daily
    daemon.start()
    assert window_owner_pid(daemon.env) is None
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 5)
    # Start Workout stays a button; the click on the body is "default", which Plasma draws as no button
    assert daily["actions"] == ["start", "Start Workout", "snooze", "Snooze 1 hour", "default", "Open gymbell"]
    began = time.monotonic()
    notifications.invoke_action(daily["id"], "default")
    pid = wait_until(lambda: window_owner_pid(daemon.env), 15, interval=0.02, what="the window's bus name")
    record_timing("click on the reminder to the window's bus name", time.monotonic() - began)
    assert [argv[1:] for p, argv in window_processes(window) if p == pid] == [["--today"]], "the daemon launched it"
    window.wait_for_text(r"^Next workout reminder$")
    window.wait_for_text(r"^Push Day$")
    record_timing("click on the reminder to Today readable", time.monotonic() - began)
    assert json.loads(cli("status", "--json").stdout)["session"] is None, "a click on the body starts no workout"
    assert "opening the window" in daemon.output()
    # X11 and no token from the server: none of the daemon's own either, and libwayland-client not even loaded
    assert "activation_token=none" in daemon.output()
    assert "libwayland-client" not in Path(f"/proc/{daemon.pid}/maps").read_text()
    assert recorder.closes(lambda r: r["id"] == daily["id"]), "answered: gymbell takes it off the screen"


def test_a_click_on_the_daily_reminder_presents_the_open_window(daemon, window, plasma_daily, cli):
    notifications, recorder, due = plasma_daily
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    first = window.proc.pid
    window.click("Preferences")  # the window is behind its Preferences
    window.node("spin button", "Reminder hour")
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 5)
    notifications.invoke_action(daily["id"], "default")
    wait_until(lambda: "opening the window" in daemon.output(), 5, what="the daemon to open the window")
    # the second gymbell-window handed "show-today" to the first and went: one window, one process
    wait_until(lambda: [p for p, _ in window_processes(window)] == [first], 15, what="one gymbell-window process left")
    assert window_owner_pid(daemon.env) == first
    window.wait_for_text(r"^Next workout reminder$")
    frames = [n.get("name") for n in window.tree() if n["role"] == "frame"]
    assert len(frames) == 2, frames  # the one window and its Preferences, no second window
    assert json.loads(cli("status", "--json").stdout)["session"] is None


def test_the_click_s_activation_token_reaches_the_window(daemon, window, plasma_daily, cli):
    """Issue 49: a server that sends ActivationToken before ActionInvoked (notification spec 1.2: Plasma,
    GNOME Shell) has its token handed to the window the click opens — XDG_ACTIVATION_TOKEN (Wayland's
    xdg-activation) and DESKTOP_STARTUP_ID (X11) in its environment, which GTK reads to raise its window
    instead of having the compositor announce it. Read from the launched process's /proc environ."""
    notifications, recorder, due = plasma_daily
    daemon.start()
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + 5)
    notifications.invoke_action(daily["id"], "default")
    pid = wait_until(lambda: window_owner_pid(daemon.env), 15, interval=0.02, what="the window's bus name")
    variables = dict(entry.split(b"=", 1) for entry in Path(f"/proc/{pid}/environ").read_bytes().split(b"\0") if b"=" in entry)
    token = f"gymbell-test-token-{daily['id']}".encode()
    assert variables.get(b"XDG_ACTIVATION_TOKEN") == token, variables.get(b"XDG_ACTIVATION_TOKEN")
    assert variables.get(b"DESKTOP_STARTUP_ID") == token, variables.get(b"DESKTOP_STARTUP_ID")
    window.wait_for_text(r"^Next workout reminder$")
    assert json.loads(cli("status", "--json").stdout)["session"] is None, "a click on the body starts no workout"
