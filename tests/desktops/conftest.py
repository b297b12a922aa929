"""Fixtures for the real-desktop matrix (tests/desktops/README.md).

From the end-to-end harness (tests/e2e/conftest.py, loaded once by desktop_support.py):
`env` (private bus, temporary XDG dirs), `gymbell_bin`, and its hooks that attach logs to a failing
test. Here: `desktop`, one real notification server brought up for the test with a PulseAudio null
sink for gymbell's sound, and a bound on every test's time.

Screenshots of every test are written under $GYMBELL_ARTIFACTS (default: artifacts/desktops/ in the
checkout); those of passing tests are removed, so what stays is what failed.
"""

import shutil
import sys
from collections import defaultdict
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from desktop_support import ARTIFACTS, H, bounded  # noqa: E402

TIME_LIMIT = 240.0

#: Two streams of desktops that scripts/test.sh runs side by side (issue 32: `make test` within 45
#: minutes on two cores). Each stream brings up one desktop at a time, in this order. The desktops
#: that paint with the CPU the most — GNOME Shell, Plasma, and Cinnamon and Budgie with GLX on
#: llvmpipe — never run at the same time as GNOME: it goes first in a (beside the niced release build
#: for packaging), while b runs its light servers (mako and swaync on headless sway, MATE's daemon,
#: ~400 s); Plasma goes last. Side by side, Plasma beside GNOME once painted a "Rest over" update later
#: than 250 ms after its instant, and Cinnamon beside GNOME and the release build drew the daily
#: reminder so late that it had hidden it into its applet (after 4 s) before the click (2026-11-28).
#: Balanced by a serial run's times (2026-11-28, 1 758 s in all): a 857 s, b 900 s. A bare KWin on
#: Wayland (test_wayland_away's, ~20 s, idle but for its first frames) runs in b after mako, beside GNOME.
#: Plasma on Wayland (2026-12-03: its matrix 294-338 s on one shared server, its test_attention and
#: test_reminder_window 70-90 s) went to a, the stream with less time, last: after GNOME, never beside it.
#: The fresh-clone run of 2026-12-03 (the summary's seconds per desktop): a 1 910 s, b 1 709 s; dunst (287 s)
#: and MATE (216 s) changed streams, which makes them ~1 840 / ~1 780 s; b's light servers before Cinnamon
#: (mako, the bare KWin, swaync, dunst: ~880 s) still outlast GNOME (463 s).
STREAMS = {
    "a": ("gnome", "xfce", "notification-daemon", "lxqt", "mate", "tools", "plasma-wayland"),
    "b": ("mako", "kwin-wayland", "swaync", "dunst", "cinnamon", "budgie", "plasma"),
}
#: the desktop of the tests whose file is about one (no server parameter)
FILE_DESKTOPS = {
    "test_gnome_smoke.py": "gnome", "test_gnome_mpris.py": "gnome", "test_gnome_app_grid.py": "gnome",
    "test_gnome_attention.py": "gnome", "test_plasma_smoke.py": "plasma", "test_plasma_mpris.py": "plasma",
    "test_mako_smoke.py": "mako", "test_dunst_controls.py": "dunst", "test_tools_smoke.py": "tools",
}

env = H.env
gymbell_bin = H.gymbell_bin
_FAILED = pytest.StashKey[bool]()


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    """The harness's: a failing test's report gets the logs it attached (daemon, servers); and
    the test's artefacts are kept."""
    outcome = yield
    report = outcome.get_result()
    if report.failed:
        item.stash[_FAILED] = True
        for title, path in item.stash.get(H._LOGS, []):
            text = H._tail(path)
            if text:
                report.sections.append((title, text))


def pytest_addoption(parser):
    parser.addoption("--desktop-stream", choices=sorted(STREAMS), default=None,
                     help="run only the tests of this stream's desktops (scripts/test.sh runs the streams side by side)")


def desktop_of(item):
    """The desktop a test brings up: its server parameter (the matrix's stage, test_attention's and
    test_reminder_window's desktop, test_x11_smoke's server class), else what its file is about."""
    params = getattr(getattr(item, "callspec", None), "params", {})
    for key in ("stage", "desktop"):
        if isinstance(params.get(key), str):
            return params[key]
    if "server_class" in params:
        return params["server_class"].name
    return FILE_DESKTOPS.get(Path(str(item.fspath)).name, Path(str(item.fspath)).stem)


@pytest.hookimpl(trylast=True)  # after pytest has grouped the tests by their module-scoped servers
def pytest_collection_modifyitems(config, items):
    """With --desktop-stream: the tests of the other streams' desktops are deselected, and the
    stream's run desktop by desktop in its order (a desktop's tests keep theirs, so a shared server is
    brought up once). Every desktop is in exactly one stream (a test of a desktop named in none runs
    in the first, after the others)."""
    for item in items:
        _DESKTOP_OF[item.nodeid] = desktop_of(item)
    stream = config.getoption("--desktop-stream")
    if not stream:
        return
    first = sorted(STREAMS)[0]

    def stream_of(item):
        name = desktop_of(item)
        return next((s for s, names in STREAMS.items() if name in names), first)

    def rank(item):
        names = STREAMS[stream]
        name = desktop_of(item)
        return names.index(name) if name in names else len(names)

    kept = sorted((i for i in items if stream_of(i) == stream), key=rank)
    deselected = [i for i in items if stream_of(i) != stream]
    if deselected:
        config.hook.pytest_deselected(items=deselected)
    items[:] = kept


#: each test's desktop, and the seconds its tests took (setup, call, teardown: a shared server's start
#: and stop are in its first and last test's)
_DESKTOP_OF: dict[str, str] = {}
_SECONDS: dict[str, float] = defaultdict(float)


def pytest_runtest_logreport(report):
    _SECONDS[_DESKTOP_OF.get(report.nodeid, "?")] += report.duration


def pytest_configure(config):
    H.pytest_configure(config)
    config.addinivalue_line("markers", "time_limit(seconds): this test's bound (default 240 s)")
    config.addinivalue_line("markers", "gnome_lock_and_session: GNOME with GDM's version (its lock screen) and gnome-session (test_attention)")
    config.addinivalue_line("markers", "mako_example_only: mako's config is mako(5)'s do-not-disturb example alone (test_attention)")


def pytest_terminal_summary(terminalreporter, config):
    H.pytest_terminal_summary(terminalreporter, config)
    if _SECONDS:
        # What STREAMS is balanced by: each desktop's time in this run, in its stream's order.
        order = [n for names in STREAMS.values() for n in names]
        terminalreporter.section("gymbell desktops: seconds per desktop (STREAMS' balance)")
        for name in sorted(_SECONDS, key=lambda n: order.index(n) if n in order else len(order)):
            terminalreporter.write_line(f"{name:>20}: {_SECONDS[name]:7.1f} s")
        terminalreporter.write_line(f"{'in all':>20}: {sum(_SECONDS.values()):7.1f} s")
    if ARTIFACTS.exists() and any(ARTIFACTS.iterdir()):
        terminalreporter.section("gymbell desktop artefacts (screenshots of failed tests)")
        for d in sorted(p for p in ARTIFACTS.iterdir() if p.is_dir()):
            terminalreporter.write_line(str(d))


@pytest.fixture
def artifacts(request):
    """A folder for this test's screenshots and recordings; kept only when the test fails."""
    name = request.node.name.replace("/", "_").replace("[", "-").replace("]", "")
    folder = ARTIFACTS / name
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    yield folder
    if not request.node.stash.get(_FAILED, False):
        shutil.rmtree(folder, ignore_errors=True)
        try:
            ARTIFACTS.rmdir()
        except OSError:
            pass


@pytest.fixture(autouse=True)
def time_limit(request):
    """Each test is bounded: TIME_LIMIT, or @pytest.mark.time_limit(seconds)."""
    with bounded(request, TIME_LIMIT):
        yield