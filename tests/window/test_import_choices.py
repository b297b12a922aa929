"""The import dialog's choices (issue 46, item 6): what `gymbell import`'s flags say — `--unit`,
`--time-zone`, `--map` — chosen in the dialog, in words, by the pointer and the keyboard. Strong's current
export does not say its weights' unit: the person picks lb; the times were written in New York: a zone
typed wrong greys Import out with the row saying why, then typed right; "Push Up" is called the
person's "Push-ups". What comes in is what `gymbell import` with those flags would bring in, and it is
read back after a restart. Real GTK under Xvfb, the real daemon on a private bus."""

import json
import os
import time

from conftest import wait_until
from test_log_files import choose_file, keys
from test_programme import page

SAMPLE = os.path.abspath(os.path.join(os.path.dirname(__file__), "..", "e2e", "import_samples", "strong-home.csv"))

HOME = """[reminders]
time = "18:00"

[program]
mon = "home"

[workouts.home]
title = "Home Core"
kind = "strength"
exercises = [
  { name = "Push-ups", sets = 2, reps = 15, rest = 60 },
  { name = "Plank", sets = 2, time = "60s", rest = 60 },
  { name = "Goblet Squat", sets = 3, reps = 12, weight = 16, unit = "kg", rest = 90 },
]
"""


def sets_of(cli):
    r = cli("history", "--sets", "--json", "--days", "3660")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def row(window, role, name):
    """The showing node of `role` whose name starts with `name`."""
    return wait_until(lambda: next((n for n in window.showing() if n["role"] == role and n["name"].startswith(name)
                                    and n.get("extents", [0, 0, 0, 0])[2] > 0), None),
                      10, interval=0.2, what=f"a {role} named {name!r}…")


def open_combo(window, title):
    """A combo row clicked open by the pointer."""
    x, y, w, h = row(window, "combo box", title)["extents"]
    window.display.click(x + w // 2, y + h // 2)


def choose_item(window, title, item):
    """The item `item` of the combo row's open list clicked."""
    x, y, w, h = wait_until(lambda: next((n["extents"] for n in window.showing() if n["role"] == "label"
                                          and n.get("text") == item and n["extents"][2] > 0), None),
                            10, interval=0.2, what=f"the item {item!r} of {title!r}")
    window.display.click(x + w // 2, y + h // 2)


def import_button(window):
    return wait_until(lambda: next((n for n in window.showing() if n["role"] == "push button"
                                    and n["name"] in ("Import", "Import Import") and n["extents"][2] > 0), None), 5, what="Import")


def test_the_unit_the_time_zone_and_the_names_are_chosen_in_the_dialog(daemon, window, write_config, cli, tmp_path):
    write_config(HOME)
    daemon.start()
    window.vars["GSETTINGS_BACKEND"] = "memory"
    window.vars["TZ"] = "UTC"
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    window.press("Workouts and programme")
    page(window, "Log")
    window.click("Import a training log")
    choose_file(window, "Open", SAMPLE)
    window.wait_for_text(r"^Import this log\?$", timeout=20)
    summary = window.wait_for_text(r"^Strong export")
    # No CLI flag told to a window user: the unit is chosen below.
    assert "Weights read as kg: this export does not say (choose lb below if your app is set to it)." in summary, summary
    assert "--" not in summary, summary

    open_combo(window, "Weights in")
    choose_item(window, "Weights in", "lb")
    window.wait_for_text(r"^Strong export.*\n(.*\n)*Weights read as lb", timeout=10)

    # The time zone typed wrong, then right: the row says why Import is greyed out.
    zone = row(window, "text", "Time zone of its times")
    x, y, w, h = zone["extents"]
    window.display.click(x + w // 2, y + h // 2)
    keys(window, "key", "--clearmodifiers", "ctrl+a")
    keys(window, "type", "--delay", "20", "America/New_Yrok")
    row(window, "text", "Time zone of its times: no zone “America/New_Yrok” (e.g. Europe/Berlin)")
    assert import_button(window)["sensitive"] is False
    keys(window, "key", "--clearmodifiers", "ctrl+a")
    keys(window, "type", "--delay", "20", "America/New_York")
    window.wait_for_text(r"\(times read in America/New_York\)\.", timeout=10)
    assert import_button(window)["sensitive"] is True

    # "Push Up" is not guessed ("Push-ups" is not the same words): the person picks it; Plank and
    # Goblet Squat are theirs already, "Weighted Plank" stays as the log has it.
    assert not [n for n in window.showing() if n["role"] == "combo box" and n["name"].startswith("Plank")]
    # By the keyboard: Tab from the time zone to the first name's row (the list scrolls it into view),
    # Space opens its list (Enter must not import: the dialog has no default response).
    keys(window, "key", "Tab")
    wait_until(lambda: next((n for n in window.showing() if n["role"] == "combo box" and n["name"] == "Push Up"
                             and n["focused"]), None), 5, interval=0.2, what="the Push Up row focused")
    keys(window, "key", "Return")
    time.sleep(0.5)
    assert not [t for t in window.texts() if t.startswith("Imported")], "Enter on a row imported"
    keys(window, "key", "space")
    choose_item(window, "Push Up", "Push-ups")
    window.wait_for_text(r"Exercises: Push-ups, Plank, Weighted Plank, Goblet Squat\.", timeout=10)
    summary = window.wait_for_text(r"^Strong export")

    dry = cli("import", SAMPLE, "--unit", "lb", "--time-zone", "America/New_York", "--map", "Push Up=Push-ups",
              "--dry-run").stdout.splitlines()
    assert summary.splitlines() == [line.replace("(--unit kg if your app is set to it)", "(choose kg below if your app is set to it)")
                                    for line in dry[:-1]], (summary, dry)
    window.answer("Import")
    window.wait_for_text(r"^Imported: 2 workouts with \d+ sets; 0 already in your history$", timeout=20)

    r = cli("import", SAMPLE, "--unit", "lb", "--time-zone", "America/New_York", "--map", "Push Up=Push-ups", "--dry-run")
    assert "already in your history" in r.stdout, r.stdout   # the same workouts: the same ids
    sets = sets_of(cli)
    names = {s["exercise"] for s in sets}
    assert names == {"Push-ups", "Plank", "Weighted Plank", "Goblet Squat"}, names
    goblet = [s for s in sets if s["exercise"] == "Goblet Squat" and not s.get("warm_up")]
    assert goblet and all(s["unit"] == "lb" and s["weight"] == 16 for s in goblet), goblet
    daemon.restart()
    assert sets_of(cli) == sets
