"""dunst 1.9 on Xvfb, on the test's private session bus: the real-desktop matrix's "dunst".

Built on the dunst harness (desktop_support: `Xvfb`, `Dunst`, `DUNSTRC`, the scripted
dmenu and the record-shown rule), imported, not copied. What differs from test_dunst_controls' dunstrc:
the urgency sections get dunst's stock timeouts (low 10 s, normal 10 s, critical never; `timeouts`
below) instead of "never", so that a notification sent with expire_timeout -1 goes away as it does for
a user. Kept from that dunstrc: `idle_threshold = 0` (dunst's stock 120 would stop every timeout once
the Xvfb pointer has been still for two minutes, as it usually is in a test), `stack_duplicates =
false`, DejaVu Sans 14 (readable by OCR), top-right placement 20 px from the edges, and dunst's stock
mouse bindings, which are what a user has:

    left   close_current               (closes: NotificationClosed reason 2, no action)
    middle do_action, close_current    (the "default" action: ActionInvoked "default", then closed)
    right  close_all

so `default_click_button = 2`. dunst draws no buttons: every other action is chosen from its context
menu — `dunstctl context` runs the `dmenu` command of the dunstrc, here scripted_dmenu.py,
which is given one line per action of every displayed notification, newest first:
`#<label> (<summary>) [<id>,<key>]` (a `default` action is listed too, "# (<summary>) [<id>,default]"
when its label is empty) and prints the line to invoke. `invoke_action` reads the menu once without
choosing (the scripted dmenu exits 1, as dmenu does on Escape), then runs it again choosing the exact
line of the newest notification with that label and key.

Screen 1024x600; screenshots with `import -window root` (~40-60 ms); pointer with xdotool.
"""

import re
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import desktop_support as ds  # noqa: E402
from servers import DesktopServer  # noqa: E402
from xpointer import XdotoolPointer  # noqa: E402

H = ds.H
MENU_LINE = re.compile(r"^#(?P<label>.*?) \((?P<summary>.*)\) \[(?P<id>\d+),(?P<key>[^\]]*)\]$")


class _Dunst(ds.Dunst):
    """desktop_support's Dunst with the urgency timeouts of the server's choosing."""

    timeouts = None

    def write_rc(self):
        super().write_rc()
        text = self.rc.read_text()
        # dunst's stock icon placement (test_dunst_controls turns icons off for its pixel checks)
        text = text.replace("icon_position = off", "icon_position = left")
        self.rc.write_text(text)
        if not self.timeouts:
            return
        for urgency, seconds in self.timeouts.items():
            text, n = re.subn(rf"(\[urgency_{urgency}\][^\[]*?\n\s*timeout = )\d+", rf"\g<1>{seconds}", text)
            assert n == 1, f"no timeout in [urgency_{urgency}] of the dunstrc"
        self.rc.write_text(text)


class DunstServer(XdotoolPointer, DesktopServer):
    name = "dunst"
    server_name = "dunst"
    default_click_button = 2  # middle: do_action, close_current (dunst's stock binding)
    #: dunst's stock timeouts (seconds; 0 = never), as in /etc/xdg/dunst/dunstrc
    timeouts = {"low": 10, "normal": 10, "critical": 0}
    #: the right-hand column where dunst stacks its bubbles (x 518..1003 with the test dunstrc)
    notification_area = (ds.SCREEN_W - ds.OFFSET - 500, 0, ds.SCREEN_W, ds.SCREEN_H)
    screen_size = (ds.SCREEN_W, ds.SCREEN_H)

    def __init__(self, env, artifacts, timeouts=None):
        super().__init__(env, artifacts)
        if timeouts is not None:
            self.timeouts = timeouts
        self.xvfb = None
        self.dunst = None

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self):
        t0 = time.monotonic()
        self.xvfb = ds.Xvfb(self.artifacts).start()
        self.env.vars["DISPLAY"] = self.xvfb.display
        self.dunst = _Dunst(self.env, self.xvfb.display, self.artifacts)
        self.dunst.timeouts = self.timeouts
        self.dunst.start()
        self.startup_seconds = time.monotonic() - t0
        return self

    def stop(self):
        if self.dunst is not None:
            self.dunst.stop()
        if self.xvfb is not None:
            self.xvfb.stop()

    @property
    def display(self):
        return self.xvfb.display

    @property
    def pgids(self):
        """Process groups start() began (Xvfb's and dunst's), for a leftover check."""
        return [p.proc.pid for p in (self.xvfb, self.dunst) if p is not None and p.proc is not None]

    def _vars(self):
        return dict(self.env.vars, DISPLAY=self.xvfb.display)

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path):
        return ds.screenshot(self.xvfb.display, path)

    # --- input -------------------------------------------------------------------------------
    # --- dunst's context menu ----------------------------------------------------------------
    def _menu_run(self, timeout=10.0, required=True):
        """`dunstctl context`, then wait until the scripted dmenu has run; its record. (dunst runs no
        menu when no displayed notification has an action: None then, unless `required`.)"""
        # dunst refuses a context menu while its menu thread of the previous one is still finishing
        # ("Context menu already running, refusing to rerun"): ask again until a new run appears. A
        # request that is refused does nothing, so no menu runs twice.
        before = len(self.dunst.dmenu_runs())
        deadline = time.monotonic() + timeout
        while True:
            r = self.dunst.ctl("context")
            assert r.returncode == 0, f"dunstctl context: {r.stderr}"
            asked = time.monotonic()
            while time.monotonic() - asked < 0.25:
                runs = self.dunst.dmenu_runs()[before:]
                if runs:
                    return runs[0]
                time.sleep(0.02)
            if time.monotonic() >= deadline:
                if not required:
                    return None
                raise AssertionError(f"dunst ran no dmenu within {timeout:.0f} s:\n{H._tail(self.dunst.log)}")

    def menu(self, timeout=3.0):
        """The context menu dunst offers now, without choosing: [{label, summary, id, key, line}…]
        ([] when dunst shows none: no displayed notification has an action)."""
        (self.artifacts / "dmenu-choice").unlink(missing_ok=True)
        run = self._menu_run(timeout, required=False)
        return [dict(m.groupdict(), id=int(m["id"]), line=line)
                for line in (run["lines"] if run else []) if (m := MENU_LINE.match(line))]

    def invoke_action(self, label, key):
        """Choose `label` (`key`) of the newest displayed notification having it, in dunst's context
        menu. True when dunst was given that choice."""
        entries = [e for e in self.menu() if e["key"] == key and (label is None or e["label"] == label)]
        if not entries:
            return False
        line = max(entries, key=lambda e: e["id"])["line"]
        self.dunst.choose_in_menu(line)
        try:
            run = self._menu_run()
        finally:
            (self.artifacts / "dmenu-choice").unlink(missing_ok=True)
        return run["chosen"] == line

    # --- dunst's own view ----------------------------------------------------------------------
    def displayed(self):
        """How many notifications dunst displays (`dunstctl count displayed`)."""
        return self.dunst.count("displayed")


SERVER = DunstServer
