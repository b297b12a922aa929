"""Plasma 5.27 drives a strength workout through its own media controls (issue 35): the tray's media
controller popup, a middle click on its tray icon and the play/pause media key send Play or Pause
(`togglePlaying()`), never PlayPause; the lock screen sends PlayPause. The real plasmashell on Xvfb on
a private bus, the real daemon, real pointer clicks and key presses (xdotool), the screen read back
with OCR, the sets with `gymbell history`.

    /usr/bin/python3 -m pytest tests/desktops/test_plasma_mpris.py -q -s
"""

import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
from workout_config import push_workout  # noqa: E402  (tests/support, on sys.path through the conftest)

NEEDED = ("plasmashell", "kwin_x11", "ksmserver", "Xvfb", "xdotool", "import", "tesseract", "convert", "playerctl")
missing = [tool for tool in NEEDED if shutil.which(tool) is None]
pytestmark = pytest.mark.skipif(bool(missing), reason=f"not installed: {', '.join(missing)}")

if not missing:
    import screen  # noqa: E402
    import server_plasma  # noqa: E402  (imports the e2e harness, which needs python3-dbus)
    from server_plasma import PANEL_H, SCREEN_H, SCREEN_W  # noqa: E402

PUSH = push_workout(sets=4, rest=90)
PANEL_TOP = SCREEN_H - PANEL_H if not missing else 0
#: the tray's popups open above the panel at the right; the lock screen's media controls sit below
#: its password field, in the middle
RIGHT_HALF = (SCREEN_W // 2, 0, SCREEN_W, PANEL_TOP) if not missing else None
LOCK_SCREEN_MIDDLE = (SCREEN_W // 2 - 300, SCREEN_H // 2 - 100, SCREEN_W // 2 + 300, SCREEN_H // 2 + 200) if not missing else None
#: the colour of a Breeze popup's background
POPUP_GREY = (239, 240, 241)


@pytest.fixture
def world(tmp_path):
    H = server_plasma.DS.H
    env = H.Env(tmp_path / "world")
    server = server_plasma.PlasmaServer(env, tmp_path / "artifacts")
    daemon = None
    try:
        env.start_bus()
        server.start()
        env.write_config(PUSH)
        daemon = H.Daemon(env, H.gymbell_binary())
        daemon.start()
        yield env, server, H
    finally:
        if daemon is not None:
            daemon.stop()
        server.stop()
        env.stop()


class Workout:
    """The CLI's view of the running workout."""

    def __init__(self, env, H):
        self.env, self.H = env, H

    def cli(self, *args):
        r = self.H.run_cli(self.env, self.H.gymbell_binary(), *args)
        assert r.returncode == 0, (args, r.stderr)
        return r.stdout

    def phase(self):
        session = json.loads(self.cli("status", "--json"))["session"]
        return session["phase"] if session else None

    def sets(self):
        return len(json.loads(self.cli("history", "--sets", "--json")))

    def wait_phase(self, starts, what, timeout=10):
        self.H.wait_until(lambda: (self.phase() or "").startswith(starts), timeout, what=what)

    def player_up(self):
        r = subprocess.run(["playerctl", "-l"], env=self.env.vars, capture_output=True, text=True, timeout=10)
        return "gymbell" in r.stdout.split()


def pixels(png):
    from PIL import Image
    return Image.open(png).convert("RGB")


def new_tray_icon(before, after):
    """Centre of the leftmost part of the panel that changed: the tray grows to the left when an
    icon appears (the clock, at the right, may have ticked too)."""
    a, b = pixels(before), pixels(after)
    columns = [x for x in range(SCREEN_W // 2, SCREEN_W)
               if any(a.getpixel((x, y)) != b.getpixel((x, y)) for y in range(PANEL_TOP + 4, SCREEN_H - 4))]
    assert columns, "no tray icon appeared"
    run = [columns[0]]
    for x in columns[1:]:
        if x - run[-1] > 3:
            break
        run.append(x)
    return (run[0] + run[-1]) // 2, PANEL_TOP + PANEL_H // 2


def settled_popup_button(server, png, path, timeout=5.0):
    """The popup's play/pause button, from `png` or, while the popup is still sliding in (its text is
    read before its background is whole when Plasma paints under load: a fresh clone's run saw a grey
    run of 71 px), from screenshots taken until it has settled."""
    deadline = time.monotonic() + timeout
    n = 0
    while True:
        try:
            return popup_play_button(png)
        except AssertionError:
            if time.monotonic() > deadline:
                raise
        time.sleep(0.3)
        n += 1
        png = server.screenshot(path.with_name(f"{path.stem}-settled-{n}.png"))


def popup_play_button(png):
    """The media controller popup's play/pause button: the popup is the widest run of its grey in a
    row just above its controls; the button is in the middle of the popup, the dark glyph in its last
    80 px."""
    image = pixels(png)
    y = PANEL_TOP - 60
    grey = [all(abs(c - v) <= 6 for c, v in zip(image.getpixel((x, y)), POPUP_GREY)) for x in range(SCREEN_W)]
    best, start = (0, 0), None
    for x, on in enumerate(grey + [False]):
        if on and start is None:
            start = x
        elif not on and start is not None:
            best = max(best, (start, x), key=lambda r: r[1] - r[0])
            start = None
    assert best[1] - best[0] > 200, f"no popup above the panel (widest grey run {best})"
    cx = (best[0] + best[1]) // 2
    dark = [yy for yy in range(PANEL_TOP - 80, PANEL_TOP) for xx in range(cx - 10, cx + 11) if sum(image.getpixel((xx, yy))) < 200]
    assert dark, "no button in the middle of the popup's controls"
    return cx, (min(dark) + max(dark)) // 2


def lock_screen_play_button(png, title_box):
    """The lock screen's play/pause button: the rightmost bright glyph on the media controls' title
    row (the title's own letters are left of it, the row is about 16 grid units wide)."""
    image = pixels(png)
    x0, y0, x1, y1 = title_box
    bright = [(x, y) for x in range(x0, min(SCREEN_W, x0 + 340)) for y in range(y0 - 12, y1 + 24)
              if min(image.getpixel((x, y))) > 235]
    assert bright, "nothing bright on the lock screen's title row"
    columns = sorted({x for x, _ in bright})
    glyph = [columns[-1]]
    for x in reversed(columns[:-1]):
        if glyph[-1] - x > 4:
            break
        glyph.append(x)
    ys = [y for x, y in bright if glyph[-1] <= x <= glyph[0]]
    return (glyph[0] + glyph[-1]) // 2, (min(ys) + max(ys)) // 2


def settled_play_button(server, png, title, tmp_path, tries=8):
    """The play button where it stays: under load the lock screen may still be fading in (or laying the
    media controls out) when OCR first reads the title, and the brightest glyph is then not yet the
    button. Read again 0.4 s apart until two reads agree."""
    where = lock_screen_play_button(png, title)
    for n in range(tries):
        time.sleep(0.4)
        again_png = server.screenshot(tmp_path / f"lock-button-{n}.png")
        again_title = screen.find_box(again_png, "Bench Press", LOCK_SCREEN_MIDDLE)
        if again_title is None:
            server.reveal_lock_screen()
            continue
        again = lock_screen_play_button(again_png, again_title)
        if abs(again[0] - where[0]) <= 3 and abs(again[1] - where[1]) <= 3:
            return again
        where = again
    return where


def wait_read(server, phrase, box, path, timeout=15.0, before=None):
    """Screenshots until OCR reads `phrase` in `box`; returns (picture, box of the phrase)."""
    deadline = time.monotonic() + timeout
    n = 0
    while True:
        if before:
            before()
        n += 1
        png = server.screenshot(path.with_name(f"{path.stem}-{n}.png"))
        found = screen.find_box(png, phrase, box)
        if found:
            return png, found
        if time.monotonic() > deadline:
            pytest.fail(f"{phrase!r} not read on the screen within {timeout:.0f} s ({png}); read: {screen.text(png, box)!r}")
        time.sleep(0.3)


def test_plasma_tray_popup_and_middle_click_drive_a_strength_workout(world, tmp_path):
    env, server, H = world
    workout = Workout(env, H)
    began = time.monotonic()
    panel = (0, PANEL_TOP, SCREEN_W, SCREEN_H)
    before = server.screenshot(tmp_path / "panel-before.png")
    workout.cli("start", "push")
    H.wait_until(workout.player_up, 5, what="the player on the bus")
    time.sleep(1.0)  # the tray shows the icon (ActiveStatus) on the next frame
    after = server.screenshot(tmp_path / "panel-after.png")
    icon = new_tray_icon(before, after)

    # The tray popup, opened with a click on the icon (again if the first came before the icon took
    # clicks): the set, then its play button (Play). "Next: Rest" is the popup's alone (album line).
    for attempt in range(3):
        server.click(*icon)
        try:
            png, _ = wait_read(server, "Next: Rest", RIGHT_HALF, tmp_path / f"popup-set{attempt}.png", timeout=6 if attempt < 2 else 15)
            break
        except pytest.fail.Exception:
            if attempt == 2:
                raise
    assert screen.contains(png, "Bench Press", RIGHT_HALF) and screen.contains(png, "Push Day", RIGHT_HALF), screen.text(png, RIGHT_HALF)
    button = settled_popup_button(server, png, tmp_path / "popup-set.png")
    server.click(*button)
    workout.wait_phase("resting; next: Bench Press — set 2 of 4", "the popup's play button to record the set")
    assert workout.sets() == 1
    png, _ = wait_read(server, "Next: Bench Press", RIGHT_HALF, tmp_path / "popup-rest.png")  # the rest's album line
    assert screen.contains(png, "Rest", RIGHT_HALF), screen.text(png, RIGHT_HALF)

    # Its pause button during the rest (Pause): the rest ends, set 2 is next.
    moved = settled_popup_button(server, png, tmp_path / "popup-rest.png")
    assert abs(moved[0] - button[0]) <= 3 and abs(moved[1] - button[1]) <= 3, (moved, button)
    server.click(*button)
    workout.wait_phase("Bench Press — set 2 of 4", "the popup's pause button to end the rest")
    assert workout.sets() == 1
    wait_read(server, "set 2 of 4", RIGHT_HALF, tmp_path / "popup-set2.png")

    # A middle click on the tray icon (Play, then Pause), the popup closed first.
    server.click(SCREEN_W // 4, SCREEN_H // 3)
    time.sleep(0.5)
    server.click(*icon, button=2)
    workout.wait_phase("resting; next: Bench Press — set 3 of 4", "a middle click to record the set")
    assert workout.sets() == 2
    server.click(*icon, button=2)
    workout.wait_phase("Bench Press — set 3 of 4", "a middle click to end the rest")
    assert workout.sets() == 2

    # The play/pause media key (kglobalaccel grabs it for the media controller: Play, then Pause).
    key = lambda: subprocess.run(["xdotool", "key", "XF86AudioPlay"], env=env.vars, check=True, timeout=10)
    key()
    workout.wait_phase("resting; next: Bench Press — set 4 of 4", "the media key to record the set")
    assert workout.sets() == 3
    key()
    workout.wait_phase("Bench Press — set 4 of 4", "the media key to end the rest")
    assert workout.sets() == 3
    print(f"plasma tray journey: {time.monotonic() - began:.1f} s (start-up {server.startup_seconds:.1f} s)")


def test_plasma_lock_screen_open_before_a_session_shows_it(world, tmp_path):
    """An open lock screen shows a session started after the last one ended (the player stays while
    the screen is locked), and its own play button (PlayPause) records the set."""
    env, server, H = world
    workout = Workout(env, H)
    began = time.monotonic()
    server.start_screen_locker()
    workout.cli("rest", "600")
    H.wait_until(workout.player_up, 5, what="the player on the bus")
    server.lock()
    wait_read(server, "Rest", LOCK_SCREEN_MIDDLE, tmp_path / "lock-rest.png", before=server.reveal_lock_screen)

    # The session ends while the screen is locked: the player stays, with nothing playing.
    workout.cli("stop")
    png, _ = wait_read(server, "No media playing", LOCK_SCREEN_MIDDLE, tmp_path / "lock-idle.png", before=server.reveal_lock_screen)
    assert workout.player_up()

    # The next session, started while the lock screen is open, shows there.
    workout.cli("start", "push")
    png, title = wait_read(server, "Bench Press", LOCK_SCREEN_MIDDLE, tmp_path / "lock-set.png", before=server.reveal_lock_screen)
    assert screen.contains(png, "Push Day", LOCK_SCREEN_MIDDLE), screen.text(png, LOCK_SCREEN_MIDDLE)

    # Its play button (PlayPause): the set is done, and the lock screen shows the rest.
    server.click(*settled_play_button(server, png, title, tmp_path))
    workout.wait_phase("resting; next: Bench Press — set 2 of 4", "the lock screen's play button to record the set")
    assert workout.sets() == 1
    wait_read(server, "Rest", LOCK_SCREEN_MIDDLE, tmp_path / "lock-rest2.png", before=server.reveal_lock_screen)
    print(f"plasma lock screen journey: {time.monotonic() - began:.1f} s (start-up {server.startup_seconds:.1f} s)")
