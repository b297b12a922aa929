"""The newer views at 360 px wide in German (issue 46: "360 px German screenshots checked for cut-off
text"): the live screen of a circuit's timed station with its Full screen button, a rest between sets, the finish page, the
workout editor of an AMRAP and of a superset workout, the Log's import dialog with its extra rows, and
the Progress page. Each fits with every control named (test_window_narrow.check_fits_and_named), its
labels lie within the width, and tesseract reads the German words on the screen. Real GTK under Xvfb,
the real daemon on a private bus."""

import os
import re
import shutil
import subprocess

from conftest import wait_until
from test_editor_kinds import SUPERSETS
from test_log_files import choose_file
from test_programme import TODAY_PROGRAM, page
from test_progress_page import import_history
from test_window_narrow import check_fits_and_named, resize

DE = "de_DE.UTF-8"
TABS = ("Trainings", "Programm", "Gewichte", "Fortschritt", "Protokoll")
SAMPLE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "e2e", "import_samples", "strong-home.csv"))
LANGS = subprocess.run(["tesseract", "--list-langs"], capture_output=True, text=True, timeout=30).stdout.split()
OCR_LANG = "deu" if "deu" in LANGS else "eng"

CIRCUIT = """
[workouts.home]
title = "Home Circuit"
kind = "circuit"
rounds = 2
rest = "15s"
get_ready = "3s"
stations = [{ name = "Mountain climbers", time = "40s" }, { name = "Push-ups", reps = 12 }]

[workouts.kb]
title = "Kettlebell AMRAP"
kind = "amrap"
time = "15m"
stations = [{ name = "Swings", reps = 15 }, { name = "Plank", time = "30s" }]
"""


def labels_fit(window, frame_name, width=360):
    """Every showing label of the frame lies within `width` px (a label pushed out past the edge is cut
    off there): GTK 4.8 keeps a page switched away from "showing" at x >= width, so only labels that
    start inside are looked at."""
    inside, wide = False, []
    for node in window.showing():
        if node["role"] in ("frame", "dialog"):
            inside = node["name"] == frame_name
        elif inside and node["role"] == "label" and node.get("extents", [0, 0, 0, 0])[2] > 0:
            x, _, w, _ = node["extents"]
            if node.get("text") in TABS:
                continue  # the header's view switcher: narrowed away at this width, still in the tree
            if 0 <= x < width and x + w > width:
                wide.append((node.get("text"), x, w))
    assert not wide, f"labels past {width} px: {wide}"


def reads(window, name, *words, width=360, height=640):
    """tesseract (German where installed) reads each of `words` in the window's area (at 0,0, enlarged)."""
    shot = window.display.screenshot(name)
    enlarged = shot.with_name(f"{name}-2x.png")
    subprocess.run(["convert", str(shot), "-crop", f"{width}x{height}+0+0", "-resize", "200%", str(enlarged)],
                   check=True, timeout=30)
    text = subprocess.run(["tesseract", str(enlarged), "-", "-l", OCR_LANG, "--psm", "11"], capture_output=True,
                          text=True, timeout=60).stdout
    for word in words:
        assert word in text, (word, text)


def fits(window, frame_name):
    check_fits_and_named(window, frame_name)
    labels_fit(window, frame_name)


def test_a_circuit_step_and_the_finish_page_fit_360_px_in_german(daemon, window, write_config, cli):
    write_config(TODAY_PROGRAM + CIRCUIT)
    daemon.start()
    window.launch(lang=DE)
    window.wait_for_text(r"^Nächste Trainingserinnerung$")
    resize(window, "gymbell")
    assert cli("start", "home").returncode == 0
    window.wait_for_text(r"^Mountain climbers — 40 s$", timeout=20)
    assert window.button("Vollbild")
    fits(window, "gymbell")
    reads(window, "circuit-step", "Mountain", "Runde 1 von 2", "Pausieren")  # Vollbild is below, scrolled to
    assert cli("stop").returncode == 0  # ended early: back to Today; a workout done to its end: the finish page
    window.wait_for_text(r"^Nächste Trainingserinnerung$", timeout=15)
    assert cli("start", "push").returncode == 0
    assert cli("set-done").returncode == 0
    assert window.button("Pause beenden")  # a rest between sets: its row of three buttons
    fits(window, "gymbell")
    assert cli("set-done").returncode == 0
    window.wait_for_text(r"^Training geschafft 🎉$", timeout=15)
    assert window.button("Zurück zu Heute")
    fits(window, "gymbell")
    reads(window, "finish", "Training geschafft", "Push Day")


def test_the_editor_of_an_amrap_and_of_supersets_fits_360_px_in_german(daemon, window, write_config):
    write_config(SUPERSETS + CIRCUIT)
    daemon.start()
    window.launch(lang=DE)
    window.wait_for_text(r"^Nächste Trainingserinnerung$")
    window.press("Trainings und Programm")
    window.wait_for_text(r"^Wähle ein Training, um es zu ändern\.$")
    resize(window, "Trainings und Programm")
    for title in ("Kettlebell AMRAP", "Dumbbell Supersets"):
        window.click_node("list item", title)
        window.node("text", "Name des Trainings")  # the editor is up (its one name field)
        fits(window, "Trainings und Programm")
        window.press("Zurück")


def test_the_import_dialog_and_the_progress_page_fit_360_px_in_german(daemon, window, write_config, cli, tmp_path):
    write_config(TODAY_PROGRAM)
    daemon.start()
    import_history(cli, tmp_path)
    window.vars.update(TZ="UTC", GSETTINGS_BACKEND="memory")
    window.launch(lang=DE)
    window.wait_for_text(r"^Nächste Trainingserinnerung$")
    window.press("Trainings und Programm")
    resize(window, "Trainings und Programm")
    page(window, "Fortschritt")
    window.wait_for_text(r"Bench Press")
    fits(window, "Trainings und Programm")
    reads(window, "progress", "Fortschritt")
    page(window, "Protokoll")
    window.click("Ein Trainingsprotokoll importieren")
    choose_file(window, "Öffnen", SAMPLE)
    window.wait_for_text(r"^Dieses Protokoll importieren\?$", timeout=20)
    frame = wait_until(lambda: next((n["name"] for n in window.showing() if n["role"] in ("frame", "dialog")
                                     and n["name"] not in ("gymbell", "Trainings und Programm")), None), 10,
                       what="the import dialog's window")
    resize(window, re.escape(frame))
    fits(window, frame)
    reads(window, "import", "Gewichte in")
