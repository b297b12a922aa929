"""End-to-end tests of issue 31: reminders held while the person is busy (Do Not Disturb), has locked
the screen or is away, and shown once when they are back; a session's transitions going through Do Not
Disturb; the screen kept on while a workout runs. The real daemon on a private bus; the desktop's
services are played by tests/e2e/attention_services.py (real D-Bus services, told by stdin)."""

import json
import shutil
import subprocess
import tempfile
import time
from pathlib import Path

import pytest

from conftest import PYTHON, local_hms_ahead, wait_until
from proc_figures import context_switches
from workout_config import ALL_DAYS

pytestmark = pytest.mark.gymbell

TOLERANCE = 1.5


class Desktop:
    """attention_services.py on the test's bus."""

    def __init__(self, env, *args):
        self.proc = subprocess.Popen(
            [PYTHON, str(Path(__file__).with_name("attention_services.py")), *args], env=env.vars, stdin=subprocess.PIPE,
            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, start_new_session=True)
        assert self.proc.stdout.readline().strip() == "ready"

    def tell(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        return self.proc.stdout.readline().strip()

    def stop(self):
        if self.proc.poll() is None:
            self.proc.stdin.close()
            self.proc.wait(5)


@pytest.fixture
def desktop(env):
    started = []

    def start(*args):
        started.append(Desktop(env, *args))
        return started[-1]

    yield start
    for one in started:
        one.stop()


def status(cli):
    r = cli("status", "--json")
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout)


def dailies(recorder):
    return recorder.notifies(lambda r: r["summary"].startswith("Time to Workout!"))


def held_daily(daemon, write_config, cli, recorder, seconds=3):
    """A daily reminder due in `seconds`, held: not shown, `status` says so. Its due "HH:MM"."""
    hms, due = local_hms_ahead(seconds)
    write_config(f'[reminders]\ntime = "{hms}"\ndays = {ALL_DAYS}\n')
    daemon.start()
    held = wait_until(lambda: (status(cli)["held"] or {}).get("reminders"), timeout=due - time.time() + TOLERANCE + 2,
                      what="the daily reminder to be held")
    assert len(held) == 1
    time.sleep(0.3)
    assert dailies(recorder) == [], "held: not on screen"
    return hms[:5]


@pytest.mark.parametrize("on,off,why", [
    ("dnd on", "dnd off", "do_not_disturb"),
    ("lock", "unlock", "screen_locked"),
    ("idle", "active", "away"),
])
def test_held_while_busy_then_shown_once_within_a_second(on, off, why, daemon, write_config, cli, recorder, desktop):
    services = desktop()
    if on == "idle":
        hms_due = local_hms_ahead(4)
        write_config(f'[reminders]\ntime = "{hms_due[0]}"\ndays = {ALL_DAYS}\n')
        daemon.start()
        # The name is owned a moment before the daemon asks the desktop: wait for its idle watch.
        watches = wait_until(lambda: json.loads(services.tell("watches")), timeout=2, what="the idle watch")
        assert list(watches.values()) == [300000], watches  # away_after's default, 5 min, in ms
        assert services.tell("idle") == "ok"
        wait_until(lambda: (status(cli)["held"] or {}).get("why") == ["away"], timeout=3, what="away")
        held = wait_until(lambda: (status(cli)["held"] or {}).get("reminders"), timeout=hms_due[1] - time.time() + 3,
                          what="the daily reminder to be held")
        assert len(held) == 1 and dailies(recorder) == []
        hms = hms_due[0][:5]
    else:
        assert services.tell(on) == "ok"
        hms = held_daily(daemon, write_config, cli, recorder)
        assert status(cli)["held"]["why"] == [why]
    told = time.time()
    assert services.tell(off) == "ok"
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=2)
    assert shown["t"] - told <= 1.0, f"shown {shown['t'] - told:.3f} s after '{off}'"
    assert shown["body"] == f"Your daily workout awaits.\nDue at {hms}"
    time.sleep(1)
    assert len(dailies(recorder)) == 1, "once"
    assert status(cli)["held"] is None


def test_a_restart_while_held_keeps_it_held(daemon, write_config, cli, recorder, desktop):
    services = desktop()
    assert services.tell("dnd on") == "ok"
    hms = held_daily(daemon, write_config, cli, recorder)
    daemon.restart()
    time.sleep(1)
    assert dailies(recorder) == [], "still held after the restart"
    assert status(cli)["held"]["why"] == ["do_not_disturb"] and len(status(cli)["held"]["reminders"]) == 1
    text = cli("status")
    assert "Held: 1 reminder held until you are back (Do Not Disturb is on)" in text.stdout, text.stdout
    told = time.time()
    assert services.tell("dnd off") == "ok"
    shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=2)
    assert shown["t"] - told <= 1.0
    assert shown["body"] == f"Your daily workout awaits.\nDue at {hms}"
    time.sleep(1)
    assert len(dailies(recorder)) == 1


def test_a_hiit_transition_goes_through_dunst_pause_as_critical(running_daemon, cli, recorder, desktop):
    services = desktop()
    assert services.tell("paused on") == "ok"
    time.sleep(0.2)
    r = cli("hiit", "--rounds", "1", "--work", "2s", "--rest", "2s")
    assert r.returncode == 0, r.stderr
    shown = recorder.wait_for_notify("Work phase done ✅", timeout=2 + TOLERANCE + 1)
    assert shown["hints"].get("urgency") == 2, shown["hints"]


def test_the_screen_is_kept_on_while_a_workout_runs(running_daemon, cli, desktop):
    services = desktop()
    time.sleep(0.3)  # the daemon sees the session manager appear
    assert json.loads(services.tell("inhibitors")) == []
    r = cli("hiit", "--rounds", "3", "--work", "20s", "--rest", "10s")
    assert r.returncode == 0, r.stderr
    inhibitors = wait_until(lambda: json.loads(services.tell("inhibitors")), timeout=2, what="an inhibitor")
    assert [(i["app"], i["reason"], i["flags"]) for i in inhibitors] == [("io.github.gymbell.Gymbell", "Workout in progress", 8)]
    assert cli("pause").returncode == 0
    wait_until(lambda: json.loads(services.tell("inhibitors")) == [], timeout=2, what="the inhibitor to end on pause")
    assert cli("resume").returncode == 0
    wait_until(lambda: json.loads(services.tell("inhibitors")), timeout=2, what="an inhibitor again")
    assert cli("stop").returncode == 0
    wait_until(lambda: json.loads(services.tell("inhibitors")) == [], timeout=2, what="the inhibitor to end with the session")


def test_zero_wake_ups_while_idle_with_every_source_followed(running_daemon, cli, desktop):
    services = desktop()
    wait_until(lambda: json.loads(services.tell("watches")), timeout=2, what="the idle watch")
    time.sleep(1)  # what start-up and the services' appearance set off has settled
    before = context_switches(running_daemon.pid)
    time.sleep(10)
    after = context_switches(running_daemon.pid)
    print(f"context switches in 10 s idle, every attention source followed: {after - before}")
    assert after - before == 0, f"{after - before} wake-ups in 10 s idle"


def test_a_reload_moves_the_away_threshold(daemon, write_config, cli, desktop):
    services = desktop()
    write_config('[attention]\naway_after = "1m"\n')
    daemon.start()
    assert list(wait_until(lambda: json.loads(services.tell("watches")), timeout=2, what="the idle watch").values()) == [60000]
    assert services.tell("idle") == "ok"  # away: a user-active watch is added
    wait_until(lambda: (status(cli)["held"] or {}).get("why") == ["away"], timeout=3, what="away")
    write_config('[attention]\naway_after = "2m"\n')
    assert cli("reload").returncode == 0
    wait_until(lambda: sorted(json.loads(services.tell("watches")).values(), key=str) == [120000, "active"], timeout=2,
               what="the idle watch made anew, the user-active one kept")
    assert services.tell("active") == "ok"
    wait_until(lambda: status(cli)["held"] is None, timeout=3, what="back")


def test_logind_locked_hint_holds_until_unlocked(env, start_server, gymbell_bin, write_config, cli, request, tmp_path, desktop):
    """logind on a private system bus of the test's own: LockedHint read at start-up and followed."""
    from conftest import Daemon, Recorder
    from private_bus import bus_config
    sock = Path(tempfile.mkdtemp(prefix="gb-sys-"))
    conf = tmp_path / "system-bus.conf"
    conf.write_text(bus_config(sock / "system_bus", env.services_dir, kind="system"))
    system = subprocess.Popen(["dbus-daemon", f"--config-file={conf}", "--nofork", "--print-address"], stdout=subprocess.PIPE,
                              stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL, start_new_session=True)
    try:
        address = system.stdout.readline().decode().strip()
        env.vars["DBUS_SYSTEM_BUS_ADDRESS"] = address
        recorder = Recorder(start_server().log)
        services = desktop("--system-bus", address)
        assert services.tell("hint on") == "ok"
        daemon = Daemon(env, gymbell_bin, request)
        try:
            hms = held_daily(daemon, write_config, cli, recorder)
            assert status(cli)["held"]["why"] == ["screen_locked"]
            told = time.time()
            assert services.tell("hint off") == "ok"
            shown = recorder.wait_for_notify("Time to Workout! 💪", timeout=2)
            assert shown["t"] - told <= 1.0 and shown["body"] == f"Your daily workout awaits.\nDue at {hms}"
        finally:
            daemon.stop()
    finally:
        system.terminate()
        system.wait(5)
        shutil.rmtree(sock, ignore_errors=True)
