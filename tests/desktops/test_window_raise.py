"""A click on the daily reminder raises gymbell's window that is already open behind another one, on
Wayland (issue 49, part 3): the real daemon hands the click's activation token to the second
`gymbell-window --today` it launches, which gives it to the running window (GApplication's
platform data), and GTK activates the window with it — in front, not "gymbell is ready".

Each desktop: the daemon, then gymbell's window opened on Today, then another program's window put in
front of it (a zenity text window; on sway both in one tabbed container, the other one showing); the
daily reminder comes, a real pointer clicks its body, and the screen is read with OCR: Today's text is
where the other window was, and the other window's text is gone.

Run: GYMBELL_DESKTOPS=gnome /usr/bin/python3 -m pytest tests/desktops/test_window_raise.py -q -p no:cacheprovider
"""

import os
import subprocess
import time
from pathlib import Path

import pytest

import screen
from test_matrix import Desktop, _missing, daily_config

SERVERS = ("gnome", "swaync")
#: what the other window shows: words OCR reads, none of them in gymbell's window
OTHER_TEXT = "QUARTERLY LEDGER\n\nInvoices overdue\nPayroll batch\n" * 3
TODAY = "Next workout reminder"
SCREEN = (0, 0, 1280, 800)


def _params():
    only = {n for n in os.environ.get("GYMBELL_DESKTOPS", "").split(",") if n}
    return [pytest.param(n, marks=pytest.mark.skipif(bool(_missing(n) or not _shutil_which("zenity")),
                                                     reason=f"not installed: {_missing(n) or ['zenity']}"))
            for n in SERVERS if not only or n in only]


def _shutil_which(name):
    import shutil
    return shutil.which(name)


@pytest.fixture(params=_params())
def desktop(request, env, gymbell_bin, artifacts):
    window = Path(gymbell_bin).parent / "gymbell-window"
    if not window.is_file():
        pytest.fail(f"no gymbell-window beside {gymbell_bin}: build it (`swift build`)", pytrace=False)
    env.vars["GSK_RENDERER"] = "cairo"
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
    env = dict(d.env.vars)
    env.pop("DISPLAY", None)  # a Wayland client of the compositor, as in a Wayland session
    env["GDK_BACKEND"] = "wayland"
    if os.environ.get("GYMBELL_WAYLAND_DEBUG"):
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
        assert time.monotonic() < deadline, f"{d.name}: {what} within {timeout:.0f} s; read: {screen.text(png, SCREEN)!r} ({png})"
        time.sleep(0.5)


def test_a_click_on_the_reminder_raises_the_open_window(desktop):
    d = desktop
    due = daily_config(d.env, 45)
    d.daemon.start()
    window = Path(d.binary).parent / "gymbell-window"
    _launch(d, [str(window), "--today"], "window-first.log")
    _wait_screen(d, "window", lambda png: screen.contains(png, TODAY, SCREEN), 25, "gymbell's window on Today")
    ledger = d.artifacts / "ledger.txt"
    ledger.write_text(OTHER_TEXT)
    _launch(d, ["zenity", "--text-info", f"--filename={ledger}", "--title=Ledger", "--width=1200", "--height=760"],
            "zenity.log")
    if d.name == "swaync":
        for command in (["layout", "tabbed"], ["focus_on_window_activation", "smart"]):
            subprocess.run(["swaymsg", *command], env=d.env.vars, check=True, capture_output=True)
    png = _wait_screen(d, "covered", lambda png: screen.contains(png, "Payroll batch", SCREEN)
                       and not screen.contains(png, TODAY, SCREEN), 25, "the other window in front of gymbell's")
    assert due - time.time() > 3, f"{d.name}: the windows took until the reminder's time ({png})"
    png = d.wait_to_see("Workout Time", timeout=due - time.time() + 8, label="daily")
    body = screen.find(png, "Push Day", d.server.notification_area)
    assert body, f"{d.name}: the reminder's body is not on screen ({png})"
    d.server.move(*body)
    time.sleep(0.3)
    began = time.monotonic()
    d.server.click(*body)
    if d.name == "swaync":
        time.sleep(2)
        d.server.move(640, 500)
    png = _wait_screen(d, "raised", lambda png: screen.contains(png, TODAY, SCREEN), 20,
                       "gymbell's window raised in front after the click")
    print(f"{d.name}: click → gymbell's window in front in {time.monotonic() - began:.2f} s")
    text = screen.text(png, SCREEN)
    assert "is ready" not in text, f"{d.name}: announced, not raised: {text!r} ({png})"
    assert "opening the window" in d.daemon.output()
