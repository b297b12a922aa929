#!/usr/bin/python3
"""Makes `lost-history-v8.sqlite`: the state database that the build landed before issue 27 (main at
4ca5d0e, schema v8) leaves after two days of training the usual way — the daily reminder, a click on
Start Workout, Set done until the workout is complete. Those builds gave a session started from a
notification the id "" and wrote it with INSERT OR REPLACE, so the second day's workout replaced the
first's and both days' sets stayed under session "".

Run with that build: GYMBELL_BIN=/path/to/landed/gymbell Tests/GymbellStoreTests/Fixtures/make_lost_history.py OUT.
tests/support/clockshift.c (LD_PRELOAD) moves the daemon's wall clock to each day; the monotonic
clock stays real. Needs dbus-daemon, python3-dbus and cc, as the e2e suite.
"""

import json
import os
import shutil
import sqlite3
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "tests" / "e2e"))
import conftest  # noqa: E402  (the e2e harness: private bus, recording server, daemon)

CONFIG = """\
[reminders]
time = "18:00"
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
exercises = [
  { name = "Bench Press", sets = 3, reps = 8, weight = 80, unit = "kg", rest = 90 },
  { name = "Overhead Press", sets = 2, reps = 10, weight = 40, unit = "kg", rest = 60 },
]
"""
# Each day's wall clock when the daemon starts: 4 s before the 18:00 reminder (Europe/Berlin).
DAYS = [1_795_539_600 - 4, 1_795_626_000 - 4]  # 2026-11-24 and 2026-11-25, 17:59:56 in Berlin


def train_one_day(env, binary, when):
    server = conftest.NotificationServer(env, name=f"notifications-{when}").start()
    env.vars.update(conftest.clock_shifted_to(when))
    env.vars["TZ"] = "Europe/Berlin"
    recorder = conftest.Recorder(server.log)
    daemon = conftest.Daemon(env, binary)
    daemon.start()
    shown = recorder.wait_for_notify("Workout Time!", timeout=10)
    server.invoke_action(shown["id"], "start")
    cli = lambda *args: conftest.run_cli(env, binary, *args)  # noqa: E731
    status = json.loads(cli("status", "--json").stdout)
    assert status["session"]["id"] == "", status  # the bug this fixture keeps
    for _ in range(5):
        r = cli("set-done")
        assert r.returncode == 0, r.stderr
        time.sleep(1.5)
    history = cli("history", "--days", "30").stdout
    daemon.kill()
    daemon.stop()
    server.stop()
    return history


def main():
    out = Path(sys.argv[1])
    binary = Path(os.environ["GYMBELL_BIN"])
    root = Path(tempfile.mkdtemp(prefix="gymbell-fixture-"))
    env = conftest.Env(root)
    env.start_bus()
    try:
        env.write_config(CONFIG)
        for when in DAYS:
            print(train_one_day(env, binary, when))
        db = env.state_home / "gymbell" / "state.sqlite"
        # One file: the write-ahead log checkpointed into it.
        with sqlite3.connect(db) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        connection.close()
        shutil.copyfile(db, out)
    finally:
        env.stop()
        shutil.rmtree(root, ignore_errors=True)


if __name__ == "__main__":
    main()
