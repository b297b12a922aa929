"""A broken or read-only state database must not stop the daemon (issue 6, "Bad input").

The daemon still starts, owns its bus name, and `gymbell rest 2` still delivers its reminder. A
corrupt database is moved aside (its bytes are kept, and the daemon says so) or state is kept in
memory. When the tests run as root, the read-only cases run the daemon without CAP_DAC_OVERRIDE and
CAP_DAC_READ_SEARCH (setpriv), so that file permissions bind it as they bind a normal user.
"""

import os
import random
import shutil
import signal
import time

import pytest

from reliability_support import H, REST_TITLE, status_json

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
        status_json(env, gymbell_bin)  # still answers after the reminder fired
    finally:
        daemon.stop()
        d.chmod(0o700)
        for p in d.iterdir():
            p.chmod(0o600)
