"""The window's screenshots for the README and the metainfo (packaging/window-screenshot.sh, `make
screenshot`): every view, light and dark, driven as the window's tests drive it (conftest.py: the real
daemon on a private bus, Xvfb, AT-SPI and the pointer). Not a test of its own (no test_ prefix: the
window suite does not collect it); run by name with GYMBELL_SHOTS=<dir>, where the PNGs go.

Dark is the desktop's own setting, as GNOME keeps it: org.gnome.desktop.interface color-scheme =
'prefer-dark' (GSettings, keyfile backend), which libadwaita reads where no settings portal answers."""

import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import wait_until
from test_programme import TODAY_PROGRAM, page
from test_progress_page import click_tab, import_history

OUT = Path(os.environ.get("GYMBELL_SHOTS", "data/screenshots"))

CIRCUIT = """
[workouts.home]
title = "Home Circuit"
kind = "circuit"
rounds = 2
rest = "15s"
round_rest = "1m"
get_ready = "10s"
stations = [{ name = "Mountain climbers", time = "40s" }, { name = "Push-ups", reps = 12 }, { name = "Goblet squat", reps = 15, weight = 16, unit = "kg" }]
"""


def shoot(window, title, name, scheme):
    """The top-level window titled `title` (at 0,0: no window manager), cropped to its area and quantized
    to 64 colours (the pages are flat: no banding seen, a third of the size)."""
    time.sleep(1.2)  # AT-SPI has the page before Xvfb has its pixels
    env = {**os.environ, "DISPLAY": window.display.name}
    ids = wait_until(lambda: subprocess.run(["xdotool", "search", "--onlyvisible", "--name", f"^{title}$"], env=env,
                                            capture_output=True, text=True, timeout=10).stdout.split(), 10,
                     what=f"the window {title!r}")
    out = subprocess.run(["xdotool", "getwindowgeometry", "--shell", ids[-1]], env=env, capture_output=True,
                         text=True, timeout=10).stdout
    g = dict(line.split("=", 1) for line in out.split() if "=" in line)
    window.display.xdotool("mousemove", "1000", "760")  # no hover highlight in the picture
    path = OUT / (f"window-{name}" + ("-dark" if scheme == "dark" else "") + ".png")
    subprocess.run(["import", "-display", window.display.name, "-window", "root", "-crop",
                    f"{g['WIDTH']}x{g['HEIGHT']}+{g['X']}+{g['Y']}", "+repage", "-colors", "64", "-strip",
                    f"PNG8:{path}"], check=True, timeout=30)
    print(path, path.stat().st_size)


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_view(scheme, daemon, window, write_config, cli, env, tmp_path):
    if scheme == "dark":
        keyfile = Path(env.vars["XDG_CONFIG_HOME"]) / "glib-2.0" / "settings" / "keyfile"
        keyfile.parent.mkdir(parents=True, exist_ok=True)
        keyfile.write_text("[org/gnome/desktop/interface]\ncolor-scheme='prefer-dark'\n")
        window.vars.update(GSETTINGS_BACKEND="keyfile", ADW_DISABLE_PORTAL="1")
    write_config(TODAY_PROGRAM + CIRCUIT)
    daemon.start()
    import_history(cli, tmp_path)
    window.vars.update(TZ="UTC", LANG="C.UTF-8")
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    shoot(window, "gymbell", "today", scheme)

    # The live screen of a circuit's timed station.
    assert cli("start", "home").returncode == 0
    window.wait_for_text(r"^Mountain climbers — 40 s$", timeout=20)
    window.wait_for_text(r"^0:3[0-9]$")
    shoot(window, "gymbell", "circuit", scheme)
    assert cli("stop").returncode == 0  # ended early: straight back to Today
    window.wait_for_text(r"^Next workout reminder$", timeout=15)
    # A strength workout: a rest between sets, then its finish page.
    assert cli("start", "push").returncode == 0
    assert cli("set-done").returncode == 0
    window.wait_for_text(r"set 2 of 2", timeout=20)
    shoot(window, "gymbell", "workout", scheme)
    assert cli("set-done").returncode == 0  # the last set: the workout complete
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    shoot(window, "gymbell", "finish", scheme)
    window.press("Back to Today")
    window.wait_for_text(r"^Next workout reminder$")

    # The Workouts window: its list, a workout open in the editor, its pages.
    window.press("Workouts and programme")
    window.wait_for_text(r"^Choose a workout to change it\.$")
    time.sleep(0.5)
    shoot(window, "Workouts and programme", "workouts", scheme)
    window.click_node("list item", "Home Circuit")
    window.node("text", "Workout title")
    shoot(window, "Workouts and programme", "editor", scheme)
    window.press("Back")
    for name, tab in (("programme", "Programme"), ("weights", "Weights"), ("progress", "Progress")):
        click_tab(window, tab)
        if name == "progress":
            time.sleep(1)
        shoot(window, "Workouts and programme", name, scheme)
    page(window, "Log")
    window.click_node("list item", "Push")
    window.wait_for_text(r"Bench Press")
    shoot(window, "Workouts and programme", "log", scheme)

    # The Preferences: General, then Your kit.
    window.press("Preferences")  # the main window is under the Workouts window
    window.node("spin button", "Reminder hour")
    shoot(window, "Preferences", "preferences", scheme)
    click_tab(window, "Your kit")
    window.node("text", "Plate pairs for the bars")
    shoot(window, "Preferences", "kit", scheme)
