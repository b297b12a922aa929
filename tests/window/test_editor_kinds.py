"""The home workouts the editor builds beyond reps and weights (issue 44, the window's item 4): an AMRAP
(a time cap, its stations by reps or time), supersets (exercises linked so their sets alternate) and
timed sets with body-weight exercises, each built from nothing by pointing and typing, its timeline and
length shown as it is edited, saved as one change, read back from the file and by `gymbell config
check`, then started and its first step the right one. Real GTK under Xvfb, the real daemon on a private
bus; AT-SPI, the pointer and the keyboard."""

import json
import tomllib

from conftest import wait_until
from test_programme import HAND_WRITTEN, open_programme, type_into


def saved(path, name, cli):
    """The file once `name` is in it: the hand-written part kept byte for byte, `gymbell config check`
    content with it; its `[workouts.NAME]` table."""
    wait_until(lambda: f"[workouts.{name}]" in path.read_text(), 5, what=f"{name} in the file")
    text = path.read_text()
    assert text.startswith(HAND_WRITTEN), text
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    return text, tomllib.loads(text)["workouts"][name]


def started(cli, name):
    """`gymbell start NAME` once the daemon has read the file: the session's first step."""
    wait_until(lambda: cli("start", name).returncode == 0, 5, what=f"the daemon to start {name}")
    return json.loads(cli("status", "--json").stdout)["session"]


def add_station(window, number, name, reps=None, seconds=None):
    window.press("Add station")  # the keyboard goes to the new station's name
    type_into(window, f"Station {number} name", name)
    if seconds is None:
        window.set_value(f"Station {number} reps", reps)
    else:
        window.act("check box", f"Station {number} timed")
        window.set_value(f"Station {number} time in seconds", seconds)


def add_exercise(window, number, name, sets=3, rest=90, reps=10, seconds=None, weight=None):
    """An exercise added and named; what differs from a new exercise's 3 sets of 10 reps, 90 s rest, set."""
    window.press("Add exercise")
    type_into(window, f"Exercise {number} name", name)
    if sets != 3:
        window.set_value(f"Exercise {number} sets", sets)
    if seconds is not None:  # a timed set: its time instead of reps (a new one's 45 s)
        window.act("check box", f"Exercise {number} timed")
        if seconds != 45:
            window.set_value(f"Exercise {number} time in seconds", seconds)
    elif reps != 10:
        window.set_value(f"Exercise {number} reps", reps)
    if weight is not None:
        window.set_value(f"Exercise {number} weight", weight)
    if rest != 90:
        window.set_value(f"Exercise {number} rest in seconds", rest)


def test_an_amrap_built_in_the_editor_has_its_cap_and_stations(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click("New AMRAP")  # the pointer
    window.wait_for_text(r"^no stations yet$")
    type_into(window, "Workout name", "Kettlebell")  # its key: kettlebell
    window.set_value("Time cap, minutes", 15)
    add_station(window, 1, "Swings", reps=15)
    add_station(window, 2, "Plank", seconds=30)
    # The timeline and length as edited: the cap and the round; a 10 s get-ready before the cap.
    window.wait_for_text(r"^As many rounds as possible in 15 min: Swings 15 reps, Plank 30 s$")
    window.wait_for_text(r"^15 min$")
    window.press("Save workout")
    text, workout = saved(path, "kettlebell", cli)
    assert workout == {"title": "Kettlebell", "kind": "amrap", "time": "15m",
                       "stations": [{"name": "Swings", "reps": 15}, {"name": "Plank", "time": "30s"}]}, workout
    session = started(cli, "kettlebell")
    assert session["step"]["label"] == "Get ready — 10 s", session
    assert session["step"]["next"].startswith("AMRAP: 15 Swings, Plank 30"), session
    assert cli("stop").returncode == 0

    # Opened again: a longer cap changes the cap alone.
    window.wait_for_text(r"^Kettlebell$")
    window.click_node("list item", "Kettlebell")
    assert window.node("text", "Station 2 name")
    window.set_value("Time cap, minutes", 20)
    window.wait_for_text(r"^As many rounds as possible in 20 min: ")
    window.press("Save workout")
    wait_until(lambda: 'time = "20m"' in path.read_text(), 5, what="the new cap in the file")
    assert path.read_text() == text.replace('time = "15m"', 'time = "20m"')
    assert cli("config", "check").returncode == 0


def test_exercises_linked_in_a_superset_alternate_their_sets(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click("New strength workout")
    type_into(window, "Workout name", "Upper")  # its key: upper
    add_exercise(window, 1, "Push-ups", rest=0, reps=12)  # body weight, straight on to the row
    add_exercise(window, 2, "Row", rest=60, weight=12)
    window.wait_for_text(r"^3 sets: Push-ups 12 reps\n3 sets: Row 10 × 12 kg, rest 1 min$")
    window.act("check box", "Exercise 1 in a superset with the next")
    window.wait_for_text(r"^Superset A, 3 rounds: Push-ups 12 reps, Row 10 × 12 kg, rest 1 min$")
    # Push-ups 48 s and the row 40 s, three times, and a minute's rest between rounds: about 6 min.
    window.wait_for_text(r"^about 6 min$")
    window.press("Save workout")
    _, workout = saved(path, "upper", cli)
    assert workout["exercises"] == [
        {"name": "Push-ups", "sets": 3, "reps": 12, "superset": "A"},
        {"name": "Row", "sets": 3, "reps": 10, "weight": 12, "rest": "1m", "superset": "A"}], workout
    # Started: the push-ups then straight on to the row, its first set.
    session = started(cli, "upper")
    assert session["step"]["label"].startswith("Push-ups — 12 reps"), session
    assert session["step"]["next"].startswith("Row — 10 × 12 kg"), session
    assert cli("stop").returncode == 0


def test_timed_sets_and_body_weight_exercises(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click("New strength workout")
    type_into(window, "Workout name", "Core")  # its key: core
    add_exercise(window, 1, "Plank", sets=2, rest=30, seconds=45)
    add_exercise(window, 2, "Squats", sets=2, rest=60, reps=20)  # body weight: no weight
    # An optional number says so in its field ("None"), not in its label ("Weight (0: none)").
    assert window.node("spin button", "Exercise 2 weight").get("text") == "None"
    assert not [t for t in window.texts() if "0: none" in t]
    window.wait_for_text(r"^2 sets: Plank 45 s, rest 30 s\n2 sets: Squats 20 reps, rest 1 min$")
    # 2 × 45 s + 30 s + 30 s + 2 × 80 s + 60 s: about 6 min.
    window.wait_for_text(r"^about 6 min$")
    window.press("Save workout")
    _, workout = saved(path, "core", cli)
    assert workout["exercises"] == [{"name": "Plank", "sets": 2, "time": "45s", "rest": "30s"},
                                    {"name": "Squats", "sets": 2, "reps": 20, "rest": "1m"}], workout
    session = started(cli, "core")
    assert session["step"]["label"] == "Plank — 45 s", session  # a set that ends by itself
    window.wait_for_text(r"^Plank — 45 s$")  # on Today's session page too
    assert cli("stop").returncode == 0


SUPERSETS = """# dumbbells at home
[reminders]
time = "18:00"

[workouts.db]
title = "Dumbbell Supersets"   # shown in reminders
kind = "strength"
get_ready = "15s"   # time to pick them up
exercises = [
  { name = "Goblet Squat", sets = 3, reps = 12, weight = 35, unit = "lb", superset = "Legs", body = "legs", compound = true, warm_up = false },
  { name = "Plank", sets = 3, time = "40s", rest = "1m", superset = "Legs" },
  { name = "Curl", sets = 2, reps = 10, weight = 15, unit = "lb", rest = [45, 60] },
]
"""


def test_editing_supersets_keeps_what_the_editor_does_not_show(daemon, window, write_config, cli):
    path = write_config(SUPERSETS)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click_node("list item", "Dumbbell Supersets")
    # As the file has them: the group under its own label, the plank timed, the curl's rests per set.
    window.wait_for_text(r"^Superset Legs, 3 rounds: Goblet Squat 12 × 35 lb, Plank 40 s, rest 1 min\n2 sets: Curl 10 × 15 lb, rest 45 s$")
    window.set_value("Exercise 3 reps", 12)
    window.wait_for_text(r"\n2 sets: Curl 12 × 15 lb, rest 45 s$")
    window.press("Save workout")
    wait_until(lambda: "reps = 12, weight = 15" in path.read_text(), 5, what="the curl's new reps in the file")
    text = path.read_text()
    workout = tomllib.loads(text)["workouts"]["db"]
    before = tomllib.loads(SUPERSETS)["workouts"]["db"]
    before["exercises"][2]["reps"] = 12
    before["exercises"][2]["rest"] = ["45s", "1m"]  # the same rests per set, written as durations
    assert workout == before, workout  # unit, body, compound, warm_up, the time, the label, the rests per set
    for line in ("# dumbbells at home", 'title = "Dumbbell Supersets"   # shown in reminders', 'get_ready = "15s"   # time to pick them up'):
        assert line in text.splitlines(), text
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr
