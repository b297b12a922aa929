"""A click on the daily reminder raises gymbell's window that is already open behind another program's
window, on Wayland (issue 49, part 3) — in front, not announced ("gymbell is ready").

The real daemon launches `gymbell-window --today` for the click with an activation token: the server's
(Plasma: KWin's, sent with the click) or, where the server sends none, one of the daemon's own
(GNOME Shell 43: `gtk_shell1.notify_launch`; sway: an `xdg_activation_v1` token). That second
gymbell-window hands it to the open one, which presents itself with it (docs/window.md).

Each desktop: the daemon with the reminder hours away; gymbell's window opened on Today (a Wayland
client); a zenity text window put in front of it (GNOME Shell maximises it, KWin stacks it on top; on
sway both are tabs of one container, the other showing, with `focus_on_window_activation smart`: sway's
default, `urgent`, only marks the window); then the reminder's time set a few seconds on
(`gymbell config set`, taken up by the running daemon), a real pointer click on the reminder's text, and
the screen read with OCR until Today's text, hidden by the other window before, is on screen, and no
"is ready". On sway the pointer then moves, as a person's does: sway 1.7 applies the focus an
activation asks for with the next change of its tree, not at once.

Run: GYMBELL_DESKTOPS=gnome /usr/bin/python3 -m pytest tests/desktops/test_window_raise.py -q -p no:cacheprovider
"""

import os
import shutil
import subprocess
import time
from pathlib import Path

import pytest

import screen
from test_matrix import Desktop, _missing, local_time_in, PUSH, today

SERVERS = ("gnome", "swaync", "plasma-wayland")
#: what the other window shows: words OCR reads, none of them in gymbell's window
OTHER_TEXT = "QUARTERLY LEDGER\n\nInvoices overdue\nPayroll batch\n" * 3
OTHER_WORDS = "Payroll batch"
#: what gymbell's Today shows (the window's heading of the next reminder)
TODAY = "Next workout reminder"
SCREEN = (0, 0, 1280, 800)
#: from the time set to the reminder on screen: the daemon takes up the file (inotify), the server draws it
REMINDER_IN = 8


def _params():
    only = {n for n in os.environ.get("GYMBELL_DESKTOPS", "").split(",") if n}
    params = []
    for name in SERVERS:
        if only and name not in only:
            continue
        lacking = _missing(name) + ([] if shutil.which("zenity") else ["zenity"])
        params.append(pytest.param(name, marks=pytest.mark.skipif(bool(lacking), reason=f"not installed: {lacking}")))
    return params


@pytest.fixture(params=_params())
def desktop(request, env, gymbell_bin, artifacts):
    if not (Path(gymbell_bin).parent / "gymbell-window").is_file():
        pytest.fail(f"no gymbell-window beside {gymbell_bin}: build it (`swift build`)", pytrace=False)
    env.vars["GSK_RENDERER"] = "cairo"  # no llvmpipe GL for the window
    d = Desktop(request.param, env, gymbell_bin, artifacts, request)
    d.programs = []
    try:
        d.start()
        yield d
    finally:
        for p in d.programs:
            if p.poll() is None:
                p.terminate()
                try:
                    p.wait(5)
                except subprocess.TimeoutExpired:
                    p.kill()
        d.stop()


def _launch(d, argv, log):
    """A program of the session, as a Wayland client of the compositor."""
    env = dict(d.env.vars)
    env.pop("DISPLAY", None)
    env["GDK_BACKEND"] = "wayland"
    if os.environ.get("GYMBELL_WAYLAND_DEBUG"):  # the window's Wayland requests in its log (activate, tokens)
        env["WAYLAND_DEBUG"] = "client"
    p = subprocess.Popen(argv, env=env, stdout=open(d.artifacts / log, "wb"), stderr=subprocess.STDOUT,
                         stdin=subprocess.DEVNULL, start_new_session=True)
    d.programs.append(p)
    return p


def _wait_screen(d, label, until, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        png = d.shot(label)
        if until(png):
            return png
        assert time.monotonic() < deadline, \
            f"{d.name}: {what} within {timeout:.0f} s; read: {screen.text(png, SCREEN)!r} ({png})"
        time.sleep(0.5)


@pytest.mark.time_limit(300)
def test_a_click_on_the_reminder_raises_the_open_window_from_behind_another(desktop):
    d = desktop
    later, _ = local_time_in(3 * 3600)
    d.env.write_config(f'[reminders]\ntime = "{later}"\ndays = ["{today()}"]\n[program]\n{today()} = "push"\n' + PUSH)
    d.daemon.start()
    _launch(d, [str(Path(d.binary).parent / "gymbell-window"), "--today"], "window.log")
    _wait_screen(d, "window", lambda png: screen.contains(png, TODAY, SCREEN), 30, "gymbell's window on Today")
    ledger = d.artifacts / "ledger.txt"
    ledger.write_text(OTHER_TEXT)
    _launch(d, ["zenity", "--text-info", f"--filename={ledger}", "--title=Ledger", "--width=1200", "--height=760"],
            "zenity.log")
    if d.name == "swaync":
        for command in (["layout", "tabbed"], ["focus_on_window_activation", "smart"]):
            subprocess.run(["swaymsg", *command], env=d.env.vars, check=True, capture_output=True, timeout=10)
    png = _wait_screen(d, "covered", lambda png: screen.contains(png, OTHER_WORDS, SCREEN)
                       and not screen.contains(png, TODAY, SCREEN), 30, "the other window in front of gymbell's")

    hms, due = local_time_in(REMINDER_IN)
    d.cli("config", "set", "reminders.time", hms)
    png = d.wait_to_see("Workout Time", timeout=due - time.time() + 10, label="daily")
    def look(png):
        return screen.find(png, "Push Day", d.server.notification_area)

    body = look(png)
    assert body, f"{d.name}: the reminder's body is not on screen ({png})"
    body = d._settled(body, look, "body")  # swaync slides its popups in: clicked where it stays
    d.server.move(*body)
    time.sleep(0.3)
    began = time.monotonic()
    d.server.click(*body)
    if d.name == "swaync":
        time.sleep(1.0)
        d.server.move(640, 500)  # over the other window: moving alone does not switch tabs
    png = _wait_screen(d, "raised", lambda png: screen.contains(png, TODAY, SCREEN), 20,
                       "gymbell's window raised in front after the click")
    print(f"{d.name}: click → gymbell's window in front in {time.monotonic() - began:.2f} s")
    text = screen.text(png, SCREEN)
    assert "is ready" not in text, f"{d.name}: announced, not raised: {text!r} ({png})"
    log = d.daemon.output()
    assert "opening the window" in log
    expected = "server's" if d.name == "plasma-wayland" else "own"
    assert f"activation_token={expected}" in log, f"{d.name}: the click's token is the {expected}"
    assert d.status()["session"] is None, f"{d.name}: a click on the body must not start the workout"
