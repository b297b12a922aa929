"""Fixtures for gymbell's packaging tests (install, .deb, D-Bus activation, autostart).

The release build (`swift build -c release --static-swift-stdlib`, minutes on 2 cores) happens once
per run: the session fixture `installed` runs `make install DESTDIR=<tmp>`; later installs use
`make install-files`, and `make deb` finds the build up to date.

Run with Debian's interpreter:   /usr/bin/python3 -m pytest tests/packaging -q   (or make test-packaging)
GYMBELL_SKIP_DEB=1  skips building and checking the .deb (the slow part after the build).
GYMBELL_BIN=…       runs the autostart and activation tests with that binary instead of the installed one.
"""

import os
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

PACKAGING_DIR = Path(__file__).resolve().parent
REPO = PACKAGING_DIR.parent.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
from e2e_harness import harness  # noqa: E402  tests/e2e's world: private bus, recording notification server
from private_bus import bus_config  # noqa: E402  (tests/support)

H = harness()
PREFIX = "/usr/local"
GYMBELL_NAME = "io.github.gymbell.Gymbell"
APP_ID = "io.github.gymbell.Gymbell"


def pytest_configure(config):
    config.addinivalue_line("markers", "deb: builds and checks the .deb (skipped with GYMBELL_SKIP_DEB=1)")
    config.stash[_TIMINGS] = []


_TIMINGS = pytest.StashKey[list]()


def pytest_collection_modifyitems(config, items):
    if os.environ.get("GYMBELL_SKIP_DEB") == "1":
        skip = pytest.mark.skip(reason="GYMBELL_SKIP_DEB=1")
        for item in items:
            if "deb" in item.keywords:
                item.add_marker(skip)


def pytest_terminal_summary(terminalreporter, config):
    timings = config.stash.get(_TIMINGS, [])
    if timings:
        terminalreporter.section("gymbell packaging timings")
        for what, seconds in timings:
            terminalreporter.write_line(f"{what:>40}: {seconds:7.1f} s")


@pytest.fixture(scope="session")
def record_timing(pytestconfig):
    def record(what, seconds):
        pytestconfig.stash[_TIMINGS].append((what, seconds))
    return record


def make(*args, timeout=1800, check=True):
    """`make ARGS` in the repository; output captured, shown when it fails."""
    for _ in range(3):
        proc = subprocess.run(["make", "--no-print-directory", *args], cwd=REPO, capture_output=True,
                              text=True, timeout=timeout)
        # SwiftPM gives up when someone saves a source file mid-build; the next try picks it up.
        if "was modified during the build" not in proc.stdout + proc.stderr:
            break
    if check and proc.returncode != 0:
        pytest.fail(f"make {' '.join(args)} failed ({proc.returncode}):\n{proc.stdout[-6000:]}\n{proc.stderr[-6000:]}",
                    pytrace=False)
    return proc


def files_under(root):
    """Every file and symlink under root, as absolute paths relative to root ("/usr/…")."""
    root = Path(root)
    return sorted("/" + str(p.relative_to(root)) for p in root.rglob("*") if p.is_file() or p.is_symlink())


class Installed:
    """A `make install DESTDIR=…` tree with the default PREFIX."""

    def __init__(self, destdir):
        self.destdir = Path(destdir)

    def path(self, absolute):
        return self.destdir / absolute.lstrip("/")

    @property
    def binary(self):
        return self.path(f"{PREFIX}/bin/gymbell")


@pytest.fixture(scope="session")
def installed(tmp_path_factory, record_timing):
    destdir = tmp_path_factory.mktemp("destdir")
    began = time.monotonic()
    make("install", f"DESTDIR={destdir}")
    record_timing("make install (release build included)", time.monotonic() - began)
    return Installed(destdir)


@pytest.fixture(scope="session")
def gymbell_bin(installed):
    """The binary the autostart and activation tests run: $GYMBELL_BIN, else the installed one."""
    path = Path(os.environ.get("GYMBELL_BIN") or installed.binary)
    assert path.is_file() and os.access(path, os.X_OK), f"no gymbell binary at {path}"
    return path


# --- a private session bus ----------------------------------------------------------------------


class Session:
    """Temporary HOME and XDG dirs, and a private dbus-daemon whose <servicedir> is `services_dir`
    (D-Bus activation looks there and nowhere else). `vars` is the environment to run programs with."""

    def __init__(self, root):
        self.root = Path(root)
        self.sock_dir = Path(tempfile.mkdtemp(prefix="gb-pkg-"))  # AF_UNIX paths are short
        self.services_dir = self.root / "dbus-services"
        self.home = self.root / "home"
        self.config_home = self.root / "config"
        self.config_dirs = self.root / "etc-xdg"
        self.runtime_dir = self.sock_dir / "run"
        for d in (self.services_dir, self.home, self.config_home, self.config_dirs, self.runtime_dir,
                  self.root / "state", self.root / "data", self.root / "cache"):
            d.mkdir(parents=True, exist_ok=True)
        self.runtime_dir.chmod(0o700)
        self.bus_proc = None
        self.bus_log = self.root / "dbus-daemon.log"
        self.address = None
        self.vars = self._environment()

    def _environment(self):
        env = {k: v for k, v in os.environ.items()
               if not k.startswith(("LC_", "XDG_", "DBUS_"))
               and k not in ("DISPLAY", "WAYLAND_DISPLAY", "LANGUAGE", "TZ", "LANG", "HOME")}
        env.update({
            "HOME": str(self.home),
            "XDG_CONFIG_HOME": str(self.config_home),
            "XDG_CONFIG_DIRS": str(self.config_dirs),
            "XDG_STATE_HOME": str(self.root / "state"),
            "XDG_DATA_HOME": str(self.root / "data"),
            "XDG_CACHE_HOME": str(self.root / "cache"),
            "XDG_RUNTIME_DIR": str(self.runtime_dir),
            "TZ": "UTC",
            "LANG": "C.UTF-8",
            "NO_AT_BRIDGE": "1",
        })
        return env

    def start_bus(self):
        conf = self.root / "bus.conf"
        conf.write_text(bus_config(self.sock_dir / "bus", self.services_dir, every_user=False))
        with open(self.bus_log, "wb") as err:
            # The bus gets the session's environment: activated services inherit it.
            self.bus_proc = subprocess.Popen(
                ["dbus-daemon", f"--config-file={conf}", "--nofork", "--print-address"],
                env=self.vars, stdout=subprocess.PIPE, stderr=err, stdin=subprocess.DEVNULL,
                start_new_session=True)
        self.address = H._read_line(self.bus_proc, 10, "dbus-daemon to print its address").strip()
        self.vars["DBUS_SESSION_BUS_ADDRESS"] = self.address
        return self

    def run(self, *args, timeout=30):
        try:
            return subprocess.run([str(a) for a in args], env=self.vars, capture_output=True, text=True,
                                  timeout=timeout, stdin=subprocess.DEVNULL)
        except subprocess.TimeoutExpired as e:
            pytest.fail(f"{args} did not finish within {timeout} s; stderr so far: {e.stderr!r}")

    def name_owner_pid(self, name=GYMBELL_NAME):
        """The PID of the process owning `name` on this bus, or None."""
        proc = self.run("dbus-send", "--session", "--print-reply=literal", "--dest=org.freedesktop.DBus",
                        "/org/freedesktop/DBus", "org.freedesktop.DBus.GetConnectionUnixProcessID",
                        f"string:{name}", timeout=10)
        if proc.returncode != 0:
            return None
        return int(proc.stdout.split()[-1])

    def bus_log_text(self):
        try:
            text = self.bus_log.read_text(errors="replace")
        except OSError:
            return ""
        return "".join(l for l in text.splitlines(True) if "Failed to set fd limit" not in l)

    def processes(self):
        """PIDs of the processes started in this session (found by its XDG_RUNTIME_DIR in their
        environment), apart from the bus. D-Bus activation double-forks, so they are not the bus's children."""
        marker = f"XDG_RUNTIME_DIR={self.runtime_dir}".encode()
        found = []
        for entry in Path("/proc").iterdir():
            if entry.name.isdigit() and (self.bus_proc is None or int(entry.name) != self.bus_proc.pid):
                try:
                    if marker in (entry / "environ").read_bytes().split(b"\0"):
                        found.append(int(entry.name))
                except OSError:
                    pass  # gone, or not ours to read
        return found

    def stop(self):
        """Stops everything started in this session, then the bus."""
        for pid in self.processes():
            terminate_pid(pid)
        terminate(self.bus_proc)
        shutil.rmtree(self.sock_dir, ignore_errors=True)


def terminate_pid(pid, timeout=5.0):
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if not Path(f"/proc/{pid}").exists() or _is_zombie(pid):
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def _is_zombie(pid):
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] == "Z"
    except OSError:
        return True


# Stopping a process, reading a line a process prints, waiting for a condition: the e2e harness's.
terminate = H._terminate
wait_until = H.wait_until


@pytest.fixture
def session(tmp_path):
    """Temporary XDG dirs and HOME; call .start_bus() for the private bus. Everything is stopped after."""
    s = Session(tmp_path)
    try:
        yield s
    finally:
        s.stop()
