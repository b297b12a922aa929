"""Smoke test of the mako desktop (server_mako.py): a real mako under headless sway, looked at with grim
and tesseract, clicked through sway's seat cursor.

    /usr/bin/python3 -m pytest tests/desktops/test_mako_smoke.py -q

Skipped unless sway, mako, grim, tesseract and notify-send are installed (scripts/install-desktops.sh)
and we are root (the desktop's user is created with useradd).
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
for _dir in (HERE,):
    if str(_dir) not in sys.path:
        sys.path.insert(0, str(_dir))

TOOLS = ("sway", "swaymsg", "mako", "makoctl", "busctl", "grim", "tesseract", "convert", "notify-send")
_missing = [t for t in TOOLS if shutil.which(t) is None]
pytestmark = [
    pytest.mark.skipif(bool(_missing), reason=f"not installed: {' '.join(_missing)}"),
    pytest.mark.skipif(os.geteuid() != 0, reason="creates the desktop's user: needs root"),
]

from desktop_support import H  # noqa: E402
from server_mako import MakoServer  # noqa: E402


@pytest.fixture
def mako(tmp_path):
    env = H.Env(tmp_path / "world")
    env.start_bus()
    server = MakoServer(env, tmp_path / "artifacts")
    try:
        server.start()
        print(f"mako up in {server.startup_seconds:.2f} s")
        yield server
    finally:
        server.stop()
        env.stop()


def ocr_words(png, region, scale=2):
    """Words tesseract reads in `region` (x0, y0, x1, y1) of the screenshot `png`, as
    (text, x0, y0, x1, y1) in screen coordinates."""
    x0, y0, x1, y1 = region
    crop = Path(png).with_suffix(".ocr.png")
    subprocess.run(["convert", str(png), "-crop", f"{x1 - x0}x{y1 - y0}+{x0}+{y0}", "+repage",
                    "-resize", f"{scale * 100}%",
                    # mako draws light text on dark blue: tesseract wants dark on light
                    "-colorspace", "Gray", "-negate", str(crop)], check=True, timeout=20)
    tsv = subprocess.run(["tesseract", str(crop), "-", "--psm", "11", "tsv"], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    words = []
    for line in tsv.splitlines()[1:]:
        cols = line.split("\t")
        if len(cols) < 12 or not cols[11].strip() or float(cols[10]) < 30:
            continue
        left, top, width, height = (int(c) for c in cols[6:10])
        words.append((cols[11].strip(), x0 + left / scale, y0 + top / scale,
                      x0 + (left + width) / scale, y0 + (top + height) / scale))
    return words


def find_phrase(words, phrase):
    """The box around consecutive words reading `phrase`, or None."""
    wanted = phrase.split()
    texts = [w[0] for w in words]
    for i in range(len(words) - len(wanted) + 1):
        if texts[i:i + len(wanted)] == wanted:
            run = words[i:i + len(wanted)]
            return (min(w[1] for w in run), min(w[2] for w in run),
                    max(w[3] for w in run), max(w[4] for w in run))
    return None


def wait_for(predicate, timeout, what):
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            pytest.fail(f"timed out after {timeout} s waiting for {what}")
        time.sleep(0.05)


def notify_send(mako, summary, body):
    return subprocess.Popen(
        ["notify-send", "-a", "gymbell", "-A", "default=Open", "-A", "set-done=Set done", "-w",
         summary, body],
        env=mako.env.vars, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
        start_new_session=True)


def finish(proc, timeout=10):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"notify-send -w got no answer within {timeout} s: {out!r} {err!r}")
    return out


def test_server_information(mako):
    assert mako.server_info[0] == "mako"
    assert mako.env.vars["WAYLAND_DISPLAY"].startswith("/")


def test_click_invokes_default_action(mako, tmp_path):
    proc = notify_send(mako, "Rest over", "Time for your next set!")
    try:
        shown = wait_for(lambda: [n for n in mako.list_notifications() if n["summary"] == "Rest over"],
                         10, "mako to list the notification")
        assert shown[0]["actions"] == {"default": "Open", "set-done": "Set done"}
        time.sleep(0.2)  # the next frame
        t0 = time.monotonic()
        png = mako.screenshot(tmp_path / "rest-over.png")
        print(f"screenshot: {(time.monotonic() - t0) * 1000:.0f} ms")
        words = ocr_words(png, mako.notification_area)
        box = find_phrase(words, "Rest over")
        assert box, f"OCR did not read 'Rest over' in {mako.notification_area}: {words}"
        assert find_phrase(words, "next set!") or find_phrase(words, "next set"), words
        x0, y0, x1, y1 = box
        assert x0 > mako.notification_area[0] and y1 < 120, f"not top-right: {box}"
        mako.click((x0 + x1) / 2, (y0 + y1) / 2)
        out = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert out.strip() == "default"
    # A click closes the notification (reason 2, dismissed) after invoking the default action.
    wait_for(lambda: not mako.list_notifications(), 5, "mako to close the clicked notification")


def test_makoctl_invokes_other_action(mako, tmp_path):
    proc = notify_send(mako, "Rest over", "Time for your next set!")
    try:
        wait_for(lambda: mako.list_notifications(), 10, "mako to list the notification")
        assert mako.invoke_action("Set done", "set-done") is True
        out = finish(proc)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.communicate()
    assert out.strip() == "set-done"
