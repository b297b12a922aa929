"""The window's figures for bench/run.py (issue 29): launch → window mapped on the X server, the
window's memory, and the daemon's PSS before and after the window talked to it (the daemon never
loads GTK, so it must not grow). Xvfb without a window manager, the cairo renderer, the real
accessibility bus (a desktop has one), a private bus with the real daemon."""

import shutil
import signal
import subprocess
import time
from pathlib import Path

from Xlib import X, display as xdisplay

from xvfb import start_xvfb  # tests/support (bench/run.py puts it on sys.path)

CLASS = "io.github.gymbell.Gymbell.Window"


def launch_to_mapped(window_binary, environment, name, timeout=10.0):
    """Starts the window; returns (Popen, seconds from spawn to the MapNotify of its toplevel)."""
    x = xdisplay.Display(name)
    root = x.screen().root
    root.change_attributes(event_mask=X.SubstructureNotifyMask)
    x.sync()
    began = time.monotonic()
    proc = subprocess.Popen([str(window_binary)], env=environment, stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        while time.monotonic() - began < timeout:
            if not x.pending_events():
                time.sleep(0.001)
                continue
            event = x.next_event()
            if event.type == X.MapNotify:
                wm_class = event.window.get_wm_class() or ()
                if CLASS in wm_class:
                    return proc, time.monotonic() - began
        proc.kill()
        raise RuntimeError(f"the window was not mapped within {timeout} s")
    finally:
        x.close()


def pss_kb(pid):
    with open(f"/proc/{pid}/smaps_rollup") as f:
        for line in f:
            if line.startswith("Pss:"):
                return int(line.split()[1])
    return None


def rss_kb(pid):
    for line in open(f"/proc/{pid}/status"):
        if line.startswith("VmRSS:"):
            return int(line.split()[1])
    return None


def bench_window(root, binary, H, start_daemon_watched, runs=7):
    window_binary = Path(binary).parent / "gymbell-window"
    if not window_binary.is_file():
        raise RuntimeError(f"no gymbell-window beside {binary} (make release-static builds it)")
    root = Path(root) / "window"
    root.mkdir(parents=True, exist_ok=True)
    env = H.Env(root)
    for service in Path("/usr/share/dbus-1/services").glob("org.a11y.*.service"):
        shutil.copy(service, env.services_dir / service.name)
    env.start_bus()
    server = H.NotificationServer(env).start()
    xvfb, name = start_xvfb(Path(root) / "xvfb.log")
    daemon = None
    out = {"runs": runs}
    try:
        daemon, _ = start_daemon_watched(env, binary, root / "daemon.log")
        time.sleep(1.0)
        out["daemon_pss_before_kb"] = pss_kb(daemon.pid)
        environment = {k: v for k, v in env.vars.items() if k != "NO_AT_BRIDGE"}
        environment.update(DISPLAY=name, GDK_BACKEND="x11", GSK_RENDERER="cairo")
        mapped = []
        for i in range(runs):
            proc, seconds = launch_to_mapped(window_binary, environment, name)
            mapped.append(seconds)
            if i == runs - 1:
                time.sleep(2.0)  # Today read from the daemon and drawn
                out.update(window_rss_kb=rss_kb(proc.pid), window_pss_kb=pss_kb(proc.pid))
                maps = open(f"/proc/{daemon.pid}/maps").read()
                out["daemon_maps_gtk"] = "libgtk-4" in maps or "libadwaita" in maps
            proc.send_signal(signal.SIGTERM)
            proc.wait(10)
        time.sleep(1.0)
        out["daemon_pss_after_kb"] = pss_kb(daemon.pid)
        out["mapped"] = sorted(mapped)
        out["mapped_median"] = sorted(mapped)[len(mapped) // 2]
    finally:
        if daemon is not None and daemon.poll() is None:
            daemon.send_signal(signal.SIGTERM)
            daemon.wait(10)
        xvfb.send_signal(signal.SIGTERM)
        xvfb.wait(10)
        server.stop()
        env.stop()
    return out
