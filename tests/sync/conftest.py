"""Fixtures for gymbell's sync suite (issue 48): two computers, each a gymbell world of the end-to-end
harness (tests/e2e/conftest.py, reused through tests/support/e2e_harness.py: its own private bus,
XDG home and recording notification server, the real daemon and CLI), and between them two real
Syncthing instances on 127.0.0.1 (tests/support/syncthing_pair.py) sharing one folder, `gymbell`,
whose path on each side is that side's `[sync] folder`.

Run:  /usr/bin/python3 -m pytest tests/sync -q -p no:cacheprovider      (or `make test-sync`,
      `scripts/test.sh sync`; needs Debian's syncthing, which scripts/install-deps.sh installs)
"""

import json
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
from e2e_harness import harness  # noqa: E402  (tests/support)
import syncthing_pair  # noqa: E402  (tests/support)

H = harness()

# The harness's fixtures a test may also want, and its reporting hooks (logs on failure, timings).
gymbell_bin = H.gymbell_bin
record_timing = H.record_timing
pytest_configure = H.pytest_configure
pytest_runtest_makereport = H.pytest_runtest_makereport
pytest_terminal_summary = H.pytest_terminal_summary


class Daemon(H.Daemon):
    """The harness's daemon, its output attached to a failing test's report under the computer's name."""

    def __init__(self, name, env, binary, request):
        super().__init__(env, binary, None)
        self.name = name
        self.report_to = request

    def start(self, timeout=H.START_TIMEOUT):
        H._attach_log(self.report_to, f"{self.name}: gymbell daemon (run {self.runs + 1}) output",
                      self.env.root / f"daemon-{self.runs + 1}.log")
        return super().start(timeout)


class Computer:
    """One computer: its bus, XDG home, notification server, daemon and the Syncthing folder it syncs."""

    def __init__(self, name, root, folder, binary, request):
        self.name = name
        self.folder = Path(folder)
        self.binary = binary
        self.env = H.Env(root)
        self.env.start_bus()
        H._attach_log(request, f"{name}: dbus-daemon stderr", self.env.bus_log)
        self.server = H.NotificationServer(self.env, name="notifications")
        H._attach_log(request, f"{name}: notification server records", self.server.log)
        self.server.start()
        self.recorder = H.Recorder(self.server.log)
        self.daemon = Daemon(name, self.env, binary, request)

    def write_config(self, text):
        """config.toml: `[sync] folder = <this side's Syncthing folder>`, then `text`."""
        return self.env.write_config(f'[sync]\nfolder = "{self.folder}"\n\n{text}')

    def cli(self, *args, **kw):
        return H.run_cli(self.env, self.binary, *args, **kw)

    def ok(self, *args):
        r = self.cli(*args)
        assert r.returncode == 0, f"{self.name}: gymbell {' '.join(map(str, args))}: rc={r.returncode}\n{r.stdout}{r.stderr}"
        return r.stdout

    def json(self, *args):
        return json.loads(self.ok(*args, "--json"))

    def history(self, days=7):
        return self.json("history", "--days", days)

    def sets(self, days=7):
        return self.json("history", "--sets", "--days", days)

    @property
    def device_file(self):
        return self.env.state_home / "gymbell" / "device-id"

    @property
    def device(self):
        return self.device_file.read_text().strip()

    @property
    def journal(self):
        """This computer's own journal in the synced folder."""
        return self.folder / f"gymbell-{self.device}.jsonl"

    def stop(self):
        self.daemon.stop()
        self.server.stop()
        self.env.stop()


class Computers:
    """`a` and `b`, and the Syncthing pair between their folders (connected, in sync, empty)."""

    def __init__(self, root, binary, request):
        self.root = Path(root)
        self.binary = binary
        self.request = request
        self.a = self.b = self.syncthing = None

    def start(self):
        folders = {"a": self.root / "a" / "Sync" / "gymbell", "b": self.root / "b" / "Sync" / "gymbell"}
        self.syncthing = syncthing_pair.SyncthingPair(self.root / "syncthing", folders)
        for side in ("a", "b"):
            H._attach_log(self.request, f"syncthing {side} log", self.syncthing[side].log)
        self.syncthing.start()
        self.syncthing.wait_connected()
        self.a = Computer("a", self.root / "a", folders["a"], self.binary, self.request)
        self.b = Computer("b", self.root / "b", folders["b"], self.binary, self.request)
        return self

    @property
    def both(self):
        return (self.a, self.b)

    def stop(self):
        try:
            for computer in (self.a, self.b):
                if computer is not None:
                    computer.stop()
        finally:
            if self.syncthing is not None:
                self.syncthing.stop()


@pytest.fixture
def computers(tmp_path, gymbell_bin, request):
    """Two computers `a` and `b` (daemons not started: write each one's config, then
    `.daemon.start()`), their Syncthing folders connected and in sync."""
    if not syncthing_pair.available():
        pytest.skip("syncthing is not installed (scripts/install-deps.sh installs it)")
    world = Computers(tmp_path, gymbell_bin, request)
    try:
        yield world.start()
    finally:
        world.stop()


@pytest.fixture
def syncthing(tmp_path):
    """The Syncthing pair alone (no gymbell), folders `tmp_path/a` and `tmp_path/b`, started."""
    if not syncthing_pair.available():
        pytest.skip("syncthing is not installed (scripts/install-deps.sh installs it)")
    pair = syncthing_pair.SyncthingPair(tmp_path / "syncthing", {"a": tmp_path / "a", "b": tmp_path / "b"})
    try:
        yield pair.start()
    finally:
        pair.stop()
