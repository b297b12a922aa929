"""gymbell in GNOME Shell's overview (issue 29), headless GNOME Shell 43 on Wayland: the desktop entry
and the icon installed in a share folder on XDG_DATA_DIRS, as `make install` puts them; the overview
opened with the Super key, "gymbell" typed into its search (Mutter's RemoteDesktop keyboard), the
result found by OCR and clicked with the RemoteDesktop pointer; the window read on a Shell screenshot.
  - with a config and the daemon running: Today;
  - with no config and no daemon (a first run): the welcome;
  - the Shell ties the window to the entry (StartupWMClass = the window's Wayland app id
    io.github.gymbell.Gymbell.Window): the top bar's app menu names it, and in the overview the
    running application shows in the dash with gymbell's own bell icon, not the generic icon of a
    window the Shell could not match to an entry.

Run: /usr/bin/python3 -m pytest tests/desktops/test_gnome_app_grid.py -q -p no:cacheprovider
"""

import shutil
import tempfile
import time
from pathlib import Path

import pytest

import screen
from desktop_support import H, REPO
from test_matrix import BELL, PUSH, _missing, today

pytestmark = pytest.mark.skipif(bool(_missing("gnome")), reason=f"not installed: {_missing('gnome')}")

KEY = {"super": 125, "enter": 28, "f11": 87, **{c: code for c, code in zip("gymbel", (34, 21, 50, 48, 18, 38))}}
#: below the top bar, where the Shell places the new window
WINDOW_AREA = (0, 40, 1280, 800)
#: the top bar's left half: "Activities" and the app menu
APP_MENU = (0, 0, 560, 32)
#: the overview's dash, where a running application shows with its icon
DASH = (0, 680, 1280, 800)


@pytest.fixture
def gnome(env, gymbell_bin, artifacts, request):
    from server_gnome import GnomeServer
    window = Path(gymbell_bin).parent / "gymbell-window"
    if not window.is_file():
        pytest.fail(f"no gymbell-window beside {gymbell_bin}: build it (`swift build`)", pytrace=False)
    share = Path(tempfile.mkdtemp(prefix="gb-share-"))
    share.chmod(0o755)
    shutil.copytree(REPO / "data" / "icons", share / "icons")
    (share / "applications").mkdir()
    entry = (REPO / "data" / "io.github.gymbell.Gymbell.desktop").read_text()
    (share / "applications" / "io.github.gymbell.Gymbell.desktop").write_text(
        entry.replace("@bindir@", str(Path(gymbell_bin).parent)))
    env.vars["XDG_DATA_DIRS"] = f"{share}:/usr/local/share:/usr/share"
    env.vars["GSK_RENDERER"] = "cairo"  # what the Shell starts inherits it: no llvmpipe GL for the window
    server = GnomeServer(env, artifacts / "server")
    daemon = H.Daemon(env, gymbell_bin, request)
    try:
        server.start()
        yield server, daemon
    finally:
        daemon.stop()
        server.stop()
        shutil.rmtree(share, ignore_errors=True)


def key(server, name):
    import dbus
    server.rd_session.NotifyKeyboardKeycode(dbus.UInt32(KEY[name]), True)
    server.rd_session.NotifyKeyboardKeycode(dbus.UInt32(KEY[name]), False)
    time.sleep(0.08)


def shot(server, artifacts, label, n=[0]):
    n[0] += 1
    return server.screenshot(artifacts / f"{n[0]:02d}-{label}.png")


def open_from_the_overview(server, artifacts):
    """Super, "gymbell", then a pointer click on the result: returns when it was clicked."""
    key(server, "super")
    deadline = time.monotonic() + 10
    while not server.overview_active():
        assert time.monotonic() < deadline, "the overview did not open"
        time.sleep(0.1)
    time.sleep(0.5)
    for c in "gymbell":
        key(server, c)
    deadline = time.monotonic() + 15
    while True:
        png = shot(server, artifacts, "search")
        # the result's label under its icon; the search entry (top centre) says "gymbell" too
        found = screen.find(png, "gymbell", (0, 150, 1280, 800))
        if found:
            break
        assert time.monotonic() < deadline, f"no gymbell among the search results ({png}): {screen.text(png)!r}"
        time.sleep(0.3)
    assert screen.colour_pixels(png, (0, 150, 1280, 800), BELL) >= 30, f"the result shows gymbell's icon ({png})"
    server.click(found[0], found[1] - 40)  # the icon above the label
    return time.monotonic()


def wait_for_window(server, artifacts, phrase, began):
    deadline = began + 25
    while True:
        png = shot(server, artifacts, "window")
        if screen.contains(png, phrase, WINDOW_AREA):
            return png, time.monotonic() - began
        assert time.monotonic() < deadline, \
            f"{phrase!r} not on screen 25 s after the click ({png}): {screen.text(png, WINDOW_AREA)!r}"
        time.sleep(0.3)


def test_the_entry_is_found_in_the_overview_and_opens_today(gnome, env, artifacts):
    server, daemon = gnome
    env.write_config(f'[program]\n{today()} = "push"\n' + PUSH)
    daemon.start()
    began = open_from_the_overview(server, artifacts)
    png, seconds = wait_for_window(server, artifacts, "Next workout reminder", began)
    print(f"gnome: click in the overview → Today on screen in {seconds:.2f} s")
    assert screen.contains(png, "Push Day", WINDOW_AREA), png
    # The Shell matched the window to the entry: the app menu names it, the dash shows its bell.
    assert screen.contains(png, "Activities gymbell", APP_MENU, scale=3), \
        f"the top bar names the app: {screen.text(png, APP_MENU, scale=3)!r} ({png})"
    assert screen.colour_pixels(png, DASH, BELL) < 30, f"no gymbell in the dash before the overview ({png})"
    key(server, "super")
    deadline = time.monotonic() + 10
    while not server.overview_active():
        assert time.monotonic() < deadline, "the overview did not open"
        time.sleep(0.1)
    time.sleep(1.0)
    png = shot(server, artifacts, "dash")
    assert screen.colour_pixels(png, DASH, BELL) >= 30, f"the dash shows the running gymbell with its icon ({png})"


def test_a_first_run_from_the_overview_opens_the_welcome(gnome, env, artifacts):
    server, daemon = gnome
    config = Path(env.vars["XDG_CONFIG_HOME"]) / "gymbell" / "config.toml"
    if config.exists():
        config.unlink()
    began = open_from_the_overview(server, artifacts)
    png, seconds = wait_for_window(server, artifacts, "Welcome to gymbell", began)
    print(f"gnome: first run, click in the overview → welcome on screen in {seconds:.2f} s")
    assert not config.exists(), "the welcome writes nothing before Finish"


def test_f11_puts_the_live_screen_full_screen_and_back(gnome, env, artifacts, gymbell_bin):
    """The window in GNOME Shell's frame (issue 46): a rest started from the CLI shows on the live
    screen; F11 (the mat's Full screen) makes it fill the screen — the Shell's top bar gone, the
    countdown still there — and F11 again gives the window and the top bar back."""
    import subprocess
    server, daemon = gnome
    env.write_config(f'[program]\n{today()} = "push"\n' + PUSH)
    daemon.start()
    began = open_from_the_overview(server, artifacts)
    wait_for_window(server, artifacts, "Next workout reminder", began)
    r = subprocess.run([str(gymbell_bin), "rest", "300"], env=env.vars, capture_output=True, text=True, timeout=20)
    assert r.returncode == 0, r.stderr
    png, _ = wait_for_window(server, artifacts, "Skip rest", time.monotonic())
    assert screen.contains(png, "Activities", APP_MENU, scale=3), f"the top bar before F11 ({png})"
    key(server, "f11")
    deadline = time.monotonic() + 10
    while True:
        png = shot(server, artifacts, "fullscreen")
        if not screen.contains(png, "Activities", APP_MENU, scale=3) and screen.contains(png, "Leave full screen", (0, 0, 1280, 800)):
            break
        assert time.monotonic() < deadline, f"full screen 10 s after F11 ({png}): {screen.text(png, APP_MENU, scale=3)!r}"
        time.sleep(0.3)
    assert screen.contains(png, "Skip rest", (0, 0, 1280, 800)), png
    x, y = screen.find(png, "Leave full screen", (0, 0, 1280, 800))
    server.click(x, y)
    deadline = time.monotonic() + 10
    while True:
        png = shot(server, artifacts, "windowed")
        if screen.contains(png, "Activities", APP_MENU, scale=3):
            break
        assert time.monotonic() < deadline, f"the window back 10 s after F11 again ({png})"
        time.sleep(0.3)
