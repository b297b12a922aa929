"""Smoke test of server_gnome: GNOME Shell comes up headless on a private bus, shows a notification
sent with notify-send, and a real pointer click on its button (found by OCR) invokes the action.

    /usr/bin/python3 -m pytest tests/desktops/test_gnome_smoke.py -q -s
"""

import shutil
import statistics
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent

pytestmark = pytest.mark.skipif(
    not all(shutil.which(tool) for tool in ("gnome-shell", "gjs", "tesseract", "convert", "notify-send")),
    reason="needs gnome-shell, gjs, tesseract-ocr, imagemagick and libnotify-bin")

if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))
from server_gnome import GnomeServer  # noqa: E402
from desktop_support import harness  # noqa: E402  (tests/support/e2e_harness.py)


def ocr_words(png, box, scale=3):
    """Words tesseract reads in `box` (x0, y0, x1, y1) of `png`, as (text, centre x, centre y) in
    screen coordinates. GNOME's banner is light on dark: grey, negate and upscale first."""
    x0, y0, x1, y1 = box
    crop = Path(png).with_name(Path(png).stem + "-ocr.png")
    subprocess.run(["convert", str(png), "-crop", f"{x1 - x0}x{y1 - y0}+{x0}+{y0}", "+repage",
                    "-colorspace", "Gray", "-negate", "-resize", f"{scale * 100}%", str(crop)],
                   check=True, timeout=30)
    tsv = subprocess.run(["tesseract", str(crop), "-", "tsv"], capture_output=True, text=True,
                         timeout=60).stdout
    words = []
    for line in tsv.splitlines()[1:]:
        f = line.split("\t")
        if len(f) == 12 and f[11].strip() and float(f[10]) > 0:
            left, top, width, height = map(int, f[6:10])
            words.append((f[11], x0 + (left + width / 2) / scale, y0 + (top + height / 2) / scale))
    return words


def find_phrase(words, phrase):
    """Centre of the first run of consecutive words spelling `phrase`, or None."""
    wanted = phrase.split()
    for i in range(len(words) - len(wanted) + 1):
        run = words[i:i + len(wanted)]
        if [w for w, _, _ in run] == wanted:
            return (sum(x for _, x, _ in run) / len(run), sum(y for _, _, y in run) / len(run))
    return None


@pytest.fixture
def gnome(tmp_path):
    H = harness()
    env = H.Env(tmp_path / "world")
    env.start_bus()
    server = GnomeServer(env, tmp_path / "artifacts")
    try:
        server.start()
        yield server
    finally:
        server.stop()
        env.stop()


def wait_for_phrase(server, phrase, path, timeout=15.0):
    deadline = time.monotonic() + timeout
    while True:
        shot = server.screenshot(path)
        where = find_phrase(ocr_words(shot, server.notification_area), phrase)
        if where:
            return where
        if time.monotonic() > deadline:
            pytest.fail(f"{phrase!r} not seen in {server.notification_area} of {shot} within {timeout:.0f} s")
        time.sleep(0.2)


def test_gnome_button_click_invokes_action(gnome, tmp_path):
    server = gnome
    print(f"gnome-shell ready in {server.start_seconds:.1f} s")
    assert server.start_seconds < 60

    sender = subprocess.Popen(
        ["notify-send", "-a", "gymbell", "-A", "default=Open", "-A", "set-done=Set done", "-w",
         "Rest over", "Time for your next set!"],
        env=server.env.vars, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)
    try:
        title = wait_for_phrase(server, "Rest over", tmp_path / "banner.png")
        # GNOME 43 shows a normal notification's buttons only while the pointer is over it.
        server.move(*title)
        button = wait_for_phrase(server, "Set done", tmp_path / "hovered.png", timeout=5)
        server.click(*button)
        out, err = sender.communicate(timeout=10)
    finally:
        if sender.poll() is None:
            sender.kill()
            sender.communicate()
    assert out.strip() == "set-done", (out, err)

    # the shell closes a (non-resident) notification once an action is chosen
    server.move(1260, 780)
    time.sleep(0.5)
    words = " ".join(w for w, _, _ in ocr_words(server.screenshot(tmp_path / "after.png"),
                                                server.notification_area))
    assert "Rest" not in words, words

    times = server.screenshot_ms[1:] or server.screenshot_ms
    print(f"screenshot: median {statistics.median(times):.0f} ms, max {max(times):.0f} ms")
    # The screenshot's own speed is the test tool's, not gymbell's: a bound that holds beside two desktop
    # streams on two cores (297 ms was seen there; alone ~100 ms).
    assert statistics.median(times) < 1000
