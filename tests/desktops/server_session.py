"""A desktop session of several X11 processes on Xvfb, on the test's private session bus: what
server_plasma, server_cinnamon and server_budgie share.

A subclass says which D-Bus services the bus may activate (`services`: name → program, written into
env.services_dir, the bus's only service folder), what the session's environment says
(`session_vars`), and starts its processes in `launch()` with `spawn()`; start() waits until
org.freedesktop.Notifications is owned and answers GetServerInformation with `server_name`, and for
`ready()`; `process_vars()` adds what only the session's processes are told (not gymbell). Screen
1280x800 (a 24-bit Xvfb with GLX, drawn by Mesa's llvmpipe); pointer: xdotool; screenshots: `import
-window root`; dbus-monitor's record of org.freedesktop.Notifications in the artefacts
(dbus-monitor.log). stop() ends what it started and the processes the bus started for
the session (they run in the bus's process group, with the test's XDG_RUNTIME_DIR).
"""

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

import desktop_support as DS  # noqa: E402
from servers import DesktopServer  # noqa: E402
from xpointer import XdotoolPointer  # noqa: E402

SCREEN_W, SCREEN_H = 1280, 800
NOTIFICATIONS = "org.freedesktop.Notifications"
START_TIMEOUT = 90.0


class X11Session(XdotoolPointer, DesktopServer):
    #: D-Bus name → program the private bus may start for the session
    services = {}
    #: what the session's processes (and gymbell) are told about the desktop
    session_vars = {}
    #: gsettings written before the session starts: (schema, key, GVariant text)
    settings = ()
    #: which of the session's variables (by prefix) the bus passes to the services it starts
    activation_vars = ("DISPLAY", "HOME", "XDG_", "DESKTOP_SESSION", "LANG", "TZ", "PATH", "GSETTINGS", "GTK_")
    #: seconds from start() until the server answers and ready() is done
    start_timeout = START_TIMEOUT
    #: folders whose programs, started by the bus for the session, stop() ends too (besides `services`)
    activated_folders = ()

    def __init__(self, env, artifacts):
        super().__init__(env, artifacts)
        self.xvfb = None
        self.display = None
        self.procs = []
        self.session_env = None
        self.server_info = None
        self.startup_seconds = None

    # --- lifecycle ---------------------------------------------------------------------------
    def start(self):
        began = time.monotonic()
        deadline = began + self.start_timeout
        for name, program in self.services.items():
            (Path(self.env.services_dir) / f"{name}.service").write_text(
                f"[D-BUS Service]\nName={name}\nExec={program}\n")
        self.start_display()
        self.env.vars.update(self.session_vars)
        env = dict(self.env.vars)
        env["XDG_DATA_DIRS"] = f"{self.env.vars.get('XDG_DATA_DIRS', '/usr/local/share:/usr/share')}"
        env.pop("NO_AT_BRIDGE", None)
        env.update(self.process_vars())
        self.session_env = env
        self._update_activation_environment(env)
        try:
            # What the server is sent and answers, kept with a failed test's artefacts.
            self.spawn("dbus-monitor", ["dbus-monitor", "--address", self.env.address,
                                        f"interface='{NOTIFICATIONS}'"], sound=False)
            for schema, key, value in self.settings:
                r = subprocess.run(["gsettings", "set", schema, key, value], env=env, capture_output=True, text=True, timeout=30)
                assert r.returncode == 0, f"gsettings set {schema} {key} {value}: {r.stderr}"
            self.launch(deadline)
            self._wait_for_notifications(deadline)
            self.ready(deadline)
        except BaseException:
            self.stop()
            raise
        self.startup_seconds = time.monotonic() - began
        return self

    def start_display(self):
        """The screen the session runs on, and what a client needs to reach it in env.vars: here Xvfb."""
        self.xvfb = DS.Xvfb(self.artifacts, SCREEN_W, SCREEN_H).start()
        self.display = self.xvfb.display
        self.env.vars.update({"DISPLAY": self.display, "XDG_SESSION_TYPE": "x11"})

    def process_vars(self):
        """Variables for the session's processes alone (not in env.vars, so not gymbell's). Default: none."""
        return {}

    def launch(self, deadline):
        """Start the session's processes (spawn())."""
        raise NotImplementedError

    def ready(self, deadline):
        """Wait until the screen is ready to be photographed and clicked. Default: nothing more."""

    def spawn(self, name, argv, sound=True):
        """Start one of the session's processes; `sound=False`: without the test's PulseAudio."""
        env = dict(self.session_env)
        if not sound:
            env.pop("PULSE_SERVER", None)
        with open(self.artifacts / f"{name}.log", "ab") as log:
            proc = subprocess.Popen(argv, env=env, stdin=subprocess.DEVNULL, stdout=log,
                                    stderr=subprocess.STDOUT, start_new_session=True)
        self.procs.append((name, proc))
        return proc

    def log_tail(self, name, lines=30):
        try:
            return "\n".join((self.artifacts / f"{name}.log").read_text(errors="replace").splitlines()[-lines:])
        except OSError:
            return "(no log)"

    def _update_activation_environment(self, env):
        import dbus
        wanted = {k: v for k, v in env.items() if k.startswith(self.activation_vars)}
        conn = self.env.connect()
        try:
            bus = conn.get_object("org.freedesktop.DBus", "/org/freedesktop/DBus", introspect=False)
            bus.UpdateActivationEnvironment(dbus.Dictionary(wanted, signature="ss"),
                                            dbus_interface="org.freedesktop.DBus", timeout=10)
        finally:
            conn.close()

    def check_alive(self, names):
        for name, proc in self.procs:
            if name in names and proc.poll() is not None:
                DS.pytest.fail(f"{name} exited with {proc.returncode} during start-up:\n{self.log_tail(name)}")

    def _wait_for_notifications(self, deadline):
        import dbus
        conn = self.env.connect()
        try:
            while True:
                try:
                    if conn.name_has_owner(NOTIFICATIONS):
                        info = conn.call_blocking(NOTIFICATIONS, "/org/freedesktop/Notifications", NOTIFICATIONS,
                                                  "GetServerInformation", "", [], timeout=10)
                        if str(info[0]) == self.server_name:
                            self.server_info = [str(x) for x in info]
                            return
                except dbus.exceptions.DBusException:
                    pass
                self.check_alive([name for name, _ in self.procs])
                if time.monotonic() >= deadline:
                    DS.pytest.fail(f"{self.name} did not answer GetServerInformation in time:\n"
                                   + "\n".join(self.log_tail(name, 10) for name, _ in self.procs))
                time.sleep(0.1)
        finally:
            conn.close()

    def painted(self, box, colours=8):
        """Whether the screen's `box` (x0, y0, x1, y1) shows more than `colours` colours."""
        x0, y0, x1, y1 = box
        r = subprocess.run(["import", "-display", self.display, "-window", "root", "-crop", f"{x1 - x0}x{y1 - y0}+{x0}+{y0}",
                            "+repage", "-format", "%k", "info:"], capture_output=True, text=True, timeout=20)
        return r.returncode == 0 and r.stdout.strip().isdigit() and int(r.stdout.strip()) > colours

    def wait_painted(self, box, deadline, what, colours=8):
        """Until the screen's `box` (x0, y0, x1, y1) shows more than `colours` colours (painted)."""
        while True:
            if self.painted(box, colours):
                return
            if time.monotonic() >= deadline:
                DS.pytest.fail(f"{self.name}: {what} was not painted in time")
            time.sleep(0.2)

    def stop(self):
        for _, proc in reversed(self.procs):
            DS.stop_process(proc)
        self.procs = []
        self._stop_activated()
        if self.xvfb is not None:
            self.xvfb.stop()
            self.xvfb = None

    def _stop_activated(self):
        programs = {os.path.realpath(p.split()[0]) for p in self.services.values()}
        DS.stop_bus_activated(self.env, lambda exe: exe in programs or exe.startswith(self.activated_folders))

    # --- looking -----------------------------------------------------------------------------
    def screenshot(self, path):
        return DS.quick_screenshot(self.display, path)
