"""KDE Plasma 5.27 on Xvfb: Xvfb, kwin_x11, `plasmashell --no-respawn`, on the test's private bus.

plasmashell is its own notification server (its notification manager owns
org.freedesktop.Notifications). It needs a few KDE services D-Bus-activatable — above all
kactivitymanagerd, without which it aborts — so .service files for them go into env.services_dir
(the bus's only service folder). Everything runs with env's fresh HOME / XDG dirs; Debian's
/etc/xdg (plasmanotifyrc defaults …) stays visible to Plasma through XDG_CONFIG_DIRS, as in a
real session. Pointer: xdotool; screenshots: ImageMagick's `import` (see screenshot()).

The screen locker (only for a test that asks: start_screen_locker(), lock()): ksmserver owns
org.freedesktop.ScreenSaver and runs kscreenlocker_greet, which comes up on Xvfb as on a real X11
session (its media controls below the password field). Unlocking takes the password (PAM), so a test
locks once and leaves the screen locked until it stops everything. Seen there (Plasma 5.27.5): once the
last MPRIS player has left the bus while the lock screen is open, that lock screen shows no player again
(even one that comes back), until it is next opened; its play button sends PlayPause, the tray's
(popup, middle click, media key) Play or Pause.
"""

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import desktop_support as DS  # noqa: E402  (Xvfb, process helpers, the e2e harness)
from servers import DesktopServer  # noqa: E402
from xpointer import XdotoolPointer  # noqa: E402

SCREEN_W, SCREEN_H = 1280, 800
PANEL_H = 44  # Plasma's default bottom panel at this size
NOTIFICATIONS = "org.freedesktop.Notifications"
START_TIMEOUT = 120.0  # plasmashell on 2 busy cores

# The KDE services plasmashell and kwin ask the bus for, by name → the program the system's own
# .service file (/usr/share/dbus-1/services) starts.
LIBEXEC = "/usr/lib/x86_64-linux-gnu/libexec"
KDE_SERVICES = {
    "org.kde.ActivityManager": f"{LIBEXEC}/kactivitymanagerd",
    "org.kde.kglobalaccel": "/usr/bin/kglobalaccel5",
    "org.kde.kded5": "/usr/bin/kded5",
    "org.kde.kiod5": f"{LIBEXEC}/kf5/kiod5",
    "org.kde.KScreen": f"{LIBEXEC}/kf5/kscreen_backend_launcher",
}

# Written into the fresh XDG_CONFIG_HOME before Plasma starts: nothing that costs start-up time or
# changes what the screen shows on its own.
CONFIG_FILES = {
    # no file indexer (baloo_file is not installed here anyway; this keeps it off if it is)
    "baloofilerc": "[Basic Settings]\nIndexing-Enabled=false\n",
    # kwin without compositing: no OpenGL on llvmpipe eating the 2 cores, no animations
    "kwinrc": "[Compositing]\nEnabled=false\n\n[Plugins]\nblurEnabled=false\n",
    # no "Welcome"/"what's new" pages, no splash, no animations
    "plasma-welcomerc": "[General]\nShouldShow=false\nLastSeenVersion=5.27.5\n",
    "ksplashrc": "[KSplash]\nEngine=none\nTheme=None\n",
    "kdeglobals": "[KDE]\nAnimationDurationFactor=0\n",
    # the screen locker never blanks the screen under a long test
    "kscreenlockerrc": "[Daemon]\nAutolock=false\nLockOnResume=false\n",
    # no kded modules that watch hardware / network / updates
    "kded5rc": "".join(f"[Module-{m}]\nautoload=false\n\n" for m in (
        "kscreen", "plasma_accentcolor_service", "freespacenotifier", "networkmanagement",
        "bluedevil", "printmanager", "device_automounter", "solidautoeject", "baloosearchmodule",
        "browserintegrationreminder", "ktimezoned", "remotenotifier", "smbwatcher",
        "plasmavault", "appmenu", "khotkeys", "kwrited", "touchpad", "gtkconfig")),
}


class SizedXvfb(DS.Xvfb):
    """desktop_support's Xvfb at another screen size (its own start() reads module constants)."""

    def __init__(self, root, width=SCREEN_W, height=SCREEN_H):
        super().__init__(root)
        self.width, self.height = width, height

    def start(self, timeout=15.0):
        saved = DS.SCREEN_W, DS.SCREEN_H
        DS.SCREEN_W, DS.SCREEN_H = self.width, self.height
        try:
            return super().start(timeout=timeout)
        finally:
            DS.SCREEN_W, DS.SCREEN_H = saved


class PlasmaServer(XdotoolPointer, DesktopServer):
    name = "plasma"
    server_name = "Plasma"

    #: Plasma puts its popups at the bottom-right corner above the bottom panel: 336 px wide at
    #: x 908..1244, the oldest lowest (bottom edge y 720), newer ones stacked upwards 18 px apart,
    #: at most six at 1280x800. The region covers a full stack.
    notification_area = (SCREEN_W - 400, 0, SCREEN_W, SCREEN_H - PANEL_H)
    default_click_button = 1
    #: on a Plasma that had run a journey, the next journey's daily reminder did not appear at all
    #: (1 of 1 full runs shared, 2026-11-28; not understood): each journey gets a fresh Plasma
    shared = False

    def __init__(self, env, artifacts: Path):
        super().__init__(env, artifacts)
        self.xvfb = None
        self.procs = []  # (name, Popen) in start order
        self.startup_seconds = None
        self.display = None
        self.plasma_env = None

    # --- lifecycle ---------------------------------------------------------------------------
    def _write_services(self):
        sd = Path(self.env.services_dir)
        sd.mkdir(parents=True, exist_ok=True)
        for name, exe in KDE_SERVICES.items():
            (sd / f"{name}.service").write_text(f"[D-BUS Service]\nName={name}\nExec={exe}\n")

    def _write_config(self):
        config_home = Path(self.env.vars["XDG_CONFIG_HOME"])
        config_home.mkdir(parents=True, exist_ok=True)
        for name, text in CONFIG_FILES.items():
            path = config_home / name
            if not path.exists():
                path.write_text(text)

    def _spawn(self, name, argv, env):
        log = open(self.artifacts / f"{name}.log", "ab")
        try:
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        finally:
            log.close()
        self.procs.append((name, proc))
        return proc

    def _log_tail(self, name, lines=30):
        path = self.artifacts / f"{name}.log"
        try:
            return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def start(self):
        began = time.monotonic()
        self._write_services()
        self._write_config()
        self.xvfb = SizedXvfb(self.artifacts).start()
        self.display = self.xvfb.display

        # What a client on a Plasma X11 session sees.
        self.env.vars.update({
            "DISPLAY": self.display,
            "XDG_SESSION_TYPE": "x11",
            "XDG_CURRENT_DESKTOP": "KDE",
            "XDG_SESSION_DESKTOP": "KDE",
            "DESKTOP_SESSION": "plasma",
            "KDE_FULL_SESSION": "true",
            "KDE_SESSION_VERSION": "5",
        })
        env = dict(self.env.vars)
        env.update({
            # Plasma reads Debian's defaults (/etc/xdg/plasmanotifyrc …) like in a real session;
            # env's own config dir (empty) stays first.
            "XDG_CONFIG_DIRS": f"{self.env.vars.get('XDG_CONFIG_DIRS', '')}:/etc/xdg".lstrip(":"),
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            "QT_QPA_PLATFORM": "xcb",
            "KWIN_COMPOSE": "N",          # no compositing (see kwinrc)
            "KDE_DEBUG": "1",             # no DrKonqi crash dialogs, no KCrash auto-restart
            "PLASMA_USE_QT_SCALING": "0",
            "QT_LOGGING_RULES": "*.debug=false",
        })
        self.plasma_env = env
        self._update_activation_environment(env)

        self._spawn("kwin_x11", ["kwin_x11", "--replace"], env)
        self._wait_for_wm(began + START_TIMEOUT)
        self._spawn("plasmashell", ["plasmashell", "--no-respawn"], env)
        self._wait_for_notifications(began + START_TIMEOUT)
        self._wait_for_panel(began + START_TIMEOUT)
        self.startup_seconds = time.monotonic() - began
        return self

    def _update_activation_environment(self, env):
        """What the bus gives the services it starts (kglobalaccel5 needs DISPLAY, all of them the
        fresh HOME/XDG dirs): dbus-update-activation-environment's call."""
        import dbus
        keep = ("DISPLAY", "HOME", "XDG_", "KDE", "QT_", "DESKTOP_SESSION", "LANG", "TZ", "PATH")
        wanted = {k: v for k, v in env.items() if k.startswith(keep)}
        conn = self.env.connect()
        try:
            bus = conn.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False)
            bus.UpdateActivationEnvironment(dbus.Dictionary(wanted, signature="ss"),
                                            dbus_interface="org.freedesktop.DBus", timeout=10)
        finally:
            conn.close()

    def _check_alive(self, names=("kwin_x11", "plasmashell")):
        for name, proc in self.procs:
            if name in names and proc.poll() is not None:
                DS.pytest.fail(f"{name} exited with {proc.returncode} during start-up:\n"
                               f"{self._log_tail(name)}")

    def _wait_for_wm(self, deadline):
        """kwin_x11 has taken the screen: the root window has _NET_SUPPORTING_WM_CHECK."""
        while True:
            r = subprocess.run(["xprop", "-display", self.display, "-root", "_NET_SUPPORTING_WM_CHECK"],
                               capture_output=True, text=True)
            if r.returncode == 0 and "window id" in r.stdout:
                return
            self._check_alive(("kwin_x11",))
            if time.monotonic() >= deadline:
                DS.pytest.fail(f"kwin_x11 did not manage the screen in time:\n{self._log_tail('kwin_x11')}")
            time.sleep(0.1)

    def _wait_for_notifications(self, deadline):
        import dbus
        conn = self.env.connect()
        try:
            while True:
                try:
                    if conn.name_has_owner(NOTIFICATIONS):
                        obj = conn.get_object(NOTIFICATIONS, "/org/freedesktop/Notifications",
                                              introspect=False)
                        info = obj.GetServerInformation(
                            dbus_interface=NOTIFICATIONS, timeout=10)
                        if str(info[0]) == self.server_name:
                            self.server_info = tuple(str(x) for x in info)
                            return
                except dbus.exceptions.DBusException:
                    pass
                self._check_alive()
                if time.monotonic() >= deadline:
                    DS.pytest.fail("plasmashell did not answer GetServerInformation in time:\n"
                                   f"{self._log_tail('plasmashell')}")
                time.sleep(0.1)
        finally:
            conn.close()

    def _wait_for_panel(self, deadline):
        """The bottom panel is painted (popups are placed relative to it, and a screenshot taken
        before shows a black screen): its strip of the screen has more than a few colours."""
        x0, y0, w, h = 0, SCREEN_H - PANEL_H, SCREEN_W, PANEL_H
        while True:
            r = subprocess.run(
                ["import", "-display", self.display, "-window", "root",
                 "-crop", f"{w}x{h}+{x0}+{y0}", "+repage", "-format", "%k", "info:"],
                capture_output=True, text=True, timeout=20)
            if r.returncode == 0 and r.stdout.strip().isdigit() and int(r.stdout.strip()) > 8:
                return
            self._check_alive()
            if time.monotonic() >= deadline:
                DS.pytest.fail("plasmashell's panel was not painted in time:\n"
                               f"{self._log_tail('plasmashell')}")
            time.sleep(0.2)

    # --- the screen locker (ksmserver's; only for tests that ask) ----------------------------
    def start_screen_locker(self, timeout=60.0):
        """ksmserver on the test's bus: it owns org.freedesktop.ScreenSaver (kscreenlocker's
        GetActive, Lock, ActiveChanged) and starts kscreenlocker_greet when asked to lock. Unlocking
        takes a password (PAM): a test locks once and leaves it locked."""
        import dbus
        self._spawn("ksmserver", ["ksmserver"], self.plasma_env)
        conn = self.env.connect()
        try:
            deadline = time.monotonic() + timeout
            while not conn.name_has_owner("org.freedesktop.ScreenSaver"):
                self._check_alive(("ksmserver",))
                if time.monotonic() >= deadline:
                    DS.pytest.fail(f"ksmserver did not offer org.freedesktop.ScreenSaver:\n{self._log_tail('ksmserver')}")
                time.sleep(0.1)
        finally:
            conn.close()

    def screen_locked(self):
        import dbus
        conn = self.env.connect()
        try:
            locker = conn.get_object("org.freedesktop.ScreenSaver", "/ScreenSaver", introspect=False)
            return bool(locker.GetActive(dbus_interface="org.freedesktop.ScreenSaver", timeout=10))
        finally:
            conn.close()

    def lock(self, timeout=60.0):
        """Locks the screen as `loginctl lock-session` would have ksmserver do, and waits until
        kscreenlocker_greet has painted it (a first pointer move shows its password field)."""
        conn = self.env.connect()
        try:
            locker = conn.get_object("org.freedesktop.ScreenSaver", "/ScreenSaver", introspect=False)
            locker.Lock(dbus_interface="org.freedesktop.ScreenSaver", timeout=30)
        finally:
            conn.close()
        deadline = time.monotonic() + timeout
        while not self.screen_locked():
            if time.monotonic() >= deadline:
                DS.pytest.fail(f"the screen did not lock:\n{self._log_tail('ksmserver')}")
            time.sleep(0.1)

    def reveal_lock_screen(self):
        """The lock screen shows its clock alone until the pointer moves: move it (twice, far
        enough) and let the fade-in end."""
        self.move(SCREEN_W // 2 - 100, SCREEN_H // 2 - 100)
        time.sleep(0.2)
        self.move(SCREEN_W // 2, SCREEN_H // 2 + 50)
        time.sleep(1.0)

    def stop(self):
        for name, proc in reversed(self.procs):
            DS.stop_process(proc)
        self.procs = []
        # Services the bus activated for Plasma (kactivitymanagerd, kded5 …) are children of the
        # bus, which the env's owner stops; kill them here too if they are still in our world.
        self._stop_activated()
        if self.xvfb is not None:
            self.xvfb.stop()
            self.xvfb = None

    def _stop_activated(self):
        """End the services the private bus started for Plasma (kactivitymanagerd, kded5 …)."""
        exes = {os.path.realpath(e) for e in KDE_SERVICES.values()} | {"/usr/bin/kded5", "/usr/bin/kglobalaccel5"}
        DS.stop_bus_activated(self.env, lambda exe: exe in exes or exe.startswith(LIBEXEC))

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path) -> Path:
        return DS.quick_screenshot(self.display, path)

