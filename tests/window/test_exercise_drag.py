"""A strength workout's exercises reordered by pointer, as a person does it: in the workout's editor the
exercises are folded to their titles, the first one's drag handle is pressed, the pointer moves down in
steps and is let go on the third exercise; Save writes the new order into the hand-written file (its
comments kept), and `gymbell upcoming` (the daily reminder's preview) names them in that order. Real GTK
drag and drop under Xvfb (xdotool's pointer), the real daemon on a private bus, AT-SPI to find things."""

import time
import tomllib

from conftest import wait_until
from test_programme import WINDOW_HEIGHT, kept_lines, open_programme, upcoming

HAND_WRITTEN = """# My plan — written by hand.
# Keep these comments!

[reminders]
time = "18:00"   # after work
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]  # every day

# lifting at home
[workouts.home]
title = "Home Strength"   # shown in reminders
kind = "strength"
exercises = [
  { name = "Squat", sets = 3, reps = 5, weight = 100, rest = "2m" },
  { name = "Bench Press", sets = 3, reps = 5, weight = 80, rest = "2m" },
  { name = "Barbell Row", sets = 3, reps = 5, weight = 60, rest = "2m" },
]

[program]   # every day the same
mon = "home"
tue = "home"
wed = "home"
thu = "home"
fri = "home"
sat = "home"
sun = "home"
"""


def named(window, name):
    """The showing node named `name` (whatever its role), with its extents, waiting for it."""
    return wait_until(lambda: next((n for n in window.showing() if n["name"] == name and n.get("extents", [0, 0, 0, 0])[2] > 0),
                                   None), 10, interval=0.2, what=f"a node named {name!r}")


def label(window, text):
    return wait_until(lambda: next((n for n in window.showing() if n["role"] == "label" and n.get("text") == text
                                    and n.get("extents", [0, 0, 0, 0])[2] > 0), None), 10, interval=0.2,
                      what=f"the label {text!r}")


def pointer(window, *args):
    window.display.xdotool(*args)


def centre(node):
    x, y, w, h = node["extents"]
    return x + w // 2, y + h // 2


def test_an_exercise_dragged_onto_another_takes_its_place_in_the_file_and_the_reminder(daemon, window, write_config, cli):
    path = write_config(HAND_WRITTEN)
    daemon.start()
    window.launch()
    open_programme(window)
    window.click_node("list item", "Home Strength")
    named(window, "Drag exercise 1")
    # The mouse wheel until the first exercise's title is near the top; then each exercise folded to its
    # title with a click on it (expanded, three exercises do not fit the window).
    for _ in range(30):
        if named(window, "Drag exercise 1")["extents"][1] < 160:
            break
        pointer(window, "mousemove", "260", "400", "click", "5")
        time.sleep(0.1)
    for number, name in enumerate(["Squat", "Bench Press", "Barbell Row"], start=1):
        title = label(window, f"{number}. {name}")
        window.display.click(*centre(title))
        if number < 3:  # folded: the next exercise's title comes up close under it
            wait_until(lambda: label(window, f"{number + 1}. {['Bench Press', 'Barbell Row'][number - 1]}")["extents"][1]
                       < title["extents"][1] + 120, 5, interval=0.2, what=f"exercise {number} folded")
    source, target = named(window, "Drag exercise 1"), named(window, "Drag exercise 3")
    assert target["extents"][1] + target["extents"][3] <= WINDOW_HEIGHT, target
    window.display.screenshot("before-drag")

    # The drag: press on the handle, move in steps (past GTK's drag threshold), let go on the third exercise.
    (x0, y0), (x1, y1) = centre(source), centre(target)
    window.display.move(x0, y0)
    pointer(window, "mousedown", "1")
    for step in range(1, 13):
        window.display.move(x0 + (x1 - x0 + 40) * step // 12, y0 + (y1 - y0) * step // 12)
        time.sleep(0.05)
    time.sleep(0.2)
    pointer(window, "mouseup", "1")
    # The rows anew in the new order (expanded again): Bench Press first, Squat last.
    label(window, "1. Bench Press")
    label(window, "3. Squat")
    window.display.screenshot("after-drag")
    assert path.read_text() == HAND_WRITTEN  # nothing is written before Save
    window.press("Save workout")

    wait_until(lambda: path.read_text() != HAND_WRITTEN, 5, what="the new order in the file")
    text = path.read_text()
    assert [e["name"] for e in tomllib.loads(text)["workouts"]["home"]["exercises"]] == \
        ["Bench Press", "Barbell Row", "Squat"], text
    # Only the exercises' lines changed: every other line (the comments too) is as written.
    outside = [line for line in HAND_WRITTEN.splitlines() if not line.startswith("  { name")]
    assert kept_lines("\n".join(outside), text), text
    assert [e for e in tomllib.loads(text)["workouts"]["home"]["exercises"]] == [
        {"name": n, "sets": 3, "reps": 5, "weight": w, "rest": "2m"} for n, w in [("Bench Press", 80), ("Barbell Row", 60), ("Squat", 100)]], text

    # The daemon reads it (and again after a restart): the reminder's preview names them in the new order.
    def in_order():
        entries = [e for e in upcoming(cli) if e["kind"] == "daily" and e.get("workout") == "home"]
        ordered = entries and all(e["body"].index("Bench Press") < e["body"].index("Barbell Row") < e["body"].index("Squat")
                                  for e in entries)
        return entries if ordered else None
    wait_until(in_order, 5, what="upcoming to name the exercises in the new order")
    daemon.restart()
    assert in_order()
