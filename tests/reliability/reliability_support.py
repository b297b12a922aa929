"""Shared by the reliability suite (tests/reliability) and the benchmarks (bench/run.py).

The end-to-end harness lives in tests/e2e/conftest.py (private dbus-daemon per test, the recording
notification server, Daemon/Env/Recorder helpers), loaded once under its own module name by
tests/support/e2e_harness.py.
"""

import json
import os
import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
from e2e_harness import harness  # noqa: E402  (tests/support)
from proc_figures import context_switches, proc_threads  # noqa: E402,F401  (tests/support; the bench's too)
from workout_config import ALL_DAYS  # noqa: E402,F401  (tests/support; the suite's tests import it from here)


H = harness()

# Reminder texts (DESIGN.md §4).
REST_TITLE = "Rest over ⏰"
WORK_DONE_TITLE = "Work phase done ✅"
HIIT_REST_OVER_TITLE = "Rest over 💥"
HIIT_COMPLETE_TITLE = "HIIT session complete 🎉"
DAILY_TITLE = "Time to Workout! 💪"


def setpriv_wrapper(tmp_path, binary):
    """The gymbell binary, or (as root) a wrapper that runs it without the DAC-override capabilities
    (CAP_DAC_OVERRIDE, CAP_DAC_READ_SEARCH), so that file permissions bind it as they bind a normal
    user: what a test of an unwritable or unreadable file needs when it runs as root (CI does)."""
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


def status_json(env, binary):
    """`gymbell status --json` through the real CLI, as a dict."""
    r = H.run_cli(env, binary, "status", "--json")
    assert r.returncode == 0, f"status --json exited {r.returncode}: {r.stderr}"
    return json.loads(r.stdout)


def gymbell_proxy(conn):
    return conn.get_object(H.GYMBELL_NAME, H.GYMBELL_PATH, introspect=False)


def raw_call(conn, method, signature="", args=(), timeout=5.0):
    """One io.github.gymbell.Gymbell1 method call through python3-dbus, no introspection."""
    return conn.call_blocking(H.GYMBELL_NAME, H.GYMBELL_PATH, H.GYMBELL_IFACE, method,
                              signature, list(args), timeout=timeout)


def raw_status(conn, timeout=5.0):
    return json.loads(str(raw_call(conn, "Status", timeout=timeout)))


SESSION_CATEGORY = "x-gymbell.session"
#: What a session's reminders are called (DESIGN.md §4): the session's one notification says them in turn.
TRANSITION_TITLES = {
    "Rest ends soon", "Rest over ⏰", "Work phase done ✅", "Rest over 💥", "HIIT session complete 🎉",
    "Run done 🏃", "Walk done 🚶", "Walk/Run session complete 🎉", "Workout complete 🎉",
}


def daemon_notifies(recorder, title=None):
    """Reminders sent by gymbell (app_name "gymbell"), optionally of one title.

    A session's reminders are its one notification, replaced in place, saying each in turn; the
    notices of that notification that only show the session's phase are not reminders, and one
    reminder said again in place (re-rendered for a server that appeared) counts once.
    """
    said, last = [], {}
    for r in recorder.notifies(lambda r: r["app_name"] == "gymbell"):
        session = r["hints"].get("category") == SESSION_CATEGORY
        if session and r["summary"] not in TRANSITION_TITLES:
            last[r["id"]] = None
            continue
        if session or r["summary"] in TRANSITION_TITLES:
            # The whole text: the next reminder of the same kind says a later phase under it (and may
            # replace the same notification, after a restart), a re-render says the same.
            key = (r["summary"], r["body"])
            if last.get(r["id"]) == key:
                continue
            last[r["id"]] = key
        if title is None or r["summary"] == title:
            said.append(r)
    return said


def pending_dues(status):
    """[(due epoch, title, kind)] of status["pending"], sorted by due."""
    return sorted((H.parse_instant(p["due"]), p["title"], p["kind"]) for p in status["pending"])


def percentile(values, p):
    """Linear-interpolated percentile (p in 0..100) of a non-empty sequence."""
    xs = sorted(values)
    if len(xs) == 1:
        return xs[0]
    k = (len(xs) - 1) * p / 100.0
    lo = int(k)
    hi = min(lo + 1, len(xs) - 1)
    return xs[lo] + (xs[hi] - xs[lo]) * (k - lo)


def median(values):
    return statistics.median(values)


def cpu_ticks(pid):
    """utime + stime of `pid` (all threads) in clock ticks, from /proc/<pid>/stat."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    # after the command: state(3) ... utime is field 14, stime 15 (1-based) → index 11, 12 here
    return int(fields[11]) + int(fields[12])


def cpu_ns(pid):
    """On-CPU time of all threads in nanoseconds, from /proc/<pid>/task/*/schedstat."""
    total = 0
    for tid in proc_threads(pid):
        try:
            with open(f"/proc/{pid}/task/{tid}/schedstat") as f:
                total += int(f.read().split()[0])
        except (FileNotFoundError, ValueError, IndexError):
            pass
    return total


def proc_status_kb(pid, key):
    """A kB figure (VmRSS, VmHWM, …) from /proc/<pid>/status."""
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith(key + ":"):
                return int(line.split()[1])
    return None


def rss_by_mapping(pid, top=6):
    """[(kB, mapping)] of the largest resident mappings of `pid` (from /proc/<pid>/smaps), files by
    base name, anonymous memory as [heap]/[anon]/[stack]."""
    sizes = {}
    name = None
    try:
        with open(f"/proc/{pid}/smaps") as f:
            for line in f:
                parts = line.split()
                if not parts:
                    continue
                if "-" in parts[0] and not parts[0].endswith(":"):
                    name = os.path.basename(parts[5]) if len(parts) >= 6 else "[anon]"
                elif parts[0] == "Rss:":
                    sizes[name] = sizes.get(name, 0) + int(parts[1])
    except FileNotFoundError:
        return []
    return sorted(((kb, n) for n, kb in sizes.items()), reverse=True)[:top]


def wait_for_name(conn, name, timeout, proc=None, interval=0.001):
    """Poll until `name` has an owner; returns the time it took. Fails when `proc` exits first."""
    began = time.monotonic()
    deadline = began + timeout
    while True:
        if conn.name_has_owner(name):
            return time.monotonic() - began
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"process exited with {proc.returncode} before owning {name}")
        if time.monotonic() > deadline:
            raise RuntimeError(f"{name} not owned within {timeout} s")
        time.sleep(interval)


def start_daemon_timed(env, binary, log_path, conn, timeout=10.0):
    """Start `gymbell daemon`; returns (Popen, seconds from spawn to bus name owned, 1 ms polls)."""
    with open(log_path, "ab") as out:
        began = time.monotonic()
        proc = subprocess.Popen([str(binary), "daemon"], env=env.vars, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                                start_new_session=True)
    deadline = began + timeout
    while True:
        if conn.name_has_owner(H.GYMBELL_NAME):
            return proc, time.monotonic() - began
        if proc.poll() is not None:
            raise RuntimeError(f"gymbell daemon exited with {proc.returncode}; see {log_path}")
        if time.monotonic() > deadline:
            proc.kill()
            raise RuntimeError(f"gymbell daemon did not own its name within {timeout} s")
        time.sleep(0.001)
