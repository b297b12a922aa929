"""The desktop a person would see, for the desktop tests: Xvfb, the real dunst on the test's private
session bus, screenshots with ImageMagick.

The private bus, temporary XDG dirs and the gymbell Daemon/CLI helpers are the end-to-end harness's
(tests/e2e/conftest.py), loaded once under its own module name by tests/support/e2e_harness.py.
"""

import contextlib
import json
import os
import re
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
sys.path.insert(0, str(REPO / "tests" / "support"))
from e2e_harness import harness  # noqa: E402  (tests/support)
from xvfb import XvfbError, start_xvfb  # noqa: E402  (tests/support)

#: where the desktop tests keep the screenshots and logs of what failed
ARTIFACTS = Path(os.environ.get("GYMBELL_ARTIFACTS", REPO / "artifacts" / "desktops"))

SCRIPTED_DMENU = HERE / "scripted_dmenu.py"
RECORD_SHOWN = HERE / "record_shown.py"

SCREEN_W, SCREEN_H = 1024, 600
OFFSET = 20  # dunst's offset from the top-right corner, both ways
NOTIFICATIONS = "org.freedesktop.Notifications"


H = harness()


def boottime_ms():
    """Now on dunst's clock: it stamps notifications with CLOCK_BOOTTIME on Linux (in µs; ms to scripts)."""
    return time.clock_gettime(time.CLOCK_BOOTTIME) * 1000.0


def run(argv, timeout=15.0, **kw):
    """subprocess.run with captured text output and a bound on its time."""
    try:
        return subprocess.run([str(a) for a in argv], capture_output=True, text=True, timeout=timeout, **kw)
    except subprocess.TimeoutExpired:
        pytest.fail(f"`{' '.join(map(str, argv))}` did not finish within {timeout:.0f} s")


@contextlib.contextmanager
def bounded(request, default_seconds):
    """Fails the test (its fixtures still clean up) when it runs longer than its limit:
    @pytest.mark.time_limit(seconds), else `default_seconds`. Both desktop suites' autouse fixture."""
    marker = request.node.get_closest_marker("time_limit")
    seconds = float(marker.args[0]) if marker else default_seconds

    def expired(signum, frame):
        pytest.fail(f"test ran longer than its limit of {seconds:.0f} s", pytrace=True)

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def stop_process(proc, timeout=5.0):
    """SIGTERM its process group (it was started with start_new_session, so the group id is its pid),
    wait, then SIGKILL whatever is left of the group. For every process a desktop test starts."""
    if proc is None:
        return
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.killpg(proc.pid, sig)
        except ProcessLookupError:
            pass
        try:
            proc.wait(timeout)
        except subprocess.TimeoutExpired:
            pass


def group_members(pgid):
    """Live (not zombie) processes in process group `pgid`, as "pid comm" strings."""
    found = []
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        comm_end = stat.rindex(")")
        fields = stat[comm_end + 2:].split()
        state, pgrp = fields[0], int(fields[2])
        if pgrp == pgid and state not in ("Z", "X"):
            found.append(f"{entry} {stat[stat.index('(') + 1:comm_end]}")
    return found


def leftovers(pgids, timeout=3.0):
    """Processes still alive in these process groups after waiting up to `timeout` for them to go."""
    deadline = time.monotonic() + timeout
    while True:
        left = [p for pgid in pgids for p in group_members(pgid)]
        if not left or time.monotonic() >= deadline:
            return left
        time.sleep(0.05)


# --- Xvfb --------------------------------------------------------------------------------------------

class Xvfb:
    """Xvfb, SCREEN_W x SCREEN_H unless told (tests/support/xvfb.py: the server picks its display number itself,
    and never resets), answering xdpyinfo."""

    def __init__(self, root, width=SCREEN_W, height=SCREEN_H):
        self.root = Path(root)
        self.width, self.height = width, height
        self.proc = None
        self.number = None
        self.log = self.root / "xvfb.log"

    @property
    def display(self):
        return f":{self.number}"

    def start(self, timeout=15.0):
        deadline = time.monotonic() + timeout
        try:
            self.proc, display = start_xvfb(self.log, self.width, self.height, timeout)
        except XvfbError as e:
            pytest.fail(str(e))
        self.number = int(display[1:])
        while run(["xdpyinfo", "-display", self.display], timeout=5).returncode != 0:
            if time.monotonic() >= deadline:
                pytest.fail(f"Xvfb {self.display} did not answer within {timeout:.0f} s:\n{H._tail(self.log)}")
            time.sleep(0.05)
        return self

    def stop(self):
        stop_process(self.proc)


# --- dunst ---------------------------------------------------------------------------------------------

DUNSTRC = """# dunstrc for gymbell's desktop tests (dunst 1.9; `man 5 dunst`), written by the tests.
[global]
    monitor = 0
    follow = none
    # Geometry: top-right, 20 px from both edges, wide enough for the longest title.
    origin = top-right
    offset = {offset}x{offset}
    width = 460
    height = 300
    notification_limit = 0
    indicate_hidden = yes
    sort = yes
    idle_threshold = 0
    progress_bar = true
    progress_bar_height = 10
    progress_bar_frame_width = 1
    progress_bar_min_width = 150
    progress_bar_max_width = 436
    transparency = 0
    separator_height = 2
    separator_color = frame
    padding = 10
    horizontal_padding = 12
    text_icon_padding = 0
    frame_width = 2
    frame_color = "#a3be8c"
    gap_size = 4
    # Readable text: 14 pt; emoji from fonts-noto-color-emoji through fontconfig's fallback.
    font = DejaVu Sans 14
    line_height = 0
    markup = full
    format = "<b>%s</b>\\n%b"
    alignment = left
    vertical_alignment = center
    show_age_threshold = -1
    ellipsize = middle
    ignore_newline = no
    # Every notification its own bubble (the default stacks identical ones as one "(2)" bubble),
    # so that each of a session's transitions can be counted on screen.
    stack_duplicates = false
    hide_duplicate_count = false
    # "(A)" before notifications that have actions.
    show_indicators = yes
    icon_position = off
    sticky_history = yes
    history_length = 50
    # The context menu: the scripted dmenu picks what a person would (scripted_dmenu.py).
    dmenu = {dmenu} -p dunst
    browser = /bin/false
    always_run_script = true
    title = Dunst
    class = Dunst
    corner_radius = 0
    ignore_dbusclose = false
    mouse_left_click = close_current
    mouse_middle_click = do_action, close_current
    mouse_right_click = close_all

# No sound: dunst plays none by itself, and no rule here runs a sound script (gymbell's own sound
# fallback is switched off in the test config).
# Nothing times out on its own: what the screen shows changes only through gymbell or the tests.
[urgency_low]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_normal]
    background = "#2e3440"
    foreground = "#eceff4"
    timeout = 0
[urgency_critical]
    background = "#3b4252"
    foreground = "#eceff4"
    frame_color = "#ebcb8b"
    timeout = 0

# dunst's own record of every notification it takes in (new, or replaced in place).
[record-shown]
    summary = "*"
    script = {record}
"""


def _argv_word(path):
    """A path as one word of the `dmenu` command line (dunst splits it like a shell would)."""
    text = str(path)
    if re.fullmatch(r"[A-Za-z0-9_./+-]+", text):
        return text
    return "'" + text.replace("'", "'\\''") + "'"


class Dunst:
    """The real dunst on the test's private session bus and display."""

    def __init__(self, env, display, out_dir):
        self.env = env
        self.display = display
        self.out_dir = Path(out_dir)
        self.rc = self.out_dir / "dunstrc"
        self.log = self.out_dir / "dunst.log"
        self.shown_log = self.out_dir / "dunst-shown.jsonl"
        self.proc = None

    def write_rc(self):
        # dunst runs a rule's script by its path alone, so it must be executable (a checkout that
        # lost the mode gets an executable copy); the dmenu command runs through the interpreter.
        record = RECORD_SHOWN
        if not os.access(record, os.X_OK) or re.search(r"\s", str(record)):
            record = self.out_dir / RECORD_SHOWN.name
            shutil.copyfile(RECORD_SHOWN, record)
            record.chmod(0o755)
        dmenu = f"{_argv_word(H.PYTHON)} {_argv_word(SCRIPTED_DMENU)}"
        self.rc.write_text(DUNSTRC.format(offset=OFFSET, dmenu=dmenu, record=record))

    def vars(self):
        return dict(self.env.vars, DISPLAY=self.display, GYMBELL_DESKTOP_TEST_DIR=str(self.out_dir))

    def start(self, timeout=10.0):
        self.write_rc()
        with open(self.log, "wb") as log:
            self.proc = subprocess.Popen(
                ["dunst", "-config", str(self.rc)], env=self.vars(), stdin=subprocess.DEVNULL,
                stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        conn = self.env.connect()
        try:
            deadline = time.monotonic() + timeout
            while True:
                if self.proc.poll() is not None:
                    pytest.fail(f"dunst exited with {self.proc.returncode}:\n{H._tail(self.log)}")
                try:
                    owner = conn.get_name_owner(NOTIFICATIONS)
                    pid = conn.call_blocking("org.freedesktop.DBus", "/org/freedesktop/DBus", "org.freedesktop.DBus",
                                             "GetConnectionUnixProcessID", "s", [owner], timeout=5)
                    if int(pid) == self.proc.pid and self.ctl("is-paused").returncode == 0:
                        break
                except Exception:  # not there yet: dbus.exceptions.DBusException
                    pass
                if time.monotonic() >= deadline:
                    pytest.fail(f"dunst did not serve {NOTIFICATIONS} within {timeout:.0f} s:\n{H._tail(self.log)}")
                time.sleep(0.05)
        finally:
            conn.close()
        return self

    def ctl(self, *args, timeout=10.0):
        """`dunstctl args…` on the test's bus."""
        return run(["dunstctl", *args], timeout=timeout, env=self.vars())

    def count(self, which="displayed"):
        r = self.ctl("count", which)
        assert r.returncode == 0, f"dunstctl count {which}: {r.stderr}"
        return int(r.stdout.strip())

    def history(self):
        """`dunstctl history` as a list of plain dicts (newest first), e.g. {"summary": …, "id": 3}."""
        r = self.ctl("history")
        assert r.returncode == 0, f"dunstctl history: {r.stderr}"
        data = json.loads(r.stdout)["data"]
        return [{k: v["data"] for k, v in n.items()} for n in (data[0] if data else [])]

    def shown(self):
        """dunst's record of every notification it took in, oldest first (record_shown.py)."""
        try:
            text = self.shown_log.read_text()
        except FileNotFoundError:
            return []
        return [json.loads(l) for l in text.splitlines() if l.strip()]

    def dmenu_runs(self):
        """What the scripted dmenu saw and chose, one dict per run (scripted_dmenu.py)."""
        try:
            text = (self.out_dir / "dmenu.jsonl").read_text()
        except FileNotFoundError:
            return []
        return [json.loads(l) for l in text.splitlines() if l.strip()]

    def choose_in_menu(self, *parts):
        """What the person will pick in the next context menu: the line containing every part."""
        (self.out_dir / "dmenu-choice").write_text("".join(p + "\n" for p in parts))

    def stop(self):
        stop_process(self.proc)


# --- screenshots ---------------------------------------------------------------------------------------

def screenshot(display, path):
    """The whole screen as ImageMagick's `import -window root` sees it."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    r = run(["import", "-display", display, "-window", "root", path], timeout=20)
    assert r.returncode == 0 and path.is_file(), f"import failed: {r.stderr}"
    return path


def quick_screenshot(display, path):
    """The whole screen as a PNG without zlib compression (`-quality 1`): the default level takes a
    second or more on a wallpaper on 2 busy cores, level 1 130–250 ms, this ~90 ms."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    r = subprocess.run(["import", "-display", display, "-window", "root", "-quality", "1", f"png:{path}"],
                       capture_output=True, text=True, timeout=20)
    if r.returncode != 0:
        pytest.fail(f"screenshot failed: {r.stderr}")
    return path


def stop_bus_activated(env, wanted):
    """End the processes the test's private bus started for its .service files: they run in the
    bus's process group with the test's XDG_RUNTIME_DIR in their environment; `wanted(exe)` says
    which programs (by their resolved executable) are ours to end."""
    runtime = env.vars.get("XDG_RUNTIME_DIR") if env.vars else None
    if not runtime:
        return
    marker = f"XDG_RUNTIME_DIR={runtime}".encode()
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            if not wanted(os.path.realpath(f"/proc/{entry}/exe")):
                continue
            if marker not in Path(f"/proc/{entry}/environ").read_bytes().split(b"\0"):
                continue
            os.kill(int(entry), 15)
        except (OSError, ValueError):
            continue


def colours(path):
    """How many distinct colours the picture has (`identify -format %k`): 1 for an empty screen."""
    r = run(["identify", "-format", "%k", path])
    assert r.returncode == 0, r.stderr
    return int(r.stdout.strip())


def content_box(path):
    """(x, y, width, height) of what is not background (`identify -format %@`, the trim box)."""
    r = run(["identify", "-format", "%@", path])
    assert r.returncode == 0, r.stderr
    m = re.fullmatch(r"(\d+)x(\d+)\+(-?\d+)\+(-?\d+)", r.stdout.strip())
    assert m, f"odd trim box {r.stdout!r}"
    w, h, x, y = map(int, m.groups())
    return x, y, w, h


def differing_pixels(a, b):
    """How many pixels differ between two pictures of the same size (`compare -metric AE`)."""
    r = run(["compare", "-metric", "AE", a, b, "null:"])
    assert r.returncode in (0, 1), f"compare failed: {r.stderr}"
    return float(r.stderr.strip().split()[0])
