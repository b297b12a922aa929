"""End-to-end tests of issue 33 (years of training): the daemon keeps a summary of the set log, not the
log; it is kept at a clean exit and topped up from the log after a crash, and what it gives — the
volume of `gymbell stats`, the records and bests of `gymbell report` — is the same after either."""

import json
import signal
import sqlite3

import pytest

from workout_config import WEEKDAYS, program, push_workout

pytestmark = pytest.mark.gymbell

BENCH = ('[workouts.bench]\ntitle = "Bench Day"\nkind = "strength"\nexercises = [\n'
         '  { name = "Bench Press", sets = 1, reps = 8, weight = 100, unit = "kg", rest = 60 },\n'
         '  { name = "Squat", sets = 1, reps = 5, weight = 120, unit = "kg", rest = 60 },\n]\n')


def workout(cli, *weights):
    assert cli("start", "bench").returncode == 0
    for weight in weights:
        r = cli("set-done", "--weight", str(weight))
        assert r.returncode == 0, r.stderr


def figures(cli, tmp_path, name):
    """The stats as JSON and the report's exercises section (records and bests), as the daemon gives them."""
    stats = cli("stats", "--json")
    assert stats.returncode == 0, stats.stderr
    page = tmp_path / f"{name}.html"
    report = cli("report", "--weeks", "4", "-o", str(page))
    assert report.returncode == 0, report.stderr
    html = page.read_text(encoding="utf-8")
    return json.loads(stats.stdout), html[html.index('id="exercise-'):]


def test_the_logs_summary_is_the_same_after_a_clean_exit_and_after_a_crash(daemon, env, write_config, cli, tmp_path):
    write_config(BENCH)
    daemon.start()
    workout(cli, 100, 120)
    workout(cli, 105, 130)                       # two records
    stats, exercises = figures(cli, tmp_path, "before")
    assert stats["volume_kg"] == 8 * 100 + 5 * 120 + 8 * 105 + 5 * 130, stats
    assert "105 kg" in exercises and "130 kg" in exercises

    daemon.kill()                                # a clean exit keeps the summary beside the log
    db = sqlite3.connect(f"file:{env.state_home / 'gymbell' / 'state.sqlite'}?mode=ro", uri=True)
    assert db.execute("SELECT through, count FROM progress_snapshot").fetchall() == [(4, 4)]
    # The records timeline is the database's, not the summary's (issue 33): the second workout's two
    # records are kept once the next session's first set closes it; the open session's are the engine's.
    assert db.execute("SELECT COUNT(*) FROM record_candidate").fetchone()[0] == 0
    db.close()
    daemon.start()
    assert figures(cli, tmp_path, "clean") == (stats, exercises)

    workout(cli, 110, 110)                       # a record on the bench, none on the squat
    stats, exercises = figures(cli, tmp_path, "more")
    db = sqlite3.connect(f"file:{env.state_home / 'gymbell' / 'state.sqlite'}?mode=ro", uri=True)
    assert db.execute("SELECT exercise, weight FROM record_candidate ORDER BY exercise, kind").fetchall() == [
        ("Bench Press", 105.0), ("Bench Press", 105.0), ("Squat", 130.0), ("Squat", 130.0)]
    db.close()
    daemon.kill(signal.SIGKILL)                  # the summary kept is two sets behind: topped up from the log
    daemon.start()
    assert figures(cli, tmp_path, "crash") == (stats, exercises)
    assert "110 kg" in exercises


# --- the sessions' marks (issue 33): the engine keeps each session's start and outcome, not the history ---

YEARS_CONFIG = ('[reminders]\ntime = "18:00"\ndays = ["mon", "tue", "wed", "thu", "fri"]\nrest_after_days = 0\n\n'
                + program("push", WEEKDAYS[:5]) + "\n" + push_workout(rest=90))


def _berlin(d, hms="12:00:00"):
    import datetime as dt
    import zoneinfo
    return dt.datetime.combine(d, dt.time.fromisoformat(hms), zoneinfo.ZoneInfo("Europe/Berlin")).timestamp()


def _plain_stats(days, today):
    """`gymbell stats` counted the plain way from the set of days trained (program Monday to Friday)."""
    import datetime as dt
    trained = set(days)
    streak, day = 0, today
    while day >= min(trained):
        if day.weekday() < 5:
            if day in trained:
                streak += 1
            elif day != today:
                break
        day -= dt.timedelta(days=1)
    run, day = 0, today if today in trained else today - dt.timedelta(days=1)
    while day in trained:
        run, day = run + 1, day - dt.timedelta(days=1)
    monday = today - dt.timedelta(days=today.weekday())
    weeks, week = 0, monday
    regular = lambda m: sum((m + dt.timedelta(days=k)) in trained for k in range(7)) >= 2  # noqa: E731
    if not regular(week):
        week -= dt.timedelta(days=7)
    while regular(week):
        weeks, week = weeks + 1, week - dt.timedelta(days=7)
    return {"streak": streak, "consecutive_training_days": run, "regular_weeks": weeks,
            "sessions_this_week": sum(monday <= d <= today for d in days),
            "sessions_this_month": sum((d.year, d.month) == (today.year, today.month) and d <= today for d in days),
            "workouts_completed": len(days)}


def test_three_years_of_sessions_count_the_same_after_a_restart_and_on_the_next_day(daemon, env, cli):
    """Three years of workouts Monday to Friday (seeded), the clock on the Monday after the autumn DST
    change: `stats` counts the streak, weeks and months from the marks the engine keeps as the plain
    count of the days does; `history` reads the sessions back from the database; the same after a
    crash and restart, and on the next day after one more workout done through the CLI."""
    import datetime as dt
    from conftest import clock_shifted_to, insert_state_rows

    env.write_config(YEARS_CONFIG)
    monday = dt.date(2026, 10, 26)  # the day after the clocks went back in Berlin
    days = [d for d in (monday - dt.timedelta(days=k) for k in range(3 * 365, 0, -1)) if d.weekday() < 5]
    rows = [{"id": f"y{n}", "kind": "strength", "title": "Push Day", "started_at": _berlin(d, "07:30:00"),
             "ends_at": _berlin(d, "08:30:00"), "workout": "push", "outcome": "completed", "ended_at": _berlin(d, "08:30:00"),
             "sets_done": 2, "last_progress_at": _berlin(d, "08:30:00")} for n, d in enumerate(days)]

    def start_at(instant):
        if daemon.running:
            daemon.kill()
        env.vars.update(clock_shifted_to(instant))
        env.vars["TZ"] = "Europe/Berlin"
        daemon.start()

    start_at(_berlin(monday))  # makes the database
    daemon.kill()  # SIGTERM: a clean exit
    insert_state_rows(env, sessions=rows)

    def stats():
        r = cli("stats", "--json")
        assert r.returncode == 0, r.stderr
        got = json.loads(r.stdout)
        return {k: got[k] for k in _plain_stats(days, monday)}

    def history(n):
        r = cli("history", "--days", str(n), "--json")
        assert r.returncode == 0, r.stderr
        return json.loads(r.stdout)

    start_at(_berlin(monday))
    expected = _plain_stats(days, monday)
    assert expected["streak"] == len(days) and expected["regular_weeks"] > 150
    assert stats() == expected
    assert [e["id"] for e in history(3660)] == [r["id"] for r in rows]
    assert [e["id"] for e in history(7)] == [r["id"] for r in rows if r["started_at"] >= _berlin(monday) - 7 * 86400]

    start_at(_berlin(monday, "12:00:05"))  # a crash (SIGKILL) and a restart
    assert stats() == expected

    r = cli("hiit", "--rounds", "1", "--work", "1s", "--rest", "1s")
    assert r.returncode == 0, r.stderr
    for _ in range(100):
        if json.loads(cli("status", "--json").stdout)["session"] is None:
            break
        import time
        time.sleep(0.1)
    tuesday = monday + dt.timedelta(days=1)
    start_at(_berlin(tuesday, "09:00:00"))  # the next day
    after = _plain_stats(days + [monday], tuesday)
    assert after["streak"] == len(days) + 1 and after["sessions_this_week"] == 1
    assert stats() == after
    assert [e["kind"] for e in history(1)] == ["hiit"]
    assert len(history(3660)) == len(rows) + 1
