"""Circuits in the window (issue 44), as a person at home makes and follows one: built in the workout
editor by pointing and typing (rounds, rests, stations by reps and by time, added, reordered and removed
with the keyboard's buttons, the timeline shown as it is edited), saved and read back by `gymbell
config check`; then started from Today and followed from the mat — the step named in large type, its
round, its countdown, what comes next, and Done for a station by reps. Real GTK under Xvfb, the real
daemon on a private bus; AT-SPI, the pointer, the keyboard and OCR."""

import json
import re
import tomllib

from conftest import wait_until
from test_programme import HAND_WRITTEN, ocr_window, open_programme, type_into


def test_a_circuit_built_in_the_editor_is_saved_and_passes_config_check(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click("New circuit")
    window.wait_for_text(r"^no stations yet$")
    type_into(window, "Workout name", "Home Circuit")  # one name; the key home_circuit is derived from it
    window.set_value("Rounds", 2)
    window.set_value("Rest between stations, seconds", 10)
    window.set_value("Rest between rounds, seconds", 45)
    for number, (name, reps) in enumerate([("Push-ups", 12), ("Plank", None), ("Squats", 15), ("Lunges", 8)], start=1):
        window.press("Add station")  # the keyboard goes to the new station's name
        type_into(window, f"Station {number} name", name)
        if reps is None:
            window.act("check box", f"Station {number} timed")  # a timed station: its time instead of reps
            window.set_value(f"Station {number} time in seconds", 40)
        else:
            window.set_value(f"Station {number} reps", reps)
    window.press("Move station 3 up")  # the keyboard's way: Squats before Plank
    window.press("Remove station 4")
    # The timeline as it is edited: its rounds and stations in order, its rests, and its length
    # (get-ready 10 s + 2 × (48 + 60 + 40 + 2 × 10) + 45 s, a rep counted 4 s: about 7 min).
    window.wait_for_text(r"^2 rounds: Push-ups 12 reps, Squats 15 reps, Plank 40 s\nRest 10 s between stations, 45 s between rounds$")
    window.wait_for_text(r"^about 7 min$")
    # Read from the screen too: the page scrolled back to its top (the mouse wheel), where the timeline is.
    window.display.xdotool("mousemove", "260", "400", "click", "--repeat", "30", "--delay", "20", "4", timeout=20)
    wait_until(lambda: 0 < window.node("text", "Workout name")["extents"][1] < 680, 5, what="the editor's top in sight")
    screen = ocr_window(window, "circuit-edited")
    assert re.search(r"Push-ups 12 reps, Squats 15 reps, Plank 40", screen), screen  # on screen, read by OCR
    window.press("Save workout")
    wait_until(lambda: "home_circuit" in path.read_text(), 5, what="the circuit in the file")
    text = path.read_text()
    assert text == HAND_WRITTEN + (
        '\n[workouts.home_circuit]\n'
        'title = "Home Circuit"\n'
        'kind = "circuit"\n'
        'rounds = 2\n'
        'rest = "10s"\n'
        'round_rest = "45s"\n'
        'stations = [\n'
        '  { name = "Push-ups", reps = 12 },\n'
        '  { name = "Squats", reps = 15 },\n'
        '  { name = "Plank", time = "40s" },\n'
        ']\n'), text
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr
    window.wait_for_text(r"^Home Circuit$")  # the list shows it
    # The daemon reads it (its watcher applied the file): started, its first step is the get-ready.
    wait_until(lambda: cli("start", "home_circuit").returncode == 0, 5, what="the daemon to start the new circuit")
    session = json.loads(cli("status", "--json").stdout)["session"]
    assert session["kind"] == "circuit" and session["step"]["label"] == "Get ready — 10 s", session
    assert session["step"]["next"] == "Push-ups — 12 reps", session
    assert cli("stop").returncode == 0

    # Opened again: what the file says is in the editor; a change of rounds keeps the stations.
    window.click_node("list item", "Home Circuit")
    assert window.node("text", "Station 3 name")
    window.set_value("Rounds", 3)
    window.wait_for_text(r"^3 rounds: Push-ups 12 reps, Squats 15 reps, Plank 40 s")
    window.press("Save workout")
    wait_until(lambda: "rounds = 3" in path.read_text(), 5, what="rounds = 3 in the file")
    assert path.read_text() == text.replace("rounds = 2", "rounds = 3")
    assert cli("config", "check").returncode == 0


def test_a_hiit_gets_exercise_names_in_the_editor(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click_node("list item", "Bike HIIT")
    for number, name in enumerate(["Burpees", "Mountain climbers"], start=1):
        window.press("Add exercise name")
        type_into(window, f"Exercise {number} name", name)
    window.press("Move exercise 2 up")
    window.press("Save workout")
    wait_until(lambda: "exercises" in path.read_text(), 5, what="the names in the file")
    assert path.read_text() == HAND_WRITTEN + 'exercises = ["Mountain climbers", "Burpees"]\n', path.read_text()
    assert cli("config", "check").returncode == 0
    # Removed again: the HIIT is anonymous once more, its comments kept.
    window.click_node("list item", "Bike HIIT")
    window.press("Remove exercise 1")
    window.press("Remove exercise 1")
    window.press("Save workout")
    wait_until(lambda: "exercises" not in path.read_text(), 5, what="the names gone from the file")
    assert path.read_text() == HAND_WRITTEN


HOME = """# at home
[reminders]
time = "18:00"

# the dumbbell circuit
[workouts.db]
title = "Dumbbell Circuit"   # shown in reminders
kind = "circuit"
rounds = 3
rest = "20s"
round_rest = "1m"
get_ready = "15s"
warm_up = "5m"   # easy cycling
cool_down = [{ name = "Hamstring stretch", time = "30s" }]
stations = [{ name = "Goblet squat", reps = 12, weight = 16, unit = "kg" }, { name = "Plank", time = "45s" }, { name = "Row", reps = 10, weight = 12 }]
"""


def test_editing_a_circuit_keeps_what_the_editor_does_not_show(daemon, window, write_config, cli):
    path = write_config(HOME)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click_node("list item", "Dumbbell Circuit")
    # The whole timeline, get-ready, warm-up and cool-down included (a rep counted 4 s): 15 s + 5 min +
    # 3 × (48 + 20 + 45 + 20 + 40) s + 2 × 1 min + 30 s = 16 min.
    window.wait_for_text(r"^about 16 min$")
    window.wait_for_text(r"^Get ready 15 s\nWarm-up 5 min\n3 rounds: Goblet squat 12 × 16 kg, Plank 45 s, Row 10 × 12 kg\n")
    window.press("Move station 3 up")  # Row before Plank, its weight going with it
    window.set_value("Station 1 reps", 15)
    window.wait_for_text(r"^about 17 min$")
    window.press("Save workout")
    wait_until(lambda: "reps = 15" in path.read_text(), 5, what="reps = 15 in the file")
    text = path.read_text()
    workout = tomllib.loads(text)["workouts"]["db"]
    assert workout["stations"] == [{"name": "Goblet squat", "reps": 15, "weight": 16, "unit": "kg"},
                                   {"name": "Row", "reps": 10, "weight": 12}, {"name": "Plank", "time": "45s"}], workout
    assert (workout["get_ready"], workout["warm_up"], workout["cool_down"]) == (
        "15s", "5m", [{"name": "Hamstring stretch", "time": "30s"}]), workout
    assert (workout["rounds"], workout["rest"], workout["round_rest"]) == (3, "20s", "1m"), workout
    for line in ("# at home", "# the dumbbell circuit", 'title = "Dumbbell Circuit"   # shown in reminders',
                 'warm_up = "5m"   # easy cycling'):
        assert line in text.splitlines(), text  # the comments where they were
    check = cli("config", "check")
    assert check.returncode == 0, check.stdout + check.stderr


CIRCUIT = """[workouts.home]
title = "Home Circuit"
kind = "circuit"
rounds = 2
rest = "0s"
round_rest = "3s"
get_ready = "3s"
stations = [{ name = "Push-ups", reps = 10 }, { name = "Plank", time = "4s" }]
"""


def test_a_circuit_started_from_today_names_each_step_and_done_moves_it_on(daemon, window, write_config, display, cli):
    write_config(CIRCUIT)
    daemon.start()
    window.launch()
    window.click("Start Home Circuit")
    window.wait_for_text(r"^Get ready — 3 s$")
    window.wait_for_text(r"^Next: Push-ups — 10 reps$")
    # The get-ready ends by itself; the station by reps waits for Done, named in large type.
    window.wait_for_text(r"^Push-ups — 10 reps$", timeout=15)
    window.wait_for_text(r"^Round 1 of 2$")
    window.wait_for_text(r"^Next: Plank — 4 s$")
    assert window.button("Done")
    shown = [n["name"] for n in window.showing() if n["role"] == "push button"]
    assert "Set done" not in shown and "Pause" not in shown, shown  # a step by reps does not pause
    text = display.read_until("circuit-step", "Push-ups")
    assert "Push-ups" in text, text  # read from the screen, as from the mat
    window.press("Done")  # through AT-SPI
    window.wait_for_text(r"^Plank — 4 s$")
    window.wait_for_text(r"^0:0[0-4]$")  # the timed station counts down
    assert window.button("Pause")
    window.wait_for_text(r"^Rest — 3 s$", timeout=15)  # the plank ends by itself, then the rest between rounds
    window.wait_for_text(r"^Round 2 of 2$", timeout=15)
    window.wait_for_text(r"^Push-ups — 10 reps$")
    # The keyboard: Done has the focus on a new step by reps; Space presses it (the pointer over the
    # window: without a window manager the keyboard follows it).
    wait_until(lambda: next((n for n in window.showing() if n["role"] == "push button" and n["name"] == "Done"
                             and n["focused"]), None), 10, what="Done to have the keyboard's focus")
    display.xdotool("mousemove", "10", "300", "key", "space")
    window.wait_for_text(r"^Plank — 4 s$")
    window.wait_for_text(r"^The last step$")
    wait_until(lambda: "completed" in cli("history").stdout, 20, what="the circuit to be completed")
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.press("Back to Today")  # the finish page (issue 46), then Today
    window.wait_for_text(r"^Next workout reminder$")
    # Logged: each Done a set of its reps, each plank run through a timed set of its seconds.
    sets = [(s["exercise"], s.get("reps"), s.get("seconds")) for s in json.loads(cli("history", "--sets", "--json").stdout)]
    assert sets == [("Push-ups", 10, None), ("Plank", None, 4)] * 2, sets
