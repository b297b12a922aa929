"""End-to-end: a circuit with a reps station and a timed station (issue 44), through the real CLI and the
real daemon on a private bus. `status` names the step, its round and the next one (text and --json);
set-done, skip, pause and resume work on its steps; a daemon killed with SIGKILL mid-circuit carries on
where it stood after a restart; the workout ends complete in `history`, its sets in `history --sets`."""

import json
import pathlib
import re
import signal
import time

import pytest

from conftest import wait_until
from step_workouts import circuit, ok, status, step, wait_for_step

pytestmark = pytest.mark.gymbell

CIRCUIT = circuit(rest="2s", round_rest="3s", plank="4s")


def test_a_circuit_through_the_cli_across_a_kill(daemon, write_config, cli, recorder):
    for command in ("start", "set-done", "skip"):
        assert "step" in ok(cli, command, "--help"), command
    write_config(CIRCUIT)
    daemon.start()
    assert "Full body" in ok(cli, "start", "body")
    first = step(cli)
    assert first["role"] == "get_ready" and first["number"] == 1 and first["count"] == 8, first
    assert first["text"] == "Get ready — 1 s · next: Push-ups — 10 reps", first

    # The reps station waits for Done; status says it with its round and the next step.
    pushups = wait_for_step(cli, "Push-ups — 10 reps", 1, timeout=4)
    assert (pushups["role"], pushups["name"], pushups["reps"], pushups["seconds"], pushups["left"], pushups["rounds"]) == (
        "work", "Push-ups", 10, None, None, 2), pushups
    assert "Full body: Push-ups — 10 reps, round 1 of 2 · next: Rest — 2 s" in ok(cli, "status").splitlines()
    time.sleep(1)
    assert step(cli)["label"] == "Push-ups — 10 reps", "a station by reps waits as long as it takes"
    assert ok(cli, "set-done").strip() == "Push-ups done. Next: Rest — 2 s."

    # The timed station: paused, it stands still; resumed, it runs on; skipped, the round's rest starts.
    plank = wait_for_step(cli, "Plank — 4 s", 1, timeout=4)
    assert plank["text"] == "Plank — 4 s, round 1 of 2 · next: Rest — 3 s" and plank["seconds"] == 4, plank
    ok(cli, "pause")
    held = status(cli)["session"]
    assert held["paused"] and held["step"]["label"] == "Plank — 4 s", held
    time.sleep(1.5)
    still = status(cli)["session"]["step"]
    assert still["label"] == "Plank — 4 s" and still["left"] == held["step"]["left"], (held, still)
    ok(cli, "resume")
    assert not status(cli)["session"]["paused"]
    ok(cli, "skip")
    rest = step(cli)
    assert rest["role"] == "rest" and rest["label"] == "Rest — 3 s" and rest["next"] == "Push-ups — 10 reps", rest

    # Killed mid-circuit, down past the rest's end: started again, it stands at round 2's push-ups.
    session_id = status(cli)["session"]["id"]
    daemon.kill(signal.SIGKILL)
    time.sleep(3.5)
    daemon.start()
    again = status(cli)["session"]
    assert again and again["id"] == session_id, again
    wait_for_step(cli, "Push-ups — 10 reps", 2, timeout=3)
    assert "Full body: Push-ups — 10 reps, round 2 of 2 · next: Rest — 2 s" in ok(cli, "status").splitlines()
    assert ok(cli, "set-done").strip() == "Push-ups done. Next: Rest — 2 s."
    last = wait_for_step(cli, "Plank — 4 s", 2, timeout=4)
    assert last["next"] is None and last["number"] == 8 and last["text"] == "Plank — 4 s, round 2 of 2", last

    recorder.wait_for_notify("Workout complete 🎉", timeout=7)
    wait_until(lambda: status(cli)["session"] is None, 3, what="the session to end")
    r = cli("history", "--json")
    assert r.returncode == 0, r.stderr
    entry = json.loads(r.stdout)[-1]
    assert (entry["workout"], entry["title"], entry["kind"], entry["outcome"]) == ("body", "Full body", "circuit", "completed"), entry
    r = cli("history", "--sets", "--json")
    assert r.returncode == 0, r.stderr
    pushed = [(s["exercise"], s["set"], s["reps"]) for s in json.loads(r.stdout) if s["exercise"] == "Push-ups"]
    assert pushed == [("Push-ups", 1, 10), ("Push-ups", 2, 10)], r.stdout  # logged once each, across the kill


def test_the_readmes_config_checks_and_its_7_minute_workout_starts(daemon, write_config, cli, tmp_path):
    """The README's config section (a circuit and the 7-minute workout) is a valid file whose workouts run."""
    readme = (pathlib.Path(__file__).resolve().parents[2] / "README.md").read_text()
    text = re.search(r"```toml\n(\[reminders\].*?)```", readme, re.S).group(1)
    path = write_config(text)
    assert cli("config", "check", str(path)).returncode == 0
    daemon.start()
    assert "7-minute workout" in ok(cli, "start", "seven")
    first = step(cli)
    assert first["text"] == "Get ready — 10 s · next: Jumping jacks — 30 s" and first["count"] == 24, first
    ok(cli, "skip")
    assert step(cli)["text"] == "Jumping jacks — 30 s, round 1 of 12 · next: Rest — 10 s"
    ok(cli, "stop")
    assert "Full body" in ok(cli, "start", "body")
    assert step(cli)["next"] == "Push-ups — 10 reps"


def test_a_rest_during_a_circuit_belongs_to_it(daemon, write_config, cli):
    """`gymbell rest 2` at a station waiting for Done is a rest before it (it replaced the whole circuit
    before); during the circuit's own rest it makes that rest 2 s from now; the circuit carries on after
    both, the same session, and ends complete with its sets."""
    write_config(circuit(rest="30s", round_rest="1s", plank="1s", rounds=1))
    daemon.start()
    ok(cli, "start", "body")
    wait_for_step(cli, "Push-ups — 10 reps", 1, timeout=4)
    session_id = status(cli)["session"]["id"]
    assert "Resting until" in ok(cli, "rest", "2")
    resting = status(cli)["session"]
    assert resting["id"] == session_id and resting["step"]["label"] == "Rest — 2 s", resting
    assert resting["step"]["next"] == "Push-ups — 10 reps", resting
    wait_for_step(cli, "Push-ups — 10 reps", 1, timeout=4)
    ok(cli, "set-done")
    assert step(cli)["label"] == "Rest — 30 s"
    ok(cli, "rest", "2")  # the 30 s rest, now 2 s from now
    wait_for_step(cli, "Plank — 1 s", 1, timeout=4)
    wait_until(lambda: status(cli)["session"] is None, 5, what="the circuit to end")
    last = json.loads(ok(cli, "history", "--json"))[-1]
    assert (last["id"], last["outcome"]) == (session_id, "completed"), last
