"""End-to-end tests of workouts of steps (issue 44): a circuit and named intervals from config.toml, run
by the real daemon on a private bus, driven through the real CLI, observed at the recording server:
every transition names what starts, exactly on its instant; a step by reps waits for Done; a kill -9
mid-circuit carries on where it stood."""
import re
import signal
import time
import pytest
from conftest import parse_instant, wait_until
from step_workouts import circuit, status
from test_sessions import session_reminders, transitions

pytestmark = pytest.mark.gymbell

TABATA = """[workouts.tabata]
title = "Tabata"
kind = "hiit"
rounds = 3
work = "2s"
rest = "1s"
get_ready = "1s"
exercises = ["Burpees", "Mountain climbers"]
"""

CIRCUIT = circuit(rest="1s", round_rest="2s", plank="2s")


def test_named_intervals_say_each_exercise_on_its_instant(daemon, write_config, cli, recorder, record_timing):
    write_config(TABATA)
    daemon.start()
    r = cli("start", "tabata")
    assert r.returncode == 0, r.stderr
    st = status(cli)
    assert st["session"]["kind"] == "hiit" and st["session"]["phase"] == "Get ready — 1 s"
    start = parse_instant(st["session"]["started_at"])
    planned = session_reminders(st)
    assert [round(parse_instant(p["due"]) - start, 3) for p in planned] == [1, 3, 4, 6, 7, 9]
    assert [p["title"] for p in planned] == [
        "Burpees — 2 s", "Rest — 1 s", "Mountain climbers — 2 s", "Rest — 1 s", "Burpees — 2 s", "Workout complete 🎉"]
    assert planned[1]["body"] == "Next: Mountain climbers — 2 s · Round 2 of 3"
    # The first notice says the get-ready step as it starts; each later one is a reminder, on its instant.
    wait_until(lambda: len(transitions(recorder, "Tabata")) >= len(planned) + 1, timeout=15, what="every step")
    got = transitions(recorder, "Tabata")[1:]
    assert [(r["summary"], r["body"].split("\n")[0]) for r in got] == [(p["title"], p["body"]) for p in planned], recorder.dump()
    lateness = [r["t"] - parse_instant(p["due"]) for r, p in zip(got, planned)]
    assert all(-0.05 <= late <= 1.5 for late in lateness), lateness
    record_timing("named intervals lateness max", max(lateness))
    assert got[-1]["actions"] == ["default", "Dismiss"] and got[-1]["body"] == "Tabata: 3 sets done. Great work!"


def test_a_circuit_waits_for_done_and_carries_on_after_kill_9(daemon, write_config, cli, recorder):
    write_config(CIRCUIT)
    daemon.start()
    assert cli("start", "body").returncode == 0
    wait_until(lambda: any(r["summary"] == "Push-ups — 10 reps" for r in transitions(recorder, "Full body")), timeout=5,
               what="the first station")
    said = [r for r in transitions(recorder, "Full body") if r["summary"] == "Push-ups — 10 reps"][0]
    assert "set-done" in said["actions"], said  # a step by reps has Done
    time.sleep(1.5)
    assert status(cli)["session"]["phase"] == "Push-ups — 10 reps, round 1 of 2"  # it waits
    r = cli("set-done")
    assert r.returncode == 0 and "Push-ups done. Next: Rest — 1 s" in r.stdout, r.stdout + r.stderr
    wait_until(lambda: any(r["summary"] == "Plank — 2 s" for r in transitions(recorder, "Full body")), timeout=5, what="the plank")
    # kill -9 in the plank: the restarted daemon says what comes next on its instant, once.
    daemon.proc.send_signal(signal.SIGKILL)
    daemon.proc.wait()
    daemon.start()
    wait_until(lambda: any(r["summary"] == "Push-ups — 10 reps" for r in transitions(recorder, "Full body")[2:]), timeout=8,
               what="round 2's first station after the restart")
    # The restarted daemon shows the step it found in place (the workout's name leads its body), silently;
    # each reminder was said once.
    shown = transitions(recorder, "Full body")
    phase = [r for r in shown if r["body"].startswith("Full body ·")]
    assert all(r["replaces_id"] == shown[0]["id"] for r in phase[1:]), phase
    titles = [r["summary"] for r in shown if not r["body"].startswith("Full body ·")]
    assert titles.count("Rest — 2 s") == 1 and titles.count("Plank — 2 s") == 1, titles
    assert cli("set-done").returncode == 0
    wait_until(lambda: status(cli)["session"] is None, timeout=8, what="the circuit's end")
    history = cli("history", "--sets")
    assert history.returncode == 0 and history.stdout.count("Push-ups") == 2, history.stdout


def test_a_rest_begun_by_done_reads_as_one_the_clock_reaches_and_adjust_names_the_step(daemon, write_config, cli, recorder):
    write_config(circuit(rest="1s", round_rest="2s", plank="20s"))
    daemon.start()
    assert cli("start", "body").returncode == 0
    wait_until(lambda: any(r["summary"] == "Push-ups — 10 reps" for r in transitions(recorder, "Full body")), timeout=5,
               what="the first station")
    assert cli("set-done").returncode == 0
    rest = recorder.wait_for_notify("Rest — 1 s", timeout=3)
    # As the round's rest says it when the clock reaches it ("Next: Push-ups — 10 reps · Round 2 of 2").
    assert rest["body"].split("\n")[0] == "Next: Plank — 20 s · Round 1 of 2", rest
    recorder.wait_for_notify("Plank — 20 s", timeout=5)
    r = cli("rest", "--adjust", "+15")
    assert r.returncode == 0, r.stderr
    assert re.fullmatch(r"Plank ends at \d\d:\d\d:\d\d \(3\ds left\)\.\n", r.stdout), r.stdout
    assert status(cli)["session"]["phase"] == "Plank — 20 s, round 1 of 2"
    assert cli("stop").returncode == 0
