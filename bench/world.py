"""What every part of the bench stands on (bench/run.py, bench/years.py, bench/symbol_order.py): the
end-to-end harness on sys.path (tests/reliability's loader, tests/support), a World — a private bus
with the recording notification server, and the gymbell daemon when started — and the daemon's
memory as the kernel counts it. A module of its own, so that the bench's parts import it and not
each other."""

import signal
import subprocess
import sys
import time
from pathlib import Path

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
sys.path.insert(0, str(REPO / "tests" / "reliability"))
sys.path.insert(0, str(REPO / "tests" / "support"))  # xvfb.py, shared with the tests

from reliability_support import H  # noqa: E402  (the harness loader; see that module)


def start_daemon_watched(env, binary, log_path, timeout=10.0):
    """Start `gymbell daemon`; returns (Popen, seconds from spawn to the bus's NameOwnerChanged for its
    name). The bench waits for the signal in a GLib main loop instead of asking the bus every
    millisecond (reliability_support.start_daemon_timed): on two cores the asking took a fifth of one
    from the daemon it timed (python and dbus-daemon), more once start-up ran on two threads."""
    import gi
    gi.require_version("Gio", "2.0")
    from gi.repository import Gio, GLib
    bus = Gio.DBusConnection.new_for_address_sync(
        env.address, Gio.DBusConnectionFlags.AUTHENTICATION_CLIENT | Gio.DBusConnectionFlags.MESSAGE_BUS_CONNECTION,
        None, None)
    context = GLib.MainContext.new()
    context.push_thread_default()
    seen = {}
    try:
        loop = GLib.MainLoop.new(context, False)
        watch = Gio.bus_watch_name_on_connection(
            bus, H.GYMBELL_NAME, Gio.BusNameWatcherFlags.NONE,
            lambda *_: (seen.__setitem__("owned", time.monotonic()), loop.quit()),
            lambda *_: (seen.__setitem__("vanished", True), loop.quit()))
        loop.run()  # the watcher's first answer: not owned (a daemon left over would answer "owned")
        if "owned" in seen:
            raise RuntimeError(f"{H.GYMBELL_NAME} is owned before the daemon was started")
        with open(log_path, "ab") as out:
            began = time.monotonic()
            proc = subprocess.Popen([str(binary), "daemon"], env=env.vars, stdout=out, stderr=subprocess.STDOUT,
                                    stdin=subprocess.DEVNULL, start_new_session=True)
        timer = GLib.timeout_source_new(int(timeout * 1000))
        timer.set_callback(lambda *_: (loop.quit(), False)[1])
        timer.attach(context)
        loop.run()
        timer.destroy()
        Gio.bus_unwatch_name(watch)
        if "owned" not in seen:
            proc.kill()
            raise RuntimeError(f"gymbell daemon did not own its name within {timeout} s; see {log_path}")
        return proc, seen["owned"] - began
    finally:
        context.pop_thread_default()
        bus.close_sync(None)


class World:
    """A private bus + recording notification server (+ gymbell daemon when started)."""

    def __init__(self, root, binary):
        self.env = H.Env(root)
        self.env.start_bus()
        self.server = H.NotificationServer(self.env).start()
        self.recorder = H.Recorder(self.server.log)
        self.binary = binary
        self.conn = self.env.connect()
        self.proc = None
        self.daemon_log = Path(root) / "daemon.log"

    def start_daemon(self):
        assert self.proc is None or self.proc.poll() is not None
        self.proc, startup = start_daemon_watched(self.env, self.binary, self.daemon_log)
        return startup

    def stop_daemon(self):
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            self.proc.wait(10)
        deadline = time.monotonic() + 5
        while self.conn.name_has_owner(H.GYMBELL_NAME) and time.monotonic() < deadline:
            time.sleep(0.005)

    def cli(self, *args):
        r = H.run_cli(self.env, self.binary, *args)
        if r.returncode != 0:
            raise RuntimeError(f"gymbell {' '.join(map(str, args))}: exit {r.returncode}: {r.stderr}")
        return r

    def close(self):
        try:
            self.stop_daemon()
        finally:
            self.conn.close()
            self.server.stop()
            self.env.stop()


def smaps_rollup_kb(pid):
    out = {}
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            parts = line.split()
            if len(parts) >= 3 and parts[2] == "kB":
                out[parts[0].rstrip(":")] = int(parts[1])
    return out
