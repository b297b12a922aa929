"""xfce4-notifyd 0.7 and notification-daemon 3.20 on Xvfb, each on the test's private session bus.

Neither needs a window manager (../../shared/DESKTOPS.md): both map override-redirect popups straight
onto the root window. The display is desktop_support's Xvfb (1024x600x24 on the first free display from
:50), reused by import; the pointer is the X server's core pointer, moved and clicked with xdotool;
screenshots are `import -window root` (ImageMagick).

    server = XfceServer(env, artifacts)            # or NotificationDaemonServer(env, artifacts)
    server.start()                                 # Xvfb + the server; env.vars["DISPLAY"] set
    server.screenshot(artifacts / "shot.png")
    server.click(x, y)
    server.stop()
"""

import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
REPO = HERE.parent.parent
for _dir in (HERE,):
    if str(_dir) not in sys.path:
        sys.path.insert(0, str(_dir))

import dbus  # noqa: E402  (python3-dbus: run with /usr/bin/python3)
import pytest  # noqa: E402

from desktop_support import H, SCREEN_H, SCREEN_W, Xvfb, run, stop_process  # noqa: E402
from servers import DesktopServer  # noqa: E402
from xpointer import XdotoolPointer  # noqa: E402

NOTIFICATIONS = "org.freedesktop.Notifications"
NOTIFICATIONS_PATH = "/org/freedesktop/Notifications"
DBUS_NAME = "org.freedesktop.DBus"
DBUS_PATH = "/org/freedesktop/DBus"

XFCE4_NOTIFYD = "/usr/lib/x86_64-linux-gnu/xfce4/notifyd/xfce4-notifyd"
XFCONFD = "/usr/lib/x86_64-linux-gnu/xfce4/xfconf/xfconfd"
NOTIFICATION_DAEMON = "/usr/lib/notification-daemon/notification-daemon"
XFCONF = "org.xfce.Xfconf"


def _kill_pid(pid, timeout=3.0):
    """SIGTERM a process that is not our child (a D-Bus activated one), then SIGKILL."""
    try:
        os.kill(pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
            if state in ("Z", "X"):
                return
        except (ProcessLookupError, FileNotFoundError):
            return
        time.sleep(0.05)
    try:
        os.kill(pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


class X11Server(XdotoolPointer, DesktopServer):
    """A notification server that is one X11 client on Xvfb; subclasses say how to run it."""

    #: argv of the server process (started with env.vars, DISPLAY set)
    argv = None
    #: D-Bus names of activatable helpers whose processes stop() ends (found by their owner's pid)
    helper_names = ()

    def __init__(self, env, artifacts):
        super().__init__(env, artifacts)
        self.xvfb = None
        self.proc = None
        self.log = self.artifacts / f"{self.name}.log"
        self.startup_seconds = None

    @classmethod
    def available(cls):
        """Whether the server's binary (and the X tools this module drives) are installed."""
        tools = ("Xvfb", "xdotool", "import", "xdpyinfo")
        return os.access(cls.argv[0], os.X_OK) and all(shutil.which(t) for t in tools)

    @property
    def display(self):
        return self.xvfb.display if self.xvfb else None

    # --- lifecycle ---------------------------------------------------------------------------
    def prepare(self):
        """Before the server runs: write its .service files, its settings. Default: nothing."""

    def start(self, timeout=30.0):
        began = time.monotonic()
        self.xvfb = Xvfb(self.artifacts).start()
        self.env.vars["DISPLAY"] = self.display
        # D-Bus activated helpers (xfconfd) run in the bus's environment, not the test's: give them
        # the test's HOME, XDG dirs and DISPLAY.
        conn = self.env.connect()
        try:
            conn.call_blocking(DBUS_NAME, DBUS_PATH, DBUS_NAME, "UpdateActivationEnvironment", "a{ss}",
                               [{k: v for k, v in self.env.vars.items() if isinstance(v, str)}], timeout=5)
            self.prepare()
            with open(self.log, "ab") as log:
                self.proc = subprocess.Popen(
                    self.argv, env=self.env.vars, stdin=subprocess.DEVNULL, stdout=log,
                    stderr=subprocess.STDOUT, start_new_session=True)
            self._wait_serving(conn, timeout)
        finally:
            conn.close()
        self.startup_seconds = time.monotonic() - began
        return self

    def _wait_serving(self, conn, timeout):
        """Until our process owns org.freedesktop.Notifications and GetServerInformation answers."""
        deadline = time.monotonic() + timeout
        last = None
        while True:
            if self.proc.poll() is not None:
                pytest.fail(f"{self.name} exited with {self.proc.returncode}:\n{H._tail(self.log)}")
            try:
                owner = conn.get_name_owner(NOTIFICATIONS)
                pid = conn.call_blocking(DBUS_NAME, DBUS_PATH, DBUS_NAME, "GetConnectionUnixProcessID",
                                         "s", [owner], timeout=5)
                if int(pid) == self.proc.pid:
                    info = conn.call_blocking(owner, NOTIFICATIONS_PATH, NOTIFICATIONS,
                                              "GetServerInformation", "", [], timeout=5)
                    self.server_info = [str(x) for x in info]
                    return
            except dbus.exceptions.DBusException as e:  # not there yet
                last = e
            if time.monotonic() >= deadline:
                pytest.fail(f"{self.name} did not serve {NOTIFICATIONS} within {timeout:.0f} s ({last}):\n"
                            f"{H._tail(self.log)}")
            time.sleep(0.05)

    def _helper_pids(self):
        pids = []
        if not self.helper_names or self.env.address is None:
            return pids
        try:
            conn = self.env.connect()
        except dbus.exceptions.DBusException:
            return pids
        try:
            for name in self.helper_names:
                try:
                    owner = conn.get_name_owner(name)
                    pids.append(int(conn.call_blocking(DBUS_NAME, DBUS_PATH, DBUS_NAME,
                                                       "GetConnectionUnixProcessID", "s", [owner], timeout=5)))
                except dbus.exceptions.DBusException:
                    pass
        finally:
            conn.close()
        return pids

    def stop(self):
        helpers = self._helper_pids()
        stop_process(self.proc)
        self.proc = None
        for pid in helpers:
            _kill_pid(pid)
        if self.xvfb is not None:
            self.xvfb.stop()
            self.xvfb = None

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path):
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        r = run(["import", "-display", self.display, "-window", "root", path], timeout=20)
        assert r.returncode == 0 and path.is_file(), f"import failed: {r.stderr}"
        return path


class XfceServer(X11Server):
    """xfce4-notifyd 0.7.3. It reads its settings from xfconfd (org.xfce.Xfconf, D-Bus activated
    from the test's service folder; settings kept under the test's XDG_CONFIG_HOME)."""

    name = "xfce"
    server_name = "Xfce Notify Daemon"
    argv = [XFCE4_NOTIFYD]
    helper_names = (XFCONF,)
    #: top-right corner, 16 px in; bubbles (as wide as their text) stack downwards; when the column
    #: is full a new one starts to its left
    notification_area = (SCREEN_W // 2, 0, SCREEN_W, SCREEN_H)

    @classmethod
    def available(cls):
        return super().available() and os.access(XFCONFD, os.X_OK)

    def prepare(self):
        (self.env.services_dir / f"{XFCONF}.service").write_text(
            f"[D-BUS Service]\nName={XFCONF}\nExec={XFCONFD}\n")


class NotificationDaemonServer(X11Server):
    """notification-daemon 3.20 (GNOME's fallback server)."""

    name = "notification-daemon"
    server_name = "Notification Daemon"
    argv = [NOTIFICATION_DAEMON, "--replace"]
    #: one 400 px wide bubble at a time, top-right at (618, 6); taller with action buttons
    notification_area = (SCREEN_W - 424, 0, SCREEN_W, 200)
    #: its CloseNotification leaves the bubble up until it expires, and it shows one at a time: the
    #: last journey's completion would hold back the next journey's daily reminder
    shared = False


MATE_NOTIFICATION_DAEMON = "/usr/lib/mate-notification-daemon/mate-notification-daemon"


class MateServer(X11Server):
    """MATE's notification daemon 1.26. It calls itself "Notification Daemon" in GetServerInformation,
    like GNOME's notification-daemon: its vendor ("MATE") tells them apart."""

    name = "mate"
    server_name = "Notification Daemon"
    argv = [MATE_NOTIFICATION_DAEMON, "--replace"]
    notification_area = (SCREEN_W // 2, 0, SCREEN_W, SCREEN_H)


class LxqtServer(X11Server):
    """lxqt-notificationd 1.2 (LXQt's server; Qt 5)."""

    name = "lxqt"
    server_name = "lxqt-notificationd"
    argv = ["/usr/bin/lxqt-notificationd"]
    #: bottom-right, 300 px wide, stacked upwards
    notification_area = (SCREEN_W // 2, 0, SCREEN_W, SCREEN_H)
    #: three buttons share a 186 px row there: gymbell sends the short labels (OCR reads "−1 rep" as "-lrep")
    labels = {"Start Workout": "Start", "Snooze 1 hour": "Snooze", "Set done": "Done", "Fewer reps": "rep", "End workout": "End",
              "Start Easy Run": "Easy"}
