"""The window as a person uses it: opened, a rest started from Today, a strength workout done with the
big Set done, the daemon gone and started again, a second launch. Real GTK under Xvfb, the real
daemon on a private bus, the recording notification server; AT-SPI, pointer clicks and OCR."""

import json
import re
import signal
import subprocess
import time
from pathlib import Path

import dbus
import pytest

from conftest import stop_started_daemon, wait_until
from workout_config import ALL_DAYS, push_every_day

TODAY_PROGRAM = push_every_day()


def maps_of(pid):
    return open(f"/proc/{pid}/maps").read()


def test_window_opens_in_its_own_process_and_the_daemon_never_maps_gtk(daemon, window, record_timing):
    daemon.start()
    began = time.monotonic()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    record_timing("launch to Today readable over AT-SPI", time.monotonic() - began)
    window.wait_for_text(r"^No workout planned$")  # the built-in default has no programme: nothing to start by itself
    assert window.button("Start a rest")
    assert "libgtk-4" in maps_of(window.proc.pid) and "libadwaita-1" in maps_of(window.proc.pid)
    daemon_maps = maps_of(daemon.pid)
    assert "libgtk-4" not in daemon_maps and "libadwaita" not in daemon_maps


def test_rest_started_from_today_counts_down_on_screen_and_its_notification_arrives(
        daemon, window, write_config, recorder, display, cli):
    write_config('[rest]\ndefault = "12s"\n')
    daemon.start()
    window.launch()
    window.click("Start a rest")  # the pointer, on Today's Rest button
    countdown = window.wait_for_text(r"^0:1\d$")
    assert countdown in ("0:12", "0:11", "0:10")
    # Read from the screen, as a person across the room would: the large digits.
    text = display.read_until("rest-countdown", r"0[:.][01]\d")
    assert re.search(r"0[:.][01]\d", text), text
    assert "Rest over" in " ".join(window.texts())  # what comes next
    status = cli("status")
    assert "Rest (rest)" in status.stdout
    recorder.wait_for_notify("Rest over ⏰", timeout=20)
    window.wait_for_text(r"^Next workout reminder$")  # back on Today once the rest is over


def test_strength_workout_driven_to_the_end_with_set_done(daemon, window, write_config, recorder, cli):
    write_config(TODAY_PROGRAM)
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Push Day$")  # Today names the workout the reminder will start
    window.click("Start Push Day")
    window.wait_for_text(r"Bench Press — set 1 of 2")
    window.click("Set done with fewer reps")  # the pointer on the big Fewer reps: set 1, one rep short
    window.set_value("Reps done", 7)  # it asks how many (issue 46): one short
    window.click("Log set Log set")  # GTK 4.8 names a message dialog's button by its label twice
    window.wait_for_text(r"^0:[23]\d$")  # the rest after set 1 counts down
    window.wait_for_text(r"set 2 of 2")
    window.press("Set done")  # through AT-SPI this time: the second and last set
    wait_until(lambda: "completed" in cli("history").stdout, 15, what="the workout to be completed")
    sets = cli("history", "--sets", "--json")
    assert sets.returncode == 0, sets.stderr
    logged = [(s["exercise"], s["set"], s["reps"], s["failed"]) for s in json.loads(sets.stdout)]
    assert logged == [("Bench Press", 1, 7, True), ("Bench Press", 2, 8, False)], logged
    lines = [l for l in cli("history", "--sets").stdout.splitlines() if "Bench Press" in l]
    assert len(lines) == 2
    window.wait_for_text(r"^Workout complete 🎉$", timeout=15)
    window.press("Back to Today")  # the finish page (issue 46), then Today
    window.wait_for_text(r"^Next workout reminder$")


def test_daemon_stopped_while_the_window_is_open_shows_it_and_starts_it_again(daemon, window, env):
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    daemon.kill()
    window.wait_for_text(r"^The gymbell daemon is not running$")
    window.click("Start the daemon")
    owner = wait_until(daemon.name_owner, 15, what="the window to start a daemon")
    try:
        window.wait_for_text(r"^Next workout reminder$")
    finally:
        stop_started_daemon(env, daemon, owner)


def test_second_launch_presents_the_same_window_and_hands_it_the_action(daemon, window, display, write_config):
    write_config('[rest]\ndefault = "40s"\n')
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    second = window.launch("--rest")  # what the entry's "Rest" action runs
    assert second.wait(15) == 0
    # From a terminal: `gymbell window` runs the same program, which finds the open window too.
    third = subprocess.run([str(window.binary.parent / "gymbell"), "window"], env=window.vars, capture_output=True,
                           text=True, timeout=15)
    assert third.returncode == 0, third.stderr
    window.wait_for_text(r"^0:[34]\d$")  # the first window shows the rest the second launch asked for
    frames = [n for n in window.tree() if n["role"] == "frame"]
    assert len(frames) == 1
    ids = subprocess.run(["xdotool", "search", "--classname", "io.github.gymbell.Gymbell.Window"], capture_output=True,
                         text=True, env={"DISPLAY": display.name}).stdout.split()
    assert len(ids) >= 1
    wm_class = subprocess.run(["xprop", "-display", display.name, "-id", ids[-1], "WM_CLASS"], capture_output=True,
                              text=True).stdout
    assert '"io.github.gymbell.Gymbell.Window"' in wm_class  # what the entry's StartupWMClass names


def test_the_window_speaks_german(daemon, window):
    daemon.start()
    window.launch(lang="de_DE.UTF-8")
    window.wait_for_text(r"^Nächste Trainingserinnerung$")
    window.wait_for_text(r"^Kein Training geplant$")  # the default has no programme (issue 46: said, not a dead Start)
    assert window.button("Satzpause starten")


def test_a_running_session_keeps_the_screen_from_blanking(daemon, window, session_manager, cli):
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    assert not session_manager.events("Inhibit")
    assert cli("rest", "60").returncode == 0  # started elsewhere: the window follows and inhibits
    # The daemon keeps the screen on during a session too ([attention] keep_screen_on, issue 31), under
    # its own id; the window's inhibition is its own, for as long as it shows the session.
    inhibit = session_manager.wait_for(
        lambda r: r["event"] == "Inhibit" and r["app_id"] == "io.github.gymbell.Gymbell.Window", 10, what="the window's Inhibit")
    assert inhibit["flags"] == 8  # 8: idle
    window.click("End workout")
    session_manager.wait_for(lambda r: r["event"] == "Uninhibit" and r["cookie"] == inhibit["cookie"], 10, what="Uninhibit")
    window.wait_for_text(r"^Next workout reminder$")


def test_an_interval_session_is_paused_resumed_skipped_and_ended_from_the_window(daemon, window, cli):
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    assert cli("hiit", "--rounds", "3", "--work", "40s", "--rest", "20s").returncode == 0
    window.wait_for_text(r"round 1 of 3")
    assert not window.button("Pause") is None
    assert "Set done" not in [n["name"] for n in window.showing() if n["role"] == "push button"]
    window.click("Pause")
    window.wait_for_text(r"^Paused$")
    assert json.loads(cli("status", "--json").stdout)["session"]["paused"] is True
    window.click("Resume")
    wait_until(lambda: json.loads(cli("status", "--json").stdout)["session"]["paused"] is False, 10, what="the resume")
    window.click("Skip to the next phase")
    window.wait_for_text(r"^rest")  # work of round 1 skipped: its rest
    window.click("End workout")
    window.wait_for_text(r"^Next workout reminder$")
    # Ended once the toast's Undo has not been pressed for its seconds (issue 46)
    wait_until(lambda: json.loads(cli("status", "--json").stdout)["session"] is None, 15, what="the session to end")


def test_a_stalled_daemon_never_freezes_the_window(daemon, window, write_config):
    write_config(f'[reminders]\ntime = "23:59"\ndays = {ALL_DAYS}\n' + TODAY_PROGRAM)  # a reminder left today: Snooze shows
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    daemon.proc.send_signal(signal.SIGSTOP)  # the daemon takes calls but never answers
    try:
        window.click("Start a rest")
        began = time.monotonic()
        assert window.button("Skip today")  # the window still answers its accessibility tree…
        window.click("Snooze the reminder")  # …and takes clicks while both calls wait
        assert window.button("Start Push Day")
        assert time.monotonic() - began < 3
    finally:
        daemon.proc.send_signal(signal.SIGCONT)
    window.wait_for_text(r"^0:\d\d$|^1:\d\d$", timeout=15)  # the rest, once the daemon answers


def test_the_configs_interval_sessions_start_from_today(daemon, window, write_config, cli):
    write_config('[workouts.hiit20]\ntitle = "HIIT 20"\nkind = "hiit"\nrounds = 5\nwork = "40s"\nrest = "20s"\n\n'
                 '[workouts.couch]\ntitle = "Couch to 5k"\nkind = "walkrun"\nrun = "1m"\nwalk = "90s"\nrepeats = 8\n')
    daemon.start()
    window.launch()
    window.click("Start HIIT 20")
    window.wait_for_text(r"round 1 of 5")
    session = json.loads(cli("status", "--json").stdout)["session"]
    assert session["kind"] == "hiit" and session["title"] == "HIIT 20"
    window.click("End workout")
    window.press("Start Couch to 5k")
    wait_until(lambda: (json.loads(cli("status", "--json").stdout)["session"] or {}).get("kind") == "walkrun", 10,
               what="the walk/run session")


def test_the_live_screen_turns_with_the_notification(daemon, window, write_config, recorder, cli, record_timing):
    """Issue 46's figure: a transition on the live screen comes within 100 ms of its notification. A rest
    of 4 s from the CLI; at its end the daemon asks for "Rest over ⏰" and tells the window, which leaves
    the live screen for Today. Measured without polling: the recording server's receipt of the Notify, and
    the window's AT-SPI events as they arrive on the accessibility bus (tests/window/atspi_events.py) — the
    first page change after the rest began. Bound here 1 s (CI's load); the figure is kept."""
    write_config('[rest]\ndefault = "4s"\n')
    daemon.start()
    window.launch()
    window.wait_for_text(r"^Next workout reminder$")
    log = window.env.root / "atspi-events.jsonl"
    with open(log, "w") as out:
        listener = subprocess.Popen(["/usr/bin/python3", str(Path(__file__).parent / "atspi_events.py")], env=window.vars,
                                    stdout=out, stderr=subprocess.STDOUT, cwd=str(Path(__file__).parent))
        try:
            wait_until(lambda: log.read_text().strip(), 15, what="the AT-SPI listener ready")
            assert cli("rest", "4").returncode == 0
            window.wait_for_text(r"^0:0\d$")  # the live screen
            began = time.time()
            notified = recorder.wait_for_notify("Rest over ⏰", timeout=20)["t"]
            window.wait_for_text(r"^Next workout reminder$")  # Today again
        finally:
            listener.terminate()
            listener.wait(timeout=10)
    events = [json.loads(line) for line in log.read_text().splitlines()]
    turned = [e["t"] for e in events if e.get("member") == "ChildrenChanged" and e.get("kind") == "add"
              and e["t"] > max(began, notified - 1.0)]
    assert turned, f"no page change told over AT-SPI after the rest began: {events[-20:]}"
    latency = max(0.0, turned[0] - notified)  # the window may hear the daemon before the server does
    record_timing("Rest over notified to the live screen turned (AT-SPI event)", latency)
    assert latency <= 1.0, f"the live screen turned {latency * 1000:.0f} ms after the notification"
