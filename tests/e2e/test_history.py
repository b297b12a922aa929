"""End-to-end tests of the training history and seed 002's smart reminders (issue: history, stats,
suggest, export-ics, resume; paused workout, rest-day advice, milestones, learned reminder time,
quiet hours, private mode, voice). The real daemon on a private bus, TZ=UTC, driven through the real
CLI and ActionInvoked, observed at the recording notification server. Past days are seeded straight
into the state database while the daemon is stopped: the history is what the daemon reads there."""

import datetime as dt
import json
import os
import signal
import sqlite3
import time
import uuid

import pytest

from conftest import insert_state_rows, local_hms_ahead, parse_instant, state_db, utc, wait_until
from workout_config import ALL_DAYS, WEEKDAYS, program

try:
    import icalendar
except ImportError:  # pragma: no cover - explains the most likely setup mistake
    raise ImportError("python3-icalendar is not importable: run scripts/install-deps.sh, and the tests with "
                      "Debian's interpreter: /usr/bin/python3 -m pytest tests/e2e")

pytestmark = pytest.mark.gymbell

TOLERANCE = 1.5
SESSION_CATEGORY = "x-gymbell.session"

PUSH = ('[workouts.push]\ntitle = "Push Day"\nkind = "strength"\nexercises = [\n'
        '  { name = "Bench Press", sets = 1, reps = 8, weight = 80, unit = "kg", rest = 1 },\n'
        '  { name = "Dips", sets = 2, reps = 10, rest = 60 },\n]\n')
HIIT20 = '[workouts.hiit20]\ntitle = "HIIT 20"\nkind = "hiit"\nrounds = 5\nwork = "40s"\nrest = "20s"\n'


@pytest.fixture(autouse=True)
def away_from_midnight():
    """These tests put instants on "today" and count days back from it: not across local midnight."""
    left = 86400 - time.time() % 86400  # TZ=UTC: local midnight is UTC midnight
    if left < 45:
        time.sleep(left + 1)


# --- helpers -----------------------------------------------------------------------------------

def today(offset=0):
    """The local (UTC) date `offset` days from today."""
    return dt.datetime.now(dt.timezone.utc).date() + dt.timedelta(days=offset)


def weekday(offset=0):
    return WEEKDAYS[today(offset).weekday()]


def at(offset, clock="12:00:00"):
    """Epoch seconds of local `clock` on the day `offset` days from today."""
    return dt.datetime.combine(today(offset), dt.time.fromisoformat(clock), dt.timezone.utc).timestamp()


def regular_weeks(rows):
    """Weeks in a row (Monday to Sunday, UTC) with sessions on 2+ days, ending this week when it is
    regular and last week otherwise: what `stats` counts as regular_weeks."""
    days = {utc(r["started_at"]).date() for r in rows}
    monday = today() - dt.timedelta(days=today().weekday())
    def regular(m):
        return sum((m + dt.timedelta(days=i)) in days for i in range(7)) >= 2
    if not regular(monday):
        monday -= dt.timedelta(days=7)
    weeks = 0
    while days and monday + dt.timedelta(days=6) >= min(days) and regular(monday):
        weeks += 1
        monday -= dt.timedelta(days=7)
    return weeks


def run_json(cli, *args):
    r = cli(*args, "--json")
    assert r.returncode == 0, f"gymbell {' '.join(args)} --json: {r.stderr}"
    return json.loads(r.stdout)


def history(cli, *args):
    return run_json(cli, "history", *args)


def stats(cli):
    """`stats --json` without its "reminders" (what became of the daily reminders: tests/e2e/test_outcomes.py)."""
    got = run_json(cli, "stats")
    assert isinstance(got.pop("reminders")["reminders"], int), got
    return got


def status(cli):
    return run_json(cli, "status")


def past(offset, clock="12:00:00", kind="hiit", title="HIIT", minutes=20, outcome="completed", workout=None, sets=0):
    """A finished session row on the day `offset` days from today."""
    start = at(offset, clock)
    return dict(id=str(uuid.uuid4()), kind=kind, title=title, started_at=start, ends_at=start + minutes * 60,
                workout=workout, outcome=outcome, ended_at=start + minutes * 60, sets_done=sets,
                last_progress_at=start)


def seed(daemon, env, rows):
    """Adds history rows to the state database with the daemon stopped (a first run creates the
    database); leaves it stopped for the test to start with its config."""
    if daemon.runs == 0:
        daemon.start()
    if daemon.running:
        daemon.kill(signal.SIGTERM)
    insert_state_rows(env, sessions=rows)


def cards(recorder):
    return recorder.notifies(lambda r: r["hints"].get("category") == SESSION_CATEGORY
                             and not r["summary"].startswith("Paused workout"))


def paused(recorder):
    return recorder.notifies(lambda r: r["summary"].startswith("Paused workout"))


def titled(recorder, summary):
    return recorder.notifies(lambda r: r["summary"] == summary)


def last_progress(cli):
    """When the running session last showed progress, as the daemon recorded it."""
    entry = history(cli)[-1]
    assert entry["outcome"] == "running", entry
    return parse_instant(entry["last_progress_at"])


def wait_for_entry(cli, predicate, what, timeout=5):
    return wait_until(lambda: [e for e in history(cli) if predicate(e)], timeout, what=what)[0]


# --- history -----------------------------------------------------------------------------------

def test_history_records_completed_stopped_and_running_sessions(daemon, write_config, cli, recorder):
    write_config('[workouts.quick]\ntitle = "Quick HIIT"\nkind = "hiit"\nrounds = 2\nwork = "1s"\nrest = "1s"\n'
                 '[workouts.push]\ntitle = "Push Day"\nkind = "strength"\n'
                 'exercises = [ { name = "Bench Press", sets = 3, reps = 8, rest = 60 } ]\n')
    daemon.start()
    before = time.time()
    r = cli("start", "quick")
    assert r.returncode == 0 and "Quick HIIT" in r.stdout, r.stderr
    recorder.wait_for_notify("HIIT session complete 🎉", timeout=4 + TOLERANCE + 1)
    quick = wait_for_entry(cli, lambda e: e["outcome"] == "completed", "the HIIT session to be recorded completed")
    assert (quick["workout"], quick["title"], quick["kind"], quick["sets_done"]) == ("quick", "Quick HIIT", "hiit", 2)
    started = parse_instant(quick["started_at"])
    assert before - 0.01 <= started <= before + 1.5
    assert parse_instant(quick["ended_at"]) - started == pytest.approx(4, abs=0.05)  # its planned end
    assert parse_instant(quick["last_progress_at"]) == pytest.approx(started, abs=0.001)

    assert cli("start", "push").returncode == 0
    assert cli("set-done").returncode == 0
    assert cli("set-done").returncode == 0
    last_set = time.time()
    assert cli("stop").returncode == 0
    stopped_at = time.time()
    assert cli("rest", "30").returncode == 0

    entries = history(cli)
    assert [(e["title"], e["kind"], e["outcome"]) for e in entries] == [
        ("Quick HIIT", "hiit", "completed"), ("Push Day", "strength", "stopped"), ("Rest", "rest", "running")], entries
    push, rest = entries[1], entries[2]
    assert push["workout"] == "push" and push["sets_done"] == 2
    assert parse_instant(push["ended_at"]) == pytest.approx(stopped_at, abs=1)
    assert parse_instant(push["started_at"]) <= parse_instant(push["last_progress_at"]) <= last_set + 0.01
    assert parse_instant(push["last_progress_at"]) == pytest.approx(last_set, abs=1)
    assert rest["workout"] is None and rest["ended_at"] is None and rest["sets_done"] == 0
    assert len({e["id"] for e in entries}) == 3

    human = cli("history")
    assert human.returncode == 0, human.stderr
    lines = human.stdout.splitlines()
    assert len(lines) == 3, human.stdout
    assert "Quick HIIT (hiit)" in lines[0] and "completed" in lines[0] and "4s" in lines[0], lines[0]
    assert "Push Day (strength)" in lines[1] and "stopped" in lines[1] and "2 sets" in lines[1], lines[1]
    assert "Rest (rest)" in lines[2] and "running" in lines[2] and "so far" in lines[2], lines[2]
    assert cli("history", "--days", "0").returncode != 0


# --- stats -------------------------------------------------------------------------------------

def test_stats_streak_skips_planned_rest_days_and_breaks_on_a_missed_one(daemon, env, write_config, cli, recorder):
    # Today untrained; -1 trained; -2 a planned rest day; -3, -4 trained; -5 missed; -6 trained.
    rows = [past(-1, title="one"), past(-3, title="three"), past(-4, title="four"),
            past(-4, "18:00:00", title="four again", outcome="stopped"), past(-6, title="six")]
    seed(daemon, env, rows)
    program = "".join(f'{weekday(o)} = "hiit20"\n' for o in (0, -1, -3, -4, -5, -6))
    write_config(f"[program]\n{program}{HIIT20}")
    daemon.start()

    monday = today(-today().weekday())
    week = sum(monday <= utc(r["started_at"]).date() <= monday + dt.timedelta(days=6) for r in rows)
    month = sum(utc(r["started_at"]).date().replace(day=1) == today().replace(day=1) for r in rows)
    assert stats(cli) == {"streak": 3, "sessions_this_week": week, "sessions_this_month": month,
                          "consecutive_training_days": 1, "workouts_completed": 4,
                          "regular_weeks": regular_weeks(rows), "volume_kg": 0}
    human = cli("stats")
    assert human.returncode == 0 and "Streak: 3 training days" in human.stdout, human.stdout
    assert "Workouts completed: 4" in human.stdout

    # The missed day is what broke it: as a rest day too, the streak reaches back to -6.
    program = "".join(f'{weekday(o)} = "hiit20"\n' for o in (0, -1, -3, -4, -6))
    write_config(f"[program]\n{program}{HIIT20}")
    assert cli("reload").returncode == 0
    assert stats(cli)["streak"] == 4
    # No program: every day is a training day, so the untrained -2 breaks it after -1.
    write_config(HIIT20)
    assert cli("reload").returncode == 0
    assert stats(cli)["streak"] == 1

    # A rest timer today counts as training today, not as a workout completed.
    assert cli("rest", "1").returncode == 0
    recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    wait_for_entry(cli, lambda e: e["kind"] == "rest" and e["outcome"] == "completed", "the rest to complete")
    rest = dict(started_at=time.time())
    assert stats(cli) == {"streak": 2, "sessions_this_week": week + 1, "sessions_this_month": month + 1,
                          "consecutive_training_days": 2, "workouts_completed": 4,
                          "regular_weeks": regular_weeks(rows + [rest]), "volume_kg": 0}
    # --days: only the sessions started in that many last days.
    assert [e["title"] for e in history(cli, "--days", "2")] == ["one", "Rest"]
    assert [e["title"] for e in history(cli, "--days", "10")] == ["six", "four", "four again", "three", "one", "Rest"]


# --- paused workout ----------------------------------------------------------------------------

def test_paused_workout_resume_and_end(daemon, write_config, cli, server, recorder):
    write_config('[reminders]\npause_after = "2s"\n' + PUSH)
    daemon.start()
    assert cli("start", "push").returncode == 0
    assert cli("set-done").returncode == 0  # progress: the pause counts from here
    progress = last_progress(cli)
    coming = [e for e in run_json(cli, "upcoming", "--days", "1") if e["kind"] == "paused_workout"]
    assert [(e["title"], parse_instant(e["due"])) for e in coming] == [("Paused workout: Push Day", pytest.approx(progress + 2, abs=0.01))]
    recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)

    first = recorder.wait_for_notify("Paused workout: Push Day", timeout=2 + TOLERANCE + 1)
    assert first["body"] == "You stopped at exercise 2 of 2. Resume?"
    assert first["actions"] == ["default", "Resume", "resume", "Resume", "end", "End workout"]
    assert first["hints"].get("desktop-entry") == "io.github.gymbell.Gymbell"
    assert -0.05 <= first["t"] - (progress + 2) <= TOLERANCE
    assert len(paused(recorder)) == 1

    # Resume on the notification: it closes, and the pause counts afresh from the click.
    server.invoke_action(first["id"], "resume")
    clicked = recorder.wait_for(lambda r: r["event"] == "ActionInvoked" and r["id"] == first["id"], timeout=2)
    recorder.wait_for_close(first["id"], timeout=3)
    wait_until(lambda: len(paused(recorder)) == 2, timeout=2 + TOLERANCE + 1, what="a second paused reminder")
    second = paused(recorder)[1]
    assert second["body"] == "You stopped at exercise 2 of 2. Resume?"
    assert history(cli)[-1]["outcome"] == "running"
    progress = last_progress(cli)
    assert progress == pytest.approx(clicked["t"], abs=0.5)
    assert -0.05 <= second["t"] - (progress + 2) <= TOLERANCE

    # `gymbell resume` does the same from the command line.
    r = cli("resume")
    assert r.returncode == 0 and r.stdout.startswith("Resumed Push Day"), r.stdout + r.stderr
    recorder.wait_for_close(second["id"], timeout=3)
    wait_until(lambda: len(paused(recorder)) == 3, timeout=2 + TOLERANCE + 1, what="a third paused reminder")
    third = paused(recorder)[2]
    progress = last_progress(cli)
    assert progress > second["t"] and -0.05 <= third["t"] - (progress + 2) <= TOLERANCE

    # End workout: the session stops, recorded as stopped with the set it had.
    server.invoke_action(third["id"], "end")
    recorder.wait_for_close(third["id"], timeout=3)
    wait_until(lambda: status(cli)["session"] is None, timeout=3, what="End workout to stop the session")
    entry = history(cli)[-1]
    assert (entry["title"], entry["outcome"], entry["sets_done"]) == ("Push Day", "stopped", 1)
    recorder.wait_for_close(cards(recorder)[0]["id"], timeout=3)
    time.sleep(0.5)
    assert len(paused(recorder)) == 3, recorder.dump()
    nothing = cli("resume")
    assert nothing.returncode == 1 and "no workout is running" in nothing.stderr
    # An interval session runs by itself: there is nothing to resume until it is paused.
    assert cli("hiit", "--rounds", "5", "--work", "40s", "--rest", "20s").returncode == 0
    interval = cli("resume")
    assert interval.returncode == 1 and "is not paused" in interval.stderr, interval


def test_a_paused_reminder_does_not_act_on_the_next_session(daemon, write_config, cli, server, recorder):
    write_config('[reminders]\npause_after = "1s"\n' + PUSH)
    daemon.start()
    assert cli("start", "push").returncode == 0
    stale = recorder.wait_for_notify("Paused workout: Push Day", timeout=1 + TOLERANCE + 1)
    assert cli("hiit", "--rounds", "5", "--work", "40s", "--rest", "20s").returncode == 0
    time.sleep(0.5)
    # Either fix will do: the reminder is closed with its session, or its buttons no longer act.
    if stale["id"] in server.open_ids():
        server.invoke_action(stale["id"], "end")
        time.sleep(0.5)
    st = status(cli)
    assert st["session"] is not None and st["session"]["kind"] == "hiit", history(cli)


def start_then_age(daemon, env, cli, last_progress_ago):
    """A real strength session, started, then the daemon stopped and its clock set back."""
    daemon.start()
    assert cli("start", "push").returncode == 0
    daemon.kill(signal.SIGTERM)
    last = time.time() - last_progress_ago
    with sqlite3.connect(state_db(env)) as db:
        changed = db.execute("UPDATE session SET started_at = ?, last_progress_at = ?, ends_at = ? WHERE outcome = 'running'",
                             (last - 60, last, last + 600)).rowcount
    db.close()
    assert changed == 1
    return last


def test_a_workout_left_two_days_is_abandoned_at_start_up(daemon, env, write_config, cli, recorder):
    write_config(PUSH)  # pause_after: the default 2 h, so abandoned 26 h after the last progress
    last = start_then_age(daemon, env, cli, 2 * 86400)
    restarted = time.time()
    daemon.start()
    entry = history(cli)[-1]
    assert (entry["title"], entry["outcome"]) == ("Push Day", "abandoned"), entry
    assert parse_instant(entry["ended_at"]) == pytest.approx(last, abs=0.001)  # it ended with its last progress
    assert status(cli)["session"] is None
    assert "session abandoned" in daemon.output()
    time.sleep(0.5)
    assert paused(recorder) == [] and [c for c in cards(recorder) if c["t"] >= restarted] == [], recorder.dump()


def test_a_day_old_pause_gets_the_second_reminder_once(daemon, env, write_config, cli, recorder):
    write_config(PUSH)
    start_then_age(daemon, env, cli, 25 * 3600)  # the first reminder (2 h) was overtaken by the second (24 h)
    daemon.start()
    shown = recorder.wait_for_notify("Paused workout: Push Day", timeout=3)
    assert shown["body"] == "You stopped at exercise 1 of 2. Resume?"
    assert status(cli)["session"]["title"] == "Push Day"
    assert history(cli)[-1]["outcome"] == "running"
    daemon.restart(signal.SIGTERM)
    time.sleep(1)
    assert len(paused(recorder)) == 1, recorder.dump()


# --- rest-day advice ---------------------------------------------------------------------------

def test_rest_day_advice_after_three_days_in_a_row(daemon, env, write_config, cli, recorder):
    seed(daemon, env, [past(-1), past(-2), past(-3)])
    hms, due = local_hms_ahead(3)
    write_config(f'[reminders]\nrest_advice_time = "{hms}"\n')
    daemon.start()
    coming = [e for e in run_json(cli, "upcoming", "--days", "1") if e["kind"] == "rest_advice"]
    assert [(e["title"], parse_instant(e["due"])) for e in coming] == [("Good rest day! 🌙", pytest.approx(due, abs=0.01))]
    shown = recorder.wait_for_notify("Good rest day! 🌙", timeout=due - time.time() + TOLERANCE + 1)
    assert shown["body"] == "3 days of training in a row. Recovery matters!"
    assert shown["actions"] == ["default", "Dismiss"] and shown["expire_timeout"] == 10000
    assert -0.05 <= shown["t"] - due <= TOLERANCE
    assert stats(cli)["consecutive_training_days"] == 3
    daemon.restart(signal.SIGTERM)  # once a day
    time.sleep(1)
    assert len(titled(recorder, "Good rest day! 🌙")) == 1


def test_no_rest_day_advice_once_trained_today(daemon, env, write_config, cli, recorder):
    seed(daemon, env, [past(-1), past(-2), past(-3)])
    hms, due = local_hms_ahead(3)
    write_config(f'[reminders]\nrest_advice_time = "{hms}"\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    time.sleep(max(0, due - time.time() + TOLERANCE))
    assert titled(recorder, "Good rest day! 🌙") == [], recorder.dump()


# --- milestones --------------------------------------------------------------------------------

def test_seventh_training_day_in_a_row_is_a_milestone_once(daemon, env, write_config, cli, recorder):
    seed(daemon, env, [past(-o) for o in range(1, 7)])
    daemon.start()
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    done = recorder.wait_for_notify("HIIT session complete 🎉", timeout=2 + TOLERANCE + 1)
    shown = recorder.wait_for_notify("Milestone reached 🏆", timeout=2)
    assert shown["body"] == "7 training days in a row! 🔥"
    assert shown["actions"] == ["default", "Dismiss"] and shown["t"] >= done["t"]
    assert stats(cli)["streak"] == 7
    # A second workout the same day completes nothing new.
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    wait_until(lambda: len(titled(recorder, "HIIT session complete 🎉")) == 2, timeout=2 + TOLERANCE + 1,
               what="the second HIIT to complete")
    time.sleep(0.5)
    assert len(recorder.notifies(lambda r: r["summary"].startswith("Milestone"))) == 1, recorder.dump()


def test_two_milestones_at_once_share_one_notification(daemon, env, write_config, cli, recorder):
    # 6 days in a row, then 3 more workouts and a rest timer (not a workout) before a gap: 9 workouts.
    rows = [past(-o) for o in range(1, 7)]
    rows += [past(-10, f"{h:02d}:00:00") for h in (8, 9, 10)] + [past(-10, "11:00:00", kind="rest", title="Rest")]
    seed(daemon, env, rows)
    daemon.start()
    assert stats(cli)["workouts_completed"] == 9
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    shown = recorder.wait_for_notify("Milestones reached 🏆", timeout=2 + TOLERANCE + 2)
    assert shown["body"] == "7 training days in a row! 🔥\n10 workouts completed! 💪"
    time.sleep(0.3)
    assert len(recorder.notifies(lambda r: r["summary"].startswith("Milestone"))) == 1


def test_a_workout_stopped_earlier_that_day_does_not_take_the_celebration(daemon, env, write_config, cli, recorder):
    # Day 7 begins with a stopped workout: the day counts, but nothing completed, so nothing was celebrated.
    seed(daemon, env, [past(-o) for o in range(1, 7)])
    daemon.start()
    assert cli("hiit", "--rounds", "5", "--work", "40s", "--rest", "20s").returncode == 0
    assert cli("stop").returncode == 0
    assert stats(cli)["streak"] == 7
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    shown = recorder.wait_for_notify("Milestone reached 🏆", timeout=2 + TOLERANCE + 1)
    assert shown["body"] == "7 training days in a row! 🔥"


# --- quiet hours -------------------------------------------------------------------------------

def test_quiet_hours_hold_the_daily_reminder_until_they_end(daemon, write_config, cli, recorder):
    daily_hms, daily_due = local_hms_ahead(2)
    start_hms, _ = local_hms_ahead(-60)
    end_hms, end = local_hms_ahead(5)
    write_config(f'[reminders]\ntime = "{daily_hms}"\ndays = {ALL_DAYS}\n'
                 f'[quiet_hours]\nstart = "{start_hms}"\nend = "{end_hms}"\n')
    daemon.start()
    upcoming = [e for e in run_json(cli, "upcoming", "--days", "1") if e["kind"] == "daily"]
    assert parse_instant(upcoming[0]["due"]) == pytest.approx(end, abs=0.01), upcoming
    held = wait_until(lambda: [p for p in status(cli)["pending"] if p["kind"] == "daily"],
                      timeout=daily_due - time.time() + TOLERANCE, what="the daily reminder to be held")
    assert parse_instant(held[0]["due"]) == pytest.approx(end, abs=0.01)
    assert held[0]["title"] == "Time to Workout! 💪"
    assert titled(recorder, "Time to Workout! 💪") == []
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=end - time.time() + TOLERANCE + 1)
    assert -0.05 <= shown["t"] - end <= TOLERANCE
    assert shown["actions"][:2] == ["default", "Start Workout"]
    assert [p for p in status(cli)["pending"] if p["kind"] == "daily"] == []


def test_quiet_hours_let_session_transitions_through_and_hold_a_paused_reminder(daemon, write_config, cli, recorder):
    start_hms, _ = local_hms_ahead(-60)
    end_hms, end = local_hms_ahead(5)
    write_config(f'[reminders]\npause_after = "2s"\n[quiet_hours]\nstart = "{start_hms}"\nend = "{end_hms}"\n' + PUSH)
    daemon.start()
    assert cli("start", "push").returncode == 0
    assert cli("rest", "1").returncode == 0  # the workout's rest: progress, and a transition in 1 s
    rested = time.time()
    over = recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    assert over["t"] - rested <= 1 + TOLERANCE and over["t"] < end
    held = wait_until(lambda: [p for p in status(cli)["pending"] if p["kind"] == "paused_workout"],
                      timeout=2 + TOLERANCE + 1, what="the paused reminder to be held")
    assert parse_instant(held[0]["due"]) == pytest.approx(end, abs=0.01)
    assert paused(recorder) == []
    shown = recorder.wait_for_notify("Paused workout: Push Day", timeout=end - time.time() + TOLERANCE + 1)
    assert -0.05 <= shown["t"] - end <= TOLERANCE
    assert shown["actions"] == ["default", "Resume", "resume", "Resume", "end", "End workout"]


def test_reloading_without_quiet_hours_releases_what_they_held(daemon, write_config, cli, recorder):
    daily_hms, daily_due = local_hms_ahead(2)
    start_hms, _ = local_hms_ahead(-60)
    end_hms, end = local_hms_ahead(60)
    plain = f'[reminders]\ntime = "{daily_hms}"\ndays = {ALL_DAYS}\n'
    write_config(plain + f'[quiet_hours]\nstart = "{start_hms}"\nend = "{end_hms}"\n')
    daemon.start()
    wait_until(lambda: [p for p in status(cli)["pending"] if p["kind"] == "daily"],
               timeout=daily_due - time.time() + TOLERANCE, what="the daily reminder to be held")
    write_config(plain)  # quiet hours taken out of the file
    assert cli("reload").returncode == 0
    reloaded = time.time()
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=TOLERANCE + 2)
    assert shown["t"] - reloaded <= TOLERANCE and shown["t"] < end
    assert [p for p in status(cli)["pending"] if p["kind"] == "daily"] == []


# --- learned reminder time ---------------------------------------------------------------------

def test_auto_time_reminds_before_the_usual_start(daemon, env, write_config, cli):
    rows = [past(-7, "17:00:00"), past(-14, "17:10:00"), past(-14, "19:30:00"), past(-21, "17:20:00"),
            past(-8, "06:00:00"), past(-15, "06:00:00")]  # yesterday's weekday: only 2 days
    seed(daemon, env, rows)
    write_config(f'[reminders]\ntime = "auto"\ndays = {ALL_DAYS}\n')
    daemon.start()
    report = run_json(cli, "suggest")
    assert (report["auto"], report["fixed_time"], report["lead_seconds"]) == (True, "18:00", 1800)
    days = {d["weekday"]: d for d in report["weekdays"]}
    assert [d["weekday"] for d in report["weekdays"]] == WEEKDAYS
    assert days[weekday()] == {"weekday": weekday(), "usual_start": "17:10", "samples": 3,
                               "reminder_time": "16:40", "workout": None, "snoozed_start": None}
    assert days[weekday(-1)] == {"weekday": weekday(-1), "usual_start": None, "samples": 2,
                                 "reminder_time": "18:00", "workout": None, "snoozed_start": None}
    human = cli("suggest")
    assert human.returncode == 0 and "auto" in human.stdout and "17:10 (3 sessions)" in human.stdout, human.stdout

    write_config(f'[reminders]\ntime = "auto"\nauto_lead = "45m"\ndays = {ALL_DAYS}\n')
    assert cli("reload").returncode == 0
    assert run_json(cli, "suggest")["lead_seconds"] == 2700
    daily = [e for e in run_json(cli, "upcoming", "--days", "8") if e["kind"] == "daily"]
    assert len(daily) >= 7, daily
    for entry in daily:
        due = utc(parse_instant(entry["due"]))
        expected = "16:25:00" if WEEKDAYS[due.weekday()] == weekday() else "18:00:00"
        assert due.strftime("%H:%M:%S") == expected, entry
    assert utc(parse_instant(status(cli)["next_daily"])).strftime("%H:%M:%S") in ("16:25:00", "18:00:00")

    # The calendar puts a learned weekday's workout at the usual start, its alarm auto_lead before.
    write_config(f'[reminders]\ntime = "auto"\nauto_lead = "45m"\n[program]\n{weekday()} = "hiit20"\n'
                 f'{weekday(-1)} = "hiit20"\n' + HIIT20)
    assert cli("reload").returncode == 0
    out = cli("export-ics", "--weeks", "1")
    assert out.returncode == 0, out.stderr
    events = {e.decoded("DTSTART").date(): e for e in icalendar.Calendar.from_ical(out.stdout).walk("VEVENT")}
    assert sorted(events) == [today(), today(6)]
    assert events[today()].decoded("DTSTART").strftime("%H:%M") == "17:10"
    assert events[today()].walk("VALARM")[0].decoded("TRIGGER") == -dt.timedelta(minutes=45)
    assert events[today(6)].decoded("DTSTART").strftime("%H:%M") == "18:00"
    assert events[today(6)].walk("VALARM")[0].decoded("TRIGGER") == dt.timedelta(0)


# --- calendar export ---------------------------------------------------------------------------

def test_export_ics_events_alarms_and_stable_uids(daemon, env, write_config, cli):
    write_config(f'[reminders]\ntime = "07:30"\n[program]\n{weekday(0)} = "push"\n{weekday(2)} = "hiit20"\n'
                 + PUSH + HIIT20)
    daemon.start()
    first = env.root / "first.ics"
    r = cli("export-ics", "--weeks", "2", "--output", first)
    assert r.returncode == 0, r.stderr
    assert r.stdout.startswith(f"Wrote 4 workouts to {first}"), r.stdout
    calendar = icalendar.Calendar.from_ical(first.read_bytes())
    events = calendar.walk("VEVENT")
    expected = sorted([(today(o), "Push Day") for o in (0, 7)] + [(today(o), "HIIT 20") for o in (2, 9)])
    assert sorted((e.decoded("DTSTART").date(), str(e["SUMMARY"])) for e in events) == expected
    for event in events:
        start = event.decoded("DTSTART")
        assert start.strftime("%H:%M:%S") == "07:30:00" and start.utcoffset() == dt.timedelta(0)
        name = "push" if str(event["SUMMARY"]) == "Push Day" else "hiit20"
        assert str(event["UID"]) == f"{name}-{start.strftime('%Y%m%d')}@gymbell"
        alarms = event.walk("VALARM")
        assert len(alarms) == 1 and str(alarms[0]["ACTION"]) == "DISPLAY"
        assert alarms[0].decoded("TRIGGER") == dt.timedelta(0)
        if name == "hiit20":
            assert event.decoded("DURATION") == dt.timedelta(minutes=5)
            assert "5 rounds of 40s work and 20s rest" in str(event["DESCRIPTION"])
        else:
            assert "Bench Press" in str(event["DESCRIPTION"])

    second = env.root / "second.ics"
    assert cli("export-ics", "--weeks", "2", "--output", second).returncode == 0
    out = cli("export-ics", "--weeks", "2")
    assert out.returncode == 0 and out.stdout.startswith("BEGIN:VCALENDAR"), out.stderr
    dash = cli("export-ics", "--weeks", "2", "--output", "-")
    uids = lambda text: sorted(str(e["UID"]) for e in icalendar.Calendar.from_ical(text).walk("VEVENT"))
    assert uids(first.read_bytes()) == uids(second.read_bytes()) == uids(out.stdout) == uids(dash.stdout)
    assert len(uids(out.stdout)) == 4
    assert cli("export-ics", "--weeks", "0").returncode != 0

    write_config(PUSH)
    assert cli("reload").returncode == 0
    empty = cli("export-ics")
    assert empty.returncode == 1 and "plans a workout ([program] or [programs.NAME]), so there is nothing to export" in empty.stderr, empty.stderr

    # Daily reminders off: the events stay, without alarms.
    write_config(f'[reminders]\nenabled = false\n[program]\n{weekday(0)} = "push"\n' + PUSH)
    assert cli("reload").returncode == 0
    quiet = icalendar.Calendar.from_ical(cli("export-ics", "--weeks", "1").stdout).walk("VEVENT")
    assert len(quiet) == 1 and quiet[0].walk("VALARM") == []


# --- private mode and voice --------------------------------------------------------------------

def test_private_mode_names_no_workout(daemon, write_config, cli, server, recorder):
    hms, due = local_hms_ahead(2)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\nprivate = true\npause_after = "2s"\n'
                 f'[program]\n{weekday()} = "push"\n' + PUSH)
    daemon.start()
    daily = recorder.wait_for_notify("Workout Time!", timeout=due - time.time() + TOLERANCE + 1)
    assert daily["body"] == "Your workout awaits."
    server.invoke_action(daily["id"], "start")
    wait_until(lambda: cards(recorder), timeout=3, what="the session card")
    card = cards(recorder)[0]
    assert (card["summary"], card["body"]) == ("Workout", "Set 1 of 3")
    assert status(cli)["session"]["kind"] == "strength"
    assert cli("set-done").returncode == 0
    wait_until(lambda: any(c["body"] == "Set 2 of 3" for c in cards(recorder)), timeout=3, what="the card to move on")
    over = recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    assert over["body"] == "Time for your next set!"
    pause = recorder.wait_for_notify("Paused workout", timeout=2 + TOLERANCE + 1)
    assert pause["body"] == "Your workout is still open. Resume?"
    assert pause["actions"] == ["default", "Resume", "resume", "Resume", "end", "End workout"]
    assert cli("set-done").returncode == 0
    assert cli("set-done").returncode == 0
    done = recorder.wait_for_notify("Workout complete 🎉", timeout=3)
    assert done["body"] == "Great work!"
    for shown in recorder.notifies():
        for secret in ("Push", "Bench", "Dips", "80 kg"):
            assert secret not in shown["summary"] + shown["body"], shown


def fake_spd_say(env):
    """An `spd-say` on the daemon's PATH that records its argv as one JSON line each run."""
    bin_dir = env.root / "bin"
    bin_dir.mkdir()
    spoken = env.root / "spoken.jsonl"
    script = bin_dir / "spd-say"
    script.write_text(f"#!/usr/bin/python3\nimport json, sys\n"
                      f"with open({str(spoken)!r}, 'a') as f:\n    f.write(json.dumps(sys.argv[1:]) + '\\n')\n")
    script.chmod(0o755)
    env.vars["PATH"] = f"{bin_dir}:{env.vars['PATH']}"
    return spoken


def spoken_lines(path):
    return [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []


def test_announce_speaks_session_transitions(daemon, env, write_config, cli, recorder):
    spoken = fake_spd_say(env)
    write_config('[reminders]\nannounce = true\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    assert cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s").returncode == 0
    recorder.wait_for_notify("HIIT session complete 🎉", timeout=2 + TOLERANCE + 1)
    wait_until(lambda: len(spoken_lines(spoken)) >= 3, timeout=3, what="spd-say to be run three times")
    time.sleep(0.3)
    assert spoken_lines(spoken) == [
        ["--", "Rest over. Time for your next set!"],
        ["--", "Work phase done. Time to rest."],
        ["--", "HIIT session complete. Well done!"],
    ]


def test_announce_without_spd_say_still_reminds(daemon, env, write_config, cli, recorder):
    env.vars["PATH"] = ":".join(d for d in env.vars["PATH"].split(":") if d and not os.path.exists(f"{d}/spd-say"))
    write_config('[reminders]\nannounce = true\n')
    daemon.start()
    assert cli("rest", "1").returncode == 0
    shown = recorder.wait_for_notify("Rest over ⏰", timeout=1 + TOLERANCE + 1)
    assert shown["body"] == "Time for your next set!"
    time.sleep(0.3)
    assert daemon.running and "spd-say" not in daemon.output()


# --- streak at risk ----------------------------------------------------------------------------

def test_streak_at_risk_warns_once_and_start_workout_answers_it(daemon, env, write_config, cli, server, recorder):
    """Three planned days trained in a row, today untrained: "Streak at risk 🔥" at streak_warning_time,
    with the daily reminder's buttons; Start Workout starts today's workout; a restart does not warn again."""
    seed(daemon, env, [past(-1), past(-2), past(-3)])
    hms, due = local_hms_ahead(3)
    write_config(f'[reminders]\nenabled = false\nstreak_warning_time = "{hms}"\nrest_advice_time = "{hms}"\n'
                 + program("hiit20") + HIIT20)
    daemon.start()
    coming = [e for e in run_json(cli, "upcoming", "--days", "1") if e["kind"] == "streak_at_risk"]
    assert [(e["title"], parse_instant(e["due"])) for e in coming] == [("Streak at risk 🔥", pytest.approx(due, abs=0.01))]
    shown = recorder.wait_for_notify("Streak at risk 🔥", timeout=due - time.time() + TOLERANCE + 1)
    assert shown["body"] == "Your 3-day streak ends tonight: HIIT 20 is still planned for today.", shown["body"]
    assert shown["actions"] == ["default", "Start Workout", "start", "Start Workout", "snooze", "Snooze 1 hour"]
    assert -0.05 <= shown["t"] - due <= TOLERANCE
    assert not titled(recorder, "Good rest day! 🌙")  # the warning stands for that evening's advice
    server.invoke_action(shown["id"], "start")
    recorder.wait_for_close(shown["id"], timeout=5)
    wait_until(lambda: (status(cli)["session"] or {}).get("title") == "HIIT 20", timeout=5, what="today's workout started")
    assert cli("stop").returncode == 0
    daemon.restart(signal.SIGTERM)
    time.sleep(1)
    assert len(titled(recorder, "Streak at risk 🔥")) == 1
