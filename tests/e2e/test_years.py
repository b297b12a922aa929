"""End-to-end tests of issue 33 (years of training): the daemon keeps a summary of the set log, not the
log; it is kept at a clean exit and topped up from the log after a crash, and what it gives — the
volume of `gymbell stats`, the records and bests of `gymbell report` — is the same after either."""

import json
import signal
import sqlite3

import pytest

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
    db.close()
    daemon.start()
    assert figures(cli, tmp_path, "clean") == (stats, exercises)

    workout(cli, 110, 110)                       # a record on the bench, none on the squat
    stats, exercises = figures(cli, tmp_path, "more")
    daemon.kill(signal.SIGKILL)                  # the summary kept is two sets behind: topped up from the log
    daemon.start()
    assert figures(cli, tmp_path, "crash") == (stats, exercises)
    assert "110 kg" in exercises
