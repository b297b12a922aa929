"""Today said as it is (issue 46): the main button names what it starts; a rest day offers the workouts
to choose from instead of a Start that starts nothing; the reminder says "tomorrow" when it is
tomorrow's; "This week" counts workouts done (completed ones: a rest timer, a stopped HIIT not).
Real GTK under Xvfb, the real daemon on a private bus (TZ=UTC), AT-SPI and the pointer."""

import time

from conftest import wait_until
from workout_config import ALL_DAYS, push_workout, weekday

HIIT = '[workouts.quick]\ntitle = "Quick HIIT"\nkind = "hiit"\nrounds = 3\nwork = "20s"\nrest = "10s"\n'


def labels(window):
    return set(window.texts())


def away_from_midnight():
    left = 86400 - time.time() % 86400  # TZ=UTC: "today" must not change under the test
    if left < 120:
        time.sleep(left + 1)


def test_a_rest_day_offers_the_workouts_and_starts_the_one_chosen(daemon, window, write_config, cli):
    away_from_midnight()
    write_config(f'[reminders]\ntime = "00:01"\ndays = {ALL_DAYS}\n[program]\n{weekday(1)} = "push"\n' + push_workout() + HIIT)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Rest day$")
    window.wait_for_text(r"^Your programme plans no workout today\. To train anyway, choose one below\.$")
    window.wait_for_text(r"^Choose a workout$")
    window.wait_for_text(r"^tomorrow at 00:01$")  # the next reminder is tomorrow's, and says so
    shown = labels(window)
    assert "Push Day" in shown  # tomorrow's workout, under "Next workout reminder"
    assert not [t for t in shown if t.startswith("Today:")], shown  # no "Today: …" about tomorrow
    buttons = {n["name"] for n in window.showing() if n["role"] == "push button"}
    assert {"Start Push Day", "Start Quick HIIT", "Start a rest"} <= buttons, buttons
    assert "Snooze the reminder" not in buttons and "Skip today" not in buttons  # no reminder left today
    window.click("Start Quick HIIT")  # the one chosen starts
    window.wait_for_text(r"^Quick HIIT$")
    assert "Quick HIIT" in cli("status").stdout


def test_a_training_day_names_its_workout_and_this_week_counts_workouts_done(daemon, window, write_config, cli):
    away_from_midnight()
    write_config(f'[rest]\ndefault = "2s"\n[program]\n{weekday()} = "push"\n' + push_workout(sets=1) + HIIT)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Push Day$")
    window.wait_for_text(r"^This week: 0 workouts done$")
    assert window.button("Start Push Day")
    assert "Start Quick HIIT" in {n["name"] for n in window.showing() if n["role"] == "push button"}
    window.click("Start a rest")  # a rest timer, run to its end: no workout
    window.wait_for_text(r"^Next workout reminder$", timeout=20)
    window.click("Start Quick HIIT")  # a HIIT stopped after seconds: no workout done either
    window.wait_for_text(r"^Quick HIIT$")
    assert cli("stop").returncode == 0
    window.wait_for_text(r"^Next workout reminder$")
    wait_until(lambda: len(cli("history", "--json").stdout) > 2 and "stopped" in cli("history").stdout, 10,
               what="the stopped HIIT in the history")
    window.wait_for_text(r"^This week: 0 workouts done$")
    window.click("Start Push Day")
    window.wait_for_text(r"Bench Press — set 1 of 1")
    window.press("Set done")  # the only set: the workout completes
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.press("Back to Today")
    window.wait_for_text(r"^This week: 1 workout done$", timeout=20)
