"""A broken, full, read-only or locked state database must not stop the daemon (issues 6 and 14).

The daemon still starts, owns its bus name, and `gymbell rest 2` still delivers its reminder. Only a
database SQLite reports corrupt is moved aside (its bytes are kept). "Cannot write now" (a full disk,
a read-only mount, permissions, a lock) never moves an intact database: its history still shows,
changes are kept in memory and saved once the file can be written again (a finished session gets
finished), and the user is told: one notification and a `Storage:` line in `gymbell status` (plain
and `"storage"` in --json) saying what to do. When the tests run as root, the read-only cases run the
daemon without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (setpriv), so that file permissions bind it
as they bind a normal user; the full-disk and read-only-mount cases mount a small tmpfs (root).
"""

import contextlib
import errno
import json
import os
import random
import shutil
import signal
import sqlite3
import subprocess
import time

import pytest

from reliability_support import H, REST_TITLE, daemon_notifies, status_json

pytestmark = pytest.mark.gymbell

ON_TIME = 1.5


def state_dir(env):
    return env.state_home / "gymbell"


def check_rest_delivers(env, binary, recorder, daemon):
    t0 = time.time()
    r = H.run_cli(env, binary, "rest", "2")
    assert r.returncode == 0, (f"`gymbell rest 2` failed (exit {r.returncode}): {r.stderr.strip()}\n"
                               f"daemon output:\n{daemon.output()}")
    status = status_json(env, binary)
    due = [H.parse_instant(p["due"]) for p in status["pending"] if p["kind"] == "rest_over"]
    assert due, f"no pending rest_over after `gymbell rest 2`: {status}"
    rec = recorder.wait_for_notify(REST_TITLE, timeout=due[0] - time.time() + ON_TIME + 1)
    assert rec["t"] - due[0] <= ON_TIME, f"rest reminder {rec['t'] - due[0]:+.2f} s late"
    assert daemon.running


def make_real_db(env, binary, daemon):
    """Let the daemon create a real state database with a session in it, then stop the daemon."""
    daemon.start()
    r = H.run_cli(env, binary, "rest", "600")
    assert r.returncode == 0, r.stderr
    daemon.kill(signal.SIGTERM)
    db = state_dir(env) / "state.sqlite"
    assert db.is_file() and db.stat().st_size > 0
    return db


@pytest.mark.parametrize("corruption", ["garbage", "sqlite-header-then-garbage", "truncated",
                                        "overwritten-pages"])
def test_corrupt_state_database(corruption, env, daemon, recorder, gymbell_bin):
    rng = random.Random(corruption)
    d = state_dir(env)
    if corruption in ("truncated", "overwritten-pages"):
        db = make_real_db(env, gymbell_bin, daemon)
        data = bytearray(db.read_bytes())
        if corruption == "truncated":
            data = data[:len(data) // 2 + 100]
        else:  # keep the header page, scribble over every later page
            for i in range(4096, len(data)):
                data[i] = rng.randrange(256)
        data = bytes(data)
    else:
        d.mkdir(mode=0o700, parents=True, exist_ok=True)
        db = d / "state.sqlite"
        noise = bytes(rng.randrange(256) for _ in range(64 * 1024))
        data = noise if corruption == "garbage" else b"SQLite format 3\x00" + noise
    db.write_bytes(data)
    db.chmod(0o600)
    runs_before = daemon.runs

    daemon.start()
    check_rest_delivers(env, gymbell_bin, recorder, daemon)

    kept = [p for p in d.iterdir() if p.is_file() and p.read_bytes() == data]
    assert kept, (f"the corrupt database's bytes are gone from {d} (expected it moved aside, e.g. "
                  f"state.sqlite.broken-…): {sorted(p.name for p in d.iterdir())}")
    log = daemon.output()
    assert any(w in log.lower() for w in ("error", "warning", "critical")) and "state" in log, (
        f"the daemon did not say anything about the unusable database:\n{log}")
    assert daemon.runs == runs_before + 1
    # Told the same way as "cannot write": status (plain and JSON) and one notification.
    storage = status_json(env, gymbell_bin)["storage"]
    assert storage and storage["problem"] == "corrupt" and storage["saving"] is True, storage
    assert kept[0].name in storage["message"], storage
    plain = H.run_cli(env, gymbell_bin, "status").stdout
    assert plain.startswith("Storage: The state database was damaged"), plain
    told = recorder.wait_for_notify(DAMAGED_TITLE, timeout=5)
    assert kept[0].name in told["body"], told
    assert len(daemon_notifies(recorder, DAMAGED_TITLE)) == 1


def setpriv_wrapper(tmp_path, binary):
    """The daemon binary, or (as root) a wrapper that runs it without the DAC-override capabilities."""
    if os.geteuid() != 0:
        return binary
    setpriv = shutil.which("setpriv")
    if not setpriv:
        pytest.fail("running as root, and setpriv (util-linux) is missing to drop CAP_DAC_OVERRIDE")
    wrapper = tmp_path / "gymbell-no-dac-override"
    wrapper.write_text(
        "#!/bin/sh\nexec " + setpriv + " --inh-caps=-dac_override,-dac_read_search "
        "--bounding-set=-dac_override,-dac_read_search " + str(binary) + ' "$@"\n')
    wrapper.chmod(0o755)
    return wrapper


@pytest.mark.parametrize("case", ["directory-without-database", "directory-and-database"])
def test_read_only_state(case, env, server, recorder, gymbell_bin, tmp_path, request):
    d = state_dir(env)
    if case == "directory-and-database":
        maker = H.Daemon(env, gymbell_bin, request)
        try:
            db = make_real_db(env, gymbell_bin, maker)
        finally:
            maker.stop()
        db.chmod(0o400)
    else:
        d.mkdir(mode=0o700, parents=True)
    d.chmod(0o500)
    daemon = H.Daemon(env, setpriv_wrapper(tmp_path, gymbell_bin), request)
    try:
        # The wrapper is a sh script that execs the daemon: same pid, the caps dropped.
        daemon.start()
        check_rest_delivers(env, gymbell_bin, recorder, daemon)
        status = status_json(env, gymbell_bin)  # still answers after the reminder fired
        check_not_saving(env, gymbell_bin, recorder, status, "read_only", "writable")
        assert not broken_files(d), f"an intact database was moved aside: {broken_files(d)}"
        if case == "directory-and-database":
            # The history is read from the read-only file, not lost.
            assert len(history(env, gymbell_bin)) == 2, history(env, gymbell_bin)
        d.chmod(0o700)
        for p in d.iterdir():
            p.chmod(0o600)
        wait_saved(env, gymbell_bin)
        sessions = sessions_on_disk(d / "state.sqlite")
        assert len(sessions) == (2 if case == "directory-and-database" else 1), sessions
        assert sessions[-1][1] == "completed", f"the rest that ended meanwhile is not finished on disk: {sessions}"
    finally:
        daemon.stop()
        d.chmod(0o700)
        for p in d.iterdir():
            p.chmod(0o600)


# --- issue 14: "cannot write now" is not damage ---------------------------------------------------

STORAGE_TITLE = "Workouts are not being saved"
DAMAGED_TITLE = "The state database was damaged"
SAVE_RETRY = 45  # the daemon retries 5 s after a failure, then 10, 20 … (at most 5 min)


def broken_files(d):
    return sorted(p.name for p in d.iterdir() if ".broken-" in p.name)


def history(env, binary):
    r = H.run_cli(env, binary, "history", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def sessions_on_disk(db, immutable=False):
    """(id, outcome) of every session in the database file, oldest first, read without the daemon
    (`immutable`: on a full or read-only disk, where no -shm can be made; the -wal is not read then)."""
    conn = sqlite3.connect(f"file:{db}?mode=ro" + ("&immutable=1" if immutable else ""), uri=True, timeout=5)
    try:
        return conn.execute("SELECT id, outcome FROM session ORDER BY started_at").fetchall()
    finally:
        conn.close()


def check_not_saving(env, binary, recorder, status, problem, advice):
    """What the user is shown while state is not being saved: status (JSON and plain), one notification."""
    storage = status["storage"]
    assert storage and storage["problem"] == problem and storage["saving"] is False, status
    assert advice in storage["message"], storage
    H.parse_instant(storage["since"])
    plain = H.run_cli(env, binary, "status").stdout
    assert plain.startswith(f"Storage: {STORAGE_TITLE}: ") and advice in plain.splitlines()[0], plain
    told = recorder.wait_for_notify(STORAGE_TITLE, timeout=5)
    assert advice in told["body"], told
    assert told["hints"].get("category") == "x-gymbell.daily", told
    assert len(daemon_notifies(recorder, STORAGE_TITLE)) == 1, "told more than once"


def wait_saved(env, binary):
    H.wait_until(lambda: status_json(env, binary)["storage"] is None, SAVE_RETRY,
                 interval=0.5, what="the daemon to save its state again (status storage: null)")


@pytest.fixture
def small_fs(env):
    """A 1 MiB tmpfs mounted on $XDG_STATE_HOME (root only); ask for it before `daemon`."""
    if os.geteuid() != 0:
        pytest.fail("this test mounts a small tmpfs for the state directory: run it as root (CI does)",
                    pytrace=False)
    mnt = env.state_home
    subprocess.run(["mount", "-t", "tmpfs", "-o", "size=1m,mode=0700", "gymbell-state", str(mnt)],
                   check=True)
    try:
        yield mnt
    finally:
        subprocess.run(["mount", "-o", "remount,rw", str(mnt)], check=False)
        subprocess.run(["umount", "-l", str(mnt)], check=False)


def fill(mnt):
    """Fill the file system at `mnt` to the last byte; returns the filler file."""
    filler = mnt / "filler"
    with open(filler, "wb", buffering=0) as f:
        for size in (65536, 4096, 1):
            while True:
                try:
                    f.write(b"\0" * size)
                except OSError as e:
                    assert e.errno == errno.ENOSPC, e
                    break
    return filler


def complete_a_rest(env, binary, recorder, seconds=1):
    """A rest that runs out and is recorded as completed: some history to keep."""
    r = H.run_cli(env, binary, "rest", str(seconds))
    assert r.returncode == 0, r.stderr
    before = len(daemon_notifies(recorder, REST_TITLE))
    H.wait_until(lambda: len(daemon_notifies(recorder, REST_TITLE)) > before, seconds + 5,
                 what="the rest reminder")
    H.wait_until(lambda: status_json(env, binary)["session"] is None, 5, what="the rest to finish")


def test_disk_full_when_a_rest_ends(small_fs, env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    daemon.start()
    complete_a_rest(env, gymbell_bin, recorder)
    r = H.run_cli(env, gymbell_bin, "rest", "3")
    assert r.returncode == 0, r.stderr
    rest_id = status_json(env, gymbell_bin)["session"]["id"]
    filler = fill(small_fs)

    # The rest ends on a full disk: shown, and finished (in memory), not stuck at "running".
    H.wait_until(lambda: len(daemon_notifies(recorder, REST_TITLE)) == 2, 8, what="the second rest reminder")
    H.wait_until(lambda: status_json(env, gymbell_bin)["storage"], 5, what="status to report the full disk")
    status = status_json(env, gymbell_bin)
    assert status["session"] is None, f"the rest is still running after it ended: {status}"
    check_not_saving(env, gymbell_bin, recorder, status, "no_space", f"free disk space in {d}")
    entries = history(env, gymbell_bin)
    assert [(e["id"], e["outcome"]) for e in entries][-1] == (rest_id, "completed"), entries
    assert sessions_on_disk(d / "state.sqlite")[-1] == (rest_id, "running"), "the disk was not full"
    r = H.run_cli(env, gymbell_bin, "skip-today")  # another change while full: kept, not told again
    assert r.returncode == 0, r.stderr
    assert len(daemon_notifies(recorder, STORAGE_TITLE)) == 1

    filler.unlink()
    wait_saved(env, gymbell_bin)
    assert sessions_on_disk(d / "state.sqlite")[-1] == (rest_id, "completed")
    assert not broken_files(d)
    assert "saved again" in daemon.output()
    # And after a restart it is all still there.
    daemon.restart()
    assert [(e["id"], e["outcome"]) for e in history(env, gymbell_bin)][-1] == (rest_id, "completed")
    assert status_json(env, gymbell_bin)["storage"] is None


@pytest.mark.parametrize("fault", ["disk-full", "read-only-mount"])
def test_daemon_starts_when_the_database_cannot_be_written(fault, small_fs, env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    daemon.start()
    complete_a_rest(env, gymbell_bin, recorder)
    first = history(env, gymbell_bin)
    assert len(first) == 1
    daemon.kill(signal.SIGTERM)
    def files():  # -wal and -shm come and go with SQLite connections
        return sorted(p.name for p in d.iterdir() if not p.name.endswith(("-wal", "-shm")))
    before, db_bytes = files(), (d / "state.sqlite").read_bytes()
    if fault == "disk-full":
        filler = fill(small_fs)
        problem, advice = "no_space", f"free disk space in {d}"
    else:
        subprocess.run(["mount", "-o", "remount,ro", str(small_fs)], check=True)
        problem, advice = "read_only", f"{d} cannot be written: make it and {d / 'state.sqlite'} writable"

    daemon.start()
    assert files() == before and (d / "state.sqlite").read_bytes() == db_bytes, (
        f"the intact database was moved or changed: {files()}")
    assert [e["id"] for e in history(env, gymbell_bin)] == [first[0]["id"]], "the history vanished"
    check_not_saving(env, gymbell_bin, recorder, status_json(env, gymbell_bin), problem, advice)
    check_rest_delivers(env, gymbell_bin, recorder, daemon)
    H.wait_until(lambda: status_json(env, gymbell_bin)["session"] is None, 5, what="the rest to finish")
    assert len(sessions_on_disk(d / "state.sqlite", immutable=True)) == 1

    if fault == "disk-full":
        filler.unlink()
    else:
        subprocess.run(["mount", "-o", "remount,rw", str(small_fs)], check=True)
    wait_saved(env, gymbell_bin)
    sessions = sessions_on_disk(d / "state.sqlite")
    assert [o for _, o in sessions] == ["completed", "completed"], sessions
    daemon.restart()
    assert len(history(env, gymbell_bin)) == 2
    assert len(daemon_notifies(recorder, STORAGE_TITLE)) == 1


def test_locked_database_is_not_moved_aside(env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    daemon.start()
    complete_a_rest(env, gymbell_bin, recorder)
    daemon.kill(signal.SIGTERM)
    # Another program holds the write lock (readers still read: WAL).
    holder = sqlite3.connect(str(d / "state.sqlite"), timeout=0, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")
    try:
        daemon.start()
        assert not broken_files(d)
        assert len(history(env, gymbell_bin)) == 1, "the history vanished"
        check_not_saving(env, gymbell_bin, recorder, status_json(env, gymbell_bin), "locked", "holds")
        check_rest_delivers(env, gymbell_bin, recorder, daemon)
    finally:
        holder.execute("COMMIT")
        holder.close()
    wait_saved(env, gymbell_bin)
    H.wait_until(lambda: len(sessions_on_disk(d / "state.sqlite")) == 2, 5, what="the new rest on disk")
