"""Smoke test of the matrix's tools: server_dunst (dunst on Xvfb, real pointer, its context menu),
screen (OCR of the bubbles) and sound (the test's own PulseAudio, the null sink's monitor recorded,
onsets on the wall clock). No gymbell binary needed: notify-send and paplay / canberra-gtk-play stand
in for it.

Run: /usr/bin/python3 -m pytest tests/desktops/test_tools_smoke.py -q -s   (each part skipped without
its binaries; -s prints the timings)
"""

import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import screen  # noqa: E402
import sound  # noqa: E402

DUNST_TOOLS = ("Xvfb", "xdpyinfo", "dunst", "dunstctl", "xdotool", "import", "notify-send", "dbus-daemon")
missing_dunst = [t for t in DUNST_TOOLS if shutil.which(t) is None] + screen.available()
missing_sound = sound.available() + [t for t in ("paplay", "Xvfb", "xdpyinfo") if shutil.which(t) is None]
needs_dunst = pytest.mark.skipif(bool(missing_dunst), reason=f"not installed: {', '.join(missing_dunst)}")
needs_ocr = pytest.mark.skipif(bool(screen.available()), reason=f"not installed: {', '.join(screen.available())}")
needs_sound = pytest.mark.skipif(bool(missing_sound), reason=f"not installed: {', '.join(missing_sound)}")

try:
    import server_dunst  # noqa: E402  (imports the e2e harness, which needs python3-dbus)
    H = server_dunst.H
except ImportError as e:  # pragma: no cover
    server_dunst = H = None
    missing_dunst.append(f"python: {e}")

OCR_LIMIT = 1.5  # s, one find() on the notification area, found or not
SHOT_LIMIT = 0.25  # s
SOUND = "/usr/share/sounds/freedesktop/stereo/complete.oga"


@pytest.fixture
def world(tmp_path):
    env = H.Env(tmp_path / "world")
    try:
        env.start_bus()
        yield env
    finally:
        env.stop()


@pytest.fixture
def dunst(world, tmp_path):
    server = server_dunst.DunstServer(world, tmp_path / "artifacts")
    try:
        server.start()
        print(f"\ndunst up in {server.startup_seconds:.2f} s on {server.display}")
        yield server
    finally:
        server.stop()
    left = server_dunst.ds.leftovers(server.pgids)
    assert not left, f"processes left running: {left}"


def notify_send(env, *args):
    """notify-send -w …: prints the key of the action invoked, exits when the notification closes."""
    return subprocess.Popen(["notify-send", "-a", "gymbell", "-w", *args], env=env.vars,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, start_new_session=True)


def answer(proc, timeout=10):
    try:
        out, _ = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, _ = proc.communicate()
        pytest.fail(f"notify-send still waiting after {timeout} s (printed {out!r})")
    return out.strip()


def timed(f, *a, **kw):
    t = time.monotonic()
    value = f(*a, **kw)
    return value, time.monotonic() - t


def shot(server, name):
    path, seconds = timed(server.screenshot, server.artifacts / f"{name}.png")
    print(f"screenshot {path} in {seconds * 1000:.0f} ms")
    assert seconds < SHOT_LIMIT, f"screenshot took {seconds * 1000:.0f} ms"
    return path


def wait_for_text(server, phrase, name, timeout=5.0):
    """Screenshots until `phrase` is read in the notification area: (png, centre)."""
    deadline = time.monotonic() + timeout
    n = 0
    while True:
        n += 1
        png = shot(server, f"{name}-{n}")
        where, seconds = timed(screen.find, png, phrase, server.notification_area)
        print(f"find {phrase!r}: {where} in {seconds:.2f} s")
        assert seconds < OCR_LIMIT, f"find({phrase!r}) took {seconds:.2f} s"
        if where:
            return png, where
        if time.monotonic() >= deadline:
            pytest.fail(f"{phrase!r} not read on screen within {timeout} s; last read:\n"
                        f"{screen.text(png, server.notification_area)}\n(screenshot {png})")
        time.sleep(0.2)


# --- dunst + OCR + pointer ------------------------------------------------------------------------------

@needs_dunst
def test_dunst_default_action_is_a_middle_click_on_the_bubble(dunst, world):
    conn = world.connect()
    try:
        info = conn.call_blocking("org.freedesktop.Notifications", "/org/freedesktop/Notifications",
                                  "org.freedesktop.Notifications", "GetServerInformation", "", [])
    finally:
        conn.close()
    assert str(info[0]) == dunst.server_name
    assert dunst.default_click_button == 2

    proc = notify_send(world, "-A", "default=Open", "-A", "set-done=Set done", "Rest over 💥",
                       "Time for your next set!")
    png, (x, y) = wait_for_text(dunst, "Rest over 💥", "bubble")
    x0, y0, x1, y1 = dunst.notification_area
    assert x0 <= x <= x1 and y0 <= y <= y1
    assert screen.contains(png, "Time for your next set!", dunst.notification_area)
    words = screen.words(png, dunst.notification_area)
    rest = next(w for w in words if w.text == "Rest")
    # where dunst draws the title: after "(A) " (show_indicators) at x 533, first line of the bubble
    assert 560 <= rest.x <= 580 and abs(rest.y - 38) <= 4, rest
    missing, seconds = timed(screen.find, png, "Snooze 1 hour", dunst.notification_area)
    assert missing is None and seconds < OCR_LIMIT, (missing, seconds)
    print(f"not found in {seconds:.2f} s (both polarities)")

    dunst.click(x, y, button=dunst.default_click_button)
    assert answer(proc) == "default"
    H.wait_until(lambda: dunst.displayed() == 0, timeout=5, what="the bubble to close")


@needs_dunst
def test_dunst_other_actions_from_its_context_menu(dunst, world):
    # An empty-labelled default action (notify-send drops those: sent over D-Bus here).
    conn = world.connect()
    try:
        older = int(conn.call_blocking(
            "org.freedesktop.Notifications", "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
            "Notify", "susssasa{sv}i", ["gymbell", 0, "", "First", "older one", ["default", "", "x", "Do X"], {}, 0]))
    finally:
        conn.close()
    H.wait_until(lambda: dunst.displayed() == 1, timeout=5, what="one bubble")
    newer = notify_send(world, "-A", "default=Open", "-A", "set-done=Set done", "Second", "newer one")
    H.wait_until(lambda: dunst.displayed() == 2, timeout=5, what="two bubbles")
    menu = [(e["label"], e["summary"], e["id"], e["key"]) for e in dunst.menu()]
    print("context menu:", menu)
    assert ("", "First", older, "default") in menu  # an empty default label is still listed
    assert ("Open", "Second", older + 1, "default") in menu and ("Set done", "Second", older + 1, "set-done") in menu
    ok, seconds = timed(dunst.invoke_action, "Set done", "set-done")
    print(f"invoke_action in {seconds:.2f} s")
    assert ok
    assert answer(newer) == "set-done"
    assert dunst.displayed() == 1  # notify-send closed its own; dunst itself closes nothing after a menu action
    _, where = wait_for_text(dunst, "older one", "first")
    dunst.click(*where, button=1)  # left: close_current, no action
    H.wait_until(lambda: dunst.displayed() == 0, timeout=5, what="the bubble to close")


# --- OCR on its own -------------------------------------------------------------------------------------

@needs_ocr
def test_ocr_reads_light_and_dark_bubbles(tmp_path):
    pictures = {
        "light-on-dark.png": ("#101010", "#f4f4f4", "#202020"),
        "dark-on-light.png": ("#fafafa", "#2e3440", "#eceff4"),
    }
    for name, (desk, bubble, ink) in pictures.items():
        png = tmp_path / name
        subprocess.run(["convert", "-size", "1024x600", f"xc:{desk}", "-fill", bubble, "-stroke", "#a3be8c",
                        "-draw", "rectangle 518,21 1002,94", "-draw", "rectangle 518,100 1002,172",
                        "-stroke", "none", "-fill", ink, "-font", "DejaVu-Sans-Bold", "-pointsize", "18",
                        "-annotate", "+533+50", "Rest over", "-annotate", "+533+128", "Time to Workout!",
                        "-font", "DejaVu-Sans", "-annotate", "+533+75", "Time for your next set!",
                        "-annotate", "+533+153", "Your daily workout awaits.", png], check=True, timeout=30)
        where, seconds = timed(screen.find, png, "Time to Workout! 💪")
        print(f"{name}: {where} in {seconds:.2f} s")
        assert where and abs(where[1] - 122) <= 6 and 533 <= where[0] <= 720, where
        assert screen.contains(png, "your daily workout awaits", (504, 0, 1024, 600))
        assert screen.text(png).splitlines()[:2] == ["Rest over", "Time for your next set!"]


# --- sound ----------------------------------------------------------------------------------------------

@needs_sound
def test_sound_onsets_on_the_wall_clock(tmp_path):
    xvfb = None
    pulse = sound.PulseServer(tmp_path / "pulse")
    try:
        t = time.monotonic()
        pulse.start()
        rec = pulse.record(tmp_path / "sound.wav")
        print(f"\npulseaudio + recording up in {time.monotonic() - t:.2f} s")
        env = pulse.client_env()
        players = [["paplay", SOUND]] * 2
        if shutil.which("canberra-gtk-play") and server_dunst is not None:  # GTK: needs a display
            xvfb = server_dunst.ds.Xvfb(tmp_path).start()
            env["DISPLAY"] = xvfb.display
            players += [["canberra-gtk-play", "--id", "complete", "--description", "gymbell reminder"]] * 2
        played = []
        time.sleep(0.3)
        for argv in players:
            played.append((argv[0], time.time()))
            r = subprocess.run(argv, env=env, capture_output=True, text=True, timeout=20)
            assert r.returncode == 0, f"{argv}: {r.stdout}{r.stderr}"
            time.sleep(0.8)
        rec.stop()
        found, seconds = timed(sound.onsets, rec.path, rec.start_epoch)
        print(f"onsets of {rec.elapsed():.1f} s in {seconds * 1000:.0f} ms")
        assert len(found) == len(played), (found, played)
        for (player, at), onset in zip(played, found):
            delay = onset - at
            print(f"{player}: sound {delay * 1000:+.0f} ms after it was started")
            # What is checked is that onsets are found on the wall clock, never before the play; how
            # soon a tool's process plays is its own: paplay starts in ~10 ms, canberra-gtk-play first
            # initialises GTK and looks up the theme (75-250 ms on 2 busy cores, 2017 ms once in a
            # fresh clone's run with the desktop streams and the release build beside it; issue 50).
            limit = 0.5 if player == "paplay" else 3.0
            assert -0.02 <= delay <= limit, f"{player}: onset {delay * 1000:+.0f} ms after the play"
        assert sound.loudness(rec.path) > 0.05
    finally:
        pulse.stop()
        if xvfb is not None:
            xvfb.stop()
    left = server_dunst.ds.leftovers(pulse.pgids) if server_dunst else []
    assert not left, f"processes left running: {left}"
