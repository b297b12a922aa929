"""kill -9 of the daemon in the middle of an import (issue 42's tests): 20 trials.

An import goes to the daemon in batches, each one transaction (tests/reliability/test_big_import.py).
The daemon is killed at a random moment while `gymbell import` runs; after a restart the history holds
whole workouts only — each with every one of its sets, never a workout with some of them — nothing is
left beside the state, the daemon answers, and the import run again completes it: every workout once.
"""

import random
import signal
import sqlite3
import subprocess
import threading
import time

import pytest

from reliability_support import H
from test_big_import import CONFIG, write_strong_csv

pytestmark = pytest.mark.gymbell

TRIALS = 20
SETS = 2
ROWS = 30_000  # 15 000 workouts of 2 sets: eight batches of 2 000, a few seconds of import in a debug build


def whole_workouts_only(db_path):
    with sqlite3.connect(db_path) as db:
        counts = db.execute(
            "SELECT s.id, s.sets_done, (SELECT count(*) FROM set_log l WHERE l.session_id = s.id) FROM session s").fetchall()
        orphans = db.execute("SELECT count(*) FROM set_log WHERE session_id NOT IN (SELECT id FROM session)").fetchone()[0]
    db.close()
    partial = [(sid, done, logged) for sid, done, logged in counts if not (done == logged == SETS)]
    return len(counts), partial, orphans


def test_kill_9_during_an_import_leaves_whole_workouts_and_a_second_run_completes_it(daemon, env, cli, tmp_path):
    env.write_config(CONFIG)
    export = tmp_path / "strong.csv"
    workouts = write_strong_csv(export, ROWS, sets_per_workout=SETS)
    seed = int(time.time())
    rng = random.Random(seed)
    outcomes = []
    for trial in range(TRIALS):
        state = H.state_db(env).parent
        if daemon.running:
            daemon.kill()
        subprocess.run(["rm", "-rf", str(state)], check=True)
        daemon.start()
        started = time.monotonic()
        importing = subprocess.Popen([str(H.gymbell_binary()), "import", str(export)], env=env.vars,
                                     stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        lines, sending = [], threading.Event()

        def follow():
            for line in importing.stdout:
                lines.append(line)
                if line.startswith("Imported "):
                    sending.set()
        reader = threading.Thread(target=follow, daemon=True)
        reader.start()
        if trial % 2:
            # While the batches go: after the first progress line (a batch written), within 0.3 s.
            sending.wait(60)
            time.sleep(rng.uniform(0, 0.3))
        else:
            time.sleep(rng.uniform(0.2, 3.0))
        daemon.kill(signal.SIGKILL)
        killed_after = time.monotonic() - started
        err = importing.communicate(timeout=60)[1]
        reader.join(5)
        daemon.start()
        count, partial, orphans = whole_workouts_only(H.state_db(env))
        assert not partial and not orphans, f"trial {trial} (seed {seed}): a workout with some of its sets: {partial[:3]}, {orphans} orphans"
        leftovers = [p.name for p in state.iterdir() if p.name.startswith(("restoring-", "replaced-")) or ".partial-" in p.name]
        assert not leftovers, f"trial {trial}: left beside the state: {leftovers}"
        assert cli("status").returncode == 0
        outcomes.append((round(killed_after, 2), importing.returncode, count))
        if importing.returncode == 0:
            assert count == workouts, f"trial {trial}: the import said it was done with {count} of {workouts} workouts"
        else:
            assert err.strip(), f"trial {trial}: the import failed without a word"
        # Run again: the rest comes in, nothing twice.
        again = cli("import", export, timeout=300)
        assert again.returncode == 0, again.stderr
        count, partial, orphans = whole_workouts_only(H.state_db(env))
        assert count == workouts and not partial and not orphans, f"trial {trial}: after the second run {count} of {workouts}"
    cut_short = [o for o in outcomes if o[1] != 0]
    print(f"FIGURE kill -9 during import, {TRIALS} trials (seed {seed}): {len(cut_short)} cut short with "
          f"{sorted(o[2] for o in cut_short)} workouts of {workouts} kept whole; the others had finished; every second run completed it")
    assert cut_short, "no kill landed during an import: the file is too small for this machine"
