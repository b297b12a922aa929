"""Starting on demand and at login: D-Bus activation through the installed
io.github.gymbell.Gymbell.service, and `gymbell autostart run` (what the autostart entry runs)
never leaving two daemons.

The private dbus-daemon is not started with --systemd-activation, so it ignores SystemdService= and
runs the file's Exec= line itself: the path a desktop without systemd takes. (Under systemd the bus
asks systemd to start gymbell.service instead; there is no systemd user manager here.)"""

import json
import os
import subprocess
import time
from pathlib import Path

import pytest

from conftest import APP_ID, PREFIX, terminate, wait_until


def install_activation_file(session, installed, binary):
    """The installed .service file, its Exec= pointed at `binary`, in the bus's <servicedir>."""
    text = installed.path(f"{PREFIX}/share/dbus-1/services/{APP_ID}.service").read_text()
    assert f"Exec={PREFIX}/bin/gymbell daemon" in text
    (session.services_dir / f"{APP_ID}.service").write_text(text.replace(f"{PREFIX}/bin/gymbell", str(binary)))


def environment_of(pid):
    items = Path(f"/proc/{pid}/environ").read_bytes().split(b"\0")
    return dict(i.decode(errors="replace").split("=", 1) for i in items if b"=" in i)


def daemons_in(session, binary):
    """This session's running `gymbell daemon` processes."""
    target = os.path.realpath(binary)
    found = []
    for pid in session.processes():
        try:
            argv = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            if os.readlink(f"/proc/{pid}/exe") == target and argv[1:2] == [b"daemon"]:
                found.append(pid)
        except OSError:
            pass
    return found


def started_by_activation(session, pid):
    """dbus-daemon tells the services it starts which bus asked for them."""
    env = environment_of(pid)
    return env.get("DBUS_STARTER_ADDRESS") == session.address and env.get("DBUS_STARTER_BUS_TYPE") == "session"


def test_status_starts_the_daemon_through_dbus_activation(session, installed, gymbell_bin):
    install_activation_file(session, installed, gymbell_bin)
    session.start_bus()
    assert session.name_owner_pid() is None

    began = time.monotonic()
    status = session.run(gymbell_bin, "status")
    elapsed = time.monotonic() - began
    assert status.returncode == 0, status.stdout + status.stderr + session.bus_log_text()
    assert "No session is running." in status.stdout
    print(f"gymbell status with activation: {elapsed:.2f} s")

    pid = session.name_owner_pid()
    assert pid is not None, "nobody owns the name after activation"
    assert started_by_activation(session, pid), "the daemon was not started by the bus"
    assert os.readlink(f"/proc/{pid}/exe") == os.path.realpath(gymbell_bin)
    assert Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")[1:3] == [b"daemon", b""]
    assert "Activating service name='io.github.gymbell.Gymbell'" in session.bus_log_text()

    # The daemon now answers directly, and a second `gymbell daemon` refuses cleanly.
    again = session.run(gymbell_bin, "status", "--json")
    assert again.returncode == 0 and again.stdout.lstrip().startswith("{"), again
    second = session.run(gymbell_bin, "daemon", timeout=20)
    assert second.returncode == 3, second
    assert "already running" in second.stderr
    assert session.name_owner_pid() == pid


def test_autostart_run_asks_the_bus_and_never_starts_two(session, installed, gymbell_bin):
    install_activation_file(session, installed, gymbell_bin)
    session.start_bus()
    first = session.run(gymbell_bin, "autostart", "run")
    assert first.returncode == 0, first.stdout + first.stderr + session.bus_log_text()
    assert "the daemon is running" in first.stdout
    pid = session.name_owner_pid()
    assert pid is not None and started_by_activation(session, pid)

    # Login twice over (autostart entry, plus an enabled unit or a second desktop's autostart).
    for _ in range(2):
        again = session.run(gymbell_bin, "autostart", "run")
        assert again.returncode == 0, again
    assert session.name_owner_pid() == pid
    assert daemons_in(session, gymbell_bin) == [pid]


def test_autostart_run_at_the_same_time_starts_one(session, installed, gymbell_bin):
    install_activation_file(session, installed, gymbell_bin)
    session.start_bus()
    procs = [subprocess.Popen([str(gymbell_bin), "autostart", "run"], env=session.vars, stdout=subprocess.PIPE,
                              stderr=subprocess.PIPE, text=True) for _ in range(3)]
    for proc in procs:
        out, err = proc.communicate(timeout=30)
        assert proc.returncode == 0, out + err
    pid = session.name_owner_pid()
    assert daemons_in(session, gymbell_bin) == [pid]


def test_autostart_run_without_activation_runs_the_daemon_itself(session, gymbell_bin):
    """Nothing installed on the bus (a source build): `autostart run` becomes the daemon."""
    session.start_bus()  # empty <servicedir>
    log = session.root / "autostart-run.log"
    with open(log, "wb") as out:
        proc = subprocess.Popen([str(gymbell_bin), "autostart", "run"], env=session.vars, stdout=out,
                                stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL)
    try:
        wait_until(lambda: session.name_owner_pid() == proc.pid or proc.poll() is not None, 20,
                   what="`gymbell autostart run` to own the bus name")
        assert proc.poll() is None, log.read_text()
        assert session.name_owner_pid() == proc.pid
        second = session.run(gymbell_bin, "autostart", "run")
        assert second.returncode == 0 and "the daemon is running" in second.stdout, second
        status = session.run(gymbell_bin, "status")
        assert status.returncode == 0, status
    finally:
        terminate(proc)
    assert proc.returncode == 0, log.read_text()


def test_autostart_run_reports_a_daemon_that_fails_to_start(session, gymbell_bin):
    """When activation is possible but the started program fails, `autostart run` says so and
    exits 1; it does not start a daemon of its own behind the bus's back."""
    (session.services_dir / f"{APP_ID}.service").write_text(
        f"[D-BUS Service]\nName={APP_ID}\nExec=/bin/false\nSystemdService=gymbell.service\n")
    session.start_bus()
    proc = session.run(gymbell_bin, "autostart", "run")
    assert proc.returncode == 1, proc
    assert "the daemon could not be started" in proc.stderr
    assert session.name_owner_pid() is None
    assert daemons_in(session, gymbell_bin) == []


def test_installed_daemon_finds_its_translations(session, installed):
    """The installed binary reads the catalog installed beside it (<prefix>/share/locale)."""
    if "de_DE.utf8" not in subprocess.run(["locale", "-a"], capture_output=True, text=True).stdout.split():
        pytest.skip("no de_DE.UTF-8 locale here (scripts/install-deps.sh sets it up)")
    binary = installed.binary  # not $GYMBELL_BIN: the point is the installed layout
    install_activation_file(session, installed, binary)
    session.vars["LANG"] = "de_DE.UTF-8"
    session.start_bus()  # the activated daemon inherits the bus's environment
    rest = session.run(binary, "rest", "600")
    assert rest.returncode == 0, rest.stdout + rest.stderr + session.bus_log_text()
    status = session.run(binary, "status", "--json")
    pending = json.loads(status.stdout)["pending"]
    assert [p["title"] for p in pending] == ["Pause vorbei ⏰"], pending
