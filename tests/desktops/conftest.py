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
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from desktop_support import ARTIFACTS, H, bounded  # noqa: E402

TIME_LIMIT = 240.0

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


def pytest_configure(config):
    H.pytest_configure(config)
    config.addinivalue_line("markers", "time_limit(seconds): this test's bound (default 240 s)")
    config.addinivalue_line("markers", "gnome_lock_and_session: GNOME with GDM's version (its lock screen) and gnome-session (test_attention)")
    config.addinivalue_line("markers", "mako_example_only: mako's config is mako(5)'s do-not-disturb example alone (test_attention)")


def pytest_terminal_summary(terminalreporter, config):
    H.pytest_terminal_summary(terminalreporter, config)
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