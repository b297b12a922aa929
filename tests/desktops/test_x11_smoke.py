"""Smoke test of server_x11: xfce4-notifyd and notification-daemon on Xvfb, used as a person would.

For each server: `notify-send -w` with a "Set done" button, a screenshot, the button found by OCR
(tesseract TSV on the notification area, cropped and upscaled), a real pointer click on it with
xdotool, and notify-send printing the key of the action the click invoked. Skipped where the server
or the tools are not installed (scripts/install-desktops.sh installs them).

Run:  /usr/bin/python3 -m pytest tests/desktops/test_x11_smoke.py -q -p no:cacheprovider
"""

import csv
import io
import os
import shutil
import signal
import subprocess
import time

import pytest

from server_x11 import H, NotificationDaemonServer, XfceServer, run

env = H.env  # the e2e harness's private bus + XDG dirs (tests/e2e/conftest.py)

SCALE = 3  # upscale the crop: notification-daemon's button label is ~9 px high


def ocr_words(server, shot, region):
    """Words tesseract reads in `region` of `shot`, as (text, x0, y0, x1, y1) in screen pixels."""
    x0, y0, x1, y1 = region
    crop = shot.with_name(shot.stem + "-crop.png")
    r = run(["convert", shot, "-crop", f"{x1 - x0}x{y1 - y0}+{x0}+{y0}", "+repage",
             "-resize", f"{SCALE * 100}%", crop], timeout=20)
    assert r.returncode == 0, r.stderr
    r = run(["tesseract", crop, "-", "--psm", "11", "tsv"], timeout=30)
    assert r.returncode == 0, r.stderr
    words = []
    for row in csv.DictReader(io.StringIO(r.stdout), delimiter="\t", quoting=csv.QUOTE_NONE):
        text = (row.get("text") or "").strip()
        if row.get("level") == "5" and text:
            left, top = int(row["left"]) / SCALE + x0, int(row["top"]) / SCALE + y0
            words.append((text, left, top, left + int(row["width"]) / SCALE, top + int(row["height"]) / SCALE))
    return words


def find_phrase(words, phrase):
    """The box (x0, y0, x1, y1) of consecutive words reading `phrase` on one line, or None."""
    want = phrase.split()
    for i in range(len(words) - len(want) + 1):
        run_ = words[i:i + len(want)]
        if [w[0] for w in run_] == want and max(w[2] for w in run_) - min(w[2] for w in run_) < 10:
            return (min(w[1] for w in run_), min(w[2] for w in run_),
                    max(w[3] for w in run_), max(w[4] for w in run_))
    return None


@pytest.mark.parametrize("server_class", [XfceServer, NotificationDaemonServer], ids=lambda c: c.name)
def test_button_click_invokes_action(server_class, env, tmp_path):
    if not server_class.available() or not shutil.which("notify-send") or not shutil.which("tesseract"):
        pytest.skip(f"{server_class.name}, notify-send or tesseract not installed")
    artifacts = tmp_path / "artifacts"
    server = server_class(env, artifacts)
    sender = None
    try:
        server.start()
        assert server.server_info[0] == server.server_name
        print(f"{server.name}: serving after {server.startup_seconds:.2f} s")
        out = artifacts / "notify-send.out"
        with open(out, "wb") as sink:
            sender = subprocess.Popen(
                ["notify-send", "-a", "gymbell", "-t", "0", "-A", "default=Open", "-A", "set-done=Set done",
                 "-w", "Rest over", "Time for your next set!"],
                env=env.vars, stdin=subprocess.DEVNULL, stdout=sink, stderr=subprocess.STDOUT,
                start_new_session=True)

        deadline = time.monotonic() + 15
        n = 0
        while True:
            n += 1
            began = time.monotonic()
            shot = server.screenshot(artifacts / f"shot-{n}.png")
            print(f"screenshot {n}: {(time.monotonic() - began) * 1000:.0f} ms")
            words = ocr_words(server, shot, server.notification_area)
            button = find_phrase(words, "Set done")
            if button and find_phrase(words, "Rest over"):
                break
            assert sender.poll() is None, f"notify-send ended early: {out.read_text()}"
            assert time.monotonic() < deadline, f"no 'Set done' button read on screen; words: {words}"
            time.sleep(0.2)

        x, y = (button[0] + button[2]) / 2, (button[1] + button[3]) / 2
        server.click(x, y)
        sender.wait(10)
        assert out.read_text().strip() == "set-done"
        server.screenshot(artifacts / "after-click.png")
    finally:
        if sender is not None and sender.poll() is None:
            os.killpg(sender.pid, signal.SIGKILL)
            sender.wait(5)
        server.stop()
