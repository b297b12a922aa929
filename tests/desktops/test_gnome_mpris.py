"""GNOME Shell shows the running workout as a media player in its date menu (issue 17), and
`playerctl play-pause` acts on the workout there: the real shell headless on a private bus, the real
daemon, the menu opened with a pointer click on the clock, read with OCR.

    /usr/bin/python3 -m pytest tests/desktops/test_gnome_mpris.py -q -s
    GYMBELL_SCREENSHOTS=$PWD/data/screenshots …   keeps the picture for docs/media-player.md (mpris-gnome.png)
"""

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
from server_gnome import GnomeServer  # noqa: E402
from test_gnome_smoke import harness, ocr_words  # noqa: E402
from workout_config import push_workout  # noqa: E402  (tests/support)

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("gnome-shell", "gjs", "tesseract", "convert", "playerctl")),
    reason="needs gnome-shell, gjs, tesseract-ocr, imagemagick and playerctl")

PUSH = push_workout(rest=90)
#: the date menu drops down from the clock at the top centre; the media controls are at its left
DATE_MENU = (200, 30, 1080, 560)
CLOCK = (640, 12)
#: the shell's own play/pause button of the first player in the menu (1280 × 800, GNOME 43)
SHELL_PLAY_PAUSE = (607, 101)


@pytest.fixture
def world(tmp_path):
    H = harness()
    env = H.Env(tmp_path / "world")
    env.start_bus()
    server = GnomeServer(env, tmp_path / "artifacts")
    daemon = None
    try:
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


def menu_text(server, path):
    return " ".join(w for w, _, _ in ocr_words(server.screenshot(path), DATE_MENU))


def wait_for_words(server, words, path, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        text = menu_text(server, path)
        if all(w in text for w in words):
            return text
        if time.monotonic() > deadline:
            pytest.fail(f"{words} not read in the date menu ({path}) within {timeout:.0f} s; read: {text!r}")
        time.sleep(0.3)


def test_gnome_shows_the_workout_in_its_media_controls(world, tmp_path):
    env, server, H = world
    started = H.run_cli(env, H.gymbell_binary(), "start", "push")
    assert started.returncode == 0, started.stderr
    H.wait_until(lambda: "gymbell" in subprocess.run(["playerctl", "-l"], env=env.vars, capture_output=True, text=True).stdout,
                 5, what="the player on the bus")
    time.sleep(1.0)
    server.click(*CLOCK)
    text = wait_for_words(server, ["Bench", "Press"], tmp_path / "menu-set.png")
    assert "Push" in text, text
    shots = os.environ.get("GYMBELL_SCREENSHOTS")
    if shots:
        Path(shots).mkdir(parents=True, exist_ok=True)
        shutil.copy(tmp_path / "menu-set.png", Path(shots) / "mpris-gnome.png")

    # play/pause on the workout: the set is recorded, the rest starts, and the shell shows it.
    r = subprocess.run(["playerctl", "--player=gymbell", "play-pause"], env=env.vars, capture_output=True, text=True, timeout=10)
    assert r.returncode == 0, r.stderr
    wait_for_words(server, ["Rest", "Next:"], tmp_path / "menu-rest.png")
    status = H.run_cli(env, H.gymbell_binary(), "status", "--json")
    assert "resting" in status.stdout, status.stdout

    # The shell's own play/pause button, clicked with the pointer: the rest ends, set 2 is next.
    server.click(*SHELL_PLAY_PAUSE)
    def phase():
        return json.loads(H.run_cli(env, H.gymbell_binary(), "status", "--json").stdout)["session"]["phase"]

    H.wait_until(lambda: phase().startswith("Bench Press — set 2 of 2"), 5, what="the shell's play/pause to end the rest")
    wait_for_words(server, ["Bench", "Press"], tmp_path / "menu-set2.png")

    # No stale player when no session runs (issue 35): the workout stopped, the menu has no player; and
    # one kept on the bus for a locked screen (a screen locker that says so, as ksmserver does) is not
    # shown either: GNOME shows only a player that can play.
    locker = subprocess.Popen(
        ["/usr/bin/python3", str(HERE.parent / "e2e" / "screen_locker.py"), "--locked"], env=env.vars,
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        assert locker.stdout.readline().strip() == "ready"
        time.sleep(0.5)  # the daemon asks it
        assert H.run_cli(env, H.gymbell_binary(), "stop").returncode == 0
        players = lambda: subprocess.run(["playerctl", "-l"], env=env.vars, capture_output=True, text=True).stdout.split()
        H.wait_until(lambda: subprocess.run(["playerctl", "--player=gymbell", "status"], env=env.vars, capture_output=True,
                                            text=True).stdout.strip() == "Stopped", 5, what="the player kept, stopped")
        assert "gymbell" in players()
        time.sleep(1.0)
        text = menu_text(server, tmp_path / "menu-idle.png")
        assert "Disturb" in text, text  # the menu is open (its Do Not Disturb switch)
        assert not any(w in text for w in ("Bench", "Push", "Unknown", "gymbell")), text
        locker.stdin.write("unlock\n")
        locker.stdin.flush()
        assert locker.stdout.readline().strip() == "ok"
        H.wait_until(lambda: "gymbell" not in players(), 5, what="the player to leave at the unlock")
    finally:
        locker.stdin.close()
        locker.wait(5)
