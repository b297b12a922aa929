#!/usr/bin/env python3
"""Give a headless wlroots compositor's seat a pointer device, and keep it while this runs.

A headless sway has no input devices, so seat0 lacks the pointer capability and no client ever gets
a wl_pointer: `swaymsg seat seat0 cursor press button1` would reach nobody. This is a minimal
Wayland client written against the wire protocol (no libraries): it binds
zwlr_virtual_pointer_manager_v1 (wlr-virtual-pointer-unstable-v1), creates one virtual pointer on
the default seat, prints "ready" and then just stays connected until killed or the compositor goes.
The pointer is driven by sway's own seat cursor commands.

`virtual_pointer.py --move DX DY`: instead, one relative motion of a virtual pointer of its own, then
exit once the compositor has it (a round trip). Unlike `swaymsg seat seat0 cursor set`, which moves the
cursor without an input device, this is input as a person's mouse gives it: it counts as activity for
the compositor's idle notifications (org_kde_kwin_idle).

Environment: WAYLAND_DISPLAY (a name in XDG_RUNTIME_DIR, or an absolute path), XDG_RUNTIME_DIR.
"""

import os
import socket
import struct
import sys
import time

MANAGER = "zwlr_virtual_pointer_manager_v1"


def wl_string(text):
    data = text.encode() + b"\0"
    data += b"\0" * (-len(data) % 4)
    return struct.pack("<I", len(text) + 1) + data


class Connection:
    def __init__(self, path):
        self.sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        self.sock.connect(path)
        self.buf = b""
        self.next_id = 2

    def new_id(self):
        nid = self.next_id
        self.next_id += 1
        return nid

    def send(self, obj, opcode, payload=b""):
        size = 8 + len(payload)
        self.sock.sendall(struct.pack("<II", obj, (size << 16) | opcode) + payload)

    def events(self):
        """Yield (object, opcode, payload) until the compositor hangs up."""
        while True:
            while len(self.buf) >= 8:
                obj, word = struct.unpack_from("<II", self.buf)
                size, opcode = word >> 16, word & 0xFFFF
                if len(self.buf) < size:
                    break
                payload, self.buf = self.buf[8:size], self.buf[size:]
                yield obj, opcode, payload
            chunk = self.sock.recv(65536)
            if not chunk:
                return
            self.buf += chunk


def parse_global(payload):
    name, length = struct.unpack_from("<II", payload)
    interface = payload[8:8 + length - 1].decode()
    offset = 8 + ((length + 3) & ~3)
    (version,) = struct.unpack_from("<I", payload, offset)
    return name, interface, version


def main():
    display = os.environ.get("WAYLAND_DISPLAY", "wayland-0")
    path = display if display.startswith("/") else os.path.join(os.environ["XDG_RUNTIME_DIR"], display)
    conn = Connection(path)
    registry, callback = conn.new_id(), conn.new_id()
    conn.send(1, 1, struct.pack("<I", registry))  # wl_display.get_registry
    conn.send(1, 0, struct.pack("<I", callback))  # wl_display.sync
    events = conn.events()
    manager_global = None
    for obj, opcode, payload in events:
        if obj == 1 and opcode == 0:  # wl_display.error(object, code, message)
            sys.exit(f"wayland error: {payload!r}")
        if obj == registry and opcode == 0:
            name, interface, version = parse_global(payload)
            if interface == MANAGER:
                manager_global = (name, version)
        if obj == callback and opcode == 0:  # wl_callback.done
            break
    if manager_global is None:
        sys.exit(f"the compositor offers no {MANAGER}")
    manager, pointer, callback = conn.new_id(), conn.new_id(), conn.new_id()
    # wl_registry.bind(name, interface, version, new_id)
    conn.send(registry, 0, struct.pack("<I", manager_global[0]) + wl_string(MANAGER)
              + struct.pack("<II", 1, manager))
    # zwlr_virtual_pointer_manager_v1.create_virtual_pointer(seat: null, id)
    conn.send(manager, 0, struct.pack("<II", 0, pointer))
    conn.send(1, 0, struct.pack("<I", callback))
    for obj, opcode, payload in events:
        if obj == 1 and opcode == 0:
            sys.exit(f"wayland error: {payload!r}")
        if obj == callback and opcode == 0:
            break
    if len(sys.argv) == 4 and sys.argv[1] == "--move":
        dx, dy = (round(float(v) * 256) for v in sys.argv[2:])  # wl_fixed
        stamp = int(time.monotonic() * 1000) & 0xFFFFFFFF
        conn.send(pointer, 0, struct.pack("<Iii", stamp, dx, dy))  # motion(time, dx, dy)
        conn.send(pointer, 4)  # frame
        done = conn.new_id()
        conn.send(1, 0, struct.pack("<I", done))
        for obj, opcode, payload in events:
            if obj == 1 and opcode == 0:
                sys.exit(f"wayland error: {payload!r}")
            if obj == done and opcode == 0:
                print("moved", flush=True)
                return
        sys.exit("the compositor went away")
    print("ready", flush=True)
    for obj, opcode, payload in events:  # stay connected; the compositor's events are ignored
        if obj == 1 and opcode == 0:
            sys.exit(f"wayland error: {payload!r}")


if __name__ == "__main__":
    main()
