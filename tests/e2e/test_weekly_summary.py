"""End-to-end tests of issue 47's weekly summary: the real daemon on a private bus with its wall clock
moved (tests/support/clockshift.c), a few strength workouts logged through the CLI on their days, then
"Your week" at the recording notification server on Sunday at 19:00 with the week's workouts, kilograms,
records and streak — once: not again after a restart that evening (the mark read back from the state
database); held through Do Not Disturb (tests/e2e/attention_services.py) and shown when it ends; none
with `weekly_summary = false` or in private mode."""

import datetime as dt
import json
import sqlite3
import time

import pytest

from berlin_days import BerlinDays, berlin
from conftest import state_db, wait_until
from test_attention import Desktop

pytestmark = pytest.mark.gymbell

MONDAY = dt.date(2026, 11, 2)
SUNDAY = MONDAY + dt.timedelta(days=6)
CONFIG = """[reminders]
enabled = false
rest_after_days = 0
streak_warning = false
milestones = false
{extra}
[program]
mon = "push"
wed = "push"
fri = "push"
[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [{{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 90 }}]
"""
NNBSP = "\u202f"


class Week(BerlinDays):
    def __init__(self, daemon, env, cli, recorder):
        super().__init__(daemon, env, cli)
        self.recorder = recorder

    def workout(self, day, weight):
        """Push Day on `day` at 07:00: both sets of 8 done at `weight` kg."""
        self.at(berlin(day, "07:00:00"))
        self.run("start")
        self.run("set-done", "--weight", str(weight))
        self.run("set-done", "--weight", str(weight))

    def summaries(self):
        return self.recorder.notifies(lambda r: r["summary"] == "Your week")

    def sunday_evening(self):
        """Starts the daemon 3 s before Sunday 19:00."""
        self.at(berlin(SUNDAY, "18:59:57"))


def the_week(daemon, env, cli, recorder, extra=""):
    env.write_config(CONFIG.format(extra=extra))
    week = Week(daemon, env, cli, recorder)
    week.workout(MONDAY, 80)
    week.workout(MONDAY + dt.timedelta(days=2), 85)
    week.workout(MONDAY + dt.timedelta(days=4), 85)
    return week


def test_sunday_evening_once_with_the_weeks_numbers_not_again_after_a_restart(daemon, env, cli, recorder):
    week = the_week(daemon, env, cli, recorder)
    history = json.loads(week.run("history", "--json", "--days", "30"))
    assert [e["outcome"] for e in history] == ["completed"] * 3, history
    assert week.summaries() == []
    week.sunday_evening()
    shown = week.recorder.wait_for_notify("Your week", timeout=20)
    # 2 × 8 × 80 + 2 × 2 × 8 × 85 kg; Wednesday's 85 kg beat Monday's 80 kg (Friday's equalled it);
    # Monday, Wednesday and Friday: the program's days, none missed.
    assert shown["body"] == f"3 workouts · 4{NNBSP}000 kg lifted · 1 new record · a 3-day streak", shown
    # Data sacred: the week's mark is in the state database, and a restart that evening reads it back.
    week.at(berlin(SUNDAY, "19:00:40"))
    time.sleep(3)
    assert len(week.summaries()) == 1, "once a week"
    daemon.kill()
    with sqlite3.connect(state_db(env)) as db:
        (day,) = db.execute("SELECT weekly_summary_day FROM daily_state WHERE id = 1").fetchone()
    db.close()
    assert day == (SUNDAY - dt.date(1970, 1, 1)).days
    # The clock set back to the same Sunday's 18:59: not again either.
    week.sunday_evening()
    time.sleep(5)
    assert len(week.summaries()) == 1


def test_held_during_do_not_disturb_and_shown_when_it_ends(daemon, env, cli, recorder):
    week = the_week(daemon, env, cli, recorder)
    daemon.kill()
    services = Desktop(env)
    try:
        assert services.tell("dnd on") == "ok"
        week.sunday_evening()
        held = wait_until(lambda: (json.loads(week.run("status", "--json"))["held"] or {}).get("reminders"), timeout=20,
                          what="the weekly summary to be held")
        assert len(held) == 1 and week.summaries() == []
        told = time.time()
        assert services.tell("dnd off") == "ok"
        shown = week.recorder.wait_for_notify("Your week", timeout=5)
        assert shown["t"] - told <= 3.0
        assert shown["body"].startswith("3 workouts · 4\u202f000 kg lifted"), shown
        time.sleep(1)
        assert len(week.summaries()) == 1
    finally:
        services.stop()


@pytest.mark.parametrize("extra", ["weekly_summary = false", "private = true"])
def test_none_when_off_or_in_private_mode(extra, daemon, env, cli, recorder):
    env.write_config(CONFIG.format(extra=extra))
    week = Week(daemon, env, cli, recorder)
    week.workout(MONDAY, 80)
    week.sunday_evening()
    time.sleep(6)
    assert week.summaries() == [], week.recorder.notifies()
    assert json.loads(week.run("status", "--json")).get("held") is None


def test_its_click_opens_the_window_on_progress(daemon, env, cli, recorder, server, gymbell_bin):
    """The click on its body ("default") opens gymbell-window (beside gymbell, as `swift build` leaves
    it) on its Progress page (`gymbell-window --progress`; tests/window/test_progress_page.py opens it)."""
    week = the_week(daemon, env, cli, recorder)
    week.sunday_evening()
    shown = week.recorder.wait_for_notify("Your week", timeout=20)
    assert shown["actions"][::2] == ["default"], shown
    server.invoke_action(shown["id"], "default")
    wait_until(lambda: "opening the window" in daemon.output(), timeout=10, what="the window to be opened")
    line = next(line for line in daemon.output().splitlines() if "opening the window" in line)
    assert "page=progress" in line, line
    week.recorder.wait_for_close(shown["id"], timeout=10)
