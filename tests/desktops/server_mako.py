"""mako 1.7 under headless sway 1.7, run as an ordinary user (sway refuses root).

    server = MakoServer(env, artifacts)   # env: the e2e harness's Env, its bus started
    server.start()                        # sway + virtual pointer + mako; env.vars["WAYLAND_DISPLAY"] set
    server.screenshot(artifacts / "shot.png")
    server.click(x, y)                    # swaymsg seat seat0 cursor set/press/release
    server.invoke_action("Set done", "set-done")   # makoctl invoke -n <newest id> set-done
    server.stop()

The user `gymbell-desktop` is created once (useradd --system; kept). sway runs as that user with the
headless wlroots backend, the pixman renderer, no Xwayland, no wallpaper, its own XDG_RUNTIME_DIR
(0700, the user's) in a short /tmp/gb-mako-* folder. mako is started by us as that user on sway's
Wayland socket, rather than by the sway config's `exec` (sway's exec double-forks into a new session
that stop() could not reach); mako keeps every default (no config file anywhere: we test what users
get; `config_text`, set before start(), writes one) and owns org.freedesktop.Notifications on the test's private bus. The bus runs as root: its
config allows every user (<allow user="*"/>: tests/support/private_bus.py) and start() opens
the bus socket's folder to traversal (0711).

Pointer: a headless sway has no input devices, so seat0 has no pointer capability and mako never gets
a wl_pointer: clicks would reach nobody. virtual_pointer.py (a pure-Python Wayland client of
zwlr_virtual_pointer_manager_v1) stays connected and gives seat0 a pointer device; the moves and
clicks are sway's own seat cursor commands (`swaymsg seat seat0 cursor set X Y`, `... cursor press
button1`, `... cursor release button1`), dispatched like a mouse's. The headless output draws the
cursor into screenshots, so click() parks it bottom-left afterwards.

mako 1.7 defaults (mako(5)) and what was seen here: anchored top-right, 300 px wide (x 970..1270 on
1280x800), ≤100 px high, margin 10, newest on top; max-visible 5, the rest folded into one "(N more)"
box; default-timeout 0: a notification's own expire_timeout is honoured (closed with reason 1) and
0 / -1 mean never, whatever the urgency; urgencies look alike; a `value` hint fills the background as a
progress bar, text still shown; no action buttons at all; left click = invoke the `default` action
(an ActivationToken signal, then ActionInvoked) and close (reason 2) — a left click on a notification
without `default` just closes it; right click = dismiss; middle click = nothing. `makoctl invoke`
emits ActionInvoked but does NOT close the notification.
"""

import json
import os
import pwd
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# The process-group stop every desktop test module shares (desktop_support.py).
_DESKTOP_TESTS = str(Path(__file__).resolve().parent)
if _DESKTOP_TESTS not in sys.path:
    sys.path.insert(0, _DESKTOP_TESTS)
from desktop_support import stop_process  # noqa: E402

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

import dbus  # noqa: E402  (python3-dbus: run with /usr/bin/python3)

from servers import DesktopServer  # noqa: E402

VIRTUAL_POINTER = HERE / "virtual_pointer.py"
PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"

USER = "gymbell-desktop"
SCREEN_W, SCREEN_H = 1280, 800
NOTIFICATIONS = "org.freedesktop.Notifications"
NOTIFICATIONS_PATH = "/org/freedesktop/Notifications"
START_TIMEOUT = 30.0

SWAY_CONFIG = """\
# gymbell test desktop: one headless output, nothing else. mako is started beside it by the test.
xwayland disable
# No wallpaper: swaybg would be one more process outside sway's process group.
swaybg_command -
output HEADLESS-1 mode {w}x{h} position 0 0
default_border none
"""


def ensure_user(name=USER):
    """The ordinary user sway runs as: created once, kept afterwards (idempotent, race-tolerant)."""
    try:
        return pwd.getpwnam(name)
    except KeyError:
        pass
    subprocess.run(
        ["useradd", "--system", "--create-home", "--home-dir", f"/var/lib/{name}",
         "--shell", "/usr/sbin/nologin", "--comment", "gymbell desktop tests", name],
        capture_output=True, text=True)  # exit 9 "already exists" when racing another test: fine
    return pwd.getpwnam(name)


class MakoServer(DesktopServer):
    name = "mako"
    server_name = "mako"
    #: top-right: 300 px bubbles 10 px from the edges; 5 bubbles of ≤ 100 px + the "(N more)" box
    notification_area = (SCREEN_W - 340, 0, SCREEN_W, 620)
    default_click_button = 1

    def __init__(self, env, artifacts):
        super().__init__(env, artifacts)
        self.sway = None
        self.pointer = None
        self.mako = None
        self.work = None
        self.user_env = None
        self.swaysock = None
        self.wayland_display = None
        self.server_info = None
        self.startup_seconds = None
        #: text of mako's config file ($XDG_CONFIG_HOME/mako/config), set before start(); None: no file
        self.config_text = None

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self):
        t0 = time.monotonic()
        pw = ensure_user()
        self.uid, self.gid = pw.pw_uid, pw.pw_gid
        # The bus socket (srwxrwxrwx) lives in a root-only mkdtemp folder: let the user through to it
        # without letting it list anything (root's runtime dir inside stays 0700).
        os.chmod(self.env.sock_dir, 0o711)

        # A short path: the Wayland and sway IPC sockets live in XDG_RUNTIME_DIR (AF_UNIX: 107 bytes).
        self.work = Path(tempfile.mkdtemp(prefix="gb-mako-"))
        home, run, config = self.work / "home", self.work / "run", self.work / "config"
        for d in (home, run, config / "sway", self.work / "etc-xdg"):
            d.mkdir(parents=True, exist_ok=True)
        (config / "sway" / "config").write_text(SWAY_CONFIG.format(w=SCREEN_W, h=SCREEN_H))
        if self.config_text is not None:
            (config / "mako").mkdir()
            (config / "mako" / "config").write_text(self.config_text)
        for path in [self.work, *self.work.rglob("*")]:
            os.chown(path, self.uid, self.gid)
        os.chmod(self.work, 0o755)
        os.chmod(run, 0o700)
        self.run_dir = run
        self.user_env = {
            "PATH": "/usr/local/bin:/usr/bin:/bin",
            "HOME": str(home),
            "USER": USER,
            "LOGNAME": USER,
            "SHELL": "/bin/sh",
            "LANG": "C.UTF-8",
            "TZ": "UTC",
            "XDG_RUNTIME_DIR": str(run),
            "XDG_CONFIG_HOME": str(config),
            "XDG_CONFIG_DIRS": str(self.work / "etc-xdg"),  # empty: no /etc/xdg/mako, /etc/sway
            "DBUS_SESSION_BUS_ADDRESS": self.env.address,
            "WLR_BACKENDS": "headless",
            "WLR_LIBINPUT_NO_DEVICES": "1",
            "WLR_HEADLESS_OUTPUTS": "1",
            "WLR_RENDERER": "pixman",
        }
        try:
            self._start_sway(config / "sway" / "config", t0 + START_TIMEOUT)
            self._start_pointer(t0 + START_TIMEOUT)
            self._start_mako(t0 + START_TIMEOUT)
        except BaseException:
            self.stop()
            raise
        self.park()
        # What a client (gymbell, notify-send; grim/wayland clients as root) needs to reach it.
        self.env.vars["WAYLAND_DISPLAY"] = str(self.wayland_display)  # absolute: any XDG_RUNTIME_DIR
        self.env.vars["SWAYSOCK"] = self.swaysock
        self.startup_seconds = time.monotonic() - t0
        return self

    def _spawn(self, argv, log_name, stdout=None):
        with open(self.artifacts / log_name, "ab") as log:
            return subprocess.Popen(
                [str(a) for a in argv], env=self.user_env, cwd=self.user_env["HOME"],
                user=self.uid, group=self.gid, extra_groups=[], stdin=subprocess.DEVNULL,
                stdout=stdout if stdout is not None else log,
                stderr=log, start_new_session=True)

    def _start_sway(self, config, deadline):
        # sway picks the first free wayland-N in its XDG_RUNTIME_DIR and makes its IPC socket there.
        self.sway = self._spawn(["sway", "--config", config], "sway.log")
        while True:
            if self.sway.poll() is not None:
                raise RuntimeError(f"sway exited with {self.sway.returncode}: "
                                   + _tail(self.artifacts / "sway.log"))
            socks = sorted(p for p in self.run_dir.glob("wayland-*") if not p.name.endswith(".lock"))
            ipc = sorted(self.run_dir.glob("sway-ipc.*.sock"))
            if socks and ipc:
                self.wayland_display = socks[0]
                self.swaysock = str(ipc[0])
                break
            if time.monotonic() > deadline:
                raise RuntimeError(f"sway did not come up within {START_TIMEOUT:.0f} s: "
                                   + _tail(self.artifacts / "sway.log"))
            time.sleep(0.02)
        self.user_env["WAYLAND_DISPLAY"] = self.wayland_display.name
        self.user_env["SWAYSOCK"] = self.swaysock
        while self.swaymsg("-t", "get_version", check=False).returncode != 0:
            if time.monotonic() > deadline:
                raise RuntimeError("sway's IPC never answered: " + _tail(self.artifacts / "sway.log"))
            time.sleep(0.02)

    def _start_pointer(self, deadline):
        """A pointer device for seat0, kept while the server runs."""
        self.pointer = self._spawn([PYTHON, VIRTUAL_POINTER], "virtual-pointer.log",
                                   stdout=subprocess.PIPE)
        ready, _, _ = select.select([self.pointer.stdout], [], [], max(0.1, deadline - time.monotonic()))
        line = self.pointer.stdout.readline().decode().strip() if ready else "(nothing)"
        if line != "ready":
            raise RuntimeError(f"virtual pointer said {line!r}: "
                               + _tail(self.artifacts / "virtual-pointer.log"))
        while '"type": "pointer"' not in self.swaymsg("-t", "get_seats", check=False).stdout:
            if time.monotonic() > deadline:
                raise RuntimeError("seat0 never got the virtual pointer")
            time.sleep(0.02)

    def _start_mako(self, deadline):
        self.mako = self._spawn(["mako"], "mako.log")
        conn = dbus.bus.BusConnection(self.env.address)
        try:
            while not conn.name_has_owner(NOTIFICATIONS):
                if self.mako.poll() is not None:
                    raise RuntimeError(f"mako exited with {self.mako.returncode}: "
                                       + _tail(self.artifacts / "mako.log"))
                if time.monotonic() > deadline:
                    raise RuntimeError(f"mako did not own {NOTIFICATIONS} within "
                                       f"{START_TIMEOUT:.0f} s: " + _tail(self.artifacts / "mako.log"))
                time.sleep(0.02)
            info = conn.call_blocking(NOTIFICATIONS, NOTIFICATIONS_PATH, NOTIFICATIONS,
                                      "GetServerInformation", "", [], timeout=10)
            self.server_info = [str(x) for x in info]
        finally:
            conn.close()

    def stop(self):
        # mako first (it would log the compositor going away), then the pointer, then sway.
        for attr in ("mako", "pointer", "sway"):
            proc = getattr(self, attr)
            if proc is None:
                continue
            stop_process(proc)
            if proc.stdout:
                proc.stdout.close()
            setattr(self, attr, None)
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work = None
        if self.env.vars:
            for key in ("WAYLAND_DISPLAY", "SWAYSOCK"):
                self.env.vars.pop(key, None)

    # --- running things as the desktop's user -----------------------------------------------
    def run_as_user(self, argv, timeout=10.0, check=True, text=False):
        """Run a command as the desktop's user with its Wayland/sway/bus environment."""
        proc = subprocess.run([str(a) for a in argv], env=self.user_env, user=self.uid,
                              group=self.gid, extra_groups=[], capture_output=True, text=text,
                              timeout=timeout, start_new_session=True, stdin=subprocess.DEVNULL)
        if check and proc.returncode != 0:
            raise RuntimeError(f"`{' '.join(map(str, argv))}` failed ({proc.returncode}): "
                               f"{proc.stdout!r} {proc.stderr!r}")
        return proc

    def swaymsg(self, *args, check=True):
        return self.run_as_user(["swaymsg", *args], check=check, text=True)

    def makoctl(self, *args, check=True):
        """makoctl (busctl --user on DBUS_SESSION_BUS_ADDRESS: the test's bus)."""
        return self.run_as_user(["makoctl", *args], check=check, text=True)

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path):
        """grim as the user, PNG at compression level 1 on stdout (~50 ms for 1280x800)."""
        path = Path(path)
        proc = self.run_as_user(["grim", "-l", "1", "-"], timeout=10)
        path.write_bytes(proc.stdout)
        return path

    # --- input -------------------------------------------------------------------------------
    def move(self, x, y):
        # `cursor set` treats a 0 as "keep that coordinate": never send one.
        self.swaymsg("seat", "seat0", "cursor", "set", str(max(1, round(x))), str(max(1, round(y))))

    def click(self, x, y, button=1):
        """Press and release through seat0, then park the cursor bottom-left again: the headless
        output draws it into the picture, where it would hide text from OCR."""
        self.move(x, y)
        self.swaymsg("seat", "seat0", "cursor", "press", f"button{button}")
        self.swaymsg("seat", "seat0", "cursor", "release", f"button{button}")
        self.park()

    def park(self):
        """The pointer to the bottom-left corner, away from the notifications (top-right)."""
        self.move(10, SCREEN_H - 10)

    def invoke_action(self, label, key):
        """`makoctl invoke -n <newest id> <key>`: mako has no buttons. Unlike a click, this does not
        close the notification."""
        self.makoctl("invoke", "-n", str(self.newest_id()), key)
        return True

    # --- mako's own view ---------------------------------------------------------------------
    def list_notifications(self):
        """`makoctl list`, newest first: [{'id': 3, 'summary': …, 'actions': {key: label}, …}]."""
        data = json.loads(self.makoctl("list").stdout)
        return [{k: v.get("data") for k, v in n.items()} for n in data["data"][0]]

    def newest_id(self):
        ids = [int(n["id"]) for n in self.list_notifications()]
        if not ids:
            raise RuntimeError("mako shows no notification")
        return max(ids)




def _tail(path, limit=3000):
    try:
        text = Path(path).read_text(errors="replace")
    except OSError:
        return ""
    return text[-limit:]
