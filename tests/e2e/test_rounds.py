"""Rounds in the log (issue 44, item 3): an AMRAP's rounds counted with `gymbell set-done` and a circuit's
completed rounds are kept with the session — shown by `gymbell history` (and `--json`), read back after a
restart and on the next day, exported as CSV and imported into a fresh state unchanged; each AMRAP
workout's most rounds is a record (the Records method, the report) and beating it is said at the end
("New record: 4 rounds (before: 3)"). Hostile rounds in a CSV are skipped with their line."""

import json
import shutil
import time

import pytest

from conftest import clock_shifted_to, state_db, wait_until
from test_import import as_json, control, ok

pytestmark = pytest.mark.gymbell

CONFIG = """[reminders]
enabled = false

[workouts.amrap]
title = "AMRAP 10"
kind = "amrap"
time = "10m"
get_ready = "0s"
stations = [{ name = "Squats", reps = 10 }, { name = "Push-ups", reps = 5 }]

[workouts.body]
title = "Full body"
kind = "circuit"
rounds = 2
get_ready = "0s"
stations = [{ name = "Lunges", reps = 10 }]
"""
DAYS = "--days", "3660"


def completions(recorder):
    return [r["body"].split("\n")[0] for r in recorder.notifies() if r["summary"] == "Workout complete 🎉"]


def amrap(cli, recorder, rounds):
    """An AMRAP with `rounds` counted by Done, its cap then skipped: it completes now."""
    before = len(completions(recorder))
    ok(cli("start", "amrap"))
    for n in range(1, rounds + 1):
        assert f"Round {n} done." in ok(cli("set-done"))
    ok(cli("skip"))
    wait_until(lambda: len(completions(recorder)) > before, timeout=10, what="the AMRAP's completion")
    wait_until(lambda: as_json(cli, "history", *DAYS)[-1]["outcome"] == "completed", timeout=5, what="the AMRAP recorded")
    return completions(recorder)[-1]


def rounds_of(history):
    return [(h["title"], h["kind"], h["outcome"], h["rounds"], h["amrap"]) for h in history]


EXPECTED = [
    ("AMRAP 10", "circuit", "completed", 3, True), ("AMRAP 10", "circuit", "completed", 4, True),
    ("Full body", "circuit", "completed", 2, False),
]


def test_rounds_are_logged_shown_exported_and_a_record(env, daemon, write_config, cli, recorder, tmp_path):
    write_config(CONFIG)
    daemon.start()
    assert amrap(cli, recorder, 3) == "AMRAP 10: 3 rounds. Great work!"
    assert amrap(cli, recorder, 4) == "AMRAP 10: New record: 4 rounds (before: 3). Great work!"
    ok(cli("start", "body"))
    ok(cli("set-done"))
    ok(cli("set-done"))
    wait_until(lambda: as_json(cli, "history", *DAYS)[-1]["outcome"] == "completed", timeout=5, what="the circuit recorded")

    history = as_json(cli, "history", *DAYS)
    assert rounds_of(history) == EXPECTED
    text = ok(cli("history", *DAYS))
    assert "4 rounds (AMRAP)" in text and "2 rounds" in text, text
    records = json.loads(control(env, "Records"))
    assert [(r["workout"], r["title"], r["rounds"]) for r in records["rounds"]] == [("amrap", "AMRAP 10", 4)]
    report = tmp_path / "report.html"
    ok(cli("report", "-o", str(report)))
    page = report.read_text(encoding="utf-8")
    assert '<section id="rounds">' in page and "Most rounds" in page and '<td class="number">4</td>' in page

    # A restart: the same.
    daemon.restart()
    assert as_json(cli, "history", *DAYS) == history
    assert json.loads(control(env, "Records"))["rounds"] == records["rounds"]

    # Exported, imported into a fresh state: the same rounds; the record with them.
    export = tmp_path / "sets.csv"
    export.write_text(ok(cli("history", "--sets", "--csv", *DAYS)))
    lines = export.read_text().splitlines()
    assert lines[0].endswith(",session_rounds,session_amrap"), lines[0]
    assert sum(1 for line in lines if line.endswith(",3,true") or line.endswith(",4,true")) == 2, lines  # the AMRAPs' rows
    daemon.kill()
    shutil.move(str(state_db(env).parent), str(tmp_path / "old-state"))
    daemon.start()
    assert as_json(cli, "history", *DAYS) == []
    ok(cli("import", str(export)))
    assert [(t, o, r, a) for t, _, o, r, a in rounds_of(as_json(cli, "history", *DAYS))] == [
        (t, o, r, a) for t, _, o, r, a in EXPECTED]
    assert json.loads(control(env, "Records"))["rounds"] == records["rounds"]
    assert ok(cli("history", "--sets", "--csv", *DAYS)) == export.read_text()

    # The next day, after a restart: the same, and the record still stands to be beaten.
    daemon.kill()
    env.vars.update(clock_shifted_to(time.time() + 86400))
    daemon.start()
    assert [h["rounds"] for h in as_json(cli, "history", "--days", "2")] == [3, 4, 2]
    assert amrap(cli, recorder, 4) == "AMRAP 10: 4 rounds. Great work!"
    assert amrap(cli, recorder, 5) == "AMRAP 10: New record: 5 rounds (before: 4). Great work!"


def test_hostile_rounds_in_a_csv_are_skipped_with_their_line(daemon, write_config, cli, tmp_path):
    write_config(CONFIG)
    daemon.start()
    header = ("session,session_title,session_started_at,session_ended_at,workout,exercise,set,reps,planned_reps,weight,unit,"
              "failed,at,seconds,warm_up,rpe,session_rounds,session_amrap")

    def row(sid, rounds, amrap="true"):
        return f"{sid},AMRAP,2025-11-20T07:00:00Z,2025-11-20T07:10:00Z,amrap,,,,,,,,2025-11-20T07:10:00Z,,,,{rounds},{amrap}"

    export = tmp_path / "hostile.csv"
    export.write_bytes("\n".join([header, row("ok", "6"), row("neg", "-3"), row("huge", "1e18"), row("nul", "4\x00"),
                                  row("bare", "")]).encode() + b"\n")
    out = ok(cli("import", str(export)))
    assert "4 rows skipped:" in out, out
    assert '  line 3: session_rounds "-3" is not a count of rounds (0 to 10000)' in out, out
    assert '  line 4: session_rounds "1e18" is not a count of rounds (0 to 10000)' in out, out
    assert '  line 5: session_rounds "4\\u{0}" is not a count of rounds (0 to 10000)' in out, out
    assert "  line 6: session_amrap is true without session_rounds" in out, out
    assert [(h["title"], h["rounds"], h["amrap"]) for h in as_json(cli, "history", *DAYS)] == [("AMRAP", 6, True)]
