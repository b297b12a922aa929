"""A broken, full, read-only or locked state database must not stop the daemon (issues 6 and 14).

The daemon still starts, owns its bus name, and `gymbell rest 2` still delivers its reminder. Only a
database SQLite reports corrupt is moved aside (its bytes are kept). "Cannot write now" (a full disk,
a read-only mount, permissions, a lock) never moves an intact database: its history still shows,
changes are kept in memory and saved once the file can be written again (a finished session gets
finished), and the user is told: one notification and a `Storage:` line in `gymbell status` (plain
and `"storage"` in --json) saying what to do. When the tests run as root, the read-only cases run the
daemon without CAP_DAC_OVERRIDE and CAP_DAC_READ_SEARCH (setpriv), so that file permissions bind it
as they bind a normal user; the full-disk and read-only-mount cases mount a small tmpfs (root).

The state database is gymbell's own (issue 27): a symbolic link in its place is not followed (what it
points to stays byte for byte as it was), another program's database in its place is refused and left
untouched, an older gymbell database is stamped with gymbell's application_id and keeps its history,
and a state directory and files open to other users are made private once, and said in the log.
"""

import contextlib
import errno
import json
import os
import random
import shutil
import signal
import sqlite3
import stat
import subprocess
import time
from pathlib import Path

import pytest

from reliability_support import H, REST_TITLE, daemon_notifies, setpriv_wrapper, status_json

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


# --- issue 27: the state database is gymbell's own, and private ------------------------------------

GYMBELL_APPLICATION_ID = 0x47796D42  # "GymB"


def other_programs_database(path, application_id=0x4D6F7A21, tables=("moz_places", "moz_bookmarks"),
                            user_version=74):
    """A database another program made (a browser's, say): its own application_id, tables, data, WAL."""
    path.parent.mkdir(parents=True, exist_ok=True)
    conn = sqlite3.connect(str(path), isolation_level=None)
    try:
        conn.execute("PRAGMA journal_mode = WAL")
        conn.execute(f"PRAGMA application_id = {application_id}")
        conn.execute(f"PRAGMA user_version = {user_version}")
        for table in tables:
            conn.execute(f"CREATE TABLE {table} (id INTEGER PRIMARY KEY, url TEXT)")
            conn.execute(f"INSERT INTO {table} (url) VALUES ('https://example.org/{table}')")
    finally:
        conn.close()
    return path


def database_identity(path):
    """(application_id, user_version, schema) of a database, read without writing anything (immutable)."""
    conn = sqlite3.connect(f"file:{path}?mode=ro&immutable=1", uri=True)
    try:
        return (conn.execute("PRAGMA application_id").fetchone()[0],
                conn.execute("PRAGMA user_version").fetchone()[0],
                conn.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall())
    finally:
        conn.close()


def listing(d):
    return sorted(p.name for p in d.iterdir())


@pytest.mark.parametrize("target_kind", ["other-programs-database", "empty-file", "text-file"])
def test_a_linked_state_database_is_not_followed(target_kind, env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    d.mkdir(mode=0o700, parents=True)
    elsewhere = env.root / "elsewhere"
    elsewhere.mkdir()
    if target_kind == "other-programs-database":
        target = other_programs_database(elsewhere / "places.sqlite")
        identity = database_identity(target)
    elif target_kind == "empty-file":
        target = elsewhere / "empty.sqlite"
        target.write_bytes(b"")
    else:
        target = elsewhere / "notes.txt"
        target.write_text("my notes, not a database\n")
    link = d / "state.sqlite"
    link.symlink_to(target)
    data, around_target, around_link = target.read_bytes(), listing(elsewhere), listing(d)

    daemon.start()
    check_rest_delivers(env, gymbell_bin, recorder, daemon)
    advice = (f"{link} is a symbolic link (to {target}); gymbell does not follow it: "
              "move the file it points to into its place, or remove the link")
    check_not_saving(env, gymbell_bin, recorder, status_json(env, gymbell_bin), "symbolic_link", advice)
    assert "symbolic link" in daemon.output() and str(target) in daemon.output(), daemon.output()
    daemon.kill(signal.SIGTERM)

    assert link.is_symlink() and os.readlink(link) == str(target), "the link was changed"
    assert target.read_bytes() == data, f"the file the link points to was written: {target}"
    assert listing(elsewhere) == around_target, f"files were made beside the link's target: {listing(elsewhere)}"
    assert listing(d) == around_link, f"the state directory changed (renamed aside?): {listing(d)}"
    if target_kind == "other-programs-database":
        assert database_identity(target) == identity
    if target_kind == "empty-file":
        assert target.stat().st_size == 0


def test_a_linked_empty_file_moved_into_place_becomes_the_database(env, daemon, recorder, gymbell_bin):
    """What the message says to do, done while the daemon runs: the changes kept meanwhile are saved."""
    d = state_dir(env)
    d.mkdir(mode=0o700, parents=True)
    target = env.root / "empty.sqlite"
    target.write_bytes(b"")
    (d / "state.sqlite").symlink_to(target)
    daemon.start()
    complete_a_rest(env, gymbell_bin, recorder)
    assert status_json(env, gymbell_bin)["storage"]["problem"] == "symbolic_link"
    (d / "state.sqlite").unlink()
    target.rename(d / "state.sqlite")
    wait_saved(env, gymbell_bin)
    assert [o for _, o in sessions_on_disk(d / "state.sqlite")] == ["completed"]
    daemon.restart()
    assert len(history(env, gymbell_bin)) == 1
    assert database_identity(d / "state.sqlite")[0] == GYMBELL_APPLICATION_ID


@pytest.mark.parametrize("whose", ["application-id", "tables"])
def test_another_programs_database_in_place_is_refused(whose, env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    db = d / "state.sqlite"
    if whose == "application-id":
        other_programs_database(db)
    else:  # no application_id, a schema version, and a table gymbell does not have beside its names
        other_programs_database(db, application_id=0, tables=("session", "reminder", "invoice"), user_version=2)
    db.chmod(0o600)
    d.chmod(0o700)
    data, identity, files = db.read_bytes(), database_identity(db), listing(d)

    daemon.start()
    check_rest_delivers(env, gymbell_bin, recorder, daemon)
    advice = f"{db} belongs to another program, not to gymbell: gymbell does not write into it. Move it out of {d}"
    check_not_saving(env, gymbell_bin, recorder, status_json(env, gymbell_bin), "foreign_file", advice)
    assert [e["kind"] for e in history(env, gymbell_bin)] == ["rest"], "another program's data was read as history"
    daemon.kill(signal.SIGTERM)

    assert db.read_bytes() == data, "another program's database was written into"
    assert database_identity(db) == identity
    assert listing(d) == files, f"the state directory changed (renamed aside? files left?): {listing(d)}"


def grdb_fixture():
    return Path(__file__).resolve().parents[2] / "Tests" / "GymbellStoreTests" / "Fixtures" / "grdb-v6-state.sqlite"


@pytest.mark.parametrize("build", ["before-application-id", "grdb"])
def test_an_older_gymbell_database_is_stamped_and_kept(build, env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    db = d / "state.sqlite"
    if build == "before-application-id":
        daemon.start()
        complete_a_rest(env, gymbell_bin, recorder)
        daemon.kill(signal.SIGTERM)
        conn = sqlite3.connect(str(db), isolation_level=None)  # as the builds before issue 27 left it
        conn.execute("PRAGMA application_id = 0")
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        conn.close()
    else:  # written by the GRDB build (schema v6; Tests/GymbellStoreTests/GRDBDatabaseUpgradeTests)
        d.mkdir(mode=0o700, parents=True)
        shutil.copyfile(grdb_fixture(), db)
        db.chmod(0o600)
    assert database_identity(db)[0] == 0
    before = sessions_on_disk(db)

    daemon.start()
    assert status_json(env, gymbell_bin)["storage"] is None
    entries = history(env, gymbell_bin)
    assert [e["id"] for e in entries] == [i for i, _ in before], entries
    if build == "before-application-id":  # the GRDB file's running workout may be abandoned at start-up
        assert [(e["id"], e["outcome"]) for e in entries] == before
    daemon.kill(signal.SIGTERM)
    assert database_identity(db)[0] == GYMBELL_APPLICATION_ID, "the older database was not stamped"
    daemon.start()
    assert [e["id"] for e in history(env, gymbell_bin)] == [i for i, _ in before], "the history was not read back"
    assert not broken_files(d)


def mode(p):
    return stat.S_IMODE(os.lstat(p).st_mode)


def test_open_state_directory_and_files_are_made_private_once(env, daemon, recorder, gymbell_bin):
    d = state_dir(env)
    db = d / "state.sqlite"
    daemon.start()
    complete_a_rest(env, gymbell_bin, recorder)
    daemon.kill(signal.SIGKILL)  # leaves the -wal and -shm
    files = [db, d / "state.sqlite-wal", d / "state.sqlite-shm"]
    assert all(f.exists() for f in files), listing(d)
    d.chmod(0o777)
    for f in files:
        f.chmod(0o666)

    daemon.start()
    log = daemon.output()
    for path, old, new in [(d, "0777", "0700")] + [(f, "0666", "0600") for f in files]:
        said = f"{path} was open to other users (mode {old}); gymbell made it private (mode {new})"
        assert log.count(said) == 1, f"the log does not say once: {said}\n{log}"
    assert mode(d) == 0o700 and [mode(f) for f in files] == [0o600] * 3, (oct(mode(d)), [oct(mode(f)) for f in files])
    r = H.run_cli(env, gymbell_bin, "rest", "600")  # writes: the -wal and -shm are in use
    assert r.returncode == 0, r.stderr
    assert [mode(f) for f in files] == [0o600] * 3
    assert len(history(env, gymbell_bin)) == 2, "the history was lost"
    assert status_json(env, gymbell_bin)["storage"] is None

    daemon.restart()
    assert "open to other users" not in daemon.output(), daemon.output()


def test_new_state_files_are_private_while_open(env, daemon, gymbell_bin):
    d = state_dir(env)
    old = os.umask(0)
    try:
        daemon.start()
    finally:
        os.umask(old)
    r = H.run_cli(env, gymbell_bin, "rest", "600")
    assert r.returncode == 0, r.stderr
    modes = {p.name: mode(p) for p in [d, *d.iterdir()]}
    assert modes == {"gymbell": 0o700, "state.sqlite": 0o600, "state.sqlite-wal": 0o600, "state.sqlite-shm": 0o600}, (
        {n: oct(m) for n, m in modes.items()})
    assert "open to other users" not in daemon.output()
