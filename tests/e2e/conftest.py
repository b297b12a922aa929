"""Fixtures for gymbell's end-to-end tests.

Every test gets its own private session bus (a dbus-daemon with no activatable services, so nothing
installed on the machine can answer for gymbell or for the notification server), temporary XDG
directories and HOME, TZ=UTC, LANG=C.UTF-8, no DISPLAY, and the recording notification server from
notification_server.py on that bus. The `daemon` and `cli` fixtures run the real gymbell binary:
$GYMBELL_BIN, default <repo>/.build/debug/gymbell.

Run with Debian's interpreter (python3-dbus, python3-gi):  /usr/bin/python3 -m pytest tests/e2e -q
Harness only (no gymbell binary needed):                    /usr/bin/python3 -m pytest tests/e2e -m "not gymbell"
"""

import datetime as dt
import json
import math
import os
import re
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

try:
    import dbus
except ImportError:  # pragma: no cover - explains the most likely setup mistake
    raise ImportError(
        "python3-dbus is not importable from " + sys.executable
        + "; run the tests with Debian's interpreter: /usr/bin/python3 -m pytest tests/e2e"
    )

E2E_DIR = Path(__file__).resolve().parent
REPO = E2E_DIR.parent.parent
# tests/support (scripts/test.sh puts it on PYTHONPATH; this for a pytest run by hand): the modules every
# suite shares, such as xvfb.py
if str(REPO / "tests" / "support") not in sys.path:
    sys.path.insert(0, str(REPO / "tests" / "support"))
from private_bus import bus_config  # noqa: E402  (tests/support)

SERVER_SCRIPT = E2E_DIR / "notification_server.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else sys.executable

GYMBELL_NAME = "io.github.gymbell.Gymbell"
GYMBELL_PATH = "/io/github/gymbell/Gymbell"
GYMBELL_IFACE = "io.github.gymbell.Gymbell1"
DESKTOP_ID = "io.github.gymbell.Gymbell"

CONTROL_NAME = "org.gymbell.TestNotificationServer"
CONTROL_PATH = "/org/gymbell/TestNotificationServer"
CONTROL_IFACE = "org.gymbell.TestNotificationServer"

CLI_TIMEOUT = 20.0
START_TIMEOUT = 10.0


# --- pytest plumbing ---------------------------------------------------------------------------

def pytest_configure(config):
    config.addinivalue_line(
        "markers", "gymbell: runs the real gymbell binary (build it first with `swift build`)")
    config.stash[_TIMINGS] = []


_TIMINGS = pytest.StashKey[list]()
_LOGS = pytest.StashKey[list]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        for title, path in item.stash.get(_LOGS, []):
            text = _tail(path)
            if text:
                report.sections.append((title, text))


def pytest_terminal_summary(terminalreporter, config):
    timings = config.stash.get(_TIMINGS, [])
    if timings:
        terminalreporter.section("gymbell e2e timings")
        for nodeid, what, seconds in timings:
            terminalreporter.write_line(f"{what:>34}: {seconds * 1000:+8.1f} ms  ({nodeid})")


def _tail(path, limit=6000):
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return ""
    # dbus-daemon's harmless complaint when run as root (DESIGN.md §8) is noise in reports.
    text = "".join(l for l in text.splitlines(True) if "Failed to set fd limit" not in l)
    return text if len(text) <= limit else "…" + text[-limit:]


def _attach_log(request, title, path):
    request.node.stash.setdefault(_LOGS, []).append((title, str(path)))


@pytest.fixture
def record_timing(request):
    """record_timing("rest lateness", seconds): printed now and in the run's summary."""
    def record(what, seconds):
        print(f"{what}: {seconds * 1000:+.1f} ms")
        request.config.stash[_TIMINGS].append((request.node.nodeid, what, seconds))
    return record


# --- time ----------------------------------------------------------------------------------------

def parse_instant(text):
    """An ISO 8601 instant with an offset or Z (fractional seconds allowed) -> epoch seconds."""
    assert isinstance(text, str), f"expected an ISO 8601 string, got {text!r}"
    m = re.fullmatch(
        r"(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}:\d{2})(?:[.,](\d+))?(Z|[+-]\d{2}(?::?\d{2})?)", text)
    assert m, f"not an ISO 8601 instant with offset or Z: {text!r}"
    date, clock, frac, offset = m.groups()
    if offset == "Z":
        offset = "+00:00"
    elif len(offset) == 3:
        offset += ":00"
    elif ":" not in offset:
        offset = offset[:3] + ":" + offset[3:]
    base = dt.datetime.fromisoformat(f"{date}T{clock}{offset}")
    return base.timestamp() + (float("0." + frac) if frac else 0.0)


def utc(epoch):
    return dt.datetime.fromtimestamp(epoch, dt.timezone.utc)


def local_hms_ahead(seconds):
    """A local "HH:MM:SS" at least `seconds` ahead on a whole second, and its epoch instant.

    The daemon runs with TZ=UTC, so local time is UTC whatever this process's zone is.
    """
    target = math.ceil(time.time()) + int(seconds)
    return time.strftime("%H:%M:%S", time.gmtime(target)), float(target)


def wait_until(predicate, timeout, interval=0.05, what="condition"):
    """Poll predicate() until it returns something truthy; fail after `timeout` seconds."""
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() >= deadline:
            pytest.fail(f"timed out after {timeout:.1f} s waiting for {what}")
        time.sleep(interval)


# --- private bus and environment ---------------------------------------------------------------


class Env:
    """One test's world: a private session bus, temporary XDG dirs, and the env dict to run with."""

    def __init__(self, root):
        self.root = Path(root)
        # A short directory for the socket: AF_UNIX paths are limited to 107 bytes.
        self.sock_dir = Path(tempfile.mkdtemp(prefix="gb-bus-"))
        self.services_dir = self.root / "dbus-services"  # empty: no D-Bus activation
        self.home = self.root / "home"
        self.config_home = self.root / "config"
        self.state_home = self.root / "state"
        self.data_home = self.root / "data"
        self.cache_home = self.root / "cache"
        self.config_dirs = self.root / "etc-xdg"  # empty: no system-wide gymbell config
        self.runtime_dir = self.sock_dir / "run"
        for d in (self.services_dir, self.home, self.config_home, self.state_home, self.data_home,
                  self.cache_home, self.config_dirs, self.runtime_dir):
            d.mkdir(parents=True, exist_ok=True)
        self.runtime_dir.chmod(0o700)
        self.bus_proc = None
        self.address = None
        self.vars = None

    def start_bus(self):
        conf = self.root / "bus.conf"
        conf.write_text(bus_config(self.sock_dir / "bus", self.services_dir))
        self.bus_log = self.root / "dbus-daemon.log"
        with open(self.bus_log, "wb") as err:
            self.bus_proc = subprocess.Popen(
                ["dbus-daemon", f"--config-file={conf}", "--nofork", "--print-address"],
                stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
                start_new_session=True)
        line = _read_line(self.bus_proc, START_TIMEOUT, "dbus-daemon to print its address")
        self.address = line.strip()
        assert self.address.startswith("unix:"), f"odd bus address {self.address!r}"
        self.vars = self._environment()

    def _environment(self):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("LC_", "XDG_", "DBUS_"))
               and k not in ("DISPLAY", "WAYLAND_DISPLAY", "LANGUAGE", "TZ", "LANG", "HOME",
                             "NOTIFY_IGNORE_PORTAL", "GIO_LAUNCHED_DESKTOP_FILE")}
        env.update({
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.config_home),
            "XDG_CONFIG_DIRS": str(self.config_dirs),
            "XDG_STATE_HOME": str(self.state_home),
            "XDG_DATA_HOME": str(self.data_home),
            "XDG_CACHE_HOME": str(self.cache_home),
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "DBUS_SESSION_BUS_ADDRESS": self.address,
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "NO_AT_BRIDGE": "1",
        })
        return env

    @property
    def config_file(self):
        return self.config_home / "gymbell" / "config.toml"

    def write_config(self, text):
        self.config_file.parent.mkdir(parents=True, exist_ok=True)
        self.config_file.write_text(text)
        return self.config_file

    def connect(self):
        """A blocking (no main loop) connection to the private bus for the test's own calls."""
        return dbus.bus.BusConnection(self.address)

    def stop(self):
        _terminate(self.bus_proc)
        shutil.rmtree(self.sock_dir, ignore_errors=True)


def _read_line(proc, timeout, what):
    """Read one line of proc's stdout within `timeout`, or fail saying what was awaited."""
    deadline = time.monotonic() + timeout
    buf = b""
    fd = proc.stdout.fileno()
    while b"\n" not in buf:
        left = deadline - time.monotonic()
        if left <= 0:
            pytest.fail(f"timed out after {timeout:.0f} s waiting for {what}")
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            chunk = os.read(fd, 4096)
            if not chunk:
                pytest.fail(f"{what}: process exited (rc={proc.wait(5)}) before printing a line")
            buf += chunk
    return buf.split(b"\n", 1)[0].decode()


def _terminate(proc, timeout=5.0):
    if proc is None or proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(timeout)


# --- the recording notification server -------------------------------------------------------

class NotificationServer:
    def __init__(self, env, name="notifications", args=()):
        self.env = env
        self.log = env.root / f"{name}.jsonl"
        self.stderr = env.root / f"{name}.stderr"
        self.args = list(args)
        self.proc = None
        self.conn = None

    def start(self):
        self.log.touch()
        with open(self.stderr, "wb") as err:
            self.proc = subprocess.Popen(
                [PYTHON, str(SERVER_SCRIPT), str(self.log), *self.args],
                env=self.env.vars, stdout=subprocess.PIPE, stderr=err,
                stdin=subprocess.DEVNULL, start_new_session=True)
        line = _read_line(self.proc, START_TIMEOUT, "the notification server to print 'ready'")
        assert line == "ready", f"notification server said {line!r}: {_tail(self.stderr)}"
        self.conn = self.env.connect()
        self.control = dbus.Interface(
            self.conn.get_object(CONTROL_NAME, CONTROL_PATH, introspect=False), CONTROL_IFACE)
        return self

    def invoke_action(self, nid, key):
        """Play the user clicking action `key` on notification `nid` (emits ActionInvoked)."""
        self.control.InvokeAction(dbus.UInt32(nid), key, timeout=5)

    def close(self, nid, reason=2):
        """Close notification `nid` as the server would (emits NotificationClosed; 2 = dismissed)."""
        self.control.Close(dbus.UInt32(nid), dbus.UInt32(reason), timeout=5)

    def set_reply_delay(self, seconds):
        self.control.SetReplyDelay(float(seconds), timeout=5)

    def open_ids(self):
        return [int(i) for i in self.control.OpenNotifications(timeout=5)]

    def ping(self):
        return str(self.control.Ping(timeout=5))

    def stop(self):
        if self.conn is not None:
            self.conn.close()
            self.conn = None
        _terminate(self.proc)


class Recorder:
    """Reads the server's JSON lines. Records are dicts; see notification_server.py for fields."""

    def __init__(self, path):
        self.path = Path(path)

    def records(self):
        try:
            data = self.path.read_bytes()
        except FileNotFoundError:
            return []
        lines = data.split(b"\n")[:-1]  # a line without its newline is still being written
        return [json.loads(line) for line in lines if line.strip()]

    def events(self, event, predicate=None):
        return [r for r in self.records()
                if r["event"] == event and (predicate is None or predicate(r))]

    def notifies(self, predicate=None):
        return self.events("Notify", predicate)

    def closes(self, predicate=None):
        """CloseNotification calls received from clients."""
        return self.events("CloseNotification", predicate)

    def wait_for(self, predicate, timeout, what=None):
        """The first record satisfying predicate(record), waiting at most `timeout` seconds."""
        deadline = time.monotonic() + timeout
        while True:
            for record in self.records():
                if predicate(record):
                    return record
            if time.monotonic() >= deadline:
                pytest.fail(
                    f"timed out after {timeout:.1f} s waiting for {what or 'a matching record'};"
                    f" the notification server recorded:\n{self.dump()}")
            time.sleep(0.02)

    def wait_for_notify(self, summary, timeout):
        return self.wait_for(lambda r: r["event"] == "Notify" and r["summary"] == summary,
                             timeout, what=f"Notify with summary {summary!r}")

    def wait_for_close(self, nid, timeout):
        return self.wait_for(lambda r: r["event"] == "CloseNotification" and r["id"] == nid,
                             timeout, what=f"CloseNotification({nid})")

    def dump(self):
        return "\n".join(json.dumps(r, ensure_ascii=False) for r in self.records()) or "(nothing)"


# --- gymbell -----------------------------------------------------------------------------------

def gymbell_binary():
    path = Path(os.environ.get("GYMBELL_BIN") or REPO / ".build" / "debug" / "gymbell")
    if not (path.is_file() and os.access(path, os.X_OK)):
        pytest.fail(
            f"gymbell binary not found at {path}: build it first (`swift build` in {REPO}) "
            "or point GYMBELL_BIN at one", pytrace=False)
    return path


class Daemon:
    """`gymbell daemon` on the test's bus, its stdout and stderr collected in a log file."""

    def __init__(self, env, binary, request=None):
        self.env = env
        self.binary = binary
        self.request = request
        self.proc = None
        self.owner = None
        self.runs = 0
        self.log = None
        self.conn = env.connect()

    def start(self, timeout=START_TIMEOUT):
        """Start it and wait until it owns io.github.gymbell.Gymbell; returns the start-up time."""
        assert not self.running, "daemon already running"
        self.runs += 1
        self.log = self.env.root / f"daemon-{self.runs}.log"
        if self.request is not None:
            _attach_log(self.request, f"gymbell daemon (run {self.runs}) output", self.log)
        began = time.monotonic()
        with open(self.log, "wb") as out:
            self.proc = subprocess.Popen(
                [str(self.binary), "daemon"], env=self.env.vars, stdout=out,
                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = began + timeout
        while True:
            if self.name_owner():
                self.owner = self.name_owner()
                return time.monotonic() - began
            if self.proc.poll() is not None:
                pytest.fail(f"gymbell daemon exited with {self.proc.returncode} before owning "
                            f"{GYMBELL_NAME}:\n{self.output()}")
            if time.monotonic() >= deadline:
                pytest.fail(f"gymbell daemon did not own {GYMBELL_NAME} within {timeout:.0f} s:\n"
                            f"{self.output()}")
            time.sleep(0.02)

    @property
    def running(self):
        return self.proc is not None and self.proc.poll() is None

    @property
    def pid(self):
        return self.proc.pid

    def name_owner(self):
        """The unique name owning io.github.gymbell.Gymbell, or None."""
        try:
            return str(self.conn.get_name_owner(GYMBELL_NAME))
        except dbus.exceptions.DBusException:
            return None

    def kill(self, sig=signal.SIGTERM, timeout=5.0):
        """Send `sig`, wait for the process to end and its bus name to be released; returns rc."""
        assert self.proc is not None, "daemon was never started"
        if self.proc.poll() is None:
            self.proc.send_signal(sig)
        try:
            rc = self.proc.wait(timeout)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout)
            pytest.fail(f"gymbell daemon did not exit within {timeout:.0f} s of signal {sig!r}:\n"
                        f"{self.output()}")
        wait_until(lambda: self.name_owner() is None, timeout,
                   what=f"{GYMBELL_NAME} to be released after the daemon exited")
        return rc

    def restart(self, sig=signal.SIGTERM):
        if self.running:
            self.kill(sig)
        return self.start()

    def output(self):
        return _tail(self.log) if self.log else ""

    def stop(self):
        if self.proc is not None and self.proc.poll() is None:
            _terminate(self.proc)
        self.conn.close()


def run_cli(env, binary, *args, timeout=CLI_TIMEOUT, input=None):
    try:
        return subprocess.run([str(binary), *map(str, args)], env=env.vars, input=input,
                              capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired as e:
        pytest.fail(f"`gymbell {' '.join(map(str, args))}` did not finish within {timeout:.0f} s;"
                    f" stderr so far: {e.stderr!r}")


def clock_shift_library():
    """tests/support/clockshift.c built once (LD_PRELOAD: a process's wall clock moved by
    $GYMBELL_TEST_CLOCK_SHIFT seconds, its wall-clock timers with it; the monotonic clock stays)."""
    source = REPO / "tests" / "support" / "clockshift.c"
    out_dir = Path(tempfile.gettempdir()) / f"gymbell-test-support-{os.getuid()}"
    out_dir.mkdir(exist_ok=True)
    library = out_dir / f"clockshift-{int(source.stat().st_mtime)}.so"
    if not library.exists():
        partial = out_dir / f"{library.name}.{os.getpid()}"
        subprocess.run(["cc", "-shared", "-fPIC", "-O2", "-o", str(partial), str(source), "-ldl"], check=True)
        partial.rename(library)
    return library


def clock_shifted_to(instant):
    """Environment variables that run a process as if its wall clock read `instant` (epoch seconds) now."""
    return {"LD_PRELOAD": str(clock_shift_library()), "GYMBELL_TEST_CLOCK_SHIFT": str(round(instant - time.time()))}


def state_db(env):
    """The test's state database (the daemon creates it at its first start)."""
    return env.state_home / "gymbell" / "state.sqlite"


def insert_state_rows(env, sessions=(), sets=()):
    """Adds history sessions and logged sets to the state database as the daemon writes them; the
    daemon must be stopped (the tests seed weeks of past training this way)."""
    import sqlite3
    with sqlite3.connect(state_db(env)) as db:
        db.executemany(
            "INSERT INTO session (id, kind, title, started_at, ends_at, detail, workout, outcome, ended_at,"
            " sets_done, last_progress_at, pause_reminders) VALUES (:id, :kind, :title, :started_at, :ends_at,"
            " NULL, :workout, :outcome, :ended_at, :sets_done, :last_progress_at, 0)", sessions)
        db.executemany(
            "INSERT INTO set_log (session_id, workout, exercise, set_number, reps, planned_reps, weight, unit, failed, at)"
            " VALUES (:session_id, :workout, :exercise, :set_number, :reps, :planned_reps, :weight, :unit, :failed, :at)",
            sets)
    db.close()


# --- fixtures ----------------------------------------------------------------------------------

@pytest.fixture
def env(tmp_path, request):
    """Private bus + temporary XDG dirs; env.vars is the environment to run programs with."""
    e = Env(tmp_path)
    try:
        e.start_bus()
        _attach_log(request, "dbus-daemon stderr", e.bus_log)
        yield e
    finally:
        e.stop()


@pytest.fixture
def start_server(env, request):
    """Factory: start_server(*args, name=...) -> a started NotificationServer on env's bus."""
    started = []

    def start(*args, name="notifications"):
        server = NotificationServer(env, name=name, args=args)
        started.append(server)
        _attach_log(request, f"{name} server stderr", server.stderr)
        _attach_log(request, f"{name} server records", server.log)
        return server.start()

    yield start
    for server in reversed(started):
        server.stop()


@pytest.fixture
def server(start_server):
    """The recording notification server with default options."""
    return start_server()


@pytest.fixture
def recorder(server):
    return Recorder(server.log)


@pytest.fixture
def bus(env):
    """The test's own blocking connection to the private bus."""
    conn = env.connect()
    yield conn
    conn.close()


@pytest.fixture
def write_config(env):
    """write_config(text) -> path of $XDG_CONFIG_HOME/gymbell/config.toml."""
    return env.write_config


@pytest.fixture
def gymbell_bin():
    return gymbell_binary()


@pytest.fixture
def cli(gymbell_bin, env):
    """cli(*args) -> CompletedProcess of `gymbell args…` (text, captured, 20 s timeout)."""
    return lambda *args, **kw: run_cli(env, gymbell_bin, *args, **kw)


@pytest.fixture
def daemon(gymbell_bin, env, server, request):
    """A Daemon on the test's bus with the notification server up; call .start() (after writing
    any config)."""
    d = Daemon(env, gymbell_bin, request)
    yield d
    d.stop()


@pytest.fixture
def running_daemon(daemon):
    daemon.start()
    return daemon
