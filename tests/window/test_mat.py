"""The live screen from the mat (issue 46): at 1280 × 800 the exercise line is at least 40 px tall and
the countdown at least 100 px; a rest takes ±15 s and Skip rest; Fewer reps asks how many; End workout
can be undone for a few seconds (a toast with Undo), and then ends the workout. Real GTK under Xvfb,
the real daemon on a private bus, AT-SPI, the pointer and the history read back with the CLI."""

import json
import re
import time

from conftest import wait_until
from test_window_narrow import resize
from workout_config import push_every_day


def seconds_left(window):
    text = next((t for t in window.texts() if re.fullmatch(r"\d+:\d\d", t)), None)
    if text is None:
        return None
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def label(window, pattern):
    regex = re.compile(pattern)
    return wait_until(lambda: next((n for n in window.showing() if n["role"] == "label" and regex.search(n.get("text", ""))), None),
                      10, interval=0.2, what=f"a label matching {pattern!r}")


def test_the_live_screen_reads_from_the_mat_and_its_rest_and_end_can_be_changed(daemon, window, write_config, cli, display):
    write_config(push_every_day(sets=2, reps=8, rest=60))
    daemon.start()
    window.launch()
    resize(window, "gymbell", 1280, 800)
    window.click("Start Push Day")
    exercise = label(window, r"^Bench Press — set 1 of 2")
    assert exercise["extents"][3] >= 40, exercise  # the exercise and its target: 44 px type
    assert window.button("Full screen")  # F11's action (what it does needs a window manager: test_gnome_app_grid)
    window.press("Set done")  # set 1 as planned: the rest
    window.wait_for_text(r"^[01]:\d\d$")
    countdown = label(window, r"^[01]:\d\d$")
    assert countdown["extents"][3] >= 100, countdown  # 128 px digits
    before = wait_until(lambda: seconds_left(window), 5, what="the countdown")
    window.press("Rest 15 seconds more")
    wait_until(lambda: (seconds_left(window) or 0) >= before + 10, 10, interval=0.2, what="the rest 15 s longer")
    longer = seconds_left(window)
    window.press("Rest 15 seconds less")
    wait_until(lambda: (seconds_left(window) or 999) <= longer - 10, 10, interval=0.2, what="the rest 15 s shorter")
    window.press("Skip rest")
    wait_until(lambda: seconds_left(window) is None, 10, interval=0.2, what="the rest to be over")
    window.wait_for_text(r"set 2 of 2")
    # Fewer reps asks how many: 5 of 8.
    window.click("Set done with fewer reps")
    window.set_value("Reps done", 5)
    window.click("Log set Log set")  # GTK 4.8 names a message dialog's button by its label twice
    wait_until(lambda: "completed" in cli("history").stdout, 15, what="the workout to complete")
    sets = [(s["set"], s["reps"], s["failed"]) for s in json.loads(cli("history", "--sets", "--json").stdout)]
    assert sets == [(1, 8, False), (2, 5, True)], sets
    # The finish page: how long, the sets and their volume (8 × 80 + 5 × 80 kg); no record on the first workout.
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.wait_for_text(r" · 2 sets · 1040 kg lifted$")
    shown = window.texts()
    assert "Personal records" not in shown and "Next time" not in shown, shown  # no record, no weight to go up to
    window.press("Back to Today")
    # End workout, undone within the toast's seconds: the workout runs on.
    window.wait_for_text(r"^Next workout reminder$")
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 2")
    window.click("End workout")
    window.wait_for_text(r"^Next workout reminder$")  # Today at once
    window.wait_for_text(r"^Workout ended$")
    window.click("Undo Undo")  # the toast's button (named by its label twice, as GTK 4.8 does)
    window.wait_for_text(r"^Bench Press — set 1 of 2")
    time.sleep(6)  # past the undo time: nothing was stopped
    assert json.loads(cli("status", "--json").stdout)["session"] is not None
    # And not undone: the workout stops when the toast's time is over.
    window.click("End workout")
    ended = time.monotonic()
    window.wait_for_text(r"^Next workout reminder$")
    wait_until(lambda: json.loads(cli("status", "--json").stdout)["session"] is None, 15, what="the stop after the undo time")
    assert time.monotonic() - ended >= 4.5
    assert [l for l in cli("history").stdout.splitlines() if "Push Day" in l and "stopped" in l]


def test_the_finish_page_shows_the_records_beaten_with_what_they_beat(daemon, window, write_config, cli):
    write_config(push_every_day(sets=1, reps=5, weight=80, rest=30))
    daemon.start()
    window.launch()
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 1")
    window.press("Set done")
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.wait_for_text(r"^1 set|· 1 set · 400 kg lifted$")
    window.press("Back to Today")
    window.wait_for_text(r"^Next workout reminder$")
    assert cli("weights", "--set", "Bench Press", "--to", "85").returncode == 0  # the next time heavier
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 1")
    window.press("Set done")
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.wait_for_text(r"^Personal records$")
    window.wait_for_text(r"^Bench Press: 5 × 85 kg \(before: 5 × 80 kg\)$")
    window.press("Back to Today")
    window.wait_for_text(r"^Next workout reminder$")


def test_an_end_in_its_undo_time_is_carried_out_when_the_window_quits(daemon, window, write_config, cli):
    """End workout, then Ctrl+Q before the toast's time is over: the person asked for the end and the
    window is gone, so the workout is stopped as the window goes — never left running behind it."""
    from test_keyboard import keys
    write_config(push_every_day(sets=2, reps=8, rest=60))
    daemon.start()
    window.launch()
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 2")
    window.click("End workout")
    window.wait_for_text(r"^Workout ended$")
    assert json.loads(cli("status", "--json").stdout)["session"] is not None  # still within the undo time
    keys(window, "ctrl+q")
    assert window.proc.wait(timeout=10) == 0
    assert json.loads(cli("status", "--json").stdout)["session"] is None
    assert [l for l in cli("history").stdout.splitlines() if "Push Day" in l and "stopped" in l]


OVERLOAD = "[progress]\noverload_sessions = 2\n\n" + push_every_day(sets=1, reps=5, weight=80, rest=30)


def test_the_finish_page_offers_more_weight_and_accept_plans_it(daemon, window, write_config, cli, recorder):
    """The overload rule holds (two workouts in a row with every rep at the planned weight): the finish
    page offers the next weight, Accept (clicked) plans it as `gymbell weights --set` does, a toast says
    so and the row says accepted; the notification that would have asked it again a glance later never
    comes, and after the window and the daemon start again the workout plans the new weight."""
    from conftest import harness
    write_config(OVERLOAD)
    daemon.start()
    assert cli("start", "push").returncode == 0  # the first of the two: every rep at 80 kg
    assert cli("set-done").returncode == 0
    wait_until(lambda: "completed" in cli("history").stdout, 15, what="the first workout to complete")
    window.launch()
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 1")
    window.click("Set done")
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.wait_for_text(r"^Next time$")
    window.wait_for_text(r"^Bench Press: 82\.5 kg next time \(\+2\.5 kg\)$")
    window.click("Accept Bench Press at 82.5 kg")  # the pointer
    window.wait_for_text(r"^Bench Press is planned with 82\.5 kg from the next workout on$")  # the toast
    window.wait_for_text(r"^Bench Press: 82\.5 kg next time — accepted$")
    assert not [n for n in window.showing() if n["role"] == "push button" and n["name"].startswith("Accept")]
    planned = {w["exercise"]: w for w in json.loads(cli("weights", "--json").stdout)}
    assert planned["Bench Press"]["weight"] == 82.5 and planned["Bench Press"]["raised_at"], planned
    # Answered in the window: its notification, due a glance (10 s) after the end, is not asked.
    time.sleep(12)
    assert not recorder.notifies(lambda r: r["summary"] == "Time for more weight? 💪"), "asked again after Accept"
    # The window and the daemon start again: the next workout plans 82.5 kg.
    harness._terminate(window.procs[-1])
    daemon.restart()
    window.launch()
    window.click("Start Push Day")
    window.wait_for_text(r"^Bench Press — set 1 of 1, 5 × 82\.5 kg", timeout=15)
    assert json.loads(cli("weights", "--json").stdout)[0]["weight"] == 82.5
    assert cli("stop").returncode == 0

