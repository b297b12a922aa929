"""KDE Plasma 5.27 on Wayland: `kwin_wayland --virtual` (1280x800, no GPU: OpenGL on Mesa's llvmpipe)
and `plasmashell --no-respawn` on it, on the test's private bus — the session Plasma 6 starts by default.

    server = PlasmaWaylandServer(env, artifacts)   # env: the e2e harness's Env, its bus started
    server.start()        # kwin_wayland, the fake-input pointer, plasmashell; env.vars["WAYLAND_DISPLAY"]
    server.screenshot(artifacts / "shot.png")      # org.kde.KWin.ScreenShot2 CaptureArea
    server.click(x, y)                             # org_kde_kwin_fake_input (kwin_fake_input.py)
    server.stop()

Bring-up (../../shared/WAYLAND.md): Debian's /usr/bin/kwin_wayland carries the file capability
cap_sys_resource, which this container's bounding set lacks (execve: "Operation not permitted"), so a
copy is run (cp drops the capability). KWin runs as root with env's XDG_RUNTIME_DIR, its Wayland socket
`wayland-gb` there, its permission checks on (the test's pointer allowed by a desktop file, as a real
session allows its clients: kwin_fake_input.FakeInputProcess) and KWIN_SCREENSHOT_NO_PERMISSION_CHECKS
(ScreenShot2 answers the test); no Xwayland. Every Qt
client, the services the bus starts (kactivitymanagerd, kded5) too, needs QT_QPA_PLATFORM=wayland in
the bus's activation environment: without it kactivitymanagerd aborts and plasmashell hangs. The
fresh-HOME config is server_plasma's (KWin's compositing stays on: it cannot be off on Wayland).
gymbell and its window get WAYLAND_DISPLAY and XDG_SESSION_TYPE=wayland and no DISPLAY: gymbell-window
(GTK 4) is a Wayland client here.

plasmashell is the same notification server as on X11 (GetServerInformation "Plasma", "KDE",
"5.27.5", "1.2"; capabilities with `inhibitions`), so gymbell's ServerProfile is Plasma's. Seen here:
popups 332x103 at x 912..1244, the oldest at the bottom (y 617..720), newer ones stacked above; the
bottom panel 44 px. Urgency: low and normal pop up and expire (expire_timeout −1: closed, reason 1,
after ~5.3 s, with or without actions; a person hovering one keeps it); critical stays until acted on.
Resident and `replaces_id`: as on X11 (the same plasmashell). Actions: buttons under the body (one
action right-aligned); a click on a button or, for `default`, on the body emits, in order,
ActivationToken(id, "kwin-N") — an xdg_activation token, which the X11 session never sends —
ActionInvoked and NotificationClosed reason 3. Sound: plasmashell plays none for gymbell's
notifications (gymbell's own, with `suppress-sound`, is heard from the null sink). Do Not Disturb: the
Notifications `Inhibit` call, held while its caller stays on the bus; a notification sent meanwhile pops
up after `UnInhibit`, unexpired.

Pointer: the seat has a pointer only while a fake-input device exists, and Qt binds its wl_pointer
asynchronously: the fake-input client is connected before plasmashell starts and kept for the session
(a short-lived client's first click is lost). Screenshots: CaptureArea without the cursor (BGRA through
a pipe, written as a PNG here), ~0.1 s.
"""

import os
import shutil
import struct
import sys
import time
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import desktop_support as DS  # noqa: E402
from kwin_fake_input import FakeInputProcess  # noqa: E402
from server_plasma import CONFIG_FILES, LIBEXEC, PANEL_H  # noqa: E402
from server_session import SCREEN_H, SCREEN_W, X11Session  # noqa: E402

SOCKET = "wayland-gb"
KWIN = "org.kde.KWin"
SCREENSHOT2 = ("/org/kde/KWin/ScreenShot2", "org.kde.KWin.ScreenShot2")
#: what plasmashell and KWin ask the bus for on Wayland (KWin owns org.kde.kglobalaccel itself)
SERVICES = {
    "org.kde.ActivityManager": f"{LIBEXEC}/kactivitymanagerd",
    "org.kde.kded5": "/usr/bin/kded5",
    "org.kde.kiod5": f"{LIBEXEC}/kf5/kiod5",
}


class PlasmaWaylandServer(X11Session):
    name = "plasma-wayland"
    server_name = "Plasma"
    services = SERVICES
    session_vars = {
        "XDG_CURRENT_DESKTOP": "KDE",
        "XDG_SESSION_DESKTOP": "KDE",
        "DESKTOP_SESSION": "plasmawayland",
        "KDE_FULL_SESSION": "true",
        "KDE_SESSION_VERSION": "5",
    }
    activation_vars = X11Session.activation_vars + ("KDE", "QT_", "WAYLAND_DISPLAY")
    start_timeout = 120.0  # plasmashell on 2 busy cores
    activated_folders = (LIBEXEC + "/",)  # kioslave5, kconf_update …
    #: bottom-right, above the panel (server_plasma's)
    notification_area = (SCREEN_W - 400, 0, SCREEN_W, SCREEN_H - PANEL_H)
    default_click_button = 1

    def __init__(self, env, artifacts):
        super().__init__(env, artifacts)
        self.pointer = None
        self.bus = None
        self.socket_path = None

    # --- lifecycle ---------------------------------------------------------------------------
    def start_display(self):
        """No display of its own before KWin: say where KWin's socket will be."""
        run = Path(self.env.vars["XDG_RUNTIME_DIR"])
        self.socket_path = run / SOCKET
        self.display = SOCKET
        self.env.vars.pop("DISPLAY", None)
        self.env.vars.update({"WAYLAND_DISPLAY": SOCKET, "XDG_SESSION_TYPE": "wayland"})

    def process_vars(self):
        return {
            "XDG_CONFIG_DIRS": f"{self.env.vars.get('XDG_CONFIG_DIRS', '')}:/etc/xdg".lstrip(":"),
            "XDG_DATA_DIRS": "/usr/local/share:/usr/share",
            "QT_QPA_PLATFORM": "wayland",
            "KWIN_SCREENSHOT_NO_PERMISSION_CHECKS": "1",  # ScreenShot2 for the test's screenshots
            "KDE_DEBUG": "1",             # no DrKonqi crash dialogs, no KCrash auto-restart
            "QT_LOGGING_RULES": "*.debug=false",
        }

    def launch(self, deadline):
        config_home = Path(self.env.vars["XDG_CONFIG_HOME"])
        config_home.mkdir(parents=True, exist_ok=True)
        for name, text in {**CONFIG_FILES, "kwinrc": "[Plugins]\nblurEnabled=false\n"}.items():
            path = config_home / name
            if not path.exists():
                path.write_text(text)
        # The test's pointer is allowed by a desktop file, so that KWin checks its clients as in a real session
        # (kwin_fake_input.FakeInputProcess says why): written before KWin reads its applications.
        interpreter = FakeInputProcess.authorise(self.artifacts, self.env.vars["XDG_DATA_HOME"])
        kwin = self.artifacts / "kwin_wayland"  # a copy: without the file capability the container refuses
        shutil.copyfile("/usr/bin/kwin_wayland", kwin)
        kwin.chmod(0o755)
        self.spawn("kwin_wayland", [str(kwin), "--virtual", "--width", str(SCREEN_W), "--height", str(SCREEN_H),
                                    "--socket", SOCKET, "--no-lockscreen"], sound=False)
        self._wait_for_kwin(deadline)
        self.pointer = FakeInputProcess(interpreter, self.socket_path, {"PATH": "/usr/bin:/bin", "LANG": "C.UTF-8"})
        self.pointer.move(SCREEN_W // 2 - 200, SCREEN_H // 2)  # off the hot corner (top-left) and the popups
        self.spawn("plasmashell", ["plasmashell", "--no-respawn"])

    def _wait_for_kwin(self, deadline):
        """KWin's socket is there and org.kde.KWin on the bus (its D-Bus API: ScreenShot2)."""
        self.bus = self.env.connect()
        while not (self.socket_path.exists() and self.bus.name_has_owner(KWIN)):
            self.check_alive(("kwin_wayland",))
            if time.monotonic() >= deadline:
                DS.pytest.fail(f"kwin_wayland did not come up in time:\n{self.log_tail('kwin_wayland')}")
            time.sleep(0.05)

    def ready(self, deadline):
        # popups are placed relative to the panel
        self.wait_painted((0, SCREEN_H - PANEL_H, SCREEN_W, SCREEN_H), deadline, "plasmashell's panel")

    def stop(self):
        if self.pointer is not None:
            self.pointer.close()
            self.pointer = None
        if self.bus is not None:
            self.bus.close()
            self.bus = None
        super().stop()
        time.sleep(0.3)
        self._stop_activated()  # again: a kioslave5 can be started while the others stop
        for key in ("WAYLAND_DISPLAY", "XDG_SESSION_TYPE"):
            if self.env.vars:
                self.env.vars.pop(key, None)

    # --- looking -----------------------------------------------------------------------------
    def capture(self, box):
        """(width, height, RGB bytes) of the screen's `box` (x0, y0, x1, y1), without the cursor."""
        import dbus
        x0, y0, x1, y1 = box
        r, w = os.pipe()
        try:
            fd = dbus.types.UnixFd(w)
            os.close(w)
            w = None
            reply = self.bus.call_blocking(KWIN, *SCREENSHOT2, "CaptureArea", "iiuua{sv}h",
                                           [x0, y0, x1 - x0, y1 - y0, dbus.Dictionary({}, signature="sv"), fd], timeout=20)
            del fd  # our copy of the write end closed: the pipe ends when KWin has written
            chunks = []
            while chunk := os.read(r, 1 << 20):
                chunks.append(chunk)
        finally:
            os.close(r)
            if w is not None:
                os.close(w)
        raw = b"".join(chunks)
        width, height, stride = int(reply["width"]), int(reply["height"]), int(reply["stride"])
        assert int(reply.get("format", 6)) == 6 and len(raw) >= stride * height, f"odd ScreenShot2 reply {dict(reply)}"
        rgb = bytearray(width * height * 3)
        rows = raw if stride == width * 4 else b"".join(raw[i * stride:i * stride + width * 4] for i in range(height))
        rgb[0::3], rgb[1::3], rgb[2::3] = rows[2::4], rows[1::4], rows[0::4]  # BGRA → RGB
        return width, height, bytes(rgb)

    def screenshot(self, path):
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        width, height, rgb = self.capture((0, 0, SCREEN_W, SCREEN_H))
        path.write_bytes(png(width, height, rgb))
        return path

    def painted(self, box, colours=8):
        _, _, rgb = self.capture(box)
        return len({rgb[i:i + 3] for i in range(0, len(rgb), 3)}) > colours

    # --- input -------------------------------------------------------------------------------
    def move(self, x, y):
        self.pointer.move(x, y)

    def click(self, x, y, button=1):
        self.pointer.click(x, y, button)


def png(width, height, rgb):
    """A PNG (8-bit RGB, filter none, zlib level 1) of `rgb`."""
    row = width * 3
    data = b"".join(b"\0" + rgb[i:i + row] for i in range(0, len(rgb), row))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
            + chunk(b"IDAT", zlib.compress(data, 1)) + chunk(b"IEND", b""))
