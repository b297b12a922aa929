"""Issue 31 on the real GNOME Shell 43: its own lock screen and the real gnome-session beside it.

The shell makes its lock screen (ScreenShield, which exports /org/gnome/ScreenSaver and owns
org.gnome.Shell.ScreenShield) only when GDM's version is on the system bus (js/misc/loginManager.js
canLock()): gdm_version.py answers it on the test's private system bus (server_gnome.py `can_lock`).
gnome-session-binary --builtin runs beside the shell with a session of no components
(`session_manager`). Both are switched on by the marker below, in test_attention.py's fixture.
"""

import subprocess
import threading
import time

import dbus
import pytest

import punctuality as P
import screen
import sound
from desktop_support import H, stop_process
from test_attention import ALL_DAYS, DAILY, WITHIN, desktop  # noqa: F401 (the fixture)
from test_matrix import _missing

pytestmark = [pytest.mark.gymbell, pytest.mark.time_limit(240)]

SCREENSAVER = ("org.gnome.ScreenSaver", "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver")
SESSION_MANAGER = ("org.gnome.SessionManager", "/org/gnome/SessionManager", "org.gnome.SessionManager")
GNOME_ONLY = [pytest.param("gnome", marks=pytest.mark.skipif(bool(_missing("gnome")), reason="no gnome-shell"))]


def call(d, target, member, signature="", args=(), timeout=10):
    conn = d.env.connect()
    try:
        return conn.call_blocking(*target, member, signature, list(args), timeout=timeout)
    finally:
        conn.close()


class SignalRecorder:
    """dbus-monitor on the test's bus for one signal, each line stamped as it arrives."""

    def __init__(self, d, rule):
        self.lines = []
        self.proc = subprocess.Popen(["dbus-monitor", "--address", d.env.address, rule], stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self):
        for line in self.proc.stdout:
            self.lines.append((time.time(), line.strip()))

    def values(self):
        """(arrival, boolean argument) of each signal seen."""
        return [(t, line == "boolean true") for t, line in self.lines if line.startswith("boolean ")]

    def stop(self):
        stop_process(self.proc)


@pytest.mark.gnome_lock_and_session
@pytest.mark.parametrize("desktop", GNOME_ONLY, indirect=True)
def test_gnome_lock_screen_holds_a_daily_reminder_until_unlocked(desktop):
    """gnome-shell's own lock screen (org.gnome.ScreenSaver Lock / SetActive(false)): a daily reminder
    due while it is locked is not on the screen and not heard, and shown once, with its sound, after
    the unlock."""
    d = desktop
    hms, due = H.local_hms_ahead(12)
    d.env.write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n')
    d.daemon.start()
    changes = SignalRecorder(d, "type='signal',interface='org.gnome.ScreenSaver',member='ActiveChanged'")
    try:
        call(d, SCREENSAVER, "Lock", timeout=20)
        H.wait_until(lambda: bool(call(d, SCREENSAVER, "GetActive")), timeout=5, what="GetActive true")
        H.wait_until(lambda: any(v for _, v in changes.values()), timeout=5, what="ActiveChanged(true)")
        H.wait_until(lambda: (d.status()["held"] or {}).get("reminders"), timeout=due - time.time() + 3, what="the reminder held")
        assert d.status()["held"]["why"] == ["screen_locked"]
        # The shell fades a locked screen to black: a person moves the mouse and sees the lock screen
        # (its clock, and the notifications it lists) — without the reminder.
        d.server.move(600, 400)
        d.server.move(640, 420)
        time.sleep(1)
        png = d.shot("locked")
        assert screen.contains(png, "to unlock", None), f"not the lock screen ({png})"
        assert not screen.contains(png, DAILY, None), f"held while locked, yet on the lock screen ({png})"
        off = time.time()
        call(d, SCREENSAVER, "SetActive", "b", [False])
        shots, first = P.watch_until_seen(d, DAILY, off, WITHIN + P.PAINTED_ALONE_WITHIN + 1.0)
        inactive = next((t for t, v in changes.values() if not v), None)
        assert inactive is not None, f"no ActiveChanged(false) after SetActive(false): {changes.lines}"
        assert not call(d, SCREENSAVER, "GetActive")
        asked = P.check_released(d, due, off, shots, first, WITHIN, repr(DAILY))
        time.sleep(2)
    finally:
        changes.stop()
    d.heard_at([])  # ends the recording
    onsets = sound.onsets(d.recording.path, d.recording.start_epoch)
    assert [t for t in onsets if t < off] == [], f"sound while locked: {onsets} (unlocked at {off:.3f})"
    after = [t for t in onsets if t >= off]
    assert len(after) == 1, f"heard {after} after the unlock at {off:.3f}: once"
    P.check_heard_released(d, off, WITHIN, after[0])
    assert d.daemon.output().count("held reminders shown") == 1, "shown once"
    assert not [p for p in d.status()["pending"] if p["kind"] == "daily"], "delivered: nothing pending"
    print(f"FIGURE gnome lock: SetActive(false) → ActiveChanged(false) +{inactive - off:.3f} s, gymbell asked +{asked - off:.3f} s, on a "
          f"screenshot ended +{first[1] - off:.3f} s, heard +{after[0] - off:.3f} s")


def inhibitors(d):
    """(app id, reason, flags) of each inhibitor gnome-session lists. One that goes between the list
    and the questions about it (the session ending meanwhile) is gone: not listed."""
    conn = d.env.connect()
    try:
        found = []
        for path in conn.call_blocking(*SESSION_MANAGER, "GetInhibitors", "", [], timeout=10):
            inhibitor = ("org.gnome.SessionManager", str(path), "org.gnome.SessionManager.Inhibitor")
            try:
                found.append(tuple(conn.call_blocking(*inhibitor, member, "", [], timeout=10)
                                   for member in ("GetAppId", "GetReason", "GetFlags")))
            except dbus.exceptions.DBusException as e:
                if e.get_dbus_name() not in ("org.freedesktop.DBus.Error.UnknownMethod",
                                             "org.freedesktop.DBus.Error.UnknownObject"):
                    raise
        return found
    finally:
        conn.close()


@pytest.mark.gnome_lock_and_session
@pytest.mark.parametrize("desktop", GNOME_ONLY, indirect=True)
def test_gnome_session_lists_the_idle_inhibitor_during_a_session(desktop):
    """The real gnome-session beside the real shell: during a workout it lists gymbell's idle
    inhibitor (flag 8, "Workout in progress"); after the workout, none."""
    d = desktop
    d.daemon.start()
    assert inhibitors(d) == []
    d.cli("hiit", "--rounds", "1", "--work", "4s", "--rest", "2s")
    listed = H.wait_until(lambda: inhibitors(d), timeout=3, what="an inhibitor listed")
    assert listed == [("io.github.gymbell.Gymbell", "Workout in progress", 8)], listed
    H.wait_until(lambda: inhibitors(d) == [], timeout=6 + 3, what="the inhibitor gone after the session")
