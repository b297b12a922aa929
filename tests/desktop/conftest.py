"""Fixtures for gymbell's desktop tests: the real dunst under Xvfb, seen and used as a person would.

From the end-to-end harness (tests/e2e/conftest.py, reused, not copied): `env` (private dbus-daemon,
temporary XDG dirs and HOME, TZ=UTC, LANG=C.UTF-8), `gymbell_bin`, `cli`, `write_config`, and its
reporting hooks (logs attached to a failing test's report). Here:

  desktop   Xvfb on a free display (env.vars gets its DISPLAY), dunst on the private bus with the test
            dunstrc (desktop_support.DUNSTRC); .dunst, .display, .screenshot(name) -> artifact path
  gymbell   the real `gymbell daemon` (harness Daemon) on that bus and display; call .start()
  every test is bounded in time (TIME_LIMIT, or @pytest.mark.time_limit(seconds)), and afterwards
  every process it started is checked to be gone.

Run:  /usr/bin/python3 -m pytest tests/desktop -q      (or `make check-desktop`)
"""


import pytest

from desktop_support import H, Dunst, Xvfb, bounded, leftovers, screenshot

TIME_LIMIT = 60.0

# From the e2e harness: fixtures…
env = H.env
gymbell_bin = H.gymbell_bin
cli = H.cli
write_config = H.write_config
# …and hooks: logs on failure.
pytest_runtest_makereport = H.pytest_runtest_makereport

_SHOTS = pytest.StashKey[list]()


def pytest_configure(config):
    H.pytest_configure(config)
    config.addinivalue_line("markers", "time_limit(seconds): this test's bound (default 60 s)")
    config.stash[_SHOTS] = []


def pytest_terminal_summary(terminalreporter, config):
    H.pytest_terminal_summary(terminalreporter, config)
    shots = config.stash.get(_SHOTS, [])
    if shots:
        terminalreporter.section("gymbell desktop screenshots")
        for nodeid, path in shots:
            terminalreporter.write_line(f"{path}  ({nodeid})")


@pytest.fixture(autouse=True)
def time_limit(request):
    """Each test is bounded: TIME_LIMIT, or @pytest.mark.time_limit(seconds)."""
    with bounded(request, TIME_LIMIT):
        yield


class Desktop:
    def __init__(self, env, root, request):
        self.env = env
        self.root = root
        self.request = request
        self.artifacts = root / "artifacts"
        self.artifacts.mkdir(exist_ok=True)
        self.xvfb = Xvfb(root)
        self.dunst = None
        self.groups = []  # process groups started here, to check they are gone afterwards

    @property
    def display(self):
        return self.xvfb.display

    def start(self):
        H._attach_log(self.request, "Xvfb output", self.xvfb.log)
        self.xvfb.start()
        self.groups.append(self.xvfb.proc.pid)
        # Everything the test runs from now on (gymbell daemon and CLI included) sees this display.
        self.env.vars["DISPLAY"] = self.display
        self.dunst = Dunst(self.env, self.display, self.root)
        H._attach_log(self.request, "dunst output", self.dunst.log)
        H._attach_log(self.request, "dunst: notifications taken in", self.dunst.shown_log)
        H._attach_log(self.request, "scripted dmenu runs", self.root / "dmenu.jsonl")
        self.dunst.start()
        self.groups.append(self.dunst.proc.pid)
        return self

    def screenshot(self, name):
        """The whole screen, saved as artifacts/<name>.png under the test's tmp dir; path printed."""
        path = screenshot(self.display, self.artifacts / f"{name}.png")
        print(f"screenshot: {path}")
        self.request.config.stash[_SHOTS].append((self.request.node.nodeid, str(path)))
        return path

    def stop(self):
        if self.dunst is not None:
            self.dunst.stop()
        self.xvfb.stop()


@pytest.fixture
def desktop(env, tmp_path, request):
    d = Desktop(env, tmp_path, request)
    try:
        yield d.start()
    finally:
        d.stop()
    left = leftovers(d.groups)
    assert not left, f"processes left running: {left}"


@pytest.fixture
def gymbell(gymbell_bin, env, desktop, request):
    """The real `gymbell daemon` on the test's bus and display (after dunst); call .start()."""
    d = H.Daemon(env, gymbell_bin, request)
    try:
        yield d
    finally:
        d.stop()
    if d.proc is not None:
        assert d.proc.poll() is not None, "gymbell daemon still running"
        left = leftovers([d.proc.pid])
        assert not left, f"processes of the daemon's group still running: {left}"
