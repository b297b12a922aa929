"""A real pointer on KWin's Wayland session: a pure-Python client of `org_kde_kwin_fake_input` (no
libraries, the wire protocol as in virtual_pointer.py).

    pointer = FakeInput("/tmp/gb-bus-x/run/wayland-gb")   # connects, binds, authenticates
    pointer.move(640, 400)                                   # pointer_motion_absolute, a round trip
    pointer.click(1166, 701)                                 # the move, BTN_LEFT pressed and released
    pointer.close()

KWin 5.27 hides this global unless its client is allowed (KWIN_WAYLAND_NO_PERMISSION_CHECKS=1 in
KWin's environment, or a desktop file with X-KDE-Wayland-Interfaces): the session runs it in a process
of its own allowed by a desktop file (FakeInputProcess, below), KWin's checks on. KWin's seat has a pointer only
while a fake-input device exists, and a client (Qt, GTK) binds its wl_pointer only when the seat says
it has one — a short-lived fake-input client's first click is lost. So one FakeInput is made right
after KWin is up, before any client, and kept connected for the whole session
(server_plasma_wayland.py). Every request is followed by a wl_display.sync round trip: when it
returns, KWin has handled the input.
"""

import socket
import struct

from virtual_pointer import Connection, parse_global, wl_string

INTERFACE = "org_kde_kwin_fake_input"
AUTHENTICATE, POINTER_MOTION, BUTTON, AXIS, POINTER_MOTION_ABSOLUTE = 0, 1, 2, 3, 9
#: linux/input-event-codes.h: BTN_LEFT, BTN_RIGHT, BTN_MIDDLE by the X11 button numbers
BUTTONS = {1: 0x110, 2: 0x112, 3: 0x111}


def wl_fixed(value):
    return struct.pack("<i", round(value * 256))


class FakeInput:
    def __init__(self, path, timeout=10.0):
        self.conn = Connection(str(path))
        self.conn.sock.settimeout(timeout)
        self.events = self.conn.events()
        registry = self.conn.new_id()
        self.conn.send(1, 1, struct.pack("<I", registry))  # wl_display.get_registry
        found = None

        def on_event(obj, opcode, payload):
            nonlocal found
            if obj == registry and opcode == 0:  # wl_registry.global
                name, interface, version = parse_global(payload)
                if interface == INTERFACE:
                    found = (name, version)
        self.sync(on_event)
        if found is None:
            raise RuntimeError(f"KWin offers no {INTERFACE} (is its interpreter allowed? FakeInputProcess.authorise)")
        self.version = min(found[1], 4)
        self.obj = self.conn.new_id()
        # wl_registry.bind(name, interface, version, new_id)
        self.conn.send(registry, 0, struct.pack("<I", found[0]) + wl_string(INTERFACE)
                       + struct.pack("<II", self.version, self.obj))
        self.conn.send(self.obj, AUTHENTICATE, wl_string("gymbell-tests") + wl_string("the desktop test matrix's pointer"))
        self.sync()

    def sync(self, on_event=None):
        """wl_display.sync and wait for its done: every request sent before has been handled."""
        callback = self.conn.new_id()
        self.conn.send(1, 0, struct.pack("<I", callback))
        for obj, opcode, payload in self.events:
            if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
                raise RuntimeError(f"wayland error: {payload!r}")
            if obj == callback and opcode == 0:  # wl_callback.done
                return
            if on_event:
                on_event(obj, opcode, payload)
        raise RuntimeError("KWin closed the fake-input connection")

    def move(self, x, y):
        self.conn.send(self.obj, POINTER_MOTION_ABSOLUTE, wl_fixed(x) + wl_fixed(y))
        self.sync()

    def button(self, button, pressed):
        self.conn.send(self.obj, BUTTON, struct.pack("<II", BUTTONS[button], 1 if pressed else 0))
        self.sync()

    def click(self, x, y, button=1):
        self.move(x, y)
        self.button(button, True)
        self.button(button, False)

    def close(self):
        try:
            self.conn.sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        self.conn.sock.close()


#: the name of the interpreter copy the pointer runs in: its own, so that KWin matches it to our desktop file only
AUTHORISED_NAME = "gb-kwin-fake-input"


class FakeInputProcess:
    """FakeInput in a process of its own, allowed by a desktop file as a real session allows its
    clients, so that KWin runs with its permission checks on: with KWIN_WAYLAND_NO_PERMISSION_CHECKS it
    records no client's interfaces, and then counts plasmashell as unprivileged too — it refuses the
    activation token plasmashell asks for when a notification is clicked ("not-granted-666"), which a
    real Plasma grants. KWin finds a client's desktop file by its executable (/proc/PID/exe), and
    Debian's python3.11.desktop would match /usr/bin/python3 first: so the client runs in a copy of the
    interpreter under a name of its own. `authorise()` before KWin starts, then the same interface as
    FakeInput."""

    @staticmethod
    def authorise(work, data_home):
        """The interpreter copy in `work` and its desktop file in `data_home`/applications."""
        import shutil
        import sys
        from pathlib import Path
        interpreter = Path(work) / AUTHORISED_NAME
        shutil.copyfile(sys.executable if Path(sys.executable).name.startswith("python") else "/usr/bin/python3", interpreter)
        interpreter.chmod(0o755)
        applications = Path(data_home) / "applications"
        applications.mkdir(parents=True, exist_ok=True)
        (applications / f"{AUTHORISED_NAME}.desktop").write_text(
            "[Desktop Entry]\nType=Application\nName=gymbell test pointer\nNoDisplay=true\n"
            f"Exec={interpreter}\nX-KDE-Wayland-Interfaces={INTERFACE}\n")
        return interpreter

    def __init__(self, interpreter, path, env, timeout=10.0):
        import subprocess
        self.timeout = timeout
        self.proc = subprocess.Popen([str(interpreter), __file__, str(path)], env=env, stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self._answer()

    def _answer(self):
        import select
        ready, _, _ = select.select([self.proc.stdout], [], [], self.timeout)
        line = self.proc.stdout.readline().strip() if ready else ""
        if line != "ok":
            raise RuntimeError(f"the fake-input process said {line!r} (exit {self.proc.poll()})")

    def _ask(self, *words):
        self.proc.stdin.write(" ".join(str(w) for w in words) + "\n")
        self.proc.stdin.flush()
        self._answer()

    def move(self, x, y):
        self._ask("move", x, y)

    def button(self, button, pressed):
        self._ask("button", button, int(pressed))

    def click(self, x, y, button=1):
        self._ask("click", x, y, button)

    def close(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            try:
                self.proc.wait(5)
            except Exception:  # noqa: BLE001
                self.proc.kill()


def _serve(path):
    """The process FakeInputProcess starts: one FakeInput, commands from stdin, "ok" after each."""
    import sys
    try:
        pointer = FakeInput(path)
    except Exception as e:  # noqa: BLE001 — said to the test, which fails with it
        print(f"error: {e}", flush=True)
        return
    print("ok", flush=True)
    for line in sys.stdin:
        words = line.split()
        try:
            if words[0] == "move":
                pointer.move(float(words[1]), float(words[2]))
            elif words[0] == "button":
                pointer.button(int(words[1]), words[2] == "1")
            elif words[0] == "click":
                pointer.click(float(words[1]), float(words[2]), int(words[3]))
            print("ok", flush=True)
        except Exception as e:  # noqa: BLE001
            print(f"error: {e}", flush=True)
    pointer.close()


if __name__ == "__main__":
    import sys
    from pathlib import Path
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    _serve(sys.argv[1])
