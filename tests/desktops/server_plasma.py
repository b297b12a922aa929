"""KDE Plasma 5.27 on Xvfb (server_session): kwin_x11, `plasmashell --no-respawn`, on the test's private bus.

plasmashell is its own notification server (its notification manager owns
org.freedesktop.Notifications). It needs a few KDE services D-Bus-activatable — above all
kactivitymanagerd, without which it aborts — so .service files for them go into env.services_dir
(the bus's only service folder). Everything runs with env's fresh HOME / XDG dirs; Debian's
/etc/xdg (plasmanotifyrc defaults …) stays visible to Plasma through XDG_CONFIG_DIRS, as in a
real session. Pointer: xdotool; screenshots: ImageMagick's `import` (server_session).

The screen locker (only for a test that asks: start_screen_locker(), lock()): ksmserver owns
org.freedesktop.ScreenSaver and runs kscreenlocker_greet, which comes up on Xvfb as on a real X11
session (its media controls below the password field). Unlocking takes the password (PAM), so a test
locks once and leaves the screen locked until it stops everything. Seen there (Plasma 5.27.5): once the
last MPRIS player has left the bus while the lock screen is open, that lock screen shows no player again
(even one that comes back), until it is next opened; its play button sends PlayPause, the tray's
(popup, middle click, media key) Play or Pause.
"""

import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import desktop_support as DS  # noqa: E402  (process helpers, the e2e harness)
from server_session import SCREEN_H, SCREEN_W, X11Session  # noqa: E402

PANEL_H = 44  # Plasma's default bottom panel at this size

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



class PlasmaServer(X11Session):
    name = "plasma"
    server_name = "Plasma"
    services = KDE_SERVICES
    session_vars = {
        "XDG_CURRENT_DESKTOP": "KDE",
        "XDG_SESSION_DESKTOP": "KDE",
        "DESKTOP_SESSION": "plasma",
        "KDE_FULL_SESSION": "true",
        "KDE_SESSION_VERSION": "5",
    }
    activation_vars = X11Session.activation_vars + ("KDE", "QT_")
    start_timeout = 120.0  # plasmashell on 2 busy cores
    activated_folders = (LIBEXEC + "/",)  # what the services start in turn (kscreen's backend …)

    #: Plasma puts its popups at the bottom-right corner above the bottom panel: 336 px wide at
    #: x 908..1244, the oldest lowest (bottom edge y 720), newer ones stacked upwards 18 px apart,
    #: at most six at 1280x800. The region covers a full stack.
    notification_area = (SCREEN_W - 400, 0, SCREEN_W, SCREEN_H - PANEL_H)
    default_click_button = 1
    #: on a Plasma that had run a journey, the next journey's daily reminder did not appear at all
    #: (1 of 1 full runs shared, 2026-11-28; not understood): each journey gets a fresh Plasma
    shared = False

    def process_vars(self):
        return {
            # Plasma reads Debian's defaults (/etc/xdg/plasmanotifyrc …) like in a real session;
            # env's own config dir (empty) stays first.
            "XDG_CONFIG_DIRS": f"{self.env.vars.get('XDG_CONFIG_DIRS', '')}:/etc/xdg".lstrip(":"),
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            "QT_QPA_PLATFORM": "xcb",
            "KWIN_COMPOSE": "N",          # no compositing (see kwinrc)
            "KDE_DEBUG": "1",             # no DrKonqi crash dialogs, no KCrash auto-restart
            "PLASMA_USE_QT_SCALING": "0",
            "QT_LOGGING_RULES": "*.debug=false",
        }

    def launch(self, deadline):
        config_home = Path(self.env.vars["XDG_CONFIG_HOME"])
        config_home.mkdir(parents=True, exist_ok=True)
        for name, text in CONFIG_FILES.items():
            path = config_home / name
            if not path.exists():
                path.write_text(text)
        self.spawn("kwin_x11", ["kwin_x11", "--replace"])
        self._wait_for_wm(deadline)
        self.spawn("plasmashell", ["plasmashell", "--no-respawn"])

    def ready(self, deadline):
        # popups are placed relative to the panel, and a screenshot taken before shows a black screen
        self.wait_painted((0, SCREEN_H - PANEL_H, SCREEN_W, SCREEN_H), deadline, "plasmashell's panel")

    def _wait_for_wm(self, deadline):
        """kwin_x11 has taken the screen: the root window has _NET_SUPPORTING_WM_CHECK."""
        while True:
            r = subprocess.run(["xprop", "-display", self.display, "-root", "_NET_SUPPORTING_WM_CHECK"],
                               capture_output=True, text=True)
            if r.returncode == 0 and "window id" in r.stdout:
                return
            self.check_alive(("kwin_x11",))
            if time.monotonic() >= deadline:
                DS.pytest.fail(f"kwin_x11 did not manage the screen in time:\n{self.log_tail('kwin_x11')}")
            time.sleep(0.1)

    # --- the screen locker (ksmserver's; only for tests that ask) ----------------------------
    def start_screen_locker(self, timeout=60.0):
        """ksmserver on the test's bus: it owns org.freedesktop.ScreenSaver (kscreenlocker's
        GetActive, Lock, ActiveChanged) and starts kscreenlocker_greet when asked to lock. Unlocking
        takes a password (PAM): a test locks once and leaves it locked."""
        import dbus
        self.spawn("ksmserver", ["ksmserver"])
        conn = self.env.connect()
        try:
            deadline = time.monotonic() + timeout
            while not conn.name_has_owner("org.freedesktop.ScreenSaver"):
                self.check_alive(("ksmserver",))
                if time.monotonic() >= deadline:
                    DS.pytest.fail(f"ksmserver did not offer org.freedesktop.ScreenSaver:\n{self.log_tail('ksmserver')}")
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
                DS.pytest.fail(f"the screen did not lock:\n{self.log_tail('ksmserver')}")
            time.sleep(0.1)

    def hold_lock_screen_ui(self):
        """Keeps the lock screen's password field and media controls up: one letter typed into the
        password field. Its UI hides 10 s after it appeared, the pointer moving or not (the fade-out
        timer restarts only when the UI comes back), and a click then lands on no button (a click on
        the lock screen's play button was lost under load); with text in the password field the timer
        is stopped. The field has the keyboard focus even while the UI is hidden."""
        self._xdotool("type", "x")

    def reveal_lock_screen(self):
        """The lock screen shows its clock alone until the pointer moves: move it (twice, far
        enough) and let the fade-in end."""
        self.move(SCREEN_W // 2 - 100, SCREEN_H // 2 - 100)
        time.sleep(0.2)
        self.move(SCREEN_W // 2, SCREEN_H // 2 + 50)
        time.sleep(1.0)
