"""A bare KWin 5.27 on Wayland (`kwin_wayland --virtual`, no plasmashell), for what only the compositor
does: its idle notifications (ext-idle-notify-v1, org_kde_kwin_idle) and their input.

    kwin = BareKWin(env, artifacts)   # env: the e2e harness's Env, its bus started
    kwin.start()                      # env.vars["WAYLAND_DISPLAY"] set; a fake pointer connected
    kwin.move(5, 0)                   # relative pointer motion through org_kde_kwin_fake_input
    kwin.stop()

As /work/shared/WAYLAND.md found: run as root from a copy of kwin_wayland (Debian gives the file
cap_sys_resource, which the container's bounding set lacks: execve fails), with XDG_RUNTIME_DIR set;
org_kde_kwin_fake_input is a restricted global, offered with KWIN_WAYLAND_NO_PERMISSION_CHECKS=1. The
input client is a pure-Python wire client that stays connected (the seat has a pointer only while a
fake device exists) and moves the pointer when told on its stdin. A fuller Plasma-on-Wayland stage
(plasmashell, its notifications, screenshots) is server_plasma_wayland.py's.
"""

import os
import select
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from desktop_support import stop_process  # noqa: E402

PYTHON = "/usr/bin/python3" if os.path.exists("/usr/bin/python3") else "python3"
START_TIMEOUT = 30.0
SOCKET = "wl-gymbell"

#: the input client: binds org_kde_kwin_fake_input, authenticates, says "ready", then for each line
#: "move DX DY" on stdin sends pointer_motion and a wl_display.sync, and says "moved" once KWin has it
FAKE_POINTER = r'''
import os, select, socket, struct, sys
def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)
path = os.path.join(os.environ["XDG_RUNTIME_DIR"], os.environ["WAYLAND_DISPLAY"])
sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
sock.connect(path)
buf = b""
def send(obj, opcode, payload=b""):
    sock.sendall(struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload)
def until_done(callback, on_event=lambda *a: None):
    global buf
    while True:
        while len(buf) >= 8:
            obj, word = struct.unpack_from("<II", buf)
            size = word >> 16
            if len(buf) < size:
                break
            payload, buf = buf[8:size], buf[size:]
            if obj == 1 and word & 0xFFFF == 0:
                sys.exit(f"wayland error: {payload!r}")
            if obj == callback:
                return
            on_event(obj, word & 0xFFFF, payload)
        chunk = sock.recv(65536)
        if not chunk:
            sys.exit("KWin went away")
        buf += chunk
send(1, 1, struct.pack("<I", 2))  # get_registry -> 2
send(1, 0, struct.pack("<I", 3))  # sync -> 3
found = {}
def on_global(obj, opcode, payload):
    if obj == 2 and opcode == 0:
        name, length = struct.unpack_from("<II", payload)
        interface = payload[8:8 + length - 1].decode()
        found[interface] = (name, struct.unpack_from("<I", payload, 8 + ((length + 3) & ~3))[0])
until_done(3, on_global)
if "org_kde_kwin_fake_input" not in found:
    sys.exit("KWin offers no org_kde_kwin_fake_input")
name, version = found["org_kde_kwin_fake_input"]
version = min(version, 4)
send(2, 0, struct.pack("<I", name) + string("org_kde_kwin_fake_input") + struct.pack("<II", version, 4))
send(4, 0, string("gymbell tests") + string("a person's input"))  # authenticate
send(1, 0, struct.pack("<I", 5))
until_done(5)
print("ready", flush=True)
next_id = 6
for line in sys.stdin:
    dx, dy = (round(float(v) * 256) for v in line.split()[1:3])
    send(4, 1, struct.pack("<ii", dx, dy))  # pointer_motion(fixed dx, fixed dy)
    send(1, 0, struct.pack("<I", next_id))
    until_done(next_id)
    next_id += 1
    print("moved", flush=True)
'''


def missing():
    """What a bare KWin on Wayland needs that is not installed."""
    return [p for p in ("kwin_wayland",) if shutil.which(p) is None]


class BareKWin:
    name = "kwin-wayland"

    def __init__(self, env, artifacts):
        self.env = env
        self.artifacts = Path(artifacts)
        self.work = None
        self.kwin = None
        self.pointer = None
        self.vars = None

    def start(self):
        deadline = time.monotonic() + START_TIMEOUT
        self.artifacts.mkdir(parents=True, exist_ok=True)
        self.work = Path(tempfile.mkdtemp(prefix="gb-kwin-"))
        run = self.work / "run"
        run.mkdir(mode=0o700)
        kwin = self.work / "kwin_wayland"
        shutil.copy(shutil.which("kwin_wayland"), kwin)  # without the file capability
        self.vars = dict(self.env.vars, XDG_RUNTIME_DIR=str(run), XDG_SESSION_TYPE="wayland", XDG_CURRENT_DESKTOP="KDE",
                         KWIN_WAYLAND_NO_PERMISSION_CHECKS="1", QT_QPA_PLATFORM="wayland")
        self.vars.pop("DISPLAY", None)
        try:
            with open(self.artifacts / "kwin.log", "ab") as log:
                self.kwin = subprocess.Popen(
                    [str(kwin), "--virtual", "--width", "1280", "--height", "800", "--socket", SOCKET, "--no-lockscreen"],
                    env=self.vars, stdout=log, stderr=log, stdin=subprocess.DEVNULL, start_new_session=True)
            while not (run / SOCKET).exists():
                if self.kwin.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError(f"kwin_wayland did not come up: {_tail(self.artifacts / 'kwin.log')}")
                time.sleep(0.05)
            self.vars["WAYLAND_DISPLAY"] = SOCKET
            with open(self.artifacts / "fake-pointer.log", "ab") as log:
                self.pointer = subprocess.Popen(
                    [PYTHON, "-c", FAKE_POINTER], env=self.vars, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                    stderr=log, start_new_session=True)
            self._answer("ready", deadline)
        except BaseException:
            self.stop()
            raise
        # What gymbell needs to reach it: an absolute socket path works whatever its XDG_RUNTIME_DIR.
        self.env.vars["WAYLAND_DISPLAY"] = str(run / SOCKET)
        return self

    def _answer(self, expected, deadline):
        ready, _, _ = select.select([self.pointer.stdout], [], [], max(0.1, deadline - time.monotonic()))
        line = self.pointer.stdout.readline().decode().strip() if ready else "(nothing)"
        if line != expected:
            raise RuntimeError(f"the fake pointer said {line!r}: {_tail(self.artifacts / 'fake-pointer.log')}")

    def move(self, dx, dy):
        """A relative pointer motion as a mouse gives it (counts as activity), once KWin has it."""
        self.pointer.stdin.write(f"move {dx} {dy}\n".encode())
        self.pointer.stdin.flush()
        self._answer("moved", time.monotonic() + 10)

    def kill(self):
        """KWin ends at once (a crash, or the session ending under it)."""
        self.kwin.kill()
        self.kwin.wait(10)

    def stop(self):
        for attr in ("pointer", "kwin"):
            proc = getattr(self, attr)
            if proc is None:
                continue
            if proc.stdin:
                proc.stdin.close()
            stop_process(proc)
            if proc.stdout:
                proc.stdout.close()
            setattr(self, attr, None)
        if self.work is not None:
            shutil.rmtree(self.work, ignore_errors=True)
            self.work = None
        if self.env.vars:
            self.env.vars.pop("WAYLAND_DISPLAY", None)


def _tail(path, limit=3000):
    try:
        return Path(path).read_text(errors="replace")[-limit:]
    except OSError:
        return ""
