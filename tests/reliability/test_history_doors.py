"""Issue 42: what comes in from outside never breaks the history — the real daemon and CLI on a private bus.

- A set keeps its id for life: import a Strong export, note the id of a Bench set, import an older
  export, correct that id: the Bench set changes and nothing else; the ids read the same after a kill -9,
  on the next day (the daemon's wall clock moved), and after a backup, another import and the restore.
- A state file with every column of a person's history filled with values no door lets in (instants of
  1e19 and -1e308, weights of 1e308, reps of 9.2e18, NULs and escape sequences in names, an empty id):
  the daemon starts, says what it repaired, and every reading command answers — again after a kill -9.
"""

import datetime as dt
import json
import signal
import sqlite3
import time

import pytest

from reliability_support import H

pytestmark = pytest.mark.gymbell

HEADER = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"


def strong_export(path, workouts):
    """A Strong (comma) export: workouts = [(datetime, title, [(exercise, weight, reps), …])]."""
    lines = [HEADER]
    for when, title, sets in workouts:
        stamp = when.strftime("%Y-%m-%d %H:%M:%S")
        for index, (exercise, weight, reps) in enumerate(sets, start=1):
            lines.append(f"{stamp},{title},45m,{exercise},{index},{weight},{reps},0,0,,,\n")
    path.write_text("".join(lines))
    return path


def ok(result):
    assert result.returncode == 0, f"exit {result.returncode}\nstdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def logged_sets(cli):
    return {s["id"]: (s["exercise"], s["weight"]) for s in json.loads(ok(cli("history", "--sets", "--days", "3660", "--json")))}


def test_a_set_keeps_its_id_through_imports_restarts_the_next_day_and_a_restore(daemon, env, cli, tmp_path):
    daemon.start()
    today = dt.datetime.now().replace(microsecond=0)
    recent = strong_export(tmp_path / "recent.csv", [(today - dt.timedelta(days=10), "Push", [("Bench Press", 80, 8), ("Bench Press", 80, 8)])])
    older = strong_export(tmp_path / "older.csv", [
        (today - dt.timedelta(days=60), "Pull", [("Row", 50, 10), ("Row", 50, 10)]),
        (today - dt.timedelta(days=40), "Pull", [("Row", 55, 10)]),
    ])
    ok(cli("import", recent))
    first = logged_sets(cli)
    bench = min(i for i, (exercise, _) in first.items() if exercise == "Bench Press")

    ok(cli("import", older))
    after_older = logged_sets(cli)
    assert {i: after_older[i] for i in first} == first, "an import of older workouts renumbered the sets already there"
    ok(cli("history", "correct", str(bench), "--weight", "99"))
    corrected = logged_sets(cli)
    assert corrected[bench] == ("Bench Press", 99)
    assert all(weight != 99 for i, (exercise, weight) in corrected.items() if i != bench), corrected

    daemon.kill(signal.SIGKILL)
    daemon.start()
    assert logged_sets(cli) == corrected, "the ids changed across a kill -9"
    daemon.kill()
    env.vars.update(H.clock_shifted_to(time.time() + 86_400))
    daemon.start()
    assert logged_sets(cli) == corrected, "the ids changed on the next day"

    backup = tmp_path / "backup.sqlite"
    ok(cli("backup", backup))
    ok(cli("import", strong_export(tmp_path / "more.csv", [(today - dt.timedelta(days=90), "Legs", [("Squat", 100, 5)] * 3)])))
    grown = logged_sets(cli)
    assert len(grown) == len(corrected) + 3 and {i: grown[i] for i in corrected} == corrected
    ok(cli("restore", backup, "--force") if "--force" in cli("restore", "--help").stdout else cli("restore", backup))
    assert logged_sets(cli) == corrected, "a restore renumbered the backup's sets"
    ok(cli("history", "correct", str(bench), "--weight", "100"))
    assert logged_sets(cli)[bench] == ("Bench Press", 100)


# Every column a person's history lives in, and a value no door lets in.
HOSTILE_SESSIONS = [
    # id, title, workout, started_at, ends_at, ended_at, last_progress_at, sets_done, pause_reminders, notice_id, paused_at, shift
    ("far-future", "Push", "push", 1e19, 1e19, 1e19, 1e19, 3, 0, None, None, 0),
    ("far-past", "Pull", None, -1e308, 0, None, None, 0, 0, None, None, 0),
    ("nul-title", "Push\x00Day", "push\x00", 1_700_000_000, 1e19, 9e999, -5, 9223372036854775807, -9223372036854775808,
     99999999999, 1e300, 9e999),
    ("", "Empty id", None, 1_700_000_100, 1_700_000_200, 1_700_000_200, 1_700_000_200, 1, 0, None, None, 0),
    ("esc\x1b[31m", "\u202eevil", "\x1b]0;title\x07", 1_700_000_300, 1_700_000_400, 1_700_000_400, 1_700_000_400, 1, 0, None, None, 0),
    ("fine", "Fine", None, 1_700_000_500, 1_700_000_600, 1_700_000_600, 1_700_000_600, 5, 0, None, None, 0),
]
HOSTILE_SETS = [
    # session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, at
    ("fine", None, "Bench Press", 1, 8, 8, 1e308, "kg", 1_700_000_510),
    ("fine", None, "Bench Press", 2, 9223372036854775807, 8, 80, "kg", 1_700_000_520),
    ("fine", None, "Bench\x00Press", 3, 8, -1, -1e308, "kg", 1_700_000_530),
    ("fine", None, "Squat", 0, 5, 5, 100, "stone", 1e19),
    ("fine", "\x1b[2J", "=HYPERLINK(\"http://x\")", 1, 5, 5, 100, "kg", 1_700_000_540),
    ("fine", None, "Deadlift", 1, 5, 5, 140, "kg", 1_700_000_550),
    ("nul-title", "push\x00", "Row\x00", 1, 10, 10, 50, "kg", 1_700_000_010),
    ("esc\x1b[31m", None, "Dip", 1, 10, 10, 0, "kg", 1_700_000_310),
]


def fill_with_hostile_values(db_path):
    with sqlite3.connect(db_path) as db:
        db.executemany(
            "INSERT INTO session (id, kind, title, workout, started_at, ends_at, ended_at, last_progress_at, sets_done,"
            " pause_reminders, notice_id, paused_at, shift, outcome) VALUES (?, 'strength', ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 'completed')",
            HOSTILE_SESSIONS)
        db.executemany(
            "INSERT INTO set_log (session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at)"
            " VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, ?)", HOSTILE_SETS)
        db.execute("INSERT INTO reminder (id, kind, due, title, body, content, session_id) VALUES"
                   " ('r-far', 'snoozed', 1e19, ?, ?, NULL, NULL)", ("Workout Reminder\x00", "Ready?\x00"))
        db.execute("INSERT INTO reminder (id, kind, due, title, body, content, session_id) VALUES"
                   " ('r-nul', 'snoozed', ?, ?, ?, NULL, NULL)", (time.time() + 7200, "Workout Reminder\x00", "Ready?\x00"))
        db.execute("INSERT OR REPLACE INTO daily_state (id, last_handled, quiet_day, rest_advice_day, streak_warned_day)"
                   " VALUES (1, 1e19, 9223372036854775807, -9223372036854775808, 1e300)")
        db.execute("INSERT INTO weight_override (exercise, weight, unit, since) VALUES ('Bench Press', 1e308, 'kg', 1e19)")
        db.execute("INSERT INTO weight_override (exercise, weight, unit, since) VALUES (?, 100, 'kg', 1700000000)", ("Sq\x00uat",))
        db.execute("INSERT INTO overload_dismissal (exercise, at) VALUES (?, -1e308)", ("Row\x1b[1m",))
        db.execute("INSERT OR REPLACE INTO progress_snapshot (id, through, count, volume_mg) VALUES (1, 9223372036854775807, -1, -1)")
    db.close()


READERS = [
    ("status",), ("status", "--json"), ("history", "--days", "3660"), ("history", "--days", "3660", "--json"),
    ("history", "--sets", "--days", "3660"), ("history", "--sets", "--days", "3660", "--json"),
    ("history", "--sets", "--days", "3660", "--csv"), ("stats",), ("stats", "--json"), ("upcoming",), ("weights",),
    ("suggest",),
]


def test_a_state_file_full_of_hostile_values_is_repaired_and_every_reader_answers(daemon, env, cli, tmp_path):
    daemon.start()
    ok(cli("status"))
    daemon.kill()
    db_path = H.state_db(env)
    fill_with_hostile_values(db_path)

    for attempt in ("first start", "after kill -9"):
        daemon.start()
        assert daemon.running, f"{attempt}: the daemon did not start:\n{daemon.output()[-3000:]}"
        for args in READERS:
            result = cli(*args)
            assert result.returncode == 0, f"{attempt}: gymbell {' '.join(args)} → {result.returncode}: {result.stderr}"
            assert "\x00" not in result.stdout and "\x1b" not in result.stdout, f"gymbell {' '.join(args)} wrote a control character"
        report = tmp_path / "report.html"
        result = cli("report", "-o", report)
        assert result.returncode == 0, result.stderr
        if attempt == "first start":
            assert "state database repaired at start-up" in daemon.output(), daemon.output()[-3000:]
        daemon.kill(signal.SIGKILL)

    with sqlite3.connect(db_path) as db:
        sessions = {row[0] for row in db.execute("SELECT id FROM session")}
        kept_aside = db.execute("SELECT count(*) FROM put_aside").fetchone()[0]
        sets = db.execute("SELECT count(*) FROM set_log").fetchone()[0]
        aside_sets = db.execute("SELECT count(*) FROM put_aside WHERE from_table = 'set_log'").fetchone()[0]
        names = [row[0] for row in db.execute("SELECT exercise FROM set_log")]
    db.close()
    # Nothing is lost: a row that cannot be placed is put aside, the rest is kept with its names cleaned.
    assert sets + aside_sets == len(HOSTILE_SETS)
    assert kept_aside >= 2
    assert "fine" in sessions and not any("\x00" in s or "\x1b" in s for s in sessions)
    assert all("\x00" not in name and "\x1b" not in name for name in names), names
    assert "Row" in names and "Deadlift" in names  # "Row\\x00" cleaned; every Bench set held an impossible value
