"""A pointer click on the body of the daily reminder opens gymbell's window on Today (issue 29), on real
servers that draw Start Workout as a button of its own: Plasma and GNOME Shell (a click on the text), and
xfce4-notifyd, where a click on the bubble only closes it (0.7's button-release handler emits nothing
but "closed") and the click's action is drawn as a third button, "Open gymbell", which is clicked
instead. The real daemon launches the real gymbell-window on the server's display; the screen is read
with OCR: the bubble's buttons, then the window's Today. No workout starts.

Run: /usr/bin/python3 -m pytest tests/desktops/test_reminder_window.py -q -p no:cacheprovider
"""

import time
from pathlib import Path

import pytest

import screen
from desktop_support import H
from test_matrix import Desktop, _missing, daily_config

SERVERS = ("xfce", "plasma", "plasma-wayland", "gnome")
#: gymbell-window without a window manager sits at 0,0 (560 × 640); with kwin or GNOME Shell near the top left
WINDOW_AREA = (0, 0, 800, 760)


@pytest.fixture(params=[pytest.param(n, marks=pytest.mark.skipif(bool(_missing(n)), reason=f"not installed: {_missing(n)}"))
                        for n in SERVERS])
def desktop(request, env, gymbell_bin, artifacts):
    window = Path(gymbell_bin).parent / "gymbell-window"
    if not window.is_file():
        pytest.fail(f"no gymbell-window beside {gymbell_bin}: build it (`swift build`)", pytrace=False)
    env.vars["GSK_RENDERER"] = "cairo"  # no llvmpipe GL for the window under Xvfb
    d = Desktop(request.param, env, gymbell_bin, artifacts, request)
    try:
        d.start()
        yield d
    finally:
        d.stop()


def test_a_click_on_the_reminders_body_opens_the_window_on_today(desktop):
    d = desktop
    due = daily_config(d.env, 5)
    d.daemon.start()
    png = d.wait_to_see("Workout Time", timeout=due - time.time() + 5, label="daily")
    body = screen.find(png, "Push Day", d.server.notification_area)
    assert body, f"{d.name}: the reminder's body is not on screen ({png})"
    d.server.move(*body)  # the pointer rests on the text first
    time.sleep(0.3)
    png = d.shot("hover")
    assert d.sees(png, "Start Workout"), f"{d.name}: Start Workout is a button beside the body ({png})"
    target = body  # the body's text, not a button
    if d.name == "xfce":
        target = screen.find(png, "Open gymbell", d.server.notification_area)
        assert target, f"{d.name}: the click's action is drawn as a button of its own ({png})"
    began = time.monotonic()
    d.server.click(*target)
    deadline = began + 20
    while True:
        png = d.shot("window")
        if screen.contains(png, "Next workout reminder", WINDOW_AREA):
            break
        assert time.monotonic() < deadline, \
            f"{d.name}: the window's Today not on screen 20 s after the click; read: {screen.text(png, WINDOW_AREA)!r} ({png})"
        time.sleep(0.3)
    print(f"{d.name}: click on the reminder → Today on screen in {time.monotonic() - began:.2f} s")
    assert screen.contains(png, "Push Day", WINDOW_AREA), f"{d.name}: Today names the workout ({png})"
    assert d.status()["session"] is None, f"{d.name}: a click on the body must not start the workout"
    assert "opening the window" in d.daemon.output()
