"""The daemon refuses method calls from a different Unix user (issue 6, "Security").

This module's `env` is the harness's private bus, whose policy lets every user connect
(`<allow user="*"/>`), with one change: its socket directory is opened up (0755), so that a python3-dbus client
running as `nobody` (setpriv) reaches the daemon at all. The daemon must then answer AccessDenied
itself, by the caller's UID, and change nothing.
"""

import json
import os
import shutil
import subprocess

import pytest

from reliability_support import H, raw_call, raw_status

pytestmark = pytest.mark.gymbell

CLIENT = r'''
import json, sys, dbus
conn = dbus.bus.BusConnection(sys.argv[1])
out = []
for method, sig, args in json.loads(sys.argv[2]):
    try:
        conn.call_blocking("io.github.gymbell.Gymbell", "/io/github/gymbell/Gymbell",
                           "io.github.gymbell.Gymbell1", method, sig, args, timeout=10)
        out.append([method, "reply", ""])
    except dbus.DBusException as e:
        out.append([method, e.get_dbus_name(), e.get_dbus_message()])
print(json.dumps(out))
'''


@pytest.fixture
def env(tmp_path, request):
    if os.geteuid() != 0:
        pytest.fail("this test runs a client as another user: run it as root (CI does)", pytrace=False)
    e = H.Env(tmp_path)  # its bus lets every user connect (tests/support/private_bus.py)
    try:
        e.start_bus()
        e.sock_dir.chmod(0o755)
        yield e
    finally:
        e.stop()


def run_as_nobody(env, calls):
    setpriv = shutil.which("setpriv")
    assert setpriv, "setpriv (util-linux) is needed to run a client as nobody"
    r = subprocess.run([setpriv, "--reuid=nobody", "--regid=nogroup", "--clear-groups",
                        H.PYTHON, "-c", CLIENT, env.address, json.dumps(calls)],
                       capture_output=True, text=True, timeout=30, cwd="/",
                       env={"PATH": os.environ.get("PATH", ""), "LANG": "C.UTF-8"})
    assert r.returncode == 0, f"client as nobody failed: {r.stderr}"
    return json.loads(r.stdout)


def test_calls_from_another_user_are_refused(running_daemon, bus, env):
    raw_call(bus, "Rest", "u", [600])
    before = raw_status(bus)
    results = run_as_nobody(env, [["Status", "", []], ["Rest", "u", [5]], ["Stop", "", []],
                                  ["Snooze", "u", [1]], ["Reload", "", []]])
    refused = [m for m, name, _ in results if name == "org.freedesktop.DBus.Error.AccessDenied"]
    assert len(refused) == len(results), f"not all refused with AccessDenied: {results}"
    assert raw_status(bus) == before, "a refused call from another user changed the state"
    assert running_daemon.running
