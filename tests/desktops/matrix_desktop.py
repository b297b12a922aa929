"""What a journey of the matrix (test_matrix.py) runs against: `Stage`, one real notification server
up with gymbell installed beside it and a PulseAudio null sink for its sound; `Desktop`, a journey's
gymbell daemon on a stage, its sound recorded, the screen read and acted on as a person would.

A stage is brought up once per desktop and shared by its journeys (test_matrix's module-scoped
`stage` fixture): between two journeys the daemon is stopped, the notifications it left are closed
and gymbell's own files are removed, so that each journey starts as on a fresh login with the server
still running. `Desktop(name, env, binary, artifacts, request)` without a stage brings one up for
itself (test_attention.py).
"""

import importlib
import json
import shutil
import tempfile
import time
from pathlib import Path

import pytest

import screen
import sound
from desktop_support import H, REPO

# name → (module, class, programs it needs)
SERVERS = {
    "gnome": ("server_gnome", "GnomeServer", ("gnome-shell", "gjs")),
    "plasma": ("server_plasma", "PlasmaServer", ("plasmashell", "kwin_x11", "xdotool")),
    "plasma-wayland": ("server_plasma_wayland", "PlasmaWaylandServer", ("plasmashell", "/usr/bin/kwin_wayland")),
    "xfce": ("server_x11", "XfceServer", ("xdotool",)),
    "notification-daemon": ("server_x11", "NotificationDaemonServer", ("xdotool",)),
    "mako": ("server_mako", "MakoServer", ("sway", "mako", "grim")),
    "dunst": ("server_dunst", "DunstServer", ("dunst", "xdotool")),
    "cinnamon": ("server_cinnamon", "CinnamonServer", ("cinnamon", "xdotool")),
    "mate": ("server_x11", "MateServer", ("/usr/lib/mate-notification-daemon/mate-notification-daemon", "xdotool")),
    "lxqt": ("server_x11", "LxqtServer", ("lxqt-notificationd", "xdotool")),
    "budgie": ("server_budgie", "BudgieServer", ("budgie-wm", "budgie-daemon", "budgie-panel", "xdotool")),
    "swaync": ("server_swaync", "SwayncServer", ("sway", "swaync", "grim")),
}
TOOLS = ("tesseract", "convert", "pulseaudio", "parec")
NOTIFICATIONS = "org.freedesktop.Notifications"
#: where the pointer rests between journeys: left of the middle, away from every server's notifications
REST_POINT = (100, 300)
#: gymbell's own folders under the XDG dirs: what a journey leaves for the next one to remove
#: How long a notice may take to be read on screen after what brings it up (a click on Start or Set
#: done, or a transition's instant) where the test is not about its punctuality: a click's own lag on a
#: loaded machine (seen: 3 s), one screenshot read with OCR (2-3 s there; a GNOME Shell started a
#: second before took 6 s for its first) and the server's drawing. How fast gymbell answers is measured
#: where it can be exact: the daemon's log (late_ms) and the recording server's timestamps.
READ_WITHIN = 8

GYMBELL_DIRS = ("config_home", "state_home", "data_home", "cache_home")


def missing(name):
    return [p for p in SERVERS[name][2] + TOOLS if shutil.which(p) is None]


class Stage:
    """One server up on env's bus, gymbell's icons installed where it looks (XDG_DATA_DIRS), and the
    null sink gymbell plays into; env.vars says where they are."""

    def __init__(self, name, env, folder):
        module, cls, _ = SERVERS[name]
        self.name = name
        self.env = env
        self.folder = Path(folder)
        self.server = getattr(importlib.import_module(module), cls)(env, self.folder / "server")
        self.pulse = sound.PulseServer(env.root / "pulse")
        self.share = None
        #: the server was stopped by reset() and did not come up again (that journey's teardown failed
        #: with the reason): the next journey brings it up before it starts, not on a dead screen
        self.down = False

    def start(self):
        # gymbell installed: its icons in a share folder on XDG_DATA_DIRS, readable by every user (mako's
        # desktop runs as another one), as `make install` puts them under /usr/local/share
        self.share = Path(tempfile.mkdtemp(prefix="gb-share-"))
        self.share.chmod(0o755)
        shutil.copytree(REPO / "data" / "icons", self.share / "icons")
        self.env.vars["XDG_DATA_DIRS"] = f"{self.share}:/usr/local/share:/usr/share"
        self.pulse.start()
        self.env.vars.update(self.pulse.vars())
        self.server.start()
        return self

    def stop(self):
        for step in (self.server.stop, self.pulse.stop, lambda: self.share and shutil.rmtree(self.share, ignore_errors=True)):
            try:
                step()
            except Exception as e:  # noqa: BLE001 — every part is stopped whatever one of them did
                print(f"stopping: {e}")

    def restart(self):
        """The server brought up afresh; `down` while it is not (a failed start leaves it so)."""
        self.server.stop()
        self.down = True
        self.server.start()
        self.down = False

    def reset(self):
        """After a journey (its daemon stopped): close every notification still open — the ids a server
        hands out count up from 1, and a notification of our own, closed at once, tells how far — or,
        where the server may not be shared (`shared`), bring it up afresh; and remove gymbell's config,
        state, data and cache, so that the next journey starts as on a fresh login."""
        for attr in GYMBELL_DIRS:
            shutil.rmtree(Path(getattr(self.env, attr)) / "gymbell", ignore_errors=True)
        if not self.server.shared:
            self.restart()
            return
        conn = self.env.connect()
        try:
            newest = int(conn.call_blocking(
                NOTIFICATIONS, "/org/freedesktop/Notifications", NOTIFICATIONS, "Notify", "susssasa{sv}i",
                ["gymbell-tests", 0, "", "·", "", [], {"suppress-sound": True, "transient": True}, 1], timeout=10))
            for nid in range(newest, 0, -1):
                try:
                    conn.call_blocking(NOTIFICATIONS, "/org/freedesktop/Notifications", NOTIFICATIONS,
                                       "CloseNotification", "u", [nid], timeout=10)
                except Exception:  # noqa: BLE001 — an id already gone: some servers answer with an error
                    pass
        finally:
            conn.close()
        # The pointer goes back where no notification is, as it was on a fresh server: left on the
        # last button clicked, it would cover the words of the next journey's notification there.
        self.server.move(*REST_POINT)
        time.sleep(1.0)  # the popups' closing animations


class Desktop:
    """A journey: gymbell's daemon on a stage, what is heard recorded, the screen read and clicked."""

    def __init__(self, name, env, binary, artifacts, request, stage=None):
        self.name = name
        self.env = env
        self.binary = binary
        self.artifacts = artifacts
        self.own_stage = stage is None
        self.stage = stage or Stage(name, env, artifacts)
        self.server = self.stage.server
        self.pulse = self.stage.pulse
        self.daemon = H.Daemon(env, binary, request)
        #: the journey's name (test id), for the figures it records
        self.test = request.node.name if request is not None else ""
        self.recording = None
        self.recording_stopped = False
        self.shots = 0

    def start(self):
        if self.own_stage:
            self.stage.start()
        elif self.stage.down:
            self.stage.restart()
        self.recording = self.pulse.record(self.artifacts / "sound.wav")
        return self

    def stop(self):
        steps = [self.daemon.stop, lambda: self.recording and not self.recording_stopped and self.recording.stop()]
        steps.append(self.stage.stop if self.own_stage else self.stage.reset)
        for step in steps:
            try:
                step()
            except Exception as e:  # noqa: BLE001 — every part is stopped whatever one of them did
                print(f"stopping: {e}")

    # --- gymbell --------------------------------------------------------------------------------
    def cli(self, *args):
        r = H.run_cli(self.env, self.binary, *args)
        assert r.returncode == 0, f"gymbell {' '.join(args)}: {r.stderr}"
        return r.stdout

    def status(self):
        return json.loads(self.cli("status", "--json"))

    def pending(self, kind, timeout=2.0):
        """The pending reminders of `kind`, once there are any (a click reaches the daemon a moment
        after it lands); [] when none came within `timeout`."""
        deadline = time.monotonic() + timeout
        while True:
            found = [p for p in self.status()["pending"] if p["kind"] == kind]
            if found or time.monotonic() >= deadline:
                return found
            time.sleep(0.05)

    # --- looking ----------------------------------------------------------------------------------
    def shot(self, label):
        self.shots += 1
        return self.server.screenshot(self.artifacts / f"{self.shots:02d}-{label}.png")

    def sees(self, png, phrase):
        return screen.contains(png, phrase, self.server.notification_area)

    def wait_to_see(self, phrase, timeout, label):
        """The screenshot showing `phrase`; fails when one *begun* after `timeout` seconds does not show
        it. The bound is on the screen, not on OCR: under load reading one shot takes seconds, and a shot
        taken just before the notification was painted must not end the wait unread again."""
        deadline = time.monotonic() + timeout
        while True:
            taken = time.monotonic()
            png = self.shot(label)
            if self.sees(png, phrase):
                return png
            if taken >= deadline:
                pytest.fail(f"{self.name}: {phrase!r} not on screen within {timeout:.1f} s; read: "
                            f"{screen.text(png, self.server.notification_area)!r} ({png})")
            time.sleep(0.2)

    def wait_not_to_see(self, phrase, timeout, label):
        deadline = time.monotonic() + timeout
        while True:
            png = self.shot(label)
            if not self.sees(png, phrase):
                return png
            if time.monotonic() >= deadline:
                pytest.fail(f"{self.name}: {phrase!r} still on screen after {timeout:.1f} s ({png})")
            time.sleep(0.3)

    # --- acting, as a person would ------------------------------------------------------------
    def hold(self, png, anchor):
        """Where a normal banner hides after a few seconds unless hovered (Cinnamon's 4 s), the pointer
        goes over the one showing `anchor` in `png`, as a person reading it has it: what the test reads
        next (OCR takes seconds under load) does not race the banner's time."""
        if self.server.banner_hides_unless_hovered:
            where = screen.find(png, anchor, self.server.notification_area)
            if where:
                self.server.move(*where)

    def press(self, label, key, on, default=False, below=None):
        """Choose the action `label` (`key`) on the notification showing `on`: its button, found on
        screen and clicked with the pointer (hovered first where buttons show on hover); where the
        server draws no buttons, a click on the notification when it is the default action, or the
        server's own way to pick an action (mako: makoctl, dunst: its menu). `below`: a phrase of the
        body above the buttons — the button is looked for under it (where its label is also a word
        of the body)."""
        label = self.server.labels.get(label, label)
        if not default and self.server.invoke_action(label, key):
            return "menu"
        key_name = key.replace(":", "-")

        def look(png):
            area = self.server.notification_area
            if below:
                over = screen.find_box(png, below, area)
                if over:
                    area = (area[0], over[3], area[2], area[3])
            return screen.find(png, label, area)

        png = self.shot(f"before-{key_name}")
        where = look(png)
        if where is None:
            title = screen.find(png, on, self.server.notification_area)
            assert title, f"{self.name}: {on!r} is not on screen to act on ({png})"
            self.server.move(*title)
            time.sleep(0.5)
            png = self.shot(f"hover-{key_name}")
            where = look(png)
            if where is None:
                assert default, f"{self.name}: no {label!r} button on {on!r} ({png})"
                self.server.click(*title, button=self.server.default_click_button)
                return "click"
        where = self._settled(where, look, key_name)
        self.server.click(*where)
        return "button"

    def _settled(self, where, look, key_name, tries=6):
        """The button where it stays: a server that animates a notification replaced in place (Budgie
        slides the new one in over the old) is read again until two looks 0.3 s apart agree, so that
        the click lands on the button and not where it was drawn mid-slide."""
        for i in range(tries):
            time.sleep(0.3)
            again = look(self.shot(f"settled-{key_name}-{i}"))
            if again is not None and abs(again[0] - where[0]) <= 4 and abs(again[1] - where[1]) <= 4:
                return again
            where = again or where
        return where

    def person_moves_pointer(self):
        """The pointer moves beside the notifications (not over them: a hovered one stays), as a person
        at the computer would: GNOME keeps a banner up while nobody is there, and takes it down after
        its time once someone is."""
        area = self.server.notification_area
        self.server.move(area[0] - 150, area[3] - 20)
        time.sleep(0.3)
        self.server.move(area[0] - 100, area[3] - 40)

    def heard_at(self, instants):
        """For each instant, the sound onset nearest to it (None when there was none). Ends the
        recording: call it once, after the journey."""
        if not self.recording_stopped:
            self.recording.stop()
            self.recording_stopped = True
        found = sound.onsets(self.recording.path, self.recording.start_epoch)
        return [min(found, key=lambda t: abs(t - i), default=None) for i in instants]
