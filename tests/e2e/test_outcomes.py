"""End-to-end tests of issue 47's reminder outcomes: the real daemon on a private bus with its wall
clock moved day by day (tests/support/clockshift.c), the daily reminder answered at the recording
notification server (Start Workout, Snooze), through the CLI (`start`, `skip-today`) or not at all,
then counted by `gymbell stats --json` and followed by `gymbell suggest --json` (time = "auto") —
read back after a crash and on the next day. A hostile row in the state database does not stop them."""

import datetime as dt
import json
import sqlite3

import pytest

from berlin_days import BerlinDays, berlin
from conftest import state_db

pytestmark = pytest.mark.gymbell

CONFIG = """[reminders]
time = "auto"
days = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
[program]
mon = "push"
tue = "push"
wed = "push"
thu = "push"
fri = "push"
sat = "push"
sun = "push"
[workouts.push]
title = "Push Day"
kind = "strength"
exercises = [{ name = "Bench Press", sets = 2, reps = 8, weight = 80, unit = "kg", rest = 90 }]
"""


def EPOCH_DAY(day):
    return (day - dt.date(1970, 1, 1)).days


class Days(BerlinDays):
    def __init__(self, daemon, env, cli, server, recorder):
        super().__init__(daemon, env, cli)
        self.server, self.recorder = server, recorder
        self.seen = set()

    def reminder(self, day):
        """Starts the daemon 3 s before 18:00 on `day` and returns the daily reminder it shows."""
        self.at(berlin(day, "17:59:57"))
        shown = self.recorder.wait_for(
            lambda r: r["event"] == "Notify" and r["summary"] == "Workout Time!" and r["id"] not in self.seen,
            timeout=20, what=f"the daily reminder of {day}")
        self.seen.add(shown["id"])
        return shown

    def click(self, shown, key):
        self.server.invoke_action(shown["id"], key)
        self.recorder.wait_for_close(shown["id"], timeout=10)

    def json(self, *args):
        return json.loads(self.run(*args, "--json"))


def test_a_week_of_answers_is_counted_and_suggest_follows_the_snoozed_mondays(daemon, env, cli, server, recorder):
    env.write_config(CONFIG)
    days = Days(daemon, env, cli, server, recorder)
    monday = dt.date(2026, 11, 2)

    def snoozed_monday(day):
        days.click(days.reminder(day), "snooze")
        days.at(berlin(day, "19:10:00"))  # back at the computer later: starts from the CLI
        days.run("start")
        days.run("stop")

    snoozed_monday(monday)
    days.click(days.reminder(monday + dt.timedelta(days=1)), "start")  # Tuesday: Start Workout
    days.run("stop")
    days.reminder(monday + dt.timedelta(days=2))  # Wednesday: shown, ignored
    days.click(days.reminder(monday + dt.timedelta(days=3)), "snooze")  # Thursday: snoozed, no workout
    days.reminder(monday + dt.timedelta(days=4))  # Friday: not today
    days.run("skip-today")
    snoozed_monday(monday + dt.timedelta(days=7))
    snoozed_monday(monday + dt.timedelta(days=14))

    tuesday = monday + dt.timedelta(days=15)
    days.at(berlin(tuesday, "12:00:00"))
    expected = {"days": 30, "reminders": 7, "started": 4, "snoozed": 1, "skipped": 1, "ignored": 1, "open": 0, "held": 0,
                "snoozed_weekdays": ["mon"]}
    assert days.json("stats")["reminders"] == expected
    assert "Reminders (30 days): 7 reminders, 4 started, 1 snoozed, 1 skipped, 1 ignored; on Mondays you snooze" \
        in days.run("stats")

    def monday_suggestion():
        mon = days.json("suggest")["weekdays"][0]
        assert mon["weekday"] == "mon" and mon["snoozed_start"] is not None, mon
        start = dt.time.fromisoformat(mon["snoozed_start"])
        assert dt.time(19, 10) <= start <= dt.time(19, 11), mon  # when the CLI started each Monday's workout
        assert mon["reminder_time"] == mon["snoozed_start"], "time = auto comes when the person starts"
        return mon

    before = monday_suggestion()
    assert "Mon: the reminder is mostly snoozed and you then start around 19:1" in days.run("suggest")

    # A crash and a restart, then the next day: read back the same.
    days.at(berlin(tuesday, "12:00:30"))
    assert days.json("stats")["reminders"] == expected
    assert monday_suggestion() == before
    days.at(berlin(tuesday + dt.timedelta(days=1), "09:00:00"))
    assert days.json("stats")["reminders"] == expected
    # And the next Monday's reminder comes then.
    next_monday = monday + dt.timedelta(days=21)
    dues = [dt.datetime.fromisoformat(e["due"].replace("Z", "+00:00")).timestamp() for e in days.json("upcoming", "--days", "7")]
    on_monday = [d for d in dues if berlin(next_monday, "00:00:00") <= d < berlin(next_monday, "23:59:59")]
    assert len(on_monday) == 1 and berlin(next_monday, "19:10:00") <= on_monday[0] <= berlin(next_monday, "19:11:00"), dues


def test_hostile_outcome_rows_do_not_stop_stats(daemon, env, cli, server, recorder):
    env.write_config(CONFIG)
    days = Days(daemon, env, cli, server, recorder)
    day = dt.date(2026, 11, 2)
    days.click(days.reminder(day), "snooze")
    days.daemon.kill()
    with sqlite3.connect(state_db(env)) as db:
        db.executemany("INSERT OR REPLACE INTO reminder_outcome (day, shown_at, answer, snoozes, held) VALUES (?, ?, ?, ?, ?)", [
            (EPOCH_DAY(day) - 1, berlin(day - dt.timedelta(days=1), "18:00:00"), "snoozed", 2**63 - 1, 7),  # huge count
            (EPOCH_DAY(day) - 2, 1e300, "started", 1, 0),  # an instant out of bounds: passed over
            (EPOCH_DAY(day) - 3, berlin(day - dt.timedelta(days=3), "18:00:00"), "exploded\x00", -5, 0),  # unknown answer: shown
            (2**62, 0.0, "started", 0, 0),  # a day out of bounds: passed over
        ])
    db.close()
    days.at(berlin(day, "20:00:00"))
    got = days.json("stats")["reminders"]
    assert got["reminders"] == 3 and got["snoozed"] == 2 and got["ignored"] == 1 and got["held"] == 1, got
    assert "3 reminders" in days.run("stats")
