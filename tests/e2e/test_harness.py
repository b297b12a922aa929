"""The harness checked against real tools (notify-send, dbus-send, gdbus) and a stand-in daemon.

Needs no gymbell binary:  /usr/bin/python3 -m pytest tests/e2e/test_harness.py -q
"""

import os
import signal
import subprocess
import textwrap
import time

import dbus
import pytest

from conftest import Daemon, Recorder, gymbell_binary, local_hms_ahead, parse_instant, run_cli, wait_until

NOTIFY_DEST = ["--dest", "org.freedesktop.Notifications",
               "--object-path", "/org/freedesktop/Notifications"]


def run(env, *argv, timeout=10):
    return subprocess.run(list(argv), env=env.vars, capture_output=True, text=True, timeout=timeout)


def spawn(env, *argv):
    return subprocess.Popen(list(argv), env=env.vars, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True)


def finish(proc, timeout=5):
    try:
        out, err = proc.communicate(timeout=timeout)
    except subprocess.TimeoutExpired:
        proc.kill()
        out, err = proc.communicate()
        pytest.fail(f"{proc.args} still running after {timeout} s; stderr: {err!r}")
    return proc.returncode, out, err


# --- environment -------------------------------------------------------------------------------

def test_environment_is_private_and_fixed(env, bus, tmp_path):
    v = env.vars
    assert "DISPLAY" not in v and "WAYLAND_DISPLAY" not in v
    assert v["TZ"] == "UTC" and v["LANG"] == "C.UTF-8"
    assert not any(k.startswith("LC_") for k in v) and "LANGUAGE" not in v
    for key in ("HOME", "XDG_CONFIG_HOME", "XDG_STATE_HOME", "XDG_DATA_HOME", "XDG_CONFIG_DIRS"):
        assert v[key].startswith(str(tmp_path)), key
        assert os.path.isdir(v[key]), key
    assert os.stat(v["XDG_RUNTIME_DIR"]).st_mode & 0o777 == 0o700
    assert v["DBUS_SESSION_BUS_ADDRESS"] == env.address
    # Nothing is D-Bus activatable on the private bus: neither a stray gymbell nor dunst.
    activatable = [str(n) for n in bus.list_activatable_names()]
    assert activatable == ["org.freedesktop.DBus"]
    assert env.write_config("[rest]\n").read_text() == "[rest]\n"
    assert str(env.config_file) == os.path.join(v["XDG_CONFIG_HOME"], "gymbell", "config.toml")


def test_time_helpers():
    assert parse_instant("2025-03-30T01:00:00Z") == 1743296400.0
    assert parse_instant("2025-03-30T03:00:00.250+02:00") == pytest.approx(1743296400.25)
    assert parse_instant("2025-03-30T03:00:00+0200") == 1743296400.0
    with pytest.raises(AssertionError):
        parse_instant("2025-03-30T01:00:00")  # no offset: not an instant
    hms, target = local_hms_ahead(4)
    assert 3.0 < target - time.time() <= 5.0 and target == int(target)
    assert hms == time.strftime("%H:%M:%S", time.gmtime(target))


def test_missing_binary_says_to_build(monkeypatch, tmp_path):
    monkeypatch.setenv("GYMBELL_BIN", str(tmp_path / "nope" / "gymbell"))
    with pytest.raises(pytest.fail.Exception, match="swift build"):
        gymbell_binary()


# --- the recording server through notify-send, gdbus, dbus-send ----------------------------------

def test_notify_send_is_recorded_with_hints(env, recorder):
    before = time.time()
    r = run(env, "notify-send", "-a", "gymbell", "-c", "x-gymbell.rest", "-t", "5000",
            "-h", "string:sound-name:complete", "-h", "string:desktop-entry:io.github.gymbell.Gymbell",
            "-h", "boolean:resident:true", "-p", "Rest over ⏰", "Time for your next set!")
    assert r.returncode == 0, r.stderr
    (rec,) = recorder.notifies()
    assert before <= rec["t"] <= time.time()
    assert int(r.stdout.strip()) == rec["id"] == 1
    assert rec["app_name"] == "gymbell"
    assert rec["summary"] == "Rest over ⏰" and rec["body"] == "Time for your next set!"
    assert rec["replaces_id"] == 0 and rec["actions"] == [] and rec["expire_timeout"] == 5000
    hints = rec["hints"]
    assert hints["sound-name"] == "complete" and rec["hint_signatures"]["sound-name"] == "s"
    assert hints["desktop-entry"] == "io.github.gymbell.Gymbell"
    assert hints["category"] == "x-gymbell.rest"
    assert hints["resident"] is True and rec["hint_signatures"]["resident"] == "b"
    assert hints["urgency"] == 1 and rec["hint_signatures"]["urgency"] == "y"

    # Replacing keeps the id.
    r = run(env, "notify-send", "-r", str(rec["id"]), "-p", "Rest over ⏰", "again")
    assert int(r.stdout.strip()) == rec["id"]
    assert recorder.notifies()[-1]["replaces_id"] == rec["id"]


def test_invoke_action_reaches_notify_send(env, server, recorder):
    proc = spawn(env, "notify-send", "-a", "app", "-A", "start=Start Workout",
                 "-A", "snooze=Snooze 1 hour", "-w", "Title", "Body")
    try:
        rec = recorder.wait_for_notify("Title", timeout=5)
        assert rec["actions"] == ["start", "Start Workout", "snooze", "Snooze 1 hour"]
        # An action the notification does not offer is refused, so a test cannot click air.
        with pytest.raises(dbus.DBusException, match="no action 'default'"):
            server.invoke_action(rec["id"], "default")
        server.invoke_action(rec["id"], "start")
        rc, out, err = finish(proc)
    finally:
        proc.kill()
    assert (rc, out) == (0, "start\n"), err
    # libnotify's client closes what it handled; the recorder sees that call.
    close = recorder.wait_for_close(rec["id"], timeout=2)
    assert close["known"] is True
    assert [r["event"] for r in recorder.records()] == [
        "Notify", "ActionInvoked", "CloseNotification", "NotificationClosed"]


def test_close_reaches_notify_send(env, server, recorder):
    proc = spawn(env, "notify-send", "-w", "Dismiss me", "Body")
    try:
        rec = recorder.wait_for_notify("Dismiss me", timeout=5)
        assert server.open_ids() == [rec["id"]]
        server.close(rec["id"], 2)
        rc, _, err = finish(proc)
    finally:
        proc.kill()
    assert rc == 0, err
    (closed,) = recorder.events("NotificationClosed")
    assert (closed["id"], closed["reason"]) == (rec["id"], 2)
    assert server.open_ids() == []


def test_unicast_signals_and_activation_token(env, start_server):
    server = start_server("--unicast-signals", "--activation-token")
    recorder = Recorder(server.log)
    proc = spawn(env, "notify-send", "-A", "snooze=Snooze 1 hour", "-w", "Unicast", "Body")
    try:
        rec = recorder.wait_for_notify("Unicast", timeout=5)
        server.invoke_action(rec["id"], "snooze")
        rc, out, err = finish(proc)
    finally:
        proc.kill()
    assert (rc, out.splitlines()[0]) == (0, "snooze"), err
    events = [r["event"] for r in recorder.records()]
    assert events[:3] == ["Notify", "ActivationToken", "ActionInvoked"]


def test_capabilities_and_server_information(env, start_server):
    start_server()
    r = run(env, "gdbus", "call", "--session", *NOTIFY_DEST,
            "--method", "org.freedesktop.Notifications.GetCapabilities")
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "(['actions', 'body', 'body-markup', 'sound', 'persistence'],)"
    r = run(env, "gdbus", "call", "--session", *NOTIFY_DEST,
            "--method", "org.freedesktop.Notifications.GetServerInformation")
    assert r.returncode == 0 and "'1.2')" in r.stdout, r


def test_capabilities_option(env, start_server):
    start_server("--capabilities", "body,actions")
    r = run(env, "dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.Notifications",
            "/org/freedesktop/Notifications", "org.freedesktop.Notifications.GetCapabilities")
    assert r.returncode == 0, r.stderr
    assert [l.strip() for l in r.stdout.splitlines() if "string" in l] == [
        'string "body"', 'string "actions"']


def test_close_notification_via_dbus_send(env, recorder):
    r = run(env, "notify-send", "-p", "To close", "Body")
    nid = int(r.stdout)
    close = ["dbus-send", "--session", "--print-reply", "--dest=org.freedesktop.Notifications",
             "/org/freedesktop/Notifications", "org.freedesktop.Notifications.CloseNotification"]
    assert run(env, *close, f"uint32:{nid}").returncode == 0
    assert run(env, *close, "uint32:999").returncode == 0  # unknown ids are answered, and recorded
    assert [(c["id"], c["known"]) for c in recorder.closes()] == [(nid, True), (999, False)]
    assert [(c["id"], c["reason"]) for c in recorder.events("NotificationClosed")] == [(nid, 3)]


def test_reply_delay_keeps_control_interface_responsive(env, start_server):
    server = start_server("--reply-delay", "2")
    recorder = Recorder(server.log)
    began = time.time()
    proc = spawn(env, "notify-send", "-p", "Slow", "Body")
    try:
        rec = recorder.wait_for_notify("Slow", timeout=5)  # recorded at receipt, before the reply
        assert proc.poll() is None, "notify-send got its reply before the delay"
        t0 = time.monotonic()
        assert server.ping() == "pong"
        r = run(env, "gdbus", "call", "--session", *NOTIFY_DEST,
                "--method", "org.freedesktop.Notifications.GetCapabilities")
        assert r.returncode == 0
        assert time.monotonic() - t0 < 1.0, "the server stalled while a Notify reply was pending"
        assert proc.poll() is None
        rc, out, err = finish(proc, timeout=5)
    finally:
        proc.kill()
    assert rc == 0 and int(out) == rec["id"], err
    assert time.time() - rec["t"] >= 1.9
    assert rec["t"] - began < 1.5

    server.set_reply_delay(0)
    t0 = time.monotonic()
    assert run(env, "notify-send", "Fast", "Body").returncode == 0
    assert time.monotonic() - t0 < 1.5


def test_wait_for_is_bounded_and_explains(recorder):
    t0 = time.monotonic()
    with pytest.raises(pytest.fail.Exception, match="Notify with summary 'never'"):
        recorder.wait_for_notify("never", timeout=0.3)
    assert time.monotonic() - t0 < 1.0


# --- Daemon and cli helpers against a stand-in for the gymbell binary ---------------------------

FAKE_GYMBELL = textwrap.dedent("""\
    #!/usr/bin/python3
    # Stand-in for gymbell: `daemon` owns the bus name; anything else is a client.
    import sys, dbus, dbus.service
    from dbus.mainloop.glib import DBusGMainLoop
    from gi.repository import GLib
    DBusGMainLoop(set_as_default=True)
    bus = dbus.SessionBus()
    if sys.argv[1:] == ["daemon"]:
        try:
            name = dbus.service.BusName("io.github.gymbell.Gymbell", bus, do_not_queue=True)
        except dbus.exceptions.NameExistsException:
            sys.exit("gymbell: a daemon is already running on this bus")
        print("fake daemon up", file=sys.stderr, flush=True)
        GLib.MainLoop().run()
    elif not bus.name_has_owner("io.github.gymbell.Gymbell"):
        sys.exit("gymbell: no daemon is running; start one with `gymbell daemon`")
    print("ok", sys.argv[1:])
""")


@pytest.fixture
def fake_gymbell(tmp_path):
    path = tmp_path / "fake-gymbell"
    path.write_text(FAKE_GYMBELL)
    path.chmod(0o755)
    return path


def test_daemon_helper_with_stand_in(env, server, fake_gymbell, request):
    assert run_cli(env, fake_gymbell, "status").returncode != 0
    daemon = Daemon(env, fake_gymbell, request)
    try:
        startup = daemon.start()
        assert startup < 5 and daemon.running and daemon.name_owner() == daemon.owner
        second = run_cli(env, fake_gymbell, "daemon")
        assert second.returncode != 0 and "already" in second.stderr
        assert daemon.running and daemon.name_owner() == daemon.owner
        assert run_cli(env, fake_gymbell, "status", "--json").stdout == "ok ['status', '--json']\n"

        first_owner = daemon.owner
        assert daemon.kill(signal.SIGKILL) == -signal.SIGKILL
        assert daemon.name_owner() is None
        daemon.restart()
        assert daemon.running and daemon.owner != first_owner
        # The stand-in writes its line just after taking the name: the harness may look in between.
        wait_until(lambda: "fake daemon up" in daemon.output(), timeout=5, what="the stand-in's line in the daemon output")
        assert daemon.runs == 2
    finally:
        daemon.stop()
    assert not daemon.running
