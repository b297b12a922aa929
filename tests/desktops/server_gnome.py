"""GNOME Shell 43 headless on Wayland as a DesktopServer.

    gnome-shell --headless --wayland --no-x11 --virtual-monitor 1280x800

runs on the test's private session bus (env.address) with a private *system* bus of its own (the
shell asks logind there; on this machine kind /run/systemd/seats exists, so it would otherwise talk
to the real one). Its notification daemon is the gjs script org.gnome.Shell.Notifications, activated
from a .service file written into env.services_dir (Debian's gnome-shell does not depend on gjs).

Looking: org.gnome.Shell.Screenshot.Screenshot, which answers only callers owning an allow-listed
name, so this module's own bus connection owns org.gnome.Screenshot.

Pointer: a Mutter RemoteDesktop session (the API gnome-remote-desktop uses), relative motion only
(absolute motion needs a ScreenCast stream, i.e. PipeWire). The pointer is first pushed into the
bottom-right corner (the top-left one is the hot corner that opens the overview), and its position
is tracked from there.
"""

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

# The process-group stop every desktop test module shares (desktop_support.py).
_DESKTOP_TESTS = str(Path(__file__).resolve().parent)
if _DESKTOP_TESTS not in sys.path:
    sys.path.insert(0, _DESKTOP_TESTS)
from desktop_support import stop_process  # noqa: E402
from private_bus import bus_config  # noqa: E402  (tests/support, on sys.path through desktop_support)

import dbus

try:  # the interface, whether loaded as a package module or from this folder
    from .servers import DesktopServer
except ImportError:  # pragma: no cover
    from servers import DesktopServer

WIDTH, HEIGHT = 1280, 800
NOTIFICATIONS = "org.freedesktop.Notifications"
NOTIFICATIONS_PATH = "/org/freedesktop/Notifications"
SHELL_NAME = "org.gnome.Shell"
SCREENSHOT_PATH = "/org/gnome/Shell/Screenshot"
SCREENSHOT_IFACE = "org.gnome.Shell.Screenshot"
ALLOWED_SCREENSHOT_NAME = "org.gnome.Screenshot"
RD_NAME = "org.gnome.Mutter.RemoteDesktop"
RD_PATH = "/org/gnome/Mutter/RemoteDesktop"
RD_SESSION_IFACE = "org.gnome.Mutter.RemoteDesktop.Session"
BTN_CODES = {1: 0x110, 2: 0x112, 3: 0x111}  # BTN_LEFT, BTN_MIDDLE, BTN_RIGHT (linux/input-event-codes.h)

ATTEMPT_TIMEOUT = 45.0  # a start takes 3-4 s on 2 idle cores; generous for a loaded machine
ATTEMPTS = 3

# Activatable on the private session bus: the notification daemon (required) and the helpers the
# shell asks for at start-up (calendar server for the date menu, dconf for settings writes).
SERVICES = {
    "org.gnome.Shell.Notifications": "/usr/bin/gjs /usr/share/gnome-shell/org.gnome.Shell.Notifications",
    "org.gnome.Shell.CalendarServer": "/usr/libexec/gnome-shell-calendar-server",
    "ca.desrt.dconf": "/usr/libexec/dconf-service",
}




def _pixel(pixbuf, x, y):
    o = y * pixbuf.get_rowstride() + x * pixbuf.get_n_channels()
    return tuple(pixbuf.get_pixels()[o:o + 3])


def _is_banner_grey(rgb):
    r, g, b = rgb
    return max(r, g, b) - min(r, g, b) < 12 and 40 <= r <= 110


class _Stalled(Exception):
    pass


class GnomeServer(DesktopServer):
    name = "gnome"
    server_name = "gnome-shell"
    #: banners drop in at the top centre: 1280 px screen, banner ~ 390 px wide (plus its shadow),
    #: up to ~ 200 px high when expanded with buttons
    notification_area = (380, 32, 900, 300)
    default_click_button = 1

    def __init__(self, env, artifacts):
        super().__init__(env, artifacts)
        self.sys_bus_proc = None
        self.shell_proc = None
        self.bus = None
        self.rd_session = None
        self.pointer = None
        self.start_seconds = None
        self.screenshot_ms = []
        self.wayland_display = "wayland-gymbell"
        #: set before start(): GDM's version on the private system bus, so that the shell makes its
        #: lock screen (gdm_version.py), and org.gnome.ScreenSaver activatable
        self.can_lock = False
        #: set before start(): the real gnome-session (--builtin, a session with no components) on the
        #: test's buses beside the shell: org.gnome.SessionManager, its inhibitors and presence
        self.session_manager = False
        self.gdm_proc = None
        self.session_proc = None

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self):
        t0 = time.monotonic()
        env = self.env
        for name, exec_line in SERVICES.items():
            (Path(env.services_dir) / f"{name}.service").write_text(
                f"[D-BUS Service]\nName={name}\nExec={exec_line}\n")

        # A private system bus: logind (and others) are simply absent there.
        sock_dir = Path(env.sock_dir)
        sys_conf = Path(env.root) / "system-bus.conf"
        sys_sock = sock_dir / "system_bus"
        sys_conf.write_text(bus_config(sys_sock, kind="system", every_user=False))
        self.sys_bus_proc = subprocess.Popen(
            ["dbus-daemon", f"--config-file={sys_conf}", "--nofork"],
            stdout=subprocess.DEVNULL, stderr=open(self.artifacts / "gnome-system-bus.log", "wb"),
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + 10
        while not sys_sock.exists():
            if time.monotonic() > deadline or self.sys_bus_proc.poll() is not None:
                raise RuntimeError("the private system bus did not come up")
            time.sleep(0.02)

        # The shell warns once per user that it cannot lock the screen without GDM; that banner
        # would stand in front of the test's own. It is not repeated when this file exists.
        warned = Path(env.vars["XDG_DATA_HOME"]) / "gnome-shell" / "lock-warning-shown"
        warned.parent.mkdir(parents=True, exist_ok=True)
        warned.touch()

        self.bus = dbus.bus.BusConnection(env.address)
        self.bus.request_name(ALLOWED_SCREENSHOT_NAME, dbus.bus.NAME_FLAG_DO_NOT_QUEUE)
        self.shell_env = shell_env = dict(env.vars)
        shell_env.update({
            "DBUS_SYSTEM_BUS_ADDRESS": f"unix:path={sys_sock}",
            "XDG_SESSION_TYPE": "wayland",
            "XDG_CURRENT_DESKTOP": "GNOME",
            "XDG_SESSION_DESKTOP": "gnome",
            "GNOME_SHELL_SESSION_MODE": "user",
            "GIO_USE_VFS": "local",
            "GVFS_DISABLE_FUSE": "1",
        })
        shell_env.pop("DISPLAY", None)
        if self.can_lock:
            self._start_gdm_version(sys_sock)
        if self.session_manager:
            self._start_session_manager()

        # Once in ~25 starts the shell stalled for two minutes before its first frame (no log
        # line says why). A normal start takes 3-4 s, so a start that has not answered within
        # ATTEMPT_TIMEOUT is abandoned (its backtrace kept) and the shell started afresh.
        for attempt in range(1, ATTEMPTS + 1):
            try:
                self._start_shell(attempt)
                break
            except _Stalled as stalled:
                self._keep_backtrace(attempt)
                stop_process(self.shell_proc)
                self.shell_proc = None
                if attempt == ATTEMPTS:
                    raise RuntimeError(str(stalled)) from None

        self._start_remote_desktop()
        self._leave_overview()
        self._dismiss_startup_banners()
        env.vars["WAYLAND_DISPLAY"] = self.wayland_display
        env.vars["XDG_SESSION_TYPE"] = "wayland"
        env.vars["XDG_CURRENT_DESKTOP"] = "GNOME"
        self.start_seconds = time.monotonic() - t0
        return self

    def _start_gdm_version(self, sys_sock):
        """gdm_version.py on the private system bus; org.gnome.ScreenSaver (the shell's gjs proxy of
        org.gnome.Shell.ScreenShield) activatable on the session bus."""
        (Path(self.env.services_dir) / "org.gnome.ScreenSaver.service").write_text(
            "[D-BUS Service]\nName=org.gnome.ScreenSaver\nExec=/usr/bin/gjs /usr/share/gnome-shell/org.gnome.ScreenSaver\n")
        self.gdm_proc = subprocess.Popen(
            ["/usr/bin/python3", str(Path(__file__).resolve().parent / "gdm_version.py"), f"unix:path={sys_sock}"],
            stdout=subprocess.PIPE, stderr=open(self.artifacts / "gdm-version.log", "wb"),
            stdin=subprocess.DEVNULL, start_new_session=True)
        line = self.gdm_proc.stdout.readline().decode().strip()
        if line != "ready":
            raise RuntimeError(f"gdm_version.py said {line!r}; see {self.artifacts / 'gdm-version.log'}")

    def _start_session_manager(self, timeout=20.0):
        """gnome-session-binary --builtin with a session of no components and no autostart folder
        (nothing else is started), on the private session and system buses."""
        data = Path(self.env.root) / "gnome-session-data"
        (data / "gnome-session" / "sessions").mkdir(parents=True, exist_ok=True)
        (data / "gnome-session" / "sessions" / "gymbell-test.session").write_text(
            "[GNOME Session]\nName=gymbell test\nRequiredComponents=\n")
        autostart = Path(self.env.root) / "gnome-session-autostart"
        autostart.mkdir(exist_ok=True)
        session_env = dict(self.shell_env)
        session_env["XDG_DATA_DIRS"] = f"{data}:{session_env.get('XDG_DATA_DIRS', '/usr/local/share:/usr/share')}"
        self.session_proc = subprocess.Popen(
            ["/usr/libexec/gnome-session-binary", "--builtin", "--session=gymbell-test",
             "--disable-acceleration-check", f"--autostart={autostart}"],
            env=session_env, stdout=open(self.artifacts / "gnome-session.log", "wb"), stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + timeout
        while not self.bus.name_has_owner("org.gnome.SessionManager"):
            if self.session_proc.poll() is not None or time.monotonic() > deadline:
                raise RuntimeError(f"gnome-session did not own org.gnome.SessionManager; see {self.artifacts / 'gnome-session.log'}")
            time.sleep(0.05)

    def _start_shell(self, attempt):
        self.shell_log = self.artifacts / (
            "gnome-shell.log" if attempt == 1 else f"gnome-shell-attempt{attempt}.log")
        self.shell_proc = subprocess.Popen(
            ["gnome-shell", "--headless", "--wayland", "--no-x11",
             "--wayland-display", self.wayland_display,
             "--virtual-monitor", f"{WIDTH}x{HEIGHT}"],
            env=self.shell_env, stdout=open(self.shell_log, "wb"), stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL, start_new_session=True)
        deadline = time.monotonic() + ATTEMPT_TIMEOUT
        info = None
        while info is None:
            if self.shell_proc.poll() is not None:
                raise RuntimeError(f"gnome-shell exited ({self.shell_proc.returncode}); see {self.shell_log}")
            if time.monotonic() > deadline:
                raise _Stalled(f"gnome-shell did not answer on {NOTIFICATIONS} within "
                               f"{ATTEMPT_TIMEOUT:.0f} s ({attempt} attempts); see {self.shell_log}")
            try:
                if self.bus.name_has_owner(SHELL_NAME):
                    obj = self.bus.get_object(NOTIFICATIONS, NOTIFICATIONS_PATH)
                    info = dbus.Interface(obj, NOTIFICATIONS).GetServerInformation(timeout=10)
            except dbus.DBusException:
                pass
            if info is None:
                time.sleep(0.25)
        assert str(info[0]) == self.server_name, info

    def _keep_backtrace(self, attempt):
        """gdb's backtrace of a stalled shell into the artefacts (when gdb is installed)."""
        if self.shell_proc is None or not shutil.which("gdb"):
            return
        with open(self.artifacts / f"gnome-shell-stall{attempt}-backtrace.txt", "wb") as out:
            try:
                subprocess.run(["gdb", "-p", str(self.shell_proc.pid), "-batch",
                                "-ex", "thread apply all bt"], stdout=out, stderr=subprocess.STDOUT,
                               stdin=subprocess.DEVNULL, timeout=60)
            except subprocess.TimeoutExpired:
                pass

    def _start_remote_desktop(self):
        rd = dbus.Interface(self.bus.get_object(RD_NAME, RD_PATH), "org.gnome.Mutter.RemoteDesktop")
        path = rd.CreateSession()
        self.rd_session = dbus.Interface(self.bus.get_object(RD_NAME, path), RD_SESSION_IFACE)
        self.rd_session.Start()
        self._home_pointer()

    def _home_pointer(self):
        """Push the pointer into the bottom-right corner (motion is clamped to the screen)."""
        self.rd_session.NotifyPointerMotionRelative(dbus.Double(4 * WIDTH), dbus.Double(4 * HEIGHT))
        self.pointer = (WIDTH - 1, HEIGHT - 1)

    def overview_active(self):
        shell = self.bus.get_object(SHELL_NAME, "/org/gnome/Shell")
        return bool(shell.Get(SHELL_NAME, "OverviewActive", dbus_interface=dbus.PROPERTIES_IFACE))

    def _leave_overview(self, timeout=20.0):
        """The shell starts in the overview; Escape (via the RemoteDesktop keyboard) leaves it.
        The start-up animation ignores input for a moment, so press until it is gone."""
        KEY_ESC = 1
        deadline = time.monotonic() + timeout
        # It enters the overview as its start-up animation; wait for that before leaving it.
        while not self.overview_active() and time.monotonic() < deadline:
            time.sleep(0.1)
        while self.overview_active():
            if time.monotonic() > deadline:
                raise RuntimeError("gnome-shell stayed in the overview")
            self.rd_session.NotifyKeyboardKeycode(dbus.UInt32(KEY_ESC), True)
            self.rd_session.NotifyKeyboardKeycode(dbus.UInt32(KEY_ESC), False)
            time.sleep(0.3)
        time.sleep(0.3)  # the overview's closing animation (250 ms)

    def banner_showing(self):
        """Whether a banner stands at the top centre: its dark grey body over the blue desktop."""
        pb = self._pixbuf(self.screenshot(Path(self.env.root) / "gnome-probe.png"))
        return any(_is_banner_grey(_pixel(pb, 640, y)) for y in (45, 60, 75, 90))

    @staticmethod
    def _pixbuf(path):
        import gi
        gi.require_version("GdkPixbuf", "2.0")
        from gi.repository import GdkPixbuf
        return GdkPixbuf.Pixbuf.new_from_file(str(path))

    def _dismiss_startup_banners(self, appear_within=10.0):
        """As root the shell greets with a (transient) "Logged in as a privileged user" banner once
        the overview is left; clicking it makes it go. Afterwards the screen is clear."""
        if os.getuid() != 0:
            return
        deadline = time.monotonic() + appear_within
        while not self.banner_showing():
            if time.monotonic() > deadline:
                return
            time.sleep(0.1)
        for _ in range(3):
            self.click(640, 75)
            self.move(WIDTH - 20, HEIGHT - 20)
            gone = time.monotonic() + 2.0
            while time.monotonic() < gone:
                time.sleep(0.1)
                if not self.banner_showing():
                    time.sleep(0.3)  # the banner's slide-out (250 ms)
                    return
        raise RuntimeError("the shell's start-up banner did not go away")

    def stop(self):
        if self.rd_session is not None:
            try:
                self.rd_session.Stop()
            except dbus.DBusException:
                pass
            self.rd_session = None
        if self.bus is not None:
            try:
                self.bus.close()
            except Exception:
                pass
            self.bus = None
        stop_process(self.shell_proc)
        self.shell_proc = None
        for attr in ("session_proc", "gdm_proc"):
            proc = getattr(self, attr)
            if proc is not None:
                stop_process(proc)
                if proc.stdout:
                    proc.stdout.close()
                setattr(self, attr, None)
        stop_process(self.sys_bus_proc)
        self.sys_bus_proc = None
        # services the session bus activated (gjs notification daemon, calendar server, dconf)
        # live in the bus's own process group and end with the bus.

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path, include_cursor=False):
        path = Path(path).resolve()
        path.parent.mkdir(parents=True, exist_ok=True)
        shot = dbus.Interface(self.bus.get_object(SHELL_NAME, SCREENSHOT_PATH), SCREENSHOT_IFACE)
        t0 = time.monotonic()
        ok, used = shot.Screenshot(include_cursor, False, str(path), timeout=10)
        self.screenshot_ms.append((time.monotonic() - t0) * 1000)
        if not ok:
            raise RuntimeError(f"Shell Screenshot failed for {path}")
        return Path(str(used))

    # --- input -------------------------------------------------------------------------------
    def move(self, x, y):
        x = max(0, min(WIDTH - 1, int(round(x))))
        y = max(0, min(HEIGHT - 1, int(round(y))))
        if self.pointer is None:
            self._home_pointer()
        px, py = self.pointer
        if (x, y) != (px, py):
            self.rd_session.NotifyPointerMotionRelative(dbus.Double(x - px), dbus.Double(y - py))
            self.pointer = (x, y)

    def click(self, x, y, button=1):
        self.move(x, y)
        time.sleep(0.15)  # let the hover (which reveals GNOME's action buttons) take effect
        code = dbus.Int32(BTN_CODES[button])
        self.rd_session.NotifyPointerButton(code, True)
        time.sleep(0.05)
        self.rd_session.NotifyPointerButton(code, False)
