"""Two real Syncthing instances on 127.0.0.1 sharing one folder, `gymbell` (issue 48's tests):
`SyncthingPair(root, {"a": path_a, "b": path_b}).start()`, then `wait_connected()`, `scan(side)`,
`wait_in_sync()`, `pause()`/`resume()`, `conflict_copies(side)`, and `stop()` in a `finally`.

Fresh homes (`syncthing generate --no-default-folder`), config.xml edited before the first start so
that no default ever runs (/work/shared/SYNCTHING.md): REST and the listener on free 127.0.0.1 ports
(bound to port 0 to find them: other suites run beside), no discovery, relays, NAT or reports, the
folder watched with fsWatcherDelayS=1, normal priority (the tests time gymbell, not a niced Syncthing).
Only the second side dials, every second while not connected: with 1.19, two sides dialling each
other now and then crossed and neither Hello completed for 20 s, and at the default 60 s interval a
resume waited up to a minute. One process a side (STMONITORED=yes), logged to <root>/<side>/
syncthing.log, always reaped by stop(). HOME must be non-empty (else Syncthing panics); root is fine.
"""

import copy
import json
import os
import shutil
import signal
import socket
import subprocess
import time
import urllib.request
import xml.etree.ElementTree as ET
from pathlib import Path

FOLDER = "gymbell"
SYNCTHING = "syncthing"
START_TIMEOUT = 20.0  # s: start → REST answers (0.5 s on an idle machine)
# A request to 127.0.0.1 never goes through a proxy from the environment.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))


class SyncthingError(AssertionError):  # the pair did not do what was asked in time; both logs' tails
    pass


def available():
    """Whether Debian's syncthing is installed (scripts/install-deps.sh installs it)."""
    return shutil.which(SYNCTHING) is not None


def free_ports(count):
    """`count` distinct free TCP ports on 127.0.0.1 (held together while found, so no repeats)."""
    socks = [socket.socket(socket.AF_INET, socket.SOCK_STREAM) for _ in range(count)]
    try:
        for s in socks:
            s.bind(("127.0.0.1", 0))
        return [s.getsockname()[1] for s in socks]
    finally:
        for s in socks:
            s.close()


class Instance:
    """One Syncthing: its home, ports, API key, device id, folder path and process."""

    def __init__(self, name, root, folder_path):
        self.name = name
        self.root = Path(root)
        self.home = self.root / "home"
        self.folder = Path(folder_path)
        self.log = self.root / "syncthing.log"
        self.api_key = f"gymbell-test-{name}-{os.urandom(8).hex()}"
        self.gui_port = self.listen_port = self.device_id = self.proc = None

        # STHASHING=minio: no hashing benchmark at start-up (0.9 s)
        self.environment = {"PATH": "/usr/bin:/bin", "HOME": str(self.root), "STMONITORED": "yes",
                            "STHASHING": "minio", "LANG": "C.UTF-8"}

    def generate(self):
        self.root.mkdir(parents=True, exist_ok=True)
        r = subprocess.run([SYNCTHING, "generate", "--home", str(self.home), "--no-default-folder",
                            "--skip-port-probing"], env=self.environment, capture_output=True, text=True, timeout=30)
        if r.returncode != 0:
            raise SyncthingError(f"syncthing generate ({self.name}) failed: {r.stdout}{r.stderr}")
        ids = [line.split("Device ID:", 1)[1].strip() for line in (r.stdout + r.stderr).splitlines() if "Device ID:" in line]
        if not ids:
            raise SyncthingError(f"syncthing generate ({self.name}) printed no device id: {r.stdout}{r.stderr}")
        self.device_id = ids[0]
        shutil.copy(self.home / "config.xml", self.root / "config.generated.xml")  # what configure() edits

    @property
    def url(self):
        return f"http://127.0.0.1:{self.gui_port}"

    def configure(self, peer, dials):
        """config.xml: own ports, nothing leaving 127.0.0.1, the peer (at its static address when this
        side `dials`, else "dynamic", which finds nothing without discovery), the shared folder."""
        tree = ET.parse(self.root / "config.generated.xml")
        top = tree.getroot()
        gui = top.find("gui")
        gui.set("enabled", "true")
        gui.set("tls", "false")
        _text(gui, "address", f"127.0.0.1:{self.gui_port}")
        _text(gui, "apikey", self.api_key)
        options = top.find("options")
        for old in options.findall("listenAddress"):
            options.remove(old)
        ET.SubElement(options, "listenAddress").text = f"tcp://127.0.0.1:{self.listen_port}"
        for key, value in (("globalAnnounceEnabled", "false"), ("localAnnounceEnabled", "false"),
                           ("relaysEnabled", "false"), ("natEnabled", "false"), ("startBrowser", "false"),
                           ("urAccepted", "-1"), ("crashReportingEnabled", "false"),
                           ("autoUpgradeIntervalH", "0"), ("reconnectionIntervalS", "1"),
                           ("setLowPriority", "false")):
            _text(options, key, value)
        defaults = top.find("defaults")
        # The peer, from the defaults' device.
        device = copy.deepcopy(defaults.find("device"))
        device.set("id", peer.device_id)
        device.set("name", peer.name)
        for old in device.findall("address"):
            device.remove(old)
        device.insert(0, ET.Element("address"))
        device[0].text = f"tcp://127.0.0.1:{peer.listen_port}" if dials else "dynamic"
        top.insert(list(top).index(gui), device)
        # The folder, from the defaults' folder, shared by both.
        folder = copy.deepcopy(defaults.find("folder"))
        folder.attrib.update({"id": FOLDER, "label": FOLDER, "path": str(self.folder), "type": "sendreceive",
                              "rescanIntervalS": "3600", "fsWatcherEnabled": "true", "fsWatcherDelayS": "1"})
        for old in folder.findall("device"):
            folder.remove(old)
        for position, device_id in enumerate((self.device_id, peer.device_id)):
            member = ET.Element("device", {"id": device_id, "introducedBy": ""})
            ET.SubElement(member, "encryptionPassword")
            folder.insert(position, member)
        top.insert(list(top).index(device), folder)
        tree.write(self.home / "config.xml", encoding="utf-8", xml_declaration=False)

    def start(self):
        with open(self.log, "ab") as out:
            self.proc = subprocess.Popen(
                [SYNCTHING, "serve", "--home", str(self.home), "--no-browser", "--no-restart", "--no-upgrade",
                 "--logflags=7"], env=self.environment, stdout=out, stderr=subprocess.STDOUT,
                stdin=subprocess.DEVNULL, start_new_session=True)

    def wait_ready(self, timeout=START_TIMEOUT):
        """True once REST answers and the listener listens; False if a port was taken meanwhile (the
        GUI's: the process ends; the listener's: its status says so)."""
        deadline = time.monotonic() + timeout
        while True:
            if self.proc.poll() is not None:
                return False
            try:
                listener = self.get("/rest/system/status", timeout=2)["connectionServiceStatus"].get(
                    f"tcp://127.0.0.1:{self.listen_port}")
                if listener is not None:
                    return listener.get("error") is None
            except (OSError, ValueError, KeyError):
                pass
            if time.monotonic() >= deadline:
                raise SyncthingError(f"syncthing {self.name} did not answer on {self.url} within {timeout:.0f} s:\n"
                                     + self.tail())
            time.sleep(0.05)

    def get(self, path, timeout=10, method="GET"):
        """A REST call's JSON answer (None when empty)."""
        req = urllib.request.Request(self.url + path, method=method, headers={"X-API-Key": self.api_key})
        with _OPENER.open(req, timeout=timeout) as answer:
            body = answer.read()
        return json.loads(body) if body.strip() else None

    def post(self, path):
        return self.get(path, timeout=30, method="POST")

    def stop(self):
        """SIGTERM (unless it ended), then SIGKILL after 5 s; reaped either way."""
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(5)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait()
            self.proc = None

    def tail(self, limit=3000):
        try:
            text = self.log.read_text(errors="replace")
        except OSError:
            return "(no log)"
        return f"--- syncthing {self.name} log ---\n" + (text if len(text) <= limit else "…" + text[-limit:])


def _text(parent, tag, value):
    (parent.find(tag) if parent.find(tag) is not None else ET.SubElement(parent, tag)).text = value


class SyncthingPair:
    """Two instances, `sides` named as the keys of `folders` (two: name → that side's folder path)."""

    def __init__(self, root, folders):
        assert len(folders) == 2, folders
        self.root = Path(root)
        self.sides = {name: Instance(name, self.root / name, path) for name, path in folders.items()}

    def __getitem__(self, side):  # the Instance: pair["a"].get("/rest/…")
        return self.sides[side]

    def _peer(self, side):
        return next(i for name, i in self.sides.items() if name != side)

    def start(self, attempts=3):
        """Generate, configure and start both; returns self once both answer. A port taken between
        finding it and binding it (another suite beside) costs a retry with new ports."""
        try:
            for i in self.sides.values():
                i.generate()
            for _ in range(attempts):
                ports = free_ports(4)
                for n, i in enumerate(self.sides.values()):
                    i.gui_port, i.listen_port = ports[2 * n], ports[2 * n + 1]
                for n, (name, i) in enumerate(self.sides.items()):
                    i.configure(self._peer(name), dials=n == 1)
                # The side that is dialled first: the dialler's first dial finds it listening (one
                # that fails is tried again only after five seconds).
                if all(i.start() or i.wait_ready() for i in self.sides.values()):
                    return self
                for i in self.sides.values():
                    i.stop()
            raise SyncthingError(f"syncthing did not start in {attempts} attempts:\n" + self.tails())
        except BaseException:
            self.stop()
            raise

    def wait_connected(self, timeout=15):
        """Until each side reports the other connected; returns the seconds it took."""
        began = time.monotonic()
        self._wait(lambda: all(self._connected(name) for name in self.sides), timeout, "the two to connect")
        return time.monotonic() - began

    def _connected(self, side):
        peer = self._peer(side).device_id
        connections = self.sides[side].get("/rest/system/connections")["connections"]
        return bool(connections.get(peer, {}).get("connected"))

    def scan(self, side):
        """Rescan the side's folder now (returns when the scan is done)."""
        self.sides[side].post(f"/rest/db/scan?folder={FOLDER}")

    def in_sync(self):
        """Both folders idle with nothing needed, and each side sees the other at 100 %."""
        for name, i in self.sides.items():
            status = i.get(f"/rest/db/status?folder={FOLDER}")
            if status.get("state") != "idle" or status.get("needTotalItems", status.get("needFiles")) != 0:
                return False
            peer = self._peer(name).device_id
            completion = i.get(f"/rest/db/completion?folder={FOLDER}&device={peer}")
            if completion.get("completion") != 100 or completion.get("needItems") != 0:
                return False
        return True

    def wait_in_sync(self, timeout=20, scan=True):
        """Rescan both (unless scan=False), then wait until in_sync(); returns the seconds it took."""
        began = time.monotonic()
        if scan:
            for name in self.sides:
                self.scan(name)
        self._wait(self.in_sync, timeout, "the two folders to be in sync")
        return time.monotonic() - began

    def pause(self):
        """Each side pauses the other: both offline, as two computers without a network."""
        for name, i in self.sides.items():
            i.post(f"/rest/system/pause?device={self._peer(name).device_id}")
        self._wait(lambda: not any(self._connected(name) for name in self.sides), 15, "the two to disconnect")

    def resume(self):  # both sides; the second dials within a second
        for name, i in self.sides.items():
            i.post(f"/rest/system/resume?device={self._peer(name).device_id}")

    def conflict_copies(self, side):
        """The names of the `.sync-conflict-` copies in the side's folder."""
        return sorted(p.name for p in self.sides[side].folder.iterdir() if ".sync-conflict-" in p.name)

    def _wait(self, predicate, timeout, what):  # a REST error while waiting counts as "not yet"
        deadline = time.monotonic() + timeout
        while True:
            try:
                if predicate():
                    return
            except (OSError, ValueError, KeyError):
                pass
            if time.monotonic() >= deadline:
                raise SyncthingError(f"timed out after {timeout:.0f} s waiting for {what}:\n" + self.tails())
            time.sleep(0.1)

    def tails(self):
        return "\n".join(i.tail() for i in self.sides.values())

    def stop(self):
        """Ends both processes and reaps them, whatever state they are in (both told at once: each
        takes up to a second and a half to shut down)."""
        for i in self.sides.values():
            if i.proc is not None and i.proc.poll() is None:
                i.proc.send_signal(signal.SIGTERM)
        for i in self.sides.values():
            i.stop()
