"""A person's history is sacred (issue 27). Builds before it gave a workout started from a
notification the session id "" and wrote it over the previous one: the next day's Start Workout
erased yesterday's workout. Here the real daemon lives through six days (its wall clock moved to
each by tests/support/clockshift.c, TZ=Europe/Berlin), restarted every day, and a workout is started
each day a different way — the daily reminder's Start Workout and its body, the snoozed reminder's
Start Workout and its body (the snooze outlives a restart), the streak-at-risk warning's Start
Workout, and `gymbell start` — then done set by set. `gymbell history` must list all six, each
under its own id with its own sets, after every restart.

The upgrade of a database the landed build damaged so (Tests/GymbellStoreTests/Fixtures/
lost-history-v8.sqlite) is checked through the real daemon and CLI too."""

import datetime as dt
import json
import shutil
import sqlite3
import zoneinfo
from pathlib import Path

import pytest

from conftest import REPO, clock_shifted_to, state_db, wait_until
from workout_config import ALL_DAYS, push_every_day

pytestmark = pytest.mark.gymbell

BERLIN = zoneinfo.ZoneInfo("Europe/Berlin")
CONFIG = f"""\
[reminders]
time = "18:00"
days = {ALL_DAYS}
snooze_minutes = 1
streak_warning_time = "21:00"
rest_after_days = 0
milestones = false

""" + push_every_day(rest=90)
DAILY_ACTIONS = ["default", "Start Workout", "start", "Start Workout", "snooze", "Snooze 1 hour"]
FIXTURE = REPO / "Tests" / "GymbellStoreTests" / "Fixtures" / "lost-history-v8.sqlite"


def berlin(day, hms):
    """Epoch seconds of `hms` local time on 2026-12-`day` in Berlin."""
    h, m, s = map(int, hms.split(":"))
    return dt.datetime(2026, 12, day, h, m, s, tzinfo=BERLIN).timestamp()


def run_json(cli, *args):
    r = cli(*args, "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def start_daemon_at(daemon, env, instant):
    """(Re)starts the daemon with its wall clock reading `instant` now (and the CLI's with it)."""
    if daemon.running:
        daemon.kill()
    env.vars.update(clock_shifted_to(instant))
    env.vars["TZ"] = "Europe/Berlin"
    daemon.start()


def notified(recorder, summary, since):
    """The first Notify with `summary` among the records after the first `since`."""
    found = []
    wait_until(lambda: found.extend(r for r in recorder.records()[since:]
                                    if r["event"] == "Notify" and r["summary"] == summary) or found,
               timeout=15, what=f"Notify {summary!r}")
    return found[0]


def do_the_sets(cli, day):
    session = run_json(cli, "status")["session"]
    assert session and session["title"] == "Push Day", f"day {day}: no workout started: {session}"
    assert session["id"], f"day {day}: the session has no id"
    for _ in range(2):
        r = cli("set-done")
        assert r.returncode == 0, r.stderr
    # The workout is finished once the server has taken its completion (a moment after the reply).
    wait_until(lambda: run_json(cli, "status")["session"] is None, timeout=10,
               what=f"day {day}: the workout to complete")
    return session["id"]


def check_history(cli, ids):
    history = [e for e in run_json(cli, "history", "--days", "30") if e["kind"] == "strength"]
    assert [e["id"] for e in history] == ids, history
    assert all(e["outcome"] == "completed" and e["sets_done"] == 2 and not e["recovered"] for e in history), history
    sets = run_json(cli, "history", "--sets", "--days", "30")
    assert [s["session"] for s in sets] == [i for i in ids for _ in range(2)], sets


def test_a_workout_started_from_every_notification_stays_in_the_history(daemon, env, write_config, cli, server,
                                                                        recorder):
    write_config(CONFIG)
    ids = []

    # Day 1: the daily reminder's Start Workout.
    start_daemon_at(daemon, env, berlin(7, "17:59:57"))
    since = len(recorder.records())
    shown = notified(recorder, "Workout Time!", since)
    assert shown["actions"] == DAILY_ACTIONS
    server.invoke_action(shown["id"], "start")
    recorder.wait_for_close(shown["id"], timeout=5)
    ids.append(do_the_sets(cli, 1))
    check_history(cli, ids)

    # Day 2: a click on the daily reminder's body.
    start_daemon_at(daemon, env, berlin(8, "17:59:57"))
    since = len(recorder.records())
    shown = notified(recorder, "Workout Time!", since)
    server.invoke_action(shown["id"], "default")
    recorder.wait_for_close(shown["id"], timeout=5)
    ids.append(do_the_sets(cli, 2))
    check_history(cli, ids)

    # Days 3 and 4: snoozed, the daemon restarted meanwhile, then the snoozed reminder's button / body.
    for day, key in ((9, "start"), (10, "default")):
        start_daemon_at(daemon, env, berlin(day, "17:59:57"))
        since = len(recorder.records())
        shown = notified(recorder, "Workout Time!", since)
        server.invoke_action(shown["id"], "snooze")
        recorder.wait_for_close(shown["id"], timeout=5)
        start_daemon_at(daemon, env, berlin(day, "18:00:58"))
        snoozed = notified(recorder, "Workout Reminder", since)
        assert snoozed["actions"] == DAILY_ACTIONS
        server.invoke_action(snoozed["id"], key)
        recorder.wait_for_close(snoozed["id"], timeout=5)
        ids.append(do_the_sets(cli, day - 6))
        check_history(cli, ids)

    # Day 5: the daily reminder ignored; at 21:00 the four-day streak is at risk: its Start Workout.
    start_daemon_at(daemon, env, berlin(11, "20:59:57"))
    since = len(recorder.records())
    shown = notified(recorder, "Streak at risk 🔥", since)
    assert shown["actions"] == DAILY_ACTIONS
    server.invoke_action(shown["id"], "start")
    recorder.wait_for_close(shown["id"], timeout=5)
    ids.append(do_the_sets(cli, 5))
    check_history(cli, ids)

    # Day 6: from the terminal, as before.
    start_daemon_at(daemon, env, berlin(12, "07:30:00"))
    assert cli("start").returncode == 0
    ids.append(do_the_sets(cli, 6))

    assert len(set(ids)) == 6
    for day in (13, 20):  # the next day, and a week later
        start_daemon_at(daemon, env, berlin(day, "09:00:00"))
        check_history(cli, ids)
        history = run_json(cli, "history", "--days", "30")
        assert [dt.datetime.fromisoformat(e["started_at"].replace("Z", "+00:00")).astimezone(BERLIN).day
                for e in history] == [7, 8, 9, 10, 11, 12]
    stats = run_json(cli, "stats")
    assert stats["workouts_completed"] == 6, stats
    daemon.kill()
    with sqlite3.connect(state_db(env)) as db:
        rows = db.execute("SELECT quote(id), outcome FROM session ORDER BY started_at").fetchall()
    db.close()
    assert rows == [(f"'{i}'", "completed") for i in ids]


def test_a_database_the_landed_build_damaged_is_repaired_at_start_up(daemon, env, cli):
    """Two days of Start Workout on the build before issue 27 left one session "" and ten sets under
    it; the daemon's upgrade gives both days a session, the first marked recovered."""
    db = state_db(env)
    db.parent.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(FIXTURE, db)
    db.chmod(0o600)
    env.write_config(CONFIG.replace('sets = 2', 'sets = 3'))
    for day in (26, 27):  # the day after the fixture's second day, then the next (November 2026)
        if daemon.running:
            daemon.kill()
        env.vars.update(clock_shifted_to(dt.datetime(2026, 11, day, 9, 0, tzinfo=BERLIN).timestamp()))
        env.vars["TZ"] = "Europe/Berlin"
        daemon.start()
        history = run_json(cli, "history", "--days", "30")
        assert [(e["title"], e["outcome"], e["sets_done"], e["recovered"]) for e in history] == [
            ("Push Day", "completed", 5, True), ("Push Day", "completed", 5, False)], history
        assert len({e["id"] for e in history}) == 2 and all(e["id"] for e in history)
        days = [dt.datetime.fromisoformat(e["started_at"].replace("Z", "+00:00")).astimezone(BERLIN).date().isoformat()
                for e in history]
        assert days == ["2026-11-24", "2026-11-25"]
        sets = run_json(cli, "history", "--sets", "--days", "30")
        assert [s["session"] for s in sets] == [history[0]["id"]] * 5 + [history[1]["id"]] * 5
        text = cli("history", "--days", "30").stdout
        assert text.count("completed (recovered)") == 1, text
    daemon.kill()
    with sqlite3.connect(db) as connection:
        assert connection.execute("SELECT count(*) FROM session WHERE id = ''").fetchone() == (0,)
    connection.close()
