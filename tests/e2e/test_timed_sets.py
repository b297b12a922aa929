"""The log knows timed sets, warm-ups and RPE (issue 44, item 3): a Strong export of a home workout with
planks and warm-ups imported through the real CLI and daemon; `history --sets` (text and JSON) shows
them; the records know the longest hold and leave warm-ups out; a plank corrected by `history correct
--seconds` and by the bus's CorrectSet; the report shows the longest holds; `history --sets --csv`
imported into a fresh state gives the same rows — read back after a restart and on the next day."""

import json
import shutil
import time

import dbus
import pytest

from conftest import clock_shifted_to, state_db
from test_import import as_json, control, ok, sample

pytestmark = pytest.mark.gymbell

CONFIG = "[reminders]\nenabled = false\n"
DAYS = "--days", "3660"


@pytest.fixture
def home(daemon, write_config, cli):
    write_config(CONFIG)
    daemon.start()
    out = ok(cli("import", sample("strong-home.csv"), "--time-zone", "UTC", "--unit", "kg"))
    return daemon, out


def rows(sets):
    """What each set is, without its id (an id names a set in the history it came into)."""
    return [(s["exercise"], s["set"], s["reps"], s["weight"], s["seconds"], s["warm_up"], s["rpe"]) for s in sets]


EXPECTED = [
    ("Push Up", 1, 10, None, None, True, None), ("Push Up", 2, 20, None, None, False, 8), ("Push Up", 3, 18, None, None, False, 9),
    ("Plank", 1, None, None, 20, True, None), ("Plank", 2, None, None, 60, False, 7.5), ("Plank", 3, None, None, 90, False, 9),
    ("Weighted Plank", 1, None, 10, 45, False, None),
    ("Plank", 1, None, None, 75, False, 8), ("Goblet Squat", 1, 10, 8, None, True, None), ("Goblet Squat", 2, 12, 16, None, False, None),
]


def test_a_strong_export_with_planks_and_warm_ups_is_kept_shown_and_comes_back(home, cli, env, tmp_path):
    daemon, out = home
    lines = out.splitlines()
    assert lines[0] == "Strong export: 2 workouts, 10 sets, 4 exercises."
    assert "Timed sets among them: 5 (a plank, a wall sit: kept with their seconds)." in lines
    assert "Warm-up sets among them: 3 (kept as warm-ups: no records, volume or overload from them)." in lines
    assert "  line 9: a distance without time or reps (gymbell logs reps, weight and time, not distances)" in lines
    assert lines[-1].startswith("Imported 2 workouts (10 sets).")

    sets = as_json(cli, "history", "--sets", *DAYS)
    assert rows(sets) == EXPECTED
    text = ok(cli("history", "--sets", *DAYS)).splitlines()
    assert len(text) == 10
    by_line = {i: line for i, line in enumerate(text)}
    assert "Plank" in by_line[3] and "20 s" in by_line[3] and "warm-up" in by_line[3], text
    assert "1 min 30 s" in by_line[5] and "RPE 9" in by_line[5] and "warm-up" not in by_line[5], text
    assert "45 s × 10 kg" in by_line[6], text
    assert "12 × 16 kg" in by_line[9] and "warm-up" in by_line[8], text

    # Warm-ups count for no volume and no record; the longest plank is a hold of its own.
    assert as_json(cli, "stats")["volume_kg"] == 192  # 12 × 16 kg; the 10 × 8 kg warm-up left out
    records = json.loads(control(env, "Records"))
    assert [(h["exercise"], h["seconds"]) for h in records["holds"]] == [("Plank", 90), ("Weighted Plank", 45)]
    assert [b["exercise"] for b in records["bests"]] == ["Goblet Squat"]
    assert records["records"] == []  # 75 s on the second day beat nothing

    # The 75 s plank was really 100 s: corrected by the CLI; now a record over the 90 s.
    plank = sets[7]["id"]
    r = cli("history", "correct", str(plank), "--seconds", "100")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == f"Set {plank} (Plank, set 1) is now 1 min 40 s, RPE 8 (was 1 min 15 s, RPE 8).", r.stdout
    records = json.loads(control(env, "Records"))
    assert [(h["exercise"], h["seconds"]) for h in records["holds"]] == [("Plank", 100), ("Weighted Plank", 45)]
    assert [(x["kind"], x["set"]["seconds"], x["previous"]["seconds"]) for x in records["records"]] == [("longest_hold", 100, 90)]
    # Over the bus: the weighted plank was a warm-up at RPE 6.5.
    weighted = sets[6]["id"]
    reply = str(control(env, "CorrectSet", dbus.UInt32(weighted), json.dumps({"warm_up": True, "rpe": 6.5})))
    assert reply == f"Set {weighted} (Weighted Plank, set 1) is now 45 s × 10 kg, warm-up, RPE 6.5 (was 45 s × 10 kg).", reply
    assert [h["exercise"] for h in json.loads(control(env, "Records"))["holds"]] == ["Plank"]
    # Values out of bounds are refused, nothing changed.
    for args, message in [(("--seconds", "86401"), "seconds must be 0 to 86400"), (("--rpe", "10.5"), "an RPE must be 0 to 10"),
                          (("--seconds", "4.5"), "plain whole number"), (("--rpe", "0x8"), "plain decimal number"),
                          (("--warm-up", "--working"), "not both")]:
        bad = cli("history", "correct", str(plank), *args)
        assert bad.returncode != 0 and message in bad.stderr, (args, bad.stderr)
    with pytest.raises(dbus.DBusException) as refused:
        control(env, "CorrectSet", dbus.UInt32(plank), json.dumps({"seconds": 86401}))
    assert refused.value.get_dbus_name().endswith("InvalidArgs"), refused.value
    expected = [list(row) for row in EXPECTED]
    expected[7][4] = 100
    expected[6][5], expected[6][6] = True, 6.5
    expected = [tuple(row) for row in expected]
    sets = as_json(cli, "history", "--sets", *DAYS)
    assert rows(sets) == expected

    report = tmp_path / "report.html"
    assert cli("report", "-o", str(report), "--weeks", "104").returncode == 0
    page = report.read_text(encoding="utf-8")
    assert "Longest holds" in page and "1 min 40 s" in page and "Plank" in page

    # A restart: the same rows, the same records.
    daemon.restart()
    assert as_json(cli, "history", "--sets", *DAYS) == sets
    records = json.loads(control(env, "Records"))

    # Exported and imported into a fresh state: the same rows.
    export = tmp_path / "sets.csv"
    export.write_text(ok(cli("history", "--sets", "--csv", *DAYS)))
    header = export.read_text().splitlines()[0]
    assert header.endswith(",failed,at,seconds,warm_up,rpe,session_rounds,session_amrap"), header
    daemon.kill()
    shutil.move(str(state_db(env).parent), str(tmp_path / "old-state"))
    daemon.start()
    assert as_json(cli, "history", "--sets", *DAYS) == []
    out = ok(cli("import", str(export)))
    assert out.startswith("gymbell export: 2 workouts, 10 sets, 4 exercises."), out
    fresh = as_json(cli, "history", "--sets", *DAYS)
    assert rows(fresh) == expected
    assert [{k: v for k, v in s.items() if k != "id"} for s in fresh] == [{k: v for k, v in s.items() if k != "id"} for s in sets]
    assert json.loads(control(env, "Records"))["holds"] == records["holds"]
    # Exported again, it is the same file but for the ids it names none of.
    assert ok(cli("history", "--sets", "--csv", *DAYS)) == export.read_text()

    # The next day, after a restart: the same.
    daemon.kill()
    env.vars.update(clock_shifted_to(time.time() + 86400))
    daemon.start()
    assert rows(as_json(cli, "history", "--sets", *DAYS)) == expected
    assert json.loads(control(env, "Records"))["holds"] == records["holds"]
