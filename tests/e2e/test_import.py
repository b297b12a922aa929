"""The training log is the person's own (issue 34): Strong and Hevy exports imported through the real
CLI and daemon, the records and stats after it checked against numbers worked out by hand, gymbell's
own CSV export imported into a fresh state giving the same history, the imported past read back after
a restart and on the next day, and backups taken and restored while the daemon runs (a running HIIT,
a rest running now, a corrupt or foreign file refused with nothing changed).

The sample exports are in import_samples/ (see its README)."""

import json
import os
import shutil
import sqlite3
import subprocess
import time

import dbus
import pytest

from conftest import clock_shifted_to, state_db, wait_until
from workout_config import push_every_day

pytestmark = pytest.mark.gymbell

SAMPLES = os.path.join(os.path.dirname(__file__), "import_samples")
LB = 0.45359237
CONFIG = """\
[reminders]
enabled = false

[exercise_names]
"Deadlift (Barbell)" = "Deadlift"
"""
BENCH = "--map", "Bench Press (Barbell)=Bench Press"


def sample(name):
    return os.path.join(SAMPLES, name)


def ok(result):
    assert result.returncode == 0, f"stdout: {result.stdout}\nstderr: {result.stderr}"
    return result.stdout


def as_json(cli, *args):
    return json.loads(ok(cli(*args, "--json")))


def control(env, method, *args):
    obj = env.connect().get_object("io.github.gymbell.Gymbell", "/io/github/gymbell/Gymbell")
    return getattr(obj, method)(*args, dbus_interface="io.github.gymbell.Gymbell1")


def import_all(cli):
    """The three samples, each in the zone its phone was in."""
    outputs = [
        ok(cli("import", sample("strong-semicolon.csv"), "--time-zone", "Europe/Berlin", *BENCH)),
        ok(cli("import", sample("strong-comma.csv"), "--time-zone", "America/New_York", "--unit", "lb")),
        ok(cli("import", sample("hevy.csv"), "--time-zone", "Asia/Kolkata", *BENCH)),
    ]
    return outputs


@pytest.fixture
def daemon_with_config(daemon, write_config):
    write_config(CONFIG)
    daemon.start()
    return daemon


def test_dry_run_says_what_it_found_and_writes_nothing(cli, daemon_with_config):
    out = ok(cli("import", sample("strong-comma.csv"), "--time-zone", "America/New_York", "--unit", "lb", "--dry-run"))
    assert out.splitlines() == [
        "Strong export: 2 workouts, 5 sets, 2 exercises.",
        "From 2025-11-02 to 2025-11-03 (times read in America/New_York).",
        'Exercises: Curl, "21s" 💪, Squat (Barbell).',
        "Weights read as lb: this export does not say (--unit kg if your app is set to it).",
        "Warm-up sets among them: 1 (kept as warm-ups: no records, volume or overload from them).",
        "1 row skipped:",
        '  line 8: Set Order "Rest Timer" is not a set (1, 2 …, W, D or F)',
        "Dry run: nothing was written. An import would add 2 workouts (5 sets).",
    ]
    assert as_json(cli, "history", "--sets", "--days", "3660") == []
    out = ok(cli("import", sample("strong-semicolon.csv"), "--time-zone", "Europe/Berlin", "--dry-run"))
    assert "  line 4: a distance without time or reps (gymbell logs reps, weight and time, not distances)" in out
    assert '  line 6: weight "abc" is not a number of 0 to 2000' in out
    out = ok(cli("import", sample("hevy.csv"), "--time-zone", "Asia/Kolkata", "--dry-run"))
    assert '  line 7: start_time "31 Sep 2025, 07:00" is not a date and time' in out


def test_imports_count_in_records_and_stats_and_twice_adds_nothing(cli, env, daemon_with_config):
    outputs = import_all(cli)
    assert outputs[0].endswith("Imported 2 workouts (3 sets). History: 0 sessions, 0 sets before, 2 sessions, 3 sets now.\n")
    assert "Imported 2 workouts (5 sets)" in outputs[1]  # the warm-up kept (issue 44)
    assert "Imported 1 workout (5 sets)" in outputs[2]  # the warm-up and the plank kept

    sessions = as_json(cli, "history", "--days", "3660")
    assert [(s["title"], s["started_at"], s["ended_at"], s["sets_done"], s["outcome"], s["kind"]) for s in sessions] == [
        ("Push", "2025-03-29T17:00:00.000Z", "2025-03-29T18:00:00.000Z", 2, "completed", "strength"),  # CET
        ('Pull, "heavy" 🏋️', "2025-03-30T08:00:00.000Z", "2025-03-30T08:45:00.000Z", 1, "completed", "strength"),  # CEST
        ("Upper A", "2025-10-12T12:34:00.000Z", "2025-10-12T13:40:00.000Z", 5, "completed", "strength"),  # IST
        ("Night 🌙", "2025-11-02T05:30:00.000Z", "2025-11-02T06:30:00.000Z", 4, "completed", "strength"),  # 1:30 EDT
        ("Legs", "2025-11-03T23:05:00.000Z", "2025-11-04T00:15:00.000Z", 1, "completed", "strength"),  # 6:05 PM EST
    ]
    sets = as_json(cli, "history", "--sets", "--days", "3660")
    assert [(s["exercise"], s["set"], s["reps"], s["weight"], s["unit"], s["failed"]) for s in sets] == [
        ("Bench Press", 1, 8, 80, "kg", False), ("Bench Press", 2, 5, 85, "kg", False),
        ("Deadlift", 1, 5, 225, "lb", False),  # [exercise_names] of the config
        ("Bench Press", 1, 10, 40, "kg", False), ("Bench Press", 2, 5, 90, "kg", False), ("Bench Press", 3, 3, 90, "kg", True),
        ("Pull Up", 1, 8, None, "kg", False), ("Plank", 1, None, None, "kg", False),
        ('Curl, "21s" 💪', 1, 12, 20, "lb", False), ('Curl, "21s" 💪', 2, 10, 40, "lb", False), ('Curl, "21s" 💪', 3, 6, 40, "lb", True),
        ('Curl, "21s" 💪', 4, 12, 25, "lb", False),
        ("Squat (Barbell)", 1, 5, 225, "lb", False),
    ]
    # Issue 44: the warm-ups (Hevy's warmup, Strong's W) marked, the plank's seconds, the RPE of each export.
    assert [(s["exercise"], s["set"]) for s in sets if s["warm_up"]] == [("Bench Press", 1), ('Curl, "21s" 💪', 1)]
    assert [(s["exercise"], s["seconds"]) for s in sets if s["seconds"] is not None] == [("Plank", 60)]
    assert [(s["exercise"], s["set"], s["rpe"]) for s in sets if s["rpe"] is not None] == [
        ("Bench Press", 2, 8), ("Bench Press", 2, 8), ("Squat (Barbell)", 1, 8)]

    # By hand (warm-ups left out): kg 80×8 + 85×5 + 90×5 + 90×3 = 1785; lb 225×5 + 40×10 + 40×6 + 25×12 + 225×5 = 3190.
    stats = as_json(cli, "stats")
    assert stats["workouts_completed"] == 5
    assert stats["volume_kg"] == round(1785 + 3190 * LB)  # 3231.96, shown in whole kg
    bests = {b["exercise"]: b for b in json.loads(control(env, "Records"))["bests"]}
    assert bests["Bench Press"]["heaviest"]["weight"] == 90 and bests["Bench Press"]["heaviest"]["reps"] == 5
    assert bests["Bench Press"]["estimated_1rm_kg"] == pytest.approx(90 * (1 + 5 / 30))  # Epley, 105 kg
    assert bests["Deadlift"]["estimated_1rm_kg"] == pytest.approx(225 * LB * (1 + 5 / 30))
    assert bests['Curl, "21s" 💪']["heaviest"]["reps"] == 10  # the failed 40 × 6 is no record
    holds = json.loads(control(env, "Records"))["holds"]
    assert [(h["exercise"], h["seconds"]) for h in holds] == [("Plank", 60)]

    again = import_all(cli)
    assert all("Imported 0 workouts (0 sets);" in out and "already in your history, left as they were" in out for out in again)
    assert as_json(cli, "history", "--sets", "--days", "3660") == sets


def test_csv_export_imports_into_a_fresh_state_the_same(cli, env, daemon_with_config, tmp_path):
    import_all(cli)
    sessions = as_json(cli, "history", "--days", "3660")
    sets = as_json(cli, "history", "--sets", "--days", "3660")
    export = tmp_path / "sets.csv"
    export.write_text(ok(cli("history", "--sets", "--csv", "--days", "3660")))
    assert export.read_text().splitlines()[0] == (
        "session,session_title,session_started_at,session_ended_at,workout,exercise,set,reps,planned_reps,weight,unit,failed,at,"
        "seconds,warm_up,rpe,session_rounds,session_amrap")
    assert len(export.read_text().splitlines()) == 1 + len(sets)

    daemon_with_config.kill()
    shutil.move(str(state_db(env).parent), str(tmp_path / "old-state"))
    daemon_with_config.start()
    assert as_json(cli, "history", "--sets", "--days", "3660") == []
    out = ok(cli("import", str(export)))
    assert out.startswith("gymbell export: 5 workouts, 13 sets, 6 exercises.")
    # The same sets; their ids are the new history's own (an id names a set in the history it was
    # logged or imported into, for life: issue 42), unique.
    fresh = as_json(cli, "history", "--sets", "--days", "3660")
    without_ids = lambda rows: [{k: v for k, v in row.items() if k != "id"} for row in rows]
    assert without_ids(fresh) == without_ids(sets)
    assert len({row["id"] for row in fresh}) == len(fresh)
    sets = fresh
    assert as_json(cli, "history", "--days", "3660") == sessions

    records = json.loads(control(env, "Records"))
    assert {b["exercise"] for b in records["bests"]} == {"Bench Press", "Deadlift", 'Curl, "21s" 💪', "Squat (Barbell)"}
    # Read back after a restart (the summary kept at the clean exit), and on the next day.
    daemon_with_config.restart()
    assert as_json(cli, "history", "--sets", "--days", "3660") == sets
    assert json.loads(control(env, "Records")) == records
    daemon_with_config.kill()
    env.vars.update(clock_shifted_to(time.time() + 86400))
    daemon_with_config.start()
    assert as_json(cli, "history", "--sets", "--days", "3660") == sets
    assert as_json(cli, "history", "--days", "3660") == sessions
    assert as_json(cli, "stats")["workouts_completed"] == 5


def test_backup_during_a_hiit_restores_with_the_session_intact(cli, env, daemon_with_config, tmp_path):
    ok(cli("import", sample("hevy.csv"), "--time-zone", "Asia/Kolkata", *BENCH))
    ok(cli("hiit", "--rounds", "10", "--work", "60s", "--rest", "30s"))
    during = as_json(cli, "status")
    hiit = during["session"]
    assert hiit["kind"] == "hiit" and len(during["pending"]) == 20
    backup = tmp_path / "during-hiit.sqlite"
    out = ok(cli("backup", str(backup)))
    assert out == f"Backed up 2 sessions, 5 sets to {backup}.\n"
    assert os.stat(backup).st_mode & 0o777 == 0o600
    with sqlite3.connect(backup) as db:  # a whole, consistent database: the HIIT in it, running
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
        assert db.execute("SELECT outcome FROM session WHERE id = ?", (hiit["id"],)).fetchone() == ("running",)
    db.close()

    ok(cli("stop"))
    ok(cli("import", sample("strong-semicolon.csv"), "--time-zone", "Europe/Berlin", *BENCH))
    assert as_json(cli, "status")["session"] is None

    out = ok(cli("restore", str(backup)))
    lines = out.splitlines()
    assert lines[0] == f"Restored {backup}: 2 sessions, 5 sets now, in place of 4 sessions, 8 sets."
    aside = lines[1].removeprefix("The replaced state is kept in ").split(" (")[0]
    assert os.path.dirname(aside) == str(state_db(env).parent) and os.path.exists(aside)
    # The running daemon took it up: the HIIT runs again, its reminders pending, the history the backup's.
    after = as_json(cli, "status")
    assert after["session"]["id"] == hiit["id"] and after["session"]["ends_at"] == hiit["ends_at"]
    assert [p["id"] for p in after["pending"]] == [p["id"] for p in during["pending"]]
    history = as_json(cli, "history", "--days", "3660")
    assert [(h["id"], h["outcome"]) for h in history][-1] == (hiit["id"], "running")
    assert len(as_json(cli, "history", "--sets", "--days", "3660")) == 5
    # …and keeps it across a restart.
    daemon_with_config.restart()
    assert as_json(cli, "status")["session"]["id"] == hiit["id"]
    # The replaced state can be taken back.
    ok(cli("stop"))
    out = ok(cli("restore", aside))
    assert "4 sessions, 8 sets now" in out


def test_a_rest_running_now_survives_a_restore(cli, env, daemon_with_config, tmp_path):
    ok(cli("import", sample("strong-semicolon.csv"), "--time-zone", "Europe/Berlin", *BENCH))
    backup = tmp_path / "before-rest.sqlite"
    ok(cli("backup", str(backup)))
    ok(cli("rest", "600"))
    rest = as_json(cli, "status")
    out = ok(cli("restore", str(backup)))
    assert "3 sessions, 3 sets now, in place of 3 sessions, 3 sets" in out
    after = as_json(cli, "status")
    assert after["session"] == rest["session"]
    assert after["pending"] == rest["pending"]


@pytest.mark.parametrize("kind", ["random bytes", "another program", "damaged", "text"])
def test_a_corrupt_or_foreign_file_is_refused_and_nothing_changes(cli, env, daemon_with_config, tmp_path, kind):
    ok(cli("import", sample("hevy.csv"), "--time-zone", "Asia/Kolkata"))
    bad = tmp_path / "bad.sqlite"
    if kind == "random bytes":
        bad.write_bytes(os.urandom(8192))
        expected = "not an SQLite database"
    elif kind == "text":
        bad.write_text("Date,Workout Name\n")
        expected = "not an SQLite database"
    elif kind == "another program":
        with sqlite3.connect(bad) as db:
            db.execute("CREATE TABLE contacts (name TEXT, email TEXT)")
            db.execute("INSERT INTO contacts VALUES ('Ada', 'ada@example.org')")
        db.close()
        expected = "another program's database"
    else:
        ok(cli("backup", str(bad)))
        data = bytearray(bad.read_bytes())
        page = 4096
        for i in range(page + 100, min(len(data), 3 * page)):  # the pages after the header's
            data[i] = 0x5A
        bad.write_bytes(bytes(data))
        expected = str(bad)
    before_sets = as_json(cli, "history", "--sets", "--days", "3660")
    before_status = as_json(cli, "status")
    r = cli("restore", str(bad))
    assert r.returncode == 1, r.stdout
    assert expected in r.stderr and "gymbell:" in r.stderr
    assert as_json(cli, "history", "--sets", "--days", "3660") == before_sets
    assert as_json(cli, "status") == before_status
    assert not [f for f in os.listdir(state_db(env).parent) if f.startswith(("replaced-", "restoring-"))]


STREAK_CONFIG = "[reminders]\nenabled = false\n\n" + push_every_day(sets=1, reps=5, weight=100, rest=90)


def test_an_imported_recent_past_counts_in_the_streak(cli, daemon, write_config, tmp_path):
    """Hevy workouts of the three days before today (UTC, as the test's daemon), on a program of every
    day: the streak and the days in a row count them at once."""
    write_config(STREAK_CONFIG)
    daemon.start()
    assert as_json(cli, "stats")["streak"] == 0
    now = time.time()
    rows = ['title,start_time,end_time,description,exercise_title,superset_id,exercise_notes,set_index,set_type,weight_kg,reps,distance_km,duration_seconds,rpe']
    for days_ago in (3, 2, 1):
        day = time.strftime("%d %b %Y", time.gmtime(now - days_ago * 86400))
        rows.append(f'Push,"{day}, 07:00","{day}, 07:45",,Bench Press (Barbell),,,0,normal,100,5,,,')
    export = tmp_path / "hevy-recent.csv"
    export.write_text("\n".join(rows) + "\n")
    ok(cli("import", str(export), "--time-zone", "UTC", *BENCH))
    stats = as_json(cli, "stats")
    assert (stats["streak"], stats["consecutive_training_days"], stats["workouts_completed"]) == (3, 3, 3)
    assert stats["volume_kg"] == 1500


def write_years_csv(path, workouts=2600, sets_each=24):
    """Ten years of workouts (every 1.4 days), `sets_each` sets each, as gymbell's own set-log CSV."""
    iso = lambda t: time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(t))
    start = time.time() - 86400 * 3650
    lines = ["session,session_title,session_started_at,session_ended_at,workout,exercise,set,reps,planned_reps,"
             "weight,unit,failed,at"]
    for n in range(workouts):
        began = start + n * 86400 * 1.4
        for k in range(sets_each):
            lines.append(f"big-{n:05d},Push Day,{iso(began)},{iso(began + 3600)},push,Bench Press,{k + 1},5,5,"
                         f"{60 + n % 40},kg,false,{iso(began + 60 * (k + 1))}")
    path.write_text("\n".join(lines) + "\n")


def daemon_thread_running(daemon, name):
    """Whether the daemon has a thread called `name` now (GLib names its threads)."""
    for task in os.listdir(f"/proc/{daemon.proc.pid}/task"):
        try:
            with open(f"/proc/{daemon.proc.pid}/task/{task}/comm") as f:
                if f.read().strip() == name:
                    return True
        except OSError:
            pass
    return False


def test_a_rest_falling_due_during_a_large_import_is_shown(cli, env, daemon_with_config, recorder, gymbell_bin, tmp_path):
    """Issue 34: the daemon writes an import on a thread of its own, so a rest falling due while ten
    years (62 400 sets) are written is shown, and `status` answered, while the import runs."""
    big = tmp_path / "ten-years.csv"
    write_years_csv(big)
    importing = subprocess.Popen([str(gymbell_bin), "import", str(big)], env=env.vars, stdout=subprocess.PIPE,
                                 stderr=subprocess.PIPE, text=True)
    try:
        # The CLI reads the file first; the daemon's part begins when its import thread does.
        wait_until(lambda: daemon_thread_running(daemon_with_config, "gymbell-import") or importing.poll() is not None,
                   timeout=120, what="the daemon's import thread")
        assert importing.poll() is None, f"the import ended before the daemon's thread was seen: {importing.communicate()}"
        ok(cli("rest", "1"))
        recorder.wait_for_notify("Rest over ⏰", timeout=10)
        answered = as_json(cli, "status")
        still_importing = importing.poll() is None
        out, err = importing.communicate(timeout=300)
    finally:
        if importing.poll() is None:
            importing.kill()
    assert importing.returncode == 0, err
    assert still_importing, "the import ended before the rest was shown and status answered: too small to show anything"
    assert answered["pending"] == []  # the rest is over, and said so
    assert "2600workouts" in "".join(ch for ch in out if ch not in " ,\u202f\u00a0"), out
    # The import was written whole, and read again: the history has it.
    history = as_json(cli, "history", "--days", "3660")
    assert sum(1 for h in history if h["id"].startswith("big-")) == 2600
    assert len(as_json(cli, "history", "--sets", "--days", "3660")) == 2600 * 24


# Issue 42: one decision for the dry run and the import; values checked at both doors.

STRONG_HEADER = "Date,Workout Name,Duration,Exercise Name,Set Order,Weight,Reps,Distance,Seconds,Notes,Workout Notes,RPE\n"


def test_the_dry_run_and_the_import_agree_on_one_workout_written_two_ways(cli, daemon_with_config, tmp_path):
    """`6:05:00 PM` and `18:05:00` are one instant: one workout, in the dry run and in the import, with
    all its sets (before: the dry run said 2 workouts, the import wrote 1 and dropped the other's sets)."""
    export = tmp_path / "strong-two-clocks.csv"
    export.write_text(STRONG_HEADER
                      + "2025-11-03 6:05:00 PM,Legs,1h,Squat (Barbell),1,100,5,,,,,\n"
                      + "2025-11-03 18:05:00,Legs,1h,Squat (Barbell),2,100,5,,,,,\n"
                      + "2025-11-03 18:05:00,Legs,1h,Lunge,1,20,10,,,,,\n")
    dry = ok(cli("import", str(export), "--time-zone", "UTC", "--dry-run")).splitlines()
    assert dry[0] == "Strong export: 1 workout, 3 sets, 2 exercises."
    assert dry[-1] == "Dry run: nothing was written. An import would add 1 workout (3 sets)."
    out = ok(cli("import", str(export), "--time-zone", "UTC"))
    assert out.splitlines()[-1] == "Imported 1 workout (3 sets). History: 0 sessions, 0 sets before, 1 session, 3 sets now."
    sets = as_json(cli, "history", "--sets", "--days", "3660")
    assert [(s["exercise"], s["set"]) for s in sets] == [("Squat (Barbell)", 1), ("Squat (Barbell)", 2), ("Lunge", 1)]
    # The dry run after it says what an import would do now: nothing new.
    dry = ok(cli("import", str(export), "--time-zone", "UTC", "--dry-run")).splitlines()
    assert dry[-1] == ("Dry run: nothing was written. An import would add 0 workouts (0 sets); "
                       "1 already in your history, left as they were.")
    again = ok(cli("import", str(export), "--time-zone", "UTC"))
    assert "Imported 0 workouts (0 sets); 1 already in your history, left as they were." in again


def test_hostile_rows_of_a_csv_are_skipped_with_their_line_and_the_rest_imports(cli, daemon_with_config, tmp_path):
    export = tmp_path / "strong-hostile.csv"
    export.write_bytes((STRONG_HEADER
                        + "2025-11-03 18:05:00,Le\x1b[2Jgs,1h,Squat\tBar,1,100,5,,,,,\n"
                        + "2025-11-03 18:05:00,Legs,1h,Sq\x00uat,2,100,5,,,,,\n"
                        + "9999-01-01 10:00:00,Legs,1h,Squat,1,100,5,,,,,\n"
                        + "1969-12-31 10:00:00,Legs,1h,Squat,1,100,5,,,,,\n"
                        + "2025-11-03 18:05:00,Legs,1h,Squat,3,1e308,5,,,,,\n"
                        + "2025-11-03 18:05:00,Legs,1h,Squat,4,100,9.2e18,,,,,\n").encode())
    out = ok(cli("import", str(export), "--time-zone", "UTC"))
    assert "5 rows skipped:" in out
    assert '  line 3: exercise "Sq\\u{0}uat" holds a NUL character' in out
    assert '  line 4: Date "9999-01-01 10:00:00" is outside 1970 to 2199' in out
    assert '  line 5: Date "1969-12-31 10:00:00" is outside 1970 to 2199' in out
    assert '  line 6: weight "1e308" is not a number of 0 to 2000' in out
    assert '  line 7: reps "9.2e18" is not a whole number of 0 to 1000' in out
    assert "Imported 1 workout (1 set)" in out
    sessions = as_json(cli, "history", "--days", "3660")
    assert [s["title"] for s in sessions] == ["Le [2Jgs"]
    assert [s["exercise"] for s in as_json(cli, "history", "--sets", "--days", "3660")] == ["Squat Bar"]
    assert ok(cli("history", "--sets", "--csv", "--days", "3660")).count("\n") == 2
    ok(cli("report", "--output", str(tmp_path / "report.html")))


def bus_session(sid, title="Push", weight=80, reps=5, started="2025-01-01T10:00:00.000Z",
                ended="2025-01-01T11:00:00.000Z", at="2025-01-01T10:05:00.000Z"):
    return {
        "entry": {"id": sid, "workout": None, "title": title, "kind": "strength", "started_at": started,
                  "ended_at": ended, "outcome": "completed", "sets_done": 1, "last_progress_at": ended},
        "sets": [{"session": sid, "workout": None, "exercise": "Bench", "set": 1, "reps": reps, "planned_reps": None,
                  "weight": weight, "unit": "kg", "failed": False, "at": at}],
    }


def test_import_sessions_over_the_bus_refuses_hostile_values_and_stores_none_of_them(cli, env, daemon_with_config):
    """Before: ImportSessions stored negative weights, a year-9999 session, an empty id and a 10 MB
    title, and weight 1e308 / reps 9.2e18 crashed the daemon."""
    hostile = [
        bus_session("bus-negative", weight=-5),
        bus_session("bus-huge-weight", weight=1e308),
        bus_session("bus-huge-reps", reps=9200000000000000000),
        bus_session("bus-year-9999", started="9999-01-01T10:00:00.000Z", ended="9999-01-01T11:00:00.000Z",
                    at="9999-01-01T10:05:00.000Z"),
        bus_session(""),
        bus_session("bus-long-title", title="t" * 100_000),
        bus_session("bus-before-1970", started="1969-12-31T10:00:00.000Z", ended="1969-12-31T11:00:00.000Z",
                    at="1969-12-31T10:05:00.000Z"),
    ]
    good = bus_session("bus-good")
    report = json.loads(control(env, "ImportSessions", json.dumps(hostile + [good])))
    assert daemon_with_config.running
    assert (report["added_sessions"], report["added_sets"], report["refused_count"]) == (1, 1, 7)
    reasons = {r["id"]: r["reason"] for r in report["refused"]}
    assert reasons['"bus-negative"'] == "set 1's weight -5 is not a weight of 0 to 2000"
    assert reasons['"bus-huge-weight"'].startswith("set 1's weight ")
    assert reasons['"bus-huge-reps"'] == "set 1's reps 9200000000000000000 is not 0 to 1000"
    assert reasons['"bus-year-9999"'] == "start 9999-01-01T10:00:00.000Z is outside 1970 to 2199"
    assert reasons['""'] == "session id is empty"
    assert reasons['"bus-long-title"'] == "title is 100000 characters long (at most 200)"
    assert "outside 1970 to 2199" in reasons['"bus-before-1970"']

    # A 10 MB title: the call is refused whole, unread.
    with pytest.raises(dbus.exceptions.DBusException) as refused:
        control(env, "ImportSessions", json.dumps([bus_session("bus-10mb", title="t" * 10_000_000)]))
    assert refused.value.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs"
    assert "more than the 8 MiB a call takes" in refused.value.get_dbus_message()
    # Not JSON of sessions: refused, nothing written.
    with pytest.raises(dbus.exceptions.DBusException):
        control(env, "ImportSessions", '[{"entry": {"id": "x", "reps": 1e999}}]')

    assert daemon_with_config.running
    sessions = as_json(cli, "history", "--days", "3660")
    assert [s["id"] for s in sessions] == ["bus-good"]
    assert [(s["weight"], s["reps"]) for s in as_json(cli, "history", "--sets", "--days", "3660")] == [(80, 5)]
    assert as_json(cli, "stats")["workouts_completed"] == 1
    with sqlite3.connect(state_db(env)) as db:  # nothing else stored, whatever its date
        assert db.execute("SELECT id FROM session").fetchall() == [("bus-good",)]
        assert db.execute("SELECT count(*) FROM set_log").fetchone() == (1,)
    db.close()
    # …and after a restart too.
    daemon_with_config.restart()
    assert [s["id"] for s in as_json(cli, "history", "--days", "3660")] == ["bus-good"]


def test_known_sessions_answers_which_ids_the_history_has(cli, env, daemon_with_config):
    control(env, "ImportSessions", json.dumps([bus_session("bus-a")]))
    assert [str(i) for i in control(env, "KnownSessions", dbus.Array(["bus-a", "bus-b"], signature="s"))] == ["bus-a"]
    with pytest.raises(dbus.exceptions.DBusException) as refused:
        control(env, "KnownSessions", dbus.Array([f"id-{n}" for n in range(5001)], signature="s"))
    assert refused.value.get_dbus_name() == "org.freedesktop.DBus.Error.InvalidArgs"
