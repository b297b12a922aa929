"""Xvfb as every test and the bench start it: one function, so that the two things it must get right
are right everywhere.

- `-displayfd`: the server picks the first free display number itself and writes it to a pipe. A
  number chosen by the test (the first without a lock file) could be taken by another test starting
  at the same moment (the desktops run in two streams side by side), and both would then talk to one
  server.
- `-noreset`: without it an X server "resets" when its last client disconnects, and the reset drops
  a client that has connected but not yet been answered (xserver issue 1102). The tests' probes
  (xdpyinfo, xprop polling for the window manager) connect and leave while the program under test
  connects, so that program was now and then refused ("could not connect to display :0": Qt's abort,
  kwin_x11 exited with -6 in a fresh-clone run). Four processes opening and closing a display 300
  times each: 13 of 1 200 connections refused with Xvfb's default, 0 with -noreset (this machine,
  2026-11-28). A session's X server always has a client (its window manager), so a test's server
  never resetting is also what a person's does.
"""

import os
import select
import subprocess
import time
from pathlib import Path


class XvfbError(RuntimeError):
    pass


def start_xvfb(log_path, width=1280, height=800, timeout=15.0):
    """Starts Xvfb (its own session and process group; stdout and stderr into `log_path`) and returns
    (Popen, ":N") once the server has named its display. Raises XvfbError, the log's tail in its text,
    when it names none within `timeout` seconds."""
    log_path = Path(log_path)
    deadline = time.monotonic() + timeout
    read, write = os.pipe()
    try:
        with open(log_path, "ab") as log:
            proc = subprocess.Popen(
                ["Xvfb", "-displayfd", str(write), "-screen", "0", f"{width}x{height}x24",
                 "-nolisten", "tcp", "-noreset"],
                pass_fds=(write,), stdin=subprocess.DEVNULL, stdout=log, stderr=log, start_new_session=True)
        os.close(write)
        write = None
        said = b""
        while not said.endswith(b"\n"):
            ready, _, _ = select.select([read], [], [], max(0.0, deadline - time.monotonic()))
            chunk = os.read(read, 16) if ready else b""
            if not chunk:
                proc.kill()
                proc.wait()
                raise XvfbError(f"Xvfb named no display within {timeout:.0f} s:\n{_tail(log_path)}")
            said += chunk
    finally:
        os.close(read)
        if write is not None:
            os.close(write)
    return proc, ":" + said.decode().strip()


def _tail(path, lines=20):
    try:
        return "\n".join(Path(path).read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return "(no log)"
