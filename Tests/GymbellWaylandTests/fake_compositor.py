#!/usr/bin/env python3
"""A Wayland compositor of the wire protocol alone, for WaylandIdleTests and WaylandActivationTests: it
offers a wl_seat and the globals named on its command line, records what the client asks, says
"idled"/"resumed" when told, and answers an activation token's commit with the token "tok-42".
Written from the protocols' XML (wayland.xml, ext-idle-notify-v1.xml, KDE's idle.xml,
xdg-activation-v1.xml, GTK's gtk-shell.xml), not from gymbell's code.

    fake_compositor.py SOCKET_PATH [ext] [kde] [gtk_shell1=VERSION] [xdg_activation_v1]

stdout, one line each: "ready" (listening), then a JSON record per request the client sends that
concerns idleness or activation: {"request": "bind", "interface": …, "version": …},
{"request": "get", "timeout": ms}, {"request": "destroy"} (the idle notification or timeout released),
{"request": "notify_launch", "text": startup id}, {"request": "set_app_id", "text": app id},
{"request": "commit"}, {"request": "destroy", "interface": "xdg_activation_token_v1" or
"xdg_activation_v1"}, {"request": "left"} (the client closed the connection; the script ends).
stdin, one command a line:
"idle" / "resume" (to the newest notification), "mark" (a record {"request": "mark"}), "hangup" (close the connection and exit).
"""

import json
import os
import select
import socket
import struct
import sys

path, offered = sys.argv[1], sys.argv[2:]
GLOBALS = [(1, "wl_seat", 1)] + [(2, "ext_idle_notifier_v1", 1)] * ("ext" in offered) + [(3, "org_kde_kwin_idle", 1)] * ("kde" in offered)
GLOBALS += [(4, "gtk_shell1", int(o.split("=")[1])) for o in offered if o.startswith("gtk_shell1=")]
GLOBALS += [(5, "xdg_activation_v1", 1)] * ("xdg_activation_v1" in offered)
TOKEN = "tok-42"


def string(text):
    data = text.encode() + b"\0"
    return struct.pack("<I", len(data)) + data + b"\0" * (-len(data) % 4)


def string_at(payload, offset):
    length = struct.unpack_from("<I", payload, offset)[0]
    return payload[offset + 4:offset + 4 + length - 1].decode()


def say(record):
    print(json.dumps(record), flush=True)


listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(path)
listener.listen(1)
print("ready", flush=True)
client, _ = listener.accept()
objects = {1: "wl_display"}
newest = None
buf = b""


def send(obj, opcode, payload=b""):
    try:
        client.sendall(struct.pack("<II", obj, ((8 + len(payload)) << 16) | opcode) + payload)
    except (BrokenPipeError, ConnectionResetError):
        pass  # the client left: what it sent before is still read and recorded


def handle(obj, opcode, payload):
    global newest
    kind = objects.get(obj)
    if kind == "wl_display" and opcode == 1:  # get_registry(new_id)
        (registry,) = struct.unpack_from("<I", payload)
        objects[registry] = "wl_registry"
        for name, interface, version in GLOBALS:
            send(registry, 0, struct.pack("<I", name) + string(interface) + struct.pack("<I", version))
    elif kind == "wl_display" and opcode == 0:  # sync(new_id callback)
        (callback,) = struct.unpack_from("<I", payload)
        send(callback, 0, struct.pack("<I", 0))  # done
        send(1, 1, struct.pack("<I", callback))  # delete_id
    elif kind == "wl_registry" and opcode == 0:  # bind(name, interface, version, new_id)
        length = struct.unpack_from("<I", payload, 4)[0]
        interface = string_at(payload, 4)
        version, new_id = struct.unpack_from("<II", payload, 8 + ((length + 3) & ~3))
        objects[new_id] = interface
        say({"request": "bind", "interface": interface, "version": version})
    elif kind == "ext_idle_notifier_v1" and opcode == 1:  # get_idle_notification(new_id, timeout, seat)
        new_id, timeout, _ = struct.unpack_from("<III", payload)
        objects[new_id], newest = "ext_idle_notification_v1", new_id
        say({"request": "get", "timeout": timeout})
    elif kind == "org_kde_kwin_idle" and opcode == 0:  # get_idle_timeout(new_id, seat, timeout)
        new_id, _, timeout = struct.unpack_from("<III", payload)
        objects[new_id], newest = "org_kde_kwin_idle_timeout", new_id
        say({"request": "get", "timeout": timeout})
    elif kind in ("ext_idle_notification_v1", "org_kde_kwin_idle_timeout") and opcode == 0:  # destroy / release
        del objects[obj]
        send(1, 1, struct.pack("<I", obj))  # delete_id
        say({"request": "destroy"})
    elif kind == "gtk_shell1" and opcode == 3:  # notify_launch(startup_id), since version 3
        say({"request": "notify_launch", "text": string_at(payload, 0)})
    elif kind == "xdg_activation_v1" and opcode == 1:  # get_activation_token(new_id)
        (new_id,) = struct.unpack_from("<I", payload)
        objects[new_id] = "xdg_activation_token_v1"
    elif kind == "xdg_activation_token_v1" and opcode == 1:  # set_app_id(app_id)
        say({"request": "set_app_id", "text": string_at(payload, 0)})
    elif kind == "xdg_activation_token_v1" and opcode == 3:  # commit → done(token)
        say({"request": "commit"})
        send(obj, 0, string(TOKEN))
    elif (kind, opcode) in (("xdg_activation_token_v1", 4), ("xdg_activation_v1", 0)):  # destroy
        del objects[obj]
        send(1, 1, struct.pack("<I", obj))  # delete_id
        say({"request": "destroy", "interface": kind})


def serve():
    global buf
    commands = b""  # read with os.read: sys.stdin's buffer would keep lines select() no longer sees
    while True:
        ready, _, _ = select.select([client, 0], [], [])
        if 0 in ready:
            chunk = os.read(0, 4096)
            if not chunk:
                return
            commands += chunk
            while b"\n" in commands:
                line, commands = commands.split(b"\n", 1)
                command = line.decode().strip()
                if command == "hangup":
                    return
                if command == "mark":  # what the client asked before this line came before it
                    say({"request": "mark"})
                    continue
                send(newest, 0 if command == "idle" else 1)  # idled/idle = 0, resumed = 1 in both protocols
        if client in ready:
            try:
                chunk = client.recv(65536)
            except ConnectionResetError:  # it left with our last events unread: what it sent came first
                chunk = b""
            if not chunk:
                say({"request": "left"})
                return
            buf += chunk
            while len(buf) >= 8:
                obj, word = struct.unpack_from("<II", buf)
                size = word >> 16
                if len(buf) < size:
                    break
                handle(obj, word & 0xFFFF, buf[8:size])
                buf = buf[size:]


try:
    serve()
except (BrokenPipeError, ConnectionResetError):
    pass  # the client left first
client.close()
os.unlink(path)
